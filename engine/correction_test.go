package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestCorrectionLearnsTheBias checks that repeated search results above
// the static evaluation pull later evaluations of the same pawn structure
// up, never by more than correctionMax, and leave other structures and
// the other side to move alone.
func TestCorrectionLearnsTheBias(t *testing.T) {
	s := NewSearcher(NewTT(1))
	p := chess.MustParseFEN("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1")
	other := chess.MustParseFEN("4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 w - - 0 1")
	black := chess.MustParseFEN("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 b - - 0 1")
	if got := s.correct(p, 10); got != 10 {
		t.Fatalf("fresh table corrects 10 to %d", got)
	}
	// Search results 50 cp above the evaluation: the correction rises
	// step by step to 50 cp.
	prev := 10
	for range 100 {
		s.updateCorrection(p, 15, 60, 10)
		got := s.correct(p, 10)
		if got < prev {
			t.Fatalf("correction went down from %d to %d after a higher result", prev, got)
		}
		prev = got
	}
	if prev < 10+45 || prev > 10+50 {
		t.Errorf("after 100 results 50 cp above, 10 corrects to %d, want 55 to 60", prev)
	}
	// Far larger differences are followed only up to the limit.
	for range 100 {
		s.updateCorrection(p, 15, 1000, 10)
	}
	if got, limit := s.correct(p, 10)-10, correctionMax/correctionGrain; got != limit {
		t.Errorf("correction %d, want the limit %d", got, limit)
	}
	if got := s.correct(other, 10); got != 10 {
		t.Errorf("another pawn structure corrects 10 to %d", got)
	}
	if got := s.correct(black, 10); got != 10 {
		t.Errorf("the other side to move corrects 10 to %d", got)
	}
	if got := s.correct(p, mateBound+500); got >= mateBound {
		t.Errorf("a corrected evaluation reaches the mate scores: %d", got)
	}
	s.Clear()
	if got := s.correct(p, 10); got != 10 {
		t.Errorf("after Clear, 10 corrects to %d", got)
	}
}
