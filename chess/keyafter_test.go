package chess

import "testing"

// TestKeyAfterMatchesMakeMove checks KeyAfter against the key MakeMove
// computes, for every legal move of the positions a short perft of the
// suite's positions visits: castling in both variants, en passant,
// promotions and captures that take castling rights included. Double
// pawn steps that allow an en passant capture are the documented
// exception.
func TestKeyAfterMatchesMakeMove(t *testing.T) {
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	}
	checked := 0
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		var list MoveList
		p.GenerateLegal(&list)
		for _, m := range list.Moves[:list.N] {
			want := p.KeyAfter(m)
			p.MakeMove(m)
			double := p.PieceAt(m.To()).Type() == Pawn && (m.To()^m.From()) == 16
			if got := p.Key(); got != want && !(double && p.epLegal) {
				t.Fatalf("%s: KeyAfter(%s) = %x, MakeMove gives %x", p.FEN(), m, want, got)
			}
			checked++
			if depth > 1 {
				walk(p, depth-1)
			}
			p.UnmakeMove()
		}
	}
	for _, fen := range fens {
		walk(MustParseFEN(fen), 3)
	}
	if checked < 10000 {
		t.Fatalf("only %d moves checked", checked)
	}
}
