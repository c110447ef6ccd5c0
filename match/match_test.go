package match

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/internal/testkit"
)

// readGames parses the PGN a match wrote.
func readGames(t *testing.T, pgn string) []*chess.Game {
	t.Helper()
	var games []*chess.Game
	r := chess.NewPGNReader(strings.NewReader(pgn))
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("the match wrote a bad PGN: %v\n%s", err, pgn)
		}
		games = append(games, g)
	}
}

// finalComment returns the comment on the last move (or before the first
// move when there are none): where the runner says how the game ended.
func finalComment(g *chess.Game) string {
	if n := len(g.Annotations); n > 0 {
		return g.Annotations[n-1].Comment
	}
	return g.Comment
}

func TestFaultyEnginesLoseAndTheMatchGoesOn(t *testing.T) {
	faults := []struct {
		mode, termination, reason string
	}{
		{"illegal", "rules infraction", "plays an illegal move"},
		{"crash", "abandoned", "crashed: exit status 3"},
		// The detail tells an engine that hung from one that answered
		// "stop" (the slow one sleeps a second, then moves).
		{"hang", "time forfeit", "loses on time: no move after 200ms, no output after go, no bestmove after stop"},
		{"slow", "time forfeit", "loses on time: no move after 200ms, no output after go, bestmove at 1"},
		{"garbage", "rules infraction", `sends garbage: bestmove "???" is not a move`},
		{"nobest", "rules infraction", "bestmove line without a move"},
		{"nouciok", "abandoned", "no uciok"},
		{"noready", "abandoned", "no readyok"},
	}
	engines := []EngineConfig{fakeEngine("good", "good")}
	for _, f := range faults {
		engines = append(engines, fakeEngine(f.mode, f.mode))
	}
	var pgn, out bytes.Buffer
	cfg := Config{
		Engines:         engines,
		Gauntlet:        true,
		GamesPerPairing: 2,
		TimeControl:     TimeControl{MoveTime: 100 * time.Millisecond, Margin: 100 * time.Millisecond},
		Concurrency:     2,
		ReadyTimeout:    2 * time.Second, // enough for the test binary to start under -race on a busy machine
		PGN:             &pgn,
		Out:             &out,
	}
	start := time.Now()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games in %v", res.Played, time.Since(start))
	if res.Played != 2*len(faults) || res.Stopped {
		t.Fatalf("played %d of %d games (stopped %v)\n%s", res.Played, res.Planned, res.Stopped, out.String())
	}
	for i, f := range faults {
		p := res.Pairings[i]
		if p.B != f.mode || p.Tally != (Tally{Wins: 2}) {
			t.Errorf("good vs %s: %+v, want two wins for good", f.mode, p)
		}
	}
	games := readGames(t, pgn.String())
	if len(games) != 2*len(faults) {
		t.Fatalf("%d games in the PGN, want %d", len(games), 2*len(faults))
	}
	for _, g := range games {
		faulty := g.Tag("White")
		want := "0-1"
		if faulty == "good" {
			faulty, want = g.Tag("Black"), "1-0"
		}
		var f = faults[0]
		for _, ff := range faults {
			if ff.mode == faulty {
				f = ff
			}
		}
		if g.Result != want || g.Tag("Result") != want {
			t.Errorf("game %s (%s vs %s): result %q, want %q", g.Tag("Round"), g.Tag("White"), g.Tag("Black"), g.Result, want)
		}
		if got := g.Tag("Termination"); got != f.termination {
			t.Errorf("game %s (%s): Termination %q, want %q", g.Tag("Round"), f.mode, got, f.termination)
		}
		// Each fault must strike the restarted engine again: the same
		// reason in both games proves the restart.
		if c := finalComment(g); !strings.Contains(c, f.reason) {
			t.Errorf("game %s (%s): final comment %q lacks %q", g.Tag("Round"), f.mode, c, f.reason)
		}
		// Where the system shows it, a timeout also says what the
		// engine was doing: the hung one waits and uses no CPU.
		if c := finalComment(g); runtime.GOOS == "linux" && f.mode == "hang" && !strings.Contains(c, "engine process used 0s of CPU in 200ms; threads: ") {
			t.Errorf("game %s (hang): final comment %q lacks the process state", g.Tag("Round"), c)
		}
		if g.Tag("PlyCount") == "" || g.Tag("TimeControl") != "1/0.1" || g.Tag("Event") == "" {
			t.Errorf("game %s: tags %v", g.Tag("Round"), g.Tags)
		}
	}
	if !strings.Contains(out.String(), "good vs noready: 2 games, +2 =0 -0") {
		t.Errorf("standings missing from the output:\n%s", out.String())
	}
	// Each engine's faults are counted by kind: the good engine has none,
	// and each faulty one lost its two games by its own fault.
	wantKind := map[string]FaultKind{
		"illegal": FaultIllegal, "crash": FaultCrash, "hang": FaultTime, "slow": FaultTime,
		"garbage": FaultGarbage, "nobest": FaultGarbage, "nouciok": FaultHandshake, "noready": FaultHandshake,
	}
	for i, name := range res.Engines {
		want := map[FaultKind]int{}
		if k, ok := wantKind[name]; ok {
			want[k] = 2
		}
		if got := res.Faults[i]; len(got) != len(want) || got[wantKind[name]] != want[wantKind[name]] {
			t.Errorf("%s: faults %v, want %v", name, got, want)
		}
	}
	var summary bytes.Buffer
	res.WriteSummary(&summary)
	if !strings.Contains(summary.String(), "Faults: good none; illegal 2 illegal move; crash 2 crashed; hang 2 time forfeit;") {
		t.Errorf("summary without the faults by engine:\n%s", summary.String())
	}
}

