package engine

import "github.com/ferzchess/ferz/chess"

// lowPlies is how many plies from the root the low-ply history covers.
const lowPlies = 4

// lowPlyHistory orders the quiet moves of the first plies by what they
// did earlier in this search: near the root the same positions come back
// in every iteration, and a move's own record there says more than the
// butterfly history, which averages it over the whole tree. Each thread
// has its own, cleared when a search starts.
type lowPlyHistory [lowPlies][64][64]int16

// score is the weight of move m's entry at ply in the quiet move order:
// most at the root, less further down, where the other histories know
// more.
func (h *lowPlyHistory) score(ply int, m chess.Move) int32 {
	if ply >= lowPlies {
		return 0
	}
	return 2 * int32(h[ply][m.From()][m.To()]) / int32(1+ply)
}

// update moves move m's entry at ply by delta, as the other histories.
func (h *lowPlyHistory) update(ply int, m chess.Move, delta int32) {
	if ply >= lowPlies {
		return
	}
	e := &h[ply][m.From()][m.To()]
	*e = int16(gravity(int32(*e), delta))
}
