package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ferzchess/ferz/engine"
	"github.com/ferzchess/ferz/match"
	"github.com/ferzchess/ferz/tune"
)

const tuneSPSADescription = `
Spsa tunes the search's parameters (margins and ratios of its pruning
and reduction rules; -list shows them) by games, with SPSA: every
iteration plays one game pair, from one opening with both colours,
between two copies of the engine whose parameters are moved up and down
at random, and moves the parameters towards the side that scored better.
The engines get the parameters as hidden UCI options (setoption name
RFPMargin value 84). Such tunings take many thousands of pairs; the
state (each parameter's estimate and the pairs played) is written to
-state after every pair, and a later run with the same -state continues
it, so a tuning can be spread over sessions. -params, -iterations,
-r-end and -seed apply only to a new state.

A tuned value is a candidate, not a result: put it into engine/params.go
and test it against main with an SPRT before merging.

Example:
	ferz tune spsa -state spsa.json -iterations 20000 -nodes 20000 \
	  -openings ../shared/data/openings/noob_3moves_30k.epd -concurrency 2`

// runTuneSPSA implements "ferz tune spsa".
func runTuneSPSA(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tune spsa", "-state FILE [flags]", tuneSPSADescription)
	list := fs.Bool("list", false, "list the search parameters and stop")
	show := fs.Bool("show", false, "print the state's values as engine options and stop")
	state := fs.String("state", "", "the tuning's state, a JSON `file` (read if it exists, written after every pair)")
	params := fs.String("params", "", "`names` of the parameters to tune, separated by commas (default: all)")
	iterations := fs.Int("iterations", 10000, "game pairs the tuning is planned for (`N`; the gains shrink towards it)")
	rEnd := fs.Float64("r-end", 0.002, "learning `rate` at the last pair (a = r·c², c each parameter's step)")
	seed := fs.Uint64("seed", 1, "`seed` of the perturbations and of the openings' order")
	engineSpec := fs.String("engine", "", "the engine tuned, as `key=value ...` items as for 'ferz match' (default: this ferz with Hash 16)")
	nodes := fs.Int64("nodes", 20000, "nodes a move (`N`; 0: use -tc)")
	tc := fs.String("tc", "", "a clock instead of -nodes: base+increment in seconds (10+0.1)")
	openings := fs.String("openings", "", "openings from an EPD or PGN `file` (required), shuffled by -seed")
	concurrency := fs.Int("concurrency", match.DefaultConcurrency(), "game pairs played at once")
	resign := fs.String("resign", "movecount=4 score=800", "resign adjudication, as for 'ferz match'")
	draw := fs.String("draw", "movenumber=40 movecount=8 score=10", "draw adjudication, as for 'ferz match'")
	debug := fs.Bool("debug", false, "copy every line to and from the engines to standard error")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if *list {
		return listParams(stdout)
	}
	if *state == "" {
		return usageErrorf("tune spsa: -state: want the file of the tuning's state")
	}
	if *show {
		s, err := readSPSAFile(*state)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, s.Summary())
		fmt.Fprintln(stdout, spsaOptions(s))
		return nil
	}
	if *openings == "" {
		return usageErrorf("tune spsa: -openings: want a file of openings")
	}
	if *concurrency < 1 {
		return usageErrorf("tune spsa: -concurrency must be at least 1, have %d", *concurrency)
	}
	s, err := loadOrStartSPSA(*state, *params, *iterations, *rEnd, *seed, stdout)
	if err != nil {
		return err
	}
	cfg, err := spsaConfig(*engineSpec, *nodes, *tc, *resign, *draw)
	if err != nil {
		return err
	}
	cfg.Concurrency = *concurrency
	book, err := match.LoadOpenings(*openings, 0, 0, false)
	if err != nil {
		return usageErrorf("tune spsa: -openings: %v", err)
	}
	book.Shuffle(s.Seed)
	cfg.Book = book
	cfg.Out = stdout
	if *debug {
		cfg.Log = stderr
	}
	cfg.Save = func(s *tune.SPSA) error {
		var b bytes.Buffer
		if _, err := s.WriteTo(&b); err != nil {
			return err
		}
		return writeFileAtomic(*state, b.Bytes())
	}
	fmt.Fprintf(stdout, "SPSA: %d of %d pairs played, %d parameters, %v, %d pairs at once\n",
		s.Done, s.Iterations, len(s.Params), cfg.TimeControl, cfg.Concurrency)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	began := time.Now()
	done := s.Done
	err = s.Run(ctx, cfg)
	fmt.Fprintf(stdout, "SPSA: %d pairs in %v; %s\n", s.Done-done, time.Since(began).Round(time.Second), s.Summary())
	fmt.Fprintln(stdout, spsaOptions(s))
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}

