package engine

import (
	"sort"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// iterate is the main thread's iterative deepening over the root moves.
func (s *Searcher) iterate(root chess.MoveList, limits Limits) Result {
	maxDepth := MaxPly - 1
	if limits.Depth > 0 {
		maxDepth = min(limits.Depth, maxDepth)
	}
	multiPV := min(max(limits.MultiPV, 1), root.N)
	var res Result
	res.Move = root.Moves[0]
	lines := make([]Line, 0, multiPV)
	prevScores := make([]int, multiPV)
	var lastBest chess.Move
	var stableIterations int
	// prevScore is the best score of the iteration before, for the time
	// management: a falling score deserves more time.
	prevScore := 0
	for depth := 1; depth <= maxDepth; depth++ {
		s.firstIteration = depth == 1
		s.excluded = s.excluded[:0]
		newLines := lines[:0:0]
		complete := true
		for k := 0; k < multiPV; k++ {
			s.seldepth = 0
			var prevPV []chess.Move
			if k < len(lines) {
				prevPV = lines[k].PV
			}
			v, ok := s.aspiration(depth, prevScores[k], prevPV)
			if !ok {
				// A move that beat alpha in the unfinished first line was
				// searched fully and is better than the last iteration's.
				if k == 0 && s.pv.length[0] > 0 && depth > 1 {
					res.Move = s.pv.line[0][0]
					res.PV = append(res.PV[:0], s.pv.line[0][:s.pv.length[0]]...)
				}
				complete = false
				break
			}
			pv := append([]chess.Move(nil), s.pv.line[0][:s.pv.length[0]]...)
			if len(pv) == 0 {
				break
			}
			prevScores[k] = v
			newLines = append(newLines, Line{Score: v, Depth: depth, PV: pv})
			s.excluded = append(s.excluded, pv[0])
		}
		s.firstIteration = false
		if len(newLines) > 0 && (complete || depth == 1) {
			// Lines found later may score higher after a fail-high:
			// keep them best first.
			sort.SliceStable(newLines, func(i, j int) bool { return newLines[i].Score > newLines[j].Score })
			lines = newLines
			best := lines[0]
			res.Score, res.Depth = best.Score, depth
			res.PV = append(res.PV[:0], best.PV...)
			res.Move = best.PV[0]
			for k, l := range lines {
				s.report(depth, k+1, l.Score, BoundExact, l.PV)
			}
		}
		if !complete {
			break
		}
		if res.Move == lastBest {
			stableIterations++
		} else {
			stableIterations = 0
		}
		lastBest = res.Move
		drop := 0
		if depth > 1 {
			drop = prevScore - res.Score
		}
		prevScore = res.Score
		if s.softLimitReached(stableIterations, drop) {
			break
		}
		if IsMateScore(res.Score) && depth > 2*abs(MateIn(res.Score))+4 {
			break // a mate found and confirmed: no need to go on
		}
		if limits.Mate > 0 && res.Score >= mateBound && MateIn(res.Score) <= limits.Mate {
			break
		}
	}
	if len(lines) == 0 {
		// Not even the first iteration finished: with more threads
		// than cores the helpers can reach a node or time limit before
		// the main thread has had its turn. Their searches of the root
		// left its best move in the table; without it the first legal
		// move stands.
		if e, hit := s.TT.probe(s.pos.Key(), 0); hit && root.Contains(e.move) {
			res.Move = e.move
		}
	}
	// An infinite or pondering search answers only when told to.
	for (limits.Infinite || s.pondering.Load()) && !s.stop.Load() && !s.externalStop() {
		time.Sleep(time.Millisecond)
	}
	res.Score = s.tbRootScore(res.Score)
	for i := range lines {
		lines[i].Score = s.tbRootScore(lines[i].Score)
	}
	res.Lines = lines
	if len(res.PV) > 1 && res.PV[0] == res.Move {
		res.Ponder = res.PV[1]
	} else {
		res.PV = []chess.Move{res.Move}
	}
	return res
}

// forcedMoveShare divides the soft limit when there is one legal move.
const forcedMoveShare = 10

// softLimitReached tells whether to start no new iteration. The soft
// limit stretches when the best move keeps changing or the score has
// just dropped by drop centipawns, and shrinks when the best move has
// stayed the same for several iterations.
func (s *Searcher) softLimitReached(stable, drop int) bool {
	if s.soft <= 0 || s.pondering.Load() {
		return false
	}
	scale := 1.3
	switch {
	case stable >= 6:
		scale = 0.6
	case stable >= 3:
		scale = 0.85
	case stable >= 1:
		scale = 1.0
	}
	if drop > 20 {
		// Up to half as much again for a drop of 150 cp or more: the
		// search is finding trouble and a deeper look may avoid it.
		scale *= 1 + float64(min(drop, 150))/300
	}
	return float64(s.elapsed()) > float64(s.soft)*scale
}

// elapsed is the search time that counts against the limits: from the
// start, or from the ponder hit.
func (s *Searcher) elapsed() time.Duration {
	if hit := s.ponderHit.Load(); hit != 0 {
		return time.Since(time.Unix(0, hit))
	}
	return time.Since(s.start)
}

func (s *Searcher) externalStop() bool { return s.extStop != nil && s.extStop.Load() }

func (s *Searcher) report(depth, multiPV, score int, bound Bound, pv []chess.Move) {
	if s.OnInfo == nil {
		return
	}
	s.OnInfo(Info{
		Depth: depth, SelDepth: s.seldepth, MultiPV: multiPV, Score: s.tbRootScore(score), Bound: bound,
		Nodes: s.totalNodes(), Time: time.Since(s.start), Hashfull: s.TT.Hashfull(), TBHits: s.totalTBHits(),
		PV: append([]chess.Move(nil), pv...),
	})
}

// aspiration searches with a narrow window around the last score and
// widens it when the result falls outside. prevPV is the line of the
// iteration before, which a report of a fail-low shows: no move of this
// iteration has a line then.
func (s *Searcher) aspiration(depth, prev int, prevPV []chess.Move) (int, bool) {
	alpha, beta := -Infinity, Infinity
	window := aspirationDelta
	if depth >= 4 {
		alpha, beta = max(prev-window, -Infinity), min(prev+window, Infinity)
	}
	for {
		v := s.negamax(alpha, beta, depth, 0, false)
		if s.stop.Load() {
			return v, false
		}
		bound := boundOf(v, alpha, beta)
		switch bound {
		case BoundUpper:
			beta = (alpha + beta) / 2
			alpha = max(v-window, -Infinity)
		case BoundLower:
			beta = min(v+window, Infinity)
		default:
			return v, true
		}
		if !s.helper && depth >= 8 {
			pv := s.pv.line[0][:s.pv.length[0]]
			if len(pv) == 0 {
				pv = prevPV
			}
			if len(pv) > 0 {
				s.report(depth, len(s.excluded)+1, v, bound, pv)
			}
		}
		window *= 2
		if window > 1000 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// boundOf tells which bound a score that failed a window gives.
func boundOf(v, alpha, beta int) Bound {
	switch {
	case v <= alpha:
		return BoundUpper
	case v >= beta:
		return BoundLower
	}
	return BoundExact
}

// checkLimits stops the search when the hard time or node limit is hit
// or a stop is requested from outside; every 1024 nodes it also tells
// the other threads how many nodes this one has searched.
func (s *Searcher) checkLimits() {
	if s.firstIteration {
		return
	}
	if s.maxNodes > 0 && !s.helper && s.nodes+s.helperNodes >= s.maxNodes {
		s.stop.Store(true)
	}
	if s.nodes&1023 != 0 {
		return
	}
	s.published.Store(s.nodes)
	if s.helper {
		// Helpers watch the node and time limits too, so that they hold
		// however the threads share the work: with more threads than
		// cores the main thread may wait long for its turn to look.
		m := s.main
		if m.maxNodes > 0 && m.published.Load()+m.helperTotal() >= m.maxNodes ||
			m.hard > 0 && !m.pondering.Load() && m.elapsed() > m.hard {
			s.stop.Store(true)
		}
		return
	}
	s.helperNodes = s.totalNodes() - s.nodes
	if s.hard > 0 && !s.pondering.Load() && s.elapsed() > s.hard || s.externalStop() {
		s.stop.Store(true)
	}
}
