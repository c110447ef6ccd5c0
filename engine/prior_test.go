package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestFailLowRewardsTheOpponentsQuietMove: a node where every move
// failed low rewards the quiet move that led to it, for the side that
// played it, and leaves captures and null moves alone.
func TestFailLowRewardsTheOpponentsQuietMove(t *testing.T) {
	s, p, m := failLowAfter(t, chess.StartFEN, "g1f3")
	if got := s.history.entry(chess.White, 0, m).Load(); got <= 0 {
		t.Errorf("white's g1f3 history %d after black failed low, want > 0", got)
	}
	if got := s.history.entry(chess.Black, 0, m).Load(); got != 0 {
		t.Errorf("black's history of the squares %d, want 0", got)
	}
	p.UnmakeMove()

	// A capture is not a quiet move: no history.
	s, _, c := failLowAfter(t, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5")
	if got := s.history.entry(chess.White, 0, c).Load(); got != 0 {
		t.Errorf("a capture's history %d after a fail low, want 0", got)
	}
}

// failLowAfter plays move (UCI) from fen on a new searcher's board, as
// the search's first ply, and calls rewardPrior as if every reply had
// failed low at depth 6.
func failLowAfter(t *testing.T, fen, move string) (*Searcher, *chess.Position, chess.Move) {
	t.Helper()
	s := NewSearcher(NewTT(1))
	p := chess.MustParseFEN(fen)
	s.pos = p
	m, err := p.ParseUCI(move)
	if err != nil {
		t.Fatal(err)
	}
	s.played[0] = pieceSquare(p.PieceAt(m.From()), m.To())
	p.MakeMove(m)
	s.rewardPrior(1, 6)
	return s, p, m
}
