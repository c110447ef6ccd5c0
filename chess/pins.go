package chess

// Pins returns the pieces of colour c that alone stand between c's king
// and an enemy slider on its line (pinned: they may move only along that
// line), and the enemy sliders that pin them. Both are empty when c has
// no king.
func (p *Position) Pins(c Color) (pinned, pinners Bitboard) {
	kings := p.byColor[c&1] & p.byType[King]
	if kings == 0 {
		return 0, 0
	}
	return p.pins(c&1, kings.First())
}

// pinned returns the pieces of colour us that shield their king, on ksq,
// from an enemy slider; they may move only along that line.
func (p *Position) pinned(us Color, ksq Square) Bitboard {
	pinned, _ := p.pins(us, ksq)
	return pinned
}

// pins is Pins with the king's square known.
func (p *Position) pins(us Color, ksq Square) (pinned, pinners Bitboard) {
	return p.lineBlockers(ksq, p.byColor[us^1], p.byColor[us])
}

// lineBlockers returns the pieces among own that alone stand between the
// square sq and a slider among attackers that would reach sq along its
// line on an empty board, and those sliders. For a king's side and the
// enemy these are the pinned pieces and their pinners; for the side to
// move against the enemy king, its pieces whose move off the line
// uncovers a check.
func (p *Position) lineBlockers(sq Square, attackers, own Bitboard) (blockers, snipers Bitboard) {
	aligned := (RookAttacks(sq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(sq, 0)&(p.byType[Bishop]|p.byType[Queen])) & attackers
	for aligned != 0 {
		s := aligned.PopFirst()
		b := betweenBB[sq][s] & p.byType[0]
		if b != 0 && !b.MoreThanOne() && b&own != 0 {
			blockers |= b
			snipers |= s.Bitboard()
		}
	}
	return blockers, snipers
}
