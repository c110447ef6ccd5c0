package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
	"github.com/ferzchess/ferz/tune"
)

func init() {
	register(command{"tune", "tune the evaluation: self-play positions (gen), Texel tuning (run)", runTune})
}

const tuneDescription = `
Tune tunes the evaluation weights by Texel's method, in two steps:

	ferz tune gen   plays Ferz against itself and writes the quiet positions
	                of the games, labelled with the results, to an EPD file
	ferz tune label (optional) adds to each position the score of a search
	                of a few plies (the EPD operation ce)
	ferz tune run   fits the weights to those results (and scores, with
	                -lambda) and writes them as engine/evaltuned.go
	ferz tune net   trains the network that corrects the evaluation on
	                scored positions and writes engine/ferz.nnue
	ferz tune spsa  tunes the search's parameters by games (SPSA)

Run 'ferz tune gen -h', 'ferz tune label -h', 'ferz tune run -h', 'ferz tune net -h' and 'ferz tune spsa -h' for their flags, and see
"make tune" (mk/tune.mk) for the whole pipeline.`

// runTune implements "ferz tune": it hands over to the subcommand.
func runTune(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageErrorf("tune: want a subcommand, gen, label, run, net or spsa (run 'ferz tune -h' for help)")
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprintf(stdout, "usage: ferz tune gen|label|run|net|spsa [flags]\n\n%s\n", strings.TrimSpace(tuneDescription))
		return errHelpShown
	case "gen":
		return runTuneGen(args[1:], stdout, stderr)
	case "label":
		return runTuneLabel(args[1:], stdout, stderr)
	case "run":
		return runTuneRun(args[1:], stdout, stderr)
	case "net":
		return runTuneNet(args[1:], stdout, stderr)
	case "spsa":
		return runTuneSPSA(args[1:], stdout, stderr)
	}
	return usageErrorf("tune: unknown subcommand %q; want gen, label, run, net or spsa", args[0])
}

const tuneGenDescription = `
Gen plays games of Ferz against itself, in this process, at a fixed node
budget a move, from openings taken in an order shuffled by -seed (the
first moves are chosen at random among the near-best so that games
differ). Games end by the rules (mate, stalemate, threefold repetition,
50 moves, insufficient material), or by adjudication: a win when both
sides agree on a score of 10 pawns or more for 4 moves each, a draw when
the score stays within 0.1 pawn for 4 moves each after move 40, a draw
at -max-plies.

The quiet positions of each game (past the first -skip plies, not in
check, no capture or promotion played or improving on the static
evaluation, no special endgame) are written to -out as each game ends,
one EPD line each with the game's result from White's point of view:

	r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 3 9 c9 "1/2-1/2";

Progress (games, positions, wins, draws, losses) goes to standard error.
An interrupt (Ctrl-C) stops the games under way and keeps the finished
ones.

Example:
	ferz tune gen -games 2000 -nodes 3000 -openings ../shared/data/openings/noob_3moves_30k.epd -out /tmp/positions.epd`

