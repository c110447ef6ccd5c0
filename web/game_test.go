package web

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// A level between the board's named ones (a client may ask for any Elo)
// names the engine by its Elo once.
func TestUnnamedLevelNamesTheEloOnce(t *testing.T) {
	ts := newTestServer(t, Config{NoBook: true})
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 1500})
	if g.Black != "Ferz (Elo 1500)" || g.Settings.Level != "Elo 1500" {
		t.Errorf("black %q, level %q; want Ferz (Elo 1500) and Elo 1500", g.Black, g.Settings.Level)
	}
}

// TestPlayAgainstEngine plays moves and checks the engine's replies, the
// record of the moves and the move list's FENs.
func TestPlayAgainstEngine(t *testing.T) {
	ts := newTestServer(t, Config{NoBook: true})
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 1200})
	if g.Settings.Human != "white" || g.Settings.Level != "Casual" || g.Black != "Ferz (Casual, Elo 1200)" || len(g.Position.Dests) != 10 {
		t.Fatalf("new game: %+v", g)
	}
	g = ts.move(g.ID, "e4")
	if !g.Thinking && len(g.Moves) == 1 {
		t.Errorf("the engine does not think after the person's move")
	}
	if len(g.Position.Dests) != 0 {
		t.Errorf("the person has moves on Ferz's turn: %v", g.Position.Dests)
	}
	g = ts.waitReply(g.ID, 2)
	p := chess.StartPosition()
	for _, m := range g.Moves {
		mv, err := p.ParseUCI(m.UCI)
		if err != nil {
			t.Fatalf("move %s: %v", m.UCI, err)
		}
		if san := p.SAN(mv); san != m.SAN {
			t.Errorf("SAN %q, want %q", m.SAN, san)
		}
		p.MakeMove(mv)
		if p.FEN() != m.FEN {
			t.Errorf("FEN after %s: %q, want %q", m.SAN, m.FEN, p.FEN())
		}
	}
	if g.Position.FEN != p.FEN() || g.Position.Turn != "white" || len(g.Position.Dests) == 0 {
		t.Errorf("position %+v, want %s with White's moves", g.Position, p.FEN())
	}

	// Black: the engine opens.
	b := ts.newGame(NewGameRequest{Color: "black", Elo: 800})
	b = ts.waitReply(b.ID, 1)
	if b.White != "Ferz (Beginner, Elo 800)" || b.Position.Turn != "black" {
		t.Errorf("game as Black: %+v", b)
	}
}

// TestGameEndings checks mate, stalemate, draws and resignation, with
// their results and reasons.
func TestGameEndings(t *testing.T) {
	ts := newTestServer(t, Config{})
	tests := []struct {
		name, fen, color, move string
		result, reason         string
	}{
		{"mate by the person", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "white", "Ra8", "1-0", "checkmate"},
		{"stalemate", "7k/8/5K2/6Q1/8/8/8/8 w - - 0 1", "white", "Qg6", "1/2-1/2", "stalemate"},
		{"insufficient material", "8/8/8/3k4/8/3K4/3p4/2B5 w - - 0 1", "white", "Bxd2", "1/2-1/2", "insufficient material"},
		{"fifty moves", "8/8/3k4/8/8/3K4/8/3R4 w - - 99 80", "white", "Rd2", "1/2-1/2", "fifty-move rule"},
		{"mate by Black", "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "black", "Ra1", "0-1", "checkmate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := ts.newGame(NewGameRequest{Color: tt.color, Elo: 800, FEN: tt.fen})
			g = ts.move(g.ID, tt.move)
			if !g.Over || g.Result != tt.result || g.Reason != tt.reason || g.Thinking || g.Clocks != nil {
				t.Fatalf("after %s: over %v, %s (%s), thinking %v", tt.move, g.Over, g.Result, g.Reason, g.Thinking)
			}
			if !g.CanTakeBack {
				t.Errorf("an ending on the board cannot be taken back")
			}
			var pgn string
			if r := ts.do("GET", "/api/games/"+itoa(g.ID)+"/pgn", ""); r.status == 200 {
				pgn = string(r.body)
			}
			if !strings.Contains(pgn, `[Result "`+tt.result+`"]`) || !strings.Contains(pgn, `[FEN "`+tt.fen+`"]`) || !strings.Contains(pgn, `[SetUp "1"]`) {
				t.Errorf("PGN:\n%s", pgn)
			}
		})
	}

	t.Run("resignation", func(t *testing.T) {
		g := ts.newGame(NewGameRequest{Color: "black", Elo: 800})
		ts.waitReply(g.ID, 1)
		r := ts.do("POST", "/api/games/"+itoa(g.ID)+"/resign", "")
		r.json(t, &g)
		if r.status != 200 || g.Result != "1-0" || g.Reason != "resignation" || g.CanTakeBack {
			t.Fatalf("resign: %d %+v", r.status, g)
		}
	})
}

