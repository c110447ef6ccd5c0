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
// the evaluation of later nodes with the same pawns. Like the histories
// (history.go), it is one table for all the threads of a search, with
// atomic entries.

const (
	correctionSize  = 1 << 14
	correctionGrain = 256                  // fixed-point scale of an entry
	correctionMax   = 96 * correctionGrain // at most ±96 cp of correction
	correctionScale = 256                  // weights are out of this
)

// correctionTable holds the averages, in centipawns times correctionGrain.
type correctionTable [2][correctionSize]atomic.Int32

// staticEval returns the evaluation of a position not in check: raw, as
// the evaluation function gives it (from the table's entry when there is
// one), and corrected for the pawn structure.
func (s *Searcher) staticEval(p *chess.Position, ply int, entry ttEntry, hit bool) (raw, corrected int) {
	if hit {
		raw = entry.eval
	} else {
		raw = s.evaluate(p, ply)
	}
	return raw, s.correct(p, raw)
}

// correct returns the static evaluation raw corrected for the position's
// pawn structure, kept clear of the mate scores.
func (s *Searcher) correct(p *chess.Position, raw int) int {
	c := s.correction[p.SideToMove()][p.PawnKey()&(correctionSize-1)].Load()
	v := raw + int(c)/correctionGrain
	return max(-mateBound+1, min(mateBound-1, v))
}

// updateCorrection moves the average of the position's pawn structure
// towards the difference between a search result and the corrected
// static evaluation, the more so the deeper the search.
func (s *Searcher) updateCorrection(p *chess.Position, depth, score, staticEval int) {
	e := &s.correction[p.SideToMove()][p.PawnKey()&(correctionSize-1)]
	diff := int32((score - staticEval) * correctionGrain)
	w := int32(min(depth+1, 16))
	v := (e.Load()*(correctionScale-w) + diff*w) / correctionScale
	e.Store(max(-correctionMax, min(correctionMax, v)))
}
