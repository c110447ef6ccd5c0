package engine

import (
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/syzygy"
)

// Tablebases are the Syzygy endgame tables a search consults, with the
// settings of UCI's Syzygy options.
type Tablebases struct {
	Tables *syzygy.Tables
	// ProbeDepth is the least remaining depth at which the search probes
	// (positions with fewer pieces than ProbeLimit are probed at any
	// depth).
	ProbeDepth int
	// ProbeLimit is the most pieces a probed position may have; 0 turns
	// probing off.
	ProbeLimit int
	// Rule50 counts the 50-move rule: a win that the rule turns into a
	// draw (a cursed win) is scored as a draw, and so is a blessed loss.
	Rule50 bool
}

// TBWinScore is the score of a position the tables say is won, less the
// distance in plies from the root: above any evaluation, below any mate.
const TBWinScore = mateBound - MaxPly

// IsTBScore reports whether s is a tablebase win or loss.
func IsTBScore(s int) bool {
	return !IsMateScore(s) && (s >= TBWinScore-MaxPly || s <= -(TBWinScore-MaxPly))
}

// limit is the most pieces a position may have to be probed, or 0.
func (tb *Tablebases) limit() int {
	if tb == nil || tb.Tables == nil {
		return 0
	}
	return min(tb.ProbeLimit, tb.Tables.MaxPieces())
}

// score turns a tablebase result at ply into a search score and the
// bound it gives: a win is at least that good (a mate may be better), a
// loss at most, a draw exact.
func (tb *Tablebases) score(w syzygy.WDL, ply int) (int, Bound) {
	switch {
	case w == syzygy.Win || w == syzygy.CursedWin && !tb.Rule50:
		return TBWinScore - ply, BoundLower
	case w == syzygy.Loss || w == syzygy.BlessedLoss && !tb.Rule50:
		return -TBWinScore + ply, BoundUpper
	case w == syzygy.CursedWin:
		return 1, BoundExact // drawn by the 50-move rule, but only just
	case w == syzygy.BlessedLoss:
		return -1, BoundExact
	}
	return 0, BoundExact
}

// probe looks a search node up in the tables: only right after a capture
// or a pawn move (the halfmove clock is zero), when few enough pieces are
// left and the remaining depth is enough. It returns the score and its
// bound, or ok false.
func (s *Searcher) probe(depth, ply int) (int, Bound, bool) {
	tb := s.tb
	limit := tb.limit()
	p := s.pos
	if limit == 0 || p.HalfmoveClock() != 0 || p.Castling() != 0 {
		return 0, 0, false
	}
	n := p.Occupied().Count()
	if n > limit || n == limit && depth < tb.ProbeDepth {
		return 0, 0, false
	}
	w, ok := tb.Tables.ProbeWDL(p)
	if !ok {
		return 0, 0, false
	}
	s.tbHits.Add(1)
	v, bound := tb.score(w, ply)
	return v, bound, true
}

// rootTablebase restricts the root moves to those that keep the tables'
// best result and make progress towards it (by distance to zeroing), when
// the root position is in the tables. It returns the result for the
// report, or ok false when the tables do not cover the root.
func (s *Searcher) rootTablebase(p *chess.Position, root *chess.MoveList) (syzygy.WDL, bool) {
	tb := s.tb
	limit := tb.limit()
	if limit == 0 || p.Occupied().Count() > limit {
		return 0, false
	}
	moves, ok := tb.Tables.RankRootMoves(p, tb.Rule50)
	if !ok || len(moves) == 0 {
		return 0, false
	}
	s.tbHits.Add(1)
	best := moves[0]
	var keep chess.MoveList
	for _, rm := range moves {
		if rm.Rank != best.Rank {
			break
		}
		if len(s.rootMoves) == 0 || containsMove(s.rootMoves, rm.Move) {
			keep.Moves[keep.N] = rm.Move
			keep.N++
		}
	}
	if keep.N == 0 {
		return 0, false // searchmoves left out every best move: search them anyway
	}
	*root = keep
	s.rootMoves = append(s.rootMoves[:0], keep.Moves[:keep.N]...)
	return best.WDL, true
}

// tbRootScore replaces an ordinary score of a root in the tables by the
// tables' verdict: the search may not see that a won endgame is won.
func (s *Searcher) tbRootScore(v int) int {
	if !s.rootInTB || IsMateScore(v) {
		return v
	}
	tb, _ := s.tb.score(s.rootWDL, 0)
	return tb
}
