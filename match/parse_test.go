package match

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
)

func TestParseEngineSpec(t *testing.T) {
	c, err := ParseEngineSpec(`name=SF cmd=/usr/games/stockfish option.Hash=16 option.UCI_Elo=2000 dir="/tmp/a dir" arg=-x args="a b" rating=2000 option.Clear_Hash=`)
	if err != nil {
		t.Fatal(err)
	}
	want := EngineConfig{
		Name: "SF", Command: "/usr/games/stockfish", Dir: "/tmp/a dir", Args: []string{"-x", "a", "b"}, Rating: 2000,
		Options: []Option{{"Hash", "16"}, {"UCI_Elo", "2000"}, {"Clear_Hash", ""}},
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got %+v\nwant %+v", c, want)
	}
	c, err = ParseEngineSpec(`cmd=/usr/games/toga2 "option.Move Overhead=50"`)
	if err != nil || c.Name != "toga2" || c.Options[0] != (Option{"Move Overhead", "50"}) {
		t.Errorf("got %+v, %v", c, err)
	}
	for _, bad := range []string{"name=x", "cmd=a what", `cmd="unclosed`, "cmd=a colour=red", "cmd=a rating=high", "=x cmd=a", "cmd=a option.=1"} {
		if _, err := ParseEngineSpec(bad); err == nil {
			t.Errorf("ParseEngineSpec(%q) accepted", bad)
		}
	}
}

func TestEngineDefaultsFromEach(t *testing.T) {
	each, err := ParseEachSpec("option.Hash=32 option.Threads=1 dir=/tmp")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := ParseEngineSpec("cmd=x option.Hash=64")
	got := c.WithDefaults(each)
	if got.Dir != "/tmp" || !reflect.DeepEqual(got.Options, []Option{{"Hash", "64"}, {"Threads", "1"}}) {
		t.Errorf("got %+v", got)
	}
	if _, err := ParseEachSpec("cmd=x"); err == nil {
		t.Error("-each with cmd accepted")
	}
}

