package chess

// CheckInfo holds what deciding whether a move gives check needs to know
// about a position, worked out once for all of the position's moves.
type CheckInfo struct {
	king Square // the king of the side not to move
	// squares[t] are the squares from which a piece of type t of the
	// side to move attacks that king.
	squares [7]Bitboard
	// discoverers are the side to move's pieces that alone stand between
	// one of its sliders and the king: moving off that line checks.
	discoverers Bitboard
}

// NewCheckInfo returns the check information of the position for the
// side to move's moves.
func (p *Position) NewCheckInfo() CheckInfo {
	us := p.side
	ek := p.KingSquare(us ^ 1)
	occ := p.byType[0]
	ci := CheckInfo{king: ek}
	ci.squares[Pawn] = PawnAttacks(us^1, ek)
	ci.squares[Knight] = KnightAttacks(ek)
	ci.squares[Bishop] = BishopAttacks(ek, occ)
	ci.squares[Rook] = RookAttacks(ek, occ)
	ci.squares[Queen] = ci.squares[Bishop] | ci.squares[Rook]
	ci.discoverers, _ = p.lineBlockers(ek, p.byColor[us], p.byColor[us])
	return ci
}

// GivesCheckWith reports whether the legal move m gives check, with ci
// the position's NewCheckInfo. Castling, promotions and en passant are
// played and taken back; other moves are decided from ci alone.
func (p *Position) GivesCheckWith(ci *CheckInfo, m Move) bool {
	if m.Kind() != Normal {
		p.MakeMove(m)
		check := p.checkers != 0
		p.UnmakeMove()
		return check
	}
	from, to := m.From(), m.To()
	if ci.squares[p.board[from].Type()].Has(to) {
		return true
	}
	// A piece leaving a slider's line to the king, unless it stays on it.
	return ci.discoverers.Has(from) && !lineBB[from][ci.king].Has(to)
}

// GivesCheck reports whether the legal move m gives check, without
// playing it (special moves are played and taken back). To test many
// moves of one position, GivesCheckWith is faster.
func (p *Position) GivesCheck(m Move) bool {
	ci := p.NewCheckInfo()
	return p.GivesCheckWith(&ci, m)
}
