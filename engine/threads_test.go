package engine

import (
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
)

func TestThreadsSearchAndCountAllNodes(t *testing.T) {
	p := kiwipete()
	s := NewSearcher(NewTT(16))
	s.SetThreads(3)
	if s.Threads() != 3 {
		t.Fatalf("Threads() = %d", s.Threads())
	}
	// On a busy machine the helpers may not get a core before the main
	// thread is done, so a shallow search gets a few tries, each deeper.
	var res Result
	for depth := 8; depth <= 12; depth += 2 {
		res = s.Search(p, Limits{Depth: depth})
		if !p.IsLegal(res.Move) || res.Depth != depth {
			t.Fatalf("move %v depth %d, want depth %d", res.Move, res.Depth, depth)
		}
		if res.Nodes > s.nodes {
			break
		}
	}
	if res.Nodes <= s.nodes {
		t.Errorf("total nodes %d not more than the main thread's %d", res.Nodes, s.nodes)
	}
	// Mates are still found with helpers writing to the same table.
	res = searchWith(t, s, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Limits{Depth: 6})
	if res.Move.String() != "a1a8" || !IsMateScore(res.Score) {
		t.Errorf("mate in 1 with threads: %v %d", res.Move, res.Score)
	}
	s.SetThreads(1)
	if s.Threads() != 1 {
		t.Errorf("Threads() = %d after SetThreads(1)", s.Threads())
	}
}

func TestNodeLimitCountsAllThreads(t *testing.T) {
	s := NewSearcher(NewTT(16))
	s.SetThreads(2)
	res := s.Search(chess.StartPosition(), Limits{Nodes: 200_000})
	// The helpers report every 1024 nodes, so the total may pass the
	// limit by a little.
	if res.Nodes > 200_000+4096 {
		t.Errorf("searched %d nodes with a limit of 200000", res.Nodes)
	}
}

func searchWith(t *testing.T, s *Searcher, fen string, l Limits) Result {
	t.Helper()
	p := chess.MustParseFEN(fen)
	return s.Search(p, l)
}

// With far more threads than cores the main thread gets the processor
// seldom; the helpers watch the clock too, so the move still comes on
// time. The helpers release their move lists however they stop.
func TestMoveTimeHoldsWithManyThreads(t *testing.T) {
	if testing.Short() {
		t.Skip("searches with 256 threads")
	}
	s := NewSearcher(NewTT(16))
	s.SetThreads(MaxThreads)
	p := kiwipete()
	// The wall clock is shared with whatever else the machine runs (go
	// test runs packages side by side): an overrun counts only when the
	// search overruns again at once, as a starved process can not see
	// its deadline in time however it is written.
	for range 3 {
		var took []time.Duration
		for range 2 {
			start := time.Now()
			res := s.Search(p, Limits{MoveTime: 300 * time.Millisecond})
			took = append(took, time.Since(start))
			if !p.IsLegal(res.Move) {
				t.Fatalf("move %v", res.Move)
			}
			if took[len(took)-1] <= 350*time.Millisecond {
				break
			}
		}
		if len(took) == 2 && took[1] > 350*time.Millisecond {
			t.Errorf("movetime 300 ms with %d threads took %v, then %v", MaxThreads, took[0], took[1])
		}
	}
	for i, h := range append([]*Searcher{s}, s.helpers...) {
		if h.moves.top != 0 {
			t.Fatalf("thread %d: %d moves left on its move stack", i, h.moves.top)
		}
	}
}

// With more threads than cores the helpers can stop the search at a
// limit before the main thread has finished its first iteration. The
// move then comes from the table, where the helpers' searches of the
// root left it, and not from the move generator's order.
func TestUnfinishedFirstIterationPlaysTheTableMove(t *testing.T) {
	p := chess.MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	mate, err := p.ParseUCI("a1a8")
	if err != nil {
		t.Fatal(err)
	}
	var root chess.MoveList
	p.GenerateLegal(&root)
	if root.Moves[0] == mate {
		t.Fatal("the test needs a position whose first legal move is not the mate")
	}
	s := NewSearcher(NewTT(16))
	s.setup(p, Limits{})
	s.TT.store(p.Key(), 0, mate, MateScore-1, 0, 4, BoundExact)
	s.stop.Store(true) // as a helper does at the limit
	if res := s.iterate(root, Limits{}); res.Move != mate {
		t.Errorf("played %v, want the table's move %v", res.Move, mate)
	}
	s.TT.Clear()
	if res := s.iterate(root, Limits{}); res.Move != root.Moves[0] {
		t.Errorf("with an empty table played %v, want the first legal move %v", res.Move, root.Moves[0])
	}
}
