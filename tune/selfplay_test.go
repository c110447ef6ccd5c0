package tune

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

var testOpenings = []string{
	"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
	"rnbqkb1r/pp2pppp/3p1n2/2p5/4P3/6P1/PPPPNP1P/RNBQKB1R w KQkq - 0 4",
	"rn1qkbnr/pbpp1ppp/1p2p3/8/4P3/3PB3/PPP2PPP/RN1QKBNR w KQkq - 0 4",
}

// smallGen is a configuration that plays short games quickly.
func smallGen(games int) GenConfig {
	adj := DefaultAdjudication
	adj.MaxPlies = 60
	return GenConfig{
		Games: games, Nodes: 300, Openings: testOpenings, Seed: 7, HashMB: 1,
		SkipPlies: 4, RandomPlies: 2, Adjudication: &adj,
	}
}

func TestGenerateWritesLabelledPositions(t *testing.T) {
	var out bytes.Buffer
	var progress []GenStats
	cfg := smallGen(2)
	cfg.Progress = func(s GenStats) { progress = append(progress, s) }
	st, err := Generate(context.Background(), cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 2 || st.WhiteWins+st.Draws+st.BlackWins != 2 || len(progress) != 2 || progress[1].Games != 2 {
		t.Errorf("stats %+v, %d progress reports", st, len(progress))
	}
	if st.Positions == 0 || st.Plies == 0 || st.Ended["rules"]+st.Ended["score"]+st.Ended["draw score"]+st.Ended["ply cap"] != 2 {
		t.Errorf("stats %+v", st)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != st.Positions {
		t.Fatalf("%d lines for %d positions", len(lines), st.Positions)
	}
	d := NewDataset()
	n, err := Load(d, strings.NewReader(out.String()), "generated")
	if err != nil || n.Positions+n.Special != st.Positions {
		t.Fatalf("reading back: %+v, %v", n, err)
	}
	for _, line := range lines {
		if !strings.Contains(line, ` c9 "`) {
			t.Errorf("no result in %q", line)
		}
		p, _, err := ParseLine(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if p.InCheck() || !isQuiet(p) {
			t.Errorf("%q is not quiet", line)
		}
	}

	// The same seed plays the same games, whatever the concurrency.
	var again bytes.Buffer
	cfg = smallGen(2)
	cfg.Concurrency = 2
	if _, err := Generate(context.Background(), cfg, &again); err != nil {
		t.Fatal(err)
	}
	sortLines := func(s string) string {
		l := strings.Split(s, "\n")
		slicesSort(l)
		return strings.Join(l, "\n")
	}
	if sortLines(again.String()) != sortLines(out.String()) {
		t.Error("the same seed gave different positions")
	}
}

// slicesSort sorts strings (insertion sort: the lists are short).
func slicesSort(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func TestGenerateStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := smallGen(1000)
	cfg.Nodes = 100000
	cfg.Progress = func(GenStats) { cancel() }
	done := make(chan struct{})
	var st GenStats
	var err error
	go func() {
		st, err = Generate(ctx, cfg, &bytes.Buffer{})
		close(done)
	}()
	time.AfterFunc(2*time.Second, cancel)
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Generate did not stop")
	}
	if !errors.Is(err, context.Canceled) || st.Games > 1 {
		t.Errorf("%+v, %v", st, err)
	}
}

func TestGenerateStopsAfterDuration(t *testing.T) {
	cfg := smallGen(1000)
	cfg.Duration = time.Nanosecond
	st, err := Generate(context.Background(), cfg, &bytes.Buffer{})
	if err != nil || st.Games > 1 {
		t.Errorf("%+v, %v", st, err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestGenerateReportsWriteErrors(t *testing.T) {
	if _, err := Generate(context.Background(), smallGen(2), failWriter{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("error %v", err)
	}
}

func TestGenerateRefusesBadConfig(t *testing.T) {
	for _, c := range []func(*GenConfig){
		func(c *GenConfig) { c.Games = 0 },
		func(c *GenConfig) { c.Nodes = 0 },
		func(c *GenConfig) { c.Openings = nil },
		func(c *GenConfig) { c.Openings = []string{"not a fen"} },
		func(c *GenConfig) { c.Openings = []string{"7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"} }, // mated
		func(c *GenConfig) { c.Concurrency = -1 },
	} {
		cfg := smallGen(1)
		c(&cfg)
		if _, err := Generate(context.Background(), cfg, &bytes.Buffer{}); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}

func TestIsQuiet(t *testing.T) {
	for fen, want := range map[string]bool{
		chess.StartFEN: true,
		// White's queen can take a hanging rook.
		"r3k3/8/8/8/8/8/8/Q3K3 w q - 0 1": false,
		// In check.
		"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1": false,
		// King and pawn against king: an endgame rule decides.
		"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1": false,
		// A defended pawn en prise to a rook: taking it loses the exchange.
		"4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1": true,
	} {
		if got := isQuiet(chess.MustParseFEN(fen)); got != want {
			t.Errorf("%s: quiet %v, want %v", fen, got, want)
		}
	}
}

func TestIsNoisy(t *testing.T) {
	p := chess.MustParseFEN("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
	for uci, want := range map[string]bool{"e5d6": true, "b7b8q": true, "b7a8q": true, "e1g1": false, "e1c1": false, "a1a8": true, "e5e6": false} {
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatal(uci, err)
		}
		if got := isNoisy(p, m); got != want {
			t.Errorf("%s: noisy %v", uci, got)
		}
	}
}

func TestByRules(t *testing.T) {
	for fen, want := range map[string]float64{
		"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1":    1,   // Black is mated
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1":    0.5, // stalemate
		"8/8/8/4k3/8/8/8/4K2N w - - 0 1":    0.5, // insufficient material
		"4k3/8/8/8/8/8/8/R3K3 w - - 100 80": 0.5, // 50 moves
	} {
		if r, over := byRules(chess.MustParseFEN(fen)); !over || r != want {
			t.Errorf("%s: %v, over %v", fen, r, over)
		}
	}
	p := chess.StartPosition()
	if _, over := byRules(p); over {
		t.Error("the start position is over")
	}
	for range 2 {
		for _, m := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			mv, _ := p.ParseUCI(m)
			p.MakeMove(mv)
		}
	}
	if r, over := byRules(p); !over || r != 0.5 {
		t.Errorf("threefold repetition: %v, over %v", r, over)
	}
}

func TestAdjudicator(t *testing.T) {
	a := adjudicator{Adjudication: Adjudication{WinScore: 1000, WinPlies: 4, DrawScore: 10, DrawPlies: 4, DrawAfter: 20, MaxPlies: 100}}
	ply := 0
	feed := func(scores ...int) (float64, string, bool) {
		for i, s := range scores {
			r, why, over := a.score(s, ply)
			ply++
			if over || i == len(scores)-1 {
				return r, why, over
			}
		}
		return 0, "", false
	}
	if _, _, over := feed(1200, 1100, 900, 1500, 1500, 1500); over {
		t.Error("a broken streak adjudicated")
	}
	if r, why, over := feed(1500); !over || r != 1 || why != endWinScore {
		t.Errorf("White's win: %v %q %v", r, why, over)
	}
	a.winStreak, ply = 0, 0
	if r, _, over := feed(-1000, -engine.MateScore+5, -2000, -1001); !over || r != 0 {
		t.Errorf("Black's win: %v %v", r, over)
	}
	a.winStreak, ply = 0, 0
	if _, _, over := feed(0, 0, 0, 0, 0, 0, 0, 0, 0, 0); over {
		t.Error("drawn before DrawAfter")
	}
	ply = 20
	if r, why, over := feed(5, -10, 0, 3); !over || r != 0.5 || why != endDrawn {
		t.Errorf("draw: %v %q %v", r, why, over)
	}
	a.drawStreak, ply = 0, 98
	if r, why, over := feed(500, 500); !over || r != 0.5 || why != endMaxPlies {
		t.Errorf("ply cap: %v %q %v", r, why, over)
	}
}
