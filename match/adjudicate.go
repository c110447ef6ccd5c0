package match

import (
	"fmt"
	"strconv"

	"github.com/ferzchess/ferz/chess"
)

// DrawRule adjudicates a draw when, from move MoveNumber on, both
// engines' scores have stayed within ±Score centipawns for MoveCount
// consecutive moves each. A zero MoveCount turns the rule off.
type DrawRule struct {
	MoveNumber int
	MoveCount  int
	Score      int
}

// ResignRule adjudicates a loss when one engine's score has stayed at or
// below -Score for MoveCount consecutive moves of its own and, if
// TwoSided, its opponent's score has stayed at or above +Score for as
// many moves. A zero MoveCount turns the rule off.
type ResignRule struct {
	MoveCount int
	Score     int
	TwoSided  bool
}

// ParseDrawRule reads "movenumber=40 movecount=8 score=10".
func ParseDrawRule(spec string) (DrawRule, error) {
	var r DrawRule
	items, err := splitKeyValues(spec)
	if err != nil {
		return r, fmt.Errorf("draw rule: %v", err)
	}
	for _, it := range items {
		var dst *int
		switch it.Key {
		case "movenumber":
			dst = &r.MoveNumber
		case "movecount":
			dst = &r.MoveCount
		case "score":
			dst = &r.Score
		default:
			return r, fmt.Errorf("draw rule %q: unknown key %q (want movenumber, movecount, score)", spec, it.Key)
		}
		if *dst, err = strconv.Atoi(it.Value); err != nil || *dst < 0 {
			return r, fmt.Errorf("draw rule %q: %s=%q is not a number ≥ 0", spec, it.Key, it.Value)
		}
	}
	if r.MoveCount == 0 {
		return r, fmt.Errorf("draw rule %q: movecount must be at least 1", spec)
	}
	return r, nil
}

// ParseResignRule reads "movecount=3 score=600 twosided=true" (twosided
// defaults to true).
func ParseResignRule(spec string) (ResignRule, error) {
	r := ResignRule{TwoSided: true}
	items, err := splitKeyValues(spec)
	if err != nil {
		return r, fmt.Errorf("resign rule: %v", err)
	}
	for _, it := range items {
		switch it.Key {
		case "movecount", "score":
			n, err := strconv.Atoi(it.Value)
			if err != nil || n < 0 {
				return r, fmt.Errorf("resign rule %q: %s=%q is not a number ≥ 0", spec, it.Key, it.Value)
			}
			if it.Key == "movecount" {
				r.MoveCount = n
			} else {
				r.Score = n
			}
		case "twosided":
			b, err := strconv.ParseBool(it.Value)
			if err != nil {
				return r, fmt.Errorf("resign rule %q: twosided=%q is neither true nor false", spec, it.Value)
			}
			r.TwoSided = b
		default:
			return r, fmt.Errorf("resign rule %q: unknown key %q (want movecount, score, twosided)", spec, it.Key)
		}
	}
	if r.MoveCount == 0 || r.Score == 0 {
		return r, fmt.Errorf("resign rule %q: movecount and score must both be at least 1", spec)
	}
	return r, nil
}

// adjudicator follows the engines' scores through a game and applies the
// draw, resign and maximum-length rules.
type adjudicator struct {
	draw     DrawRule
	resign   ResignRule
	maxMoves int // draw after this many moves (full moves of the game), 0 for none

	drawPlies int    // consecutive plies with a score within the draw margin
	losing    [2]int // consecutive own moves with a score ≤ -resign.Score
	winning   [2]int // consecutive own moves with a score ≥ +resign.Score
}

// verdict is an adjudication: the result and why.
type verdict struct {
	result string // "1-0", "0-1" or "1/2-1/2"
	reason string
}

// add records the score of the move side just played (from side's point
// of view, Valid false if the engine gave none); fullMove is the number
// of that move and plies the number of plies played so far in the game.
// It returns a verdict when a rule ends the game.
func (a *adjudicator) add(side chess.Color, s Score, fullMove, plies int) (verdict, bool) {
	cp := s.Centipawns()
	if a.draw.MoveCount > 0 {
		if s.Valid && abs(cp) <= a.draw.Score {
			a.drawPlies++
		} else {
			a.drawPlies = 0
		}
		if fullMove >= a.draw.MoveNumber && a.drawPlies >= 2*a.draw.MoveCount {
			return verdict{"1/2-1/2", fmt.Sprintf("draw by adjudication: both scores within %d cp for %d moves", a.draw.Score, a.draw.MoveCount)}, true
		}
	}
	if a.resign.MoveCount > 0 {
		a.losing[side] = countIf(a.losing[side], s.Valid && cp <= -a.resign.Score)
		a.winning[side] = countIf(a.winning[side], s.Valid && cp >= a.resign.Score)
		for _, loser := range []chess.Color{side, side.Other()} {
			if a.losing[loser] < a.resign.MoveCount {
				continue
			}
			if a.resign.TwoSided && a.winning[loser.Other()] < a.resign.MoveCount {
				continue
			}
			result := "0-1"
			if loser == chess.Black {
				result = "1-0"
			}
			return verdict{result, fmt.Sprintf("%s resigns by adjudication: score at or below -%d cp for %d moves", colorName(loser), a.resign.Score, a.resign.MoveCount)}, true
		}
	}
	if a.maxMoves > 0 && plies >= 2*a.maxMoves {
		return verdict{"1/2-1/2", fmt.Sprintf("draw by adjudication: game reached %d moves", a.maxMoves)}, true
	}
	return verdict{}, false
}

// countIf returns n+1 if cond holds, else 0.
func countIf(n int, cond bool) int {
	if cond {
		return n + 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// colorName returns "White" or "Black".
func colorName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}
