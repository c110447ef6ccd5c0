package uci

import (
	"strings"
	"testing"
)

// fuzzScripts are the seed scripts of FuzzCommands: ordinary sessions and
// the malformed lines the hostile-input test also uses.
var fuzzScripts = []string{
	"uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3\n",
	"position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo nodes 2000\n",
	"setoption name MultiPV value 3\ngo depth 2\n",
	"setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 900\ngo movetime 20\n",
	"setoption name UCI_Chess960 value true\nposition fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\ngo depth 2\n",
	"go infinite\nisready\nstop\n",
	"go ponder wtime 1000 btime 1000\nponderhit\n",
	"go wtime 0 btime 0\n",
	"position startpos moves e2e4 zzzz\nd\neval\n",
	"position fen 8/8/8/8 w - - 0 1\ngo\n",
	"setoption name Skill Level value -3\nsetoption name Move Overhead value x\ngo searchmoves e2e4 d2d4 depth 2\n",
	"perft 3\nbench 1\n",
	"go mate 2 depth 3\n\x00\xff\n",
	"go searchmoves a2a5 zz e2e4 e2e4 nodes -5\ngo searchmoves\n",
}

// FuzzCommands feeds any script to the engine: it must never panic, must
// end, and must still answer isready at the end.
func FuzzCommands(f *testing.F) {
	for _, s := range fuzzScripts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		var lines []string
		for _, line := range strings.Split(script, "\n") {
			// Options that allocate memory or read files as told are
			// tested on their own; random values would only slow this.
			l := strings.ToLower(line)
			if strings.Contains(l, "hash") || strings.Contains(l, "thread") || strings.Contains(l, "syzygy") || strings.Contains(l, "book") {
				continue
			}
			lines = append(lines, line)
		}
		lines = append(lines, "stop", "isready", "quit")
		out := run(t, strings.Join(lines, "\n")+"\n")
		if !strings.HasSuffix(strings.TrimRight(out, "\n"), "readyok") {
			t.Errorf("the engine did not answer the final isready last:\n%s", out)
		}
	})
}