// TestTakeBack undoes the person's move and the engine's reply.
func TestTakeBack(t *testing.T) {
	ts := newTestServer(t, Config{})
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 800, Base: 60, Increment: 1})
	ts.move(g.ID, "d4")
	g = ts.waitReply(g.ID, 2)
	ts.move(g.ID, "c4")
	g = ts.waitReply(g.ID, 4)
	fen := g.Moves[1].FEN
	r := ts.do("POST", "/api/games/"+itoa(g.ID)+"/takeback", "")
	r.json(t, &g)
	if r.status != 200 || len(g.Moves) != 2 || g.Position.FEN != fen || g.Position.Turn != "white" {
		t.Fatalf("takeback: %d, %d moves, %s", r.status, len(g.Moves), g.Position.FEN)
	}
	if g.Clocks == nil || g.Clocks.White < 55_000 || g.Clocks.White > 62_000 {
		t.Errorf("clocks after the takeback: %+v", g.Clocks)
	}
	ts.do("POST", "/api/games/"+itoa(g.ID)+"/takeback", "").json(t, &g)
	if len(g.Moves) != 0 || g.CanTakeBack {
		t.Fatalf("second takeback: %d moves", len(g.Moves))
	}
	if r := ts.do("POST", "/api/games/"+itoa(g.ID)+"/takeback", ""); r.status != 409 {
		t.Errorf("takeback of nothing: %d", r.status)
	}
	// A mate by the person can be taken back, and the game goes on.
	m := ts.newGame(NewGameRequest{Color: "white", Elo: 800, FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"})
	ts.move(m.ID, "Ra8")
	ts.do("POST", "/api/games/"+itoa(m.ID)+"/takeback", "").json(t, &m)
	if m.Over || m.Result != "*" || len(m.Moves) != 0 {
		t.Errorf("after taking back a mate: over %v, %s, %d moves", m.Over, m.Result, len(m.Moves))
	}
}

// TestTakeBackWhileThinking stops the engine's search.
func TestTakeBackWhileThinking(t *testing.T) {
	ts := newTestServer(t, Config{MoveTime: 10 * time.Second, NoBook: true})
	g := ts.newGame(NewGameRequest{Color: "white"})
	if g = ts.move(g.ID, "e4"); !g.Thinking {
		t.Fatal("not thinking")
	}
	start := time.Now()
	var after GameView
	ts.do("POST", "/api/games/"+itoa(g.ID)+"/takeback", "").json(t, &after)
	if len(after.Moves) != 0 || after.Thinking {
		t.Fatalf("takeback while thinking: %d moves, thinking %v", len(after.Moves), after.Thinking)
	}
	time.Sleep(100 * time.Millisecond)
	if g := ts.game(g.ID); len(g.Moves) != 0 {
		t.Errorf("the stopped search played %v", g.Moves)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("takeback took %v", d)
	}
}

// TestClocks checks the time control: the increment, the engine's clock
// and a flag fall.
func TestClocks(t *testing.T) {
	ts := newTestServer(t, Config{NoBook: true})
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 800, Base: 30, Increment: 2})
	// White's clock runs from the start: a slow machine may show it a few
	// milliseconds down already.
	if g.Clocks == nil || g.Clocks.White > 30_000 || g.Clocks.White < 29_500 || g.Clocks.Black != 30_000 || g.Clocks.Running != "white" {
		t.Fatalf("clocks at the start: %+v", g.Clocks)
	}
	time.Sleep(50 * time.Millisecond)
	g = ts.move(g.ID, "e4")
	if g.Moves[0].ClockMs < 31_000 || g.Moves[0].ClockMs > 32_000 || g.Clocks.Running != "black" {
		t.Errorf("White's clock after a move with +2 s: %d (%+v)", g.Moves[0].ClockMs, g.Clocks)
	}
	g = ts.waitReply(g.ID, 2)
	if g.Clocks.Black > 32_000 || g.Clocks.Black < 20_000 || g.Moves[1].ClockMs != g.Clocks.Black {
		t.Errorf("Black's clock: %+v, move %d", g.Clocks, g.Moves[1].ClockMs)
	}
	pgn := string(ts.do("GET", "/api/games/"+itoa(g.ID)+"/pgn", "").body)
	if !strings.Contains(pgn, `[TimeControl "30+2"]`) || !strings.Contains(pgn, "{[%clk 0:00:3") {
		t.Errorf("PGN of a timed game:\n%s", pgn)
	}

	// A flag falls: the person does not move in a one-second game.
	f := ts.newGame(NewGameRequest{Color: "white", Elo: 800, Base: 1})
	f = ts.waitFor(f.ID, "the flag", func(v GameView) bool { return v.Over })
	if f.Result != "0-1" || f.Reason != "time" || f.Clocks.White != 0 || f.Clocks.Running != "" {
		t.Errorf("after the flag: %s (%s), %+v", f.Result, f.Reason, f.Clocks)
	}
	// ... but a side that cannot mate does not win on time.
	d := ts.newGame(NewGameRequest{Color: "white", Elo: 800, Base: 1, FEN: "8/8/3k4/8/8/3K4/3P4/8 w - - 0 1"})
	d = ts.waitFor(d.ID, "the flag", func(v GameView) bool { return v.Over })
	if d.Result != "1/2-1/2" || !strings.HasPrefix(d.Reason, "time") {
		t.Errorf("flag against a bare king: %s (%s)", d.Result, d.Reason)
	}
}

