package chess

// Color is a side: White or Black.
type Color uint8

// The two colours.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece regardless of colour.
type PieceType uint8

// The piece types; NoPieceType is zero.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: colour in bit 3, type in bits 0-2.
// NoPiece (zero) is an empty square.
type Piece uint8

// NoPiece is the content of an empty square.
const NoPiece Piece = 0

// The twelve pieces.
const (
	WhitePawn   = Piece(White<<3) | Piece(Pawn)
	WhiteKnight = Piece(White<<3) | Piece(Knight)
	WhiteBishop = Piece(White<<3) | Piece(Bishop)
	WhiteRook   = Piece(White<<3) | Piece(Rook)
	WhiteQueen  = Piece(White<<3) | Piece(Queen)
	WhiteKing   = Piece(White<<3) | Piece(King)
	BlackPawn   = Piece(Black<<3) | Piece(Pawn)
	BlackKnight = Piece(Black<<3) | Piece(Knight)
	BlackBishop = Piece(Black<<3) | Piece(Bishop)
	BlackRook   = Piece(Black<<3) | Piece(Rook)
	BlackQueen  = Piece(Black<<3) | Piece(Queen)
	BlackKing   = Piece(Black<<3) | Piece(King)
)

// NewPiece returns the piece of colour c and type t.
func NewPiece(c Color, t PieceType) Piece { return Piece(c<<3) | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = " PNBRQK  pnbrqk"

// String returns the FEN letter of the piece (upper case for White),
// or " " for NoPiece.
func (p Piece) String() string {
	if int(p) >= len(pieceLetters) {
		return "?"
	}
	return pieceLetters[p : p+1]
}

// pieceFromLetter reads a FEN piece letter.
func pieceFromLetter(ch byte) (Piece, bool) {
	for i := 1; i < len(pieceLetters); i++ {
		if pieceLetters[i] == ch && ch != ' ' {
			return Piece(i), true
		}
	}
	return NoPiece, false
}

// String returns the upper-case letter of the type ("P", "N", ... "K").
func (t PieceType) String() string {
	if t > King {
		return "?"
	}
	return pieceLetters[t : t+1]
}
