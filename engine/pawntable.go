package engine

import "github.com/ferzchess/ferz/chess"

// pawnEntry caches the evaluation terms that depend on the pawns alone
// (the pawn structure, found by the pawns' Zobrist key) and, for each
// side, the pawn shelter of its king on one square (with the king's
// piece-square bonus).
type pawnEntry struct {
	key       uint64
	structure score // White's minus Black's
	passed    [2]chess.Bitboard
	shelter   [2]score
	// shelterAt is the king square of shelter plus one; 0 means none yet.
	shelterAt [2]uint8
}

// pawnTable is a searcher's own cache of pawn evaluations; its length is
// a power of two. Pawn structures repeat all through a search, so even a
// small table answers most probes.
type pawnTable []pawnEntry

// Sizes of the pawn tables: the first threads have a large one; beyond
// them (leanThreadsFrom) a small one keeps hundreds of threads within the
// memory budget.
const (
	pawnTableEntries      = 1024
	pawnTableEntriesSmall = 64
)

// newPawnTable returns the pawn table of the thread with the given
// index (0 for the main thread).
func newPawnTable(thread int) pawnTable {
	if thread < leanThreadsFrom {
		return make(pawnTable, pawnTableEntries)
	}
	return make(pawnTable, pawnTableEntriesSmall)
}

// pawnTerms adds both sides' pawn structure and shelter, from the table
// when it has them.
func (e *evalState) pawnTerms(t pawnTable) {
	if t == nil || e.trace != nil {
		for c := chess.White; c <= chess.Black; c++ {
			e.structure(c)
			e.shelter(c)
		}
		return
	}
	p := e.p
	key := p.PawnKey()
	entry := &t[key&uint64(len(t)-1)]
	if entry.key != key {
		e.fillPawnEntry(entry, key)
	}
	e.passed = entry.passed
	e.side[chess.White].plus(entry.structure)
	for c := chess.White; c <= chess.Black; c++ {
		at := uint8(p.KingSquare(c)) + 1
		if entry.shelterAt[c] != at {
			saved := e.side[c]
			e.side[c] = score{}
			e.shelter(c)
			entry.shelter[c], entry.shelterAt[c] = e.side[c], at
			e.side[c] = saved
		}
		e.side[c].plus(entry.shelter[c])
	}
}

// fillPawnEntry computes the pawn structure of the position into entry.
func (e *evalState) fillPawnEntry(entry *pawnEntry, key uint64) {
	saved := e.side
	e.side = [2]score{}
	e.structure(chess.White)
	e.structure(chess.Black)
	*entry = pawnEntry{key: key, structure: e.side[chess.White].sub(e.side[chess.Black]), passed: e.passed}
	e.side = saved
}
