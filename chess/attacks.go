package chess

// Tables of attacks for the leaping pieces and of the lines between
// squares, filled once at start-up.
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// betweenBB[a][b] holds the squares strictly between a and b when they
	// share a rank, file or diagonal, and is empty otherwise.
	betweenBB [64][64]Bitboard
	// lineBB[a][b] holds the whole line through a and b (edge to edge) when
	// they share one, and is empty otherwise.
	lineBB [64][64]Bitboard
)

func init() {
	for s := Square(0); s < 64; s++ {
		b := s.Bitboard()
		knightAttacks[s] = leaperAttacks(s, knightSteps)
		kingAttacks[s] = leaperAttacks(s, kingSteps)
		pawnAttacks[White][s] = b.North().East() | b.North().West()
		pawnAttacks[Black][s] = b.South().East() | b.South().West()
	}
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			for _, slider := range []PieceType{Bishop, Rook} {
				if !slidingAttacks(slider, a, 0).Has(b) {
					continue
				}
				lineBB[a][b] = slidingAttacks(slider, a, 0)&slidingAttacks(slider, b, 0) | a.Bitboard() | b.Bitboard()
				betweenBB[a][b] = slidingAttacks(slider, a, b.Bitboard()) & slidingAttacks(slider, b, a.Bitboard())
			}
		}
	}
}

// knightSteps and kingSteps are the (file, rank) steps of a knight and
// a king.
var (
	knightSteps = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
)

func leaperAttacks(s Square, steps [][2]int) Bitboard {
	var b Bitboard
	for _, d := range steps {
		f, r := s.File()+d[0], s.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			b |= NewSquare(f, r).Bitboard()
		}
	}
	return b
}

var (
	rookDirections   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirections = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slidingAttacks computes a rook's or bishop's attacks by walking the rays;
// it is the slow reference that the magic tables are built from.
func slidingAttacks(slider PieceType, s Square, occupied Bitboard) Bitboard {
	dirs := rookDirections
	if slider == Bishop {
		dirs = bishopDirections
	}
	var b Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := NewSquare(f, r)
			b |= t.Bitboard()
			if occupied.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s&63] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s&63] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c&1][s&63] }

// Between returns the squares strictly between a and b on a shared line.
func Between(a, b Square) Bitboard { return betweenBB[a&63][b&63] }

// Line returns the full line through a and b, or 0 if they share none.
func Line(a, b Square) Bitboard { return lineBB[a&63][b&63] }

// PawnAttacksSet returns the squares attacked by all pawns of colour c in b.
func PawnAttacksSet(c Color, b Bitboard) Bitboard {
	if c == White {
		return b.North().East() | b.North().West()
	}
	return b.South().East() | b.South().West()
}