// runTuneGen implements "ferz tune gen".
func runTuneGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tune gen", "-games N -openings FILE -out FILE [flags]", tuneGenDescription)
	games := fs.Int("games", 0, "`number` of games to play (required)")
	nodes := fs.Int("nodes", 5000, "node budget of each move, 1 to 100000000")
	openings := fs.String("openings", "", "EPD or FEN `file` of start positions (required)")
	out := fs.String("out", "", "EPD `file` to write the labelled positions to (required)")
	conc := fs.Int("concurrency", 1, "games played at once, 1 to 256")
	seed := fs.Uint64("seed", 1, "random `seed`: opening order and early moves")
	hash := fs.Int("hash", 4, "hash table of each game in `MB`, 1 to 1024")
	skip := fs.Int("skip", 8, "record positions from this `ply` of the game on, 0 to 1000")
	randomPlies := fs.Int("random-plies", 4, "`plies` at the start of a game chosen among the near-best moves, 0 to 100")
	maxPlies := fs.Int("max-plies", 400, "draw a game at this many `plies`, 10 to 10000")
	duration := fs.Duration("duration", 0, "start no new game after this `time` (0: no limit)")
	scores := fs.Bool("scores", false, "add each position's search score (ce) from the move's own search")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	switch {
	case *games < 1:
		return usageErrorf("tune gen: -games %d: want at least 1 game", *games)
	case *nodes < 1 || *nodes > 100_000_000:
		return usageErrorf("tune gen: -nodes %d is out of range 1 to 100000000", *nodes)
	case *openings == "":
		return usageErrorf("tune gen: -openings: want the file of start positions")
	case *out == "":
		return usageErrorf("tune gen: -out: want the file to write the positions to")
	case *conc < 1 || *conc > 256:
		return usageErrorf("tune gen: -concurrency %d is out of range 1 to 256", *conc)
	case *hash < 1 || *hash > 1024:
		return usageErrorf("tune gen: -hash %d is out of range 1 to 1024", *hash)
	case *skip < 0 || *skip > 1000:
		return usageErrorf("tune gen: -skip %d is out of range 0 to 1000", *skip)
	case *randomPlies < 0 || *randomPlies > 100:
		return usageErrorf("tune gen: -random-plies %d is out of range 0 to 100", *randomPlies)
	case *maxPlies < 10 || *maxPlies > 10000:
		return usageErrorf("tune gen: -max-plies %d is out of range 10 to 10000", *maxPlies)
	case *duration < 0:
		return usageErrorf("tune gen: -duration %v is negative", *duration)
	}
	f, err := os.Open(*openings)
	if err != nil {
		return usageErrorf("tune gen: -openings: %v", err)
	}
	fens, err := tune.LoadOpenings(f, *openings)
	f.Close()
	if err != nil {
		return usageErrorf("tune gen: -openings: %v", err)
	}
	w, err := os.Create(*out)
	if err != nil {
		return usageErrorf("tune gen: -out: %v", err)
	}
	defer w.Close()

	adj := tune.DefaultAdjudication
	adj.MaxPlies = *maxPlies
	cfg := tune.GenConfig{
		Games: *games, Nodes: *nodes, Openings: fens, Concurrency: *conc, Seed: *seed,
		HashMB: *hash, SkipPlies: *skip, RandomPlies: *randomPlies, Adjudication: &adj,
		Duration: *duration, Scores: *scores,
	}
	var last time.Time
	cfg.Progress = func(st tune.GenStats) {
		if time.Since(last) >= 10*time.Second && st.Games < *games {
			last = time.Now()
			fmt.Fprintln(stderr, genProgressLine(st, *games, *duration))
		}
	}
	v := readBuildVersion()
	fmt.Fprintf(w, "# ferz tune gen %s\n# commit %s, %s, %d openings from %s\n",
		quoteArgs(args), v.Commit, v.GoVersion, len(fens), *openings)
	fmt.Fprintf(stderr, "tune gen: %d games at %d nodes a move, %d at a time, %d openings; writing %s\n",
		*games, *nodes, *conc, len(fens), *out)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	st, err := tune.Generate(ctx, cfg, w)
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return err
	}
	fmt.Fprintf(w, "# %d games (+%d =%d -%d for White), %d positions, %s\n",
		st.Games, st.WhiteWins, st.Draws, st.BlackWins, st.Positions, st.Elapsed.Round(time.Second))
	if err := w.Close(); err != nil {
		return fmt.Errorf("tune gen: -out: %v", err)
	}
	if interrupted {
		fmt.Fprintln(stderr, "tune gen: interrupted; the finished games are kept")
	}
	fmt.Fprintln(stderr, genProgressLine(st, *games, *duration))
	fmt.Fprintf(stdout, "%d games, %d positions (White +%d =%d -%d; ended by %s) in %s: %s\n",
		st.Games, st.Positions, st.WhiteWins, st.Draws, st.BlackWins, endings(st.Ended),
		st.Elapsed.Round(time.Second), *out)
	return nil
}

