package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// Limits of the perft command's flags.
const (
	maxPerftDepth   = 15
	maxPerftThreads = 256
)

const perftDescription = `
Perft counts the leaf nodes of the legal move tree of a position to a
depth: the standard test of a move generator, and a measure of its speed.
Moves at the last ply are counted without being played (bulk counting,
as Stockfish does), and Mnps is millions of those leaf nodes a second.

With -suite it runs every position of an EPD perft file (";D1 20 ;D2 400
..." counts) at each depth whose expected count is at most -maxnodes,
prints ok or MISMATCH per position and a summary, and exits with status 1
if any count is wrong.

Examples:
	ferz perft -depth 6
	ferz perft -depth 4 -divide -fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	ferz perft -suite ../shared/data/perft/standard.epd -threads 2`

// perftOptions holds the parsed flags of the perft command.
type perftOptions struct {
	depth    int
	fen      string
	chess960 bool
	divide   bool
	threads  int
	suite    string
	maxNodes uint64
}

func init() {
	register(command{"perft", "count the leaf nodes of the move tree (move generator test and speed)", runPerft})
}

// runPerft implements "ferz perft".
func runPerft(args []string, stdout, stderr io.Writer) error {
	var o perftOptions
	fs := newFlagSet("perft", "-depth N [-fen FEN] [-chess960] [-divide] [-threads N]\n       ferz perft -suite FILE.epd [-maxnodes N] [-threads N]", perftDescription)
	fs.IntVar(&o.depth, "depth", 5, "search `depth` in plies, 0 to 15")
	fs.StringVar(&o.fen, "fen", chess.StartFEN, "position to count, in `FEN` (Shredder-FEN castling selects Chess960)")
	fs.BoolVar(&o.chess960, "chess960", false, "treat the position as Chess960 (castling shown as king takes rook)")
	fs.BoolVar(&o.divide, "divide", false, "print the count below each root move")
	fs.IntVar(&o.threads, "threads", 1, "split the root moves over `N` goroutines (1 to 256)")
	fs.StringVar(&o.suite, "suite", "", "run the positions of an EPD perft `file` instead of one position")
	fs.Uint64Var(&o.maxNodes, "maxnodes", 10_000_000, "with -suite, check only depths whose expected count is at most `N` (0: no limit)")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if o.threads < 1 || o.threads > maxPerftThreads {
		return usageErrorf("perft: -threads %d is out of range 1 to %d", o.threads, maxPerftThreads)
	}
	if o.suite != "" {
		for _, name := range []string{"depth", "fen", "chess960", "divide"} {
			if set[name] {
				return usageErrorf("perft: -%s cannot be used with -suite (the file gives positions and depths)", name)
			}
		}
		return runPerftSuite(o, stdout)
	}
	if set["maxnodes"] {
		return usageErrorf("perft: -maxnodes works only with -suite")
	}
	if o.depth < 0 || o.depth > maxPerftDepth {
		return usageErrorf("perft: -depth %d is out of range 0 to %d", o.depth, maxPerftDepth)
	}
	p, err := chess.ParseFEN(o.fen)
	if err != nil {
		return usageErrorf("perft: bad -fen: %s", strings.TrimPrefix(err.Error(), "fen: "))
	}
	if o.chess960 {
		p.SetChess960(true)
	}

	start := time.Now()
	nodes, roots := perftSplit(p, o.depth, o.threads, o.divide)
	elapsed := time.Since(start)

	if o.divide {
		for _, r := range roots {
			fmt.Fprintf(stdout, "%s: %d\n", r.move, r.nodes)
		}
		fmt.Fprintln(stdout)
	}
	writePerftTotals(stdout, nodes, elapsed)
	return nil
}

// rootCount is the perft count below one root move.
type rootCount struct {
	move  string // in UCI notation
	nodes uint64
}

// perftSplit counts the leaf nodes of p to depth, sharing the root moves
// among threads goroutines that each work on their own copy of p. With
// divide (or more than one thread) it also returns the count below each
// root move, sorted by move text. p is left as it was.
func perftSplit(p *chess.Position, depth, threads int, divide bool) (uint64, []rootCount) {
	if depth == 0 {
		return 1, nil
	}
	if threads <= 1 && !divide {
		return chess.Perft(p, depth), nil
	}
	moves := p.LegalMoves()
	counts := make([]uint64, len(moves))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(max(threads, 1), len(moves)) {
		q := p.Copy()
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(moves) {
					return
				}
				q.MakeMove(moves[i])
				counts[i] = chess.Perft(q, depth-1)
				q.UnmakeMove()
			}
		})
	}
	wg.Wait()
	var total uint64
	roots := make([]rootCount, len(moves))
	for i, m := range moves {
		total += counts[i]
		roots[i] = rootCount{move: p.UCI(m), nodes: counts[i]}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].move < roots[j].move })
	return total, roots
}

// writePerftTotals prints the node count, the time and the speed.
func writePerftTotals(w io.Writer, nodes uint64, elapsed time.Duration) {
	fmt.Fprintf(w, "nodes %d\n", nodes)
	fmt.Fprintf(w, "time %.3fs\n", elapsed.Seconds())
	fmt.Fprintf(w, "Mnps %.2f\n", mnps(nodes, elapsed))
}

// mnps returns millions of nodes a second, or 0 for no measurable time.
func mnps(nodes uint64, elapsed time.Duration) float64 {
	if elapsed <= 0 {
		return 0
	}
	return float64(nodes) / elapsed.Seconds() / 1e6
}
