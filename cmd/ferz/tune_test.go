package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/engine"
)

// tuneOpenings are start positions for the tune tests.
const tuneOpenings = `r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4
rnbqkb1r/pp2pppp/3p1n2/2p5/4P3/6P1/PPPPNP1P/RNBQKB1R w KQkq - 0 4
rn1qkbnr/pbpp1ppp/1p2p3/8/4P3/3PB3/PPP2PPP/RN1QKBNR w KQkq - 0 4
`

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTuneGenAndRun(t *testing.T) {
	dir := t.TempDir()
	openings := writeTemp(t, "openings.epd", tuneOpenings)
	positions := filepath.Join(dir, "positions.epd")
	code, out, errOut := runFerz("tune", "gen", "-games", "2", "-nodes", "300", "-max-plies", "60", "-skip", "4",
		"-hash", "1", "-openings", openings, "-out", positions)
	if code != 0 {
		t.Fatalf("gen: exit status %d: %s", code, errOut)
	}
	if !strings.Contains(out, "2 games, ") || !strings.Contains(errOut, "games 2/2  positions ") {
		t.Errorf("gen: stdout %q, stderr %q", out, errOut)
	}
	data, err := os.ReadFile(positions)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.HasPrefix(text, "# ferz tune gen -games 2 -nodes 300") || !strings.Contains(text, ` c9 "`) || !strings.Contains(text, "\n# 2 games (") {
		t.Errorf("positions file:\n%s", text)
	}

	scored := filepath.Join(dir, "scored.epd")
	code, out, errOut = runFerz("tune", "label", "-in", positions, "-out", scored, "-depth", "3", "-concurrency", "2", "-hash", "1")
	if code != 0 {
		t.Fatalf("label: exit status %d: %s", code, errOut)
	}
	labelled, err := os.ReadFile(scored)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "searched to depth 3") || !strings.HasPrefix(string(labelled), "# ferz tune label -in ") ||
		strings.Count(string(labelled), "; ce ") < strings.Count(text, ` c9 "`)/2 {
		t.Errorf("label: stdout %q, file:\n%s", out, labelled)
	}

	goFile := filepath.Join(dir, "evaltuned.go")
	code, out, errOut = runFerz("tune", "run", "-data", scored, "-epochs", "20", "-report", "10", "-min-count", "1",
		"-holdout", "0.2", "-lambda", "0.5", "-out", goFile)
	if code != 0 {
		t.Fatalf("run: exit status %d: %s", code, errOut)
	}
	for _, want := range []string{"positions: ", "K = ", "error before: ", "epoch      0  error ", "epoch     20  error ", "error after (rounded weights): ", "wrote " + goFile,
		"positions with a search score blend 0.50 x result", "(against the game results: "} {
		if !strings.Contains(out, want) {
			t.Errorf("run: no %q in the output:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "loaded "+scored) {
		t.Errorf("run: stderr %q", errOut)
	}
	src, err := os.ReadFile(goFile)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), goFile, src, 0); err != nil {
		t.Fatalf("the written file does not parse: %v", err)
	}
	for _, want := range []string{"ferz tune run -data " + scored, "# ferz tune gen -games 2", "# ferz tune label -in", "var tunedWeights = &[numWeights]score{"} {
		if !strings.Contains(string(src), strings.TrimPrefix(want, "# ")) {
			t.Errorf("no %q in the written file", want)
		}
	}
}

