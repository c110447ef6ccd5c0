package engine

import "github.com/ferzchess/ferz/chess"

// moveStack holds the move lists of the nodes on a thread's current
// path, one after the other, each as long as it needs to be. A list of
// the greatest possible length in every frame would make each ply of the
// search 1.5 KB of goroutine stack, and stacks grow in powers of two: a
// deep search would take 128 KB a thread.
type moveStack struct {
	moves  []chess.Move
	scores []int32
	top    int
	// gen is where the move generators write a node's moves before push
	// copies them onto the stack.
	gen chess.MoveList
}

// push copies gen onto the stack and returns a selector over the copy.
// The caller releases it with release(mark) when the node is done, mark
// being top before the push.
func (st *moveStack) push() moveSelector {
	n := st.gen.N
	if st.top+n > len(st.moves) {
		st.grow(n)
	}
	end := st.top + n
	moves := st.moves[st.top:end:end]
	copy(moves, st.gen.Moves[:n])
	scores := st.scores[st.top:end:end]
	st.top = end
	return moveSelector{moves: moves, scores: scores}
}

// grow makes room for n more moves. The lists of the nodes above keep
// the old arrays, which they alone still use; only later lists go into
// the new ones, at the same indices.
func (st *moveStack) grow(n int) {
	size := max(2*len(st.moves), st.top+n, 1024)
	st.moves = make([]chess.Move, size)
	st.scores = make([]int32, size)
}

// release pops the lists pushed since top was mark.
func (st *moveStack) release(mark int) { st.top = mark }
