package web

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// MoveRequest is the body of POST /api/games/{id}/move.
type MoveRequest struct {
	// Move is the person's move in any notation chess.Position.ParseMove
	// reads: "e4", "Nf3", "E2-E4", "e2e4", "e7e8q".
	Move string `json:"move"`
	// Ply, if given, is the number of moves the page saw played; a move
	// sent from a stale page (another tab moved) is refused.
	Ply *int `json:"ply"`
}

// maxMoveText bounds the length of a typed move.
const maxMoveText = 32

// action runs f on the session of the request under its lock and answers
// with the game's state, or with f's error (the game unchanged).
func (s *Server) action(w http.ResponseWriter, r *http.Request, body any, f func(ss *session) error) {
	if body != nil {
		if err := readJSON(w, r, maxJSONBody, body); err != nil {
			writeError(w, err)
			return
		}
	}
	ss, err := s.sessionFor(r)
	if err != nil {
		writeError(w, err)
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if err := f(ss); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, ss.viewLocked(time.Now()))
}

// handleMove answers POST /api/games/{id}/move: the person's move.
func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	var req MoveRequest
	s.action(w, r, &req, func(ss *session) error {
		if req.Move == "" {
			return errorf(http.StatusBadRequest, "the move is missing: send {\"move\": \"e4\"}")
		}
		if len(req.Move) > maxMoveText {
			return errorf(http.StatusBadRequest, "the move is too long (%d bytes, at most %d)", len(req.Move), maxMoveText)
		}
		if err := ss.canActLocked(); err != nil {
			return err
		}
		if req.Ply != nil && *req.Ply != len(ss.rec.Moves) {
			return errorf(http.StatusConflict, "the game has moved on (%d moves played, not %d): reload it", len(ss.rec.Moves), *req.Ply)
		}
		if !ss.humanToMoveLocked() {
			return errorf(http.StatusConflict, "it is Ferz's turn, not yours")
		}
		now := time.Now()
		if ss.checkFlagLocked(now) {
			return errorf(http.StatusConflict, "your time is up: the game is over")
		}
		m, err := ss.pos.ParseMove(req.Move)
		if err != nil {
			return errorf(http.StatusUnprocessableEntity, "%v", err)
		}
		ss.playLocked(m, now, false)
		return nil
	})
}

// canActLocked refuses actions on a game that is over or imported.
func (ss *session) canActLocked() error {
	switch {
	case ss.rec.imported():
		return errorf(http.StatusConflict, "game %d is an imported game: it can be replayed and analysed, not played", ss.id)
	case ss.rec.over():
		return errorf(http.StatusConflict, "game %d is over (%s, %s)", ss.id, ss.rec.Result, ss.rec.Reason)
	}
	return nil
}

// handleTakeBack answers POST /api/games/{id}/takeback: the person's
// last move and the engine's reply are undone.
func (s *Server) handleTakeBack(w http.ResponseWriter, r *http.Request) {
	s.action(w, r, nil, func(ss *session) error { return ss.takeBackLocked() })
}

// handleResign answers POST /api/games/{id}/resign.
func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	s.action(w, r, nil, func(ss *session) error {
		if err := ss.canActLocked(); err != nil {
			return err
		}
		result := "0-1"
		if ss.rec.Settings.humanColor() == chess.Black {
			result = "1-0"
		}
		ss.endLocked(result, "resignation")
		return nil
	})
}

// Draw offers: the engine accepts when a short search scores the
// position within drawScore centipawns of equal and the game has reached
// move drawMinMove (a set-up position counts from its own move number),
// or when neither side has the material to mate.
const (
	drawScore   = 25
	drawMinMove = 20
)

// DrawAnswer is the answer of POST /api/games/{id}/draw.
type DrawAnswer struct {
	Accepted bool     `json:"accepted"`
	Message  string   `json:"message"`
	Game     GameView `json:"game"`
}

