package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/ferzchess/ferz/engine"
	"github.com/ferzchess/ferz/tune"
)

const tuneNetDescription = `
Net trains the evaluation network on positions labelled with search
scores (ferz tune label) and writes it in Ferz's network format, by
default to engine/ferz.nnue, which the next build embeds. The target of
each position is -lambda times the game result plus the rest times the
search score's expected result, sigmoid(K*score). The last -holdout of
the positions are held out to measure; the final line compares the
network's error there with the hand-written evaluation's. With -init,
training starts from an existing network instead of random weights
(fine-tuning on new positions; use a smaller -lr and fewer -epochs).
A network narrower than the build's (NetHidden in engine/nnue.go) is
widened: its units keep their weights, and the new ones start with no
say in the output and learn one.

Examples:
	ferz tune net -data a-d8.epd,b-d8.epd -epochs 30 -out engine/ferz.nnue
	ferz tune net -residual -init engine/ferz.nnue -lr 0.0003 -epochs 3 -data new.epd`

// runTuneNet implements "ferz tune net".
func runTuneNet(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tune net", "-data FILE[,FILE...] [flags]", tuneNetDescription)
	data := fs.String("data", "", "labelled EPD `files`, separated by commas (required)")
	epochs := fs.Int("epochs", 30, "passes over the data, 1 to 10000")
	batch := fs.Int("batch", 16384, "positions a gradient `step`")
	lr := fs.Float64("lr", 0.001, "Adam's step `size` at the start (it falls to a tenth)")
	lambda := fs.Float64("lambda", 0, "weight of the game result in the target, 0 to 1")
	k := fs.Float64("k", 0.006848, "sigmoid constant `K` (expected result = sigmoid(K*centipawns))")
	holdout := fs.Float64("holdout", 0.1, "`fraction` of the positions (the last ones) held out to measure, 0 to 0.5")
	threads := fs.Int("threads", runtime.NumCPU(), "worker `threads`")
	seed := fs.Uint64("seed", 1, "random `seed` of the initial weights and the order")
	out := fs.String("out", "engine/ferz.nnue", "network `file` to write")
	residual := fs.Bool("residual", false, "train a correction to the hand-written evaluation")
	mirror := fs.Bool("mirror", true, "show each position mirrored left to right half the time")
	initFile := fs.String("init", "", "network `file` to start from instead of random weights")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	switch {
	case *data == "":
		return usageErrorf("tune net: -data: want the file of labelled positions")
	case *epochs < 1 || *epochs > 10000:
		return usageErrorf("tune net: -epochs %d is out of range 1 to 10000", *epochs)
	case *batch < 1:
		return usageErrorf("tune net: -batch %d: want at least 1", *batch)
	case !(*lr > 0) || math.IsInf(*lr, 0):
		return usageErrorf("tune net: -lr %v: want a positive number", *lr)
	case !(*lambda >= 0 && *lambda <= 1):
		return usageErrorf("tune net: -lambda %v is out of range 0 to 1", *lambda)
	case !(*k > 0) || math.IsInf(*k, 0):
		return usageErrorf("tune net: -k %v: want a positive number", *k)
	case !(*holdout >= 0 && *holdout <= 0.5):
		return usageErrorf("tune net: -holdout %v is out of range 0 to 0.5", *holdout)
	case *threads < 1:
		return usageErrorf("tune net: -threads %d: want at least 1", *threads)
	case *out == "":
		return usageErrorf("tune net: -out: want the file to write the network to")
	}
	if dir := filepath.Dir(*out); dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return usageErrorf("tune net: -out %s: directory %s does not exist", *out, dir)
		}
	}
	var start *engine.Network
	initHidden := 0
	if *initFile != "" {
		b, err := os.ReadFile(*initFile)
		if err != nil {
			return usageErrorf("tune net: -init: %v", err)
		}
		start = new(engine.Network)
		if initHidden, err = start.UnmarshalNarrower(b); err != nil {
			return usageErrorf("tune net: -init %s: %v", *initFile, err)
		}
		if initHidden < engine.NetHidden {
			fmt.Fprintf(stdout, "-init %s: %d hidden units widened to %d\n", *initFile, initHidden, engine.NetHidden)
		}
		if start.Residual != *residual {
			return usageErrorf("tune net: -init %s: the network's residual flag is %v, -residual is %v", *initFile, start.Residual, *residual)
		}
	}
	began := time.Now()
	var samples []tune.NetSample
	for _, name := range strings.Split(*data, ",") {
		f, err := os.Open(name)
		if err != nil {
			return usageErrorf("tune net: -data: %v", err)
		}
		var st tune.NetLoadStats
		samples, st, err = tune.LoadNetSamples(samples, f, name)
		f.Close()
		if err != nil {
			return usageErrorf("tune net: -data: %v", err)
		}
		fmt.Fprintf(stderr, "loaded %s: %d positions (%d left out) in %s\n", name, st.Positions, st.Skipped, time.Since(began).Round(time.Millisecond))
	}
	nHold := int(float64(len(samples)) * *holdout)
	train, hold := samples[:len(samples)-nHold], samples[len(samples)-nHold:]
	if len(train) == 0 {
		return usageErrorf("tune net: -data %s: no positions to train on", *data)
	}
	fmt.Fprintf(stdout, "positions: %d to train on, %d held out\n", len(train), len(hold))
	n := tune.TrainNet(train, hold, tune.NetOptions{
		Epochs: *epochs, Batch: *batch, LR: *lr, Lambda: *lambda, K: *k,
		Threads: *threads, Seed: *seed, Mirror: *mirror, Residual: *residual, Init: start, InitHidden: initHidden, Progress: stdout,
	})
	netErr, hceErr := tune.NetError(n, hold, *lambda, *k, *residual)
	fmt.Fprintf(stdout, "held out, quantised network: %.6f; hand-written evaluation: %.6f\n", netErr, hceErr)
	b, err := n.MarshalBinary()
	if err != nil {
		return err
	}
	if err := writeFileAtomic(*out, b); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes) in %s\n", *out, len(b), time.Since(began).Round(time.Second))
	return nil
}
