package match

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// DefaultReadyTimeout is how long an engine may take to answer "uci" and
// "isready" when Config sets no ReadyTimeout.
const DefaultReadyTimeout = 10 * time.Second

// Config describes a match.
type Config struct {
	// Engines play the match; at least two, with distinct names.
	Engines []EngineConfig
	// Gauntlet pairs the first engine with each of the others only;
	// otherwise every engine meets every other (round robin).
	Gauntlet bool
	// GamesPerPairing is the number of games each pairing plays, two per
	// opening with the colours swapped.
	GamesPerPairing int
	// TimeControl limits the engines' moves.
	TimeControl TimeControl
	// Book gives the openings in the order they are used; nil plays every
	// game from the standard starting position.
	Book *Book
	// Concurrency is the number of games played at once; 0 means half
	// the CPU cores (at least one).
	Concurrency int
	// Draw, Resign and MaxMoves adjudicate games by the engines' scores
	// and by length (zero values: off).
	Draw     DrawRule
	Resign   ResignRule
	MaxMoves int
	// Tablebase adjudicates a game as soon as its position is in the
	// Syzygy tables (zero value: off).
	Tablebase TablebaseRule
	// SPRT, if not nil, is tested after every game pair; the match stops
	// when it accepts either hypothesis. It needs exactly one pairing.
	SPRT *SPRT
	// ReadyTimeout bounds the wait for "uciok" and "readyok"
	// (DefaultReadyTimeout if 0).
	ReadyTimeout time.Duration
	// Event and Site fill the PGN tags of those names.
	Event, Site string
	// PGN receives every finished game, or nil.
	PGN io.Writer
	// Out receives the live report: a line per game, the standings, the
	// SPRT state. Nil discards it.
	Out io.Writer
	// StandingsEvery prints the whole standings table every so many games
	// (0: only at the end).
	StandingsEvery int
	// Log, if not nil, receives every line sent to and read from the
	// engines.
	Log io.Writer
}

// Results are the outcome of a match.
type Results struct {
	*Standings
	// SPRT is the test run, or nil; LLR and Decision its last state.
	SPRT     *SPRT
	LLR      float64
	Decision Decision
	// Stopped reports that the match ended before its last game (by the
	// SPRT or because its context was cancelled).
	Stopped bool
	// Elapsed is the match's duration.
	Elapsed time.Duration
}

// finished is a game handed back by a worker.
type finished struct {
	spec gameSpec
	out  gameOutcome
}

// Validate checks a Config for mistakes that would stop the match from
// running, with errors that name the setting.
func (c *Config) Validate() error {
	if len(c.Engines) < 2 {
		return fmt.Errorf("match: need at least two engines, have %d", len(c.Engines))
	}
	seen := map[string]bool{}
	for _, e := range c.Engines {
		if e.Command == "" {
			return fmt.Errorf("match: engine %q has no command", e.Name)
		}
		if e.Name == "" {
			return fmt.Errorf("match: engine with command %q has no name", e.Command)
		}
		if seen[e.Name] {
			return fmt.Errorf("match: two engines are called %q; give each a distinct name=", e.Name)
		}
		seen[e.Name] = true
	}
	if c.GamesPerPairing < 1 {
		return fmt.Errorf("match: games per pairing must be at least 1, have %d", c.GamesPerPairing)
	}
	if c.Concurrency < 0 {
		return fmt.Errorf("match: concurrency must not be negative, have %d", c.Concurrency)
	}
	if err := c.TimeControl.Validate(); err != nil {
		return fmt.Errorf("match: %v", err)
	}
	if c.SPRT != nil && len(makePairings(len(c.Engines), c.Gauntlet)) != 1 {
		return fmt.Errorf("match: an SPRT needs exactly one pairing (two engines, or a gauntlet with one opponent)")
	}
	return nil
}

// DefaultConcurrency is half the CPU cores, at least one: every engine
// then has a core of its own while it thinks.
func DefaultConcurrency() int { return max(1, runtime.NumCPU()/2) }

