package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// runPerftSuite checks every position of an EPD perft file at each depth
// whose expected count is at most o.maxNodes (0: every depth). It prints
// one line per position and a summary; a wrong count makes the command
// fail with exit status 1 after the whole file has been run.
func runPerftSuite(o perftOptions, stdout io.Writer) error {
	f, err := os.Open(o.suite)
	if err != nil {
		return usageErrorf("perft: %v", err)
	}
	defer f.Close()
	r := chess.NewEPDReader(f)
	var positions, checks, mismatches, badLines int
	var nodes uint64
	start := time.Now()
	for {
		e, line, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", o.suite, err)
			badLines++
			continue
		}
		counts, err := e.PerftCounts()
		if err != nil || len(counts) < 2 {
			fmt.Fprintf(stdout, "%s:%d: no perft counts (%v)\n", o.suite, line, err)
			badLines++
			continue
		}
		positions++
		status := "ok"
		var done []int
		for d := 1; d < len(counts); d++ {
			if counts[d] == 0 || o.maxNodes > 0 && counts[d] > o.maxNodes {
				continue
			}
			got, _ := perftSplit(e.Position, d, o.threads, false)
			nodes += got
			checks++
			done = append(done, d)
			if got != counts[d] {
				status = "MISMATCH"
				mismatches++
				fmt.Fprintf(stdout, "%s:%d: depth %d: %d nodes, want %d\n", o.suite, line, d, got, counts[d])
			}
		}
		fmt.Fprintf(stdout, "%-8s %s depths %v\n", status, e.Position.FEN(), done)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "\n%d positions, %d counts checked, %d mismatches, %d unreadable lines\n", positions, checks, mismatches, badLines)
	writePerftTotals(stdout, nodes, elapsed)
	if mismatches > 0 || badLines > 0 {
		return &exitError{code: 1, err: fmt.Errorf("perft: %d mismatches and %d unreadable lines in %s", mismatches, badLines, o.suite)}
	}
	if positions == 0 {
		return &exitError{code: 1, err: fmt.Errorf("perft: no perft positions in %s", o.suite)}
	}
	return nil
}
