package cli

import (
	"fmt"

	"github.com/ferzchess/ferz/chess"
)

// outcome is how a game ended: its PGN result and the reason in words.
// The zero outcome is a game still going on.
type outcome struct {
	result string // "1-0", "0-1" or "1/2-1/2"; "" while the game goes on
	reason string // "checkmate", "stalemate", ...
}

// over reports whether the game has ended.
func (o outcome) over() bool { return o.result != "" }

// String announces the end, such as "1-0, White wins by checkmate".
func (o outcome) String() string {
	switch o.result {
	case "1-0":
		return "1-0, White wins by " + o.reason
	case "0-1":
		return "0-1, Black wins by " + o.reason
	case "":
		return "the game goes on"
	default:
		return "1/2-1/2, draw by " + o.reason
	}
}

// win returns the outcome of a win for c.
func win(c chess.Color, reason string) outcome {
	if c == chess.White {
		return outcome{"1-0", reason}
	}
	return outcome{"0-1", reason}
}

// positionOutcome returns how the game stands in p. Besides the endings
// the rules impose (mate, stalemate, fivefold repetition, the 75-move rule,
// insufficient material), the draws a player may claim (threefold
// repetition, 50 moves) end the game too: the player on move claims them.
func positionOutcome(p *chess.Position) outcome {
	switch st := p.Status(); st {
	case chess.Ongoing:
	case chess.Checkmate:
		return win(p.SideToMove().Other(), "checkmate")
	case chess.Stalemate:
		return outcome{"1/2-1/2", "stalemate"}
	case chess.FivefoldRepetition:
		return outcome{"1/2-1/2", "fivefold repetition"}
	case chess.SeventyFiveMoveRule:
		return outcome{"1/2-1/2", "the 75-move rule"}
	case chess.InsufficientMaterial:
		return outcome{"1/2-1/2", "insufficient material"}
	default:
		return outcome{"1/2-1/2", fmt.Sprint(st)}
	}
	switch {
	case p.CanClaimThreefold():
		return outcome{"1/2-1/2", "threefold repetition"}
	case p.CanClaimFiftyMoves():
		return outcome{"1/2-1/2", "the 50-move rule"}
	}
	return outcome{}
}

// timeOutcome returns the outcome when c's flag falls: a loss, or a draw
// if the opponent has only its king left and so cannot win.
func timeOutcome(p *chess.Position, c chess.Color) outcome {
	if p.ColorPieces(c.Other()).Count() == 1 {
		return outcome{"1/2-1/2", "timeout against a lone king"}
	}
	return win(c.Other(), "time")
}
