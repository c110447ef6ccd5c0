package uci

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// display answers "d": the board, its FEN and its Zobrist key.
func (e *Engine) display() {
	var sb strings.Builder
	sb.WriteString(" +---+---+---+---+---+---+---+---+\n")
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			pc := e.pos.PieceAt(chess.NewSquare(f, r))
			fmt.Fprintf(&sb, " | %s", pc)
		}
		fmt.Fprintf(&sb, " | %d\n +---+---+---+---+---+---+---+---+\n", r+1)
	}
	sb.WriteString("   a   b   c   d   e   f   g   h\n")
	fmt.Fprintf(&sb, "\nFen: %s\nKey: %016X\nCheckers:", e.pos.FEN(), e.pos.Key())
	for b := e.pos.Checkers(); b != 0; {
		fmt.Fprintf(&sb, " %v", b.PopFirst())
	}
	sb.WriteString("\n")
	e.printf("%s", sb.String())
}

// eval answers "eval": the evaluation of the position term by term.
func (e *Engine) eval() {
	t := engine.EvaluateTrace(e.pos)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-18s %13s %13s\n", "term", "white mg/eg", "black mg/eg")
	for _, term := range t.Terms {
		fmt.Fprintf(&sb, "%-18s %6d %6d %6d %6d\n", term.Name, term.White[0], term.White[1], term.Black[0], term.Black[1])
	}
	fmt.Fprintf(&sb, "phase %d/24, endgame scale %d/64\nnetwork correction %+d cp\nevaluation %+d cp (white's view)", t.Phase, t.Scale, t.Network, t.Final)
	e.printf("%s", sb.String())
}

// bench runs the engine's benchmark: "bench [depth]".
func (e *Engine) bench(args []string) {
	depth := engine.BenchDepth
	if len(args) > 0 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 64 {
			e.printf("info string bench: depth %q is not a number from 1 to 64", args[0])
			return
		}
		depth = n
	}
	hashMB, threads := e.opts.hashMB, e.opts.threads
	e.background(false, func(stop *atomic.Bool) {
		var sb strings.Builder
		nodes, elapsed := engine.Bench(&sb, depth, hashMB, threads, stop)
		if stop.Load() {
			sb.WriteString("bench stopped\n")
		}
		e.printf("%s\n%d nodes %d nps", sb.String(), nodes, engine.NPS(nodes, elapsed))
	})
}

// perft answers "perft N": the leaf count of the move tree to depth N,
// move by move (divide) and in total.
func (e *Engine) perft(args []string) {
	depth := 1
	if len(args) > 0 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 10 {
			e.printf("info string perft: depth %q is not a number from 1 to 10", args[0])
			return
		}
		depth = n
	}
	p := e.pos.Copy()
	e.background(false, func(stop *atomic.Bool) {
		start := time.Now()
		var total uint64
		for _, m := range p.LegalMoves() {
			p.MakeMove(m)
			n, complete := chess.PerftUntil(p, depth-1, stop)
			p.UnmakeMove()
			if !complete {
				e.printf("\nperft stopped after %d nodes (%v)", total+n, time.Since(start).Round(time.Millisecond))
				return
			}
			total += n
			e.printf("%s: %d", p.UCI(m), n)
		}
		e.printf("\nNodes searched: %d (%v)", total, time.Since(start).Round(time.Millisecond))
	})
}
