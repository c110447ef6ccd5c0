package chess

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseEPDOperations(t *testing.T) {
	e, err := ParseEPD(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - acd 5; bm Qg6; id "WAC.001"; c0 "two words"; dm 2;`)
	if err != nil {
		t.Fatal(err)
	}
	if e.ID() != "WAC.001" {
		t.Errorf("id %q", e.ID())
	}
	bm, err := e.Moves("bm")
	if err != nil || len(bm) != 1 || e.Position.UCI(bm[0]) != "g3g6" {
		t.Errorf("bm %v %v", bm, err)
	}
	if n, ok := e.DirectMate(); !ok || n != 2 {
		t.Errorf("dm %d %v", n, ok)
	}
	if c0, _ := e.Op("c0"); len(c0) != 1 || c0[0] != "two words" {
		t.Errorf("c0 %q", c0)
	}
	want := `2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - acd 5; bm Qg6; id "WAC.001"; c0 "two words"; dm 2;`
	if got := e.String(); got != want {
		t.Errorf("String:\n got %s\nwant %s", got, want)
	}
}

func TestParseEPDWithoutSemicolonsAndWithCounters(t *testing.T) {
	e, err := ParseEPD("7R/2k1p2P/r2rP3/8/3p1R2/8/2P2p2/2K5 w - - 0 1 bm Rc8+ dm 26")
	if err != nil {
		t.Fatal(err)
	}
	if bm, _ := e.Op("bm"); len(bm) != 1 || bm[0] != "Rc8+" {
		t.Errorf("bm %q", bm)
	}
	if n, _ := e.DirectMate(); n != 26 {
		t.Errorf("dm %d", n)
	}
	e, err = ParseEPD("4k3/8/8/8/8/8/8/4K2R w K - hmvn 12; fmvn 40;")
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Position.FEN(); got != "4k3/8/8/8/8/8/8/4K2R w K - 12 40" {
		t.Errorf("counters from hmvn/fmvn: %s", got)
	}
}

func TestParseEPDPerftCountsAndChess960(t *testing.T) {
	e, err := ParseEPD("nbbrqknr/pppppppp/8/8/4P3/8/PPPP1PPP/NBBRQKNR b HDhd - 0 1 ;D1 19 ;D2 419 ;chess960")
	if err != nil {
		t.Fatal(err)
	}
	counts, err := e.PerftCounts()
	if err != nil || len(counts) != 3 || counts[1] != 19 || counts[2] != 419 {
		t.Errorf("counts %v %v", counts, err)
	}
	if !e.Position.Chess960() {
		t.Error("not marked Chess960")
	}
}

func TestParseEPDErrors(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"", "want at least 4 position fields"},
		{"8/8/8 w - -", "epd: fen:"},
		{"4k3/8/8/8/8/8/8/4K3 w - - id \"unterminated", "unterminated string"},
		{"4k3/8/8/8/8/8/8/4K3 w - - \"no opcode\";", "without an opcode"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 9bm e4;", "not an opcode"},
		{"4k3/8/8/8/8/8/8/4K3 w - - ;D1 x", ""},
	} {
		e, err := ParseEPD(c.line)
		if c.want == "" {
			if err == nil {
				_, err = e.PerftCounts()
			}
			if err == nil {
				t.Errorf("%q: no error", c.line)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.line, err, c.want)
		}
	}
	e, err := ParseEPD("4k3/8/8/8/8/8/8/4K3 w - - bm Qh5;")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Moves("bm"); err == nil || !strings.Contains(err.Error(), "Qh5") {
		t.Errorf("illegal bm: %v", err)
	}
}

// knownBadEPD lists the published suite lines whose moves are wrong in
// the file itself: "Bcx3" for Bxc3, and "am Ne5" where two knights can
// go to e5.
var knownBadEPD = map[string]bool{"kaufman.epd:3": true, "kaufman.epd:6": true}

// TestParseEPDSharedSuites reads every test suite and opening file of the
// shared data: each line parses and its bm/am moves are legal.
func TestParseEPDSharedSuites(t *testing.T) {
	files, _ := filepath.Glob("../../shared/data/suites/*.epd")
	more, _ := filepath.Glob("../../shared/data/openings/*.epd")
	files = append(files, more...)
	if len(files) == 0 {
		t.Skip("shared data not available")
	}
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r := NewEPDReader(f)
		n := 0
		for {
			e, line, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			where := fmt.Sprintf("%s:%d", filepath.Base(path), line)
			for _, op := range []string{"bm", "am"} {
				if _, err := e.Moves(op); err != nil && !knownBadEPD[where] {
					t.Errorf("%s: %v", where, err)
				}
			}
			n++
		}
		f.Close()
		if n == 0 {
			t.Errorf("%s: no positions", path)
		}
	}
}

func TestEPDReaderJoinsQuotedLinesAndSkipsComments(t *testing.T) {
	in := "# a comment\n\n8/8/1p1K4/Pp6/2k1p3/8/1P6/8 w - - bm a6; c0 \"first\nsecond\"; id \"Z6\";\nbad line\n4k3/8/8/8/8/8/8/4K3 w - - id \"x\";\n"
	r := NewEPDReader(strings.NewReader(in))
	e, line, err := r.Next()
	if err != nil || line != 3 || e.ID() != "Z6" {
		t.Fatalf("first: %v line %d %v", e, line, err)
	}
	if c0, _ := e.Op("c0"); len(c0) != 1 || c0[0] != "first second" {
		t.Errorf("c0 %q", c0)
	}
	if _, line, err = r.Next(); err == nil || line != 5 || !strings.Contains(err.Error(), "line 5") {
		t.Errorf("bad line: line %d err %v", line, err)
	}
	if e, _, err = r.Next(); err != nil || e.ID() != "x" {
		t.Errorf("after the bad line: %v %v", e, err)
	}
	if _, _, err = r.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("want EOF, got %v", err)
	}
}
