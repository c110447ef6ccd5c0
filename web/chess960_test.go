package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestChess960Game plays Chess960 games: from a numbered start position,
// from a random one, and from a FEN; castling is the king onto its rook,
// and a restart resumes the game as Chess960.
func TestChess960Game(t *testing.T) {
	dir := t.TempDir()
	ts := newTestServer(t, Config{}, dir)
	n := 518
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 800, Chess960: true, Chess960Position: &n})
	if want := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"; g.StartFEN != want {
		t.Errorf("position 518 starts from %q, want %q", g.StartFEN, want)
	}
	if r := ts.do("GET", "/api/games/"+itoa(g.ID)+"/pgn", ""); !strings.Contains(string(r.body), `[Variant "Chess960"]`) {
		t.Errorf("PGN of a Chess960 game:\n%s", r.body)
	}

	for range 5 {
		g = ts.newGame(NewGameRequest{Color: "black", Elo: 800, Chess960: true})
		p, err := chess.ParseFEN(g.StartFEN)
		ranks := strings.Split(strings.Fields(g.StartFEN)[0], "/")
		if err != nil || !p.Chess960() || ranks[1] != "pppppppp" || ranks[6] != "PPPPPPPP" || strings.ToUpper(ranks[0]) != ranks[7] {
			t.Fatalf("a random Chess960 start: %q (%v)", g.StartFEN, err)
		}
		ts.waitReply(g.ID, 1)
	}

	// Castling from a FEN: the king goes onto its rook (e1h1).
	g = ts.newGame(NewGameRequest{Color: "white", Elo: 800, Chess960: true, FEN: "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"})
	if d := g.Position.Dests["e1"]; !containsString(d, "h1") || !containsString(d, "a1") || containsString(d, "g1") {
		t.Errorf("king's moves %v, want castling onto h1 and a1", d)
	}
	g = ts.move(g.ID, "e1h1")
	if got := g.Moves[0].SAN; got != "O-O" {
		t.Errorf("e1h1 played as %s", got)
	}
	g = ts.waitReply(g.ID, 2)
	if !strings.HasSuffix(strings.Fields(g.Moves[0].FEN)[0], "/R4RK1") {
		t.Errorf("after O-O: %s", g.Moves[0].FEN)
	}
	var list []GameSummary
	ts.do("GET", "/api/games", "").json(t, &list)
	if len(list) != 7 {
		t.Errorf("%d games listed, want 7", len(list))
	}
	for _, gs := range list {
		if !gs.Chess960 {
			t.Errorf("the list does not mark game %d as Chess960: %+v", gs.ID, gs)
		}
	}
	ts.close()
	ts = newTestServer(t, Config{}, dir)
	again := ts.game(g.ID)
	if len(again.Moves) != 2 || again.Moves[0].SAN != "O-O" || again.Position.FEN != g.Position.FEN {
		t.Errorf("after a restart: %+v", again)
	}

	for _, req := range []NewGameRequest{
		{Chess960: true, Chess960Position: intPtr(960)},
		{Chess960: true, Chess960Position: intPtr(-1)},
		{Chess960Position: intPtr(3)},
		{Chess960: true, Chess960Position: intPtr(3), FEN: chess.StartFEN},
	} {
		if r := ts.do("POST", "/api/games", mustJSON(req)); r.status != http.StatusBadRequest {
			t.Errorf("%s: %d %s", mustJSON(req), r.status, r.body)
		} else {
			t.Logf("%s: %s", strings.TrimSpace(mustJSON(req)), r.errorText(t))
		}
	}
}

func intPtr(n int) *int { return &n }

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestImportChess960Game imports a Chess960 game in the standard array:
// its castling is stored as the king onto its rook and still reads after
// a restart, and its PGN exports as Chess960.
func TestImportChess960Game(t *testing.T) {
	dir := t.TempDir()
	ts := newTestServer(t, Config{}, dir)
	pgn := "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"" + chess.StartFEN + "\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n"
	r := ts.do("POST", "/api/games/import", mustJSON(ImportRequest{PGN: pgn}))
	var ans ImportAnswer
	r.json(t, &ans)
	if r.status != http.StatusCreated || len(ans.IDs) != 1 {
		t.Fatalf("import: %d %s", r.status, r.body)
	}
	ts.close()
	ts = newTestServer(t, Config{}, dir)
	g := ts.game(ans.IDs[0])
	if len(g.Moves) != 7 || g.Moves[6].UCI != "e1h1" || g.Moves[6].SAN != "O-O" {
		t.Fatalf("imported game after a restart: %+v", g)
	}
	if r := ts.do("GET", "/api/games/"+itoa(g.ID)+"/pgn", ""); !strings.Contains(string(r.body), `[Variant "Chess960"]`) || !strings.Contains(string(r.body), "4. O-O") {
		t.Errorf("PGN:\n%s", r.body)
	}
}
