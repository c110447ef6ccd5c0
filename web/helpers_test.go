package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// testServer is a Server on a fresh store behind an httptest server.
type testServer struct {
	t     *testing.T
	dir   string
	store *Store
	srv   *Server
	http  *httptest.Server
}

// newTestServer starts a server on a new data directory (or dir, if
// given); it is closed at the end of the test.
func newTestServer(t *testing.T, cfg Config, dir ...string) *testServer {
	t.Helper()
	d := t.TempDir()
	if len(dir) > 0 {
		d = dir[0]
	}
	store, err := OpenStore(d)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = store
	if cfg.MoveTime == 0 {
		cfg.MoveTime = 30 * time.Millisecond
	}
	if cfg.HintTime == 0 {
		cfg.HintTime = 50 * time.Millisecond
	}
	if cfg.HashMB == 0 {
		cfg.HashMB = 1
	}
	cfg.Logf = t.Logf
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, dir: d, store: store, srv: srv, http: httptest.NewServer(srv.Handler())}
	t.Cleanup(ts.close)
	return ts
}

// close stops the server and closes its store (twice is harmless).
func (ts *testServer) close() {
	if ts.http == nil {
		return
	}
	ts.srv.Close()
	ts.http.Close()
	ts.store.Close()
	ts.http = nil
}

// response is an answer of the API.
type response struct {
	status int
	body   []byte
	header http.Header
}

// json decodes the body into v.
func (r response) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("answer %d is not JSON: %v\n%s", r.status, err, r.body)
	}
}

// errorText returns the "error" of a JSON error answer.
func (r response) errorText(t *testing.T) string {
	t.Helper()
	var e struct {
		Error string `json:"error"`
	}
	r.json(t, &e)
	if e.Error == "" {
		t.Fatalf("answer %d has no error message: %s", r.status, r.body)
	}
	return e.Error
}

// do sends a request; body "" sends none; headers are name, value pairs.
func (ts *testServer) do(method, path, body string, headers ...string) response {
	ts.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.http.URL+path, rd)
	if err != nil {
		ts.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" {
			req.Host = headers[i+1]
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		ts.t.Fatal(err)
	}
	return response{status: res.StatusCode, body: b, header: res.Header}
}

// mustJSON marshals v.
func mustJSON(v any) string {
	var buf bytes.Buffer
	_ = json.NewEncoder(&buf).Encode(v)
	return buf.String()
}

// newGame creates a game and returns its state.
func (ts *testServer) newGame(req NewGameRequest) GameView {
	ts.t.Helper()
	r := ts.do("POST", "/api/games", mustJSON(req))
	if r.status != http.StatusCreated {
		ts.t.Fatalf("new game: %d %s", r.status, r.body)
	}
	var g GameView
	r.json(ts.t, &g)
	return g
}

// game returns the state of game id.
func (ts *testServer) game(id int64) GameView {
	ts.t.Helper()
	r := ts.do("GET", "/api/games/"+itoa(id), "")
	if r.status != http.StatusOK {
		ts.t.Fatalf("get game %d: %d %s", id, r.status, r.body)
	}
	var g GameView
	r.json(ts.t, &g)
	return g
}

// move plays the person's move and returns the state.
func (ts *testServer) move(id int64, mv string) GameView {
	ts.t.Helper()
	r := ts.do("POST", "/api/games/"+itoa(id)+"/move", mustJSON(MoveRequest{Move: mv}))
	if r.status != http.StatusOK {
		ts.t.Fatalf("move %s: %d %s", mv, r.status, r.body)
	}
	var g GameView
	r.json(ts.t, &g)
	return g
}

// waitFor polls game id until cond holds (or fails the test after 10 s).
func (ts *testServer) waitFor(id int64, what string, cond func(GameView) bool) GameView {
	ts.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		g := ts.game(id)
		if cond(g) {
			return g
		}
		if time.Now().After(deadline) {
			ts.t.Fatalf("game %d: timed out waiting for %s; state: %+v", id, what, g)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitReply waits until the engine has replied: n plies and the person to move.
func (ts *testServer) waitReply(id int64, n int) GameView {
	ts.t.Helper()
	return ts.waitFor(id, "the engine's reply", func(g GameView) bool { return len(g.Moves) == n && !g.Thinking })
}

// itoa formats an ID.
func itoa(id int64) string { return strings.TrimSpace(mustJSON(id)) }
