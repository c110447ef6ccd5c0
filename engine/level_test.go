package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

func TestLevelsGrowWithElo(t *testing.T) {
	prev := levelFor(MinElo)
	for elo := MinElo + 100; elo <= MaxElo; elo += 100 {
		lv := levelFor(elo)
		if lv.nodes < prev.nodes || lv.depth < prev.depth || lv.margin > prev.margin || lv == prev {
			t.Errorf("Elo %d: %+v does not grow from %+v", elo, lv, prev)
		}
		prev = lv
	}
	if levelFor(MaxElo).margin != 0 || levelFor(1500).margin != 0 {
		t.Error("the calibrated levels should always play their best move")
	}
	// The calibration: the measured budgets at the anchors, and no jump
	// between them.
	for _, c := range []struct {
		elo   int
		nodes uint64
	}{{1500, 80}, {2000, 7000}, {2300, 59000}, {2500, 1210000}} {
		if n := levelFor(c.elo).nodes; n < c.nodes*99/100 || n > c.nodes*101/100 {
			t.Errorf("Elo %d: %d nodes, calibrated at %d", c.elo, n, c.nodes)
		}
	}
	for elo := 1300; elo < MaxElo; elo++ {
		if a, b := levelFor(elo).nodes, levelFor(elo+1).nodes; b < a || b > a+a/20+1 {
			t.Errorf("Elo %d to %d: %d to %d nodes", elo, elo+1, a, b)
		}
	}
}

func TestWeakLevelsVaryButNeverBlunderAQueen(t *testing.T) {
	// White can take a hanging queen; every level must see it.
	const fen = "4k3/8/8/3q4/8/4N3/5PPP/6K1 w - - 0 1"
	s := NewSearcher(NewTT(4))
	s.Rand = rand.New(rand.NewPCG(1, 2))
	for _, elo := range []int{MinElo, 1200, 1600} {
		p := chess.MustParseFEN(fen)
		res := s.Search(p, Limits{Elo: elo})
		if res.Move.String() != "e3d5" {
			t.Errorf("Elo %d played %v, not the free queen", elo, res.Move)
		}
	}
	// From the start position the weakest level plays more than one move.
	seen := map[chess.Move]bool{}
	for range 20 {
		res := s.Search(chess.StartPosition(), Limits{Elo: MinElo})
		seen[res.Move] = true
	}
	if len(seen) < 2 {
		t.Errorf("Elo %d always plays %v", MinElo, seen)
	}
}

func TestWDLIsAProbability(t *testing.T) {
	for _, s := range []int{-MateScore + 3, -500, -100, 0, 100, 500, MateScore - 3} {
		w, d, l := WDL(s)
		if w < 0 || d < 0 || l < 0 || w+d+l != 1000 {
			t.Errorf("WDL(%d) = %d %d %d", s, w, d, l)
		}
	}
	if w, _, l := WDL(0); w != l {
		t.Errorf("WDL(0) not symmetric: %d v %d", w, l)
	}
	if w1, _, _ := WDL(100); w1 <= 0 {
		t.Error("no win chance a pawn up")
	}
}