// TestDrawOffer: declined early or when the position is not equal,
// accepted in a level ending late in the game.
func TestDrawOffer(t *testing.T) {
	ts := newTestServer(t, Config{})
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 800})
	var ans DrawAnswer
	ts.do("POST", "/api/games/"+itoa(g.ID)+"/draw", "").json(t, &ans)
	if ans.Accepted || !strings.Contains(ans.Message, "too early") || ans.Game.Over {
		t.Errorf("early offer: %+v", ans)
	}
	lost := ts.newGame(NewGameRequest{Color: "white", Elo: 800, FEN: "4k3/8/8/8/8/8/8/3QK3 w - - 0 40"})
	ts.do("POST", "/api/games/"+itoa(lost.ID)+"/draw", "").json(t, &ans)
	if ans.Accepted {
		t.Errorf("Ferz accepted a draw a queen down: %s", ans.Message)
	}
	level := ts.newGame(NewGameRequest{Color: "white", Elo: 800, FEN: "7r/8/4k3/8/8/4K3/8/R7 w - - 0 40"})
	ts.do("POST", "/api/games/"+itoa(level.ID)+"/draw", "").json(t, &ans)
	if !ans.Accepted || ans.Game.Result != "1/2-1/2" || ans.Game.Reason != "agreement" {
		t.Errorf("level rook ending: %+v", ans)
	}
}

// TestHint answers a legal move for the person.
func TestHint(t *testing.T) {
	ts := newTestServer(t, Config{})
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 800, FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"})
	var h HintAnswer
	r := ts.do("POST", "/api/games/"+itoa(g.ID)+"/hint", "")
	r.json(t, &h)
	if r.status != 200 || h.UCI != "a1a8" || h.SAN != "Ra8#" || h.Info.Mate != 1 {
		t.Errorf("hint: %d %+v", r.status, h)
	}
	if after := ts.game(g.ID); len(after.Moves) != 0 {
		t.Errorf("a hint played a move")
	}
}

