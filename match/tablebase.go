package match

import (
	"fmt"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/syzygy"
)

// TablebaseRule adjudicates a game as soon as its position is in the
// Syzygy tables: the tables' result with best play, under the 50-move
// rule counted from the game's halfmove clock, ends it. A nil Tables
// turns the rule off.
type TablebaseRule struct {
	Tables *syzygy.Tables
	// Pieces adjudicates only positions of at most this many pieces,
	// kings included (0: all the tables hold).
	Pieces int
}

// String describes the rule for the match's conditions ("" when off).
func (r TablebaseRule) String() string {
	if r.Tables == nil {
		return ""
	}
	pieces := r.Tables.MaxPieces()
	if r.Pieces > 0 {
		pieces = min(pieces, r.Pieces)
	}
	return fmt.Sprintf("Syzygy tablebases (%d tables, positions of up to %d pieces)", r.Tables.Count(), pieces)
}

// adjudicate returns the tables' verdict on pos, the position after a
// move that did not end the game by the rules, if the tables settle it.
//
// With the DTZ tables a win is adjudicated when the winner can reach its
// next zeroing move before the halfmove clock reaches 100 (DTZ plus the
// clock at most 99: the tables may give the DTZ one ply short), a draw
// when it cannot (DTZ plus clock above 100, or a cursed win or blessed
// loss); the one case in between waits for the next move. Without them,
// a draw is adjudicated, and a win only right after a capture or a pawn
// move (the WDL tables count the 50-move rule from there).
func (r TablebaseRule) adjudicate(pos *chess.Position) (verdict, bool) {
	if r.Tables == nil || (r.Pieces > 0 && pos.Occupied().Count() > r.Pieces) {
		return verdict{}, false
	}
	w, ok := r.Tables.ProbeWDL(pos)
	if !ok {
		return verdict{}, false
	}
	stm, clock := pos.SideToMove(), pos.HalfmoveClock()
	winner, draw := stm, false
	if w < 0 {
		winner = stm.Other()
	}
	switch dtz, ok := r.Tables.ProbeDTZ(pos); {
	case w == syzygy.Draw || w == syzygy.CursedWin || w == syzygy.BlessedLoss:
		draw = true
	case !ok && clock == 0:
	case !ok:
		return verdict{}, false
	case abs(dtz)+clock <= 99:
	case abs(dtz)+clock > 100:
		draw = true
	default:
		return verdict{}, false
	}
	switch {
	case draw && w == syzygy.Draw:
		return verdict{"1/2-1/2", "draw by tablebase adjudication"}, true
	case draw:
		return verdict{"1/2-1/2", fmt.Sprintf("draw by tablebase adjudication: the 50-move rule saves %s", colorName(winner.Other()))}, true
	}
	return verdict{winFor(winner), fmt.Sprintf("%s wins by tablebase adjudication", colorName(winner))}, true
}
