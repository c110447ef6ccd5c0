package chess

// GivesCheck reports whether the legal move m gives check, without
// playing it (special moves are played and taken back).
func (p *Position) GivesCheck(m Move) bool {
	if m.Kind() != Normal {
		p.MakeMove(m)
		check := p.checkers != 0
		p.UnmakeMove()
		return check
	}
	us := p.side
	from, to := m.From(), m.To()
	ek := p.KingSquare(us ^ 1)
	occ := p.byType[0]&^from.Bitboard() | to.Bitboard()
	if Attacks(p.board[from].Type(), us, to, occ).Has(ek) {
		return true
	}
	// A discovered check: one of our sliders sees the king once the piece
	// has moved away.
	ours := p.byColor[us] &^ from.Bitboard()
	return (RookAttacks(ek, occ)&(p.byType[Rook]|p.byType[Queen])|
		BishopAttacks(ek, occ)&(p.byType[Bishop]|p.byType[Queen]))&ours != 0
}
