package web

import (
	"github.com/ferzchess/ferz/chess"
)

// colorName returns "white" or "black".
func colorName(c chess.Color) string {
	if c == chess.Black {
		return "black"
	}
	return "white"
}

// PositionView is a position as the page needs it to show a board.
type PositionView struct {
	FEN  string `json:"fen"`
	Turn string `json:"turn"`
	// Check is the square of the king in check, or "".
	Check string `json:"check"`
	// Dests maps each square with a movable piece to its destinations
	// (castling as the king's move; a promotion once per square).
	Dests map[string][]string `json:"dests"`
	// Status is "" while the game goes on, else how it ended on the
	// board ("checkmate", "stalemate", ...).
	Status string `json:"status"`
}

// destsOf returns the legal destinations of p's pieces by square.
func destsOf(p *chess.Position) map[string][]string {
	dests := map[string][]string{}
	seen := map[string]bool{}
	for _, m := range p.LegalMoves() {
		u := p.UCI(m)
		from, to := u[0:2], u[2:4]
		if seen[from+to] {
			continue
		}
		seen[from+to] = true
		dests[from] = append(dests[from], to)
	}
	return dests
}

// checkSquare returns the square of the king in check in p, or "".
func checkSquare(p *chess.Position) string {
	if !p.InCheck() {
		return ""
	}
	return p.KingSquare(p.SideToMove()).String()
}

// positionView describes p; movable says whether to list the moves.
func positionView(p *chess.Position, movable bool) PositionView {
	v := PositionView{FEN: p.FEN(), Turn: colorName(p.SideToMove()), Check: checkSquare(p), Dests: map[string][]string{}}
	if reason, _ := boardEnding(p); reason != "" {
		v.Status = reason
	} else if movable {
		v.Dests = destsOf(p)
	}
	return v
}

// boardEnding says whether the game ends in p by the rules of the board:
// the reason and the result, or "" and "*". Threefold repetition and the
// 50-move rule end a game against Ferz at once, as if claimed.
func boardEnding(p *chess.Position) (reason, result string) {
	switch st := p.Status(); st {
	case chess.Checkmate:
		if p.SideToMove() == chess.White {
			return "checkmate", "0-1"
		}
		return "checkmate", "1-0"
	case chess.Stalemate:
		return "stalemate", "1/2-1/2"
	case chess.FivefoldRepetition, chess.SeventyFiveMoveRule:
		return st.String(), "1/2-1/2"
	case chess.InsufficientMaterial:
		return "insufficient material", "1/2-1/2"
	}
	if p.CanClaimThreefold() {
		return "threefold repetition", "1/2-1/2"
	}
	if p.CanClaimFiftyMoves() {
		return "fifty-move rule", "1/2-1/2"
	}
	return "", "*"
}

// canMate reports whether side c has enough material to mate in some
// line of play: more than a lone king, a king and a knight, or a king and
// a bishop. It decides a flag fall: a side that cannot mate does not win
// on time.
func canMate(p *chess.Position, c chess.Color) bool {
	if p.Pieces(c, chess.Pawn)|p.Pieces(c, chess.Rook)|p.Pieces(c, chess.Queen) != 0 {
		return true
	}
	minors := p.Pieces(c, chess.Knight) | p.Pieces(c, chess.Bishop)
	return minors&(minors-1) != 0
}
