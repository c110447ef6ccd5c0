package match

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/syzygy"
)

const syzygyDir = "../../shared/data/syzygy"

// openSyzygy opens the shared tables of 3 and 4 pieces, or skips the test.
func openSyzygy(t *testing.T, dir string) *syzygy.Tables {
	t.Helper()
	if _, err := os.Stat(syzygyDir); err != nil {
		t.Skipf("no tables: %v", err)
	}
	tables, errs := syzygy.Open(dir)
	if len(errs) > 0 || tables.Count() == 0 {
		t.Fatalf("opening %s: %d tables, %v", dir, tables.Count(), errs)
	}
	t.Cleanup(func() { tables.Close() })
	return tables
}

func TestTablebaseAdjudication(t *testing.T) {
	rule := TablebaseRule{Tables: openSyzygy(t, syzygyDir)}
	// White mates in 9 (DTZ 17 with White to move, 18 with Black).
	const kqk = "8/8/8/4k3/8/8/8/1K5Q %s - - %d 70"
	for _, tc := range []struct {
		fen            string
		result, reason string // "" for no verdict
	}{
		{fmt.Sprintf(kqk, "w", 0), "1-0", "White wins by tablebase adjudication"},
		{fmt.Sprintf(kqk, "b", 0), "1-0", "White wins by tablebase adjudication"},
		{fmt.Sprintf(kqk, "w", 82), "1-0", "White wins by tablebase adjudication"},
		{fmt.Sprintf(kqk, "w", 83), "", ""}, // 17 + 83 = 100: one ply short or not, wait
		{fmt.Sprintf(kqk, "w", 84), "1/2-1/2", "draw by tablebase adjudication: the 50-move rule saves Black"},
		{fmt.Sprintf(kqk, "b", 90), "1/2-1/2", "draw by tablebase adjudication: the 50-move rule saves Black"},
		{"8/8/3k4/3p4/8/2K5/3P4/8 w - - 0 40", "1/2-1/2", "draw by tablebase adjudication"},
		{"8/8/8/4k3/8/8/4P3/1K6 b - - 37 40", "1/2-1/2", "draw by tablebase adjudication"},
		{"8/8/8/8/8/2k5/8/1K5q w - - 0 50", "0-1", "Black wins by tablebase adjudication"},
		{"4k3/8/8/8/8/8/PP6/4K2R w - - 0 1", "", ""}, // five pieces
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "", ""},   // castling rights
	} {
		p := chess.MustParseFEN(tc.fen)
		v, ok := rule.adjudicate(p)
		if v.result != tc.result || v.reason != tc.reason || ok != (tc.result != "") {
			t.Errorf("%s: %q %q %v, want %q %q", tc.fen, v.result, v.reason, ok, tc.result, tc.reason)
		}
		if p.FEN() != tc.fen {
			t.Errorf("adjudication changed %s into %s", tc.fen, p.FEN())
		}
	}
}

func TestTablebaseAdjudicationPieceLimit(t *testing.T) {
	rule := TablebaseRule{Tables: openSyzygy(t, syzygyDir), Pieces: 3}
	if _, ok := rule.adjudicate(chess.MustParseFEN("8/8/3k4/3p4/8/2K5/3P4/8 w - - 0 40")); ok {
		t.Error("a 4-piece position adjudicated with Pieces 3")
	}
	if v, ok := rule.adjudicate(chess.MustParseFEN("8/8/8/4k3/8/8/8/1K5Q w - - 0 1")); !ok || v.result != "1-0" {
		t.Errorf("KQvK: %v %v", v, ok)
	}
	if s := rule.String(); s != "Syzygy tablebases (35 tables, positions of up to 3 pieces)" {
		t.Errorf("String() = %q", s)
	}
	if s := (TablebaseRule{}).String(); s != "" {
		t.Errorf("String() of no rule = %q", s)
	}
	if _, ok := (TablebaseRule{}).adjudicate(chess.MustParseFEN("8/8/8/4k3/8/8/8/1K5Q w - - 0 1")); ok {
		t.Error("no tables, but a verdict")
	}
}

// Without DTZ tables, wins are adjudicated only right after a zeroing
// move; draws always.
func TestTablebaseAdjudicationWithoutDTZ(t *testing.T) {
	if _, err := os.Stat(syzygyDir); err != nil {
		t.Skipf("no tables: %v", err)
	}
	dir := t.TempDir()
	for _, name := range []string{"KQvK.rtbw", "KPvKP.rtbw", "KPvK.rtbw", "KQvKP.rtbw"} {
		data, err := os.ReadFile(filepath.Join(syzygyDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rule := TablebaseRule{Tables: openSyzygy(t, dir)}
	for fen, want := range map[string]string{
		"8/8/8/4k3/8/8/8/1K5Q w - - 0 70":    "1-0",
		"8/8/8/4k3/8/8/8/1K5Q w - - 1 70":    "",
		"8/8/3k4/3p4/8/2K5/3P4/8 w - - 9 40": "1/2-1/2",
	} {
		v, ok := rule.adjudicate(chess.MustParseFEN(fen))
		if v.result != want || ok != (want != "") {
			t.Errorf("%s: %q %v, want %q", fen, v.result, ok, want)
		}
	}
}

func TestTablebaseAdjudicationInAMatch(t *testing.T) {
	tables := openSyzygy(t, syzygyDir)
	dir := t.TempDir()
	// After White's first move the position is in the tables.
	writeFile(t, dir+"/tb.epd", "8/8/8/4k3/8/8/8/1K5Q w - - 0 60\n8/8/3k4/3p4/8/2K5/3P4/8 w - - 0 40\n")
	book, err := LoadOpenings(dir+"/tb.epd", 0, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	var pgn bytes.Buffer
	res, err := Run(context.Background(), Config{
		Engines:         []EngineConfig{fakeEngine("a", "good"), fakeEngine("b", "good")},
		GamesPerPairing: 4,
		Book:            book,
		TimeControl:     TimeControl{Depth: 1},
		Tablebase:       TablebaseRule{Tables: tables},
		Concurrency:     1,
		PGN:             &pgn,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pairings[0].Tally != (Tally{Wins: 1, Losses: 1, Draws: 2}) {
		t.Errorf("%+v", res.Pairings[0])
	}
	for _, g := range readGames(t, pgn.String()) {
		want := map[string]string{"1-0": "White wins by tablebase adjudication", "1/2-1/2": "draw by tablebase adjudication"}[g.Result]
		if g.Tag("Termination") != "adjudication" || g.Tag("PlyCount") != "1" || want == "" || !strings.HasSuffix(finalComment(g), want) {
			t.Errorf("game %s: %s, %v %q", g.Tag("Round"), g.Result, g.Tags, finalComment(g))
		}
	}
}
