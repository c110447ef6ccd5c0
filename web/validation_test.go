package web

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestNewGameValidation checks every rule of POST /api/games: each bad
// request gets its 4xx JSON error with a message, and no game is made.
func TestNewGameValidation(t *testing.T) {
	ts := newTestServer(t, Config{})
	tests := []struct {
		name, body  string
		contentType string
		status      int
		msg         string
	}{
		{"bad colour", `{"color":"green"}`, "", 400, `color "green"`},
		{"elo below the range", `{"elo":500}`, "", 400, "elo 500 is out of range"},
		{"elo above the range", `{"elo":3500}`, "", 400, "elo 3500 is out of range"},
		{"negative base", `{"base":-1}`, "", 400, "base -1 s is out of range"},
		{"base too long", `{"base":99999}`, "", 400, "base 99999 s is out of range"},
		{"negative increment", `{"base":60,"increment":-2}`, "", 400, "increment -2 s"},
		{"increment without base", `{"increment":2}`, "", 400, "untimed game"},
		{"bad FEN", `{"fen":"not a fen"}`, "", 400, "bad FEN"},
		{"FEN too long", `{"fen":"` + strings.Repeat("8/", 100) + `"}`, "", 400, "FEN is too long"},
		{"finished position", `{"fen":"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"}`, "", 400, "already over (checkmate)"},
		{"unknown field", `{"colour":"white"}`, "", 400, `unknown field "colour"`},
		{"wrong type", `{"elo":"high"}`, "", 400, `field "elo"`},
		{"book of a wrong type", `{"book":"yes"}`, "", 400, `field "book"`},
		{"book as a number", `{"book":1}`, "", 400, `field "book"`},
		{"malformed JSON", `{"color":`, "", 400, "not valid JSON"},
		{"truncated JSON", `{"color":"white"`, "", 400, "ends in the middle"},
		{"two objects", `{} {}`, "", 400, "single JSON object"},
		{"trailing garbage", `{}x`, "", 400, "single JSON object"},
		{"an array", `[1,2]`, "", 400, "wrong type"},
		{"not JSON content", `color=white`, "application/x-www-form-urlencoded", 415, "must be JSON"},
		{"oversized body", `{"fen":"` + strings.Repeat(" ", maxJSONBody) + `"}`, "", 413, "larger than the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			headers := []string{}
			if tt.contentType != "" {
				headers = append(headers, "Content-Type", tt.contentType)
			}
			r := ts.do("POST", "/api/games", tt.body, headers...)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d: %s", r.status, tt.status, r.body)
			}
			if msg := r.errorText(t); !strings.Contains(msg, tt.msg) {
				t.Errorf("error %q does not mention %q", msg, tt.msg)
			}
			if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
	// An empty body is refused too.
	r := ts.do("POST", "/api/games", "")
	if r.status != 400 || !strings.Contains(r.errorText(t), "empty") {
		t.Errorf("empty body: %d %s", r.status, r.body)
	}
	var list []GameSummary
	ts.do("GET", "/api/games", "").json(t, &list)
	if len(list) != 0 {
		t.Errorf("refused requests made %d games", len(list))
	}
}

// TestMoveValidation checks the rules of POST /api/games/{id}/move: each
// refused move leaves the game as it was.
func TestMoveValidation(t *testing.T) {
	ts := newTestServer(t, Config{NoBook: true})
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 800})
	id := itoa(g.ID)
	tests := []struct {
		name, path, body string
		status           int
		msg              string
	}{
		{"illegal move", "/api/games/" + id + "/move", `{"move":"e5"}`, 422, "e5"},
		{"nonsense move", "/api/games/" + id + "/move", `{"move":"Zz9"}`, 422, "Zz9"},
		{"missing move", "/api/games/" + id + "/move", `{}`, 400, "move is missing"},
		{"move too long", "/api/games/" + id + "/move", `{"move":"` + strings.Repeat("e", 40) + `"}`, 400, "too long"},
		{"stale page", "/api/games/" + id + "/move", `{"move":"e4","ply":3}`, 409, "moved on"},
		{"unknown game", "/api/games/999/move", `{"move":"e4"}`, 404, "no game 999"},
		{"bad game ID", "/api/games/abc/move", `{"move":"e4"}`, 404, `no game "abc"`},
		{"zero game ID", "/api/games/0/move", `{"move":"e4"}`, 404, "positive integers"},
		{"malformed body", "/api/games/" + id + "/move", `{"move":`, 400, "not valid JSON"},
		{"unknown field", "/api/games/" + id + "/move", `{"mv":"e4"}`, 400, `unknown field "mv"`},
		{"oversized body", "/api/games/" + id + "/move", `{"move":"` + strings.Repeat("x", 70000) + `"}`, 413, "larger than the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ts.do("POST", tt.path, tt.body)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d: %s", r.status, tt.status, r.body)
			}
			if msg := r.errorText(t); !strings.Contains(msg, tt.msg) {
				t.Errorf("error %q does not mention %q", msg, tt.msg)
			}
			if after := ts.game(g.ID); len(after.Moves) != 0 || after.Position.FEN != g.Position.FEN {
				t.Errorf("a refused move changed the game: %d moves, %s", len(after.Moves), after.Position.FEN)
			}
		})
	}

	// Every notation a person types is read.
	for _, mv := range []string{"e4", "E2-E4", "e2e4", "e2 e4", "Pe4"} {
		g2 := ts.newGame(NewGameRequest{Color: "white", Elo: 800})
		if got := ts.move(g2.ID, mv); len(got.Moves) != 1 || got.Moves[0].SAN != "e4" {
			t.Errorf("%q: moves %+v", mv, got.Moves)
		}
	}

	// Not the person's turn: the engine thinks (a long search) or is to move.
	slow := newTestServer(t, Config{MoveTime: 5 * time.Second, NoBook: true})
	sg := slow.newGame(NewGameRequest{Color: "white"})
	slow.move(sg.ID, "d4")
	r := slow.do("POST", "/api/games/"+itoa(sg.ID)+"/move", `{"move":"e4"}`)
	if r.status != 409 || !strings.Contains(r.errorText(t), "Ferz's turn") {
		t.Errorf("move on Ferz's turn: %d %s", r.status, r.body)
	}
	r = slow.do("POST", "/api/games/"+itoa(sg.ID)+"/hint", "")
	if r.status != 409 || !strings.Contains(r.errorText(t), "your turn") {
		t.Errorf("hint on Ferz's turn: %d %s", r.status, r.body)
	}

	// A game that is over takes no more moves, resignations or offers.
	ts.do("POST", "/api/games/"+id+"/resign", "")
	for _, action := range []string{"move", "resign", "draw", "hint"} {
		body := ""
		if action == "move" {
			body = `{"move":"e4"}`
		}
		r := ts.do("POST", "/api/games/"+id+"/"+action, body)
		if r.status != http.StatusConflict || !strings.Contains(r.errorText(t), "is over") {
			t.Errorf("%s after the end: %d %s", action, r.status, r.body)
		}
	}
}