func TestAdjudicationInAMatch(t *testing.T) {
	var pgn bytes.Buffer
	cfg := Config{
		Engines:         []EngineConfig{fakeEngine("winner", "winner"), fakeEngine("resigner", "resigner")},
		GamesPerPairing: 2,
		TimeControl:     TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond, Margin: time.Second},
		Resign:          ResignRule{MoveCount: 3, Score: 600, TwoSided: true},
		Concurrency:     1,
		PGN:             &pgn,
	}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pairings[0].Tally != (Tally{Wins: 2}) || res.Pairings[0].Penta != (Penta{4: 1}) {
		t.Errorf("winner vs resigner: %+v", res.Pairings[0])
	}
	// Three moves a side in each of the two games, each ending with
	// nearly the whole clock and three increments left.
	for i, c := range res.Clock {
		_, med, _, ok := c.LeftQuartiles()
		if c.Moves != 6 || len(c.Left) != 2 || !ok || med <= 9*time.Second || med > 10300*time.Millisecond {
			t.Errorf("%s's clock: %+v", res.Engines[i], c)
		}
	}
	var summary bytes.Buffer
	res.WriteSummary(&summary)
	if !regexp.MustCompile(`Clock: winner 0\.\d{3} s a move, 10\.\d\d s left at the end \(median; quartiles 10\.\d\d-10\.\d\d s\); resigner`).MatchString(summary.String()) {
		t.Errorf("summary without the clock's use:\n%s", summary.String())
	}
	for _, g := range readGames(t, pgn.String()) {
		if g.Tag("Termination") != "adjudication" || g.Tag("PlyCount") != "6" || !strings.Contains(finalComment(g), "resigns by adjudication") {
			t.Errorf("game %s: %v, %q", g.Tag("Round"), g.Tags, finalComment(g))
		}
		if g.Tag("TimeControl") != "10+0.1" {
			t.Errorf("TimeControl %q", g.Tag("TimeControl"))
		}
	}

	pgn.Reset()
	cfg.Engines = []EngineConfig{fakeEngine("a", "drawish"), fakeEngine("b", "drawish")}
	cfg.Resign = ResignRule{}
	cfg.Draw = DrawRule{MoveNumber: 4, MoveCount: 2, Score: 5}
	res, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pairings[0].Tally != (Tally{Draws: 2}) {
		t.Errorf("drawish pair: %+v", res.Pairings[0])
	}
	for _, g := range readGames(t, pgn.String()) {
		// Move 4 is the first move that may end the game; by then the
		// scores have been quiet for 6 plies.
		if g.Tag("PlyCount") != "7" || !strings.Contains(finalComment(g), "draw by adjudication") {
			t.Errorf("game %s: %v, %q", g.Tag("Round"), g.Tags, finalComment(g))
		}
	}
}

