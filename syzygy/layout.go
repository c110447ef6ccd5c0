package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ferzchess/ferz/chess"
)

// A table file is laid out as:
//
//	magic (4 bytes), flags (1: bit 0 two sides to move, bit 1 pawns)
//	per leading-pawn file (4 with pawns, else 1): the group order (1 byte,
//	  2 if both colours have pawns; low nibble for White to move, high for
//	  Black) and the pieces in index order (1 byte each, nibbles as above)
//	padding to an even offset
//	per sub-table: flags and the compression's parameters (see sizes)
//	DTZ only: the value maps, then padding to an even offset
//	per sub-table: the sparse index; per sub-table: the block lengths
//	per sub-table, at an offset that is a multiple of 64: the blocks
//	a 16-byte checksum (not read)
//
// The sub-tables come file by file, and within a file White to move
// first.

// reader reads the header of a table file, remembering the first
// problem: once it has failed, it returns zeros.
type reader struct {
	data []byte
	pos  int
	err  error
}

func (r *reader) need(n uint64) bool {
	if r.err != nil {
		return false
	}
	if n > uint64(len(r.data)-r.pos) {
		r.err = fmt.Errorf("the layout needs %d bytes from offset %d, beyond the end of the file (%d bytes): truncated or corrupt", n, r.pos, len(r.data))
		return false
	}
	return true
}

func (r *reader) u8() int {
	if !r.need(1) {
		return 0
	}
	r.pos++
	return int(r.data[r.pos-1])
}

func (r *reader) u16() int {
	if !r.need(2) {
		return 0
	}
	r.pos += 2
	return int(binary.LittleEndian.Uint16(r.data[r.pos-2:]))
}

func (r *reader) u32() uint64 {
	if !r.need(4) {
		return 0
	}
	r.pos += 4
	return uint64(binary.LittleEndian.Uint32(r.data[r.pos-4:]))
}

// bytes returns the next n bytes.
func (r *reader) bytes(n uint64) []byte {
	if !r.need(n) {
		return nil
	}
	b := r.data[r.pos : r.pos+int(n) : r.pos+int(n)]
	r.pos += int(n)
	return b
}

// align skips to the next offset that is a multiple of a.
func (r *reader) align(a int) {
	if rem := r.pos % a; rem != 0 {
		r.bytes(uint64(a - rem))
	}
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf(format, args...)
	}
}

// parse reads the header of the file data (whose magic number has been
// checked) into t.pairs, checking that everything it describes lies
// within the file and agrees with the table's name.
func (t *table) parse(data []byte) error {
	m := t.mat
	r := &reader{data: data, pos: 4}
	flags := r.u8()
	if want := boolBit(!m.symmetric, 1) | boolBit(m.hasPawns, 2); r.err == nil && flags&3 != want {
		return fmt.Errorf("the header's flags (%#x) do not fit the material %s", flags, m.name)
	}
	files, sides := t.shape()
	bothPawns := m.hasPawns && m.pawns[1] > 0
	for f := 0; f < files; f++ {
		o1, o2 := r.u8(), 0xFF
		if bothPawns {
			o2 = r.u8()
		}
		order := [2][2]int{{o1 & 15, o2 & 15}, {o1 >> 4, o2 >> 4}}
		for k := 0; k < m.pieces; k++ {
			b := byte(r.u8())
			t.pairs[0][f].pieces[k] = b & 15
			t.pairs[1][f].pieces[k] = b >> 4
		}
		if r.err != nil {
			return r.err
		}
		for i := 0; i < sides; i++ {
			if err := t.setGroups(&t.pairs[i][f], order[i], f); err != nil {
				return err
			}
		}
	}
	r.align(2)
	for f := 0; f < files; f++ {
		for i := 0; i < sides; i++ {
			r.sizes(&t.pairs[i][f])
		}
	}
	if t.kind == dtzKind {
		r.valueMaps(t, files)
	}
	if r.err != nil {
		return r.err
	}
	for f := 0; f < files; f++ {
		for i := 0; i < sides; i++ {
			d := &t.pairs[i][f]
			d.sparse = r.bytes(6 * d.sparseEntries())
		}
	}
	for f := 0; f < files; f++ {
		for i := 0; i < sides; i++ {
			d := &t.pairs[i][f]
			d.blockLen = r.bytes(2 * d.nlen)
		}
	}
	for f := 0; f < files; f++ {
		for i := 0; i < sides; i++ {
			d := &t.pairs[i][f]
			r.align(64)
			if r.need(d.nblocks * d.blockSize) {
				// The decoder may read a few bytes past the last block; they
				// are taken from what follows in the file when there is some.
				d.data = r.data[r.pos:]
				r.pos += int(d.nblocks * d.blockSize)
			}
		}
	}
	return r.err
}