// TestOtherValidation covers the remaining endpoints' checks.
func TestOtherValidation(t *testing.T) {
	ts := newTestServer(t, Config{})
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 800})
	id := itoa(g.ID)
	tests := []struct {
		name, method, path, body string
		status                   int
		msg                      string
	}{
		{"unknown game", "GET", "/api/games/77", "", 404, "no game 77"},
		{"unknown game events", "GET", "/api/games/77/events", "", 404, "no game 77"},
		{"unknown game PGN", "GET", "/api/games/77/pgn", "", 404, "no game 77"},
		{"unknown game evals", "GET", "/api/games/77/evals", "", 404, "no game 77"},
		{"unknown game takeback", "POST", "/api/games/77/takeback", "", 404, "no game 77"},
		{"unknown game delete", "DELETE", "/api/games/77", "", 404, "no game 77"},
		{"nothing to take back", "POST", "/api/games/" + id + "/takeback", "", 409, "no move of yours"},
		{"unknown endpoint", "GET", "/api/nothing", "", 404, "no API endpoint"},
		{"wrong method", "PUT", "/api/games", "", 404, "no API endpoint"},
		{"bad list filter", "GET", "/api/games?active=yes", "", 400, "active must be"},
		{"position without FEN", "POST", "/api/position", `{}`, 400, "fen is missing"},
		{"position with a bad FEN", "POST", "/api/position", `{"fen":"8/8/8 w"}`, 400, "bad FEN"},
		{"position with an illegal move", "POST", "/api/position", `{"fen":"` + g.StartFEN + `","move":"e5"}`, 422, "e5"},
		{"analysis without FEN", "GET", "/api/analysis", "", 400, "fen parameter is missing"},
		{"analysis with a bad FEN", "GET", "/api/analysis?fen=xyz", "", 400, "bad FEN"},
		{"analysis with too many lines", "GET", "/api/analysis?fen=" + urlFEN(g.StartFEN) + "&lines=9", "", 400, "lines must be 1 to 5"},
		{"analysis with bad lines", "GET", "/api/analysis?fen=" + urlFEN(g.StartFEN) + "&lines=x", "", 400, "lines must be"},
		{"empty import", "POST", "/api/games/import", `{"pgn":"  "}`, 400, "PGN is empty"},
		{"unreadable import", "POST", "/api/games/import", `{"pgn":"1. e5 e4 *"}`, 422, "no game that can be read"},
		{"import not JSON", "POST", "/api/games/import", `[]`, 400, "wrong type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ts.do(tt.method, tt.path, tt.body)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d: %s", r.status, tt.status, r.body)
			}
			if msg := r.errorText(t); !strings.Contains(msg, tt.msg) {
				t.Errorf("error %q does not mention %q", msg, tt.msg)
			}
		})
	}
	var list []GameSummary
	ts.do("GET", "/api/games", "").json(t, &list)
	if len(list) != 1 {
		t.Errorf("%d games after refused requests, want 1", len(list))
	}
}

