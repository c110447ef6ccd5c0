package chess

// Move is a move packed in 16 bits: from square (bits 0-5), to square
// (bits 6-11), promotion piece (bits 12-13: knight, bishop, rook, queen)
// and kind (bits 14-15). A castling move is stored as the king capturing
// its own rook, which serves standard chess and Chess960 alike.
// The zero Move is NullMove.
type Move uint16

// MoveKind tells the special moves apart.
type MoveKind uint16

// The kinds of moves.
const (
	Normal    MoveKind = 0
	Promotion MoveKind = 1 << 14
	EnPassant MoveKind = 2 << 14
	Castling  MoveKind = 3 << 14
)

// NullMove is no move at all (a1a1); in UCI it is written "0000".
const NullMove Move = 0

// NewMove returns a normal move from one square to another.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// NewSpecialMove returns a move of the given kind; promo is the piece
// promoted to for a Promotion and ignored otherwise.
func NewSpecialMove(from, to Square, kind MoveKind, promo PieceType) Move {
	m := Move(from) | Move(to)<<6 | Move(kind)
	if kind == Promotion {
		m |= Move(promo-Knight) << 12
	}
	return m
}

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling, the rook's square.
func (m Move) To() Square { return Square(m>>6) & 63 }

// Kind returns the kind of move.
func (m Move) Kind() MoveKind { return MoveKind(m) & (3 << 14) }

// Promo returns the piece type promoted to, or NoPieceType.
func (m Move) Promo() PieceType {
	if m.Kind() != Promotion {
		return NoPieceType
	}
	return PieceType(m>>12&3) + Knight
}

// String returns the move in UCI coordinates as for standard chess
// (castling as the king's two-square move); Position.UCI knows Chess960.
func (m Move) String() string {
	if m == NullMove {
		return "0000"
	}
	from, to := m.From(), m.To()
	if m.Kind() == Castling {
		to = castlingKingTarget(from, to)
	}
	s := from.String() + to.String()
	if p := m.Promo(); p != NoPieceType {
		s += string("nbrq"[p-Knight])
	}
	return s
}

// castlingKingTarget returns where the king lands when castling with the
// rook on rookFrom: the g-file on the rook's side towards h, else the c-file.
func castlingKingTarget(kingFrom, rookFrom Square) Square {
	if rookFrom > kingFrom {
		return NewSquare(6, kingFrom.Rank())
	}
	return NewSquare(2, kingFrom.Rank())
}

// castlingRookTarget returns where the rook lands when castling.
func castlingRookTarget(kingFrom, rookFrom Square) Square {
	if rookFrom > kingFrom {
		return NewSquare(5, kingFrom.Rank())
	}
	return NewSquare(3, kingFrom.Rank())
}

// MaxMoves bounds the number of legal moves in any position (218 is the
// known maximum).
const MaxMoves = 256

// MoveList is a fixed-capacity list of moves that lives on the stack.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// Len returns the number of moves in the list.
func (l *MoveList) Len() int { return l.N }

// Slice returns the moves as a slice aliasing the list.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) add(m Move) {
	l.Moves[l.N] = m
	l.N++
}

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.N] {
		if x == m {
			return true
		}
	}
	return false
}
