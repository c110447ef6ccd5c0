package engine

import (
	"math"
	"math/rand/v2"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/syzygy"
)

// Info reports the progress of a search after each iteration, once for
// each principal variation when several are searched (MultiPV).
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int // 1 for the best line, 2 for the second best, ...
	Score    int
	Bound    Bound // BoundExact, or a bound while the aspiration window fails
	Nodes    uint64
	Time     time.Duration
	Hashfull int
	// TBHits counts the tablebase probes that found their position.
	TBHits uint64
	PV     []chess.Move
}

// Line is one principal variation of a finished iteration.
type Line struct {
	Score int
	Depth int
	PV    []chess.Move
}

// Result is the outcome of a search.
type Result struct {
	Move   chess.Move // chess.NullMove when there is no legal move
	Ponder chess.Move // the expected reply, or chess.NullMove
	Score  int
	Depth  int
	Nodes  uint64
	PV     []chess.Move
	// Lines are the best lines found, best first: one, or MultiPV.
	Lines []Line
}

// Searcher searches positions. It keeps its move-ordering tables between
// searches. With SetThreads(n), n > 1, it runs n-1 helper searchers on
// the same table (Lazy SMP); a Searcher runs one search at a time.
type Searcher struct {
	TT *TT
	// OnInfo, if set, is called after each completed iteration (and for
	// each line when MultiPV > 1).
	OnInfo func(Info)
	// OnCurrMove, if set, is called when the search starts on a root
	// move, after the first seconds of a search (UCI's currmove).
	OnCurrMove func(m chess.Move, number int)
	// Rand chooses among near-best moves at a limited strength; nil
	// means a generator seeded from the clock.
	Rand *rand.Rand
	// Tablebases, if set, are probed at the root and in the search.
	Tablebases *Tablebases

	pos *chess.Position
	// stop is shared by the main searcher and its helpers.
	stop      *atomic.Bool
	nodes     uint64
	published atomic.Uint64 // nodes, as last told to the other threads
	// helperNodes is what the helpers had searched at the last count.
	helperNodes uint64
	seldepth    int
	start       time.Time
	soft        time.Duration
	hard        time.Duration
	maxNodes    uint64
	extStop     *atomic.Bool
	// firstIteration is set during the depth-1 iteration, which no limit
	// and no "stop" cuts: it takes well under a millisecond, and without
	// it the move played would be the generator's first.
	firstIteration bool
	// pondering is set while a "go ponder" search waits for ponderhit:
	// time limits do not count until then. ponderHit holds the time of
	// the hit (Unix nanoseconds), from which the limits then count.
	pondering atomic.Bool
	ponderHit atomic.Int64
	helper    bool
	// tb is the tablebases of the search (the main thread's, in a helper);
	// tbHits counts this thread's successful probes. rootInTB tells that
	// the root is in the tables, with the result rootWDL.
	tb       *Tablebases
	tbHits   atomic.Uint64
	rootInTB bool
	rootWDL  syzygy.WDL
	// nullMinPly disables null moves before this ply, during the
	// verification of a null move's cut-off.
	nullMinPly int
	main       *Searcher // the main thread, for a helper
	helpers    []*Searcher
	// rootMoves, when not empty, are the only moves searched at the root;
	// excluded are root moves skipped (the lines MultiPV already has).
	rootMoves []chess.Move
	excluded  []chess.Move

	// excludedMove[ply] is the move a singular extension search leaves out.
	excludedMove [MaxPly + 2]chess.Move

	killers [MaxPly + 2][2]chess.Move
	// The histories and the correction are shared by the main searcher
	// and its helpers. played[ply] is the pieceSquare of the move made
	// at ply, or noContinuation.
	history    *butterflyHistory
	cont       *contHistory
	correction *correctionTable
	played     [MaxPly + 2]int32
	counters   [16][64]chess.Move
	evals      [MaxPly + 2]int
	pawns      pawnTable // this thread's own
	nn         *netStack // the network's accumulators, nil without a network
	moves      moveStack
	// pv is the main searcher's principal variations; helpers, whose
	// lines nobody reads, have none (it is 34 KB a thread).
	pv *pvTable
}

// pvTable holds the principal variation from each ply: line[ply] has
// length[ply] moves.
type pvTable struct {
	line   [MaxPly + 1][MaxPly + 1]chess.Move
	length [MaxPly + 1]int
}

