package web

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// session is a game held in memory while the server runs: its record,
// its current position, its clocks, its engine and the pages that follow
// it. All fields are guarded by mu except where noted.
type session struct {
	srv *Server
	id  int64

	mu  sync.Mutex
	rec *Record
	pos *chess.Position
	// fens and checks are the position after each ply (index 0 is the
	// start) and the square of a king in check there, or "".
	fens   []string
	checks []string
	// turnStart is when the side to move's clock started.
	turnStart time.Time
	flagTimer *time.Timer
	// gen changes whenever the game changes in a way that makes a running
	// search's answer stale (a takeback, the end of the game).
	gen uint64
	// thinking is set while the engine searches for its move; stop stops
	// that search, and searchDone is closed when its goroutine ends.
	thinking   bool
	stop       *atomic.Bool
	searchDone chan struct{}
	// searcher is the engine that plays this game, made on first use and
	// dropped when the game ends; only the search goroutine uses it.
	searcher *engine.Searcher
	// rev counts the changes of the game, so that a page can tell a newer
	// state from an older one that arrives late.
	rev uint64
	// lastInfo is the engine's latest output on the current move.
	lastInfo *InfoView
	subs     map[chan event]struct{}

	// auxMu lets one helper search (a hint, a draw offer, the evaluation
	// graph) run at a time beside the engine that plays.
	auxMu sync.Mutex
}

// newSession makes the session of a stored game and, if the engine is to
// move, starts its search. The clock of the side to move starts now:
// time the server was down is not counted.
func newSession(srv *Server, rec *Record) (*session, error) {
	p, err := chess.ParseFEN(rec.StartFEN)
	if err != nil {
		return nil, err
	}
	s := &session{srv: srv, id: rec.ID, rec: rec, pos: p, subs: map[chan event]struct{}{}}
	s.fens = []string{p.FEN()}
	s.checks = []string{checkSquare(p)}
	for _, mr := range rec.Moves {
		m, err := p.ParseUCI(mr.UCI)
		if err != nil {
			return nil, err
		}
		p.MakeMove(m)
		s.fens = append(s.fens, p.FEN())
		s.checks = append(s.checks, checkSquare(p))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.turnStart = time.Now()
	s.startTurnLocked()
	return s, nil
}

// humanToMove reports whether it is the person's turn in a game that
// goes on.
func (s *session) humanToMoveLocked() bool {
	return !s.rec.over() && s.pos.SideToMove() == s.rec.Settings.humanColor()
}

// startTurnLocked starts the turn of the side to move: on the engine's
// turn, a move from the opening book is played at once; otherwise the
// flag timer is armed and, on the engine's turn, its search starts.
func (s *session) startTurnLocked() {
	if s.rec.over() {
		return
	}
	if !s.humanToMoveLocked() {
		if m, ok := s.bookMoveLocked(); ok {
			// A book move takes no time: it is played at the moment
			// the turn started.
			s.playLocked(m, s.turnStart, true)
			return
		}
	}
	s.armFlagLocked()
	if !s.humanToMoveLocked() {
		s.thinkLocked()
	}
}

// bookMoveLocked picks the engine's move from the opening book, at random
// in proportion to the book's weights, when the game has the book on and
// the book knows the position.
func (s *session) bookMoveLocked() (chess.Move, bool) {
	b := s.srv.cfg.Book
	if b == nil || s.rec.Settings.NoBook || s.srv.isClosed() {
		return chess.NullMove, false
	}
	return b.Pick(s.pos, nil)
}

// playLocked plays m for the side to move at time now: the clocks, the
// record, the end of the game, the store and the pages. fromBook marks a
// move the engine took from the opening book.
func (s *session) playLocked(m chess.Move, now time.Time, fromBook bool) {
	mover := s.pos.SideToMove()
	mr := MoveRecord{UCI: s.pos.UCI(m), SAN: s.pos.SAN(m), ThinkMs: now.Sub(s.turnStart).Milliseconds(), Book: fromBook}
	if s.rec.Settings.timed() {
		left := s.rec.ClockMs[mover] - mr.ThinkMs + s.rec.Settings.IncrementMs
		s.rec.ClockMs[mover] = left
		mr.ClockMs = left
	}
	s.pos.MakeMove(m)
	s.rec.Moves = append(s.rec.Moves, mr)
	s.fens = append(s.fens, s.pos.FEN())
	s.checks = append(s.checks, checkSquare(s.pos))
	s.turnStart = now
	s.rec.Updated = now
	s.lastInfo = nil
	if reason, result := boardEnding(s.pos); reason != "" {
		s.endLocked(result, reason)
		return
	}
	s.saveLocked()
	s.startTurnLocked()
	s.broadcastStateLocked()
}

// endLocked finishes the game: result and reason, timers and searches
// stopped, stored and announced.
func (s *session) endLocked(result, reason string) {
	now := time.Now()
	if s.rec.Settings.timed() && !s.rec.over() {
		s.rec.ClockMs[s.pos.SideToMove()] = max(0, s.clockLocked(s.pos.SideToMove(), now))
	}
	s.rec.Result, s.rec.Reason = result, reason
	s.rec.Updated = now
	s.turnStart = now
	s.haltLocked()
	s.searcher = nil // free the table of a finished game
	s.saveLocked()
	s.broadcastStateLocked()
}

// haltLocked stops the flag timer and any search, so that nothing runs
// for this game until it is started again.
func (s *session) haltLocked() {
	s.gen++
	if s.flagTimer != nil {
		s.flagTimer.Stop()
		s.flagTimer = nil
	}
	if s.stop != nil {
		s.stop.Store(true)
	}
	s.thinking = false
	s.lastInfo = nil
}

// saveLocked stores the record; a failure is logged, the game goes on.
func (s *session) saveLocked() {
	if err := s.srv.store.Save(s.rec); err != nil {
		s.srv.logf("web: %v", err)
	}
}

// close stops the session's timers and searches and stores its clocks as
// they stand, for a server that shuts down.
func (s *session) close() {
	s.mu.Lock()
	if !s.rec.over() && s.rec.Settings.timed() {
		now := time.Now()
		c := s.pos.SideToMove()
		s.rec.ClockMs[c] = max(0, s.clockLocked(c, now))
		s.rec.Updated = now
		s.saveLocked()
	}
	s.haltLocked()
	done := s.searchDone
	for ch := range s.subs {
		close(ch)
		delete(s.subs, ch)
	}
	s.mu.Unlock()
	if done != nil {
		<-done
	}
}
