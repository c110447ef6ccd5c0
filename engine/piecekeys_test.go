package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestPieceKeysFollowEveryMove walks the move trees of positions with
// castling (Chess960 too), en passant, promotions with and without
// capture, and checks the keys updated move by move against the keys
// computed from scratch.
func TestPieceKeysFollowEveryMove(t *testing.T) {
	fens := []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
	}
	moves := 0
	var walk func(p *chess.Position, k pieceKeys, depth int)
	walk = func(p *chess.Position, k pieceKeys, depth int) {
		var list chess.MoveList
		p.GenerateLegal(&list)
		for _, m := range list.Moves[:list.N] {
			next := k.after(p, m)
			p.MakeMove(m)
			moves++
			if want := pieceKeysOf(p); next != want {
				p.UnmakeMove()
				t.Fatalf("%s after %s: keys %x, from scratch %x", p.FEN(), p.UCI(m), next, want)
			}
			if depth > 1 {
				walk(p, next, depth-1)
			}
			p.UnmakeMove()
		}
	}
	for _, fen := range fens {
		p := chess.MustParseFEN(fen)
		walk(p, pieceKeysOf(p), 3)
	}
	if moves < 100000 {
		t.Errorf("only %d moves checked", moves)
	}
}
