package tune

import (
	"math"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// FuzzParseLine feeds arbitrary lines to the training-file parser: it
// must never panic, and what it accepts must be a position that reads
// back from its FEN, a result of 0, 0.5 or 1 and a score within bounds;
// Load must agree with it. The seeds are kept as a regression corpus.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 c9 "1-0";`,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 c9 "1-0"; ce 35;`,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ce -7; [0.5]`,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 [1-0]`,
		`8/8/8/4k3/8/8/4P3/4K3 w - - c9 "1/2-1/2"; ce 99999;`,
		`8/8/8/4k3/8/8/4P3/4K3 w - - c9 "1/2-1/2"; ce "12";`,
		`8/8/8/4k3/8/8/4P3/4K3 w - - ce 1 2; c9 "0-1";`,
		`x [`, `[]`, `]`, `c9 "1-0";`, "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		p, r, score, err := parseSample(line)
		if err != nil {
			return
		}
		if p == nil || !(r == 0 || r == 0.5 || r == 1) {
			t.Fatalf("%q: position %v, result %v", line, p, r)
		}
		if score != nil && (*score <= -maxLabelScore || *score >= maxLabelScore) {
			t.Fatalf("%q: score %d accepted", line, *score)
		}
		if _, err := chess.ParseFEN(p.FEN()); err != nil {
			t.Fatalf("%q: the position's FEN %q does not read back: %v", line, p.FEN(), err)
		}
		if strings.ContainsAny(line, "\n\r") {
			return // Load reads lines
		}
		d := NewDataset()
		if _, err := Load(d, strings.NewReader(line), "fuzz"); err != nil && !strings.Contains(err.Error(), "line longer") {
			t.Fatalf("%q: ParseLine accepts, Load refuses: %v", line, err)
		}
	})
}

// FuzzReadSPSA feeds arbitrary documents to the SPSA state reader: it
// must never panic, and a state it accepts must have every parameter a
// known one within its range, give trials within range, and write back
// to a document that reads the same.
func FuzzReadSPSA(f *testing.F) {
	good := `{"params": [{"name": "RFPMargin", "value": 80, "start": 80, "min": 20, "max": 200, "c_end": 8, "r_end": 0.002}], "iterations": 5, "done": 1, "alpha": 0.6, "gamma": 0.1, "A": 0.5, "seed": 3}`
	for _, s := range []string{
		good, ``, `{`, `null`, `[]`, `{"params": []}`,
		strings.Replace(good, `"value": 80`, `"value": 1e308`, 1),
		strings.Replace(good, `"c_end": 8`, `"c_end": -1`, 1),
		strings.Replace(good, `"RFPMargin"`, `"rfpmargin"`, 1),
		strings.Replace(good, `"done": 1`, `"done": 6`, 1),
		strings.Replace(good, `"A": 0.5`, `"A": -1`, 1),
		strings.Replace(good, `"max": 200`, `"max": 1e308`, 1),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		s, err := ReadSPSA(strings.NewReader(doc))
		if err != nil {
			return
		}
		if s.Done < s.Iterations {
			tr := s.Trial(s.Done + 1)
			for i, p := range s.Params {
				if v := float64(tr.Plus[i]); v < math.Floor(p.Min) || v > math.Ceil(p.Max) {
					t.Fatalf("%q: trial value %v of %s outside %v..%v", doc, v, p.Name, p.Min, p.Max)
				}
			}
		}
		var b strings.Builder
		if _, err := s.WriteTo(&b); err != nil {
			t.Fatalf("%q: writing it back: %v", doc, err)
		}
		if _, err := ReadSPSA(strings.NewReader(b.String())); err != nil {
			t.Fatalf("%q: what it wrote does not read back: %v", doc, err)
		}
	})
}
