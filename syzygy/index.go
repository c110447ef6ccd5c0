package syzygy

import "github.com/ferzchess/ferz/chess"

// status is how a table lookup went.
type status uint8

const (
	statusFail      status = iota // no table, a broken table, or inconsistent data
	statusOK                      // the value is good
	statusZeroing                 // the best move zeroes: the DTZ table holds no value for the position
	statusChangeSTM               // the DTZ table holds the other side to move
)

// lookup finds the sub-table of t that holds pos and the index of pos in
// it. The table is built with White as the side named first in its name;
// a position with the colours the other way round (or, in a symmetric
// table, with Black to move) is looked up with the colours exchanged and
// the board mirrored top to bottom. key is pos's material key. For a DTZ
// table that holds only the other side to move it returns
// statusChangeSTM.
func (t *table) lookup(pos *chess.Position, key materialKey) (*pairs, int, uint64, status) {
	m := t.mat
	flip := key != m.key || (m.symmetric && pos.SideToMove() == chess.Black)
	var sqFlip chess.Square
	var colorFlip chess.Piece
	stm := int(pos.SideToMove())
	if flip {
		sqFlip, colorFlip, stm = 56, 8, stm^1
	}

	var sq [maxTablePieces]chess.Square
	var pc [maxTablePieces]byte
	n, lead, file := 0, 0, 0
	var leadPawns chess.Bitboard
	if m.hasPawns {
		// The leading pawns (of the colour named by the first piece of the
		// sub-tables) come first, the leader (highest pawnRank) in front.
		c := chess.Piece(t.pairs[0][0].pieces[0] ^ byte(colorFlip)).Color()
		leadPawns = pos.Pieces(c, chess.Pawn)
		for b := leadPawns; b != 0 && n < maxTablePieces; n++ {
			sq[n] = b.PopFirst() ^ sqFlip
		}
		lead = n
		best := 0
		for i := 1; i < lead; i++ {
			if pawnRank[sq[i]] > pawnRank[sq[best]] {
				best = i
			}
		}
		sq[0], sq[best] = sq[best], sq[0]
		file = min(sq[0].File(), 7-sq[0].File())
	}
	if t.kind == dtzKind && int(t.pairs[0][file].flags&flagSTM) != stm && (!m.symmetric || m.hasPawns) {
		return nil, 0, 0, statusChangeSTM
	}
	for b := pos.Occupied() &^ leadPawns; b != 0; n++ {
		if n == maxTablePieces {
			return nil, 0, 0, statusFail
		}
		s := b.PopFirst()
		sq[n] = s ^ sqFlip
		pc[n] = byte(pos.PieceAt(s) ^ colorFlip)
	}
	if n != m.pieces {
		return nil, 0, 0, statusFail
	}
	side := 0
	if t.kind == wdlKind && !m.symmetric {
		side = stm
	}
	d := &t.pairs[side][file]

	// Put the other pieces in the sub-table's order.
	for i := lead; i < n; i++ {
		if pc[i] == d.pieces[i] {
			continue
		}
		j := i + 1
		for j < n && pc[j] != d.pieces[i] {
			j++
		}
		if j == n {
			return nil, 0, 0, statusFail
		}
		pc[i], pc[j] = pc[j], pc[i]
		sq[i], sq[j] = sq[j], sq[i]
	}

	// Mirror left to right so that the leading piece is on files a-d.
	if sq[0].File() > 3 {
		for i := 0; i < n; i++ {
			sq[i] ^= 7
		}
	}

	var idx uint64
	if m.hasPawns {
		idx = leadPawnIndex[lead][sq[0]]
		sortBy(sq[1:lead], func(s chess.Square) int { return pawnRank[s] })
		for i := 1; i < lead; i++ {
			idx += binomial[i][pawnRank[sq[i]]]
		}
	} else {
		var ok bool
		if idx, ok = leadingGroupIndex(sq[:n], d.groupLen[0], m.hasUnique); !ok {
			return nil, 0, 0, statusFail
		}
	}
	idx *= d.groupIdx[0]

	// The other groups: each a set of like pieces numbered as a combination
	// of the squares the earlier groups leave free (the other colour's
	// pawns, the first of them when both colours have pawns, of the 48
	// squares of ranks 2-7).
	start := d.groupLen[0]
	pawnsNext := m.hasPawns && m.pawns[1] > 0
	for g := 1; d.groupLen[g] != 0; g++ {
		group := sq[start : start+d.groupLen[g]]
		sortBy(group, func(s chess.Square) int { return int(s) })
		var gi uint64
		for i, s := range group {
			free := int(s)
			for _, e := range sq[:start] {
				if e < s {
					free--
				}
			}
			if pawnsNext {
				free -= 8
			}
			if free < 0 {
				return nil, 0, 0, statusFail
			}
			gi += binomial[i+1][free]
		}
		pawnsNext = false
		idx += gi * d.groupIdx[g]
		start += d.groupLen[g]
	}
	return d, file, idx, statusOK
}

