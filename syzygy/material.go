package syzygy

import (
	"fmt"

	"github.com/ferzchess/ferz/chess"
)

// maxTablePieces is the largest number of pieces, kings included, that the
// format indexes.
const maxTablePieces = 7

// materialKey identifies a material balance: the number of pawns, knights,
// bishops, rooks and queens of each colour, four bits each, White's in the
// low 20 bits. Kings are always there, one a side, and are left out.
type materialKey uint64

// keyShift is the position of the count of colour c's pieces of type t.
func keyShift(c chess.Color, t chess.PieceType) uint {
	return uint(c)*20 + uint(t-chess.Pawn)*4
}

// positionKey returns the material key of a position. Counts above 15 of
// one kind cannot occur in a position of at most seven pieces, which is
// all this package looks up.
func positionKey(pos *chess.Position) materialKey {
	var k materialKey
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.Queen; t++ {
			k |= materialKey(pos.Pieces(c, t).Count()&15) << keyShift(c, t)
		}
	}
	return k
}

// material is what a table's name says about it: the pieces of the side
// named first ("White" in the table, the stronger side) and of the other.
type material struct {
	name      string      // such as "KRPvKR"
	count     [2][7]int   // [colour][piece type], kings included
	pieces    int         // all pieces, kings included
	key       materialKey // White as named first
	key2      materialKey // colours exchanged
	symmetric bool        // both sides have the same pieces
	hasPawns  bool        // a pawn on either side
	hasUnique bool        // some colour has exactly one piece of some type (not king)
	pawns     [2]int      // pawns of the leading colour, then of the other
	leading   chess.Color // the colour whose pawns lead the index
}

// pieceLetters are the letters of a table name, in the order they must
// appear on each side after the king.
const pieceLetters = "QRBNP"

var letterType = map[byte]chess.PieceType{
	'Q': chess.Queen, 'R': chess.Rook, 'B': chess.Bishop, 'N': chess.Knight, 'P': chess.Pawn,
}

// parseMaterial reads a table name such as "KRPvKR" (without extension).
// Each side is a king followed by its other pieces from the strongest
// (queen) to the weakest (pawn), as the generator names its files.
func parseMaterial(name string) (*material, error) {
	m := &material{name: name}
	side, rank := 0, -1 // rank: position in pieceLetters of the last letter read
	for i := 0; i < len(name); i++ {
		ch := name[i]
		switch {
		case ch == 'v' && side == 0 && i > 0:
			side, rank = 1, -1
			continue
		case ch == 'K':
			if i > 0 && name[i-1] != 'v' {
				return nil, fmt.Errorf("table name %q: each side must start with one K", name)
			}
			m.count[side][chess.King] = 1
		case letterType[ch] != 0:
			if m.count[side][chess.King] == 0 {
				return nil, fmt.Errorf("table name %q: each side must start with one K", name)
			}
			r := 0
			for pieceLetters[r] != ch {
				r++
			}
			if r < rank {
				return nil, fmt.Errorf("table name %q: pieces must be in the order %s", name, pieceLetters)
			}
			rank = r
			m.count[side][letterType[ch]]++
		default:
			return nil, fmt.Errorf("table name %q: unexpected %q (want K, Q, R, B, N, P and one v)", name, ch)
		}
		m.pieces++
	}
	if side != 1 || m.count[1][chess.King] != 1 {
		return nil, fmt.Errorf("table name %q: want two sides such as KRvK", name)
	}
	if m.pieces < 3 || m.pieces > maxTablePieces {
		return nil, fmt.Errorf("table name %q: %d pieces, tables have 3 to %d", name, m.pieces, maxTablePieces)
	}
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.Queen; t++ {
			n := m.count[c][t]
			m.key |= materialKey(n) << keyShift(c, t)
			m.key2 |= materialKey(n) << keyShift(c^1, t)
			if n == 1 {
				m.hasUnique = true
			}
		}
	}
	m.symmetric = m.key == m.key2
	wp, bp := m.count[chess.White][chess.Pawn], m.count[chess.Black][chess.Pawn]
	m.hasPawns = wp+bp > 0
	// The leading colour is the one with fewer pawns (White when equal),
	// or the only one that has pawns: it compresses better.
	m.leading = chess.White
	if bp > 0 && (wp == 0 || bp < wp) {
		m.leading = chess.Black
	}
	m.pawns[0] = m.count[m.leading][chess.Pawn]
	m.pawns[1] = m.count[m.leading^1][chess.Pawn]
	return m, nil
}
