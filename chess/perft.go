package chess

// Perft counts the leaf nodes of the legal move tree to the given depth.
// At depth 1 it counts the generated moves without playing them (bulk
// counting, as Stockfish does).
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.countLegal())
	}
	var list MoveList
	p.generate(&list, genAll)
	var nodes uint64
	for _, m := range list.Moves[:list.N] {
		p.MakeMove(m)
		nodes += Perft(p, depth-1)
		p.UnmakeMove()
	}
	return nodes
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
