package chess

// Offsets into polyglotRandom of the parts that are not pieces.
const (
	polyglotCastleOffset    = 768
	polyglotEnPassantOffset = 772
	polyglotTurnOffset      = 780
)

// PolyglotKey returns the key of the position as the Polyglot opening book
// format defines it, the key under which .bin books store the position's
// moves. It is computed from scratch from the board (it is not the
// incremental Zobrist key of Key, whose random numbers differ) with the
// published Polyglot table:
//
//   - each piece on its square;
//   - each castling right still held (white short, white long, black
//     short, black long; a Chess960 right counts by its side);
//   - the file of the en passant square, but only when a pawn of the side
//     to move stands beside the pawn that has just moved two squares,
//     whether or not the capture would be legal;
//   - a number when White is to move.
func (p *Position) PolyglotKey() uint64 {
	var key uint64
	for c := White; c <= Black; c++ {
		for t := Pawn; t <= King; t++ {
			// Polyglot's piece kinds run black pawn, white pawn, black
			// knight, white knight, ... white king.
			kind := 2*int(t-Pawn) + 1 - int(c)
			for b := p.Pieces(c, t); b != 0; {
				s := b.PopFirst()
				key ^= polyglotRandom[64*kind+int(s)]
			}
		}
	}

	rights := p.Castling()
	for i, r := range [4]CastlingRights{WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside} {
		if rights&r != 0 {
			key ^= polyglotRandom[polyglotCastleOffset+i]
		}
	}

	us := p.SideToMove()
	if ep := p.EnPassant(); ep != NoSquare {
		// The pawns of the side to move that could take on ep are those a
		// pawn of the other colour on ep would attack: they stand beside
		// the pushed pawn.
		if PawnAttacks(us.Other(), ep)&p.Pieces(us, Pawn) != 0 {
			key ^= polyglotRandom[polyglotEnPassantOffset+ep.File()]
		}
	}

	if us == White {
		key ^= polyglotRandom[polyglotTurnOffset]
	}
	return key
}