const tuneLabelDescription = `
Label searches each position of a file written by "ferz tune gen" to a
fixed depth and writes the file again with the search score added to
each line as the EPD operation ce (centipawns for the side to move):

	r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 3 9 c9 "1/2-1/2"; ce 21;

The order of the lines is kept (the tuner holds out the last games).
Positions whose search finds a mate keep the result alone; lines that
already have a score keep it. "ferz tune run -lambda L" then tunes
towards L times the game result plus 1-L times the score's expected
score: a search score is a far less noisy label than the result of the
whole game.

Example:
	ferz tune label -in /tmp/positions.epd -out /tmp/scored.epd -concurrency 2`

// runTuneLabel implements "ferz tune label".
func runTuneLabel(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tune label", "-in FILE -out FILE [flags]", tuneLabelDescription)
	in := fs.String("in", "", "EPD `file` of labelled positions (required)")
	out := fs.String("out", "", "EPD `file` to write them to with their scores (required, not -in)")
	depth := fs.Int("depth", 8, "search `depth` in plies, 1 to 64")
	conc := fs.Int("concurrency", 1, "searches run at once, 1 to 256")
	hash := fs.Int("hash", 4, "hash table of each search thread in `MB`, 1 to 1024")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	switch {
	case *in == "":
		return usageErrorf("tune label: -in: want the file of labelled positions")
	case *out == "":
		return usageErrorf("tune label: -out: want the file to write to")
	case *depth < 1 || *depth > 64:
		return usageErrorf("tune label: -depth %d is out of range 1 to 64", *depth)
	case *conc < 1 || *conc > 256:
		return usageErrorf("tune label: -concurrency %d is out of range 1 to 256", *conc)
	case *hash < 1 || *hash > 1024:
		return usageErrorf("tune label: -hash %d is out of range 1 to 1024", *hash)
	}
	if a, errA := filepath.Abs(*in); errA == nil {
		if b, errB := filepath.Abs(*out); errB == nil && a == b {
			return usageErrorf("tune label: -out is -in; write to another file")
		}
	}
	data, err := os.ReadFile(*in)
	if err != nil {
		return usageErrorf("tune label: -in: %v", err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	positions := tune.CountPositions(lines)
	fmt.Fprintf(stderr, "tune label: %d positions of %s at depth %d, %d at a time\n", positions, *in, *depth, *conc)
	began := time.Now()
	var last time.Time
	cfg := tune.LabelConfig{Depth: *depth, Concurrency: *conc, HashMB: *hash, Progress: func(done int) {
		if time.Since(last) >= 10*time.Second {
			last = time.Now()
			el := time.Since(began)
			fmt.Fprintf(stderr, "%d of %d positions, %s, %.0f a second\n", done, positions, el.Round(time.Second), float64(done)/el.Seconds())
		}
	}}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	labelled, err := tune.Label(ctx, lines, cfg)
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return fmt.Errorf("tune label: %s: %v", *in, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# ferz tune label %s\n", quoteArgs(args))
	for _, l := range labelled {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if err := writeFileAtomic(*out, []byte(b.String())); err != nil {
		return fmt.Errorf("tune label: -out: %v", err)
	}
	if interrupted {
		fmt.Fprintln(stderr, "tune label: interrupted; the positions not searched are written without a score")
	}
	fmt.Fprintf(stdout, "%d positions searched to depth %d in %s: %s\n", positions, *depth, time.Since(began).Round(time.Second), *out)
	return nil
}

// genProgressLine describes the progress of tune gen towards games
// games or the time limit (0: none).
func genProgressLine(st tune.GenStats, games int, limit time.Duration) string {
	line := fmt.Sprintf("games %d/%d  positions %d  W/D/L %d/%d/%d", st.Games, games, st.Positions,
		st.WhiteWins, st.Draws, st.BlackWins)
	if st.Games > 0 {
		line += fmt.Sprintf("  plies/game %d", st.Plies/st.Games)
	}
	line += "  time " + st.Elapsed.Round(time.Second).String()
	if st.Games > 0 && st.Games < games {
		eta := time.Duration(float64(st.Elapsed) / float64(st.Games) * float64(games-st.Games))
		if limit > 0 {
			eta = min(eta, max(limit-st.Elapsed, 0))
		}
		line += "  eta " + eta.Round(time.Second).String()
	}
	return line
}

// endings lists the ways games ended, as "rules 12, score 30".
func endings(m map[string]int) string {
	var parts []string
	for _, k := range []string{"rules", "score", "draw score", "ply cap"} {
		if m[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// quoteArgs joins command-line arguments, quoting those that need it.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n\"'\\$") {
			a = strconv.Quote(a)
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}

const tuneRunDescription = `
Run loads labelled positions (EPD lines with c9 "1-0", "0-1" or
"1/2-1/2", as "ferz tune gen" writes them, or a FEN followed by [1.0],
[0.5] or [0.0]), computes their evaluation features once, fits the
sigmoid constant K so that sigmoid(K*eval) best matches the results with
the current weights, then minimises the mean squared error by full-batch
gradient descent (Adam), printing the epoch, the error on the training
positions and on the held-out ones, and the time. It writes the rounded
weights as Go source to -out (engine/evaltuned.go by default, which the
engine compiles in place of its hand-chosen weights) and lists the
weights that changed most.

The last -holdout fraction of the positions (whole games, as gen writes
them in order) is only measured, to show over-fitting: positions of one
game share its result, so a few thousand games are far fewer independent
labels than their positions suggest. Against it, -l2 pulls every weight
towards its starting value (the error minimised is the mean squared
error plus L2 times the sum of the squared changes over the number of
positions); weights whose feature occurs in fewer than -min-count
training positions keep their values, and so do the pawn's value
(-anchor) and the weights named by -freeze.

Example:
	ferz tune run -data /tmp/positions.epd -epochs 2000 -out /tmp/evaltuned.go`

// runTuneRun implements "ferz tune run".
func runTuneRun(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tune run", "-data FILE[,FILE...] [flags]", tuneRunDescription)
	data := fs.String("data", "", "labelled EPD `files`, separated by commas (required)")
	epochs := fs.Int("epochs", 500, "gradient steps over the whole data, 0 to 1000000")
	lr := fs.Float64("lr", 1, "Adam's learning `rate` (about the most a weight moves in an epoch, in centipawns)")
	out := fs.String("out", "engine/evaltuned.go", "Go `file` to write the weights to")
	holdout := fs.Float64("holdout", 0.1, "`fraction` of the positions (the last ones) held out to measure, 0 to 0.5")
	minCount := fs.Int("min-count", 50, "keep the weights of features seen in fewer `positions`")
	anchor := fs.Bool("anchor", true, "keep the pawn's piece value fixed")
	l2 := fs.Float64("l2", 0.03, "pull of the weights towards their starting values (`L2`; 0: none)")
	freeze := fs.String("freeze", "", "keep the weights whose names start with these `prefixes`, separated by commas (e.g. PST,Tempo)")
	k := fs.Float64("k", 0, "sigmoid constant `K` (0: fit it to the data)")
	lambda := fs.Float64("lambda", 1, "weight of the game result in the target of positions with a search score (ce), 0 to 1; the rest is the score's expected score")
	every := fs.Int("report", 50, "print the error every `N` epochs")
	top := fs.Int("top", 20, "list the `N` weights that changed most")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	switch {
	case *data == "":
		return usageErrorf("tune run: -data: want the file of labelled positions")
	case *epochs < 0 || *epochs > 1_000_000:
		return usageErrorf("tune run: -epochs %d is out of range 0 to 1000000", *epochs)
	case !(*lr > 0) || math.IsInf(*lr, 0):
		return usageErrorf("tune run: -lr %v: want a positive number", *lr)
	case *out == "":
		return usageErrorf("tune run: -out: want the file to write the weights to")
	case !(*holdout >= 0 && *holdout <= 0.5):
		return usageErrorf("tune run: -holdout %v is out of range 0 to 0.5", *holdout)
	case *minCount < 0:
		return usageErrorf("tune run: -min-count %d is negative", *minCount)
	case !(*k >= 0) || math.IsInf(*k, 0):
		return usageErrorf("tune run: -k %v: want 0 (fit) or a positive number", *k)
	case !(*l2 >= 0) || math.IsInf(*l2, 0):
		return usageErrorf("tune run: -l2 %v: want a number of at least 0", *l2)
	case !(*lambda >= 0 && *lambda <= 1):
		return usageErrorf("tune run: -lambda %v is out of range 0 to 1", *lambda)
	case *every < 1:
		return usageErrorf("tune run: -report %d: want at least 1", *every)
	case *top < 0:
		return usageErrorf("tune run: -top %d is negative", *top)
	}
	if dir := filepath.Dir(*out); dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return usageErrorf("tune run: -out %s: directory %s does not exist", *out, dir)
		}
	}

	frozen, err := frozenWeights(*freeze)
	if err != nil {
		return err
	}

	began := time.Now()
	d := tune.NewDataset()
	var about []string
	for _, name := range strings.Split(*data, ",") {
		f, err := os.Open(name)
		if err != nil {
			return usageErrorf("tune run: -data: %v", err)
		}
		st, err := tune.Load(d, f, name)
		f.Close()
		if err != nil {
			return usageErrorf("tune run: -data: %v", err)
		}
		fmt.Fprintf(stderr, "loaded %s: %d positions (%d left out: special endgames) in %s\n",
			name, st.Positions, st.Special, time.Since(began).Round(time.Millisecond))
		about = append(about, fmt.Sprintf("Data: %s, %d positions.", filepath.Base(name), st.Positions))
		for _, c := range st.Comments {
			about = append(about, "  "+c)
		}
	}
	n := d.Len()
	nHold := int(float64(n) * *holdout)
	if n-nHold < 1 {
		return usageErrorf("tune run: -data %s: no positions to tune on", *data)
	}
	train, hold := d.Slice(0, n-nHold), d.Slice(n-nHold, n)
	wins, draws, losses := train.Results()
	fmt.Fprintf(stdout, "positions: %d to tune on (White +%d =%d -%d), %d held out\n", train.Len(), wins, draws, losses, hold.Len())

	before := engine.Weights()
	start := tune.FromEngine(before)
	if *k == 0 {
		*k = tune.FitK(train, start)
		fmt.Fprintf(stdout, "K = %.6f (fitted: a pawn, 100 centipawns, is worth an expected %.3f)\n", *k, 1/(1+math.Exp(-100**k)))
	}
	if *lambda < 1 {
		// K was fitted to the results; the search scores share the
		// evaluation's scale, so the same K turns them into expected
		// scores.
		n := d.Blend(*lambda, *k)
		fmt.Fprintf(stdout, "targets: %d positions with a search score blend %.2f x result + %.2f x sigmoid(K x score)\n", n, *lambda, 1-*lambda)
	}
	errBefore, holdBefore := tune.Error(train, start, *k), tune.Error(hold, start, *k)
	holdGamesBefore := tune.Error(hold.Games(), start, *k)
	fmt.Fprintf(stdout, "error before: %.6f, held out %s (against the game results: %s)\n", errBefore, formatErr(holdBefore, hold.Len()), formatErr(holdGamesBefore, hold.Len()))

	fixed := make([]bool, 2*engine.NumWeights)
	occ := train.Occurrences()
	nFixed := 0
	for i, c := range occ {
		if c < *minCount {
			fixed[2*i], fixed[2*i+1] = true, true
			nFixed++
		}
	}
	keep := func(i int) {
		if !fixed[2*i] {
			fixed[2*i], fixed[2*i+1] = true, true
			nFixed++
		}
	}
	if *anchor {
		keep(0) // PieceValue[0], the pawn
	}
	for _, i := range frozen {
		keep(i)
	}
	fmt.Fprintf(stdout, "tuning %d of %d weights (%d kept: rare, anchored or frozen) for %d epochs, learning rate %g, L2 %g\n",
		engine.NumWeights-nFixed, engine.NumWeights, nFixed, *epochs, *lr, *l2)

	var interrupted atomic.Bool
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		interrupted.Store(true)
	}()
	opt := tune.Options{
		Epochs: *epochs, LearningRate: *lr, L2: *l2, Fixed: fixed, ReportEvery: *every,
		Report: func(p tune.Progress) {
			fmt.Fprintf(stdout, "epoch %6d  error %.6f  held out %s  time %s\n",
				p.Epoch, p.Error, formatErr(p.Holdout, hold.Len()), p.Elapsed.Round(time.Millisecond))
		},
		Stop: interrupted.Load,
	}
	w, err := tune.Tune(train, hold, start, *k, opt)
	if err != nil {
		return err
	}
	if interrupted.Load() {
		fmt.Fprintln(stderr, "tune run: interrupted; writing the weights reached so far")
	}
	after := w.Round()
	rounded := tune.FromEngine(after)
	errAfter, holdAfter := tune.Error(train, rounded, *k), tune.Error(hold, rounded, *k)
	holdGamesAfter := tune.Error(hold.Games(), rounded, *k)
	fmt.Fprintf(stdout, "error after (rounded weights): %.6f, held out %s (against the game results: %s)\n", errAfter, formatErr(holdAfter, hold.Len()), formatErr(holdGamesAfter, hold.Len()))

	about = append([]string{
		"Reproduce with \"make tune\", or:",
		"  ferz tune run " + quoteArgs(args),
		fmt.Sprintf("K = %.6f; error %.6f before, %.6f after (held out: %s before, %s after).",
			*k, errBefore, errAfter, formatErr(holdBefore, hold.Len()), formatErr(holdAfter, hold.Len())),
		fmt.Sprintf("Held out against the game results alone: %s before, %s after.",
			formatErr(holdGamesBefore, hold.Len()), formatErr(holdGamesAfter, hold.Len())),
	}, about...)
	src, err := tune.GoFile(after, about)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(*out, src); err != nil {
		return fmt.Errorf("tune run: -out: %v", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	if changes := tune.BiggestChanges(before, after, *top); len(changes) > 0 {
		fmt.Fprintf(stdout, "largest changes {mg, eg}:\n")
		for _, c := range changes {
			fmt.Fprintf(stdout, "  %-30s %5d %5d  ->  %5d %5d\n", describeWeight(c.Name), c.Before[0], c.Before[1], c.After[0], c.After[1])
		}
	}
	return nil
}

// frozenWeights returns the indices of the weights whose names start
// with one of the comma-separated prefixes of list.
func frozenWeights(list string) ([]int, error) {
	var out []int
	if list == "" {
		return nil, nil
	}
	for _, prefix := range strings.Split(list, ",") {
		found := false
		for i := range engine.NumWeights {
			if prefix != "" && strings.HasPrefix(engine.WeightName(i), prefix) {
				out = append(out, i)
				found = true
			}
		}
		if !found {
			return nil, usageErrorf("tune run: -freeze: no weight's name starts with %q", prefix)
		}
	}
	return out, nil
}

// pstPieces name the piece-square tables in the engine's order.
var pstPieces = [6]string{"pawn", "knight", "bishop", "rook", "queen", "king"}

// describeWeight adds the piece and square (from White's side) to the
// name of a piece-square weight, "PST[101]" -> "PST[101] knight f5".
func describeWeight(name string) string {
	s, ok := strings.CutPrefix(name, "PST[")
	if !ok {
		return name
	}
	n, err := strconv.Atoi(strings.TrimSuffix(s, "]"))
	if err != nil || n < 0 || n >= 6*64 {
		return name
	}
	return fmt.Sprintf("%s %s %s", name, pstPieces[n/64], chess.Square(n%64))
}

// formatErr shows a held-out error, or "-" when nothing is held out.
func formatErr(e float64, n int) string {
	if n == 0 || math.IsNaN(e) {
		return "-"
	}
	return fmt.Sprintf("%.6f", e)
}

// writeFileAtomic writes data to name through a temporary file in the
// same directory, so that a reader (or a build) never sees half a file.
func writeFileAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), ".tune-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
