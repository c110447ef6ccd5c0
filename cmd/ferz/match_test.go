package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/internal/testkit"
)

// asUCIEnv makes the test binary, started again by a test, behave as
// "ferz" with no arguments: a UCI engine. runUCI is called directly
// because this init may run before the uci command registers itself.
const asUCIEnv = "FERZ_TEST_RUN_AS_UCI"

func init() {
	if os.Getenv(asUCIEnv) == "1" {
		os.Exit(exitCode(runUCI(nil, os.Stdout, os.Stderr), os.Stderr))
	}
}

// selfAsEngine makes child processes of the test binary speak UCI and
// returns the binary's path, to be given as an engine's cmd.
func selfAsEngine(t *testing.T) string {
	t.Helper()
	t.Setenv(asUCIEnv, "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return self
}

func TestMatchFerzAgainstStockfish(t *testing.T) {
	sf := testkit.Stockfish(t)
	ferz := selfAsEngine(t)
	dir := t.TempDir()
	openings := filepath.Join(dir, "openings.epd")
	if err := os.WriteFile(openings, []byte("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pgn, report := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "strength.md")
	code, out, errOut := runFerz("match",
		"-engine", "name=Ferz cmd="+ferz+" option.Hash=8",
		"-engine", "name=SF1350 cmd="+sf+" option.UCI_LimitStrength=true option.UCI_Elo=1350 option.Hash=8 rating=1350",
		"-depth", "4", "-games", "2", "-concurrency", "2", "-openings", openings,
		"-resign", "movecount=3 score=700", "-maxmoves", "80",
		"-pgn", pgn, "-report", report, "-report-title", "test run", "-event", "Ferz test")
	if code != 0 {
		t.Fatalf("exit status %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{"Match: round robin: Ferz, SF1350", "Ferz vs SF1350: 2 games", "Match finished: 2 of 2 games", "pairing"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	r := chess.NewPGNReader(strings.NewReader(string(data)))
	colours := map[string]bool{}
	for n := 0; ; n++ {
		g, err := r.Next()
		if err != nil {
			if n != 2 {
				t.Fatalf("%d games in the PGN (%v)\n%s", n, err, data)
			}
			break
		}
		colours[g.Tag("White")] = true
		for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "TimeControl", "Termination", "PlyCount", "FEN", "SetUp"} {
			if g.Tag(tag) == "" {
				t.Errorf("game %d has no %s tag: %v", n+1, tag, g.Tags)
			}
		}
		if g.Tag("Event") != "Ferz test" || g.Result == "*" {
			t.Errorf("game %d: event %q, result %q", n+1, g.Tag("Event"), g.Result)
		}
		if _, err := g.Position(); err != nil {
			t.Errorf("game %d does not replay: %v", n+1, err)
		}
	}
	if !colours["Ferz"] || !colours["SF1350"] {
		t.Errorf("each engine should have White once: %v", colours)
	}
	md, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{": test run", "| Ferz | SF1350 | 2 |", "implied rating", "- time control depth 4"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

func TestMatchBadFlags(t *testing.T) {
	sf := "cmd=/bin/true"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-depth", "1"}, "at least two engines"},
		{[]string{"-engine", sf, "-engine", sf, "-depth", "1"}, `two engines are called "true"`},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf}, "time control: none given"},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-tc", "fast"}, `-tc: time control "fast"`},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-tc", "1+0", "-movetime", "1"}, "exclude each other"},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-movetime", "soon"}, `-movetime "soon"`},
		{[]string{"-engine", "name=a colour=red " + sf, "-engine", "name=b " + sf, "-depth", "1"}, `unknown key "colour"`},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-depth", "1", "-draw", "movecount=x"}, "-draw"},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-depth", "1", "-resign", "score=5"}, "-resign"},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-engine", "name=c " + sf, "-depth", "1", "-sprt", "elo0=0 elo1=5"}, "exactly one pairing"},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-depth", "1", "-sprt", "elo0=5 elo1=0"}, "must be less than"},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-depth", "1", "-openings", "/no/such/file.epd"}, "no such file"},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-depth", "1", "-order", "shuffled"}, `-order "shuffled"`},
		{[]string{"-engine", "name=a " + sf, "-engine", "name=b " + sf, "-depth", "1", "-concurrency", "0"}, "-concurrency"},
		{[]string{"-engines", "/no/such/engines.json", "-depth", "1"}, "-engines"},
	}
	for _, tt := range tests {
		code, out, errOut := runFerz(append([]string{"match"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("ferz match %q: exit %d, stderr %q, want status 2 and %q (stdout %q)", tt.args, code, errOut, tt.want, out)
		}
	}
}

func TestMatchHelp(t *testing.T) {
	code, out, _ := runFerz("match", "-h")
	if code != 0 || !strings.Contains(out, "option.NAME=V") || !strings.Contains(out, "-sprt") {
		t.Errorf("exit %d, help:\n%s", code, out)
	}
}