// TestEvents follows a game's event stream: the state on connecting,
// then the person's move, the engine's output and its move.
func TestEvents(t *testing.T) {
	ts := newTestServer(t, Config{MoveTime: 200 * time.Millisecond, NoBook: true})
	g := ts.newGame(NewGameRequest{Color: "white"})
	res, err := http.Get(ts.http.URL + "/api/games/" + itoa(g.ID) + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	events := make(chan [2]string, 100)
	go func() {
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var name string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				events <- [2]string{name, strings.TrimPrefix(line, "data: ")}
			}
		}
		close(events)
	}()
	next := func() (string, string) {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("the stream ended")
			}
			return ev[0], ev[1]
		case <-time.After(10 * time.Second):
			t.Fatal("no event")
		}
		return "", ""
	}
	if name, data := next(); name != "state" || !strings.Contains(data, `"moves":[]`) {
		t.Fatalf("first event %s %.100s", name, data)
	}
	ts.move(g.ID, "e4")
	var infos, states int
	var last GameView
	for len(last.Moves) < 2 {
		name, data := next()
		switch name {
		case "info":
			infos++
			var in InfoView
			if err := json.Unmarshal([]byte(data), &in); err != nil || in.Ply != 1 || len(in.PV) == 0 || len(in.PV) != len(in.PVUCI) {
				t.Fatalf("info %s: %v", data, err)
			}
		case "state":
			states++
			if err := json.Unmarshal([]byte(data), &last); err != nil {
				t.Fatal(err)
			}
		}
	}
	if infos == 0 || states < 2 || last.Thinking {
		t.Errorf("%d info and %d state events; last thinking %v", infos, states, last.Thinking)
	}
}

// TestConcurrentGames plays several games at once, each from its own
// goroutine, while a slow search runs in another game: no request waits
// for it (run with -race).
func TestConcurrentGames(t *testing.T) {
	ts := newTestServer(t, Config{MoveTime: 30 * time.Millisecond, NoBook: true})
	slow := ts.newGame(NewGameRequest{Color: "black"}) // full strength, the engine opens
	_ = slow
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := ts.newGame(NewGameRequest{Color: "white", Elo: 800})
			for ply := 0; ply < 3 && !g.Over; ply++ {
				mv := ""
				for from, tos := range g.Position.Dests {
					mv = from + tos[0]
					break
				}
				r := ts.do("POST", "/api/games/"+itoa(g.ID)+"/move", mustJSON(MoveRequest{Move: mv, Ply: &[]int{len(g.Moves)}[0]}))
				if r.status != 200 {
					if strings.Contains(string(r.body), "promot") {
						return
					}
					t.Errorf("move %s: %s", mv, r.body)
					return
				}
				g = ts.waitFor(g.ID, "a reply", func(v GameView) bool { return !v.Thinking })
			}
		}()
	}
	wg.Wait()
}

// TestSlowSearchDoesNotBlock: a long engine search in one game leaves the
// other requests, on that game too, answered at once.
func TestSlowSearchDoesNotBlock(t *testing.T) {
	ts := newTestServer(t, Config{MoveTime: 20 * time.Second, NoBook: true})
	g := ts.newGame(NewGameRequest{Color: "white"})
	ts.move(g.ID, "e4")
	start := time.Now()
	other := ts.newGame(NewGameRequest{Color: "white", Elo: 800})
	ts.move(other.ID, "d4")
	if v := ts.game(g.ID); !v.Thinking {
		t.Errorf("the slow search ended early")
	}
	ts.do("GET", "/api/games", "")
	ts.do("GET", "/api/games/"+itoa(g.ID)+"/pgn", "")
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("requests took %v during a slow search", d)
	}
	// Resigning stops the search; Close does not wait 20 s.
	ts.do("POST", "/api/games/"+itoa(g.ID)+"/resign", "")
	start = time.Now()
	ts.close()
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Close took %v", d)
	}
}

// TestRepetitionEnds: a threefold repetition ends a game against Ferz as
// if claimed (boardEnding), as the fivefold one does by rule.
func TestRepetitionEnds(t *testing.T) {
	p := chess.StartPosition()
	for i, s := range strings.Fields("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8") {
		if reason, _ := boardEnding(p); reason != "" {
			t.Fatalf("ended after %d plies: %s", i, reason)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	if reason, result := boardEnding(p); reason != "threefold repetition" || result != "1/2-1/2" {
		t.Errorf("after three repetitions: %q %q", reason, result)
	}
}
