package engine

import (
	"sync/atomic"

	"github.com/ferzchess/ferz/chess"
)

// Continuation history: how good a quiet move (a piece going to a
// square) has been as the answer to the move one ply before and as the
// follow-up of our own moves two and four plies before. The butterfly history
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

// continuationPlies are how many plies back the moves lie whose
// continuations the history records.
var continuationPlies = [...]int{1, 2, 4}

// continuation holds the (piece, square) numbers of the moves
// continuationPlies before a ply, or noContinuation.
type continuation [len(continuationPlies)]int32

// continuations returns the moves before ply that the continuation
// history follows.
func (s *Searcher) continuations(ply int) continuation {
	var c continuation
	for i, back := range continuationPlies {
		c[i] = noContinuation
		if ply >= back {
			c[i] = s.played[ply-back]
		}
	}
	return c
}

// contScore is the continuation history's verdict on the move numbered
// cur after the moves in prev.
func (s *Searcher) contScore(prev *continuation, cur int32) int32 {
	var v int32
	for _, pm := range prev {
		if pm != noContinuation {
			v += s.cont[pm][cur].Load()
		}
	}
	return v
}

// updateCont moves the entries of cur after the moves in prev by delta,
// with the same gravity as the butterfly history.
func (s *Searcher) updateCont(prev *continuation, cur, delta int32) {
	for _, pm := range prev {
		if pm == noContinuation {
			continue
		}
		e := &s.cont[pm][cur]
		e.Store(gravity(e.Load(), delta))
	}
}
