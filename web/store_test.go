package web

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/analysis"
	"github.com/ferzchess/ferz/chess"
)

// TestResumeAfterRestart stores a game as it goes: a new server on the
// same data directory resumes it, clocks and all, and plays on.
func TestResumeAfterRestart(t *testing.T) {
	dir := t.TempDir()
	ts := newTestServer(t, Config{}, dir)
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 800, Base: 120, Increment: 1})
	ts.move(g.ID, "e4")
	g = ts.waitReply(g.ID, 2)
	ts.move(g.ID, "Nf3")
	g = ts.waitReply(g.ID, 4)
	time.Sleep(30 * time.Millisecond)
	ts.close()

	ts2 := newTestServer(t, Config{}, dir)
	var active []GameSummary
	ts2.do("GET", "/api/games?active=1", "").json(t, &active)
	if len(active) != 1 || active[0].ID != g.ID || active[0].Plies != 4 || active[0].Opening == "" {
		t.Fatalf("active games after the restart: %+v", active)
	}
	r := ts2.game(g.ID)
	if len(r.Moves) != 4 || r.Position.FEN != g.Position.FEN || r.Over {
		t.Fatalf("resumed game: %d moves, %s", len(r.Moves), r.Position.FEN)
	}
	for i := range r.Moves {
		if r.Moves[i] != g.Moves[i] {
			t.Errorf("move %d: %+v, was %+v", i, r.Moves[i], g.Moves[i])
		}
	}
	// White's clock went on running until the shutdown, not while the
	// server was down.
	if r.Clocks == nil || r.Clocks.Running != "white" || r.Clocks.White > g.Clocks.White || g.Clocks.White-r.Clocks.White > 1000 || r.Clocks.Black != g.Clocks.Black {
		t.Errorf("clocks before %+v, after %+v", g.Clocks, r.Clocks)
	}
	ts2.move(g.ID, "d4")
	ts2.waitReply(g.ID, 6)
}

// TestResumeEngineTurn: a game stopped while the engine thought resumes
// with the engine thinking again.
func TestResumeEngineTurn(t *testing.T) {
	dir := t.TempDir()
	ts := newTestServer(t, Config{MoveTime: 30 * time.Second, NoBook: true}, dir)
	g := ts.newGame(NewGameRequest{Color: "white", Elo: 800})
	ts.move(g.ID, "e4")
	ts.close()
	ts2 := newTestServer(t, Config{}, dir)
	ts2.waitReply(g.ID, 2)
}

