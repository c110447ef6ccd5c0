package engine

import (
	"sync/atomic"

	"github.com/ferzchess/ferz/chess"
)

// Continuation history: how good a quiet move (a piece going to a
// square) has been as the answer to the move one ply before and as the
// follow-up of our own move two plies before. The butterfly history
// knows only from and to; this knows the context, such as which piece
// just moved where. The table is about 2.4 MB, shared by the threads of
// a search like the other histories.

// pieceSquares is the number of (coloured piece, square) pairs.
const pieceSquares = 12 * 64

// noContinuation marks a ply without a move to continue (the root's
// parent, a null move).
const noContinuation = -1

// contHistory is indexed by the earlier move's (piece, square) and the
// later move's (piece, square), both from pieceSquare. Entries stay
// within ±historyMax.
type contHistory [pieceSquares][pieceSquares]atomic.Int32

// pieceSquare numbers the pair of a piece and the square it goes to.
func pieceSquare(pc chess.Piece, to chess.Square) int32 {
	return (int32(pc>>3)*6+int32(pc&7)-1)*64 + int32(to)
}

// continuations returns the (piece, square) numbers of the moves one and
// two plies before ply, or noContinuation.
func (s *Searcher) continuations(ply int) (prev1, prev2 int32) {
	prev1, prev2 = noContinuation, noContinuation
	if ply >= 1 {
		prev1 = s.played[ply-1]
	}
	if ply >= 2 {
		prev2 = s.played[ply-2]
	}
	return prev1, prev2
}

// contScore is the continuation history's verdict on the move numbered
// cur after the moves prev1 and prev2.
func (s *Searcher) contScore(prev1, prev2, cur int32) int32 {
	var v int32
	if prev1 != noContinuation {
		v += s.cont[prev1][cur].Load()
	}
	if prev2 != noContinuation {
		v += s.cont[prev2][cur].Load()
	}
	return v
}

// updateCont moves the entries of cur after prev1 and prev2 by delta,
// with the same gravity as the butterfly history.
func (s *Searcher) updateCont(prev1, prev2, cur, delta int32) {
	for _, prev := range [2]int32{prev1, prev2} {
		if prev == noContinuation {
			continue
		}
		e := &s.cont[prev][cur]
		e.Store(gravity(e.Load(), delta))
	}
}
