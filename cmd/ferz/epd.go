package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/ferzchess/ferz/match"
)

func init() {
	register(command{"epd", "run an EPD test suite (bm, am, dm, STS points) against Ferz or a UCI engine", runEPD})
}

const epdDescription = `
Epd runs a test suite: it gives every position of an EPD file to a UCI
engine at a fixed -movetime, -depth or -nodes, and checks the move it
plays against the position's operations: bm (one of the best moves), am
(none of the moves to avoid), dm (a mate in at most n moves found, when
there is no bm or am), and STS-style points (c0 "f5=10, Be5+=2", or the
moves of c9 with the points of c8). It prints each position's result as
it comes (the move, solved or not, and the time to solution: when the
engine settled on a right move for good), then the number solved, the
points and the average time to solution.

The engine is Ferz itself (this binary, speaking UCI) unless -engine
gives another, with the key=value items of "ferz match" (cmd=, arg=,
dir=, option.NAME=).

Examples:
	ferz epd -suite ../shared/data/suites/wac.epd -movetime 200ms -first 20
	ferz epd -suite ../shared/data/suites/bratko-kopec.epd -depth 12
	ferz epd -suite sts1.epd -nodes 100000 -engine "cmd=/usr/games/stockfish option.Hash=64" -concurrency 2`

// runEPD implements "ferz epd".
func runEPD(args []string, stdout, stderr io.Writer) error {
	var (
		suite, engineSpec, moveTime string
		depth, first, skip, conc    int
		nodes                       int64
		timeout                     time.Duration
		debug                       bool
	)
	fs := newFlagSet("epd", "-suite FILE.epd [-movetime T | -depth N | -nodes N] [-engine SPEC] [flags]", epdDescription)
	fs.StringVar(&suite, "suite", "", "the EPD `file` of test positions (required)")
	fs.StringVar(&engineSpec, "engine", "", "the engine as `key=value ...` items (default: this Ferz binary)")
	fs.StringVar(&moveTime, "movetime", "", "time a position (`T`: 0.2 seconds or a duration such as 200ms)")
	fs.IntVar(&depth, "depth", 0, "search each position to `N` plies")
	fs.Int64Var(&nodes, "nodes", 0, "search each position for `N` nodes")
	fs.IntVar(&first, "first", 0, "run only the first `N` positions (0: all)")
	fs.IntVar(&skip, "skip", 0, "skip the first `N` positions")
	fs.IntVar(&conc, "concurrency", 1, "positions searched at once, each by its own engine process")
	fs.DurationVar(&timeout, "timeout", match.DefaultMoveTimeout, "longest a search limited by -depth or -nodes alone may take")
	fs.BoolVar(&debug, "debug", false, "copy every line to and from the engine to standard error")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	cfg := match.SuiteConfig{Depth: depth, Nodes: nodes, Timeout: timeout, Concurrency: conc, Out: stdout,
		Warn: func(w string) { fmt.Fprintf(stderr, "ferz: epd: warning: %s\n", w) }}
	switch {
	case suite == "":
		return usageErrorf("epd: -suite FILE is required")
	case depth < 0 || nodes < 0 || first < 0 || skip < 0:
		return usageErrorf("epd: -depth, -nodes, -first and -skip must not be negative")
	case conc < 1:
		return usageErrorf("epd: -concurrency must be at least 1, have %d", conc)
	case timeout <= 0:
		return usageErrorf("epd: -timeout must be positive")
	}
	if moveTime != "" {
		d, err := parseMatchSeconds(moveTime)
		if err != nil || d <= 0 {
			return usageErrorf("epd: -movetime %q is not a positive time (0.2, or a duration such as 200ms)", moveTime)
		}
		cfg.MoveTime = d
	}
	if cfg.MoveTime <= 0 && depth == 0 && nodes == 0 {
		return usageErrorf("epd: give a limit a position: -movetime, -depth or -nodes")
	}
	if engineSpec != "" {
		e, err := match.ParseEngineSpec(engineSpec)
		if err != nil {
			return usageErrorf("epd: -engine: %v", err)
		}
		cfg.Engine = e
	} else {
		self, err := os.Executable()
		if err != nil {
			return fmt.Errorf("epd: cannot find this program to run it as the engine: %v (use -engine)", err)
		}
		cfg.Engine = match.EngineConfig{Name: "Ferz", Command: self}
	}
	if debug {
		cfg.Log = stderr
	}

	f, err := os.Open(suite)
	if err != nil {
		return usageErrorf("epd: %v", err)
	}
	positions, bad, err := match.ReadSuite(bufio.NewReader(f))
	f.Close()
	if err != nil {
		return usageErrorf("epd: %s: %v", suite, err)
	}
	for _, e := range bad {
		fmt.Fprintf(stderr, "ferz: epd: %s: %v (left out)\n", suite, e)
	}
	positions = positions[min(skip, len(positions)):]
	if first > 0 && first < len(positions) {
		positions = positions[:first]
	}
	if len(positions) == 0 {
		return usageErrorf("epd: %s: no positions to run", suite)
	}

	fmt.Fprintf(stdout, "%s: %d positions, engine %s, limit %s\n", suite, len(positions), cfg.Engine.Name, epdLimit(cfg))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	_, sum, err := match.RunSuite(ctx, cfg, positions)
	sum.Write(stdout)
	if err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

// epdLimit describes the limit a position.
func epdLimit(c match.SuiteConfig) string {
	tc := match.TimeControl{MoveTime: c.MoveTime, Depth: c.Depth, Nodes: c.Nodes}
	return tc.String()
}
