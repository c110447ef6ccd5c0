package tune

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// GenConfig configures Generate. Where a field gives a default, its
// zero value takes it.
type GenConfig struct {
	// Games is the number of games to play.
	Games int
	// Nodes is the node budget of every move's search.
	Nodes int
	// Scores adds to each position the score of the search that chose
	// its move (the EPD operation ce), unless it is a mate score.
	Scores bool
	// Openings are the start positions as FEN or EPD strings; game i
	// starts from the i-th of them in an order shuffled by Seed.
	Openings []string
	// Concurrency is the number of games played at once, each in its
	// own goroutine with its own searcher and table (default 1).
	Concurrency int
	// Seed chooses the order of the openings and the random early moves;
	// the same seed plays the same games.
	Seed uint64
	// HashMB is the size of each game's transposition table (default 4).
	HashMB int
	// SkipPlies: positions are recorded from this ply of the game on,
	// counting from the opening position ("ferz tune gen" uses 8).
	SkipPlies int
	// RandomPlies: the first RandomPlies moves of a game are chosen at
	// random among those within RandomMargin centipawns of the best
	// (default 20), so that games from similar openings differ ("ferz
	// tune gen" uses 4 plies).
	RandomPlies, RandomMargin int
	// Adjudication ends games early (default DefaultAdjudication).
	Adjudication *Adjudication
	// Duration, if positive, is the time after which no new game starts
	// (the games under way finish).
	Duration time.Duration
	// Progress, if set, is called after every game.
	Progress func(GenStats)
}

// GenStats count what Generate has done.
type GenStats struct {
	Games     int
	Positions int // positions written
	Plies     int // plies played in all the games
	// White wins, draws and Black wins.
	WhiteWins, Draws, BlackWins int
	// Ended counts the games by how they ended: "rules" (mate,
	// stalemate, repetition, 50 moves, insufficient material), "score"
	// (a clear win), "draw score", "ply cap".
	Ended   map[string]int
	Elapsed time.Duration
}

// multiPVLines is the number of lines searched for a random early move.
const multiPVLines = 4

// game is a finished game: its result and the positions to write.
type game struct {
	index  int
	result float64
	ended  string
	plies  int
	fens   []string
}

// validate checks the configuration and fills in the defaults.
func (c *GenConfig) validate() error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("tune: %d games; want at least 1", c.Games)
	case c.Nodes < 1:
		return fmt.Errorf("tune: node budget %d; want at least 1", c.Nodes)
	case len(c.Openings) == 0:
		return errors.New("tune: no openings")
	case c.Concurrency < 0 || c.SkipPlies < 0 || c.RandomPlies < 0 || c.RandomMargin < 0 || c.HashMB < 0:
		return errors.New("tune: negative concurrency, hash size, skip plies, random plies or random margin")
	}
	for i, fen := range c.Openings {
		p, err := parseStart(fen)
		if err != nil {
			return fmt.Errorf("tune: opening %d: %v", i+1, err)
		}
		if s := p.Status(); s.IsOver() {
			return fmt.Errorf("tune: opening %d (%s): the game is already over (%s)", i+1, fen, s)
		}
	}
	c.Concurrency = max(c.Concurrency, 1)
	if c.HashMB == 0 {
		c.HashMB = 4
	}
	if c.RandomMargin == 0 {
		c.RandomMargin = 20
	}
	if c.Adjudication == nil {
		a := DefaultAdjudication
		c.Adjudication = &a
	}
	return nil
}

// parseStart reads an opening as FEN or, failing that, EPD.
func parseStart(s string) (*chess.Position, error) {
	p, err := chess.ParseFEN(s)
	if err == nil {
		return p, nil
	}
	e, err2 := chess.ParseEPD(s)
	if err2 != nil {
		return nil, err
	}
	return e.Position, nil
}

