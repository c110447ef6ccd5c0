package book

import "github.com/ferzchess/ferz/chess"

// RawMove is a move in Polyglot's encoding: the destination square in bits
// 0-5 (file, then rank), the origin square in bits 6-11, and the piece
// promoted to in bits 12-14 (0 none, 1 knight, 2 bishop, 3 rook,
// 4 queen). Castling is written as the king taking its own rook (e1h1,
// e1a1, e8h8, e8a8 in standard chess), which serves Chess960 as well.
type RawMove uint16

// EncodeMove returns m in Polyglot's encoding. A castling move becomes
// the king taking its rook, as chess.Move already stores it.
func EncodeMove(m chess.Move) RawMove {
	r := RawMove(m.To()) | RawMove(m.From())<<6
	if pt := m.Promo(); pt != chess.NoPieceType {
		r |= RawMove(pt-chess.Knight+1) << 12
	}
	return r
}

// From returns the square the move starts from.
func (r RawMove) From() chess.Square { return chess.Square(r >> 6 & 63) }

// To returns the square the move goes to; for castling, the rook's square.
func (r RawMove) To() chess.Square { return chess.Square(r & 63) }

// Promo returns the piece type promoted to, or chess.NoPieceType (also for
// a promotion field out of range, see valid).
func (r RawMove) Promo() chess.PieceType {
	n := r >> 12 & 7
	if n == 0 || n > 4 {
		return chess.NoPieceType
	}
	return chess.Knight + chess.PieceType(n-1)
}

// valid reports whether the promotion field is in range and bit 15 clear,
// as in every move Polyglot writes.
func (r RawMove) valid() bool { return r>>12 <= 4 }

// String returns the move as Polyglot writes it in coordinates: "e2e4",
// "e7e8q", and castling as the king taking its rook ("e1h1").
func (r RawMove) String() string {
	s := r.From().String() + r.To().String()
	if pt := r.Promo(); pt != chess.NoPieceType {
		s += string("nbrq"[pt-chess.Knight])
	}
	return s
}

// Decode returns the legal move of p that r stands for, and false when r
// is not a legal move in p.
func (r RawMove) Decode(p *chess.Position) (chess.Move, bool) {
	var legal chess.MoveList
	p.GenerateLegal(&legal)
	return r.decode(p, &legal)
}

// decode is Decode with p's legal moves already generated. Besides
// Polyglot's king-takes-rook castling it accepts, in a standard (not
// Chess960) position, the king's two-square move that some book writers
// use (e1g1), since no other move of the king reads the same there.
func (r RawMove) decode(p *chess.Position, legal *chess.MoveList) (chess.Move, bool) {
	if !r.valid() {
		return chess.NullMove, false
	}
	from, to, promo := r.From(), r.To(), r.Promo()
	for _, m := range legal.Slice() {
		if m.From() == from && m.To() == to && m.Promo() == promo {
			return m, true
		}
	}
	if p.Chess960() || promo != chess.NoPieceType || p.PieceAt(from) != chess.NewPiece(p.SideToMove(), chess.King) ||
		from.Rank() != to.Rank() || from.File() != 4 || (to.File() != 2 && to.File() != 6) {
		return chess.NullMove, false
	}
	for _, m := range legal.Slice() {
		if m.Kind() == chess.Castling && m.From() == from && (m.To() > from) == (to > from) {
			return m, true
		}
	}
	return chess.NullMove, false
}
