package tune

import (
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
