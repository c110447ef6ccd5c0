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
//
// Not inlined, as moveSelector.pick.
//
//go:noinline
func (st *moveStack) push() moveSelector {
	n := st.gen.N
	chunk, at, end := st.alloc(n)
	moves := chunk.moves[at:end:end]
	copy(moves, st.gen.Moves[:n])
	return moveSelector{moves: moves, scores: chunk.scores[at:end:end]}
}

// extend appends gen's moves, but for skip, to ms's list, which must be
// the last on the stack, as quiet moves with the score unscoredQuiet. If
// they do not fit in the list's chunk, the list moves to the next one.
func (st *moveStack) extend(ms *moveSelector, skip chess.Move) {
	n := len(ms.moves)
	c, at := (st.top-n)/chunkMoves, (st.top-n)%chunkMoves
	if at+n+st.gen.N > chunkMoves {
		c++
		if c == len(st.chunks) {
			st.chunks = append(st.chunks, new(moveChunk))
		}
		copy(st.chunks[c].moves[:n], ms.moves)
		copy(st.chunks[c].scores[:n], ms.scores)
		at = 0
	}
	chunk := st.chunks[c]
	end := at + n
	for _, m := range st.gen.Moves[:st.gen.N] {
		if m != skip {
			chunk.moves[end], chunk.scores[end] = m, unscoredQuiet
			end++
		}
	}
	ms.moves, ms.scores = chunk.moves[at:end:end], chunk.scores[at:end:end]
	st.top = c*chunkMoves + end
}

// scratch returns room for n scores on the stack, released like a list.
func (st *moveStack) scratch(n int) []int32 {
	chunk, at, end := st.alloc(n)
	return chunk.scores[at:end:end]
}

// scoresAt returns the n scores from place at (as top counts places).
func (st *moveStack) scoresAt(at, n int) []int32 {
	c, i := at/chunkMoves, at%chunkMoves
	return st.chunks[c].scores[i : i+n]
}

// alloc takes the places at to end of a chunk for a list of n moves.
func (st *moveStack) alloc(n int) (chunk *moveChunk, at, end int) {
	c, at := st.top/chunkMoves, st.top%chunkMoves
	if at+n > chunkMoves {
		c, at = c+1, 0
	}
	if c == len(st.chunks) {
		st.chunks = append(st.chunks, new(moveChunk))
	}
	end = at + n
	st.top = c*chunkMoves + end
	return st.chunks[c], at, end
}

// release pops the lists pushed since top was mark.
func (st *moveStack) release(mark int) { st.top = mark }
