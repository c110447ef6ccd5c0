package engine

// helperLoop is a helper thread's search: iterative deepening with no
// reports, feeding the shared table until the main thread stops it. Odd
// helpers start one ply deeper, so that the threads spread over depths.
func (s *Searcher) helperLoop(index int) {
	score := 0
	for depth := 1 + index%2; depth < MaxPly; depth++ {
		v, ok := s.aspiration(depth, score, nil)
		if !ok {
			return
		}
		score = v
	}
}

// totalTBHits returns the tablebase hits of all threads. The helpers'
// counts are read while they run: the total is a report, not a limit.
func (s *Searcher) totalTBHits() uint64 {
	n := s.tbHits.Load()
	for _, h := range s.helpers {
		n += h.tbHits.Load()
	}
	return n
}

// totalNodes returns the nodes searched by all threads.
func (s *Searcher) totalNodes() uint64 { return s.nodes + s.helperTotal() }

// helperTotal returns the nodes the helpers have reported.
func (s *Searcher) helperTotal() uint64 {
	var n uint64
	for _, h := range s.helpers {
		n += h.published.Load()
	}
	return n
}
