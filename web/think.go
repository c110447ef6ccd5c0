package web

import (
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// InfoView is the engine's progress on a search, as the page shows it.
type InfoView struct {
	// Ply is the number of moves played before the searched position;
	// the page drops output about a position it no longer shows.
	Ply   int `json:"ply"`
	Depth int `json:"depth"`
	// ScoreCp is the evaluation in centipawns for White; Mate, when not
	// zero, is a forced mate in that many moves (positive for White).
	ScoreCp int      `json:"scoreCp"`
	Mate    int      `json:"mate"`
	Bound   string   `json:"bound,omitempty"`
	Nodes   uint64   `json:"nodes"`
	NPS     uint64   `json:"nps"`
	TimeMs  int64    `json:"timeMs"`
	PV      []string `json:"pv"`    // SAN
	PVUCI   []string `json:"pvUci"` // UCI
	// Line numbers a line of a multi-line analysis (1 is the best).
	Line int `json:"line,omitempty"`
}

// infoView converts an engine report on position p (not modified) into
// an InfoView with the score for White and the line in SAN.
func infoView(p *chess.Position, ply int, in engine.Info) InfoView {
	v := InfoView{Ply: ply, Depth: in.Depth, Nodes: in.Nodes, TimeMs: in.Time.Milliseconds(), PV: []string{}, PVUCI: []string{}}
	if in.Time > 0 {
		v.NPS = uint64(float64(in.Nodes) / in.Time.Seconds())
	}
	score := in.Score
	if p.SideToMove() == chess.Black {
		score = -score
	}
	if engine.IsMateScore(in.Score) {
		v.Mate = engine.MateIn(in.Score)
		if p.SideToMove() == chess.Black {
			v.Mate = -v.Mate
		}
	}
	v.ScoreCp = score
	switch in.Bound {
	case engine.BoundLower:
		v.Bound = "lower"
	case engine.BoundUpper:
		v.Bound = "upper"
	}
	q := p.Copy()
	for _, m := range in.PV {
		if !q.IsLegal(m) {
			break
		}
		v.PV = append(v.PV, q.SAN(m))
		v.PVUCI = append(v.PVUCI, q.UCI(m))
		q.MakeMove(m)
	}
	return v
}

// thinkLocked starts the engine's search for its move in a goroutine of
// its own. The goroutine waits for the previous search of this game to
// end (they share the Searcher), searches without holding the lock, and
// plays its move only if nothing changed the game meanwhile.
func (s *session) thinkLocked() {
	if s.thinking || !s.srv.track() {
		return
	}
	s.thinking = true
	stop := new(atomic.Bool)
	s.stop = stop
	prev := s.searchDone
	done := make(chan struct{})
	s.searchDone = done
	gen := s.gen
	ply := len(s.rec.Moves)
	pos := s.pos.Copy()
	view := s.pos.Copy()
	st := s.rec.Settings
	limits := engine.Limits{Elo: st.Elo, Stop: stop}
	if st.timed() {
		limits.Time = durationMs(max(s.clockLocked(pos.SideToMove(), time.Now()), 1))
		limits.Increment = durationMs(st.IncrementMs)
		limits.Overhead = 50 * time.Millisecond
	} else {
		limits.MoveTime = s.srv.cfg.MoveTime
	}
	if s.searcher == nil {
		s.searcher = engine.NewSearcher(engine.NewTT(s.srv.cfg.HashMB))
	}
	searcher := s.searcher
	go func() {
		defer s.srv.wg.Done()
		defer close(done)
		if prev != nil {
			<-prev
		}
		if stop.Load() {
			return
		}
		searcher.OnInfo = func(in engine.Info) {
			v := infoView(view, ply, in)
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.gen == gen && len(s.rec.Moves) == ply {
				s.lastInfo = &v
				s.broadcastLocked("info", v)
			}
		}
		res := searcher.Search(pos, limits)
		searcher.OnInfo = nil
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.gen != gen || len(s.rec.Moves) != ply || s.rec.over() {
			return // taken back, ended or stopped meanwhile
		}
		s.thinking = false
		now := time.Now()
		if s.checkFlagLocked(now) {
			return
		}
		if res.Move == chess.NullMove || !s.pos.IsLegal(res.Move) {
			// Cannot happen in a position that is not over; never
			// leave the game stuck if it does.
			s.srv.logf("web: game %d: engine found no move in %s", s.id, s.pos.FEN())
			return
		}
		s.playLocked(res.Move, now, false)
	}()
}
