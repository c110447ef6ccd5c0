package chess

import "fmt"

// Square is one of the 64 squares, numbered a1 = 0, b1 = 1, ..., h8 = 63.
type Square uint8

// NoSquare marks the absence of a square (for example no en passant square).
const NoSquare Square = 64

// The squares by name.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
)

// NewSquare returns the square on file (0 = a) and rank (0 = first rank).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the file of s, 0 for the a-file to 7 for the h-file.
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank of s, 0 for the first rank to 7 for the eighth.
func (s Square) Rank() int { return int(s >> 3) }

// RelativeRank returns the rank of s as seen from c's side of the board.
func (s Square) RelativeRank(c Color) int { return s.Rank() ^ int(c)*7 }

// Flip returns s mirrored vertically (a1 <-> a8).
func (s Square) Flip() Square { return s ^ 56 }

// Bitboard returns the bitboard holding only s.
func (s Square) Bitboard() Bitboard { return Bitboard(1) << (s & 63) }

// String returns the square's name, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare reads a square name such as "e4" (upper case accepted).
func ParseSquare(name string) (Square, error) {
	if len(name) != 2 {
		return NoSquare, fmt.Errorf("square %q: want a file a-h and a rank 1-8", name)
	}
	f, r := name[0]|0x20, name[1]
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return NoSquare, fmt.Errorf("square %q: want a file a-h and a rank 1-8", name)
	}
	return NewSquare(int(f-'a'), int(r-'1')), nil
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Distance returns the king-move distance between two squares.
func Distance(a, b Square) int {
	return max(absInt(a.File()-b.File()), absInt(a.Rank()-b.Rank()))
}
