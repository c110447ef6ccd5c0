package cli

import (
	"strings"

	"github.com/ferzchess/ferz/chess"
)

// boardStyle says how a board is drawn.
type boardStyle struct {
	ascii bool // plain letters, dark squares marked with X
	color bool // ANSI colours: square backgrounds, last move and check
}

// The pieces as Unicode glyphs, indexed by chess.PieceType: outlined for
// White and solid for Black. In colour the solid ones serve both sides,
// told apart by their colour.
var (
	whiteGlyphs = [7]string{"", "♙", "♘", "♗", "♖", "♕", "♔"}
	blackGlyphs = [7]string{"", "♟", "♞", "♝", "♜", "♛", "♚"}
)

// ANSI escape sequences of the coloured board (256-colour palette).
const (
	ansiReset    = "\x1b[0m"
	bgLight      = "\x1b[48;5;223m"
	bgDark       = "\x1b[48;5;137m"
	bgLightMoved = "\x1b[48;5;229m"
	bgDarkMoved  = "\x1b[48;5;143m"
	bgCheck      = "\x1b[48;5;167m"
	fgWhitePiece = "\x1b[1;38;5;231m"
	fgBlackPiece = "\x1b[38;5;16m"
)

// isDark reports whether s is a dark square: the parity of its rank and
// file, a1 (0, 0) being dark.
func isDark(s chess.Square) bool {
	return (s.File()+s.Rank())%2 == 0
}

// drawBoard returns p drawn as seen by the player of colour bottom, with
// the coordinates around it and one line per rank.
func drawBoard(p *chess.Position, bottom chess.Color, st boardStyle) string {
	files := []int{0, 1, 2, 3, 4, 5, 6, 7}
	ranks := []int{7, 6, 5, 4, 3, 2, 1, 0}
	if bottom == chess.Black {
		files = []int{7, 6, 5, 4, 3, 2, 1, 0}
		ranks = []int{0, 1, 2, 3, 4, 5, 6, 7}
	}
	cell := 2 // the piece and a space
	if st.color {
		cell = 3 // a space each side of the piece, on the square's colour
	}
	var sb strings.Builder
	header := func() {
		line := "   "
		for _, f := range files {
			name := string(rune('a' + f))
			if cell == 3 {
				line += " " + name + " "
			} else {
				line += name + " "
			}
		}
		sb.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	from, to := lastMoveSquares(p)
	check := chess.NoSquare
	if p.InCheck() {
		check = p.KingSquare(p.SideToMove())
	}
	header()
	for _, r := range ranks {
		sb.WriteString(" " + string(rune('1'+r)) + " ")
		for _, f := range files {
			s := chess.NewSquare(f, r)
			if st.color {
				sb.WriteString(colorCell(p.PieceAt(s), isDark(s), s == from || s == to, s == check))
			} else {
				sb.WriteString(plainCell(p.PieceAt(s), isDark(s), st.ascii) + " ")
			}
		}
		if st.color {
			sb.WriteString(" ")
		}
		sb.WriteString(string(rune('1'+r)) + "\n")
	}
	header()
	return sb.String()
}

// plainCell draws one square without colour: the piece, or for an empty
// square "." ("·" in Unicode), with "X" for the dark squares in ASCII.
func plainCell(pc chess.Piece, dark, ascii bool) string {
	switch {
	case pc != chess.NoPiece && ascii:
		return pc.String()
	case pc != chess.NoPiece && pc.Color() == chess.White:
		return whiteGlyphs[pc.Type()]
	case pc != chess.NoPiece:
		return blackGlyphs[pc.Type()]
	case ascii && dark:
		return "X"
	case ascii:
		return "."
	default:
		return "·"
	}
}

// colorCell draws one square three characters wide on its background:
// highlighted when it is part of the last move, red for a king in check.
func colorCell(pc chess.Piece, dark, moved, check bool) string {
	bg := bgLight
	switch {
	case check:
		bg = bgCheck
	case moved && dark:
		bg = bgDarkMoved
	case moved:
		bg = bgLightMoved
	case dark:
		bg = bgDark
	}
	switch {
	case pc == chess.NoPiece:
		return bg + "   " + ansiReset
	case pc.Color() == chess.White:
		return bg + fgWhitePiece + " " + blackGlyphs[pc.Type()] + " " + ansiReset
	default:
		return bg + fgBlackPiece + " " + blackGlyphs[pc.Type()] + " " + ansiReset
	}
}

// lastMoveSquares returns the squares the last move left and reached (for
// castling, the king's), or NoSquare twice when no move has been made.
func lastMoveSquares(p *chess.Position) (from, to chess.Square) {
	m := p.LastMove()
	if m == chess.NullMove {
		return chess.NoSquare, chess.NoSquare
	}
	from, to = m.From(), m.To()
	if m.Kind() == chess.Castling {
		file := 2 // queenside: the king goes to the c-file
		if to.File() > from.File() {
			file = 6
		}
		to = chess.NewSquare(file, from.Rank())
	}
	return from, to
}
