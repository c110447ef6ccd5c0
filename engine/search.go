package engine

import (
	"math"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// Info reports the progress of a search after each iteration.
type Info struct {
	Depth    int
	SelDepth int
	Score    int
	Bound    Bound // BoundExact, or a bound while the aspiration window fails
	Nodes    uint64
	Time     time.Duration
	Hashfull int
	PV       []chess.Move
}

// Result is the outcome of a search.
type Result struct {
	Move   chess.Move // chess.NullMove when there is no legal move
	Ponder chess.Move // the expected reply, or chess.NullMove
	Score  int
	Depth  int
	Nodes  uint64
	PV     []chess.Move
}

// Searcher searches positions. It keeps its move-ordering tables between
// searches; give each thread its own Searcher and share the TT.
type Searcher struct {
	TT *TT
	// OnInfo, if set, is called after each completed iteration.
	OnInfo func(Info)

	pos      *chess.Position
	stop     atomic.Bool
	nodes    uint64
	seldepth int
	start    time.Time
	soft     time.Duration
	hard     time.Duration
	maxNodes uint64
	extStop  *atomic.Bool
	// rootMoves, when not empty, are the only moves searched at the root.
	rootMoves []chess.Move

	killers  [MaxPly + 2][2]chess.Move
	history  [2][64][64]int32
	counters [16][64]chess.Move
	evals    [MaxPly + 2]int
	pv       [MaxPly + 1][MaxPly + 1]chess.Move
	pvLen    [MaxPly + 1]int
}

// NewSearcher returns a searcher using the given table.
func NewSearcher(tt *TT) *Searcher { return &Searcher{TT: tt} }

// Stop asks a running search to return as soon as it can; it is safe to
// call from another goroutine.
func (s *Searcher) Stop() { s.stop.Store(true) }

// Clear forgets the move-ordering statistics (for a new game).
func (s *Searcher) Clear() {
	s.killers = [MaxPly + 2][2]chess.Move{}
	s.history = [2][64][64]int32{}
	s.counters = [16][64]chess.Move{}
}

// lmrTable[d][n] is the late move reduction at depth d for move n.
var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int(0.75 + math.Log(float64(d))*math.Log(float64(n))/2.25)
		}
	}
}

// Search searches p (which it plays moves on and restores) within the
// limits and returns the best move found.
func (s *Searcher) Search(p *chess.Position, limits Limits) Result {
	s.pos = p
	s.stop.Store(false)
	s.nodes = 0
	s.start = time.Now()
	s.soft, s.hard = limits.deadlines()
	s.maxNodes = limits.Nodes
	s.extStop = limits.Stop
	s.TT.NewSearch()
	s.killers = [MaxPly + 2][2]chess.Move{}

	var root chess.MoveList
	p.GenerateLegal(&root)
	s.rootMoves = s.rootMoves[:0]
	for _, m := range limits.SearchMoves {
		if root.Contains(m) {
			s.rootMoves = append(s.rootMoves, m)
		}
	}
	if len(s.rootMoves) > 0 {
		root.N = copy(root.Moves[:], s.rootMoves)
	}
	if root.N == 0 {
		return Result{}
	}
	maxDepth := MaxPly - 1
	if limits.Depth > 0 {
		maxDepth = min(limits.Depth, maxDepth)
	}
	var res Result
	res.Move = root.Moves[0]
	score := 0
	for depth := 1; depth <= maxDepth; depth++ {
		s.seldepth = 0
		v, ok := s.aspiration(depth, score)
		if !ok {
			// A move that beat alpha in the unfinished iteration was
			// searched fully and is better than the last iteration's.
			if s.pvLen[0] > 0 && depth > 1 {
				res.Move = s.pv[0][0]
				res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
			}
			break
		}
		score = v
		res.Score, res.Depth = v, depth
		res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
		if len(res.PV) > 0 {
			res.Move = res.PV[0]
		}
		s.report(depth, v, BoundExact, res.PV)
		if s.soft > 0 && time.Since(s.start) > s.soft {
			break
		}
		if IsMateScore(v) && depth > 2*MateIn(abs(v))+4 {
			break // a mate found and confirmed: no need to go on
		}
		if limits.Mate > 0 && v >= mateBound && MateIn(v) <= limits.Mate {
			break
		}
	}
	res.Nodes = s.nodes
	if len(res.PV) > 1 && res.PV[0] == res.Move {
		res.Ponder = res.PV[1]
	} else {
		res.PV = []chess.Move{res.Move}
	}
	return res
}

func (s *Searcher) report(depth, score int, bound Bound, pv []chess.Move) {
	if s.OnInfo == nil {
		return
	}
	s.OnInfo(Info{
		Depth: depth, SelDepth: s.seldepth, Score: score, Bound: bound,
		Nodes: s.nodes, Time: time.Since(s.start), Hashfull: s.TT.Hashfull(),
		PV: append([]chess.Move(nil), pv...),
	})
}

