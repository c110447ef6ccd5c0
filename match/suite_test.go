package match

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/internal/testkit"
)

func readSuite(t *testing.T, text string) []SuitePosition {
	t.Helper()
	ps, bad, err := ReadSuite(strings.NewReader(text))
	if err != nil || len(bad) > 0 {
		t.Fatalf("ReadSuite: %v %v", err, bad)
	}
	return ps
}

func TestSuiteChecksEachKindOfTask(t *testing.T) {
	// The fake engine plays the first legal move; build tasks around it.
	start := chess.StartPosition()
	moves := start.LegalMoves()
	first, other := moves[0], moves[1]
	san1, san2 := start.SAN(first), start.SAN(other)
	uci1, uci2 := start.UCI(first), start.UCI(other)
	base := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "
	suite := strings.Join([]string{
		base + "bm " + san1 + "; id \"bm-right\";",
		base + "bm " + san2 + "; id \"bm-wrong\";",
		base + "am " + san1 + "; id \"am-wrong\";",
		base + "am " + san2 + "; id \"am-right\";",
		base + "c0 \"" + san1 + "=7, " + san2 + "=10\"; id \"c0\";",
		base + "c8 \"10 3\"; c9 \"" + uci1 + " " + uci2 + "\"; id \"c8c9\";",
		base + "id \"no-task\";",
		base + "bm Qh5; id \"bad-bm\";",
	}, "\n")
	var out bytes.Buffer
	res, sum, err := RunSuite(context.Background(), SuiteConfig{Engine: fakeEngine("fake", "good"), Depth: 1, Out: &out}, readSuite(t, suite))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		solved      bool
		points, max int
		skipped     bool
	}{
		{true, 0, 0, false}, {false, 0, 0, false}, {false, 0, 0, false}, {true, 0, 0, false},
		{false, 7, 10, false}, {true, 10, 10, false}, {false, 0, 0, true}, {false, 0, 0, true},
	}
	if len(res) != len(want) {
		t.Fatalf("%d results, want %d\n%s", len(res), len(want), out.String())
	}
	for i, w := range want {
		r := res[i]
		if r.Solved != w.solved || r.Points != w.points || r.MaxPoints != w.max || (r.Skipped != "") != w.skipped || r.Err != nil {
			t.Errorf("%s: %+v, want %+v", r.ID, r, w)
		}
		if !w.skipped && r.Played != san1 {
			t.Errorf("%s: played %q, want %q", r.ID, r.Played, san1)
		}
	}
	if sum.Searched != 6 || sum.Solved != 3 || sum.Skipped != 2 || sum.Points != 17 || sum.MaxPoints != 20 {
		t.Errorf("summary %+v", sum)
	}
	sum.Write(&out)
	for _, s := range []string{"bm-right", "solved", "skipped: no bm, am, dm or c0", "solved 3 of 6", "points 17 of 20", "average time to solution"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out.String())
		}
	}
}

func TestSuiteSurvivesACrashingEngine(t *testing.T) {
	line := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - am a4;\n"
	res, sum, err := RunSuite(context.Background(), SuiteConfig{Engine: fakeEngine("crash", "crash"), Depth: 1}, readSuite(t, strings.Repeat(line, 7)))
	if err != nil {
		t.Fatal(err)
	}
	// The third search of each process crashes: positions 3 and 6 fail,
	// the others are searched by restarted engines.
	for i, r := range res {
		if failed := r.Err != nil; failed != (i == 2 || i == 5) {
			t.Errorf("position %d: err %v", i+1, r.Err)
		}
	}
	if sum.Failed != 2 || sum.Searched != 7 {
		t.Errorf("summary %+v", sum)
	}
}

func TestSuiteNeedsALimit(t *testing.T) {
	if _, _, err := RunSuite(context.Background(), SuiteConfig{Engine: fakeEngine("f", "good")}, nil); err == nil {
		t.Error("suite without a limit accepted")
	}
}

func TestSuiteWithStockfish(t *testing.T) {
	sf := testkit.Stockfish(t)
	// WAC.001: mate in 2 with Qg6, asked as bm and as dm.
	fen := "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - "
	suite := fen + "bm Qg6; id \"WAC.001\";\n" + fen + "dm 2; id \"WAC.001 dm\";\n"
	res, sum, err := RunSuite(context.Background(), SuiteConfig{Engine: EngineConfig{Name: "sf", Command: sf}, Depth: 8, Concurrency: 2}, readSuite(t, suite))
	if err != nil {
		t.Fatal(err)
	}
	if sum.Solved != 2 || res[0].Played != "Qg6" || res[1].Score != (Score{Mate: 2, Valid: true}) {
		t.Errorf("%+v\n%+v", res, sum)
	}
}

// TestSuiteWarnsOnceOfARefusedOption runs a suite with two engine
// processes at once, each restarted after it crashes, and an option the
// engine refuses: the warning comes once.
func TestSuiteWarnsOnceOfARefusedOption(t *testing.T) {
	line := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - am a4;\n"
	cfg := fakeEngine("crash", "crash")
	cfg.Options = []Option{{"Bogus", "1"}}
	var warnings []string
	_, _, err := RunSuite(context.Background(), SuiteConfig{Engine: cfg, Depth: 1, Concurrency: 2,
		Warn: func(w string) { warnings = append(warnings, w) }}, readSuite(t, strings.Repeat(line, 8)))
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], `refused option "Bogus"`) {
		t.Errorf("warnings %q, want one refusal of Bogus", warnings)
	}
}
