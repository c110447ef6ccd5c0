package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestMoveStackKeepsEachNodesList pushes lists of many lengths, as a
// line of nodes does, across chunk boundaries, and checks that every
// node's list still holds its own moves when it is released, that
// releasing returns to the mark, and that lists reuse the chunks.
func TestMoveStackKeepsEachNodesList(t *testing.T) {
	var st moveStack
	// move i of the list at depth d is a distinct, checkable value.
	moveAt := func(d, i int) chess.Move { return chess.Move(d*chess.MaxMoves + i) }
	var walk func(depth int)
	walk = func(depth int) {
		if depth == 40 {
			return
		}
		n := []int{0, 1, 37, 218, 120, 256, 5}[depth%7]
		st.gen.N = n
		for i := range n {
			st.gen.Moves[i] = moveAt(depth, i)
		}
		mark := st.top
		ms := st.push()
		if len(ms.moves) != n || len(ms.scores) != n {
			t.Fatalf("depth %d: a list of %d moves, %d scores for %d", depth, len(ms.moves), len(ms.scores), n)
		}
		for i := range ms.scores {
			ms.scores[i] = int32(depth)
		}
		walk(depth + 1)
		if depth%8 == 0 {
			walk(depth + 1) // a sibling line over the same places
		}
		for i, m := range ms.moves {
			if m != moveAt(depth, i) || ms.scores[i] != int32(depth) {
				t.Fatalf("depth %d: move %d is %v (score %d), want %v", depth, i, m, ms.scores[i], moveAt(depth, i))
			}
		}
		st.release(mark)
		if st.top != mark {
			t.Fatalf("depth %d: top %d after release, want %d", depth, st.top, mark)
		}
	}
	for range 3 {
		walk(0)
		if st.top != 0 {
			t.Fatalf("top %d after the walk", st.top)
		}
	}
	// 40 lists of at most 256 moves: never more chunks than lists.
	if len(st.chunks) > 40 {
		t.Errorf("%d chunks for a line of 40 lists", len(st.chunks))
	}
}

// TestExtendAppendsQuietMovesToTheLastList extends a list that fits in
// its chunk and one that does not, and checks that each keeps its moves,
// scores and handed-out count, gains the new moves but the skipped one,
// and is released with its node.
func TestExtendAppendsQuietMovesToTheLastList(t *testing.T) {
	for _, c := range []struct{ before, first, added int }{{0, 10, 30}, {200, 40, 60}, {0, 0, 218}} {
		var st moveStack
		st.gen.N = c.before
		st.push() // an ancestor's list
		mark := st.top
		st.gen.N = c.first
		for i := range c.first {
			st.gen.Moves[i] = chess.Move(1000 + i)
		}
		ms := st.push()
		for i := range ms.scores {
			ms.scores[i] = int32(i)
		}
		ms.next = int32(min(2, c.first))
		st.gen.N = c.added
		for i := range c.added {
			st.gen.Moves[i] = chess.Move(2000 + i)
		}
		skip := chess.Move(2000 + c.added/2)
		st.extend(&ms, skip)

		if len(ms.moves) != c.first+c.added-1 || len(ms.scores) != len(ms.moves) {
			t.Fatalf("%+v: %d moves and %d scores after extend", c, len(ms.moves), len(ms.scores))
		}
		for i := range c.first {
			if ms.moves[i] != chess.Move(1000+i) || ms.scores[i] != int32(i) {
				t.Errorf("%+v: place %d holds %v (%d)", c, i, ms.moves[i], ms.scores[i])
			}
		}
		for i, m := range ms.moves[c.first:] {
			if m == skip || ms.scores[c.first+i] != unscoredQuiet {
				t.Errorf("%+v: added move %v scored %d", c, m, ms.scores[c.first+i])
			}
		}
		if ms.next != int32(min(2, c.first)) {
			t.Errorf("%+v: next %d", c, ms.next)
		}
		// A child's list goes above the extended one.
		st.gen.N = 5
		child := st.push()
		child.moves[0] = 1
		if ms.moves[len(ms.moves)-1] == 1 {
			t.Errorf("%+v: the child's list overlaps its parent's", c)
		}
		st.release(mark)
		if st.top != mark {
			t.Errorf("%+v: top %d after release, want %d", c, st.top, mark)
		}
	}
}