// handleDraw answers POST /api/games/{id}/draw: the person offers a
// draw, which the engine accepts or declines after a short search.
func (s *Server) handleDraw(w http.ResponseWriter, r *http.Request) {
	ss, p, ply, err := s.helperPosition(r, nil)
	if err != nil {
		writeError(w, err)
		return
	}
	res, err := ss.auxSearch(p, s.cfg.HintTime)
	if err != nil {
		writeError(w, err)
		return
	}
	accept := false
	msg := ""
	switch {
	case !canMate(p, chess.White) && !canMate(p, chess.Black):
		accept, msg = true, "Ferz accepts the draw: neither side can win."
	case p.FullmoveNumber() < drawMinMove:
		msg = "Ferz declines: it is too early for a draw."
	case abs(res.Score) <= drawScore && !engine.IsMateScore(res.Score):
		accept, msg = true, "Ferz accepts the draw."
	default:
		msg = "Ferz declines the draw: it sees more in the position."
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if len(ss.rec.Moves) != ply || ss.rec.over() {
		writeError(w, errorf(http.StatusConflict, "the game changed while Ferz considered the offer"))
		return
	}
	if accept {
		ss.endLocked("1/2-1/2", "agreement")
	}
	writeJSON(w, http.StatusOK, DrawAnswer{Accepted: accept, Message: msg, Game: ss.viewLocked(time.Now())})
}

// auxHashMB is the table of a hint's, a draw offer's or the evaluation
// graph's search.
const auxHashMB = 4

// stopOnClose returns a stop flag that is set when the server closes; call
// release when the search is over.
func (s *Server) stopOnClose() (stop *atomic.Bool, release func()) {
	stop = new(atomic.Bool)
	finished := make(chan struct{})
	go func() {
		select {
		case <-s.done:
			stop.Store(true)
		case <-finished:
		}
	}()
	return stop, func() { close(finished) }
}

// abs returns the absolute value of x.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// HintAnswer is the answer of POST /api/games/{id}/hint.
type HintAnswer struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	// Book is set when the hint is the opening book's move (then Info
	// holds only the move as its line, with no search behind it).
	Book bool     `json:"book,omitempty"`
	Info InfoView `json:"info"`
}

// handleHint answers POST /api/games/{id}/hint: the move the engine
// would play in the person's place.
func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) {
	useBook := false
	ss, p, ply, err := s.helperPosition(r, func(ss *session) error {
		if !ss.humanToMoveLocked() {
			return errorf(http.StatusConflict, "a hint is for your turn; Ferz is to move")
		}
		useBook = !ss.rec.Settings.NoBook
		return nil
	})
	if err != nil {
		writeError(w, err)
		return
	}
	if b := s.cfg.Book; useBook && b != nil {
		// The book's most played move: a hint gives the main line.
		if m, ok := b.Best(p); ok {
			in := InfoView{Ply: ply, PV: []string{p.SAN(m)}, PVUCI: []string{p.UCI(m)}}
			writeJSON(w, http.StatusOK, HintAnswer{UCI: p.UCI(m), SAN: p.SAN(m), Book: true, Info: in})
			return
		}
	}
	res, err := ss.auxSearch(p, s.cfg.HintTime)
	if err != nil {
		writeError(w, err)
		return
	}
	if res.Move == chess.NullMove {
		writeError(w, errorf(http.StatusConflict, "there is no legal move to hint"))
		return
	}
	in := infoView(p, ply, engine.Info{Depth: res.Depth, Score: res.Score, Nodes: res.Nodes, PV: res.PV})
	writeJSON(w, http.StatusOK, HintAnswer{UCI: p.UCI(res.Move), SAN: p.SAN(res.Move), Info: in})
}

// helperPosition prepares a helper search on the game of a request (a
// hint, a draw offer): under the game's lock it checks that the game can
// be acted on (canActLocked, then check if not nil) and returns its
// session, a copy of its position and the number of moves played, so
// that the search runs without the lock.
func (s *Server) helperPosition(r *http.Request, check func(ss *session) error) (*session, *chess.Position, int, error) {
	ss, err := s.sessionFor(r)
	if err != nil {
		return nil, nil, 0, err
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if err := ss.canActLocked(); err != nil {
		return nil, nil, 0, err
	}
	if check != nil {
		if err := check(ss); err != nil {
			return nil, nil, 0, err
		}
	}
	return ss, ss.pos.Copy(), len(ss.rec.Moves), nil
}

// auxSearch searches p (its own copy) for up to d with a helper searcher
// of its own, one such search per game at a time. It gives up early when
// the server closes.
func (ss *session) auxSearch(p *chess.Position, d time.Duration) (engine.Result, error) {
	ss.auxMu.Lock()
	defer ss.auxMu.Unlock()
	if !ss.srv.track() {
		return engine.Result{}, errorf(http.StatusServiceUnavailable, "the server is shutting down")
	}
	defer ss.srv.wg.Done()
	stop, release := ss.srv.stopOnClose()
	defer release()
	return ss.srv.newSearcher(auxHashMB).Search(p, engine.Limits{MoveTime: d, Stop: stop}), nil
}
