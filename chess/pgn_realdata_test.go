package chess

import (
	"errors"
	"io"
	"os"
	"testing"
	"time"
)

// TestPGNReadsRealFilesAndRoundTrips reads the large PGN files of the
// shared data: every game must parse and replay legally, and the exact
// number of games must come out. Every roundTripEvery-th game is also
// written back and read again, which must give the same moves and tags.
func TestPGNReadsRealFilesAndRoundTrips(t *testing.T) {
	for _, tc := range []struct {
		path           string
		games          int
		roundTripEvery int
	}{
		{"../../shared/data/openings/8moves_v3.pgn", 34700, 1},
		{"../../shared/data/openings/bjbraams_chessdb_198350_lines.pgn", 198350, 1},
	} {
		t.Run(tc.path[len("../../shared/data/openings/"):], func(t *testing.T) {
			f, err := os.Open(tc.path)
			if err != nil {
				t.Skipf("shared data not available: %v", err)
			}
			defer f.Close()
			start := time.Now()
			r := NewPGNReader(f)
			n, plies, failures := 0, 0, 0
			for {
				g, err := r.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				n++
				if err != nil {
					t.Errorf("%v", err)
					if failures++; failures > 10 {
						t.Fatal("too many failures")
					}
					continue
				}
				if _, err := g.Position(); err != nil {
					t.Fatalf("game %d does not replay: %v", n, err)
				}
				plies += len(g.Moves)
				if n%tc.roundTripEvery == 0 {
					checkPGNRoundTrip(t, g)
				}
			}
			if n != tc.games {
				t.Errorf("read %d games, want %d", n, tc.games)
			}
			t.Logf("%d games, %d plies in %v (round trip of every %d)", n, plies, time.Since(start), tc.roundTripEvery)
		})
	}
}
