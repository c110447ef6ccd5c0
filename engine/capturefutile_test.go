package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// A capture is futile only near the leaves, when even the victim's value
// and the futility margin leave the evaluation at or below alpha; an en
// passant capture counts its pawn, and promotions are never futile.
func TestCaptureFutile(t *testing.T) {
	margin := func(depth int) int { return futilityBase + futilityDepth*depth }
	cases := []struct {
		name, fen, move    string
		eval, alpha, depth int
		want               bool
	}{
		{"a pawn far below alpha", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", -margin(1) - 100, 0, 1, true},
		{"a pawn that reaches alpha+1", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", -margin(1) - 99, 0, 1, false},
		{"a queen is worth more", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", -margin(1) - 100, 0, 1, false},
		{"too deep", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", -10000, 0, futilityMaxDep + 1, false},
		{"en passant counts the pawn", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", -margin(2) - 99, 0, 2, false},
		{"a promotion is never futile", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", -10000, 0, 1, false},
	}
	for _, c := range cases {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		m, err := p.ParseUCI(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := captureFutile(p, m, c.eval, c.alpha, c.depth); got != c.want {
			t.Errorf("%s: captureFutile = %v, want %v", c.name, got, c.want)
		}
	}
}