func TestTuneGenScoresAndNet(t *testing.T) {
	dir := t.TempDir()
	openings := writeTemp(t, "openings.epd", tuneOpenings)
	positions := filepath.Join(dir, "positions.epd")
	code, _, errOut := runFerz("tune", "gen", "-games", "2", "-nodes", "300", "-max-plies", "60", "-skip", "4",
		"-hash", "1", "-scores", "-openings", openings, "-out", positions)
	if code != 0 {
		t.Fatalf("gen: exit status %d: %s", code, errOut)
	}
	data, err := os.ReadFile(positions)
	if err != nil {
		t.Fatal(err)
	}
	if n, c := strings.Count(string(data), " ce "), strings.Count(string(data), " c9 "); n == 0 || n > c {
		t.Fatalf("gen -scores: %d scores for %d positions:\n%s", n, c, data)
	}
	netFile := filepath.Join(dir, "net.nnue")
	code, out, errOut := runFerz("tune", "net", "-residual", "-data", positions, "-epochs", "2", "-batch", "16", "-holdout", "0.2", "-out", netFile)
	if code != 0 {
		t.Fatalf("net: exit status %d: %s", code, errOut)
	}
	for _, want := range []string{"positions: ", "epoch   2  lr ", "held out, quantised network: ", "wrote " + netFile} {
		if !strings.Contains(out, want) {
			t.Errorf("net: no %q in the output:\n%s", want, out)
		}
	}
	b, err := os.ReadFile(netFile)
	if err != nil {
		t.Fatal(err)
	}
	var n engine.Network
	if err := n.UnmarshalBinary(b); err != nil || !n.Residual {
		t.Errorf("the written network: %v, residual %v", err, n.Residual)
	}
	tuned := filepath.Join(dir, "tuned.nnue")
	code, out, errOut = runFerz("tune", "net", "-residual", "-init", netFile, "-lr", "0.0001", "-data", positions, "-epochs", "1", "-batch", "16", "-holdout", "0.2", "-out", tuned)
	if code != 0 || !strings.Contains(out, "start: error ") || !strings.Contains(out, "wrote "+tuned) {
		t.Fatalf("net -init: exit status %d: %s%s", code, out, errOut)
	}
}

func TestTuneRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	openings := writeTemp(t, "openings.epd", tuneOpenings)
	badOpenings := writeTemp(t, "bad-openings.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a position\n")
	badData := writeTemp(t, "bad.epd", "# header\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 c9 \"1-0\";\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
	empty := writeTemp(t, "empty.epd", "# nothing\n")
	missing := filepath.Join(dir, "missing.epd")
	gen := func(args ...string) []string { return append([]string{"tune", "gen"}, args...) }
	label := func(args ...string) []string { return append([]string{"tune", "label"}, args...) }
	// Never the default -out, engine/evaltuned.go.
	run := func(args ...string) []string {
		return append([]string{"tune", "run", "-out", filepath.Join(dir, "evaltuned.go")}, args...)
	}
	// Never the default -out, engine/ferz.nnue.
	net := func(args ...string) []string {
		return append([]string{"tune", "net", "-out", filepath.Join(dir, "x.nnue")}, args...)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{net(), "-data: want"},
		{net("-data", missing), "missing.epd: no such file"},
		{net("-data", badData), "bad.epd:3: no game result"},
		{net("-data", empty), "no positions to train on"},
		{net("-data", badData, "-epochs", "0"), "-epochs 0"},
		{net("-data", badData, "-batch", "0"), "-batch 0"},
		{net("-data", badData, "-lr", "-1"), "-lr -1"},
		{net("-data", badData, "-lambda", "2"), "-lambda 2"},
		{net("-data", badData, "-k", "0"), "-k 0"},
		{net("-data", badData, "-holdout", "0.6"), "-holdout 0.6"},
		{net("-data", badData, "-threads", "0"), "-threads 0"},
		{net("-data", badData, "-out", filepath.Join(dir, "no", "x.nnue")), "does not exist"},
		{net("-data", badData, "-init", missing), "-init: open "},
		{net("-data", badData, "-init", badData), "not a Ferz network file"},
		{net("-data", badData, "-init", filepath.Join("..", "..", "engine", "ferz.nnue")), "residual flag is true, -residual is false"},
		{[]string{"tune"}, "want a subcommand"},
		{[]string{"tune", "tweak"}, `unknown subcommand "tweak"`},
		{gen(), "-games 0"},
		{gen("-games", "1", "-out", "x"), "-openings"},
		{gen("-games", "1", "-openings", openings), "-out"},
		{gen("-games", "1", "-nodes", "0", "-openings", openings, "-out", "x"), "-nodes 0 is out of range"},
		{gen("-games", "1", "-concurrency", "0", "-openings", openings, "-out", "x"), "-concurrency 0"},
		{gen("-games", "1", "-max-plies", "5", "-openings", openings, "-out", "x"), "-max-plies 5"},
		{gen("-games", "1", "-duration", "-1s", "-openings", openings, "-out", "x"), "-duration -1s"},
		{gen("-games", "x"), `invalid value "x"`},
		{gen("-bogus"), "flag provided but not defined: -bogus"},
		{gen("-games", "1", "stray"), `unexpected argument "stray"`},
		{gen("-games", "1", "-openings", missing, "-out", filepath.Join(dir, "o.epd")), "missing.epd: no such file"},
		{gen("-games", "1", "-openings", badOpenings, "-out", filepath.Join(dir, "o.epd")), "bad-openings.epd: line 2"},
		{gen("-games", "1", "-openings", empty, "-out", filepath.Join(dir, "o.epd")), "no positions"},
		{gen("-games", "1", "-openings", openings, "-out", filepath.Join(dir, "no", "o.epd")), "-out: "},
		{run(), "-data: want"},
		{run("-data", missing), "missing.epd: no such file"},
		{run("-data", badData), "bad.epd:3: no game result"},
		{run("-data", empty), "no positions to tune on"},
		{run("-data", badData, "-lr", "0"), "-lr 0"},
		{run("-data", badData, "-epochs", "-1"), "-epochs -1"},
		{run("-data", badData, "-holdout", "0.9"), "-holdout 0.9"},
		{run("-data", badData, "-k", "-1"), "-k -1"},
		{run("-data", badData, "-report", "0"), "-report 0"},
		{run("-data", badData, "-l2", "-1"), "-l2 -1"},
		{run("-data", badData, "-freeze", "PST,Nonsense"), `no weight's name starts with "Nonsense"`},
		{run("-data", badData, "-out", filepath.Join(dir, "no", "x.go")), "does not exist"},
		{run("-data", badData, "-lambda", "1.5"), "-lambda 1.5"},
		{label(), "-in: want"},
		{label("-in", openings), "-out: want"},
		{label("-in", openings, "-out", openings), "-out is -in"},
		{label("-in", openings, "-out", "x", "-depth", "0"), "-depth 0"},
		{label("-in", openings, "-out", "x", "-concurrency", "0"), "-concurrency 0"},
		{label("-in", openings, "-out", "x", "-hash", "0"), "-hash 0"},
		{label("-in", missing, "-out", filepath.Join(dir, "o.epd")), "missing.epd: no such file"},
	} {
		code, _, errOut := runFerz(c.args...)
		if code != 2 || !strings.Contains(errOut, c.msg) {
			t.Errorf("%q: exit status %d, stderr %q; want 2 and %q", c.args, code, errOut, c.msg)
		}
	}
}

func TestTuneHelp(t *testing.T) {
	for _, args := range [][]string{{"tune", "-h"}, {"help", "tune"}, {"tune", "gen", "-h"}, {"tune", "label", "-h"}, {"tune", "run", "-h"}, {"tune", "net", "-h"}, {"tune", "spsa", "-h"}} {
		code, out, errOut := runFerz(args...)
		if code != 0 || !strings.Contains(out, "usage: ferz tune") {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

func TestDescribeWeight(t *testing.T) {
	for name, want := range map[string]string{
		"PST[0]": "PST[0] pawn a1", "PST[101]": "PST[101] knight f5", "PST[383]": "PST[383] king h8",
		"PST[384]": "PST[384]", "Tempo": "Tempo", "Passed[3]": "Passed[3]",
	} {
		if got := describeWeight(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}
