package chess

import "testing"

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func BenchmarkGenerateLegal(b *testing.B) {
	p := MustParseFEN(kiwipete)
	var list MoveList
	b.ReportAllocs()
	for b.Loop() {
		list.N = 0
		p.GenerateLegal(&list)
	}
}

func BenchmarkMakeUnmake(b *testing.B) {
	p := MustParseFEN(kiwipete)
	moves := p.LegalMoves()
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			p.MakeMove(m)
			p.UnmakeMove()
		}
	}
}

func BenchmarkPerftStart5(b *testing.B) {
	p := StartPosition()
	b.ReportAllocs()
	for b.Loop() {
		Perft(p, 5)
	}
}

func BenchmarkPerftKiwipete4(b *testing.B) {
	p := MustParseFEN(kiwipete)
	b.ReportAllocs()
	for b.Loop() {
		Perft(p, 4)
	}
}

func BenchmarkGivesCheck(b *testing.B) {
	p := MustParseFEN(kiwipete)
	moves := p.LegalMoves()
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			p.GivesCheck(m)
		}
	}
}

func BenchmarkGivesCheckWith(b *testing.B) {
	p := MustParseFEN(kiwipete)
	moves := p.LegalMoves()
	b.ReportAllocs()
	for b.Loop() {
		ci := p.NewCheckInfo()
		for _, m := range moves {
			p.GivesCheckWith(&ci, m)
		}
	}
}

func BenchmarkSAN(b *testing.B) {
	p := MustParseFEN(kiwipete)
	moves := p.LegalMoves()
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			_ = p.SAN(m)
		}
	}
}
