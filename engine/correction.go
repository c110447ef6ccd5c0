package engine

import (
	"sync/atomic"

	"github.com/ferzchess/ferz/chess"
)

// Correction history: the static evaluation is systematically wrong in
// some pawn structures (a blocked centre, a weak king's cover), and the
// searches below a node tell by how much. The table keeps, per side to
// move and pawn structure, a running average of the difference between
// the search result and the static evaluation, and the search adds it to
// the evaluation of later nodes with the same pawns. Two more tables do
// the same per side to move and each colour's placement of its other
// pieces (piecekeys.go); the correction is the pawn entry plus the mean
// of the two piece entries. Like the histories (history.go), the tables
// are shared by all the threads of a search, with atomic entries.

const (
	correctionSize  = 1 << 14
	correctionGrain = 256                  // fixed-point scale of an entry
	correctionMax   = 96 * correctionGrain // at most ±96 cp of correction
	correctionScale = 256                  // weights are out of this
)

// correctionTable holds the averages, in centipawns times correctionGrain:
// by side to move and pawn structure, and by side to move and each
// colour's placement of its other pieces (knights to king), which
// catches what the evaluation misses about a king's attackers or a
// piece that is out of play.
type correctionTable struct {
	pawn    [2][correctionSize]atomic.Int32
	nonPawn [2][2][correctionSize]atomic.Int32 // [side to move][colour]
}

// staticEval returns the evaluation of a position not in check: raw, as
// the evaluation function gives it (from the table's entry when there is
// one), and corrected for the pawn structure.
func (s *Searcher) staticEval(p *chess.Position, ply int, entry ttEntry, hit bool) (raw, corrected int) {
	if hit {
		raw = int(entry.eval)
	} else {
		raw = s.evaluate(p, ply)
	}
	s.corrSlots[ply] = correctionSlotsOf(p, s.pieceKeys[ply])
	return raw, s.corrected(p.SideToMove(), s.corrSlots[ply], raw)
}

// ttEval returns the better estimate of a position's value of its
// static evaluation eval and the table's score: the score when its bound
// says the true value lies beyond eval, or is exact. Negamax prunes with
// it, and the quiescence search stands pat on it.
func ttEval(eval int, entry ttEntry, hit bool) int {
	if v := int(entry.score); hit && !IsMateScore(v) &&
		(entry.bound == BoundExact || entry.bound == BoundLower && v > eval || entry.bound == BoundUpper && v < eval) {
		return v
	}
	return eval
}

// correctionSlots are a position's entries in the correction tables:
// its pawn structure's and each colour's other pieces'.
type correctionSlots struct {
	pawn  uint32
	piece [2]uint32 // by colour
}

// correctionSlotsOf returns the entries in the tables of p, whose piece
// keys are k.
func correctionSlotsOf(p *chess.Position, k pieceKeys) correctionSlots {
	return correctionSlots{
		pawn:  uint32(p.PawnKey() & (correctionSize - 1)),
		piece: [2]uint32{uint32(k[chess.White] & (correctionSize - 1)), uint32(k[chess.Black] & (correctionSize - 1))},
	}
}

// corrected returns raw corrected by the entries at slots of the side
// to move us.
func (s *Searcher) corrected(us chess.Color, slots correctionSlots, raw int) int {
	t := s.correction
	c := t.pawn[us][slots.pawn].Load()
	w := t.nonPawn[us][chess.White][slots.piece[chess.White]].Load()
	b := t.nonPawn[us][chess.Black][slots.piece[chess.Black]].Load()
	v := raw + (int(c)+int(w+b)/2)/correctionGrain
	return max(-mateBound+1, min(mateBound-1, v))
}

// updateCorrection moves the position's entries by a step towards the
// difference between a search result and the corrected static
// evaluation, the larger the deeper the search. Each step also forgets
// correctionDecay percent of the entry, weighted alike. At 100 each
// entry is a running average of what the corrected evaluation still
// misses, and as the three entries add up they settle at two thirds of
// the evaluation's error: a damped correction, which shrinks a noisy
// estimate towards none. At 0 they correct the whole error between
// them, like an integrator; in general 2/(2 + decay/100) of it.
func (s *Searcher) updateCorrection(p *chess.Position, slots correctionSlots, depth, score, staticEval int) {
	t, us := s.correction, p.SideToMove()
	diff := int64((score - staticEval) * correctionGrain)
	w := int64(min(depth+1, 16))
	// In hundredths, so that the default's arithmetic (and so the search)
	// stays exactly what it was before the decay could be set.
	keep := correctionScale*100 - w*int64(correctionDecay)
	for _, e := range [3]*atomic.Int32{
		&t.pawn[us][slots.pawn],
		&t.nonPawn[us][chess.White][slots.piece[chess.White]],
		&t.nonPawn[us][chess.Black][slots.piece[chess.Black]],
	} {
		v := (int64(e.Load())*keep + diff*w*100) / (correctionScale * 100)
		e.Store(int32(max(-correctionMax, min(correctionMax, v))))
	}
}
