package web

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/analysis"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// The evaluation graph: each position of a game is searched for
// evalTime (at most evalDepth plies); scores are capped at
// analysis.Cap centipawns so that a mate does not flatten the rest of
// the plot.
const (
	evalTime  = 60 * time.Millisecond
	evalDepth = 14
)

// EvalMark is a move after which the evaluation dropped for its player.
type EvalMark struct {
	Ply  int    `json:"ply"` // 1 for the first move
	SAN  string `json:"san"`
	Drop int    `json:"drop"` // centipawns lost
	Kind string `json:"kind"` // "mistake" or "blunder"
}

// EvalsAnswer is the answer of GET /api/games/{id}/evals.
type EvalsAnswer struct {
	// Evals has one score per position from the start, in centipawns
	// for White, capped at ±1000.
	Evals []int      `json:"evals"`
	Marks []EvalMark `json:"marks"`
}

// handleEvals answers GET /api/games/{id}/evals: the evaluation of each
// position of the game, computed once and kept with the game.
func (s *Server) handleEvals(w http.ResponseWriter, r *http.Request) {
	ss, err := s.sessionFor(r)
	if err != nil {
		writeError(w, err)
		return
	}
	ss.mu.Lock()
	rec := ss.rec
	evals := rec.Evals
	n := len(rec.Moves)
	moves := append([]MoveRecord(nil), rec.Moves...)
	startFEN := rec.StartFEN
	ss.mu.Unlock()

	if len(evals) != n+1 {
		if evals, err = ss.computeEvals(startFEN, moves); err != nil {
			writeError(w, err)
			return
		}
		ss.mu.Lock()
		if len(ss.rec.Moves) == n {
			ss.rec.Evals = evals
			ss.saveLocked()
		}
		ss.mu.Unlock()
	}
	writeJSON(w, http.StatusOK, EvalsAnswer{Evals: evals, Marks: evalMarks(startFEN, moves, evals)})
}

// computeEvals searches every position of a game with a helper searcher
// of its own, holding the game's helper lock (one such search per game at
// a time).
func (ss *session) computeEvals(startFEN string, moves []MoveRecord) ([]int, error) {
	p, err := chess.ParseFEN(startFEN)
	if err != nil {
		return nil, err
	}
	ss.auxMu.Lock()
	defer ss.auxMu.Unlock()
	if !ss.srv.track() {
		return nil, errorf(http.StatusServiceUnavailable, "the server is shutting down")
	}
	defer ss.srv.wg.Done()
	stop, release := ss.srv.stopOnClose()
	defer release()
	searcher := ss.srv.newSearcher(auxHashMB)
	evals := make([]int, 0, len(moves)+1)
	for i := 0; ; i++ {
		if stop.Load() {
			return nil, errorf(http.StatusServiceUnavailable, "the server is shutting down")
		}
		evals = append(evals, evalPosition(searcher, p, stop))
		if i == len(moves) {
			break
		}
		m, err := p.ParseUCI(moves[i].UCI)
		if err != nil {
			return nil, err
		}
		p.MakeMove(m)
	}
	return evals, nil
}

// evalPosition returns the capped evaluation of p for White.
func evalPosition(searcher *engine.Searcher, p *chess.Position, stop *atomic.Bool) int {
	score, _ := analysis.Evaluate(searcher, p, engine.Limits{MoveTime: evalTime, Depth: evalDepth, Stop: stop})
	return score
}

// evalMarks lists the moves after which the evaluation dropped by at
// least analysis.MistakeDrop for the side that made them.
func evalMarks(startFEN string, moves []MoveRecord, evals []int) []EvalMark {
	marks := []EvalMark{}
	p, err := chess.ParseFEN(startFEN)
	if err != nil || len(evals) != len(moves)+1 {
		return marks
	}
	for _, m := range analysis.Marks(evals, p.SideToMove() == chess.White) {
		marks = append(marks, EvalMark{Ply: m.Ply, SAN: moves[m.Ply-1].SAN, Drop: m.Drop, Kind: m.Kind})
	}
	return marks
}
