package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestHistoryKeepsAttackedSquaresApart checks that the butterfly history
// learns a move separately by whether the opponent attacks its from and
// to squares: a knight move rewarded while its destination is attacked
// orders first in that position, and the same move where nothing attacks
// either square is not touched.
func TestHistoryKeepsAttackedSquaresApart(t *testing.T) {
	s := NewSearcher(NewTT(1))
	// Black's knight on c6 attacks e5; in the second position it stands
	// on a8 and attacks neither f3 nor e5. The pawns differ so that no
	// table keyed by the pawn structure links the two.
	attacked := chess.MustParseFEN("6k1/8/2n5/8/8/5N2/P7/6K1 w - - 0 1")
	safe := chess.MustParseFEN("n5k1/8/8/8/8/5N2/7P/6K1 w - - 0 1")
	m, err := attacked.ParseUCI("f3e5")
	if err != nil {
		t.Fatal(err)
	}
	other, err := attacked.ParseUCI("f3h4")
	if err != nil {
		t.Fatal(err)
	}

	order := func(p *chess.Position) map[chess.Move]int32 { return moveOrder(s, p, 0) }
	before := order(safe)[m]

	// Cut-offs by f3e5 in the position where e5 is attacked, with f3h4
	// tried before it.
	order(attacked)
	for range 20 {
		s.updateHistory(m, []chess.Move{other}, 0, 10)
	}
	got := order(attacked)
	if got[m] <= got[other] {
		t.Errorf("after its cut-offs f3e5 orders %d, not above f3h4's %d", got[m], got[other])
	}
	// The low-ply history knows moves by their squares alone, by design
	// (TestLowPlyHistory); leave it out here.
	s.lowPly = lowPlyHistory{}
	if after := order(safe)[m]; after != before {
		t.Errorf("f3e5 where nothing is attacked moved from %d to %d", before, after)
	}
}

// moveOrder returns the ordering score of each legal move of p at ply,
// as the search gives them with no hash move.
func moveOrder(s *Searcher, p *chess.Position, ply int) map[chess.Move]int32 {
	s.pos = p
	s.moves.gen.N = 0
	p.GenerateLegal(&s.moves.gen)
	mark := s.moves.top
	ms := s.moves.push()
	s.scoreMoves(&ms, chess.NullMove)
	s.scoreQuiets(&ms, ply)
	scores := make(map[chess.Move]int32, len(ms.moves))
	for i, mv := range ms.moves {
		scores[mv] = ms.scores[i]
	}
	s.moves.release(mark)
	return scores
}
