package chess

// genKind selects which legal moves to generate.
type genKind uint8

const (
	genAll   genKind = iota
	genNoisy         // captures and promotions
	genQuiet         // everything else, castling included
)

// GenerateLegal appends all legal moves to list.
func (p *Position) GenerateLegal(list *MoveList) { p.generate(list, genAll) }

// GenerateNoisy appends the legal captures (en passant included) and
// promotions to list.
func (p *Position) GenerateNoisy(list *MoveList) { p.generate(list, genNoisy) }

// GenerateQuiet appends the legal moves that neither capture nor promote
// (castling included) to list. GenerateNoisy and GenerateQuiet together
// give every legal move exactly once.
func (p *Position) GenerateQuiet(list *MoveList) { p.generate(list, genQuiet) }

// LegalMoves returns the legal moves in a new slice; GenerateLegal is the
// allocation-free form.
func (p *Position) LegalMoves() []Move {
	var l MoveList
	p.generate(&l, genAll)
	return append([]Move(nil), l.Moves[:l.N]...)
}

func (p *Position) generate(list *MoveList, kind genKind) {
	us, them := p.side, p.side^1
	occ := p.byType[0]
	ours, theirs := p.byColor[us], p.byColor[them]
	ksq := p.KingSquare(us)

	var allowed Bitboard
	switch kind {
	case genAll:
		allowed = ^ours
	case genNoisy:
		allowed = theirs
	case genQuiet:
		allowed = ^occ
	}

	// King moves: the destination must not be attacked once the king has
	// left its square (a slider's ray continues through it).
	occNoKing := occ ^ ksq.Bitboard()
	for b := kingAttacks[ksq] & allowed; b != 0; {
		to := b.PopFirst()
		if !p.attackedWith(to, them, occNoKing) {
			list.add(NewMove(ksq, to))
		}
	}
	if p.checkers.MoreThanOne() {
		return // double check: only the king can move
	}
	checkMask := ^Bitboard(0)
	if p.checkers != 0 {
		checkMask = betweenBB[ksq][p.checkers.First()] | p.checkers
	}
	pinned := p.pinned(us, ksq)
	target := allowed & checkMask

	for b := p.byType[Knight] & ours &^ pinned; b != 0; {
		from := b.PopFirst()
		addMoves(list, from, knightAttacks[from]&target)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & ours; b != 0; {
		from := b.PopFirst()
		a := BishopAttacks(from, occ) & target
		if pinned.Has(from) {
			a &= lineBB[ksq][from]
		}
		addMoves(list, from, a)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & ours; b != 0; {
		from := b.PopFirst()
		a := RookAttacks(from, occ) & target
		if pinned.Has(from) {
			a &= lineBB[ksq][from]
		}
		addMoves(list, from, a)
	}
	p.generatePawnMoves(list, kind, checkMask, pinned, ksq)

	if kind != genNoisy && p.checkers == 0 {
		p.generateCastling(list, us, ksq)
	}
}

func addMoves(list *MoveList, from Square, targets Bitboard) {
	for targets != 0 {
		list.add(NewMove(from, targets.PopFirst()))
	}
}

func addPromotions(list *MoveList, from, to Square) {
	list.add(NewSpecialMove(from, to, Promotion, Queen))
	list.add(NewSpecialMove(from, to, Promotion, Rook))
	list.add(NewSpecialMove(from, to, Promotion, Bishop))
	list.add(NewSpecialMove(from, to, Promotion, Knight))
}

// generatePawnMoves generates pawn moves set-wise for unpinned pawns and
// one by one for pinned ones.
func (p *Position) generatePawnMoves(list *MoveList, kind genKind, checkMask, pinned Bitboard, ksq Square) {
	us, them := p.side, p.side^1
	pawns := p.byType[Pawn] & p.byColor[us]
	if pawns == 0 {
		return
	}
	empty := ^p.byType[0]
	theirs := p.byColor[them]
	up, promoRank, thirdRank := 8, Rank8, Rank3
	if us == Black {
		up, promoRank, thirdRank = -8, Rank1, Rank6
	}
	free := pawns &^ pinned

	single := free.Forward(us) & empty
	if kind != genNoisy {
		double := (single & thirdRank).Forward(us) & empty & checkMask
		for b := single & checkMask &^ promoRank; b != 0; {
			to := b.PopFirst()
			list.add(NewMove(Square(int(to)-up), to))
		}
		for b := double; b != 0; {
			to := b.PopFirst()
			list.add(NewMove(Square(int(to)-2*up), to))
		}
	}
	if kind != genQuiet {
		for b := single & checkMask & promoRank; b != 0; {
			to := b.PopFirst()
			addPromotions(list, Square(int(to)-up), to)
		}
		fwd := free.Forward(us)
		// Captures towards the a-file then towards the h-file.
		for i, caps := range [2]Bitboard{fwd.West() & theirs & checkMask, fwd.East() & theirs & checkMask} {
			back := up - 1 + 2*i // from the destination back to the pawn
			for b := caps; b != 0; {
				to := b.PopFirst()
				from := Square(int(to) - back)
				if promoRank.Has(to) {
					addPromotions(list, from, to)
				} else {
					list.add(NewMove(from, to))
				}
			}
		}
		if p.epLegal {
			for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
				from := b.PopFirst()
				if p.enPassantIsLegal(from, p.ep) {
					list.add(NewSpecialMove(from, p.ep, EnPassant, 0))
				}
			}
		}
	}
	if p.checkers != 0 {
		return // a pinned piece can never resolve a check
	}
	for b := pawns & pinned; b != 0; {
		from := b.PopFirst()
		line := lineBB[ksq][from]
		if kind != genQuiet {
			for c := pawnAttacks[us][from] & theirs & line; c != 0; {
				to := c.PopFirst()
				if promoRank.Has(to) {
					addPromotions(list, from, to)
				} else {
					list.add(NewMove(from, to))
				}
			}
		}
		to := Square(int(from) + up)
		if !empty.Has(to) || !line.Has(to) || promoRank.Has(to) {
			continue // a pinned pawn can never push to promote: it would leave the line
		}
		if kind != genNoisy {
			list.add(NewMove(from, to))
			if to2 := Square(int(to) + up); thirdRank.Has(to) && empty.Has(to2) {
				list.add(NewMove(from, to2))
			}
		}
	}
}

func (p *Position) generateCastling(list *MoveList, us Color, ksq Square) {
	for i := castlingIndex(us, true); i <= castlingIndex(us, false); i++ {
		if p.canCastle(i, us, ksq) {
			list.add(NewSpecialMove(ksq, p.castleRook[i], Castling, 0))
		}
	}
}

// canCastle reports whether castling i is legal for us, whose king is on
// ksq and not in check.
func (p *Position) canCastle(i int, us Color, ksq Square) bool {
	if p.castling&(1<<i) == 0 || p.castlePath[i]&p.byType[0] != 0 {
		return false
	}
	// With king and rook lifted, no square the king crosses or lands on
	// may be attacked.
	occ := p.byType[0] ^ ksq.Bitboard() ^ p.castleRook[i].Bitboard()
	for b := p.castleKing[i]; b != 0; {
		if p.attackedWith(b.PopFirst(), us^1, occ) {
			return false
		}
	}
	return true
}
