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
	snipers := (RookAttacks(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & p.byColor[us^1]
	for snipers != 0 {
		s := snipers.PopFirst()
		b := betweenBB[ksq][s] & p.byType[0]
		if b != 0 && !b.MoreThanOne() && b&p.byColor[us] != 0 {
			pinned |= b
			pinners |= s.Bitboard()
		}
	}
	return pinned, pinners
}
