package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestContinuationFollowsFourPliesBack: a cut-off rewards the move after
// the moves one, two and four plies before it, and the move's score
// then counts all three.
func TestContinuationFollowsFourPliesBack(t *testing.T) {
	s := NewSearcher(NewTT(1))
	for ply := range 4 {
		s.played[ply] = int32(100 + ply)
	}
	prev := s.continuations(4)
	if want := (continuation{103, 102, 100}); prev != want {
		t.Fatalf("continuations at ply 4 %v, want %v", prev, want)
	}
	cur := pieceSquare(chess.WhiteKnight, chess.F3)
	s.updateCont(&prev, cur, 100)
	for _, pm := range prev {
		if s.cont[pm][cur].Load() <= 0 {
			t.Errorf("entry after %d not rewarded", pm)
		}
	}
	if got, one := s.contScore(&prev, cur), s.cont[100][cur].Load(); got != 3*one {
		t.Errorf("score %d, want three entries of %d", got, one)
	}
	// Near the root there is nothing four plies back.
	if got := s.continuations(2); got[2] != noContinuation {
		t.Errorf("four plies before ply 2: %d, want none", got[2])
	}
}
