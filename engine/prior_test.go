package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestFailLowRewardsTheOpponentsQuietMove: a node where every move
// failed low rewards the quiet move that led to it, for the side that
// played it, and leaves captures and null moves alone.
func TestFailLowRewardsTheOpponentsQuietMove(t *testing.T) {
	s := NewSearcher(NewTT(1))
	p := chess.MustParseFEN(chess.StartFEN)
	s.pos = p
	m, err := p.ParseUCI("g1f3")
	if err != nil {
		t.Fatal(err)
	}
	s.played[0] = pieceSquare(p.PieceAt(m.From()), m.To())
	p.MakeMove(m)
	s.rewardPrior(1, 6)
	if got := s.history.entry(chess.White, 0, m).Load(); got <= 0 {
		t.Errorf("white's g1f3 history %d after black failed low, want > 0", got)
	}
	if got := s.history.entry(chess.Black, 0, m).Load(); got != 0 {
		t.Errorf("black's history of the squares %d, want 0", got)
	}
	p.UnmakeMove()

	// A capture is not a quiet move: no history.
	s = NewSearcher(NewTT(1))
	p = chess.MustParseFEN("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
	s.pos = p
	c, err := p.ParseUCI("e4d5")
	if err != nil {
		t.Fatal(err)
	}
	s.played[0] = pieceSquare(p.PieceAt(c.From()), c.To())
	p.MakeMove(c)
	s.rewardPrior(1, 6)
	if got := s.history.entry(chess.White, 0, c).Load(); got != 0 {
		t.Errorf("a capture's history %d after a fail low, want 0", got)
	}
}
