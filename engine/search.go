package engine

import (
	"math/rand/v2"
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
	// lowPly is this thread's history of the quiet moves near the root.
	lowPly lowPlyHistory
	// The histories and the correction are shared by the main searcher
	// and its helpers. played[ply] is the pieceSquare of the move made
	// at ply, or noContinuation.
	history    *butterflyHistory
	cont       *contHistory
	correction *correctionTable
	played     [MaxPly + 2]int32
	// attacked[ply] are the squares the opponent attacks at ply, found
	// when the moves are ordered and used again to update the history.
	attacked [MaxPly + 2]chess.Bitboard
	counters [16][64]chess.Move
	evals    [MaxPly + 2]int
	// corrSlots[ply] are the correction entries of the position at ply,
	// found with its static evaluation and used again to update them.
	corrSlots [MaxPly + 2]correctionSlots
	// pieceKeys[ply] are the piece keys of the position at ply
	// (piecekeys.go), updated move by move.
	pieceKeys [MaxPly + 2]pieceKeys
	pawns     pawnTable // this thread's own
	nn        *netStack // the network's accumulators, nil without a network
	moves     moveStack
	// pv is the main searcher's principal variations; helpers, whose
	// lines nobody reads, have none (it is 34 KB a thread).
	pv *pvTable
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
	s.lowPly = lowPlyHistory{}
	s.excluded = s.excluded[:0]
}