// shape returns the number of leading-pawn files and of sides to move the
// file holds sub-tables for.
func (t *table) shape() (files, sides int) {
	files, sides = 1, 1
	if t.mat.hasPawns {
		files = 4
	}
	if t.kind == wdlKind && !t.mat.symmetric {
		sides = 2
	}
	return files, sides
}

func boolBit(b bool, bit int) int {
	if b {
		return bit
	}
	return 0
}

// setGroups splits d's pieces into the groups that are indexed together
// and computes each group's multiplier in the order the header gives
// (order[0]: the place of the leading group, order[1]: that of the other
// colour's pawns). f is the file of the leading pawn.
func (t *table) setGroups(d *pairs, order [2]int, f int) error {
	m := t.mat
	var count [16]int
	for k := 0; k < m.pieces; k++ {
		count[d.pieces[k]]++
	}
	for c := chess.White; c <= chess.Black; c++ {
		for pt := chess.Pawn; pt <= chess.King; pt++ {
			if count[chess.NewPiece(c, pt)] != m.count[c][pt] {
				return fmt.Errorf("the header's pieces do not fit the material %s", m.name)
			}
		}
	}

	// The leading group: without pawns, the three first pieces if some
	// piece is unique, else the two kings; with pawns, the leading pawns.
	// Then each run of like pieces is a group.
	first := 0
	if !m.hasPawns {
		first = 2
		if m.hasUnique {
			first = 3
		}
	}
	n := 0
	d.groupLen[0] = 1
	for k := 1; k < m.pieces; k++ {
		if k < first || d.pieces[k] == d.pieces[k-1] {
			d.groupLen[n]++
		} else {
			n++
			d.groupLen[n] = 1
		}
	}
	n++
	d.groupLen[n] = 0

	bothPawns := m.hasPawns && m.pawns[1] > 0
	leadPawn := byte(chess.NewPiece(m.leading, chess.Pawn))
	switch {
	case m.hasPawns && (d.pieces[0] != leadPawn || d.groupLen[0] != m.pawns[0]):
		return errors.New("the header's leading pawns do not fit the material " + m.name)
	case bothPawns && (d.pieces[m.pawns[0]] != leadPawn^8 || d.groupLen[1] != m.pawns[1]):
		return errors.New("the header's second group of pawns does not fit the material " + m.name)
	case !m.hasPawns && d.groupLen[0] != first:
		return errors.New("the header's leading group does not fit the material " + m.name)
	case !m.hasPawns && !m.hasUnique && (chess.Piece(d.pieces[0]).Type() != chess.King || chess.Piece(d.pieces[1]).Type() != chess.King):
		return errors.New("the header's leading group is not the two kings in " + m.name)
	}
	if order[0] >= n || (bothPawns && (order[1] >= n || order[1] == order[0])) {
		return fmt.Errorf("the header's group order (%d, %d) does not fit %d groups", order[0], order[1], n)
	}

	next := 1
	free := 64 - d.groupLen[0]
	if bothPawns {
		next = 2
		free -= d.groupLen[1]
	}
	idx := uint64(1)
	for k := 0; k < n; k++ {
		switch {
		case k == order[0]:
			d.groupIdx[0] = idx
			switch {
			case m.hasPawns:
				idx *= leadPawnsSize[d.groupLen[0]][f]
			case m.hasUnique:
				idx *= 31332
			default:
				idx *= 462
			}
		case bothPawns && k == order[1]:
			d.groupIdx[1] = idx
			idx *= binomial[d.groupLen[1]][48-d.groupLen[0]]
		default:
			if next >= n {
				return errors.New("the header's group order is inconsistent")
			}
			d.groupIdx[next] = idx
			idx *= binomial[d.groupLen[next]][free]
			free -= d.groupLen[next]
			next++
		}
	}
	if next != n {
		return errors.New("the header's group order is inconsistent")
	}
	d.groupIdx[n] = idx
	d.size = idx
	return nil
}