// spsaOptions writes the state's values as the options of an engine
// specification (for 'ferz match -engine', or make sprt's SPRT_NEW_OPTS).
func spsaOptions(s *tune.SPSA) string {
	opts := []string{"options:"}
	for _, o := range s.Values() {
		opts = append(opts, "option."+o.Name+"="+o.Value)
	}
	return strings.Join(opts, " ")
}

// readSPSAFile reads the state file of a tuning.
func readSPSAFile(path string) (*tune.SPSA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErrorf("tune spsa: -state: %v", err)
	}
	defer f.Close()
	s, err := tune.ReadSPSA(f)
	if err != nil {
		return nil, usageErrorf("tune spsa: -state %s: %v", path, err)
	}
	return s, nil
}

// loadOrStartSPSA reads the state file, or starts a new tuning when there
// is none.
func loadOrStartSPSA(path, params string, iterations int, rEnd float64, seed uint64, stdout io.Writer) (*tune.SPSA, error) {
	if _, err := os.Stat(path); err == nil {
		s, err := readSPSAFile(path)
		if err == nil {
			fmt.Fprintf(stdout, "continuing the tuning in %s\n", path)
		}
		return s, err
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, usageErrorf("tune spsa: -state: %v", err)
	}
	var names []string
	if params != "" {
		names = strings.Split(params, ",")
	}
	s, err := tune.NewSPSA(names, iterations, rEnd, seed)
	if err != nil {
		return nil, usageErrorf("tune %v", err)
	}
	return s, nil
}

// spsaConfig reads the engine and the game settings of a tuning.
func spsaConfig(engineSpec string, nodes int64, tc, resign, draw string) (tune.SPSAConfig, error) {
	var cfg tune.SPSAConfig
	if engineSpec == "" {
		self, err := os.Executable()
		if err != nil {
			return cfg, fmt.Errorf("tune spsa: cannot find this program to run it as the engine: %v", err)
		}
		engineSpec = "cmd=" + self + " option.Hash=16"
	}
	e, err := match.ParseEngineSpec(engineSpec)
	if err != nil {
		return cfg, usageErrorf("tune spsa: -engine: %v", err)
	}
	cfg.Engine = e
	if nodes < 0 {
		return cfg, usageErrorf("tune spsa: -nodes must not be negative")
	}
	cfg.TimeControl = match.TimeControl{Nodes: nodes, Margin: 100 * time.Millisecond, Timeout: match.DefaultMoveTimeout}
	if tc != "" {
		clock, err := match.ParseTimeControl(tc)
		if err != nil {
			return cfg, usageErrorf("tune spsa: -tc: %v", err)
		}
		cfg.TimeControl.Nodes = 0
		cfg.TimeControl.Moves, cfg.TimeControl.Base, cfg.TimeControl.Increment = clock.Moves, clock.Base, clock.Increment
	}
	if err := cfg.TimeControl.Validate(); err != nil {
		return cfg, usageErrorf("tune spsa: %v (give -nodes or -tc)", err)
	}
	if resign != "" {
		if cfg.Resign, err = match.ParseResignRule(resign); err != nil {
			return cfg, usageErrorf("tune spsa: -resign: %v", err)
		}
	}
	if draw != "" {
		if cfg.Draw, err = match.ParseDrawRule(draw); err != nil {
			return cfg, usageErrorf("tune spsa: -draw: %v", err)
		}
	}
	return cfg, nil
}

// listParams prints the search parameters with their values and ranges.
func listParams(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "name\tvalue\tdefault\tmin\tmax\tstep\t")
	for _, p := range engine.Params() {
		step := fmt.Sprint(p.Step)
		if p.Step == math.Trunc(p.Step) {
			step = fmt.Sprintf("%.0f", p.Step)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t\n", p.Name, p.Value, p.Default, p.Min, p.Max, step)
	}
	return tw.Flush()
}