// aspiration searches with a narrow window around the last score and
// widens it when the result falls outside.
func (s *Searcher) aspiration(depth, prev int) (int, bool) {
	alpha, beta := -Infinity, Infinity
	window := 25
	if depth >= 4 {
		alpha, beta = max(prev-window, -Infinity), min(prev+window, Infinity)
	}
	for {
		v := s.negamax(alpha, beta, depth, 0, false)
		if s.stop.Load() {
			return v, false
		}
		switch {
		case v <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(v-window, -Infinity)
		case v >= beta:
			beta = min(v+window, Infinity)
		default:
			return v, true
		}
		window *= 2
		if window > 1000 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// checkLimits stops the search when the hard time or node limit is hit.
func (s *Searcher) checkLimits() {
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stop.Store(true)
	}
	if s.nodes&1023 == 0 {
		if s.hard > 0 && time.Since(s.start) > s.hard || s.extStop != nil && s.extStop.Load() {
			s.stop.Store(true)
		}
	}
}

func (s *Searcher) isDraw(ply int) bool {
	p := s.pos
	if p.HalfmoveClock() >= 100 && !p.InCheck() {
		return true
	}
	return p.IsRepetition(p.HalfmoveClock()) || p.IsInsufficientMaterial()
}

func (s *Searcher) negamax(alpha, beta, depth, ply int, cutNode bool) int {
	p := s.pos
	pvNode := beta-alpha > 1
	s.pvLen[ply] = 0
	if ply > 0 {
		if s.isDraw(ply) {
			return 0
		}
		// Mate distance pruning: no score can beat a mate already found
		// nearer the root.
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	inCheck := p.InCheck()
	if inCheck {
		depth++
	}
	if depth <= 0 || ply >= MaxPly {
		return s.quiescence(alpha, beta, ply)
	}
	s.nodes++
	s.checkLimits()
	if s.stop.Load() {
		return 0
	}

	key := p.Key()
	hashMove := chess.NullMove
	entry, hit := s.TT.probe(key, ply)
	if hit {
		hashMove = entry.move
		if !pvNode && entry.depth >= depth &&
			(entry.bound == BoundExact || entry.bound == BoundLower && entry.score >= beta || entry.bound == BoundUpper && entry.score <= alpha) {
			return entry.score
		}
	}

	eval := -Infinity
	if !inCheck {
		if hit {
			eval = entry.eval
		} else {
			eval = Evaluate(p)
		}
	}
	s.evals[ply] = eval
	improving := !inCheck && ply >= 2 && eval > s.evals[ply-2]

	if !pvNode && !inCheck {
		// Reverse futility: far above beta at low depth, assume it holds.
		if depth <= 7 && eval-80*depth+40*boolInt(improving) >= beta && eval < mateBound {
			return eval
		}
		// Razoring: far below alpha, see whether captures can recover.
		if depth <= 3 && eval+200+150*depth < alpha {
			if v := s.quiescence(alpha, alpha+1, ply); v <= alpha {
				return v
			}
		}
		// Null move: give the opponent a free move; if we still beat
		// beta, the position is good enough (not in pawn endings, where
		// zugzwang makes passing an advantage).
		if depth >= 3 && eval >= beta && p.LastMove() != chess.NullMove && nonPawnMaterial(p, p.SideToMove()) > 0 {
			r := 3 + depth/4 + min(3, (eval-beta)/200)
			p.MakeNullMove()
			v := -s.negamax(-beta, -beta+1, depth-1-r, ply+1, !cutNode)
			p.UnmakeMove()
			if s.stop.Load() {
				return 0
			}
			if v >= beta {
				if v >= mateBound {
					v = beta
				}
				return v
			}
		}
	}
	// Internal iterative reduction: without a hash move this node was not
	// searched before and is probably less important.
	if depth >= 4 && hashMove == chess.NullMove && (pvNode || cutNode) {
		depth--
	}

	var ms moveSelector
	p.GenerateLegal(&ms.list)
	if ms.list.N == 0 {
		if inCheck {
			return -MateScore + ply
		}
		return 0
	}
	s.scoreMoves(&ms, ply, hashMove)

	var quietsTried [64]chess.Move
	nQuiets := 0
	bestScore, bestMove := -Infinity, chess.NullMove
	origAlpha := alpha
	moveCount := 0
	for {
		m, order, ok := ms.pick()
		if !ok {
			break
		}
		if ply == 0 && len(s.rootMoves) > 0 && !containsMove(s.rootMoves, m) {
			continue
		}
		noisy := isNoisy(p, m)
		moveCount++
		if ply > 0 && bestScore > -mateBound && !inCheck {
			if !noisy {
				// Late move pruning and futility pruning of quiet moves.
				if depth <= 8 && moveCount > (3+depth*depth)/(2-boolInt(improving)) {
					continue
				}
				if depth <= 8 && eval+100+90*depth <= alpha && !p.GivesCheck(m) {
					continue
				}
			} else if depth <= 8 && order < orderGoodNoisy && !SEE(p, m, -90*depth) {
				continue // a capture that loses too much material
			}
		}
		gives := p.GivesCheck(m)
		p.MakeMove(m)
		newDepth := depth - 1
		var v int
		if moveCount == 1 {
			v = -s.negamax(-beta, -alpha, newDepth, ply+1, false)
		} else {
			r := 0
			if depth >= 3 && !noisy && !gives {
				r = lmrTable[min(depth, 63)][min(moveCount, 63)]
				if !pvNode {
					r++
				}
				if improving {
					r--
				}
				if order >= orderCounter {
					r-- // killers and the counter-move
				} else {
					r -= int(order) / 8192
				}
				r = max(0, min(r, newDepth-1))
			}
			v = -s.negamax(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if v > alpha && r > 0 {
				v = -s.negamax(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if v > alpha && v < beta {
				v = -s.negamax(-beta, -alpha, newDepth, ply+1, false)
			}
		}
		p.UnmakeMove()
		if s.stop.Load() {
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				alpha = v
				s.pv[ply][0] = m
				copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
				s.pvLen[ply] = s.pvLen[ply+1] + 1
				if v >= beta {
					if !noisy {
						s.rewardQuiet(m, ply, depth, quietsTried[:nQuiets])
					}
					break
				}
			}
		}
		if !noisy && nQuiets < len(quietsTried) {
			quietsTried[nQuiets] = m
			nQuiets++
		}
	}
	bound := BoundUpper
	switch {
	case bestScore >= beta:
		bound = BoundLower
	case bestScore > origAlpha:
		bound = BoundExact
	}
	s.TT.store(key, ply, bestMove, bestScore, eval, depth, bound)
	return bestScore
}

// rewardQuiet records a quiet move that caused a beta cut-off.
func (s *Searcher) rewardQuiet(m chess.Move, ply, depth int, tried []chess.Move) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	p := s.pos
	if last := p.LastMove(); last != chess.NullMove {
		s.counters[p.PieceAt(last.To())][last.To()] = m
	}
	var all [65]chess.Move
	n := copy(all[:], tried)
	all[n] = m
	s.updateHistory(m, all[:n+1], depth)
}

// quiescence searches captures and promotions (all evasions when in
// check) until the position is quiet, so that the static evaluation is
// never taken in the middle of an exchange.
func (s *Searcher) quiescence(alpha, beta, ply int) int {
	p := s.pos
	s.nodes++
	s.checkLimits()
	if s.stop.Load() {
		return 0
	}
	s.seldepth = max(s.seldepth, ply)
	s.pvLen[ply] = 0
	if p.IsInsufficientMaterial() || p.HalfmoveClock() >= 100 {
		return 0
	}
	inCheck := p.InCheck()
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return Evaluate(p)
	}
	key := p.Key()
	entry, hit := s.TT.probe(key, ply)
	if hit && (entry.bound == BoundExact || entry.bound == BoundLower && entry.score >= beta || entry.bound == BoundUpper && entry.score <= alpha) {
		return entry.score
	}
	bestScore := -Infinity
	eval := -Infinity
	var ms moveSelector
	if inCheck {
		p.GenerateLegal(&ms.list)
		if ms.list.N == 0 {
			return -MateScore + ply
		}
	} else {
		if hit {
			eval = entry.eval
		} else {
			eval = Evaluate(p)
		}
		bestScore = eval
		if eval >= beta {
			return eval
		}
		alpha = max(alpha, eval)
		p.GenerateNoisy(&ms.list)
	}
	scoreNoisy(p, &ms)
	origAlpha := alpha
	bestMove := chess.NullMove
	for {
		m, _, ok := ms.pick()
		if !ok {
			break
		}
		if !inCheck {
			if m.Kind() == chess.Promotion && m.Promo() != chess.Queen {
				continue
			}
			// Delta pruning: even winning the piece would not reach alpha.
			if m.Kind() != chess.Promotion && eval+SimpleValue[p.PieceAt(m.To()).Type()]+200 <= alpha {
				continue
			}
			if !SEE(p, m, 0) {
				continue
			}
		}
		p.MakeMove(m)
		v := -s.quiescence(-beta, -alpha, ply+1)
		p.UnmakeMove()
		if s.stop.Load() {
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				alpha = v
				bestMove = m
				if v >= beta {
					break
				}
			}
		}
	}
	bound := BoundUpper
	switch {
	case bestScore >= beta:
		bound = BoundLower
	case bestScore > origAlpha:
		bound = BoundExact
	}
	if !inCheck {
		s.TT.store(key, ply, bestMove, bestScore, eval, 0, bound)
	}
	return bestScore
}

func containsMove(moves []chess.Move, m chess.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}
