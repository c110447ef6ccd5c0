package chess

// IsLegal reports whether m is a legal move in p: exactly the moves that
// GenerateLegal gives. It checks the one move without generating the
// others, so that a search can try a move remembered from elsewhere (the
// transposition table's, which a key collision may have made nonsense)
// before it generates the rest.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	pc := p.board[from]
	us := p.side
	if m == NullMove || pc == NoPiece || pc.Color() != us ||
		m.Kind() != Promotion && m>>12&3 != 0 { // promotion bits on another kind
		return false
	}
	ksq := p.KingSquare(us)
	switch m.Kind() {
	case Castling:
		if pc.Type() != King || p.checkers != 0 {
			return false
		}
		for i := castlingIndex(us, true); i <= castlingIndex(us, false); i++ {
			if p.castling&(1<<i) != 0 && p.castleRook[i] == to {
				return p.canCastle(i, us, ksq)
			}
		}
		return false
	case EnPassant:
		return pc.Type() == Pawn && p.epLegal && to == p.ep && pawnAttacks[us][from].Has(to) &&
			!p.checkers.MoreThanOne() && p.enPassantIsLegal(from, to)
	}
	if p.byColor[us].Has(to) || !p.reaches(pc.Type(), from, to, m.Kind() == Promotion) {
		return false
	}
	if pc.Type() == King {
		return !p.attackedWith(to, us^1, p.byType[0]^from.Bitboard())
	}
	if p.checkers.MoreThanOne() {
		return false // double check: only the king can move
	}
	if p.checkers != 0 && !(betweenBB[ksq][p.checkers.First()] | p.checkers).Has(to) {
		return false // neither captures the checker nor blocks it
	}
	// A piece in line with its king may be pinned: then it must stay on
	// the line.
	return lineBB[ksq][from] == 0 || lineBB[ksq][from].Has(to) || !p.pinned(us, ksq).Has(from)
}

// reaches reports whether a piece of type t on from moves to to (empty or
// held by the opponent) by the rules of its kind, ignoring checks; a pawn
// reaching the last rank must promote, and only a pawn promotes.
func (p *Position) reaches(t PieceType, from, to Square, promotes bool) bool {
	occ := p.byType[0]
	if t != Pawn {
		if promotes {
			return false
		}
		switch t {
		case Knight:
			return knightAttacks[from].Has(to)
		case Bishop:
			return BishopAttacks(from, occ).Has(to)
		case Rook:
			return RookAttacks(from, occ).Has(to)
		case Queen:
			return (BishopAttacks(from, occ) | RookAttacks(from, occ)).Has(to)
		}
		return kingAttacks[from].Has(to)
	}
	us := p.side
	up, lastRank, thirdRank := 8, Rank8, Rank3
	if us == Black {
		up, lastRank, thirdRank = -8, Rank1, Rank6
	}
	if lastRank.Has(to) != promotes {
		return false
	}
	if occ.Has(to) {
		return pawnAttacks[us][from].Has(to) // a capture; the owner was checked
	}
	one := Square(int(from) + up)
	if to == one {
		return true
	}
	return thirdRank.Has(one) && !occ.Has(one) && int(to) == int(one)+up
}
