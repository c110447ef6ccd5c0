package chess

// countLegal returns the number of legal moves, as len(GenerateLegal),
// without writing the moves down: sets of destinations are counted with
// a population count. Perft uses it at the last ply (bulk counting).
func (p *Position) countLegal() int {
	us, them := p.side, p.side^1
	occ := p.byType[0]
	ours := p.byColor[us]
	ksq := p.KingSquare(us)

	n := 0
	occNoKing := occ ^ ksq.Bitboard()
	for b := kingAttacks[ksq] &^ ours; b != 0; {
		if !p.attackedWith(b.PopFirst(), them, occNoKing) {
			n++
		}
	}
	if p.checkers.MoreThanOne() {
		return n
	}
	checkMask := ^Bitboard(0)
	if p.checkers != 0 {
		checkMask = betweenBB[ksq][p.checkers.First()] | p.checkers
	}
	pinned := p.pinned(us, ksq)
	target := ^ours & checkMask

	for b := p.byType[Knight] & ours &^ pinned; b != 0; {
		n += (knightAttacks[b.PopFirst()] & target).Count()
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & ours; b != 0; {
		from := b.PopFirst()
		a := BishopAttacks(from, occ) & target
		if pinned.Has(from) {
			a &= lineBB[ksq][from]
		}
		n += a.Count()
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & ours; b != 0; {
		from := b.PopFirst()
		a := RookAttacks(from, occ) & target
		if pinned.Has(from) {
			a &= lineBB[ksq][from]
		}
		n += a.Count()
	}
	n += p.countPawnMoves(checkMask, pinned, ksq)
	if p.checkers == 0 {
		for i := castlingIndex(us, true); i <= castlingIndex(us, false); i++ {
			if p.canCastle(i, us, ksq) {
				n++
			}
		}
	}
	return n
}

// countPawnMoves counts the legal pawn moves as generatePawnMoves would
// generate them (a promotion counts four times, once per piece).
func (p *Position) countPawnMoves(checkMask, pinned Bitboard, ksq Square) int {
	us, them := p.side, p.side^1
	pawns := p.byType[Pawn] & p.byColor[us]
	if pawns == 0 {
		return 0
	}
	empty := ^p.byType[0]
	theirs := p.byColor[them] & checkMask
	up, promoRank, thirdRank := 8, Rank8, Rank3
	if us == Black {
		up, promoRank, thirdRank = -8, Rank1, Rank6
	}
	free := pawns &^ pinned
	fwd := free.Forward(us)
	single := fwd & empty
	double := (single & thirdRank).Forward(us) & empty & checkMask
	single &= checkMask
	caps := fwd.West() & theirs
	capsEast := fwd.East() & theirs
	n := (single &^ promoRank).Count() + double.Count() + 4*(single&promoRank).Count() +
		(caps &^ promoRank).Count() + 4*(caps&promoRank).Count() +
		(capsEast &^ promoRank).Count() + 4*(capsEast&promoRank).Count()
	if p.epLegal {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
			if p.enPassantIsLegal(b.PopFirst(), p.ep) {
				n++
			}
		}
	}
	if p.checkers != 0 {
		return n // a pinned piece can never resolve a check
	}
	for b := pawns & pinned; b != 0; {
		from := b.PopFirst()
		line := lineBB[ksq][from]
		c := pawnAttacks[us][from] & p.byColor[them] & line
		n += (c &^ promoRank).Count() + 4*(c&promoRank).Count()
		to := Square(int(from) + up)
		if !empty.Has(to) || !line.Has(to) || promoRank.Has(to) {
			continue
		}
		n++
		if to2 := Square(int(to) + up); thirdRank.Has(to) && empty.Has(to2) {
			n++
		}
	}
	return n
}
