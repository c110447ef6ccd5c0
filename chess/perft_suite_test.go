package chess

import (
	"bufio"
	"flag"
	"os"
	"strings"
	"testing"
)

var perftFull = flag.Bool("perft.full", false, "check every perft count of the shared suites, however large")

// perftLimit is the largest expected count checked in an ordinary test
// run; -perft.full lifts it, and -short lowers it.
func perftLimit() uint64 {
	switch {
	case *perftFull:
		return 1 << 63
	case testing.Short():
		return 200_000
	default:
		return 5_000_000
	}
}

// TestPerftSuite checks the move generator against the published perft
// counts of ../shared/data/perft: 161 standard positions and 120 random
// ones (30 of them Chess960), every depth up to perftLimit nodes.
func TestPerftSuite(t *testing.T) {
	limit := perftLimit()
	for _, path := range []string{"../../shared/data/perft/standard.epd", "../../shared/data/perft/random_sf.epd"} {
		f, err := os.Open(path)
		if err != nil {
			t.Skipf("shared data not available: %v", err)
		}
		sc := bufio.NewScanner(f)
		line, checked := 0, 0
		for sc.Scan() {
			line++
			text := strings.TrimSpace(sc.Text())
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			e, err := ParseEPD(text)
			if err != nil {
				t.Errorf("%s:%d: %v", path, line, err)
				continue
			}
			counts, err := e.PerftCounts()
			if err != nil || len(counts) < 2 {
				t.Errorf("%s:%d: no perft counts (%v)", path, line, err)
				continue
			}
			for d := 1; d < len(counts); d++ {
				if counts[d] == 0 || counts[d] > limit {
					continue
				}
				if got := Perft(e.Position, d); got != counts[d] {
					t.Errorf("%s:%d: %s depth %d: %d nodes, want %d", path, line, e.Position.FEN(), d, got, counts[d])
				}
				checked++
			}
		}
		f.Close()
		if checked == 0 {
			t.Errorf("%s: no counts checked", path)
		}
		t.Logf("%s: %d counts checked (limit %d nodes)", path, checked, limit)
	}
}