// Run plays the match. It returns when every game is played, when the
// SPRT decides, or when ctx is cancelled (games in progress are then
// abandoned and not counted); the results so far come back in every case.
// Engine failures never stop the match: they lose games. Run fails only on
// a bad Config or when the PGN cannot be written.
func Run(ctx context.Context, cfg Config) (*Results, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	started := time.Now()
	out := cfg.Out
	if out == nil {
		out = io.Discard
	}
	concurrency := cfg.Concurrency
	if concurrency == 0 {
		concurrency = DefaultConcurrency()
	}
	ready := cfg.ReadyTimeout
	if ready <= 0 {
		ready = DefaultReadyTimeout
	}
	pairings := makePairings(len(cfg.Engines), cfg.Gauntlet)
	schedule := makeSchedule(pairings, cfg.GamesPerPairing, cfg.Book)
	res := &Results{Standings: newStandings(cfg.Engines, pairings, len(schedule)), SPRT: cfg.SPRT}
	settings := &gameSettings{
		tc:           cfg.TimeControl,
		draw:         cfg.Draw,
		resign:       cfg.Resign,
		maxMoves:     cfg.MaxMoves,
		tablebase:    cfg.Tablebase,
		readyTimeout: ready,
		event:        orDefault(cfg.Event, "Ferz match"),
		site:         orDefault(cfg.Site, "?"),
	}
	var log io.Writer
	if cfg.Log != nil {
		log = &LockedWriter{W: cfg.Log}
	}
	pool := newEnginePool(cfg.Engines, schedule, ready, log, func(w string) { fmt.Fprintf(out, "warning: %s\n", w) })

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan gameSpec)
	results := make(chan finished)
	var workers sync.WaitGroup
	for range min(concurrency, len(schedule)) {
		workers.Go(func() {
			for g := range jobs {
				results <- finished{g, playScheduled(ctx, pool, settings, cfg.Engines, g)}
			}
		})
	}
	go func() {
		defer close(jobs)
		for _, g := range schedule {
			select {
			case jobs <- g:
				pool.handedOut(g)
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		workers.Wait()
		close(results)
	}()

	var pgnErr error
	for f := range results {
		if f.out.result == "*" {
			continue // abandoned when the match stopped
		}
		if cfg.PGN != nil && pgnErr == nil {
			if err := chess.WritePGN(cfg.PGN, f.out.game); err != nil {
				pgnErr = fmt.Errorf("match: writing game %d to the PGN: %v", f.spec.number, err)
				cancel()
			}
		}
		pairDone := res.record(f.spec, f.out.result)
		res.recordClock(f.spec, f.out.clock)
		if f.out.fault != 0 {
			culprit := f.spec.white
			if f.out.faultSide == chess.Black {
				culprit = f.spec.black
			}
			res.recordFault(culprit, f.out.fault)
		}
		pr := res.Pairings[f.spec.pairing]
		fmt.Fprintf(out, "Game %d/%d %s vs %s (%s): %s {%s}\n", f.spec.number, res.Planned,
			cfg.Engines[f.spec.white].Name, cfg.Engines[f.spec.black].Name, openingLabel(f.spec.opening), f.out.result, f.out.reason)
		fmt.Fprintf(out, "  %s\n", pr.Line())
		if cfg.SPRT != nil && pairDone {
			counted := cfg.SPRT.Counted(pr.Penta)
			res.LLR, res.Decision = cfg.SPRT.LLR(counted), cfg.SPRT.Decide(counted)
			fmt.Fprintf(out, "  %s\n", sprtLine(cfg.SPRT, pr.Penta))
			if res.Decision != Continue && ctx.Err() == nil {
				fmt.Fprintf(out, "SPRT: %v after %d game pairs; stopping the match\n", res.Decision, counted.Pairs())
				cancel()
			}
		}
		if cfg.StandingsEvery > 0 && res.Played%cfg.StandingsEvery == 0 && res.Played < res.Planned {
			fmt.Fprintf(out, "\nStandings after %d of %d games:\n", res.Played, res.Planned)
			res.WriteTable(out)
			res.WriteFaults(out)
			res.WriteClock(out)
			fmt.Fprintln(out)
		}
	}
	pool.close()
	res.Stopped = res.Played < res.Planned
	res.Elapsed = time.Since(started)
	return res, pgnErr
}

// playScheduled gets the engines of one game from the pool, plays the
// game and gives the engines back.
func playScheduled(ctx context.Context, pool *enginePool, s *gameSettings, cfgs []EngineConfig, g gameSpec) gameOutcome {
	var players [2]*Engine
	var errs [2]error
	players[chess.White], errs[chess.White] = pool.get(ctx, g.white)
	players[chess.Black], errs[chess.Black] = pool.get(ctx, g.black)
	var out gameOutcome
	if ctx.Err() != nil {
		out = gameOutcome{result: "*", faulty: [2]bool{true, true}}
	} else {
		names := [2]string{cfgs[g.white].Name, cfgs[g.black].Name}
		out = playGame(ctx, s, g.opening, strconv.Itoa(g.number), names, players, errs)
	}
	pool.put(g.white, players[chess.White], out.faulty[chess.White])
	pool.put(g.black, players[chess.Black], out.faulty[chess.Black])
	return out
}

// sprtLine reports the state of the test: "SPRT elo0=0 elo1=5 alpha=0.05
// beta=0.05: LLR 1.23 [-2.94, 2.94], pairs [0 2 5 3 1], Elo +12.3 ± 20.1".
// With prior pairs, the line is about all the pairs counted.
func sprtLine(s *SPRT, p Penta) string {
	p = s.Counted(p)
	lo, hi := s.Bounds()
	elo, margin := p.Elo()
	return fmt.Sprintf("SPRT %v: LLR %.2f [%.2f, %.2f], pairs %s, pentanomial Elo %s ± %s",
		s, s.LLR(p), lo, hi, pentaString(p), signed(elo), unsigned(margin))
}

// openingLabel names an opening for the live report.
func openingLabel(o Opening) string {
	if o.Source == "" {
		return "start position"
	}
	return o.Source
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// WriteSummary writes the final report: the standings table and the SPRT
// result.
func (r *Results) WriteSummary(w io.Writer) {
	state := "finished"
	if r.Stopped {
		state = "stopped"
	}
	fmt.Fprintf(w, "\nMatch %s: %d of %d games in %v\n", state, r.Played, r.Planned, r.Elapsed.Round(time.Second))
	r.WriteTable(w)
	r.WriteFaults(w)
	r.WriteClock(w)
	if r.SPRT != nil && len(r.Pairings) == 1 {
		fmt.Fprintf(w, "%s\n", sprtLine(r.SPRT, r.Pairings[0].Penta))
		fmt.Fprintf(w, "SPRT result: %v\n", r.Decision)
	}
}
