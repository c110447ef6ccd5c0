package syzygy

import "github.com/ferzchess/ferz/chess"

// The maps that number squares and piece placements, as the generator
// numbers them. They are computed once at start-up.
var (
	// binomial[k][n] is the number of ways to choose k of n squares.
	binomial [maxTablePieces + 1][65]uint64

	// triangle numbers the ten squares of the a1-d1-d4 triangle: the six
	// below the diagonal (b1 c1 d1 c2 d2 d3) 0-5, then a1 b2 c3 d4 6-9;
	// -1 elsewhere.
	triangle [64]int

	// belowDiagonal numbers the 28 squares below the a1-h8 diagonal 0-27
	// in square order; -1 elsewhere.
	belowDiagonal [64]int

	// kingPair numbers the 462 placements of two kings that are not
	// adjacent, the first in the triangle and, if it is on the diagonal,
	// the second not above it: kingPair[triangle[first]][second], -1 for
	// any other placement.
	kingPair [10][64]int

	// pawnRank orders the squares a pawn can stand on (a2-h7) for the
	// choice of the leading pawn: the higher the value, the nearer the
	// edge file and then the lower the rank. pawnRank[s] is also the number
	// of squares left for the other leading pawns when the leader is on s.
	pawnRank [64]int

	// leadPawnIndex[n][s] is the first index of the placements of n
	// leading pawns whose leader stands on s (files a-d), and
	// leadPawnsSize[n][f] the number of placements with the leader on
	// file f.
	leadPawnIndex [maxTablePieces][64]uint64
	leadPawnsSize [maxTablePieces][4]uint64
)

// diagonalOffset is positive above the a1-h8 diagonal, zero on it and
// negative below it.
func diagonalOffset(s chess.Square) int { return s.Rank() - s.File() }

// transpose mirrors s in the a1-h8 diagonal (a3 <-> c1).
func transpose(s chess.Square) chess.Square { return (s>>3 | s<<3) & 63 }

func init() {
	for n := 0; n <= 64; n++ {
		binomial[0][n] = 1
		for k := 1; k <= maxTablePieces && n > 0; k++ {
			binomial[k][n] = binomial[k-1][n-1] + binomial[k][n-1]
		}
	}

	code := 0
	for s := chess.A1; s <= chess.H8; s++ {
		belowDiagonal[s], triangle[s] = -1, -1
		if diagonalOffset(s) < 0 {
			belowDiagonal[s] = code
			code++
		}
	}

	code = 0
	for s := chess.A1; s <= chess.D4; s++ {
		if s.File() <= 3 && diagonalOffset(s) < 0 {
			triangle[s] = code
			code++
		}
	}
	for s := chess.A1; s <= chess.D4; s += 9 {
		triangle[s] = code
		code++
	}

	initKingPairs()

	// The leading pawn is looked for file by file from the edge (a and h
	// before b and g), rank by rank from the second.
	left := 47
	for f := 0; f < 4; f++ {
		for r := 1; r <= 6; r++ {
			pawnRank[chess.NewSquare(f, r)] = left
			pawnRank[chess.NewSquare(7-f, r)] = left - 1
			left -= 2
		}
	}
	for n := 1; n < maxTablePieces; n++ {
		for f := 0; f < 4; f++ {
			var idx uint64
			for r := 1; r <= 6; r++ {
				s := chess.NewSquare(f, r)
				leadPawnIndex[n][s] = idx
				idx += binomial[n-1][pawnRank[s]]
			}
			leadPawnsSize[n][f] = idx
		}
	}
}

// initKingPairs fills kingPair: for each square of the triangle in the
// order of its number, the legal squares of the other king, the placements
// with both kings on the diagonal last.
func initKingPairs() {
	type pair struct {
		t int
		s chess.Square
	}
	var onDiagonal []pair
	code := 0
	for t := 0; t < 10; t++ {
		for s2 := chess.A1; s2 <= chess.H8; s2++ {
			kingPair[t][s2] = -1
		}
		var s1 chess.Square
		for s := chess.A1; s <= chess.D4; s++ {
			if triangle[s] == t {
				s1 = s
			}
		}
		for s2 := chess.A1; s2 <= chess.H8; s2++ {
			switch {
			case s2 == s1 || chess.KingAttacks(s1).Has(s2):
				// Kings cannot stand side by side.
			case diagonalOffset(s1) == 0 && diagonalOffset(s2) > 0:
				// Mirrored below the diagonal.
			case diagonalOffset(s1) == 0 && diagonalOffset(s2) == 0:
				onDiagonal = append(onDiagonal, pair{t, s2})
			default:
				kingPair[t][s2] = code
				code++
			}
		}
	}
	for _, p := range onDiagonal {
		kingPair[p.t][p.s] = code
		code++
	}
}
