package web

import (
	"net/http"
	"strings"

	"github.com/ferzchess/ferz/chess"
)

// PositionRequest is the body of POST /api/position: a position and,
// optionally, a move to play in it.
type PositionRequest struct {
	FEN  string `json:"fen"`
	Move string `json:"move"`
}

// PositionAnswer is the answer of POST /api/position.
type PositionAnswer struct {
	// Position is the position after the move (or the one given).
	Position PositionView `json:"position"`
	// SAN and UCI are the move played, if any.
	SAN string `json:"san,omitempty"`
	UCI string `json:"uci,omitempty"`
}

// handlePosition answers POST /api/position: it checks a FEN (for the
// set-up and analysis boards) and plays a move in it, changing nothing
// on the server.
func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request) {
	var req PositionRequest
	if err := readJSON(w, r, maxJSONBody, &req); err != nil {
		writeError(w, err)
		return
	}
	if req.FEN == "" {
		writeError(w, errorf(http.StatusBadRequest, "the fen is missing"))
		return
	}
	p, err := parseFEN(req.FEN)
	if err != nil {
		writeError(w, err)
		return
	}
	var ans PositionAnswer
	if req.Move != "" {
		if len(req.Move) > maxMoveText {
			writeError(w, errorf(http.StatusBadRequest, "the move is too long (%d bytes, at most %d)", len(req.Move), maxMoveText))
			return
		}
		m, err := p.ParseMove(req.Move)
		if err != nil {
			writeError(w, errorf(http.StatusUnprocessableEntity, "%v", err))
			return
		}
		ans.SAN, ans.UCI = p.SAN(m), p.UCI(m)
		p.MakeMove(m)
	}
	ans.Position = positionView(p, true)
	writeJSON(w, http.StatusOK, ans)
}

// maxFEN bounds the length of a FEN a request may give.
const maxFEN = 128

// parseFEN reads a FEN from a request, with a 400 error if it is bad.
// fenParam reads the position of a request's fen query parameter.
func fenParam(r *http.Request) (*chess.Position, error) {
	fen := r.URL.Query().Get("fen")
	if fen == "" {
		return nil, errorf(http.StatusBadRequest, "the fen parameter is missing")
	}
	return parseFEN(fen)
}

func parseFEN(fen string) (*chess.Position, error) {
	if len(fen) > maxFEN {
		return nil, errorf(http.StatusBadRequest, "the FEN is too long (%d bytes, at most %d)", len(fen), maxFEN)
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "bad FEN: %s", strings.TrimPrefix(err.Error(), "fen: "))
	}
	return p, nil
}
