package chess

import "sync/atomic"

// Perft counts the leaf nodes of the legal move tree to the given depth.
// At depth 1 it counts the generated moves without playing them (bulk
// counting, as Stockfish does).
func Perft(p *Position, depth int) uint64 {
	n, _ := PerftUntil(p, depth, nil)
	return n
}

// PerftUntil is Perft that gives up soon after stop becomes true (a nil
// stop never does); complete is false if it gave up, and the count is
// then partial.
func PerftUntil(p *Position, depth int, stop *atomic.Bool) (nodes uint64, complete bool) {
	if depth <= 0 {
		return 1, true
	}
	if depth == 1 {
		return uint64(p.countLegal()), true
	}
	if stop != nil && stop.Load() {
		return 0, false
	}
	var list MoveList
	p.generate(&list, genAll)
	for _, m := range list.Moves[:list.N] {
		p.MakeMove(m)
		n, ok := PerftUntil(p, depth-1, stop)
		p.UnmakeMove()
		nodes += n
		if !ok {
			return nodes, false
		}
	}
	return nodes, true
}

// PerftDivide returns the perft count below each legal move (the
// "divide" listing used to find move generation bugs).
func PerftDivide(p *Position, depth int) map[Move]uint64 {
	out := make(map[Move]uint64)
	var list MoveList
	p.generate(&list, genAll)
	for _, m := range list.Moves[:list.N] {
		p.MakeMove(m)
		out[m] = Perft(p, depth-1)
		p.UnmakeMove()
	}
	return out
}
