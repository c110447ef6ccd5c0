package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// stalledGame is the game in which, on 2026-11-29, an engine at 40,000
// nodes a move printed its first iterations and then nothing for a
// minute, until the match runner sent stop (docs/search-tests.md, the
// quietsee row). Its searches are replayed below as the runner made
// them: one session, "position ... moves" and "go nodes" for each move.
const stalledGame = `[FEN "rnbqkbnr/pp3ppp/2p1p3/3p4/4P2P/2N5/PPPP1PP1/R1BQKBNR w KQkq - 0 4"]
[SetUp "1"]

4. d4 Qb6 5. Nf3 Bb4 6. Bd3 dxe4 7. Bxe4 Nf6 8. Bd3 c5 9. O-O cxd4 10. Nxd4 O-O
11. Be3 Qd8 12. Qf3 Bxc3 13. bxc3 e5 14. Nf5 Bxf5 15. Bxf5 Nc6 16. Bg5 Qe7
17. Rab1 Nd8 18. Rfd1 e4 19. Bxf6 Qxf6 20. Bxe4 Qxf3 21. Bxf3 Rc8 22. Rd3 Rc7
23. Rbd1 Ne6 24. Rd7 Rxc3 25. Rxb7 a5 26. Rd2 Rfc8 27. Bd5 Nd8 28. Ra7 g6
29. g3 R3c5 30. Bb3 Rb5 31. a4 Rf5 32. Rdd7 h6 33. Bd5 Nc6 34. Bxf7+ Rxf7
35. Rxf7 Nxa7 36. Rxa7 Rxc2 37. Rxa5 Kg7 38. Kg2 Ra2 39. Kf3 Kf6 40. Ra6+ Kf7
41. Ke3 Kg7 42. f3 Ra3+ 43. Ke4 Ra2 *
`

// A search limited by nodes answers at once, move after move in one
// session: each of a game's searches, and those of the game Ferz goes on
// to play from where the stalled one stopped, must answer within a few
// seconds, though a search of 40,000 nodes takes a tenth of one.
func TestFixedNodeSearchesNeverStall(t *testing.T) {
	if testing.Short() {
		t.Skip("plays some 150 searches of 40,000 nodes")
	}
	g, err := chess.NewPGNReader(strings.NewReader(stalledGame)).Next()
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Start()
	if err != nil {
		t.Fatal(err)
	}
	start := "fen " + p.FEN()
	var moves []string
	for _, m := range g.Moves {
		moves = append(moves, p.UCI(m))
		p.MakeMove(m)
	}

	var out syncBuffer
	e := New(&out)
	e.Handle("setoption name Hash value 16")
	e.Handle("ucinewgame")
	search := func(ply int) string {
		t.Helper()
		before := len(bestmoves(out.String()))
		e.Handle("position " + start + " moves " + strings.Join(moves[:ply], " "))
		began := time.Now()
		e.Handle("go nodes 40000")
		for time.Since(began) < 5*time.Second {
			if bm := bestmoves(out.String()); len(bm) > before {
				return bm[len(bm)-1]
			}
			time.Sleep(time.Millisecond)
		}
		written := lastSearchOutput(out.String())
		e.Handle("stop")
		t.Fatalf("ply %d: no bestmove 5 s after go nodes 40000; output of the search:\n%s", ply, written)
		return ""
	}
	// The game's own searches, each from the position before its move.
	for ply := range moves {
		search(ply)
		out.Reset() // keep the output scanned above small
	}
	// Then Ferz plays on against itself from the position of the stall.
	for len(moves) < len(g.Moves)+60 {
		bm := search(len(moves))
		m, err := p.ParseUCI(bm)
		if err != nil {
			if bm == "0000" {
				break // the game is over
			}
			t.Fatalf("bestmove %s: %v", bm, err)
		}
		p.MakeMove(m)
		moves = append(moves, bm)
		out.Reset()
	}
	e.Handle("quit")
}

// lastSearchOutput returns what the engine wrote after its last "go".
func lastSearchOutput(out string) string {
	if i := strings.LastIndex(out, "bestmove"); i >= 0 {
		if j := strings.IndexByte(out[i:], '\n'); j >= 0 {
			return out[i+j+1:]
		}
	}
	return out
}
