package engine

import "github.com/ferzchess/ferz/chess"

// pvTable holds the principal variation from each ply: line[ply] has
// length[ply] moves.
type pvTable struct {
	line   [MaxPly + 1][MaxPly + 1]chess.Move
	length [MaxPly + 1]int
}

// clear empties the line from ply; a nil table (a helper's) does nothing.
func (t *pvTable) clear(ply int) {
	if t != nil {
		t.length[ply] = 0
	}
}

// update makes the line from ply m followed by the line from ply+1; a
// nil table does nothing.
func (t *pvTable) update(ply int, m chess.Move) {
	if t == nil {
		return
	}
	t.line[ply][0] = m
	copy(t.line[ply][1:], t.line[ply+1][:t.length[ply+1]])
	t.length[ply] = t.length[ply+1] + 1
}
