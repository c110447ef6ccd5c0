package web

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/internal/testkit"
)

// bookMoves returns the default book's moves (UCI) for the position
// after the given moves (SAN) from the start.
func bookMoves(t *testing.T, sans ...string) []string {
	t.Helper()
	p, entries := testkit.DefaultBookEntries(t, sans...)
	var ucis []string
	for _, e := range entries {
		ucis = append(ucis, p.UCI(e.Move))
	}
	return ucis
}

// on returns a pointer to a book setting.
func on(b bool) *bool { return &b }

// TestBookReply: with the book on (the default), at every level, the
// engine answers 1.e4 at once with a move of the default book, marked as
// a book move, taking no time off its clock; the move is stored and
// exported like any other.
func TestBookReply(t *testing.T) {
	// A search would take 10 s: an answer at once comes from the book.
	ts := newTestServer(t, Config{MoveTime: 10 * time.Second})
	want := bookMoves(t, "e4")
	for _, elo := range []int{0, 800, 2000} {
		g := ts.newGame(NewGameRequest{Color: "white", Elo: elo, Base: 60, Increment: 2})
		if !g.Settings.Book {
			t.Fatalf("Elo %d: the book is off by default: %+v", elo, g.Settings)
		}
		start := time.Now()
		g = ts.move(g.ID, "e4")
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("Elo %d: the book move took %v", elo, d)
		}
		if len(g.Moves) != 2 || g.Thinking || g.Position.Turn != "white" {
			t.Fatalf("Elo %d: no reply at once: %d moves, thinking %v", elo, len(g.Moves), g.Thinking)
		}
		reply := g.Moves[1]
		if !reply.Book || !slices.Contains(want, reply.UCI) {
			t.Errorf("Elo %d: reply %+v is not a book move of %v", elo, reply, want)
		}
		// No time is taken off Ferz's clock: the base plus the increment.
		if reply.ClockMs != 62_000 || g.Clocks.Black != 62_000 {
			t.Errorf("Elo %d: Ferz's clock after a book move: %d (%+v)", elo, reply.ClockMs, g.Clocks)
		}
		rec, err := ts.store.Get(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if mr := rec.Moves[1]; !mr.Book || mr.ThinkMs != 0 || mr.UCI != reply.UCI {
			t.Errorf("Elo %d: stored reply %+v", elo, mr)
		}
		pgn := string(ts.do("GET", "/api/games/"+itoa(g.ID)+"/pgn", "").body)
		if !strings.Contains(pgn, "1. e4 {[%clk 0:01:0") || !strings.Contains(pgn, " "+reply.SAN+" {[%clk 0:01:02]}") {
			t.Errorf("Elo %d: PGN:\n%s", elo, pgn)
		}
	}

	// Playing Black, Ferz's first move comes from the book too.
	b := ts.newGame(NewGameRequest{Color: "black"})
	if len(b.Moves) != 1 || !b.Moves[0].Book || !slices.Contains(bookMoves(t), b.Moves[0].UCI) {
		t.Errorf("Ferz's first move as White: %+v", b.Moves)
	}
}

// TestBookOff: with the book off the engine searches for its reply.
func TestBookOff(t *testing.T) {
	ts := newTestServer(t, Config{MoveTime: 200 * time.Millisecond})
	g := ts.newGame(NewGameRequest{Color: "white", Book: on(false)})
	if g.Settings.Book {
		t.Fatalf("book off, settings %+v", g.Settings)
	}
	if g = ts.move(g.ID, "e4"); len(g.Moves) != 1 || !g.Thinking {
		t.Fatalf("with the book off the engine does not search: %d moves, thinking %v", len(g.Moves), g.Thinking)
	}
	g = ts.waitReply(g.ID, 2)
	if g.Moves[1].Book {
		t.Errorf("a searched move is marked as a book move: %+v", g.Moves[1])
	}
	if rec, _ := ts.store.Get(g.ID); rec == nil || rec.Moves[1].ThinkMs <= 0 {
		t.Errorf("the searched reply took no time: %+v", rec)
	}
}