func TestRulesEndTheGame(t *testing.T) {
	dir := t.TempDir()
	// White's only legal move takes the rook: bare kings.
	writeFile(t, dir+"/rules.epd", "k7/8/8/8/8/8/1r6/K7 w - - 0 60\n")
	book, err := LoadOpenings(dir+"/rules.epd", 0, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	var pgn bytes.Buffer
	res, err := Run(context.Background(), Config{
		Engines:         []EngineConfig{fakeEngine("a", "good"), fakeEngine("b", "good")},
		GamesPerPairing: 2,
		Book:            book,
		TimeControl:     TimeControl{Depth: 1},
		Concurrency:     1,
		PGN:             &pgn,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pairings[0].Tally != (Tally{Draws: 2}) {
		t.Errorf("%+v", res.Pairings[0])
	}
	for _, g := range readGames(t, pgn.String()) {
		if g.Tag("FEN") != "k7/8/8/8/8/8/1r6/K7 w - - 0 60" || g.Tag("SetUp") != "1" || g.Tag("Termination") != "normal" ||
			!strings.Contains(finalComment(g), "insufficient material") || g.Tag("TimeControl") != "-" {
			t.Errorf("game %s: %v %q", g.Tag("Round"), g.Tags, finalComment(g))
		}
	}
}

func TestRunRefusesBadConfigs(t *testing.T) {
	good := fakeEngine("a", "good")
	tc := TimeControl{Depth: 1}
	bad := []Config{
		{Engines: []EngineConfig{good}, GamesPerPairing: 2, TimeControl: tc},
		{Engines: []EngineConfig{good, good}, GamesPerPairing: 2, TimeControl: tc},
		{Engines: []EngineConfig{good, fakeEngine("b", "good")}, GamesPerPairing: 0, TimeControl: tc},
		{Engines: []EngineConfig{good, fakeEngine("b", "good")}, GamesPerPairing: 2},
		{Engines: []EngineConfig{good, fakeEngine("b", "good"), fakeEngine("c", "good")}, GamesPerPairing: 2, TimeControl: tc, SPRT: &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}},
	}
	for i, c := range bad {
		if _, err := Run(context.Background(), c); err == nil {
			t.Errorf("config %d accepted", i)
		}
	}
}

func TestMissingProgramLosesEveryGame(t *testing.T) {
	res, err := Run(context.Background(), Config{
		Engines:         []EngineConfig{fakeEngine("a", "good"), {Name: "ghost", Command: t.TempDir() + "/no-such-engine"}},
		GamesPerPairing: 2,
		TimeControl:     TimeControl{Depth: 1},
		Concurrency:     1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pairings[0].Tally != (Tally{Wins: 2}) {
		t.Errorf("%+v", res.Pairings[0])
	}
}

// runSPRT plays a good engine against one that crashes in every game,
// under the test sprt, and returns the results and the live report.
func runSPRT(t *testing.T, sprt SPRT) (*Results, string) {
	t.Helper()
	var out bytes.Buffer
	res, err := Run(context.Background(), Config{
		Engines:         []EngineConfig{fakeEngine("good", "good"), fakeEngine("crash", "crash")},
		GamesPerPairing: 1000,
		TimeControl:     TimeControl{Depth: 1},
		Concurrency:     2,
		SPRT:            &sprt,
		Out:             &out,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res, out.String()
}

func TestSPRTStopsTheMatch(t *testing.T) {
	// Wide hypotheses so that a few won pairs decide.
	res, out := runSPRT(t, SPRT{Elo0: -100, Elo1: 500, Alpha: 0.05, Beta: 0.05})
	if !res.Stopped || res.Decision != AcceptH1 || res.Played >= 100 {
		t.Errorf("stopped %v, decision %v after %d games\n%s", res.Stopped, res.Decision, res.Played, out)
	}
	if !strings.Contains(out, "SPRT: H1 accepted") {
		t.Errorf("no SPRT verdict in the output:\n%s", out)
	}
}

func TestSPRTPriorPairsCount(t *testing.T) {
	// The prior pairs, all lost, outweigh what this run's won pairs
	// show: the test accepts H0 after the first pair.
	res, out := runSPRT(t, SPRT{Elo0: -100, Elo1: 500, Alpha: 0.05, Beta: 0.05, Prior: Penta{0: 40}})
	if !res.Stopped || res.Decision != AcceptH0 || res.Played >= 10 {
		t.Errorf("stopped %v, decision %v after %d games\n%s", res.Stopped, res.Decision, res.Played, out)
	}
	if !strings.Contains(out, "pairs [40 0 0 0 1]") {
		t.Errorf("the prior pairs are not in the SPRT line:\n%s", out)
	}
}

func TestCancelStopsTheMatch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	res, err := Run(ctx, Config{
		Engines:         []EngineConfig{fakeEngine("a", "hang"), fakeEngine("b", "hang")},
		GamesPerPairing: 10,
		TimeControl:     TimeControl{Depth: 1, Timeout: time.Minute},
		Concurrency:     2,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stopped || time.Since(start) > 10*time.Second {
		t.Errorf("stopped %v after %v", res.Stopped, time.Since(start))
	}
}

func TestStockfishGamesInChess960(t *testing.T) {
	sf := testkit.Stockfish(t)
	var pgn, out bytes.Buffer
	book := Chess960Book()
	book.Shuffle(1)
	res, err := Run(context.Background(), Config{
		Engines: []EngineConfig{
			{Name: "SF-a", Command: sf, Options: []Option{{"Hash", "4"}}},
			{Name: "SF-b", Command: sf, Options: []Option{{"Hash", "4"}, {"Skill Level", "0"}}},
		},
		GamesPerPairing: 2,
		Book:            book,
		TimeControl:     TimeControl{Nodes: 2000, Margin: time.Second},
		Resign:          ResignRule{MoveCount: 3, Score: 800, TwoSided: true},
		MaxMoves:        150,
		Concurrency:     2,
		PGN:             &pgn,
		Out:             &out,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Played != 2 {
		t.Fatalf("played %d games\n%s", res.Played, out.String())
	}
	for _, g := range readGames(t, pgn.String()) {
		if g.Tag("Variant") == "" || g.Tag("FEN") == "" {
			t.Errorf("game %s: no Variant/FEN tags: %v", g.Tag("Round"), g.Tags)
		}
		if term := g.Tag("Termination"); term != "normal" && term != "adjudication" {
			t.Errorf("game %s ended by %q: %s", g.Tag("Round"), term, finalComment(g))
		}
		if _, err := g.Position(); err != nil {
			t.Errorf("game %s does not replay: %v", g.Tag("Round"), err)
		}
	}
}

func TestTimeoutDetailSaysWhatTheEngineDid(t *testing.T) {
	start := time.Now()
	res := SearchResult{start: start, Lines: 12, LastLine: 210 * time.Millisecond, TimerLate: 2 * time.Second}
	got := timeoutDetail(res, 4194*time.Millisecond, start.Add(4201*time.Millisecond))
	want := "no move after 4.194s, last output at 210ms (12 lines), bestmove at 4.201s; the runner's timer fired 2s late"
	if got != want {
		t.Errorf("timeoutDetail = %q, want %q", got, want)
	}
	res.TimerLate = 10 * time.Millisecond // scheduling noise is not reported
	if got := timeoutDetail(res, time.Second, time.Time{}); got != "no move after 1s, last output at 210ms (12 lines), no bestmove after stop" {
		t.Errorf("timeoutDetail = %q", got)
	}
	res.Process = "engine process used 0s of CPU in 200ms; threads: 5 S futex_wait_queue, 1 S pipe_write"
	if got := timeoutDetail(res, time.Second, time.Time{}); got != "no move after 1s, last output at 210ms (12 lines), no bestmove after stop; "+res.Process {
		t.Errorf("timeoutDetail = %q", got)
	}
}
