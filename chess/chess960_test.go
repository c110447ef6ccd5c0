package chess

import (
	"strings"
	"testing"
)

// TestChess960Positions checks the numbering: all 960 positions differ,
// follow the rules of Chess960, and 0 and 518 are the known ones; as
// Positions they are Chess960 and stay so through their FEN.
func TestChess960Positions(t *testing.T) {
	if got := Chess960FEN(518); got != StartFEN {
		t.Errorf("position 518 = %q, want the standard position", got)
	}
	if got := Chess960FEN(0); !strings.HasPrefix(got, "bbqnnrkr/") {
		t.Errorf("position 0 = %q, want bbqnnrkr", got)
	}
	seen := map[string]bool{}
	for n := range 960 {
		fen := Chess960FEN(n)
		if seen[fen] {
			t.Fatalf("position %d repeats %s", n, fen)
		}
		seen[fen] = true
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("position %d: %v", n, err)
		}
		back := fen[:8]
		k, r1, r2 := strings.IndexByte(back, 'k'), strings.IndexByte(back, 'r'), strings.LastIndexByte(back, 'r')
		b1, b2 := strings.IndexByte(back, 'b'), strings.LastIndexByte(back, 'b')
		if !(r1 < k && k < r2) || (b1+b2)%2 == 0 || p.Castling() != AllCastling {
			t.Fatalf("position %d %s breaks the Chess960 rules", n, fen)
		}
		q, err := Chess960Position(n)
		if err != nil {
			t.Fatalf("Chess960Position(%d): %v", n, err)
		}
		back960, err := ParseFEN(q.FEN())
		if err != nil || !q.Chess960() || !back960.Chess960() || q.Key() != p.Key() || back960.Key() != p.Key() {
			t.Fatalf("Chess960Position(%d) = %s (chess960 %v), read back as chess960: %v (%v)", n, q.FEN(), q.Chess960(), err == nil && back960.Chess960(), err)
		}
	}
	// The standard array as a Chess960 position castles king onto rook.
	q, _ := Chess960Position(518)
	if got := q.FEN(); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1" {
		t.Errorf("Chess960Position(518).FEN() = %q", got)
	}
	for _, n := range []int{-1, 960} {
		if _, err := Chess960Position(n); err == nil {
			t.Errorf("Chess960Position(%d): no error", n)
		}
	}
}

// TestChess960CastlingAsKingTakesRook castles in the standard array
// played as Chess960: UCI writes it as the king onto its rook, and the
// FEN keeps the rooks' files.
func TestChess960CastlingAsKingTakesRook(t *testing.T) {
	p, err := Chess960Position(518)
	if err != nil {
		t.Fatal(err)
	}
	for _, uci := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"} {
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	m, err := p.ParseMove("O-O")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.UCI(m); got != "e1h1" {
		t.Errorf("O-O is %s, want e1h1", got)
	}
	p.MakeMove(m)
	if got, want := p.FEN(), "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4"; got != want {
		t.Errorf("after O-O: %s, want %s", got, want)
	}
}
