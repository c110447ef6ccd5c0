package chess

import (
	"strings"
	"testing"
)

// play makes the moves (any notation) from fen and returns the position.
func play(t *testing.T, fen string, moves ...string) *Position {
	t.Helper()
	p := MustParseFEN(fen)
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p.MakeMove(m)
	}
	return p
}

func TestParseMoveAcceptsEveryCommonNotation(t *testing.T) {
	for _, s := range []string{"e2e4", "E2-E4", "e2-e4", "e2 e4", "E2E4", "e4", "e2xe4"[:0] + "Pe4", "e4!?", "e4+"} {
		p := StartPosition()
		m, err := p.ParseMove(s)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if m != NewMove(E2, E4) {
			t.Errorf("%q read as %v", s, m)
		}
	}
	p := play(t, StartFEN, "e4", "d5")
	for _, s := range []string{"exd5", "e4xd5", "e4:d5", "E4xD5", "exd5!", "ed5"} {
		if m, err := p.ParseMove(s); err != nil || m != NewMove(E4, D5) {
			t.Errorf("%q: %v %v", s, m, err)
		}
	}
}

func TestPromotionNotations(t *testing.T) {
	fen := "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
	for s, want := range map[string]Move{
		"a8=Q":    NewSpecialMove(A7, A8, Promotion, Queen),
		"a8Q":     NewSpecialMove(A7, A8, Promotion, Queen),
		"a8=N":    NewSpecialMove(A7, A8, Promotion, Knight),
		"axb8=R":  NewSpecialMove(A7, B8, Promotion, Rook),
		"axb8=Q+": NewSpecialMove(A7, B8, Promotion, Queen),
		"a7a8q":   NewSpecialMove(A7, A8, Promotion, Queen),
		"a7b8b":   NewSpecialMove(A7, B8, Promotion, Bishop),
		"A7-A8=Q": NewSpecialMove(A7, A8, Promotion, Queen),
	} {
		p := MustParseFEN(fen)
		if m, err := p.ParseMove(s); err != nil || m != want {
			t.Errorf("%q: got %v (%v), want %v", s, m, err, want)
		}
	}
	p := MustParseFEN(fen)
	for _, s := range []string{"a8", "a7a8"} {
		if _, err := p.ParseMove(s); err == nil || !strings.Contains(err.Error(), "promotion piece") {
			t.Errorf("%q: error %v, want one asking for the promotion piece", s, err)
		}
	}
	if got := p.SAN(NewSpecialMove(A7, B8, Promotion, Queen)); got != "axb8=Q+" {
		t.Errorf("SAN = %q", got)
	}
}

func TestSANDisambiguation(t *testing.T) {
	// Knights on b1 and f3 both reach d2, rooks on a1 and a5 both reach
	// a3, queens on e4, h4 and h1 all reach e1 (Qh4e1 needs file and rank).
	p := MustParseFEN("2k5/8/8/R7/4Q2Q/5N2/6K1/RN5Q w - - 0 1")
	for m, want := range map[Move]string{
		NewMove(B1, D2): "Nbd2",
		NewMove(F3, D2): "Nfd2",
		NewMove(A1, A3): "R1a3",
		NewMove(A5, A3): "R5a3",
		NewMove(H4, E1): "Qh4e1",
		NewMove(E4, E1): "Qee1",
		NewMove(H1, E1): "Q1e1",
	} {
		if got := p.SAN(m); got != want {
			t.Errorf("SAN(%v) = %q, want %q", m, got, want)
		}
		if back, err := p.ParseSAN(want); err != nil || back != m {
			t.Errorf("ParseSAN(%q) = %v, %v", want, back, err)
		}
	}
	_, err := p.ParseSAN("Nd2")
	if err == nil || !strings.Contains(err.Error(), "ambiguous") || !strings.Contains(err.Error(), p.FEN()) {
		t.Errorf("Nd2: error %v, want ambiguous naming the position", err)
	}
}

func TestSANChecksMatesAndCastling(t *testing.T) {
	p := play(t, StartFEN, "f3", "e5", "g4")
	m, _ := p.ParseMove("Qh4")
	if got := p.SAN(m); got != "Qh4#" {
		t.Errorf("got %q want Qh4#", got)
	}
	p = MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, c := range []struct{ in, want string }{{"O-O", "O-O"}, {"0-0", "O-O"}, {"O-O-O", "O-O-O"}, {"0-0-0+", "O-O-O"}, {"e1g1", "O-O"}, {"e1c1", "O-O-O"}, {"e1h1", "O-O"}} {
		m, err := p.ParseMove(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if m.Kind() != Castling {
			t.Errorf("%q: not castling: %v", c.in, m)
		}
		if got := p.SAN(m); got != c.want {
			t.Errorf("%q: SAN %q want %q", c.in, got, c.want)
		}
	}
}

func TestIllegalMoveErrorNamesMoveAndPosition(t *testing.T) {
	p := StartPosition()
	for _, s := range []string{"e5", "e2e5", "Nf6", "O-O", "xyz", "", "Ke2", "e9", "i2i4", "e7e8k"} {
		_, err := p.ParseMove(s)
		if err == nil {
			t.Errorf("%q: accepted", s)
			continue
		}
		if !strings.Contains(err.Error(), p.FEN()) || !strings.Contains(err.Error(), "\""+s+"\"") {
			t.Errorf("%q: error %q does not name the move and the position", s, err)
		}
	}
}

func TestChess960CastlingInUCI(t *testing.T) {
	// King on b1, rooks on a1 and h1: O-O-O moves the king to c1 and the rook
	// to d1; in Chess960 mode UCI writes king-takes-rook.
	p := MustParseFEN("r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1")
	m, err := p.ParseMove("O-O-O")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.UCI(m); got != "b1a1" {
		t.Errorf("Chess960 UCI = %q, want b1a1", got)
	}
	if back, err := p.ParseUCI("b1a1"); err != nil || back != m {
		t.Errorf("ParseUCI(b1a1) = %v, %v", back, err)
	}
	p.MakeMove(m)
	if p.PieceAt(C1) != WhiteKing || p.PieceAt(D1) != WhiteRook || p.PieceAt(A1) != NoPiece {
		t.Errorf("after O-O-O: %s", p.FEN())
	}
	p.SetChess960(false)
	p.UnmakeMove()
	if got := p.UCI(m); got != "b1c1" {
		t.Errorf("standard UCI = %q, want b1c1", got)
	}
	// King g1 next to rook h1: castling leaves the king where it is;
	// "g1h1" is the castling move, and the rook lands on f1.
	p = MustParseFEN("6kr/8/8/8/8/8/8/6KR w Hh - 0 1")
	m, err = p.ParseUCI("g1h1")
	if err != nil || m.Kind() != Castling {
		t.Fatalf("g1h1: %v %v", m, err)
	}
	p.MakeMove(m)
	if p.PieceAt(G1) != WhiteKing || p.PieceAt(F1) != WhiteRook {
		t.Errorf("after g1h1: %s", p.FEN())
	}
}