// sizes reads the compression parameters of d and checks them.
func (r *reader) sizes(d *pairs) {
	d.flags = byte(r.u8())
	if d.flags&flagSingleValue != 0 {
		d.single = true
		d.singleValue = r.u8()
		return
	}
	blockLog, spanLog := r.u8(), r.u8()
	padding := uint64(r.u8())
	d.nblocks = r.u32()
	maxLen, minLen := r.u8(), r.u8()
	if r.err != nil {
		return
	}
	switch {
	case blockLog < 3 || blockLog > 30:
		r.fail("block size 2^%d out of range", blockLog)
	case spanLog > 40:
		r.fail("sparse index span 2^%d out of range", spanLog)
	case minLen < 1 || maxLen < minLen || maxLen > 32:
		r.fail("code lengths %d-%d out of range", minLen, maxLen)
	}
	if r.err != nil {
		return
	}
	d.blockSize = 1 << blockLog
	d.span = 1 << spanLog
	d.nlen = d.nblocks + padding
	lengths := maxLen - minLen + 1
	lowest := r.bytes(2 * uint64(lengths))
	nsym := r.u16()
	d.tree = r.bytes(3 * uint64(nsym))
	if nsym&1 == 1 {
		r.bytes(1)
	}
	if r.err != nil {
		return
	}
	if nsym == 0 || nsym > leaf {
		r.fail("%d symbols out of range", nsym)
		return
	}

	// The lowest code of each length: going from the longest (whose lowest
	// code is 0) to shorter ones, the codes between two lowest symbols
	// take the values in between, halved for each bit less.
	d.codes = make([]codeLength, lengths)
	for l := range d.codes {
		d.codes[l].lowest = int(binary.LittleEndian.Uint16(lowest[2*l:]))
		d.codes[l].shift = 64 - uint(minLen+l)
	}
	for l := lengths - 2; l >= 0; l-- {
		c, longer := &d.codes[l], &d.codes[l+1]
		c.base = (longer.base + uint64(c.lowest) - uint64(longer.lowest)) / 2
	}
	for l := range d.codes {
		d.codes[l].base <<= d.codes[l].shift
	}
	if err := d.setSymbolLengths(nsym); err != nil {
		r.fail("%v", err)
	}
}

// sparseEntries is the number of entries of d's sparse index.
func (d *pairs) sparseEntries() uint64 {
	if d.single || d.span == 0 {
		return 0
	}
	return (d.size + d.span - 1) / d.span
}

// setSymbolLengths computes how many values each symbol stands for and
// checks that the pairs form a tree: each pair's halves are real symbols
// and stand for fewer values than the pair, so expanding a symbol ends.
func (d *pairs) setSymbolLengths(nsym int) error {
	d.symlen = make([]uint16, nsym)
	const (
		unseen = iota
		busy
		done
	)
	state := make([]byte, nsym)
	var visit func(s int) (int, error)
	visit = func(s int) (int, error) {
		switch state[s] {
		case done:
			return int(d.symlen[s]), nil
		case busy:
			return 0, errors.New("the symbol pairs form a cycle")
		}
		state[s] = busy
		n := 0
		if d.right(s) != leaf {
			l, r := d.left(s), d.right(s)
			if l >= nsym || r >= nsym {
				return 0, fmt.Errorf("symbol %d pairs symbols %d and %d, beyond the %d symbols", s, l, r, nsym)
			}
			nl, err := visit(l)
			if err != nil {
				return 0, err
			}
			nr, err := visit(r)
			if err != nil {
				return 0, err
			}
			n = nl + nr + 1
			if n > 0xFFFF {
				return 0, fmt.Errorf("symbol %d stands for too many values", s)
			}
		}
		d.symlen[s] = uint16(n)
		state[s] = done
		return n, nil
	}
	for s := 0; s < nsym; s++ {
		if _, err := visit(s); err != nil {
			return err
		}
	}
	return nil
}

// valueMaps reads the DTZ value maps: for each file whose sub-table is
// mapped, four sections (win, loss, cursed win, blessed loss), each a
// count and that many values (bytes, or 16-bit words if the sub-table is
// wide).
func (r *reader) valueMaps(t *table, files int) {
	for f := 0; f < files; f++ {
		d := &t.pairs[0][f]
		if d.flags&flagMapped == 0 {
			continue
		}
		if d.flags&flagWide != 0 {
			r.align(2)
			for i := 0; i < 4; i++ {
				n := r.u16()
				d.mapStart[i], d.mapLen[i] = r.pos, n
				r.bytes(2 * uint64(n))
			}
		} else {
			for i := 0; i < 4; i++ {
				n := r.u8()
				d.mapStart[i], d.mapLen[i] = r.pos, n
				r.bytes(uint64(n))
			}
		}
	}
	r.align(2)
}