// leadingGroupIndex numbers the leading group of a table without pawns
// (sq[:groupLen]), first mirroring all the squares so that the leading
// piece is in the a1-d1-d4 triangle and the first piece of the group off
// the a1-h8 diagonal is below it. With a unique piece the group is three
// pieces (31,332 placements), else it is the two kings (462 placements).
func leadingGroupIndex(sq []chess.Square, groupLen int, unique bool) (uint64, bool) {
	if sq[0].Rank() > 3 {
		for i := range sq {
			sq[i] ^= 56
		}
	}
	for i := 0; i < groupLen; i++ {
		o := diagonalOffset(sq[i])
		if o == 0 {
			continue
		}
		if o > 0 {
			for j := i; j < len(sq); j++ {
				sq[j] = transpose(sq[j])
			}
		}
		break
	}
	if !unique {
		t := triangle[sq[0]]
		if t < 0 || kingPair[t][sq[1]] < 0 {
			return 0, false
		}
		return uint64(kingPair[t][sq[1]]), true
	}

	s0, s1, s2 := int(sq[0]), int(sq[1]), int(sq[2])
	adj1 := boolBit(s1 > s0, 1)
	adj2 := boolBit(s2 > s0, 1) + boolBit(s2 > s1, 1)
	r0, r1, r2 := sq[0].Rank(), sq[1].Rank(), sq[2].Rank()
	var idx int
	switch {
	case diagonalOffset(sq[0]) != 0:
		// The first piece below the diagonal (6 squares of the triangle),
		// the others anywhere else.
		idx = (triangle[sq[0]]*63+s1-adj1)*62 + s2 - adj2
	case diagonalOffset(sq[1]) != 0:
		// The first on the diagonal (4 squares), the second below it.
		idx = 6*63*62 + (r0*28+belowDiagonal[sq[1]])*62 + s2 - adj2
	case diagonalOffset(sq[2]) != 0:
		// The first two on the diagonal, the third below it.
		idx = 6*63*62 + 4*28*62 + (r0*7+r1-adj1)*28 + belowDiagonal[sq[2]]
	default:
		// All three on the diagonal.
		idx = 6*63*62 + 4*28*62 + 4*7*28 + (r0*7+r1-adj1)*6 + r2 - adj2
	}
	if idx < 0 || triangle[sq[0]] < 0 {
		return 0, false
	}
	return uint64(idx), true
}

// sortBy sorts a few squares in increasing order of key (insertion sort:
// groups have at most six squares).
func sortBy(sq []chess.Square, key func(chess.Square) int) {
	for i := 1; i < len(sq); i++ {
		for j := i; j > 0 && key(sq[j]) < key(sq[j-1]); j-- {
			sq[j], sq[j-1] = sq[j-1], sq[j]
		}
	}
}
