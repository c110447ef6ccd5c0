package engine

import "github.com/ferzchess/ferz/chess"

// endgameScale returns the fraction (out of 64) of the endgame score to
// keep, for material that is harder to win with than it looks.
func endgameScale(p *chess.Position, eg int) int {
	strong := chess.White
	if eg < 0 {
		strong = chess.Black
	}
	weak := strong.Other()
	strongNP, weakNP := nonPawnMaterial(p, strong), nonPawnMaterial(p, weak)
	if p.Pieces(strong, chess.Pawn) == 0 {
		// Two knights cannot force mate; a minor piece more is rarely
		// enough without pawns.
		if strongNP == 2*SimpleValue[chess.Knight] && p.Pieces(strong, chess.Knight).Count() == 2 && weakNP == 0 {
			return 0
		}
		if strongNP-weakNP <= SimpleValue[chess.Bishop] {
			return 8
		}
	}
	// Opposite-coloured bishops, and nothing else but pawns: drawish.
	wb, bb := p.Pieces(chess.White, chess.Bishop), p.Pieces(chess.Black, chess.Bishop)
	if strongNP == SimpleValue[chess.Bishop] && weakNP == SimpleValue[chess.Bishop] &&
		wb.Count() == 1 && bb.Count() == 1 && squareColor(wb.First()) != squareColor(bb.First()) {
		return 28
	}
	return 64
}

// squareColor is 0 for dark squares and 1 for light ones.
func squareColor(sq chess.Square) int { return (sq.File() + sq.Rank()) & 1 }

// specialEndgame reports whether an endgame rule rather than the weights
// decides the evaluation of p.
func specialEndgame(p *chess.Position) bool {
	rule, _ := endgameRule(p)
	return rule != noRule
}

// specialEndgameValue returns value (for White) corrected by the endgame
// rules: the king and pawn ending from its table, bishop and knight mates
// driven to the right corner, and mates against a bare king.
func specialEndgameValue(p *chess.Position, value int) int {
	switch rule, strong := endgameRule(p); rule {
	case kpkRule:
		return kpkValue(p, strong)
	case kbnRule:
		return value + sign(strong)*kbnBonus(p, strong)
	case mopUpRule:
		return value + sign(strong)*mopUpBonus(p, strong)
	}
	return value
}

// An endgameKind names the rule that evaluates an endgame.
type endgameKind uint8

const (
	noRule    endgameKind = iota
	kpkRule               // king and pawn against king, from the table
	kbnRule               // bishop and knight against king
	mopUpRule             // mating material against a bare king
)

// endgameRule finds the rule for p's material, if one applies, and the
// side with the material. It is a kind, not a function value, so that
// the evaluation allocates nothing.
func endgameRule(p *chess.Position) (endgameKind, chess.Color) {
	occ := p.Occupied()
	if occ.Count() > 5 {
		return noRule, chess.White
	}
	for strong := chess.White; strong <= chess.Black; strong++ {
		weak := strong.Other()
		if p.ColorPieces(weak) != p.Pieces(weak, chess.King) {
			continue
		}
		mine := p.ColorPieces(strong) &^ p.Pieces(strong, chess.King)
		switch {
		case mine == p.Pieces(strong, chess.Pawn) && mine.Count() == 1:
			return kpkRule, strong
		case mine.Count() == 2 && p.Pieces(strong, chess.Bishop).Count() == 1 && p.Pieces(strong, chess.Knight).Count() == 1:
			return kbnRule, strong
		case canForceMate(p, strong):
			return mopUpRule, strong
		}
	}
	return noRule, chess.White
}

func sign(c chess.Color) int { return 1 - 2*int(c) }

// kpkValue is the value for White of a king and pawn ending: a win
// counts as much as a queen less the pawn's distance from promotion,
// a draw as 0.
func kpkValue(p *chess.Position, strong chess.Color) int {
	if !kpkWins(p, strong) {
		return 0
	}
	pawn := p.Pieces(strong, chess.Pawn).First()
	return sign(strong) * (SimpleValue[chess.Queen] - 100 + 20*pawn.RelativeRank(strong))
}

// mopUpBonus helps the winning side mate a bare king: drive it to the
// edge and bring the own king close.
func mopUpBonus(p *chess.Position, strong chess.Color) int {
	weakKing, strongKing := p.KingSquare(strong.Other()), p.KingSquare(strong)
	return 200 + 20*centreDistance(weakKing) + 10*(7-chess.Distance(weakKing, strongKing))
}

// kbnBonus drives the bare king into a corner of the bishop's colour,
// the only corners where bishop and knight can mate.
func kbnBonus(p *chess.Position, strong chess.Color) int {
	weakKing, strongKing := p.KingSquare(strong.Other()), p.KingSquare(strong)
	bishop := p.Pieces(strong, chess.Bishop).First()
	// a1 and h8 are dark, a8 and h1 light.
	c1, c2 := chess.Square(0), chess.Square(63)
	if squareColor(bishop) == 1 {
		c1, c2 = 7, 56
	}
	corner := min(chess.Distance(weakKing, c1), chess.Distance(weakKing, c2))
	return 300 + 40*(7-corner) + 10*(7-chess.Distance(weakKing, strongKing))
}

// centreDistance is 0 on d4, d5, e4 and e5, and 6 in a corner.
func centreDistance(sq chess.Square) int {
	f, r := sq.File(), sq.Rank()
	return max(3-f, f-4) + max(3-r, r-4)
}

// canForceMate reports whether strong's pieces (pawns aside) can mate a
// bare king: a queen, a rook, or bishops on both colours.
func canForceMate(p *chess.Position, strong chess.Color) bool {
	if p.Pieces(strong, chess.Queen)|p.Pieces(strong, chess.Rook) != 0 {
		return true
	}
	b := p.Pieces(strong, chess.Bishop)
	return b&darkSquares != 0 && b&^darkSquares != 0
}

// darkSquares are a1, c1, ..., h8.
const darkSquares chess.Bitboard = 0xAA55AA55AA55AA55
