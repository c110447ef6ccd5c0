package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/ferzchess/ferz/engine"
)

func init() {
	register(command{"bench", "search a fixed set of positions: node count (search signature) and speed", runBench})
}

const benchDescription = `
Bench searches a built-in set of positions to a fixed depth, each with a
fresh hash table, prints a line per position, and ends with the line
"N nodes M nps". With one thread the node count is a signature of the
search: a change that should not alter the search must not change it.`

// runBench implements "ferz bench".
func runBench(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", "[-depth N] [-threads N] [-hash MB] [-cpuprofile FILE]", benchDescription)
	depth := fs.Int("depth", engine.BenchDepth, "search `depth` in plies, 1 to 64")
	threads := fs.Int("threads", 1, "search `threads`, 1 to 256")
	hash := fs.Int("hash", 16, "hash table size in `MB`, 1 to 65536")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the searches to `file` (for go tool pprof)")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	switch {
	case *depth < 1 || *depth > 64:
		return usageErrorf("bench: -depth %d is out of range 1 to 64", *depth)
	case *threads < 1 || *threads > engine.MaxThreads:
		return usageErrorf("bench: -threads %d is out of range 1 to %d", *threads, engine.MaxThreads)
	case *hash < 1 || *hash > 65536:
		return usageErrorf("bench: -hash %d is out of range 1 to 65536", *hash)
	}
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			return fmt.Errorf("bench: %v", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("bench: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	nodes, elapsed := engine.Bench(stdout, *depth, *hash, *threads, nil)
	fmt.Fprintf(stdout, "\n%d nodes %d nps\n", nodes, engine.NPS(nodes, elapsed))
	return nil
}