func TestReadEngineConfigs(t *testing.T) {
	list, err := ReadEngineConfigs(strings.NewReader(`{"engines": [
		{"name": "SF", "cmd": "/usr/games/stockfish", "options": {"UCI_LimitStrength": true, "UCI_Elo": 1350, "Hash": "16"}, "rating": 1350},
		{"cmd": "/usr/games/gnuchess", "args": ["--uci"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[1].Name != "gnuchess" || list[1].Args[0] != "--uci" || list[0].Rating != 1350 {
		t.Fatalf("got %+v", list)
	}
	if want := []Option{{"Hash", "16"}, {"UCI_Elo", "1350"}, {"UCI_LimitStrength", "true"}}; !reflect.DeepEqual(list[0].Options, want) {
		t.Errorf("options %v, want %v", list[0].Options, want)
	}
	for _, bad := range []string{``, `[]`, `[{"name": "x"}]`, `[{"cmd": "x", "colour": 1}]`, `[{"cmd": "x", "options": {"a": [1]}}]`, `{`} {
		if _, err := ReadEngineConfigs(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadEngineConfigs(%q) accepted", bad)
		}
	}
}

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in   string
		want TimeControl
		pgn  string
	}{
		{"10+0.1", TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond}, "10+0.1"},
		{"60", TimeControl{Base: time.Minute}, "60"},
		{"40/60", TimeControl{Moves: 40, Base: time.Minute}, "40/60"},
		{"40/60+0.5", TimeControl{Moves: 40, Base: time.Minute, Increment: 500 * time.Millisecond}, "40/60+0.5"},
		{"1:30+1", TimeControl{Base: 90 * time.Second, Increment: time.Second}, "90+1"},
	}
	for _, tt := range tests {
		got, err := ParseTimeControl(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseTimeControl(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
		if got.PGN() != tt.pgn {
			t.Errorf("%q: PGN %q, want %q", tt.in, got.PGN(), tt.pgn)
		}
	}
	for _, bad := range []string{"", "0", "-5", "x+1", "10+x", "0/60", "a/60", "10+-1", "40/"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) accepted", bad)
		}
	}
	if got := (TimeControl{MoveTime: 200 * time.Millisecond}).PGN(); got != "1/0.2" {
		t.Errorf("movetime PGN %q", got)
	}
	if err := (TimeControl{}).Validate(); err == nil {
		t.Error("empty time control accepted")
	}
	if err := (TimeControl{Base: time.Second, MoveTime: time.Second}).Validate(); err == nil {
		t.Error("clock with movetime accepted")
	}
}

func TestClockIncrementAndForfeit(t *testing.T) {
	c := NewClock(TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond, Margin: 50 * time.Millisecond})
	if got := c.GoCommand(chess.White); got != "go wtime 10000 btime 10000 winc 100 binc 100" {
		t.Errorf("go command %q", got)
	}
	if c.Spend(chess.White, 3*time.Second) {
		t.Fatal("forfeit after 3 s of 10")
	}
	if got := c.Left(chess.White); got != 7100*time.Millisecond {
		t.Errorf("left %v, want 7.1s", got)
	}
	if got := c.Limit(chess.White); got != 7150*time.Millisecond {
		t.Errorf("limit %v, want 7.15s (left + margin)", got)
	}
	// Within the margin: no forfeit, the clock goes negative.
	if c.Spend(chess.Black, 10020*time.Millisecond) {
		t.Error("forfeit within the margin")
	}
	if got := c.GoCommand(chess.White); got != "go wtime 7100 btime 80 winc 100 binc 100" {
		t.Errorf("go command %q", got)
	}
	if !c.Spend(chess.White, 7151*time.Millisecond) {
		t.Error("no forfeit past the margin")
	}
}

func TestClockMovesPerPeriod(t *testing.T) {
	c := NewClock(TimeControl{Moves: 2, Base: time.Second})
	if got := c.GoCommand(chess.White); got != "go wtime 1000 btime 1000 movestogo 2" {
		t.Errorf("go %q", got)
	}
	c.Spend(chess.White, 400*time.Millisecond)
	if got := c.GoCommand(chess.White); got != "go wtime 600 btime 1000 movestogo 1" {
		t.Errorf("go %q", got)
	}
	c.Spend(chess.White, 500*time.Millisecond) // the period ends: +1 s
	if got := c.GoCommand(chess.White); got != "go wtime 1100 btime 1000 movestogo 2" {
		t.Errorf("go %q", got)
	}
}

func TestClockFixedLimits(t *testing.T) {
	c := NewClock(TimeControl{MoveTime: 200 * time.Millisecond, Depth: 5, Margin: 10 * time.Millisecond})
	if got := c.GoCommand(chess.Black); got != "go movetime 200 depth 5" {
		t.Errorf("go %q", got)
	}
	if c.Spend(chess.Black, 205*time.Millisecond) || !c.Spend(chess.Black, 211*time.Millisecond) {
		t.Error("movetime forfeit wrong")
	}
	c = NewClock(TimeControl{Nodes: 1000})
	if got := c.GoCommand(chess.White); got != "go nodes 1000" || c.Limit(chess.White) != DefaultMoveTimeout {
		t.Errorf("go %q, limit %v", got, c.Limit(chess.White))
	}
}

func TestScheduleRoundRobinSwapsColoursPerOpening(t *testing.T) {
	book := &Book{Openings: []Opening{{Source: "a"}, {Source: "b"}}}
	ps := makePairings(3, false)
	if len(ps) != 3 {
		t.Fatalf("%d pairings for 3 engines, want 3", len(ps))
	}
	games := makeSchedule(ps, 5, book) // 3 rounds, the last with one game per pairing
	if len(games) != 15 {
		t.Fatalf("%d games, want 15", len(games))
	}
	count := map[[2]int]int{}
	for i, g := range games {
		if g.number != i+1 {
			t.Errorf("game %d numbered %d", i+1, g.number)
		}
		count[[2]int{g.white, g.black}]++
		if want := []string{"a", "b", "a"}[g.round-1]; g.opening.Source != want {
			t.Errorf("game %d (round %d) opening %q, want %q", g.number, g.round, g.opening.Source, want)
		}
	}
	for _, p := range ps {
		if count[[2]int{p.A, p.B}] != 3 || count[[2]int{p.B, p.A}] != 2 {
			t.Errorf("pairing %v: %d and %d games per colour, want 3 and 2", p, count[[2]int{p.A, p.B}], count[[2]int{p.B, p.A}])
		}
	}
	if g := makePairings(4, true); !reflect.DeepEqual(g, []pairing{{0, 1}, {0, 2}, {0, 3}}) {
		t.Errorf("gauntlet pairings %v", g)
	}
}

func TestLoadOpenings(t *testing.T) {
	dir := t.TempDir()
	epd := dir + "/o.epd"
	writeFile(t, epd, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\nnot a position\nk7/8/8/8/8/8/8/K7 w - -\n7k/8/8/8/8/8/8/K6Q b - - id \"x\";\n")
	b, err := LoadOpenings(epd, 0, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	// The bad line and the drawn position (bare kings) are skipped.
	if len(b.Openings) != 2 || b.Skipped != 2 || !strings.Contains(b.FirstSkip, "o.epd:2") {
		t.Errorf("got %d openings, %d skipped (%s)", len(b.Openings), b.Skipped, b.FirstSkip)
	}
	pgn := dir + "/o.pgn"
	writeFile(t, pgn, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n1. d4 d5 *\n\n1. e4 Ke7 2. Qh5 Kd6 3. Qx *\n\n1. f3 e5 2. g4 Qh4# 0-1\n")
	b, err = LoadOpenings(pgn, 4, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Openings) != 2 || len(b.Openings[0].Moves) != 4 || len(b.Openings[1].Moves) != 2 || b.Skipped != 2 {
		t.Errorf("got %d openings (%+v), %d skipped", len(b.Openings), b.Openings, b.Skipped)
	}
	if b, err := LoadOpenings(pgn, 0, 1, false); err != nil || len(b.Openings) != 1 {
		t.Errorf("limit 1: %v", err)
	}
	for _, bad := range []string{dir + "/missing.epd", dir + "/o.txt"} {
		if _, err := LoadOpenings(bad, 0, 0, false); err == nil {
			t.Errorf("LoadOpenings(%q) accepted", bad)
		}
	}
	writeFile(t, dir+"/empty.epd", "# nothing\n")
	if _, err := LoadOpenings(dir+"/empty.epd", 0, 0, false); err == nil {
		t.Error("a file without openings accepted")
	}
}

func TestShuffleIsFixedBySeed(t *testing.T) {
	a, b, c := Chess960Book(), Chess960Book(), Chess960Book()
	a.Shuffle(7)
	b.Shuffle(7)
	c.Shuffle(8)
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) {
		t.Error("shuffle not fixed by its seed")
	}
}

func TestAdjudicator(t *testing.T) {
	cp := func(n int) Score { return Score{CP: n, Valid: true} }
	// Draw: from move 3, both within ±10 for 2 moves each (4 plies).
	a := adjudicator{draw: DrawRule{MoveNumber: 3, MoveCount: 2, Score: 10}}
	plies := 0
	play := func(side chess.Color, s Score, move int) (verdict, bool) {
		plies++
		return a.add(side, s, move, plies)
	}
	// Four quiet plies in moves 1 and 2 are too early; 30 cp at move 3
	// breaks the run; four more quiet plies make the draw.
	for i, s := range []Score{cp(5), cp(-5), cp(0), cp(0), cp(30), cp(2), cp(1), cp(0), cp(-10)} {
		side := chess.Color(i % 2)
		v, ok := play(side, s, i/2+1)
		if ok != (i == 8) {
			t.Fatalf("ply %d: adjudicated %v (%+v)", i+1, ok, v)
		}
		if ok && v.result != "1/2-1/2" {
			t.Errorf("draw rule gave %q", v.result)
		}
	}
	// All quiet: the draw comes at the first ply of move 3.
	a = adjudicator{draw: DrawRule{MoveNumber: 3, MoveCount: 2, Score: 10}}
	plies = 0
	for i := range 5 {
		if _, ok := play(chess.Color(i%2), cp(0), i/2+1); ok != (i == 4) {
			t.Errorf("quiet ply %d: adjudicated %v", i+1, ok)
		}
	}
	// Resign, two-sided: Black ≤ -600 and White ≥ 600 for 3 moves each.
	a = adjudicator{resign: ResignRule{MoveCount: 3, Score: 600, TwoSided: true}}
	plies = 0
	seq := []Score{cp(700), cp(-650), cp(800), cp(-700), cp(599), cp(-900), cp(900), cp(-900), cp(900), cp(-900), cp(900)}
	for i, s := range seq {
		v, ok := play(chess.Color(i%2), s, i/2+1)
		if ok != (i == len(seq)-1) {
			t.Fatalf("ply %d: adjudicated %v (%+v)", i+1, ok, v)
		}
		if ok && v.result != "1-0" {
			t.Errorf("resign rule gave %q, want 1-0", v.result)
		}
	}
	// One-sided: a mate score counts, the opponent's view does not.
	a = adjudicator{resign: ResignRule{MoveCount: 2, Score: 600}}
	plies = 0
	if _, ok := play(chess.White, Score{Mate: -3, Valid: true}, 1); ok {
		t.Fatal("resigned after one move")
	}
	play(chess.Black, Score{}, 1)
	if v, ok := play(chess.White, cp(-601), 2); !ok || v.result != "0-1" {
		t.Errorf("one-sided resign: %v %+v", ok, v)
	}
	// A missing score breaks the run.
	a = adjudicator{resign: ResignRule{MoveCount: 2, Score: 600}}
	plies = 0
	play(chess.White, cp(-700), 1)
	play(chess.Black, cp(0), 1)
	play(chess.White, Score{}, 2)
	play(chess.Black, cp(0), 2)
	if _, ok := play(chess.White, cp(-700), 3); ok {
		t.Error("resigned although a move had no score")
	}
	// Maximum length.
	a = adjudicator{maxMoves: 2}
	plies = 0
	for i := range 4 {
		if _, ok := play(chess.Color(i%2), Score{}, i/2+1); ok != (i == 3) {
			t.Errorf("ply %d: maxmoves adjudicated %v", i+1, ok)
		}
	}
}

func TestParseAdjudicationRules(t *testing.T) {
	d, err := ParseDrawRule("movenumber=40 movecount=8 score=10")
	if err != nil || d != (DrawRule{40, 8, 10}) {
		t.Errorf("draw %+v, %v", d, err)
	}
	r, err := ParseResignRule("movecount=3 score=600")
	if err != nil || r != (ResignRule{3, 600, true}) {
		t.Errorf("resign %+v, %v", r, err)
	}
	r, err = ParseResignRule("movecount=3 score=600 twosided=false")
	if err != nil || r.TwoSided {
		t.Errorf("resign %+v, %v", r, err)
	}
	for _, bad := range []string{"movenumber=40", "movecount=x", "movecount=1 colour=2", "movecount=-1"} {
		if _, err := ParseDrawRule(bad); err == nil {
			t.Errorf("ParseDrawRule(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"movecount=3", "score=600", "movecount=3 score=600 twosided=maybe"} {
		if _, err := ParseResignRule(bad); err == nil {
			t.Errorf("ParseResignRule(%q) accepted", bad)
		}
	}
}

func TestParseInfo(t *testing.T) {
	i := parseInfo("info depth 12 seldepth 20 multipv 1 score cp -35 upperbound nodes 12345 nps 1000 time 250 pv e2e4 e7e5")
	if i.Depth != 12 || i.Score != (Score{CP: -35, Valid: true}) || !i.IsBound || i.Nodes != 12345 || i.Time != 250*time.Millisecond || !reflect.DeepEqual(i.PV, []string{"e2e4", "e7e5"}) {
		t.Errorf("got %+v", i)
	}
	if i := parseInfo("info score mate -3 depth x"); i.Score != (Score{Mate: -3, Valid: true}) || i.Score.String() != "-M3" {
		t.Errorf("got %+v", i)
	}
	if i := parseInfo("info string score cp 5"); i.Score.Valid {
		t.Error("read a score from an info string")
	}
	if s := (Score{CP: 35, Valid: true}).String(); s != "+0.35" {
		t.Errorf("score %q", s)
	}
}

func TestLooksLikeUCIMove(t *testing.T) {
	for _, ok := range []string{"e2e4", "e7e8q", "0000", "a1h8"} {
		if !looksLikeUCIMove(ok) {
			t.Errorf("%q refused", ok)
		}
	}
	for _, bad := range []string{"", "e2", "e2e9", "i2e4", "e7e8k", "???", "e2e4e5"} {
		if looksLikeUCIMove(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
}