// urlFEN escapes a FEN for a query string.
func urlFEN(fen string) string { return strings.ReplaceAll(fen, " ", "%20") }

// TestGuard checks the Host and Origin rules.
func TestGuard(t *testing.T) {
	ts := newTestServer(t, Config{AllowedHosts: []string{"chess.example"}})
	body := `{"color":"white","elo":800}`
	tests := []struct {
		name    string
		method  string
		path    string
		headers []string
		status  int
	}{
		{"plain request", "POST", "/api/games", nil, 201},
		{"same origin", "POST", "/api/games", []string{"Origin", ts.http.URL}, 201},
		{"foreign origin", "POST", "/api/games", []string{"Origin", "http://evil.example"}, 403},
		{"foreign origin, same host name", "POST", "/api/games", []string{"Origin", "http://127.0.0.1:1"}, 403},
		{"null origin", "POST", "/api/games", []string{"Origin", "null"}, 403},
		{"cross-site fetch", "POST", "/api/games", []string{"Sec-Fetch-Site", "cross-site"}, 403},
		{"same-origin fetch", "POST", "/api/games", []string{"Sec-Fetch-Site", "same-origin"}, 201},
		{"foreign origin reading", "GET", "/api/games", []string{"Origin", "http://evil.example"}, 403},
		{"DNS rebinding host", "POST", "/api/games", []string{"Host", "evil.example:8080"}, 403},
		{"DNS rebinding host on the page", "GET", "/", []string{"Host", "evil.example"}, 403},
		{"localhost", "GET", "/api/games", []string{"Host", "localhost:8080"}, 200},
		{"IPv6 loopback", "GET", "/api/games", []string{"Host", "[::1]:8080"}, 200},
		{"allowed name", "GET", "/api/games", []string{"Host", "chess.example:8080"}, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := ""
			if tt.method == "POST" {
				b = body
			}
			r := ts.do(tt.method, tt.path, b, tt.headers...)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d: %s", r.status, tt.status, r.body)
			}
			if r.status == 403 && !strings.Contains(r.errorText(t), "not") {
				t.Errorf("unclear message: %s", r.body)
			}
		})
	}
	for host, want := range map[string]bool{"": false, ":8080": false, "127.0.0.1": true, "LOCALHOST.": true, "board.localhost:80": true, "example.com": false, "10.0.0.7:8080": true} {
		if got := ts.srv.hostAllowed(host); got != want {
			t.Errorf("hostAllowed(%q) = %v, want %v", host, got, want)
		}
	}
	// Refused requests made no game: only the three accepted POSTs did.
	var list []GameSummary
	ts.do("GET", "/api/games", "").json(t, &list)
	if len(list) != 3 {
		t.Errorf("%d games, want 3", len(list))
	}
}

// TestStaticPage checks the embedded page.
func TestStaticPage(t *testing.T) {
	ts := newTestServer(t, Config{})
	r := ts.do("GET", "/", "")
	if r.status != 200 || !strings.Contains(string(r.body), `<div id="play-board"`) {
		t.Fatalf("GET /: %d %.200s", r.status, r.body)
	}
	if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("CSP %q", csp)
	}
	for _, f := range []string{"/app.js", "/app.css"} {
		if r := ts.do("GET", f, ""); r.status != 200 || len(r.body) < 1000 {
			t.Errorf("GET %s: %d, %d bytes", f, r.status, len(r.body))
		}
	}
	if r := ts.do("POST", "/", "{}"); r.status != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", r.status)
	}
	if r := ts.do("GET", "/nothing.js", ""); r.status != 404 {
		t.Errorf("GET /nothing.js: %d", r.status)
	}
}
