package tune

import (
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// isNoisy reports whether m, a legal move in p, captures (en passant
// included) or promotes.
func isNoisy(p *chess.Position, m chess.Move) bool {
	switch m.Kind() {
	case chess.Promotion, chess.EnPassant:
		return true
	case chess.Castling:
		return false // stored as the king taking its own rook
	}
	return p.PieceAt(m.To()) != chess.NoPiece
}

// maxQuietDepth bounds the captures quiesce follows.
const maxQuietDepth = 16

// quiesce returns the value of p for the side to move when it may stand
// pat or go on capturing (captures that do not lose material by static
// exchange, and promotions), with alpha-beta bounds.
func quiesce(p *chess.Position, alpha, beta, depth int) int {
	stand := engine.Evaluate(p)
	if stand >= beta || depth == 0 {
		return stand
	}
	alpha = max(alpha, stand)
	var list chess.MoveList
	p.GenerateNoisy(&list)
	for _, m := range list.Moves[:list.N] {
		if !engine.SEE(p, m, 0) {
			continue
		}
		p.MakeMove(m)
		v := -quiesce(p, -beta, -alpha, depth-1)
		p.UnmakeMove()
		if v >= beta {
			return v
		}
		alpha = max(alpha, v)
	}
	return alpha
}

// isQuiet reports whether p is fit for tuning as the static evaluation
// sees it: not in check, not a special endgame, and no capture or
// promotion improves on the static evaluation.
func isQuiet(p *chess.Position) bool {
	if p.InCheck() || engine.EvalFeatures(p).Special {
		return false
	}
	return quiesce(p, -engine.Infinity, engine.Infinity, maxQuietDepth) == engine.Evaluate(p)
}