// TestBookDefaultOff: Config.NoBook (ferz play -no-book) makes the book
// off the default, which a request may still turn on.
func TestBookDefaultOff(t *testing.T) {
	ts := newTestServer(t, Config{MoveTime: 10 * time.Second, NoBook: true})
	var cfg ConfigView
	ts.do("GET", "/api/config", "").json(t, &cfg)
	if cfg.Book {
		t.Errorf("config: book %v, want false", cfg.Book)
	}
	if g := ts.newGame(NewGameRequest{Color: "white"}); g.Settings.Book {
		t.Errorf("a game without the field has the book on: %+v", g.Settings)
	}
	r := ts.do("POST", "/api/games", `{"color":"white","book":true}`)
	var g GameView
	r.json(t, &g)
	if r.status != http.StatusCreated || !g.Settings.Book {
		t.Fatalf("book asked for: %d %+v", r.status, g.Settings)
	}
	if g = ts.move(g.ID, "e4"); len(g.Moves) != 2 || !g.Moves[1].Book {
		t.Errorf("no book reply: %+v", g.Moves)
	}

	def := newTestServer(t, Config{})
	def.do("GET", "/api/config", "").json(t, &cfg)
	if !cfg.Book {
		t.Errorf("config of the default server: book off")
	}
}

// TestBookOldGames: a game stored before the book setting existed (no
// noBook field) loads with the book on, and Ferz plays from it.
func TestBookOldGames(t *testing.T) {
	dir := t.TempDir()
	ts := newTestServer(t, Config{}, dir)
	const old = `{"id":1,"created":"2025-01-02T03:04:05Z","updated":"2025-01-02T03:04:05Z",` +
		`"settings":{"human":"black","elo":1200,"baseMs":0,"incrementMs":0},` +
		`"startFen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":null,"clockMs":[0,0],"result":"*"}`
	if _, err := ts.store.db.Exec(`INSERT INTO games (id, created, updated, result, data) VALUES (1, ?, ?, '*', ?)`,
		"2025-01-02T03:04:05Z", "2025-01-02T03:04:05Z", old); err != nil {
		t.Fatal(err)
	}
	g := ts.game(1)
	if !g.Settings.Book || g.Settings.Level != "Casual" {
		t.Fatalf("old game's settings: %+v", g.Settings)
	}
	if len(g.Moves) != 1 || !g.Moves[0].Book || !slices.Contains(bookMoves(t), g.Moves[0].UCI) {
		t.Errorf("Ferz's first move in the old game: %+v", g.Moves)
	}
	// The book move is kept across a restart.
	ts.close()
	ts2 := newTestServer(t, Config{}, dir)
	if again := ts2.game(1); len(again.Moves) != 1 || again.Moves[0] != g.Moves[0] {
		t.Errorf("after a restart: %+v, was %+v", again.Moves, g.Moves)
	}
}

// TestBookHint: the hint comes from the book while the position is in
// it (its most played move, said to be the book's), else from a search.
func TestBookHint(t *testing.T) {
	ts := newTestServer(t, Config{})
	b, err := book.Default()
	if err != nil {
		t.Fatal(err)
	}
	best, _ := b.Best(chess.StartPosition())
	want := chess.StartPosition().UCI(best)
	for _, tt := range []struct {
		name string
		req  NewGameRequest
		book bool
	}{
		{"book on", NewGameRequest{Color: "white"}, true},
		{"book off", NewGameRequest{Color: "white", Book: on(false)}, false},
		{"out of the book", NewGameRequest{Color: "white", FEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}, false},
	} {
		g := ts.newGame(tt.req)
		var h HintAnswer
		r := ts.do("POST", "/api/games/"+itoa(g.ID)+"/hint", "")
		r.json(t, &h)
		if r.status != 200 || h.Book != tt.book || h.UCI == "" || len(h.Info.PVUCI) == 0 || h.Info.PVUCI[0] != h.UCI {
			t.Errorf("%s: hint %d %+v", tt.name, r.status, h)
		}
		if tt.book && h.UCI != want {
			t.Errorf("%s: hint %s, want the book's best move %s", tt.name, h.UCI, want)
		}
	}
}
