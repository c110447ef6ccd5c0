package engine

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// BenchPositions are the positions of Bench: openings, middlegames with
// tactics (from Win At Chess), endgames and perft test positions with
// castling, promotion and en passant.
var BenchPositions = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K1R1 b Qkq - 0 1",
	"k7/B7/1B6/1B6/8/8/8/K6b w - - 0 1",
	"8/8/8/8/8/K7/P7/k7 w - - 0 1",
	"8/8/3k4/3p4/8/3P4/3K4/8 w - - 0 1",
	"7k/3p4/8/8/3P4/8/8/K7 b - - 0 1",
	"7k/8/p7/8/8/1P6/8/7K b - - 0 1",
	"8/5k2/8/2Pp4/2B5/1K6/8/8 w - d6 0 1",
	"8/8/8/8/8/k7/p1K5/8 b - - 0 1",
	"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
	"r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - 0 1",
	"r2q3k/p2P3p/1p3p2/3QP1r1/8/B7/P5PP/2R3K1 w - - 0 1",
	"8/6pp/3q1p2/3n1k2/1P6/3NQ2P/5PP1/6K1 w - - 0 1",
	"kr2R3/p4r2/2pq4/2N2p1p/3P2p1/Q5P1/5P1P/5BK1 w - - 0 1",
	"4rrk1/pppb4/7p/3P2pq/3Qn3/P5P1/1PP4P/R3RNNK b - - 0 1",
	"2k4r/1pr1n3/p1p1q2p/5pp1/3P1P2/P1P1P3/1R2Q1PP/1RB3K1 w - - 0 1",
	"2r1k3/6pr/p1nBP3/1p3p1p/2q5/2P5/P1R4P/K2Q2R1 w - - 0 1",
	"5rk1/1pp3bp/3p2p1/2PPp3/1P2P3/2Q1B3/4q1PP/R5K1 b - - 0 1",
	"8/p2b2kp/1q1p2p1/1P1Pp3/4P3/3B2P1/P2Q3P/2Nn3K b - - 0 1",
	"r1bqrk2/pp1n1n1p/3p1p2/P1pP1P1Q/2PpP1NP/6R1/2PB4/4RBK1 w - - 0 1",
	"1R2rq1k/2p3p1/Q2p1pPp/8/4P3/8/P1r3PP/1R4K1 w - - 0 1",
	"k5r1/p4b2/2P5/5p2/3P1P2/4QBrq/P5P1/4R1K1 w - - 0 1",
	"r1b2rk1/1p1n1ppp/p1p2q2/4p3/P1B1Pn2/1QN2N2/1P3PPP/3R1RK1 b - - 0 1",
	"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
	"rnbqkb1r/pp2pppp/3p1n2/2p5/4P3/6P1/PPPPNP1P/RNBQKB1R w KQkq - 0 1",
	"rn1qkbnr/pbpp1ppp/1p2p3/8/4P3/3PB3/PPP2PPP/RN1QKBNR w KQkq - 0 1",
	"rn1qkbnr/ppp1ppp1/8/3p1b1p/3P4/4BN2/PPP1PPPP/RN1QKB1R w KQkq - 0 1",
	"rnbqkbnr/p3pppp/1pp5/3p4/3P4/6P1/PPPQPP1P/RNB1KBNR w KQkq - 0 1",
	"rnbqk2r/ppppppbp/5np1/8/3P4/P3P3/1PP2PPP/RNBQKBNR w KQkq - 0 1",
	"rnbqkbnr/pp1p1pp1/4p2p/2p5/3P4/1P6/PBP1PPPP/RN1QKBNR w KQkq - 0 1",
	"r1bqkbnr/pppnppp1/7p/3p4/8/2P2NP1/PP1PPP1P/RNBQKB1R w KQkq - 0 1",
	"rnbqkbnr/1pp2ppp/p3p3/3p4/1P1P4/5N2/P1P1PPPP/RNBQKB1R w KQkq - 0 1",
	"rn1qkb1r/ppp1pppp/3p1n2/8/6b1/N2P1N2/PPP1PPPP/R1BQKB1R w KQkq - 0 1",
	"8/kp3pb1/2p5/p3P3/P1P1KP2/4N2r/2bR4/8 w - - 0 1",
	"6k1/p7/5rp1/6Nn/8/P7/5P1P/4R1K1 b - - 0 1",
	"5k2/8/1r5p/3n1P2/7R/3B4/1P6/1K6 w - - 0 1",
	"8/1p3pk1/2p5/p3r3/P4r2/1PP5/2K2R2/8 w - - 0 1",
	"8/1bp3k1/1pN5/1P1P1pbp/2P1n3/B3p2P/4BP2/7K w - - 0 1",
	"8/5kp1/8/5P1p/p1R1r3/P4RPP/2P3K1/8 b - - 0 1",
	"5r2/8/3p4/3P2k1/4p3/2Nb3B/1P6/6RK b - - 0 1",
	"5r2/1p5R/8/4n1k1/2P1B3/7P/3b2P1/6K1 w - - 0 1",
	"7b/4k3/4p1b1/pB1p1pN1/Pp1P1P2/1P3P2/1n6/6BK w - - 0 1",
	"4n1k1/3n1p2/1p2p3/p2p1p2/3P1N2/P3PP1P/1P4PK/2N5 b - - 0 1",
}

// BenchDepth is Bench's default depth.
const BenchDepth = 13

// Bench searches every BenchPositions position to depth with a fresh
// table of hashMB megabytes and threads threads, writes one line per
// position to w, and returns the total nodes and time. With one thread
// the node count is a signature of the search: it changes exactly when
// the search does. If stop (which may be nil) becomes true, the search
// under way ends soon and Bench returns what it has counted so far.
func Bench(w io.Writer, depth, hashMB, threads int, stop *atomic.Bool) (uint64, time.Duration) {
	tt := NewTT(hashMB)
	s := NewSearcher(tt)
	s.SetThreads(threads)
	var nodes uint64
	var elapsed time.Duration
	for i, fen := range BenchPositions {
		p := chess.MustParseFEN(fen)
		tt.Clear()
		s.Clear()
		start := time.Now()
		res := s.Search(p, Limits{Depth: depth, Stop: stop})
		took := time.Since(start)
		nodes += res.Nodes
		elapsed += took
		if stop != nil && stop.Load() {
			break
		}
		fmt.Fprintf(w, "%2d/%d %-8s %6d cp %10d nodes %8.0f ms  %s\n", i+1, len(BenchPositions), p.UCI(res.Move), res.Score, res.Nodes, took.Seconds()*1000, fen)
	}
	return nodes, elapsed
}

// NPS returns nodes per second.
func NPS(nodes uint64, elapsed time.Duration) uint64 {
	if elapsed <= 0 {
		return 0
	}
	return uint64(float64(nodes) / elapsed.Seconds())
}
