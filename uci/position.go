package uci

import (
	"strings"

	"github.com/ferzchess/ferz/chess"
)

// position sets up "startpos" or "fen <fen>" and plays the moves after
// "moves"; on any error the previous position stays.
func (e *Engine) position(args []string) {
	if len(args) == 0 {
		e.printf("info string position: want startpos or fen")
		return
	}
	var fen string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fen = chess.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		e.printf("info string position: want startpos or fen, not %q", args[0])
		return
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		e.printf("info string position: %v", err)
		return
	}
	if e.opts.chess960 {
		p.SetChess960(true)
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			e.printf("info string position: unexpected %q", rest[0])
			return
		}
		for _, s := range rest[1:] {
			m, err := p.ParseUCI(s)
			if err != nil {
				e.printf("info string position: %v", err)
				return
			}
			p.MakeMove(m)
		}
	}
	e.pos = p
}
