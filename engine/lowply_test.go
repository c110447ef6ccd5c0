package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestLowPlyHistory checks that the low-ply history orders a quiet move
// that cut off near the root above its equals at that ply only, weighs
// the root most, ignores deeper plies, and starts empty in every search.
func TestLowPlyHistory(t *testing.T) {
	s := NewSearcher(NewTT(1))
	p := chess.MustParseFEN("6k1/8/8/8/8/5N2/P7/6K1 w - - 0 1")
	m, err := p.ParseUCI("f3e5")
	if err != nil {
		t.Fatal(err)
	}
	var h lowPlyHistory
	for range 10 {
		h.update(0, m, 300)
		h.update(1, m, 300)
		h.update(lowPlies, m, 300)
	}
	if h.score(0, m) <= h.score(1, m) || h.score(1, m) <= 0 {
		t.Errorf("scores at plies 0 and 1: %d and %d, want the root's higher and both above 0", h.score(0, m), h.score(1, m))
	}
	if h.score(2, m) != 0 || h.score(lowPlies, m) != 0 {
		t.Errorf("scores at ply 2 and %d: %d and %d, want 0", lowPlies, h.score(2, m), h.score(lowPlies, m))
	}
	for range 1000 {
		h.update(0, m, 512)
	}
	if v := h[0][m.From()][m.To()]; v <= 0 || v > historyMax {
		t.Errorf("entry after many bonuses: %d, want within (0, %d]", v, historyMax)
	}

	// In the search: a cut-off at ply 1 orders the move first there.
	order := func(ply int) map[chess.Move]int32 { return moveOrder(s, p, ply) }
	s.setup(p, Limits{Depth: 1})
	before := order(1)[m]
	s.lowPly.update(1, m, 400)
	if after := order(1)[m]; after <= before {
		t.Errorf("f3e5 at ply 1 orders %d after a low-ply bonus, %d before", after, before)
	}
	s.setup(p, Limits{Depth: 1})
	if s.lowPly != (lowPlyHistory{}) {
		t.Error("the low-ply history was not cleared for a new search")
	}
}
