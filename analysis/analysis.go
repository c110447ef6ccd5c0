// Package analysis judges the moves of a game by the engine's evaluation
// of each of its positions: the evaluation graph of the browser board and
// the annotations of "ferz annotate" come from here.
package analysis

import (
	"fmt"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// Evaluations are capped at ±Cap centipawns, so that a mate does not
// flatten the rest of a game's graph.
const Cap = 1000

// The drops in evaluation, for the side that moved, that mark a move.
const (
	MistakeDrop = 100
	BlunderDrop = 300
)

// The kinds of a Mark.
const (
	Mistake = "mistake"
	Blunder = "blunder"
)

// Mark is a move after which the evaluation dropped for its player.
type Mark struct {
	Ply  int    // 1 for the first move
	Drop int    // centipawns lost, at least MistakeDrop
	Kind string // Mistake or Blunder
}

// Evaluate returns the evaluation of p for White, capped at ±Cap: ±Cap
// for a checkmate, 0 for a drawn ending (including a repetition or the
// 50-move rule that can be claimed), else the score of a search of p's
// copy with limits, whose result it returns too (the zero Result when it
// did not search).
func Evaluate(s *engine.Searcher, p *chess.Position, limits engine.Limits) (int, engine.Result) {
	switch st := p.Status(); {
	case st == chess.Checkmate && p.SideToMove() == chess.White:
		return -Cap, engine.Result{}
	case st == chess.Checkmate:
		return Cap, engine.Result{}
	case st.IsOver() || p.CanClaimThreefold() || p.CanClaimFiftyMoves():
		return 0, engine.Result{}
	}
	res := s.Search(p.Copy(), limits)
	score := res.Score
	if p.SideToMove() == chess.Black {
		score = -score
	}
	return max(-Cap, min(Cap, score)), res
}

// Marks lists the moves after which the evaluation dropped by at least
// MistakeDrop for the side that made them. evals are the evaluations for
// White of a game's positions from the start, one more than its moves;
// whiteFirst says whether White made the first move.
func Marks(evals []int, whiteFirst bool) []Mark {
	marks := []Mark{}
	white := whiteFirst
	for i := 0; i+1 < len(evals); i++ {
		drop := evals[i] - evals[i+1]
		if !white {
			drop = -drop
		}
		white = !white
		if drop < MistakeDrop {
			continue
		}
		kind := Mistake
		if drop >= BlunderDrop {
			kind = Blunder
		}
		marks = append(marks, Mark{Ply: i + 1, Drop: drop, Kind: kind})
	}
	return marks
}

// FormatScore writes a score of the side to move stm from White's side:
// "+0.35", "-1.20", or "#3" / "#-2" for mates (positive when White mates).
func FormatScore(score int, stm chess.Color) string {
	sideSign := 1
	if stm == chess.Black {
		sideSign = -1
	}
	if engine.IsMateScore(score) {
		// Count the moves from the side to move's score, where mates by
		// the side to move take an odd number of plies.
		return fmt.Sprintf("#%d", sideSign*engine.MateIn(score))
	}
	score *= sideSign
	sign := "+"
	if score < 0 {
		sign, score = "-", -score
	}
	return fmt.Sprintf("%s%d.%02d", sign, score/100, score%100)
}
