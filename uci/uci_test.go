package uci

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// syncBuffer collects the engine's output from several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// Reset forgets what was written so far.
func (s *syncBuffer) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Reset()
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func run(t *testing.T, script string) string {
	t.Helper()
	var out syncBuffer
	e := New(&out)
	if err := e.Run(strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// runWithin is run that fails the test if the script has not ended
// within limit.
func runWithin(t *testing.T, script string, limit time.Duration) string {
	t.Helper()
	done := make(chan string, 1)
	go func() { done <- run(t, script) }()
	select {
	case out := <-done:
		return out
	case <-time.After(limit):
		t.Fatalf("%q: still running after %v", script, limit)
		return ""
	}
}

// bestmoves returns the moves of the "bestmove" lines.
func bestmoves(out string) []string {
	var ms []string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "bestmove" {
			ms = append(ms, f[1])
		}
	}
	return ms
}

func TestHandshake(t *testing.T) {
	out := run(t, "uci\nisready\nquit\n")
	for _, want := range []string{"id name Ferz", "option name Hash type spin", "uciok", "readyok"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func TestGoDepthGivesLegalBestMoveAfterMoves(t *testing.T) {
	out := run(t, "position startpos moves e2e4 e7e5 g1f3\ngo depth 6\nisready\n")
	bm := bestmoves(out)
	if len(bm) != 1 {
		t.Fatalf("want one bestmove, got %v in:\n%s", bm, out)
	}
	p := chess.StartPosition()
	for _, s := range []string{"e2e4", "e7e5", "g1f3"} {
		m, _ := p.ParseUCI(s)
		p.MakeMove(m)
	}
	if _, err := p.ParseUCI(bm[0]); err != nil {
		t.Errorf("bestmove %s is illegal: %v", bm[0], err)
	}
	if !strings.Contains(out, "info depth 6 ") || !strings.Contains(out, " pv ") {
		t.Errorf("no info line for depth 6:\n%s", out)
	}
}

// A limit of zero asks for a move at once: it must not start a search
// that waits for stop, as a go with no limit at all does.
func TestZeroLimitsAnswerAtOnce(t *testing.T) {
	for _, g := range []string{"go wtime 0 btime 0", "go wtime -50 btime 1000", "go movetime 0", "go depth 0", "go nodes 0", "go btime 0 wtime 0 winc 0", "go btime 5000 binc 100"} {
		out := runWithin(t, "position startpos\n"+g+"\n", 10*time.Second)
		bm := bestmoves(out)
		if len(bm) != 1 {
			t.Fatalf("%s: want one bestmove, got %v in:\n%s", g, bm, out)
		}
		if _, err := chess.StartPosition().ParseUCI(bm[0]); err != nil {
			t.Errorf("%s: bestmove %s is illegal: %v", g, bm[0], err)
		}
	}
}

// perft and bench of any depth never take the reader away: stop ends
// them, isready is answered and quit is obeyed while they run.
func TestLongCommandsAreStoppable(t *testing.T) {
	for _, c := range []struct{ script, want string }{
		{"perft 10\nisready\nstop\n", "perft stopped after"},
		{"bench 64\nisready\nstop\n", "bench stopped"},
		{"perft 10\nquit\n", ""},
		{"bench 64\nquit\n", ""},
	} {
		out := runWithin(t, c.script, 20*time.Second)
		if c.want != "" && !strings.Contains(out, c.want) {
			t.Errorf("%q: no %q in:\n%s", c.script, c.want, out)
		}
		if strings.Contains(c.script, "isready") && !strings.Contains(out, "readyok") {
			t.Errorf("%q: no readyok in:\n%s", c.script, out)
		}
	}
}

func TestSearchMovesSkipsIllegalMovesAndStopsAtTheNextParameter(t *testing.T) {
	out := runWithin(t, "position startpos\ngo searchmoves a2a5 d2d4 depth 3\nisready\nquit\n", 10*time.Second)
	if !strings.Contains(out, `info string go: searchmoves: "a2a5" is not a legal move here`) {
		t.Errorf("no error for the illegal move:\n%s", out)
	}
	if got := bestmoves(out); len(got) != 1 || got[0] != "d2d4" {
		t.Errorf("bestmoves %v, want [d2d4] (the only legal move given):\n%s", got, out)
	}
	if strings.Contains(out, "unknown parameter") {
		t.Errorf("depth was not read as a parameter:\n%s", out)
	}
	out = runWithin(t, "position startpos\ngo searchmoves e9e8 depth 2\nisready\nquit\n", 10*time.Second)
	if !strings.Contains(out, "no legal move given; searching all moves") || len(bestmoves(out)) != 1 {
		t.Errorf("searchmoves with no legal move:\n%s", out)
	}
}

func TestOutOfRangeLimitsAreClampedAndReported(t *testing.T) {
	for _, c := range []struct{ goLine, want string }{
		{"go nodes -5", "info string go: nodes -5 is out of range; using 1"},
		{"go depth 0", "info string go: depth 0 is out of range; using 1"},
		{"go depth 9999 movetime 20", "info string go: depth 9999 is out of range; using "},
		{"go mate -2 depth 2", "info string go: mate -2 is out of range; using 1"},
		{"go depth", "info string go: depth needs a number"},
	} {
		out := runWithin(t, "position startpos\n"+c.goLine+"\nquit\n", 10*time.Second)
		if !strings.Contains(out, c.want) {
			t.Errorf("%q: no %q in:\n%s", c.goLine, c.want, out)
		}
		if c.goLine == "go depth" && strings.Contains(out, "out of range") {
			t.Errorf("%q: a missing number was also reported as out of range:\n%s", c.goLine, out)
		}
		if n := len(bestmoves(out)); n != 1 {
			t.Errorf("%q: %d bestmoves, want 1:\n%s", c.goLine, n, out)
		}
	}
}

func TestIllegalMoveInPositionKeepsOldPosition(t *testing.T) {
	out := run(t, "position startpos moves e2e4\nposition startpos moves e2e5\nd\nquit\n")
	if !strings.Contains(out, "info string position: move \"e2e5\" is not a legal move") {
		t.Errorf("no error for e2e5:\n%s", out)
	}
	if !strings.Contains(out, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") {
		t.Errorf("position changed:\n%s", out)
	}
}

// TestDisplayShowsTheCheckers checks the "d" command's last line, as
// Stockfish prints it: the squares of the pieces giving check.
func TestDisplayShowsTheCheckers(t *testing.T) {
	out := run(t, "position fen 4k3/8/8/8/1b6/8/8/4R1K1 b - - 0 1\nd\nposition fen 4k3/8/5N2/8/1b6/8/8/4R1K1 b - - 0 1\nd\nposition startpos\nd\nquit\n")
	for _, want := range []string{"Checkers: e1\n", "Checkers: e1 f6\n", "Checkers:\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

func TestHostileInputNeverStopsTheEngine(t *testing.T) {
	script := strings.Join([]string{
		"", "   ", "xyzzy", "position", "position fen", "position fen 8/8/8/8 w - - 0 1",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves",
		"position startpos garbage", "position startpos moves e2e4 zzzz",
		"setoption", "setoption name", "setoption name Hash value abc", "setoption name Hash value -5",
		"setoption name Hash value 99999999", "setoption name Threads value 0", "setoption name Nope value 1",
		"setoption name UCI_Chess960 value maybe", "setoption name Move Overhead value x",
		"go depth", "go depth x", "go wtime -100 btime -100", "stop", "go foo", "stop",
		"perft", "perft 0", "perft x", "go movetime 50", "isready",
	}, "\n")
	out := run(t, script+"\n")
	if !strings.Contains(out, "readyok") {
		t.Fatalf("no readyok:\n%s", out)
	}
	if n := len(bestmoves(out)); n < 2 {
		t.Errorf("want a bestmove for each go, got %d:\n%s", n, out)
	}
	for _, bm := range bestmoves(out) {
		if _, err := chess.StartPosition().ParseUCI(bm); err != nil {
			t.Errorf("bestmove %s illegal in the start position", bm)
		}
	}
}

func TestStopAndIsReadyStormDuringSearch(t *testing.T) {
	var out syncBuffer
	e := New(&out)
	e.Handle("position startpos")
	e.Handle("go infinite")
	for i := 0; i < 200; i++ {
		e.Handle("isready")
	}
	time.Sleep(50 * time.Millisecond)
	for i := 0; i < 20; i++ {
		e.Handle("stop")
	}
	e.Handle("quit")
	got := out.String()
	if n := strings.Count(got, "readyok"); n != 200 {
		t.Errorf("readyok %d times, want 200", n)
	}
	if n := len(bestmoves(got)); n != 1 {
		t.Errorf("%d bestmoves, want 1", n)
	}
}

func TestQuitDuringSearchReturns(t *testing.T) {
	out := runWithin(t, "go infinite\nquit\n", 5*time.Second)
	if len(bestmoves(out)) != 1 {
		t.Errorf("want a bestmove:\n%s", out)
	}
}

func TestNoLegalMoveGivesNullBestMove(t *testing.T) {
	out := run(t, "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\nisready\n")
	if bm := bestmoves(out); len(bm) != 1 || bm[0] != "0000" {
		t.Errorf("stalemate: bestmoves %v", bm)
	}
}

func TestChess960CastlingIsKingTakesRook(t *testing.T) {
	out := run(t, "setoption name UCI_Chess960 value true\nposition fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1h1\nd\n")
	if !strings.Contains(out, "Fen: 4k3/8/8/8/8/8/8/5RK1 b - - 1 1") {
		t.Errorf("e1h1 in Chess960 mode did not castle:\n%s", out)
	}
}

func TestMultiPVReportsDistinctLines(t *testing.T) {
	out := run(t, "setoption name MultiPV value 3\nposition startpos\ngo depth 6\n")
	firsts := map[string]bool{}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "info depth 6 ") && !strings.Contains(line, "bound") {
			f := strings.Fields(line)
			for i := range f {
				if f[i] == "pv" && i+1 < len(f) {
					firsts[f[i+1]] = true
				}
			}
			if !strings.Contains(line, " multipv ") {
				t.Errorf("no multipv in %q", line)
			}
		}
	}
	if len(firsts) != 3 {
		t.Errorf("want 3 different first moves at depth 6, got %v:\n%s", firsts, out)
	}
	for _, k := range []string{"multipv 1 ", "multipv 2 ", "multipv 3 "} {
		if !strings.Contains(out, k) {
			t.Errorf("missing %q", k)
		}
	}
}

func TestOptionsAreAppliedOrRefused(t *testing.T) {
	out := run(t, strings.Join([]string{
		"setoption name Threads value 2", "setoption name MultiPV value 999", "setoption name UCI_Elo value 100",
		"setoption name Skill Level value x", "setoption name Ponder value yes", "setoption name UCI_ShowWDL value true",
		"position startpos", "go depth 5",
	}, "\n")+"\n")
	for _, want := range []string{
		"info string setoption MultiPV: clamped to 256", "info string setoption UCI_Elo: clamped to 800",
		`info string setoption Skill Level: "x" is not a whole number`, `info string setoption Ponder: "yes" is neither true nor false`,
		" wdl ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if len(bestmoves(out)) != 1 {
		t.Errorf("want a bestmove:\n%s", out)
	}
}

func TestSearchParamsAreHiddenOptions(t *testing.T) {
	defer func() {
		for _, p := range engine.Params() {
			if err := engine.SetParam(p.Name, p.Default); err != nil {
				t.Fatal(err)
			}
		}
	}()
	out := run(t, strings.Join([]string{
		"uci", "setoption name RFPMargin value 95", "setoption name lmrbase value x",
		"setoption name FutilityBase value -5", "position startpos", "go depth 6",
	}, "\n")+"\n")
	for _, want := range []string{
		`info string setoption lmrbase: "x" is not a whole number`,
		"info string setoption: FutilityBase -5 is out of range 0 to 300",
		"info string setoption RFPMargin 95",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "option name RFPMargin") || strings.Contains(out, "unknown option") {
		t.Errorf("RFPMargin refused or listed:\n%s", out)
	}
	for _, p := range engine.Params() {
		if p.Name == "RFPMargin" && p.Value != 95 {
			t.Errorf("RFPMargin = %d after setoption, want 95", p.Value)
		}
	}
	if len(bestmoves(out)) != 1 {
		t.Errorf("want a bestmove:\n%s", out)
	}
}

func TestLimitStrengthPlaysLegalMoves(t *testing.T) {
	for _, elo := range []string{"800", "1500", "2500"} {
		out := run(t, "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value "+elo+"\nposition startpos moves e2e4\ngo movetime 200\n")
		bm := bestmoves(out)
		p := chess.StartPosition()
		m, _ := p.ParseUCI("e2e4")
		p.MakeMove(m)
		if len(bm) != 1 {
			t.Fatalf("Elo %s: bestmoves %v", elo, bm)
		}
		if _, err := p.ParseUCI(bm[0]); err != nil {
			t.Errorf("Elo %s: illegal bestmove %s", elo, bm[0])
		}
	}
}

func TestPonderWaitsForPonderHit(t *testing.T) {
	var out syncBuffer
	e := New(&out)
	e.Handle("position startpos moves e2e4")
	e.Handle("go ponder wtime 1000 btime 1000")
	time.Sleep(300 * time.Millisecond)
	if len(bestmoves(out.String())) != 0 {
		t.Fatalf("answered while pondering:\n%s", out.String())
	}
	e.Handle("ponderhit")
	deadline := time.Now().Add(3 * time.Second)
	for len(bestmoves(out.String())) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if len(bestmoves(out.String())) != 1 {
		t.Errorf("no bestmove within 3 s of ponderhit:\n%s", out.String())
	}
	e.Handle("quit")
}

func TestBenchCommandEndsWithNodesAndNPS(t *testing.T) {
	out := run(t, "bench 4\n")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := strings.Fields(lines[len(lines)-1])
	if len(last) != 4 || last[1] != "nodes" || last[3] != "nps" {
		t.Errorf("last line %q, want \"N nodes M nps\"", lines[len(lines)-1])
	}
}

func TestOwnBookAnswersFromTheBook(t *testing.T) {
	out := run(t, "setoption name OwnBook value true\nposition startpos\ngo depth 20\n")
	if !strings.Contains(out, "info string book move") || len(bestmoves(out)) != 1 {
		t.Errorf("no book move:\n%s", out)
	}
	out = run(t, "setoption name BookFile value /no/such/book.bin\nsetoption name OwnBook value true\nposition startpos\ngo depth 3\n")
	if !strings.Contains(out, "info string setoption BookFile:") || len(bestmoves(out)) != 1 {
		t.Errorf("bad book file:\n%s", out)
	}
	// Off by default: the engine searches.
	out = run(t, "position startpos\ngo depth 3\n")
	if strings.Contains(out, "book move") {
		t.Errorf("book used with OwnBook off:\n%s", out)
	}
}

func TestMovetimeIsKept(t *testing.T) {
	// A paused or overloaded machine (the race detector, a match beside
	// the tests) can delay one answer past the limit; an engine that
	// overruns does so every time. So each budget gets three tries and
	// must be kept in at least one, while none may answer too early.
	for _, ms := range []int{100, 500} {
		limit := time.Duration(ms+50) * time.Millisecond
		var tries []time.Duration
		for len(tries) < 3 {
			took := timeGoMovetime(t, ms)
			if took < time.Duration(ms)*time.Millisecond/2 {
				t.Errorf("go movetime %d answered after only %v", ms, took)
			}
			tries = append(tries, took)
			if took <= limit {
				break
			}
		}
		if last := tries[len(tries)-1]; last > limit {
			t.Errorf("go movetime %d answered after %v in three tries, more than %v", ms, tries, limit)
		}
	}
}

// timeGoMovetime starts a fresh engine, sends "go movetime ms" and
// returns how long the bestmove took.
func timeGoMovetime(t *testing.T, ms int) time.Duration {
	t.Helper()
	var out syncBuffer
	e := New(&out)
	defer e.Handle("quit")
	e.Handle("position startpos moves e2e4 e7e5")
	start := time.Now()
	e.Handle("go movetime " + strconv.Itoa(ms))
	for len(bestmoves(out.String())) == 0 {
		if time.Since(start) > 5*time.Second {
			t.Fatalf("no bestmove after 5 s")
		}
		time.Sleep(time.Millisecond)
	}
	return time.Since(start)
}

func TestInfoLinesNeverHaveAnEmptyPV(t *testing.T) {
	out := run(t, "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo depth 11\n")
	for _, line := range strings.Split(out, "\n") {
		if strings.HasSuffix(strings.TrimSpace(line), " pv") {
			t.Errorf("empty pv: %q", line)
		}
	}
}

// SyzygyPath loads the tables and says how many it found; a directory
// that does not exist is reported and the engine plays on; positions in
// the tables are searched with tbhits counted and a winning score.
func TestSyzygyOptions(t *testing.T) {
	const dir = "../../shared/data/syzygy"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no Syzygy tables at", dir)
	}
	abs, _ := filepath.Abs(dir)
	out := run(t, "uci\n"+
		"setoption name SyzygyPath value /no/such/dir"+string(os.PathListSeparator)+abs+"\n"+
		"setoption name SyzygyProbeLimit value 9\n"+
		"setoption name SyzygyProbeDepth value x\n"+
		"setoption name Syzygy50MoveRule value maybe\n"+
		"position fen 8/8/8/3k4/8/8/2PK4/8 w - - 0 1\ngo depth 8\n"+
		"setoption name SyzygyPath value <empty>\n"+
		"position fen 8/8/8/3k4/8/8/2PK4/8 w - - 0 1\ngo depth 8\nquit\n")
	for _, want := range []string{
		"option name SyzygyPath type string default <empty>",
		"option name SyzygyProbeLimit type spin default 7 min 0 max 7",
		"info string SyzygyPath: found 35 tablebases, up to 4 pieces",
		"/no/such/dir",
		"info string setoption SyzygyProbeLimit: clamped to 7",
		"info string setoption SyzygyProbeDepth: \"x\" is not a whole number",
		"info string setoption Syzygy50MoveRule: \"maybe\" is neither true nor false",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if ms := bestmoves(out); len(ms) != 2 {
		t.Fatalf("want 2 bestmoves, got %v", ms)
	}
	// The first search reports tbhits and a tablebase win; the second,
	// without tables, neither.
	searches := strings.Split(out, "bestmove")
	last := func(s string) string {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		for i := len(lines) - 1; i >= 0; i-- {
			if strings.HasPrefix(lines[i], "info depth") {
				return lines[i]
			}
		}
		return ""
	}
	first, second := last(searches[0]), last(searches[1])
	if !strings.Contains(first, " tbhits ") || !strings.Contains(first, "score cp "+strconv.Itoa(engine.TBWinScore)) {
		t.Errorf("with tables: %q lacks tbhits or the tablebase win score %d", first, engine.TBWinScore)
	}
	if strings.Contains(second, "tbhits") {
		t.Errorf("without tables: %q still has tbhits", second)
	}
}

// A table that is broken beyond its header is found on the first probe:
// the engine says so once and plays on without it.
func TestSyzygyBrokenTableIsReportedAndSkipped(t *testing.T) {
	const dir = "../../shared/data/syzygy"
	data, err := os.ReadFile(filepath.Join(dir, "KQvK.rtbw"))
	if err != nil {
		t.Skip("no Syzygy tables at", dir)
	}
	tmp := t.TempDir()
	for i := 4; i < len(data) && i < 64; i++ {
		data[i] = 0xff // keep the magic number, spoil the header
	}
	if err := os.WriteFile(filepath.Join(tmp, "KQvK.rtbw"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := run(t, "setoption name SyzygyPath value "+tmp+"\n"+
		"position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1\ngo depth 6\n"+
		"position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1\ngo depth 6\nquit\n")
	if n := strings.Count(out, "info string Syzygy: "); n != 1 {
		t.Errorf("want one report of the broken table, got %d in:\n%s", n, out)
	}
	if ms := bestmoves(out); len(ms) != 2 || ms[0] == "0000" {
		t.Errorf("bestmoves %v", ms)
	}
}