// NewSearcher returns a searcher using the given table.
func NewSearcher(tt *TT) *Searcher {
	return &Searcher{
		TT: tt, stop: new(atomic.Bool), pv: new(pvTable), pawns: newPawnTable(0),
		history: new(butterflyHistory), cont: new(contHistory), correction: new(correctionTable),
		nn: newNetStack(0),
	}
}

// SetThreads sets the number of threads of the next searches (1 to
// MaxThreads): the searcher itself and n-1 helpers sharing its table.
func (s *Searcher) SetThreads(n int) {
	n = min(max(n, 1), MaxThreads)
	for len(s.helpers) < n-1 {
		h := &Searcher{TT: s.TT, history: s.history, cont: s.cont, correction: s.correction, pawns: newPawnTable(len(s.helpers) + 1), nn: newNetStack(len(s.helpers) + 1)}
		h.stop = s.stop
		h.helper = true
		h.main = s
		s.helpers = append(s.helpers, h)
	}
	s.helpers = s.helpers[:n-1]
}

// MaxThreads bounds SetThreads.
const MaxThreads = 256

// leanThreadsFrom is the index of the first thread (0 is the main one)
// whose caches are small: the threads before it, which have a core of
// their own on most machines, get full-size ones; beyond them, small ones
// keep hundreds of threads within the memory budget, for a little speed.
const leanThreadsFrom = 8

// Threads returns the number of threads searches use.
func (s *Searcher) Threads() int { return len(s.helpers) + 1 }

// Stop asks a running search to return as soon as it can; it is safe to
// call from another goroutine.
func (s *Searcher) Stop() { s.stop.Store(true) }

// PonderHit tells a search started with Limits.Ponder that the expected
// move was played: from now on its time limits count. It is safe to call
// from another goroutine.
func (s *Searcher) PonderHit() {
	s.ponderHit.Store(time.Now().UnixNano())
	s.pondering.Store(false)
}

// Clear forgets the move-ordering statistics (for a new game).
func (s *Searcher) Clear() {
	s.killers = [MaxPly + 2][2]chess.Move{}
	s.counters = [16][64]chess.Move{}
	if !s.helper {
		// The shared tables; no search runs, so plain writes are safe.
		*s.history = butterflyHistory{}
		*s.cont = contHistory{}
		*s.correction = correctionTable{}
	}
	for _, h := range s.helpers {
		h.Clear()
	}
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
	if limits.Elo > 0 {
		return s.searchAtLevel(p, limits)
	}
	return s.search(p, limits)
}

// search runs the main thread's iterative deepening, with the helpers
// searching the same position alongside.
func (s *Searcher) search(p *chess.Position, limits Limits) Result {
	s.stop.Store(false)
	s.setup(p, limits)
	s.TT.NewSearch()

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
	if root.N == 1 && s.soft > 0 {
		// A forced move: think only briefly, for a score and a ponder
		// move, and keep the clock for the moves that need it.
		s.soft = max(s.soft/forcedMoveShare, time.Millisecond)
	}
	s.tb = s.Tablebases
	s.rootWDL, s.rootInTB = s.rootTablebase(p, &root)
	var wg sync.WaitGroup
	for i, h := range s.helpers {
		h.setup(p.Copy(), limits)
		h.tb = s.tb
		h.rootMoves = append(h.rootMoves[:0], s.rootMoves...)
		wg.Go(func() { h.helperLoop(i) })
	}
	res := s.iterate(root, limits)
	s.stop.Store(true)
	wg.Wait()
	res.Nodes = s.totalNodes()
	return res
}

// setup prepares a thread for a search of p.
func (s *Searcher) setup(p *chess.Position, limits Limits) {
	s.pos = p
	s.nodes = 0
	s.tbHits.Store(0)
	s.rootInTB = false
	s.helperNodes = 0
	s.published.Store(0)
	s.start = time.Now()
	s.soft, s.hard = limits.deadlines()
	s.maxNodes = limits.Nodes
	s.extStop = limits.Stop
	s.pondering.Store(limits.Ponder)
	s.ponderHit.Store(0)
	s.killers = [MaxPly + 2][2]chess.Move{}
	s.excluded = s.excluded[:0]
}

