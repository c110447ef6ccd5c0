package engine

import (
	"math/bits"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"unsafe"

	"github.com/ferzchess/ferz/chess"
)

// Bound tells how a stored score relates to the true value.
type Bound uint8

// The kinds of bound.
const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // the true value is at most the score (fail low)
	BoundLower Bound = 2 // the true value is at least the score (fail high)
	BoundExact Bound = 3
)

// cuts reports whether a score v with this bound settles a search of the
// window (alpha, beta): it is exact, or a bound beyond the window.
func (b Bound) cuts(v, alpha, beta int) bool {
	return b == BoundExact || b == BoundLower && v >= beta || b == BoundUpper && v <= alpha
}

// ttSlot is one entry: the data word and the key XORed with it, both
// accessed atomically so that threads can share the table without locks;
// a torn write shows up as a key mismatch and is ignored.
type ttSlot struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// ttBucket fills one 64-byte cache line.
type ttBucket [4]ttSlot

// TT is the transposition table: what earlier searches learnt about
// positions, found by their Zobrist keys. Make one with NewTT: the zero
// value has no memory behind it.
type TT struct {
	buckets    []ttBucket
	generation uint8
	mem        *ttMapping
}

// ttMapping holds the memory behind a table's buckets when it lies
// outside the Go heap (ttmem_linux.go), so that it is unmapped when the
// table is resized or dropped.
type ttMapping struct{ raw []byte }

// ttEntry is a decoded slot, in the slot's own widths: it lives in the
// frame of every ply of the search, and every thread's stack pays for it.
type ttEntry struct {
	score int16
	eval  int16
	move  chess.Move
	depth int8
	bound Bound
	gen   uint8
}

func (e ttEntry) pack() uint64 {
	return uint64(e.move) | uint64(uint16(e.score))<<16 | uint64(uint16(e.eval))<<32 |
		uint64(uint8(e.depth))<<48 | uint64(e.bound)<<56 | uint64(e.gen&63)<<58
}

func unpack(d uint64) ttEntry {
	return ttEntry{
		move:  chess.Move(d),
		score: int16(d >> 16),
		eval:  int16(d >> 32),
		depth: int8(d >> 48),
		bound: Bound(d >> 56 & 3),
		gen:   uint8(d>>58) & 63,
	}
}

// NewTT returns a table of about megabytes MB (at least one bucket).
func NewTT(megabytes int) *TT {
	t := &TT{mem: &ttMapping{}}
	t.Resize(megabytes)
	runtime.AddCleanup(t, releaseMapping, t.mem)
	return t
}

// releaseMapping unmaps a dropped table's memory.
func releaseMapping(m *ttMapping) { unmapBuckets(m.raw) }

// Resize changes the table's size, clearing it. The old table is handed
// back to the operating system before the new one is made, so that the
// process never holds both and leaves no garbage behind.
func (t *TT) Resize(megabytes int) {
	n := max(megabytes, 1) << 20 / 64
	onHeap := t.buckets != nil && t.mem.raw == nil
	t.buckets = nil
	unmapBuckets(t.mem.raw)
	if onHeap {
		debug.FreeOSMemory()
	}
	t.buckets, t.mem.raw = mapBuckets(n)
	t.generation = 0
}

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.buckets)
	t.generation = 0
}

// NewSearch ages the entries: those of earlier searches are replaced first.
func (t *TT) NewSearch() { t.generation = (t.generation + 1) & 63 }

func (t *TT) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// prefetch starts loading key's bucket into the cache: the table is far
// larger than the cache, and a probe that waits for memory stalls the
// search for the time of a few hundred instructions.
func (t *TT) prefetch(key uint64) { prefetch(unsafe.Pointer(t.bucket(key))) }

// probe looks up key; scores are returned relative to the current ply.
func (t *TT) probe(key uint64, ply int) (ttEntry, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d != 0 {
			e := unpack(d)
			e.score = int16(scoreFromTT(int(e.score), ply))
			return e, true
		}
	}
	return ttEntry{}, false
}

// store records a search result, replacing the same position's entry or
// else the least useful one (oldest, then shallowest).
func (t *TT) store(key uint64, ply int, move chess.Move, score, eval, depth int, bound Bound) {
	b := t.bucket(key)
	victim := 0
	worst := 1 << 30
	for i := range b {
		d := b[i].data.Load()
		if d == 0 || b[i].check.Load()^d == key {
			if d != 0 {
				old := unpack(d)
				// A bound does not overwrite an entry of the same position
				// from this search more than two plies deeper, whatever
				// that entry's bound; an exact score always does. The
				// move is kept when the new result has none.
				if bound != BoundExact && int(old.depth) > depth+2 && old.gen == t.generation {
					return
				}
				if move == chess.NullMove {
					move = old.move
				}
			}
			victim = i
			break
		}
		e := unpack(d)
		age := int((t.generation - e.gen) & 63)
		if v := int(e.depth) - 8*age; v < worst {
			worst, victim = v, i
		}
	}
	e := ttEntry{move: move, score: int16(scoreToTT(score, ply)), eval: int16(eval), depth: int8(depth), bound: bound, gen: t.generation}
	d := e.pack()
	b[victim].check.Store(key ^ d)
	b[victim].data.Store(d)
}

// Hashfull returns how full the table is, in permille, counting entries
// of the current search in the first thousand slots.
func (t *TT) Hashfull() int {
	n, used := 0, 0
	for i := 0; i < len(t.buckets) && n < 1000; i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			if d != 0 && unpack(d).gen == t.generation {
				used++
			}
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return used * 1000 / n
}

// Mate scores are stored as distance from the node, not from the root, so
// that they stay right when the position is reached at another ply.
func scoreToTT(s, ply int) int {
	switch {
	case s >= mateBound:
		return s + ply
	case s <= -mateBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s >= mateBound:
		return s - ply
	case s <= -mateBound:
		return s + ply
	}
	return s
}
