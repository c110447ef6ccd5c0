package web

import (
	"fmt"
	"net/http"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/syzygy"
)

// tablebaseView is the answer of GET /api/tablebase: what the Syzygy
// tables say about a position.
type tablebaseView struct {
	// Found reports whether the position is in the tables; if not, Reason
	// says why (no tables, too many pieces, castling rights, a table
	// missing).
	Found  bool   `json:"found"`
	Reason string `json:"reason,omitempty"`
	// WDL is the result for the side to move as if the halfmove clock
	// were zero: "win", "cursed win", "draw", "blessed loss" or "loss".
	WDL string `json:"wdl,omitempty"`
	// DTZ is the distance to zeroing in plies, signed for the side to
	// move (see syzygy.Tables.ProbeDTZ); 0 for a draw or without the DTZ
	// tables (HasDTZ false).
	DTZ    int  `json:"dtz"`
	HasDTZ bool `json:"hasDtz"`
	// Text says it for people: "White wins · DTZ 17", "Draw", ...
	Text string `json:"text,omitempty"`
	// Moves are the legal moves, best first.
	Moves []tablebaseMove `json:"moves,omitempty"`
}

// tablebaseMove is one legal move as the tables rate it.
type tablebaseMove struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	// WDL is the result for the side that plays the move, with the
	// position's halfmove clock counted under the 50-move rule.
	WDL string `json:"wdl"`
	// DTZ counts from before the move, the move included (0 for a draw
	// or without the DTZ tables).
	DTZ int `json:"dtz"`
	// Best marks the moves of the best rank: they keep the best result
	// and make progress towards it.
	Best bool `json:"best"`
}

// tablebaseHandler answers GET /api/tablebase?fen=FEN with a
// tablebaseView. Tables may be nil (no tables: nothing is found).
type tablebaseHandler struct {
	tables *syzygy.Tables
}

// ServeHTTP probes the tables for the position in the fen parameter.
func (h tablebaseHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p, err := fenParam(r)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, lookUpTablebase(h.tables, p))
}

// lookUpTablebase probes p (which it leaves as it was).
func lookUpTablebase(tables *syzygy.Tables, p *chess.Position) tablebaseView {
	pieces := p.Occupied().Count()
	switch {
	case tables.Count() == 0:
		return tablebaseView{Reason: "no tablebases (ferz play -tb DIR)"}
	case pieces > tables.MaxPieces():
		return tablebaseView{Reason: fmt.Sprintf("%d pieces: the tablebases hold positions of up to %d", pieces, tables.MaxPieces())}
	case p.Castling() != chess.NoCastling:
		return tablebaseView{Reason: "castling rights: the tablebases hold positions without them"}
	}
	wdl, ok := tables.ProbeWDL(p)
	if !ok {
		return tablebaseView{Reason: "a table this position needs is missing or broken"}
	}
	v := tablebaseView{Found: true, WDL: wdl.String()}
	v.DTZ, v.HasDTZ = tables.ProbeDTZ(p)
	moves, _ := tables.RankRootMoves(p, true)
	for _, m := range moves {
		v.Moves = append(v.Moves, tablebaseMove{
			UCI: p.UCI(m.Move), SAN: p.SAN(m.Move), WDL: m.WDL.String(), DTZ: m.DTZ,
			Best: m.Rank == moves[0].Rank,
		})
	}
	var clockWDL syzygy.WDL = wdl
	if len(moves) > 0 {
		clockWDL = moves[0].WDL
	}
	v.Text = tablebaseText(p, wdl, clockWDL, v.DTZ, v.HasDTZ)
	return v
}

// tablebaseText describes a result: wdl as the tables give it, clockWDL
// the result with the position's halfmove clock counted.
func tablebaseText(p *chess.Position, wdl, clockWDL syzygy.WDL, dtz int, hasDTZ bool) string {
	if wdl == syzygy.Draw {
		return "Draw"
	}
	stm := p.SideToMove()
	winner := stm
	if wdl < 0 {
		winner = stm.Other()
	}
	text := sideName(winner) + " wins"
	switch {
	case wdl == syzygy.CursedWin || wdl == syzygy.BlessedLoss:
		text += ", but the 50-move rule makes it a draw"
	case clockWDL != wdl && p.HalfmoveClock() > 0:
		text += fmt.Sprintf(", but with the halfmove clock at %d the 50-move rule makes it a draw", p.HalfmoveClock())
	}
	if hasDTZ {
		text += fmt.Sprintf(" · DTZ %d", max(dtz, -dtz))
	}
	return text
}

// sideName returns "White" or "Black".
func sideName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}
