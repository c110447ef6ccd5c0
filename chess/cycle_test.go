package chess

import "testing"

// TestCuckooHoldsEveryReversibleMove checks the table's size (3,668
// piece moves between two squares, as counted by hand) and that every
// stored key finds its move.
func TestCuckooHoldsEveryReversibleMove(t *testing.T) {
	n := 0
	for i, k := range cuckooKeys {
		if k == 0 {
			continue
		}
		n++
		if cuckooSlot1(k) != i && cuckooSlot2(k) != i {
			t.Fatalf("key %x in slot %d, which is neither of its slots", k, i)
		}
		m := cuckooMoves[i]
		pc := Piece(NoPiece)
		for _, cand := range []Piece{WhiteKnight, WhiteBishop, WhiteRook, WhiteQueen, WhiteKing, BlackKnight, BlackBishop, BlackRook, BlackQueen, BlackKing} {
			if zobristPiece[cand][m.From()]^zobristPiece[cand][m.To()]^zobristSide == k {
				pc = cand
			}
		}
		if pc == NoPiece {
			t.Fatalf("slot %d: key %x is no piece's move %v", i, k, m)
		}
	}
	if n != 3668 {
		t.Errorf("%d moves in the table, want 3668", n)
	}
}

// TestCanRepeat plays lines and checks whether the side to move can
// bring back an earlier position.
func TestCanRepeat(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves []string
		nulls int // null moves after the moves
		want  bool
	}{
		// Knights out and one back, Black to move: ...Ng8 brings back
		// the start.
		{StartFEN, []string{"g1f3", "g8f6", "f3g1"}, 0, true},
		// A pawn move resets the count: nothing before it counts.
		{StartFEN, []string{"g1f3", "g8f6", "f3g1", "h7h6"}, 0, false},
		{StartFEN, []string{"g1f3", "g8f6", "b1c3"}, 0, false},
		// Back at the start, White to move: Nf3 brings back the position
		// after 1.Nf3.
		{StartFEN, []string{"g1f3", "g8f6", "f3g1", "f6g8"}, 0, true},
		{StartFEN, []string{"g1f3", "g8f6", "f3g1", "b8c6", "b1c3"}, 0, false},
		// A king's step back.
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", []string{"a1a5", "e8d8", "e1e2", "d8e8"}, 0, true},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", []string{"a1a5", "e8d8", "e1d1", "d8e8", "d1e2"}, 0, false},
		// The rook went round by b1 and b5; its straight way back from a5
		// to a1 is open without the knight on a3, shut with it.
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 1", []string{"e8d8", "a1b1", "d8c8", "b1b5", "c8d8", "b5a5", "d8e8"}, 0, true},
		{"4k3/8/8/8/8/N7/8/R3K3 b - - 0 1", []string{"e8d8", "a1b1", "d8c8", "b1b5", "c8d8", "b5a5", "d8e8"}, 0, false},
		// The move would be the opponent's: Black to move cannot bring
		// the white rook back.
		{"4k3/8/8/R7/8/8/8/4K3 w - - 0 1", []string{"e1e2", "e8d8", "e2e1", "d8e8", "a5a1"}, 0, false},
		// A null move ends the look back: the king's step back of the
		// fourth case, after two null moves.
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", []string{"a1a5", "e8d8", "e1e2", "d8e8"}, 2, false},
	} {
		p := play(t, c.fen, c.moves...)
		for range c.nulls {
			p.MakeNullMove()
		}
		if got := p.CanRepeat(); got != c.want {
			t.Errorf("%s after %v and %d null moves: CanRepeat %v, want %v", c.fen, c.moves, c.nulls, got, c.want)
		}
	}
}
