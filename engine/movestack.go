package engine

import "github.com/ferzchess/ferz/chess"

// moveStack holds the move lists of the nodes on a thread's current
// path, one after the other, each as long as it needs to be. A list of
// the greatest possible length in every frame would make each ply of the
// search 1.5 KB of goroutine stack, and stacks grow in powers of two: a
// deep search would take 128 KB a thread.
//
// The lists live in chunks allocated as the path first needs them; a
// list that does not fit in the rest of a chunk starts the next one. So
// a thread pays for the depth it searches (hundreds of threads may run)
// and growing copies nothing and leaves no garbage.
type moveStack struct {
	chunks []*moveChunk
	// top is where the next list goes: chunk top/chunkMoves, place
	// top%chunkMoves.
	top int
	// gen is where the move generators write a node's moves before push
	// copies them onto the stack.
	gen chess.MoveList
}

// chunkMoves is the moves of a chunk: more than any position has, so
// that a list always fits in a fresh chunk.
const chunkMoves = chess.MaxMoves

// moveChunk is a piece of the stack: moves and their ordering scores.
type moveChunk struct {
	moves  [chunkMoves]chess.Move
	scores [chunkMoves]int32
}

// push copies gen onto the stack and returns a selector over the copy.
// The caller releases it with release(mark) when the node is done, mark
// being top before the push.
func (st *moveStack) push() moveSelector {
	n := st.gen.N
	c, at := st.top/chunkMoves, st.top%chunkMoves
	if at+n > chunkMoves {
		c, at = c+1, 0
	}
	if c == len(st.chunks) {
		st.chunks = append(st.chunks, new(moveChunk))
	}
	chunk := st.chunks[c]
	end := at + n
	moves := chunk.moves[at:end:end]
	copy(moves, st.gen.Moves[:n])
	st.top = c*chunkMoves + end
	return moveSelector{moves: moves, scores: chunk.scores[at:end:end]}
}

// release pops the lists pushed since top was mark.
func (st *moveStack) release(mark int) { st.top = mark }
