package syzygy

import "encoding/binary"

// Flags of a pairs record (the first byte of its size information).
const (
	flagSTM         = 1   // DTZ: the side to move stored (0 White, 1 Black)
	flagMapped      = 2   // DTZ: values go through the value map
	flagWinPlies    = 4   // DTZ: wins are stored in plies, not moves
	flagLossPlies   = 8   // DTZ: losses are stored in plies, not moves
	flagWide        = 16  // DTZ: the value map has 16-bit entries
	flagSingleValue = 128 // every position has the same value
)

// pairs is one sub-table of a file: the positions of one side to move
// (WDL tables that are not symmetric have two) and, with pawns, one file
// of the leading pawn. It holds how positions are numbered (the order of
// the pieces and their groups) and how the values are compressed.
//
// The values are a sequence of symbols, each standing for a run of one or
// more values (recursive pairing: a symbol is a pair of two other symbols,
// or a single value), coded with a canonical Huffman code and cut into
// blocks of blockSize bytes. blockLen holds the number of values of each
// block minus one, and sparse the block and offset of every span-th value,
// to find the block of a value without adding up all the lengths before
// it.
type pairs struct {
	flags    byte
	pieces   [maxTablePieces]byte       // piece codes (chess.Piece values) in index order
	groupLen [maxTablePieces + 1]int    // pieces in each group, zero-terminated
	groupIdx [maxTablePieces + 1]uint64 // multiplier of each group's index
	size     uint64                     // number of positions (indices)

	single      bool // every value is singleValue
	singleValue int

	blockSize uint64 // bytes in a block
	span      uint64 // values between two sparse index entries
	nblocks   uint64 // blocks of compressed data
	nlen      uint64 // entries of blockLen: the blocks and some padding
	sparse    []byte // 6 bytes each: block (32 bits), offset in it (16 bits)
	blockLen  []byte // 16 bits each: values in the block minus one
	data      []byte // the compressed blocks (and what follows them in the file)

	codes  []codeLength // by length, shortest first
	tree   []byte       // 3 bytes a symbol: left and right halves (12 bits each)
	symlen []uint16     // number of values a symbol stands for, minus one

	mapStart [4]int // DTZ value map: offset in the file of each result's section
	mapLen   [4]int // and its number of entries
}

// codeLength describes the Huffman codes of one length. Codes of one
// length are consecutive numbers, longer codes are lower, and a code
// stands for the symbol lowest plus its rank among the codes of its
// length.
type codeLength struct {
	base   uint64 // the lowest code of this length, left-aligned in 64 bits
	shift  uint   // 64 minus the length
	lowest int    // the symbol of the lowest code
}

// leaf is the right half of a symbol that stands for one value (stored in
// its left half).
const leaf = 0xFFF

func (d *pairs) left(sym int) int {
	return int(d.tree[3*sym]) | int(d.tree[3*sym+1]&0xF)<<8
}

func (d *pairs) right(sym int) int {
	return int(d.tree[3*sym+2])<<4 | int(d.tree[3*sym+1]>>4)
}

// word32 returns the big-endian 32-bit word at offset off of the
// compressed data, reading zeros past its end: a block's last symbols may
// be followed by bits that are never used, and the decoder may read them.
func (d *pairs) word32(off uint64) uint64 {
	if off+4 <= uint64(len(d.data)) {
		return uint64(binary.BigEndian.Uint32(d.data[off:]))
	}
	var w uint64
	for i := uint64(0); i < 4; i++ {
		w <<= 8
		if off+i < uint64(len(d.data)) {
			w |= uint64(d.data[off+i])
		}
	}
	return w
}

// value returns the stored value of position idx, or false if the data
// is inconsistent.
func (d *pairs) value(idx uint64) (int, bool) {
	if d.single {
		return d.singleValue, true
	}
	if idx >= d.size {
		return 0, false
	}

	// The sparse entry for the span holding idx gives the block and offset
	// of the value in the middle of the span; walk from there.
	k := idx / d.span
	e := k * 6
	if e+6 > uint64(len(d.sparse)) {
		return 0, false
	}
	block := uint64(binary.LittleEndian.Uint32(d.sparse[e:]))
	offset := int64(binary.LittleEndian.Uint16(d.sparse[e+4:]))
	offset += int64(idx%d.span) - int64(d.span/2)
	nlen := uint64(len(d.blockLen) / 2)
	for offset < 0 {
		if block == 0 || block > nlen {
			return 0, false
		}
		block--
		offset += int64(binary.LittleEndian.Uint16(d.blockLen[2*block:])) + 1
	}
	for {
		if block >= nlen {
			return 0, false
		}
		n := int64(binary.LittleEndian.Uint16(d.blockLen[2*block:]))
		if offset <= n {
			break
		}
		offset -= n + 1
		block++
	}
	if block >= d.nblocks {
		return 0, false
	}

	// Decode the block's symbols until the one that covers offset.
	pos := block * d.blockSize
	end := pos + d.blockSize + 8 // the block and the bits the buffer reads ahead
	buf := d.word32(pos)<<32 | d.word32(pos+4)
	pos += 8
	bits := 64 // valid bits in buf, left-aligned
	var sym int
	for {
		// The code at the front of buf is the first whose length's lowest
		// code is at most buf (the last length's base is 0).
		c := &d.codes[0]
		for l := 1; buf < c.base; l++ {
			c = &d.codes[l]
		}
		sym = int((buf-c.base)>>c.shift) + c.lowest
		if sym >= len(d.symlen) {
			return 0, false
		}
		n := int64(d.symlen[sym]) + 1
		if offset < n {
			break
		}
		offset -= n
		buf <<= 64 - c.shift
		bits -= int(64 - c.shift)
		if bits <= 32 {
			if pos >= end {
				return 0, false // the block ended before its values
			}
			bits += 32
			buf |= d.word32(pos) << (64 - uint(bits))
			pos += 4
		}
	}

	// Expand the symbol: the value is in the half that covers offset.
	// The layout check made every pair's halves shorter than the pair, so
	// this ends.
	for d.symlen[sym] != 0 {
		l := d.left(sym)
		if n := int64(d.symlen[l]) + 1; offset < n {
			sym = l
		} else {
			offset -= n
			sym = d.right(sym)
		}
	}
	return d.left(sym), true
}
