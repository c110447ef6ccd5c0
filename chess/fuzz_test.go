package chess

import "testing"

var fuzzFENs = []string{
	StartFEN,
	kiwipete,
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
	"4k3/8/8/8/8/8/8/4K3 w - -",
	"rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
}

// checkPosition exercises a parsed position: its FEN reads back to the
// same position, and every legal move can be made, written and undone.
func checkPosition(t *testing.T, p *Position) {
	fen := p.FEN()
	q, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("FEN %q written by us does not parse: %v", fen, err)
	}
	if q.FEN() != fen || q.Key() != p.Key() {
		t.Fatalf("FEN %q does not round-trip (%q)", fen, q.FEN())
	}
	for _, m := range p.LegalMoves() {
		san := p.SAN(m)
		if back, err := p.ParseSAN(san); err != nil || back != m {
			t.Fatalf("%s: SAN %q of %v reads back as %v, %v", fen, san, m, back, err)
		}
		p.MakeMove(m)
		p.LegalMoves()
		p.UnmakeMove()
		if p.FEN() != fen {
			t.Fatalf("%s: make/unmake %v gave %s", fen, m, p.FEN())
		}
	}
	p.Status()
}

func FuzzParseFEN(f *testing.F) {
	for _, fen := range fuzzFENs {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		checkPosition(t, p)
	})
}

func FuzzParseMove(f *testing.F) {
	for i, s := range []string{"e4", "E2-E4", "e2e4", "Nf3", "O-O", "0-0-0", "exd6", "e7e8=Q", "a8Q+", "b1a1", "Qh4e1", "e2 e4", "e5xd6", "Rxa8#", "x", "=Q", "e9"} {
		f.Add(fuzzFENs[i%len(fuzzFENs)], s)
	}
	f.Fuzz(func(t *testing.T, fen, move string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		before := p.FEN()
		m, err := p.ParseMove(move)
		if p.FEN() != before {
			t.Fatalf("ParseMove(%q) changed the position", move)
		}
		if err != nil {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseMove(%q) returned illegal %v", fen, move, m)
		}
		if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
			t.Fatalf("%s: SAN of %v does not read back: %v", fen, m, err)
		}
		if back, err := p.ParseUCI(p.UCI(m)); err != nil || back != m {
			t.Fatalf("%s: UCI of %v does not read back: %v", fen, m, err)
		}
	})
}

func FuzzParseUCI(f *testing.F) {
	for i, s := range []string{"e2e4", "e7e8q", "e1g1", "e1h1", "0000", "a7b8N", "h7h8x", "e2e"} {
		f.Add(fuzzFENs[i%len(fuzzFENs)], s)
	}
	f.Fuzz(func(t *testing.T, fen, move string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseUCI(move)
		if err != nil {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseUCI(%q) returned illegal %v", fen, move, m)
		}
	})
}