// helperLoop is a helper thread's search: iterative deepening with no
// reports, feeding the shared table until the main thread stops it. Odd
// helpers start one ply deeper, so that the threads spread over depths.
func (s *Searcher) helperLoop(index int) {
	score := 0
	for depth := 1 + index%2; depth < MaxPly; depth++ {
		v, ok := s.aspiration(depth, score, nil)
		if !ok {
			return
		}
		score = v
	}
}

// totalTBHits returns the tablebase hits of all threads. The helpers'
// counts are read while they run: the total is a report, not a limit.
func (s *Searcher) totalTBHits() uint64 {
	n := s.tbHits.Load()
	for _, h := range s.helpers {
		n += h.tbHits.Load()
	}
	return n
}

// totalNodes returns the nodes searched by all threads.
func (s *Searcher) totalNodes() uint64 { return s.nodes + s.helperTotal() }

// helperTotal returns the nodes the helpers have reported.
func (s *Searcher) helperTotal() uint64 {
	var n uint64
	for _, h := range s.helpers {
		n += h.published.Load()
	}
	return n
}

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
	window := 25
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
	s.pv.clear(ply)
	if ply == 0 && s.nn != nil {
		s.nn.root(p)
	}
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
		return s.quiescence(alpha, beta, ply, true)
	}
	s.nodes++
	s.checkLimits()
	if s.stop.Load() {
		return 0
	}

	key := p.Key()
	hashMove := chess.NullMove
	excluded := s.excludedMove[ply]
	entry, hit := s.TT.probe(key, ply)
	if excluded != chess.NullMove {
		// A singular extension's search: its result is about the other
		// moves only, so the table's entry for the position cannot answer.
		hit = false
	}
	if hit {
		hashMove = entry.move
		if !pvNode && entry.depth >= depth && entry.bound.cuts(entry.score, alpha, beta) {
			return entry.score
		}
	}

	if ply > 0 && excluded == chess.NullMove {
		if v, bound, ok := s.probe(depth, ply); ok && bound.cuts(v, alpha, beta) {
			return v
		}
	}

	// rawEval is the evaluation function's verdict (what the table
	// keeps), staticEval that corrected for the pawn structure, and eval
	// the best estimate: the table's score when its bound says more.
	rawEval, staticEval, eval := -Infinity, -Infinity, -Infinity
	if !inCheck {
		rawEval, staticEval = s.staticEval(p, ply, entry, hit)
		eval = staticEval
		if hit && !IsMateScore(entry.score) &&
			(entry.bound == BoundExact || entry.bound == BoundLower && entry.score > eval || entry.bound == BoundUpper && entry.score < eval) {
			eval = entry.score
		}
	}
	s.evals[ply] = staticEval
	improving := !inCheck && ply >= 2 && staticEval > s.evals[ply-2]

	if !pvNode && !inCheck && excluded == chess.NullMove {
		// Reverse futility: far above beta at low depth, assume it holds.
		if depth <= 7 && eval-80*depth+40*boolInt(improving) >= beta && eval < mateBound {
			return eval
		}
		// Razoring: far below alpha, see whether captures can recover.
		if depth <= 3 && eval+200+150*depth < alpha {
			if v := s.quiescence(alpha, alpha+1, ply, false); v <= alpha {
				return v
			}
		}
		// Null move: give the opponent a free move; if we still beat
		// beta, the position is good enough (not in pawn endings, where
		// zugzwang makes passing an advantage).
		if depth >= 3 && eval >= beta && ply >= s.nullMinPly && p.LastMove() != chess.NullMove && nonPawnMaterial(p, p.SideToMove()) > 0 {
			r := 3 + depth/4 + min(3, (eval-beta)/200)
			s.played[ply] = noContinuation
			if s.nn != nil {
				s.nn.pushNull(ply)
			}
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
				if depth < 6 || s.nullMinPly > 0 {
					return v
				}
				// Deep down, verify with a reduced search without null
				// moves for a few plies: in zugzwang passing is the best
				// move, and the null move's verdict is wrong.
				s.nullMinPly = ply + 3*(depth-r)/4
				w := s.negamax(beta-1, beta, depth-r, ply, false)
				s.nullMinPly = 0
				if w >= beta {
					return v
				}
			}
		}
	}
	// Internal iterative reduction: without a hash move this node was not
	// searched before and is probably less important.
	if depth >= 4 && hashMove == chess.NullMove && (pvNode || cutNode) {
		depth--
	}

	s.moves.gen.N = 0
	p.GenerateLegal(&s.moves.gen)
	if s.moves.gen.N == 0 {
		if inCheck {
			return -MateScore + ply
		}
		return 0
	}
	// The list is released by hand at each return below: with this many
	// returns a deferred call would cost a 72-byte record in every frame.
	mark := s.moves.top
	ms := s.moves.push()
	s.scoreMoves(&ms, ply, hashMove)
	checks := p.NewCheckInfo()

	// The quiet moves searched so far, for the history's maluses, are
	// written over the front of the node's own list: pick has handed
	// those places out already and never reads them again.
	nQuiets := 0
	bestScore, bestMove := -Infinity, chess.NullMove
	origAlpha := alpha
	moveCount := 0
	for {
		m, order, ok := ms.pick()
		if !ok {
			break
		}
		if m == excluded {
			continue
		}
		if ply == 0 {
			if len(s.rootMoves) > 0 && !containsMove(s.rootMoves, m) || containsMove(s.excluded, m) {
				continue
			}
			if s.OnCurrMove != nil && !s.helper && time.Since(s.start) > 3*time.Second {
				s.OnCurrMove(m, moveCount+1)
			}
		}
		s.TT.prefetch(p.KeyAfter(m))
		noisy := isNoisy(p, m)
		gives := p.GivesCheckWith(&checks, m)
		moveCount++
		if ply > 0 && bestScore > -mateBound && !inCheck {
			if !noisy && !gives {
				// Late move pruning and futility pruning of quiet moves;
				// checks are kept, as they may be mates.
				if depth <= 8 && moveCount > (3+depth*depth)/(2-boolInt(improving)) {
					continue
				}
				if depth <= 8 && eval+100+90*depth <= alpha {
					continue
				}
			} else if noisy && depth <= 8 && order < orderGoodNoisy && !SEE(p, m, -90*depth) {
				continue // a capture that loses too much material
			}
		}
		extension := 0
		if m == hashMove && ply > 0 && depth >= 8 && excluded == chess.NullMove && entry.bound&BoundLower != 0 &&
			entry.depth >= depth-3 && !IsMateScore(entry.score) {
			// Singular extension: if every other move falls well short of
			// the hash move's score, the hash move is the only good one
			// and deserves a deeper look; if even the others beat beta,
			// several moves do (multi-cut) and the node is cut.
			singularBeta := entry.score - 2*depth
			s.excludedMove[ply] = m
			v := s.negamax(singularBeta-1, singularBeta, (depth-1)/2, ply, cutNode)
			s.excludedMove[ply] = chess.NullMove
			if s.stop.Load() {
				s.moves.release(mark)
				return 0
			}
			if v < singularBeta {
				extension = 1
			} else if singularBeta >= beta {
				s.moves.release(mark)
				return singularBeta
			}
		}
		s.played[ply] = pieceSquare(p.PieceAt(m.From()), m.To())
		if s.nn != nil {
			s.nn.push(p, m, ply)
		}
		p.MakeMove(m)
		newDepth := depth - 1 + extension
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
					r -= int(order) / 16384
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
			s.moves.release(mark)
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				alpha = v
				s.pv.update(ply, m)
				if v >= beta {
					if !noisy {
						s.rewardQuiet(m, ply, depth, ms.moves[:nQuiets])
					}
					break
				}
			}
		}
		if !noisy && nQuiets < maxQuietsTried {
			ms.moves[nQuiets] = m
			nQuiets++
		}
	}
	s.moves.release(mark)
	bound := BoundUpper
	switch {
	case bestScore >= beta:
		bound = BoundLower
	case bestScore > origAlpha:
		bound = BoundExact
	}
	if excluded != chess.NullMove {
		if moveCount == 0 {
			return alpha // the excluded move was the only one
		}
		return bestScore
	}
	// The correction learns from quiet results only, and only from a
	// bound that says on which side of the static evaluation the truth
	// lies; mates and tablebase verdicts say nothing about evaluation.
	if !inCheck && (bestMove == chess.NullMove || !isNoisy(p, bestMove)) && !IsMateScore(bestScore) && !IsTBScore(bestScore) &&
		!(bound == BoundLower && bestScore <= staticEval) && !(bound == BoundUpper && bestScore >= staticEval) {
		s.updateCorrection(p, depth, bestScore, staticEval)
	}
	s.TT.store(key, ply, bestMove, bestScore, rawEval, depth, bound)
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
	s.updateHistory(m, tried, ply, depth)
}

