package chess

import "testing"

// TestIsLegalAgreesWithGenerator tries every 16-bit move, sensible or
// not, in positions of random games (standard and Chess960, with checks,
// pins, en passant, castling and promotions on the way): IsLegal must
// accept exactly the moves that GenerateLegal gives.
func TestIsLegalAgreesWithGenerator(t *testing.T) {
	n, positions := 0, 0
	randomGames(t, propertyFENs, 120, 200, func(p *Position, _ Move) {
		n++
		if n%23 != 0 && !p.InCheck() && !p.epLegal {
			return
		}
		positions++
		var list MoveList
		p.GenerateLegal(&list)
		legal := 0
		for i := range 1 << 16 {
			m := Move(i)
			if got, want := p.IsLegal(m), list.Contains(m); got != want {
				t.Fatalf("%s: IsLegal(%v, kind %d, bits %#04x) = %v, generator says %v", p.FEN(), m, m.Kind()>>14, uint16(m), got, want)
			}
			if p.IsLegal(m) {
				legal++
			}
		}
		if legal != list.N {
			t.Fatalf("%s: %d moves legal, %d generated", p.FEN(), legal, list.N)
		}
	})
	if positions < 500 {
		t.Errorf("only %d positions tried", positions)
	}
	t.Logf("%d positions, every move", positions)
}

func BenchmarkIsLegal(b *testing.B) {
	p := MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	moves := p.LegalMoves()
	b.ResetTimer()
	for i := range b.N {
		if !p.IsLegal(moves[i%len(moves)]) {
			b.Fatal("legal move refused")
		}
	}
}
