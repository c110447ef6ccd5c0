package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// FuzzRequests sends any method, path and body to the API of a server
// with one game in progress: no request may crash the server or get a
// 5xx answer, and every answer of the API is JSON.
func FuzzRequests(f *testing.F) {
	seeds := []struct{ method, path, body string }{
		{"POST", "/api/games", `{"color":"black","elo":1500,"base":60,"increment":1}`},
		{"POST", "/api/games", `{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}`},
		{"POST", "/api/games/1/move", `{"move":"e2e4"}`},
		{"POST", "/api/games/1/move", `{"move":"E2-E4"}`},
		{"POST", "/api/games/1/move", `{"move":"Qxh9"}`},
		{"POST", "/api/games/1/takeback", ``},
		{"POST", "/api/games/1/hint", `{}`},
		{"POST", "/api/games/1/draw", ``},
		{"POST", "/api/games/1/resign", ``},
		{"GET", "/api/games/1", ``},
		{"GET", "/api/games/1/pgn", ``},
		{"GET", "/api/games/1/evals", ``},
		{"GET", "/api/games/1/events", ``},
		{"GET", "/api/games/99999999999999999999", ``},
		{"DELETE", "/api/games/1", ``},
		{"POST", "/api/games/import", `{"pgn":"1. e4 e5 2. Nf3 *"}`},
		{"POST", "/api/games/import", `{"pgn":"[FEN \"x\"]\n1. e4 {"}`},
		{"POST", "/api/position", `{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4"]}`},
		{"GET", "/api/analysis?fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20w%20KQkq%20-%200%201&movetime=20", ``},
		{"GET", "/api/analysis?fen=%00&movetime=-5", ``},
		{"GET", "/api/config", ``},
		{"PUT", "/api/games", `[]`},
		{"GET", "/../../etc/passwd", ``},
		{"GET", "/", ``},
	}
	for _, s := range seeds {
		f.Add(s.method, s.path, s.body)
	}
	f.Fuzz(func(t *testing.T, method, path, body string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		req, err := http.NewRequest(method, "http://localhost"+path, strings.NewReader(body))
		if err != nil {
			return // not a request a client could send
		}
		req.Header.Set("Content-Type", "application/json")
		// The event stream only ends when the client goes away.
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		req = req.WithContext(ctx)

		ts := newTestServer(t, Config{NoBook: true})
		ts.newGame(NewGameRequest{Color: "white", Elo: 800})
		rec := httptest.NewRecorder()
		ts.srv.Handler().ServeHTTP(rec, req)
		if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
			t.Fatalf("%s %s %q: status %d: %s", method, path, body, rec.Code, rec.Body)
		}
		ct := rec.Header().Get("Content-Type")
		if strings.HasPrefix(ct, "application/json") && !json.Valid(rec.Body.Bytes()) {
			t.Errorf("%s %s: answer %d is not valid JSON: %s", method, path, rec.Code, rec.Body)
		}
		if strings.HasPrefix(req.URL.Path, "/api/") && !strings.HasPrefix(ct, "application/json") && !strings.HasPrefix(ct, "text/event-stream") &&
			!strings.HasPrefix(ct, "application/x-chess-pgn") {
			t.Errorf("%s %s: API answer %d of type %q: %s", method, path, rec.Code, ct, rec.Body)
		}
	})
}
