package chess

// CastlingRights is a set of the four castling rights.
type CastlingRights uint8

// The castling rights; a Chess960 right is tied to a particular rook.
const (
	WhiteKingside CastlingRights = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
	NoCastling  CastlingRights = 0
	AllCastling CastlingRights = 15
)

// castlingIndex numbers the rights 0-3 in the order above.
func castlingIndex(c Color, kingside bool) int {
	i := int(c) * 2
	if !kingside {
		i++
	}
	return i
}

// Position is a chess position together with the history of the moves
// that led to it from its starting FEN (needed for repetitions and
// UnmakeMove). The zero value is not usable: start from NewPosition,
// StartPosition or ParseFEN.
type Position struct {
	board    [64]Piece
	byType   [7]Bitboard // index 0 holds all occupied squares
	byColor  [2]Bitboard
	side     Color
	castling CastlingRights
	ep       Square // en passant target square as written in FEN, or NoSquare
	epLegal  bool   // an en passant capture is legal (so ep is in the key)
	rule50   int
	fullmove int
	key      uint64
	pawnKey  uint64
	checkers Bitboard

	chess960 bool
	shredder bool // write castling rights as files (Shredder-FEN)
	// Castling geometry, fixed for a game: the rook each right castles
	// with, the squares that must be empty, the squares the king crosses.
	castleRook [4]Square
	castlePath [4]Bitboard
	castleKing [4]Bitboard
	castleMask [64]CastlingRights // rights lost when a square is touched
	kingStart  [2]Square
	history    []undo
}

// undo keeps what MakeMove cannot recompute when the move is taken back.
type undo struct {
	move     Move
	captured Piece
	castling CastlingRights
	ep       Square
	epLegal  bool
	rule50   int
	key      uint64
	pawnKey  uint64
	checkers Bitboard
}

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the standard starting position.
func StartPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // the constant is valid
	}
	return p
}

// Copy returns an independent copy of p, history included.
func (p *Position) Copy() *Position {
	q := *p
	q.history = make([]undo, len(p.history), max(cap(p.history), 64))
	copy(q.history, p.history)
	return &q
}

// SideToMove returns the colour whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s&63] }

// Pieces returns the squares of the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c&1] & p.byType[t%7] }

// PiecesOfType returns the squares of both colours' pieces of type t.
func (p *Position) PiecesOfType(t PieceType) Bitboard { return p.byType[t%7] }

// Occupied returns the occupied squares.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// ColorPieces returns the squares of all pieces of colour c.
func (p *Position) ColorPieces(c Color) Bitboard { return p.byColor[c&1] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return (p.byColor[c&1] & p.byType[King]).First() }

// Castling returns the castling rights still held.
func (p *Position) Castling() CastlingRights { return p.castling }

// CastlingRook returns the square of the rook that castles for the given
// colour and side (meaningful while the right is held).
func (p *Position) CastlingRook(c Color, kingside bool) Square {
	return p.castleRook[castlingIndex(c, kingside)]
}

// EnPassant returns the en passant target square as FEN writes it, or
// NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of plies since the last capture or pawn
// move (for the 50-move rule).
func (p *Position) HalfmoveClock() int { return p.rule50 }

// FullmoveNumber returns the move number, starting at 1 and increasing
// after each Black move.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Key returns the Zobrist key: pieces, side to move, castling rights and
// the en passant file when an en passant capture is legal.
func (p *Position) Key() uint64 { return p.key }

// PawnKey returns the Zobrist key of the pawns alone.
func (p *Position) PawnKey() uint64 { return p.pawnKey }

// Chess960 reports whether the position is played under Chess960 rules,
// which changes how castling moves are written.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 chooses how castling moves are written in UCI notation:
// king takes rook (Chess960) or the king's two-square move.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// Ply returns the number of moves made since the starting FEN.
func (p *Position) Ply() int { return len(p.history) }

// LastMove returns the last move made, or NullMove.
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NullMove
	}
	return p.history[len(p.history)-1].move
}

// Moves returns the moves made since the starting FEN.
func (p *Position) Moves() []Move {
	ms := make([]Move, len(p.history))
	for i, u := range p.history {
		ms[i] = u.move
	}
	return ms
}

// CapturedPiece returns the piece captured by the last move, or NoPiece.
func (p *Position) CapturedPiece() Piece {
	if len(p.history) == 0 {
		return NoPiece
	}
	return p.history[len(p.history)-1].captured
}

// AttackersTo returns the pieces of both colours that attack s, with the
// given occupancy.
func (p *Position) AttackersTo(s Square, occupied Bitboard) Bitboard {
	return pawnAttacks[Black][s]&p.byColor[White]&p.byType[Pawn] |
		pawnAttacks[White][s]&p.byColor[Black]&p.byType[Pawn] |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		RookAttacks(s, occupied)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(s, occupied)&(p.byType[Bishop]|p.byType[Queen])
}

// IsAttacked reports whether any piece of colour by attacks s.
func (p *Position) IsAttacked(s Square, by Color) bool {
	return p.attackedWith(s, by, p.byType[0])
}

func (p *Position) attackedWith(s Square, by Color, occupied Bitboard) bool {
	them := p.byColor[by]
	return pawnAttacks[by^1][s]&them&p.byType[Pawn] != 0 ||
		knightAttacks[s]&them&p.byType[Knight] != 0 ||
		kingAttacks[s]&them&p.byType[King] != 0 ||
		RookAttacks(s, occupied)&them&(p.byType[Rook]|p.byType[Queen]) != 0 ||
		BishopAttacks(s, occupied)&them&(p.byType[Bishop]|p.byType[Queen]) != 0
}

// put, remove and move change the board and bitboards only; MakeMove does
// the keys.
func (p *Position) put(pc Piece, s Square) {
	b := s.Bitboard()
	p.board[s] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := s.Bitboard()
	p.board[s] = NoPiece
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
}

func (p *Position) move(from, to Square) {
	pc := p.board[from]
	b := from.Bitboard() | to.Bitboard()
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
}

// computeKeys computes the Zobrist keys from scratch.
func (p *Position) computeKeys() (key, pawnKey uint64) {
	for b := p.byType[0]; b != 0; {
		s := b.PopFirst()
		pc := p.board[s]
		key ^= zobristPiece[pc][s]
		if pc.Type() == Pawn {
			pawnKey ^= zobristPiece[pc][s]
		}
	}
	if p.side == Black {
		key ^= zobristSide
	}
	key ^= zobristCastling[p.castling]
	if p.epLegal {
		key ^= zobristEP[p.ep.File()]
	}
	return key, pawnKey
}
