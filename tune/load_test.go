package tune

import (
	"strings"
	"testing"
)

func TestParseResult(t *testing.T) {
	for s, want := range map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5, "1.0": 1, "0.5": 0.5, "0": 0, " 1 ": 1} {
		if got, err := ParseResult(s); err != nil || got != want {
			t.Errorf("%q: %v, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "*", "2-0", "0.7", "NaN", "1-1"} {
		if _, err := ParseResult(s); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
	for _, r := range []float64{0, 0.5, 1} {
		if got, _ := ParseResult(FormatResult(r)); got != r {
			t.Errorf("%v: %q reads back as %v", r, FormatResult(r), got)
		}
	}
}

func TestParseLine(t *testing.T) {
	for line, want := range map[string]float64{
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 c9 "1-0";`:      1,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 "1/2-1/2";`:      0.5,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id "x"; c9 "0-1";`:  0,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 [0.5]`:          0.5,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ["1-0"]`:        1,
		`  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 [0.0]  `:      0,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; c9 "1/2-1/2";`: 0.5,
	} {
		p, r, err := ParseLine(line)
		if err != nil || r != want || p == nil {
			t.Errorf("%s: %v, %v", line, r, err)
		}
	}
	for line, msg := range map[string]string{
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1`:         "no game result",
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 "2-0";`:   "2-0",
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 "1" "0";`: "one result",
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP b KQkq - [1.0]`:                "",
		`hello [1.0]`:      "",
		`[1.0]`:            "",
		`x/y c9 "1-0";`:    "",
		`nonsense [1.0`:    "",
		`8/8/8/8 [banana]`: "banana",
	} {
		if _, _, err := ParseLine(line); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: error %v, want one with %q", line, err, msg)
		}
	}
}

func TestLoad(t *testing.T) {
	data := `# ferz tune gen -games 2
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 c9 "1-0";

8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 c9 "1-0";
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 [0.5]
# 2 games
`
	d := NewDataset()
	st, err := Load(d, strings.NewReader(data), "x.epd")
	if err != nil {
		t.Fatal(err)
	}
	if st.Lines != 3 || st.Positions != 2 || st.Special != 1 || d.Len() != 2 {
		t.Errorf("stats %+v, %d positions", st, d.Len())
	}
	if len(st.Comments) != 2 || st.Comments[0] != "ferz tune gen -games 2" {
		t.Errorf("comments %q", st.Comments)
	}
	if w, dr, l := d.Results(); w != 1 || dr != 1 || l != 0 {
		t.Errorf("results +%d =%d -%d", w, dr, l)
	}

	bad := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 c9 \"1-0\";\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
	if _, err := Load(NewDataset(), strings.NewReader(bad), "bad.epd"); err == nil || !strings.HasPrefix(err.Error(), "bad.epd:3: ") {
		t.Errorf("error %v, want one naming bad.epd:3", err)
	}
	long := strings.Repeat("x", maxLine+10)
	if _, err := Load(NewDataset(), strings.NewReader(long), "long.epd"); err == nil || !strings.Contains(err.Error(), "long.epd:1: line longer") {
		t.Errorf("error %v for a long line", err)
	}
}

func TestLoadOpenings(t *testing.T) {
	fens, err := LoadOpenings(strings.NewReader("# openings\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\nr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -\n"), "o.epd")
	if err != nil || len(fens) != 2 || fens[1] != "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1" {
		t.Errorf("%q, %v", fens, err)
	}
	if _, err := LoadOpenings(strings.NewReader("# nothing\n"), "empty.epd"); err == nil || !strings.Contains(err.Error(), "empty.epd: no positions") {
		t.Errorf("empty file: %v", err)
	}
	if _, err := LoadOpenings(strings.NewReader("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\nnot a position\n"), "bad.epd"); err == nil || !strings.Contains(err.Error(), "bad.epd: line 2") {
		t.Errorf("bad line: %v", err)
	}
}
