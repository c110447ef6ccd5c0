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
	other := chess.MustParseFEN("3k4/pp3ppp/8/8/8/8/PPP2PPP/3K4 w - - 0 1")
	black := chess.MustParseFEN("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 b - - 0 1")
	if got := s.correct(p, 10); got != 10 {
		t.Fatalf("fresh table corrects 10 to %d", got)
	}
	// Search results 50 cp above the evaluation: the correction rises
	// step by step to two thirds of 50 cp (each of the three tables
	// averages what the corrected evaluation still misses).
	prev := 10
	for range 300 {
		s.updateCorrection(p, correctionSlotsOf(p, pieceKeysOf(p)), 15, 60, s.correct(p, 10))
		got := s.correct(p, 10)
		if got < prev {
			t.Fatalf("correction went down from %d to %d after a higher result", prev, got)
		}
		prev = got
	}
	if prev < 10+31 || prev > 10+35 {
		t.Errorf("after 300 results 50 cp above, 10 corrects to %d, want 41 to 45", prev)
	}
	// Far larger differences are followed only up to the limit.
	for range 100 {
		s.updateCorrection(p, correctionSlotsOf(p, pieceKeysOf(p)), 15, 1000, s.correct(p, 10))
	}
	if got, limit := s.correct(p, 10)-10, 2*correctionMax/correctionGrain; got != limit {
		t.Errorf("correction %d, want the limit %d", got, limit)
	}
	if got := s.correct(other, 10); got != 10 {
		t.Errorf("other pawns and pieces correct 10 to %d", got)
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

// correct returns raw corrected for p's pawn structure and pieces, the
// piece keys computed from scratch.
func (s *Searcher) correct(p *chess.Position, raw int) int {
	return s.corrected(p.SideToMove(), correctionSlotsOf(p, pieceKeysOf(p)), raw)
}

// The table's score replaces the static evaluation when its bound says
// the true value lies beyond it, and mate scores are left alone.
func TestTTEval(t *testing.T) {
	const eval = 10
	for _, c := range []struct {
		entry ttEntry
		hit   bool
		want  int
	}{
		{ttEntry{score: 50, bound: BoundExact}, true, 50},
		{ttEntry{score: -50, bound: BoundExact}, true, -50},
		{ttEntry{score: 50, bound: BoundLower}, true, 50},
		{ttEntry{score: -50, bound: BoundLower}, true, eval},
		{ttEntry{score: -50, bound: BoundUpper}, true, -50},
		{ttEntry{score: 50, bound: BoundUpper}, true, eval},
		{ttEntry{score: MateScore - 5, bound: BoundExact}, true, eval},
		{ttEntry{score: 50, bound: BoundExact}, false, eval},
	} {
		if got := ttEval(eval, c.entry, c.hit); got != c.want {
			t.Errorf("ttEval(%d, %+v, %v) = %d, want %d", eval, c.entry, c.hit, got, c.want)
		}
	}
}

// The quiescence search stands pat on the table's score: in a position
// without captures, a lower bound above the static evaluation, inside
// the window, is what it returns.
func TestQuiescenceStandsPatOnTheTableScore(t *testing.T) {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	s := NewSearcher(NewTT(1))
	s.setup(p, Limits{})
	e := s.quiescence(-Infinity, Infinity, 0, false) // no captures: the evaluation
	s.TT.store(p.Key(), 0, chess.NullMove, e+120, e, 0, BoundLower)
	if got := s.quiescence(e+100, e+150, 0, false); got != e+120 {
		t.Errorf("quiescence in (%d, %d) with a lower bound of %d in the table: %d, want %d", e+100, e+150, e+120, got, e+120)
	}
}

// A position's evaluation is kept in the table as soon as it is known,
// so that the next visit skips it: by the quiescence search when it
// stands pat above beta, by negamax before it prunes (here by reverse
// futility, far above beta at depth 1), with no bound that could cut.
func TestStaticEvaluationIsKept(t *testing.T) {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	s := NewSearcher(NewTT(1))
	s.setup(p, Limits{})
	e := s.evaluate(p, 0)
	if got := s.quiescence(e-100, e-50, 0, false); got != e {
		t.Fatalf("quiescence in (%d, %d): %d, want to stand pat on %d", e-100, e-50, got, e)
	}
	entry, hit := s.TT.probe(p.Key(), 0)
	if !hit || int(entry.eval) != e || entry.bound != BoundLower || int(entry.score) != e || entry.depth != 0 {
		t.Errorf("after standing pat: entry %+v (hit %v), want eval and lower bound %d at depth 0", entry, hit, e)
	}

	s.TT.Clear()
	if got := s.negamax(e-1000, e-999, 1, 0, true); got < e-999 {
		t.Fatalf("negamax at depth 1 in (%d, %d): %d, want a cut above beta", e-1000, e-999, got)
	}
	entry, hit = s.TT.probe(p.Key(), 0)
	if !hit || int(entry.eval) != e || entry.bound != BoundNone {
		t.Errorf("after reverse futility: entry %+v (hit %v), want eval %d without a bound", entry, hit, e)
	}
}

// With CorrectionDecay at 0 the three tables between them learn the
// whole difference; at 50, 2/(2 + 0.5) = 80% of it.
func TestCorrectionDecaySetsHowFullyItCorrects(t *testing.T) {
	restoreParams(t)
	p := chess.MustParseFEN("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1")
	for _, c := range []struct{ decay, lo, hi int }{{0, 48, 50}, {50, 38, 41}, {100, 31, 35}} {
		if err := SetParam("CorrectionDecay", c.decay); err != nil {
			t.Fatal(err)
		}
		s := NewSearcher(NewTT(1))
		for range 600 {
			s.updateCorrection(p, correctionSlotsOf(p, pieceKeysOf(p)), 15, 60, s.correct(p, 10))
		}
		if got := s.correct(p, 10) - 10; got < c.lo || got > c.hi {
			t.Errorf("decay %d: results 50 cp above the evaluation correct it by %d, want %d to %d", c.decay, got, c.lo, c.hi)
		}
	}
}
