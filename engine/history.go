package engine

import (
	"sync/atomic"

	"github.com/ferzchess/ferz/chess"
)

// The move-ordering histories learn which quiet moves cause cut-offs.
// The threads of a search share them, as they share the transposition
// table: what one thread learns orders the moves of all, and a 256-thread
// search does not keep 256 copies. Entries are atomic; an update lost to
// another thread's does no harm, a torn one would.

// historyMax bounds the entries of the histories.
const historyMax = 16384

// butterflyHistory is indexed by the side to move, whether the opponent
// attacks the move's from and its to square, and the two squares: the
// same move is worth more when it saves an attacked piece than when it
// walks a safe one into an attack.
type butterflyHistory [2][2][2][64][64]atomic.Int32

// entry returns the butterfly entry of move m by side us, where the
// opponent attacks the squares attacked.
func (h *butterflyHistory) entry(us chess.Color, attacked chess.Bitboard, m chess.Move) *atomic.Int32 {
	from, to := m.From(), m.To()
	return &h[us&1][boolInt(attacked.Has(from))][boolInt(attacked.Has(to))][from][to]
}

// gravity returns the entry v moved by delta (at most ±512): towards
// ±historyMax, by less the nearer it already is, so that entries stay
// within ±historyMax and old lessons fade.
func gravity(v, delta int32) int32 {
	return v + 32*delta - v*abs32(delta)/512
}

// updateHistory rewards the quiet move that caused a cut-off and punishes
// the quiet moves tried before it, in the butterfly, the continuation
// and, near the root, the low-ply histories.
func (s *Searcher) updateHistory(best chess.Move, tried []chess.Move, ply, depth int) {
	p := s.pos
	us := p.SideToMove()
	bonus := int32(min(depth*depth*historyBonusPct/100, 400))
	malus := min(bonus*int32(historyMalusPct)/100, 512)
	prev1, prev2 := s.continuations(ply)
	attacked := s.attacked[ply]
	update := func(m chess.Move, delta int32) {
		h := s.history.entry(us, attacked, m)
		h.Store(gravity(h.Load(), delta))
		s.updateCont(prev1, prev2, pieceSquare(p.PieceAt(m.From()), m.To()), delta)
		s.lowPly.update(ply, m, delta)
	}
	for _, m := range tried {
		update(m, -malus)
	}
	update(best, bonus)
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