// Generate plays cfg.Games games of Ferz against itself and writes the
// quiet positions of each game to w as it finishes, one EPD line each
// with the game's result: `FEN c9 "1-0";`. A position is recorded when
// it is at least cfg.SkipPlies into the game, the side to move is not in
// check, no endgame rule decides its evaluation, no capture improves on
// the static evaluation (a quiescence search), and the move played is
// neither a capture nor a promotion.
//
// Cancelling ctx stops the games under way, which are dropped; Generate
// then returns the statistics of the finished games and ctx's error.
func Generate(ctx context.Context, cfg GenConfig, w io.Writer) (GenStats, error) {
	st := GenStats{Ended: map[string]int{}}
	if err := cfg.validate(); err != nil {
		return st, err
	}
	began := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var stop atomic.Bool
	go func() {
		<-ctx.Done()
		stop.Store(true)
	}()

	order := rand.New(rand.NewPCG(cfg.Seed, 0x6f70656e696e6773)).Perm(len(cfg.Openings))
	jobs := make(chan int)
	done := make(chan game)
	var wg sync.WaitGroup
	for range cfg.Concurrency {
		wg.Go(func() {
			s := engine.NewSearcher(engine.NewTT(cfg.HashMB))
			for i := range jobs {
				g, ok := playGame(s, &cfg, cfg.Openings[order[i%len(order)]], i, &stop)
				if !ok {
					continue
				}
				select {
				case done <- g:
				case <-ctx.Done():
				}
			}
		})
	}
	go func() {
		defer close(jobs)
		var deadline <-chan time.Time
		if cfg.Duration > 0 {
			t := time.NewTimer(cfg.Duration)
			defer t.Stop()
			deadline = t.C
		}
		for i := range cfg.Games {
			if cfg.Duration > 0 && time.Since(began) >= cfg.Duration {
				return
			}
			select {
			case jobs <- i:
			case <-deadline:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()

	bw := bufio.NewWriter(w)
	var werr error
	for g := range done {
		if werr != nil {
			continue
		}
		res := FormatResult(g.result)
		for _, fen := range g.fens {
			fmt.Fprintf(bw, "%s %s %q;\n", fen, ResultOp, res)
		}
		if werr = bw.Flush(); werr != nil {
			cancel()
			continue
		}
		st.Games++
		st.Positions += len(g.fens)
		st.Plies += g.plies
		st.Ended[g.ended]++
		switch res {
		case "1-0":
			st.WhiteWins++
		case "0-1":
			st.BlackWins++
		default:
			st.Draws++
		}
		st.Elapsed = time.Since(began)
		if cfg.Progress != nil {
			cfg.Progress(st)
		}
	}
	st.Elapsed = time.Since(began)
	if werr != nil {
		return st, fmt.Errorf("tune: writing positions: %v", werr)
	}
	return st, ctx.Err()
}

// playGame plays game number index from the opening start with searcher
// s and returns it; false when stop was set before it ended.
func playGame(s *engine.Searcher, cfg *GenConfig, start string, index int, stop *atomic.Bool) (game, bool) {
	g := game{index: index}
	p, err := parseStart(start)
	if err != nil {
		return g, false // validate has parsed every opening
	}
	s.Clear()
	s.TT.Clear()
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(index)))
	adj := adjudicator{Adjudication: *cfg.Adjudication}
	for ply := 0; ; ply++ {
		if res, over := byRules(p); over {
			g.result, g.ended, g.plies = res, endRules, ply
			return g, true
		}
		if stop.Load() {
			return g, false
		}
		quiet := ply >= cfg.SkipPlies && isQuiet(p)
		limits := engine.Limits{Nodes: uint64(cfg.Nodes), Stop: stop}
		random := ply < cfg.RandomPlies
		if random {
			limits.MultiPV = multiPVLines
		}
		s.TT.NewSearch()
		r := s.Search(p, limits)
		if stop.Load() {
			return g, false
		}
		if r.Move == chess.NullMove {
			return g, false // cannot happen: byRules found legal moves
		}
		move := r.Move
		if random {
			move = randomNearBest(r, cfg.RandomMargin, rng)
		}
		white := r.Score
		if p.SideToMove() == chess.Black {
			white = -white
		}
		if quiet && !isNoisy(p, move) {
			fen := p.FEN()
			if cfg.Scores && !engine.IsMateScore(r.Score) {
				fen += fmt.Sprintf(" %s %d;", ScoreOp, r.Score)
			}
			g.fens = append(g.fens, fen)
		}
		if res, why, over := adj.score(white, ply); over {
			g.result, g.ended, g.plies = res, why, ply
			return g, true
		}
		p.MakeMove(move)
	}
}

// randomNearBest picks one of the search's lines whose score is within
// margin of the best.
func randomNearBest(r engine.Result, margin int, rng *rand.Rand) chess.Move {
	var near []chess.Move
	for _, l := range r.Lines {
		if len(l.PV) > 0 && l.Score >= r.Score-margin {
			near = append(near, l.PV[0])
		}
	}
	if len(near) == 0 {
		return r.Move
	}
	return near[rng.IntN(len(near))]
}
