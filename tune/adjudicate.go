package tune

import (
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// Adjudication ends self-play games early when their result is clear.
type Adjudication struct {
	// WinScore and WinPlies: the game is won when the score (from
	// White's point of view) has been at least WinScore in favour of the
	// same side for WinPlies plies in a row, both engines agreeing.
	WinScore, WinPlies int
	// DrawScore, DrawPlies and DrawAfter: the game is drawn when, from
	// ply DrawAfter on, the score has been within DrawScore of 0 for
	// DrawPlies plies in a row.
	DrawScore, DrawPlies, DrawAfter int
	// MaxPlies draws a game that lasts this many plies.
	MaxPlies int
}

// DefaultAdjudication wins after four moves each at 10 pawns or more,
// draws after four moves each within 0.1 pawn past move 40, and draws at
// ply 400.
var DefaultAdjudication = Adjudication{
	WinScore: 1000, WinPlies: 8,
	DrawScore: 10, DrawPlies: 8, DrawAfter: 80,
	MaxPlies: 400,
}

// adjudicator follows a game's scores.
type adjudicator struct {
	Adjudication
	winStreak  int // plies in a row at +WinScore (positive) or -WinScore (negative)
	drawStreak int
}

// Reasons a game ended.
const (
	endRules    = "rules"
	endWinScore = "score"
	endDrawn    = "draw score"
	endMaxPlies = "ply cap"
)

// byRules returns the result of a game standing at p by the rules
// (mate, stalemate, repetition, 50 moves, insufficient material), and
// whether it is over. Draws a player could claim count as draws.
func byRules(p *chess.Position) (float64, bool) {
	switch p.Status() {
	case chess.Ongoing:
		if p.CanClaimThreefold() || p.CanClaimFiftyMoves() {
			return 0.5, true
		}
		return 0, false
	case chess.Checkmate:
		if p.SideToMove() == chess.White {
			return 0, true
		}
		return 1, true
	}
	return 0.5, true
}

// score records the score for White (a search's score at game ply ply,
// ply counted from the opening) and returns the result when the game
// can be adjudicated.
func (a *adjudicator) score(white, ply int) (float64, string, bool) {
	if engine.IsMateScore(white) {
		white = max(min(white, 1), -1) * engine.MateScore
	}
	switch {
	case white >= a.WinScore:
		a.winStreak = max(a.winStreak, 0) + 1
	case white <= -a.WinScore:
		a.winStreak = min(a.winStreak, 0) - 1
	default:
		a.winStreak = 0
	}
	if ply >= a.DrawAfter && abs(white) <= a.DrawScore {
		a.drawStreak++
	} else {
		a.drawStreak = 0
	}
	switch {
	case a.WinPlies > 0 && a.winStreak >= a.WinPlies:
		return 1, endWinScore, true
	case a.WinPlies > 0 && -a.winStreak >= a.WinPlies:
		return 0, endWinScore, true
	case a.DrawPlies > 0 && a.drawStreak >= a.DrawPlies:
		return 0.5, endDrawn, true
	case a.MaxPlies > 0 && ply+1 >= a.MaxPlies:
		return 0.5, endMaxPlies, true
	}
	return 0, "", false
}
