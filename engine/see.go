package engine

import "github.com/ferzchess/ferz/chess"

// SEE reports whether the static exchange on m's destination gains at
// least threshold centipawns for the side making m, with both sides
// capturing with their least valuable attacker each time; a piece pinned
// to its king does not take while its pinner stands.
func SEE(p *chess.Position, m chess.Move, threshold int) bool {
	if m.Kind() == chess.Castling {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	victim := p.PieceAt(to).Type()
	if m.Kind() == chess.EnPassant {
		victim = chess.Pawn
	}
	swap := SimpleValue[victim] - threshold
	if m.Kind() == chess.Promotion {
		swap += SimpleValue[m.Promo()] - SimpleValue[chess.Pawn]
	}
	if swap < 0 {
		return false
	}
	mover := p.PieceAt(from).Type()
	if m.Kind() == chess.Promotion {
		mover = m.Promo()
	}
	swap = SimpleValue[mover] - swap
	if swap <= 0 {
		return true
	}
	occ := p.Occupied() ^ from.Bitboard() ^ to.Bitboard()
	if m.Kind() == chess.EnPassant {
		occ ^= (to ^ 8).Bitboard()
	}
	return exchange(p, to, occ, swap)
}

// exchange plays out the captures on to after the first one, with the
// pieces in occ, and reports whether the side that made the first one
// ends at least even; swap is what it stands to lose if answered.
//
// It is kept out of line: the profile-guided build inlines SEE into the
// move scoring and that into negamax, and this loop's pin tables would
// then widen every ply's frame (TestSearchFramesStaySmall).
//
//go:noinline
func exchange(p *chess.Position, to chess.Square, occ chess.Bitboard, swap int) bool {
	stm := p.SideToMove()
	attackers := p.AttackersTo(to, occ) & occ
	bishops := p.PiecesOfType(chess.Bishop) | p.PiecesOfType(chess.Queen)
	rooks := p.PiecesOfType(chess.Rook) | p.PiecesOfType(chess.Queen)
	// A piece pinned to its king takes no part while its pinner stands
	// (a pinner that takes on the square leaves its post and frees it).
	// Each side's pins are found when its turn first comes: most
	// exchanges end after a capture or two.
	var pinned, pinners [2]chess.Bitboard
	var pinsKnown [2]bool
	result := true
	for {
		stm = stm.Other()
		attackers &= occ
		mine := attackers & p.ColorPieces(stm)
		if mine == 0 {
			break
		}
		if !pinsKnown[stm] {
			pinned[stm], pinners[stm] = p.Pins(stm)
			pinsKnown[stm] = true
		}
		if pinners[stm]&occ != 0 {
			mine &^= pinned[stm]
		}
		if mine == 0 {
			break
		}
		result = !result
		var pt chess.PieceType
		for pt = chess.Pawn; pt <= chess.King; pt++ {
			if mine&p.PiecesOfType(pt) != 0 {
				break
			}
		}
		if pt == chess.King {
			// The king may take last only if nothing defends the square.
			if attackers&^p.ColorPieces(stm) != 0 {
				result = !result
			}
			break
		}
		swap = SimpleValue[pt] - swap
		if swap < boolInt(result) {
			break
		}
		occ ^= (mine & p.PiecesOfType(pt)).First().Bitboard()
		// Pieces behind the one that took can now join in.
		if pt == chess.Pawn || pt == chess.Bishop || pt == chess.Queen {
			attackers |= chess.BishopAttacks(to, occ) & bishops
		}
		if pt == chess.Rook || pt == chess.Queen {
			attackers |= chess.RookAttacks(to, occ) & rooks
		}
	}
	return result
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
