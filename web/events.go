package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// event is one server-sent event: its name and its JSON data.
type event struct {
	name string
	data []byte
}

// subscriberBuffer is how many events a slow page may fall behind before
// it is dropped (its EventSource reconnects and gets the state afresh).
const subscriberBuffer = 64

// broadcastLocked sends an event to every page that follows the game.
func (s *session) broadcastLocked(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		s.srv.logf("web: event %s: %v", name, err)
		return
	}
	for ch := range s.subs {
		select {
		case ch <- event{name, data}:
		default:
			close(ch)
			delete(s.subs, ch)
		}
	}
}

// broadcastStateLocked counts a change of the game and sends its state
// to every page. Every change of the game ends with it.
func (s *session) broadcastStateLocked() {
	s.rev++
	if len(s.subs) > 0 {
		s.broadcastLocked("state", s.viewLocked(time.Now()))
	}
}

// subscribe registers a page and returns its channel, with the current
// state (and the engine's latest output) queued first.
func (s *session) subscribe() chan event {
	ch := make(chan event, subscriberBuffer)
	s.mu.Lock()
	defer s.mu.Unlock()
	if data, err := json.Marshal(s.viewLocked(time.Now())); err == nil {
		ch <- event{"state", data}
	}
	if s.lastInfo != nil {
		if data, err := json.Marshal(s.lastInfo); err == nil {
			ch <- event{"info", data}
		}
	}
	s.subs[ch] = struct{}{}
	return ch
}

// unsubscribe forgets a page.
func (s *session) unsubscribe(ch chan event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.subs[ch]; ok {
		delete(s.subs, ch)
		close(ch)
	}
}

// sseKeepAlive is how often an idle event stream gets a comment line, so
// that proxies and browsers keep it open.
const sseKeepAlive = 15 * time.Second

// startSSE prepares w for a stream of server-sent events.
func startSSE(w http.ResponseWriter) (http.Flusher, error) {
	fl, ok := w.(http.Flusher)
	if !ok {
		return nil, errorf(http.StatusInternalServerError, "streaming is not supported by this connection")
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fl.Flush()
	return fl, nil
}

// newEvent makes an event of v's JSON.
func newEvent(name string, v any) (event, error) {
	data, err := json.Marshal(v)
	return event{name, data}, err
}

// writeEvent writes one server-sent event.
func writeEvent(w http.ResponseWriter, ev event) error {
	_, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.name, ev.data)
	return err
}

// handleEvents streams a game's events: "state" whenever the game
// changes and "info" as the engine thinks.
func (srv *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	s, err := srv.sessionFor(r)
	if err != nil {
		writeError(w, err)
		return
	}
	fl, err := startSSE(w)
	if err != nil {
		writeError(w, err)
		return
	}
	ch := s.subscribe()
	defer s.unsubscribe(ch)
	tick := time.NewTicker(sseKeepAlive)
	defer tick.Stop()
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				return // dropped as too slow, or the server closes
			}
			if writeEvent(w, ev) != nil {
				return
			}
			fl.Flush()
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-r.Context().Done():
			return
		case <-srv.done:
			return
		}
	}
}
