package chess

import (
	"math/bits"
	"strings"
)

// Bitboard is a set of squares, bit n standing for Square(n).
type Bitboard uint64

// Files and ranks as bitboards.
const (
	FileA Bitboard = 0x0101010101010101 << iota
	FileB
	FileC
	FileD
	FileE
	FileF
	FileG
	FileH
)

// Ranks as bitboards.
const (
	Rank1 Bitboard = 0xFF << (8 * iota)
	Rank2
	Rank3
	Rank4
	Rank5
	Rank6
	Rank7
	Rank8
)

// DarkSquares holds the dark squares (a1 is dark).
const DarkSquares Bitboard = 0xAA55AA55AA55AA55

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&(1<<(s&63)) != 0 }

// First returns the lowest square in b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b)) & 63) }

// Last returns the highest square in b; b must not be empty.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))&63) }

// PopFirst removes the lowest square from *b and returns it.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)) & 63)
	*b &= *b - 1
	return s
}

// MoreThanOne reports whether b holds at least two squares.
func (b Bitboard) MoreThanOne() bool { return b&(b-1) != 0 }

// North returns b shifted one rank up (towards rank 8).
func (b Bitboard) North() Bitboard { return b << 8 }

// South returns b shifted one rank down.
func (b Bitboard) South() Bitboard { return b >> 8 }

// East returns b shifted one file towards h.
func (b Bitboard) East() Bitboard { return (b &^ FileH) << 1 }

// West returns b shifted one file towards a.
func (b Bitboard) West() Bitboard { return (b &^ FileA) >> 1 }

// Forward returns b shifted one rank towards c's opponent.
func (b Bitboard) Forward(c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// String draws b as an 8x8 grid, rank 8 first, 'x' for members.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(NewSquare(f, r)) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