// TestPGNExportImport exports a game, imports it back and compares.
func TestPGNExportImport(t *testing.T) {
	ts := newTestServer(t, Config{})
	g := ts.newGame(NewGameRequest{Color: "black", Elo: 1600, FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"})
	g = ts.waitReply(g.ID, 1)
	mv := ""
	for from, tos := range g.Position.Dests {
		mv = from + tos[0]
		break
	}
	ts.move(g.ID, mv)
	g = ts.waitReply(g.ID, 3)
	ts.do("POST", "/api/games/"+itoa(g.ID)+"/resign", "")
	r := ts.do("GET", "/api/games/"+itoa(g.ID)+"/pgn?download=1", "")
	pgn := string(r.body)
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/x-chess-pgn") || !strings.Contains(r.header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("PGN answer %d %v", r.status, r.header)
	}
	for _, want := range []string{`[White "Ferz (Strong club player, Elo 1600)"]`, `[Black "You"]`, `[Result "1-0"]`, `[WhiteElo "1600"]`, `[Termination "normal"]`, `[SetUp "1"]`, "3. " + g.Moves[0].SAN, " 1-0"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
	// Import it, with an unreadable game beside it.
	var ans ImportAnswer
	r = ts.do("POST", "/api/games/import", mustJSON(ImportRequest{PGN: pgn + "\n[Event \"bad\"]\n\n1. e4 e4 *\n"}))
	r.json(t, &ans)
	if r.status != 201 || len(ans.IDs) != 1 || len(ans.Errors) != 1 {
		t.Fatalf("import: %d %s", r.status, r.body)
	}
	imp := ts.game(ans.IDs[0])
	if !imp.Imported || !imp.Over || imp.Result != "1-0" || imp.StartFEN != g.StartFEN || len(imp.Moves) != 3 || imp.White != "Ferz (Strong club player, Elo 1600)" {
		t.Fatalf("imported game: %+v", imp)
	}
	for i := range imp.Moves {
		if imp.Moves[i].UCI != g.Moves[i].UCI || imp.Moves[i].SAN != g.Moves[i].SAN {
			t.Errorf("move %d: %+v, exported %+v", i, imp.Moves[i], g.Moves[i])
		}
	}
	// An imported game is replayed, not played.
	if r := ts.do("POST", "/api/games/"+itoa(imp.ID)+"/move", `{"move":"a3"}`); r.status != 409 || !strings.Contains(r.errorText(t), "imported") {
		t.Errorf("move in an imported game: %d %s", r.status, r.body)
	}
	// Its PGN keeps the tags it came with.
	again := string(ts.do("GET", "/api/games/"+itoa(imp.ID)+"/pgn", "").body)
	if !strings.Contains(again, `[Event "Ferz game"]`) || !strings.Contains(again, `[TimeControl "-"]`) {
		t.Errorf("re-exported PGN:\n%s", again)
	}
}

// TestEvals computes the evaluation graph of a game and marks a blunder.
func TestEvals(t *testing.T) {
	ts := newTestServer(t, Config{})
	pgn := `[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0`
	var ans ImportAnswer
	ts.do("POST", "/api/games/import", mustJSON(ImportRequest{PGN: pgn})).json(t, &ans)
	id := itoa(ans.IDs[0])
	var ev EvalsAnswer
	r := ts.do("GET", "/api/games/"+id+"/evals", "")
	r.json(t, &ev)
	if r.status != 200 || len(ev.Evals) != 8 || ev.Evals[7] != analysis.Cap {
		t.Fatalf("evals: %d %+v", r.status, ev)
	}
	found := false
	for _, m := range ev.Marks {
		if m.Ply == 6 && m.SAN == "Nf6" && m.Kind == "blunder" {
			found = true
		}
	}
	if !found {
		t.Errorf("3...Nf6?? is not marked: %+v (evals %v)", ev.Marks, ev.Evals)
	}
	// The second time comes from the store.
	start := time.Now()
	var again EvalsAnswer
	ts.do("GET", "/api/games/"+id+"/evals", "").json(t, &again)
	if time.Since(start) > 200*time.Millisecond || len(again.Evals) != 8 || again.Evals[3] != ev.Evals[3] {
		t.Errorf("cached evals: %+v", again)
	}
}

// TestAnalysis streams lines of an infinite analysis, up to the limit of
// analyses at once.
func TestAnalysis(t *testing.T) {
	ts := newTestServer(t, Config{MaxAnalyses: 1, AnalysisWait: 100 * time.Millisecond})
	fen := urlFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	res, err := http.Get(ts.http.URL + "/api/analysis?lines=3&fen=" + fen)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	lines := map[int]InfoView{}
	for sc.Scan() && len(lines) < 3 {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var in InfoView
		if err := json.Unmarshal([]byte(data), &in); err != nil {
			t.Fatal(err)
		}
		lines[in.Line] = in
	}
	if len(lines) != 3 || lines[1].PVUCI[0] == lines[2].PVUCI[0] || lines[2].PVUCI[0] == lines[3].PVUCI[0] {
		t.Fatalf("lines: %+v", lines)
	}
	// A second analysis at once is refused.
	if r := ts.do("GET", "/api/analysis?fen="+fen, ""); r.status != http.StatusTooManyRequests {
		t.Errorf("second analysis: %d %s", r.status, r.body)
	}
	res.Body.Close()
	// Once the stream is closed the next one runs.
	deadline := time.Now().Add(5 * time.Second)
	for {
		r, err := http.Get(ts.http.URL + "/api/analysis?fen=" + urlFEN("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"))
		if err != nil {
			t.Fatal(err)
		}
		if r.StatusCode == 200 {
			line, _ := bufio.NewReader(r.Body).ReadString('\n')
			r.Body.Close()
			if line != "event: over\n" {
				t.Errorf("analysis of a mate: %q", line)
			}
			break
		}
		r.Body.Close()
		if time.Now().After(deadline) {
			t.Fatalf("the first analysis still runs: %d", r.StatusCode)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestAnalysisWaitsForAPlace opens an analysis while the only place is
// taken and then closes the first stream, as a page does when it moves to
// another position: the second analysis waits for the place instead of
// being refused.
func TestAnalysisWaitsForAPlace(t *testing.T) {
	ts := newTestServer(t, Config{MaxAnalyses: 1})
	first, err := http.Get(ts.http.URL + "/api/analysis?fen=" + urlFEN(chess.StartFEN))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(first.Body).ReadString('\n'); err != nil || first.StatusCode != 200 {
		t.Fatalf("first analysis: %d %v", first.StatusCode, err)
	}
	second := make(chan int, 1)
	go func() {
		r, err := http.Get(ts.http.URL + "/api/analysis?fen=" + urlFEN("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"))
		if err != nil {
			second <- 0
			return
		}
		r.Body.Close()
		second <- r.StatusCode
	}()
	// The second request is waiting by now; the first stream then closes.
	time.Sleep(300 * time.Millisecond)
	first.Body.Close()
	if code := <-second; code != 200 {
		t.Errorf("second analysis: status %d, want 200", code)
	}
}

// TestPositionEndpoint plays a move in a FEN.
func TestPositionEndpoint(t *testing.T) {
	ts := newTestServer(t, Config{})
	var ans PositionAnswer
	r := ts.do("POST", "/api/position", `{"fen":"7k/P7/8/8/8/8/8/K7 w - - 0 1","move":"a8=Q+"}`)
	r.json(t, &ans)
	if r.status != 200 || ans.SAN != "a8=Q+" || ans.UCI != "a7a8q" || ans.Position.Check != "h8" || ans.Position.Turn != "black" || len(ans.Position.Dests["h8"]) == 0 {
		t.Errorf("position: %d %+v", r.status, ans)
	}
}

// TestListAndDelete lists the games and deletes one.
func TestListAndDelete(t *testing.T) {
	ts := newTestServer(t, Config{})
	a := ts.newGame(NewGameRequest{Color: "white", Elo: 800})
	b := ts.newGame(NewGameRequest{Color: "white", Elo: 800})
	ts.do("POST", "/api/games/"+itoa(a.ID)+"/resign", "")
	var list, active []GameSummary
	ts.do("GET", "/api/games", "").json(t, &list)
	ts.do("GET", "/api/games?active=1", "").json(t, &active)
	if len(list) != 2 || list[0].ID != a.ID || len(active) != 1 || active[0].ID != b.ID {
		t.Errorf("list %+v, active %+v", list, active)
	}
	if r := ts.do("DELETE", "/api/games/"+itoa(a.ID), ""); r.status != 200 {
		t.Fatalf("delete: %d %s", r.status, r.body)
	}
	if r := ts.do("GET", "/api/games/"+itoa(a.ID), ""); r.status != 404 {
		t.Errorf("deleted game: %d", r.status)
	}
}

// TestLevels lists the named levels across the engine's range.
func TestLevels(t *testing.T) {
	ls := Levels()
	if ls[0].Elo != 800 || ls[0].Name != "Beginner" || ls[len(ls)-1].Elo != 0 || ls[len(ls)-2].Elo != 2800 {
		t.Errorf("levels %+v", ls)
	}
	seen := map[string]bool{}
	for _, l := range ls {
		if seen[l.Name] {
			t.Errorf("level name %q twice", l.Name)
		}
		seen[l.Name] = true
	}
}
