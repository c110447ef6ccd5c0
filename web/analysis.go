package web

import (
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/engine"
)

// maxLines bounds the lines of an analysis.
const maxLines = 5

// analysisHashMB is the transposition table of each analysis.
const analysisHashMB = 16

// handleAnalysis answers GET /api/analysis?fen=FEN&lines=N with a stream
// of server-sent events: the engine analyses the position (an infinite
// search with Limits.MultiPV lines) until the page closes the stream.
// Each "line" event is an InfoView with Line set (1 is the best line);
// the lines of one depth come in order, then the next depth's. A finished
// position gets one "over" event.
func (s *Server) handleAnalysis(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p, err := fenParam(r)
	if err != nil {
		writeError(w, err)
		return
	}
	lines := 1
	if raw := q.Get("lines"); raw != "" {
		if lines, err = strconv.Atoi(raw); err != nil || lines < 1 || lines > maxLines {
			writeError(w, errorf(http.StatusBadRequest, "lines must be 1 to %d, not %q", maxLines, raw))
			return
		}
	}
	if err := s.takeAnalysis(r); err != nil {
		writeError(w, err)
		return
	}
	defer func() { <-s.analyses }()
	if !s.track() {
		writeError(w, errorf(http.StatusServiceUnavailable, "the server is shutting down"))
		return
	}
	defer s.wg.Done()
	fl, err := startSSE(w)
	if err != nil {
		writeError(w, err)
		return
	}

	stop := new(atomic.Bool)
	finished := make(chan struct{})
	defer close(finished)
	go func() {
		select {
		case <-r.Context().Done():
		case <-s.done:
		case <-finished:
		}
		stop.Store(true)
	}()
	send := func(name string, v any) bool {
		ev, err := newEvent(name, v)
		if err == nil {
			err = writeEvent(w, ev)
		}
		if err != nil {
			stop.Store(true)
			return false
		}
		fl.Flush()
		return true
	}

	if reason, result := boardEnding(p); reason != "" {
		send("over", map[string]string{"reason": reason, "result": result})
		waitStop(r, s)
		return
	}
	searcher := s.newSearcher(analysisHashMB)
	searcher.OnInfo = func(in engine.Info) {
		if in.Bound != engine.BoundExact || len(in.PV) == 0 {
			return // a line still moving inside its aspiration window
		}
		v := infoView(p, 0, in)
		v.Line = max(in.MultiPV, 1)
		send("line", v)
	}
	searcher.Search(p.Copy(), engine.Limits{Infinite: true, MultiPV: lines, Stop: stop})
	waitStop(r, s)
}

// waitStop waits until the page closes the stream or the server closes.
func waitStop(r *http.Request, s *Server) {
	select {
	case <-r.Context().Done():
	case <-s.done:
	}
}

// takeAnalysis takes a place for r's analysis, waiting up to
// Config.AnalysisWait for one to free. The caller gives it back.
func (s *Server) takeAnalysis(r *http.Request) error {
	select {
	case s.analyses <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(s.cfg.AnalysisWait)
	defer t.Stop()
	select {
	case s.analyses <- struct{}{}:
		return nil
	case <-s.done:
		return errorf(http.StatusServiceUnavailable, "the server is shutting down")
	case <-r.Context().Done():
		// The client went away; nobody reads the answer.
	case <-t.C:
	}
	return errorf(http.StatusTooManyRequests, "%d analyses are running already: close one (another tab's analysis) first", cap(s.analyses))
}
