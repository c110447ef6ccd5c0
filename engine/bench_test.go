package engine

import "testing"

// BenchmarkSearchDepth10 searches the middlegame of Kiwipete to depth 10
// with a warm table; allocations per search come from the root (move
// lists, the principal variation), never from the nodes.
func BenchmarkSearchDepth10(b *testing.B) {
	p := kiwipete()
	s := NewSearcher(NewTT(16))
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += s.Search(p, Limits{Depth: 10}).Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestSearchNodesDoNotAllocate checks that a search allocates a bounded
// amount however many nodes it visits: the same for depth 6 as for 9.
func TestSearchNodesDoNotAllocate(t *testing.T) {
	p := kiwipete()
	s := NewSearcher(NewTT(16))
	s.Search(p, Limits{Depth: 4}) // warm up lazily built tables
	shallow := testing.AllocsPerRun(3, func() { s.Search(p, Limits{Depth: 6}) })
	deep := testing.AllocsPerRun(3, func() { s.Search(p, Limits{Depth: 9}) })
	if deep > shallow+40 {
		t.Errorf("depth 9 allocates %.0f times, depth 6 %.0f: allocations grow with the nodes", deep, shallow)
	}
}