// maxQuietsTried bounds the quiet moves a cut-off punishes.
const maxQuietsTried = 64

// quiescence searches captures and promotions (all evasions when in
// check) until the position is quiet, so that the static evaluation is
// never taken in the middle of an exchange.
func (s *Searcher) quiescence(alpha, beta, ply int, checks bool) int {
	p := s.pos
	s.nodes++
	s.checkLimits()
	if s.stop.Load() {
		return 0
	}
	s.seldepth = max(s.seldepth, ply)
	s.pv.clear(ply)
	if ply == 0 && s.nn != nil {
		s.nn.root(p)
	}
	if p.IsInsufficientMaterial() || p.HalfmoveClock() >= 100 {
		return 0
	}
	inCheck := p.InCheck()
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return s.evaluate(p, ply)
	}
	key := p.Key()
	entry, hit := s.TT.probe(key, ply)
	if hit && entry.bound.cuts(entry.score, alpha, beta) {
		return entry.score
	}
	bestScore := -Infinity
	rawEval, eval := -Infinity, -Infinity
	gen := &s.moves.gen
	gen.N = 0
	if inCheck {
		p.GenerateLegal(gen)
		if gen.N == 0 {
			return -MateScore + ply
		}
	} else {
		rawEval, eval = s.staticEval(p, ply, entry, hit)
		bestScore = eval
		if eval >= beta {
			return eval
		}
		alpha = max(alpha, eval)
		p.GenerateNoisy(gen)
		if checks {
			// On its first ply the quiescence search also tries quiet
			// checks, so that a mate threat one move deep is seen after
			// a null move or at the horizon.
			addQuietChecks(p, gen)
		}
	}
	mark := s.moves.top
	ms := s.moves.push()
	scoreNoisy(p, &ms)
	origAlpha := alpha
	bestMove := chess.NullMove
	for {
		m, _, ok := ms.pick()
		if !ok {
			break
		}
		s.TT.prefetch(p.KeyAfter(m))
		if !inCheck {
			if m.Kind() == chess.Promotion && m.Promo() != chess.Queen {
				continue
			}
			// Delta pruning: even winning the piece would not reach alpha.
			// It cuts the quiet checks too (a victim worth 0) when the side
			// to move is behind: keeping them found more mates but gained
			// nothing in games (docs/search-tests.md, 2026-11-25).
			if m.Kind() != chess.Promotion && eval+SimpleValue[p.PieceAt(m.To()).Type()]+200 <= alpha {
				continue
			}
			if !SEE(p, m, 0) {
				continue
			}
		}
		if s.nn != nil {
			s.nn.push(p, m, ply)
		}
		p.MakeMove(m)
		v := -s.quiescence(-beta, -alpha, ply+1, false)
		p.UnmakeMove()
		if s.stop.Load() {
			s.moves.release(mark)
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
	s.moves.release(mark)
	bound := BoundUpper
	switch {
	case bestScore >= beta:
		bound = BoundLower
	case bestScore > origAlpha:
		bound = BoundExact
	}
	if !inCheck {
		s.TT.store(key, ply, bestMove, bestScore, rawEval, 0, bound)
	}
	return bestScore
}

// addQuietChecks appends to list the quiet moves that give check. It is
// kept out of the quiescence search so that the move list it needs is
// not part of every quiescence frame on a thread's stack.
//
//go:noinline
func addQuietChecks(p *chess.Position, list *chess.MoveList) {
	var quiet chess.MoveList
	p.GenerateQuiet(&quiet)
	ci := p.NewCheckInfo()
	for _, m := range quiet.Moves[:quiet.N] {
		if p.GivesCheckWith(&ci, m) {
			list.Moves[list.N] = m
			list.N++
		}
	}
}

func containsMove(moves []chess.Move, m chess.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// clear empties the line from ply; a nil table (a helper's) does nothing.
func (t *pvTable) clear(ply int) {
	if t != nil {
		t.length[ply] = 0
	}
}

// update makes the line from ply m followed by the line from ply+1; a
// nil table does nothing.
func (t *pvTable) update(ply int, m chess.Move) {
	if t == nil {
		return
	}
	t.line[ply][0] = m
	copy(t.line[ply][1:], t.line[ply+1][:t.length[ply+1]])
	t.length[ply] = t.length[ply+1] + 1
}
