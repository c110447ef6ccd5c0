package tune

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"github.com/ferzchess/ferz/engine"
	"github.com/ferzchess/ferz/match"
)

// SPSA tunes the search parameters (engine.Params) by games, with
// simultaneous perturbation stochastic approximation (Spall's method, as
// Stockfish's testing framework uses it): each iteration moves every
// parameter up or down at random by c_k, plays a game pair between the
// two engines so made (θ+cΔ against θ-cΔ, one opening, both colours) and
// steps θ by a_k·(wins - losses of θ+cΔ)·Δ/c_k. The gains shrink with the
// iteration k:
//
//	c_k = c / k^γ,  a_k = a / (A + k)^α
//
// with γ = 0.101, α = 0.602, A = N/10 for N planned iterations, and c and
// a set so that at k = N the perturbation of a parameter is its CEnd and
// a_k = REnd·CEnd². The state is a JSON document written after every
// iteration, so a run stopped at any point continues where it was.
type SPSA struct {
	// Params are the parameters tuned; Value is the current estimate θ.
	Params []SPSAParam `json:"params"`
	// Iterations is N, the planned number of game pairs; Done of them are
	// played.
	Iterations int `json:"iterations"`
	Done       int `json:"done"`
	// Alpha, Gamma and A shape the gain sequences (see above).
	Alpha float64 `json:"alpha"`
	Gamma float64 `json:"gamma"`
	A     float64 `json:"A"`
	// Seed fixes the perturbations and the order of the openings.
	Seed uint64 `json:"seed"`
	// Wins, Draws and Losses count the games of the θ+cΔ engines.
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

// SPSAParam is one tuned parameter.
type SPSAParam struct {
	Name string `json:"name"`
	// Value is the current estimate, kept fractional between iterations;
	// the engines get it rounded.
	Value float64 `json:"value"`
	Start float64 `json:"start"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	// CEnd is the perturbation at the last iteration, REnd the learning
	// rate there: a_N = REnd·CEnd².
	CEnd float64 `json:"c_end"`
	REnd float64 `json:"r_end"`
}

// NewSPSA starts a tuning of the named engine parameters (all of them if
// names is empty) from their current values, planned for iterations game
// pairs. rEnd is the final learning rate of every parameter (0.002 is
// the usual choice) and cEnd is each parameter's Step.
func NewSPSA(names []string, iterations int, rEnd float64, seed uint64) (*SPSA, error) {
	if iterations < 1 {
		return nil, fmt.Errorf("spsa: want at least one iteration, have %d", iterations)
	}
	if !finitePositive(rEnd) {
		return nil, fmt.Errorf("spsa: the learning rate %v is not a positive number", rEnd)
	}
	all := engine.Params()
	want := map[string]bool{}
	for _, n := range names {
		if !engine.IsParam(n) {
			return nil, fmt.Errorf("spsa: no search parameter called %q (run 'ferz tune spsa -list')", n)
		}
		want[strings.ToLower(n)] = true
	}
	s := &SPSA{Iterations: iterations, Alpha: 0.602, Gamma: 0.101, A: float64(iterations) / 10, Seed: seed}
	for _, p := range all {
		if len(want) > 0 && !want[strings.ToLower(p.Name)] {
			continue
		}
		s.Params = append(s.Params, SPSAParam{
			Name: p.Name, Value: float64(p.Value), Start: float64(p.Value),
			Min: float64(p.Min), Max: float64(p.Max), CEnd: p.Step, REnd: rEnd,
		})
	}
	return s, nil
}

// ReadSPSA reads a state written by WriteTo, and checks it.
func ReadSPSA(r io.Reader) (*SPSA, error) {
	var s SPSA
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("spsa state: %v", err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("spsa state: %v", err)
	}
	return &s, nil
}

func (s *SPSA) check() error {
	switch {
	case s.Iterations < 1 || s.Done < 0 || s.Done > s.Iterations:
		return fmt.Errorf("%d of %d iterations done makes no sense", s.Done, s.Iterations)
	case len(s.Params) == 0:
		return errors.New("no parameters")
	case !(finitePositive(s.Alpha) && finitePositive(s.Gamma) && s.A >= 0 && !math.IsInf(s.A, 0)):
		return fmt.Errorf("alpha %v, gamma %v and A %v must be positive", s.Alpha, s.Gamma, s.A)
	}
	ranges := map[string]engine.Param{}
	for _, p := range engine.Params() {
		ranges[strings.ToLower(p.Name)] = p
	}
	for _, p := range s.Params {
		r, ok := ranges[strings.ToLower(p.Name)]
		if !ok {
			return fmt.Errorf("no search parameter called %q", p.Name)
		}
		if p.Min < float64(r.Min) || p.Max > float64(r.Max) {
			return fmt.Errorf("%s: range %v..%v is wider than the engine's, %d..%d", p.Name, p.Min, p.Max, r.Min, r.Max)
		}
		if !(p.Min <= p.Value && p.Value <= p.Max && finitePositive(p.CEnd) && finitePositive(p.REnd)) {
			return fmt.Errorf("%s: value %v outside %v..%v, or c_end %v or r_end %v not a positive number", p.Name, p.Value, p.Min, p.Max, p.CEnd, p.REnd)
		}
	}
	return nil
}

// WriteTo writes the state as indented JSON.
func (s *SPSA) WriteTo(w io.Writer) (int64, error) {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return 0, err
	}
	n, err := w.Write(append(b, '\n'))
	return int64(n), err
}

// gains returns c_k and a_k/CEnd² of iteration k (from 1): the
// perturbation of a parameter whose CEnd is 1, and the learning rate of
// one whose REnd is 1.
func (s *SPSA) gains(k int) (c, a float64) {
	n := float64(s.Iterations)
	c = math.Pow(n, s.Gamma) / math.Pow(float64(k), s.Gamma)
	a = math.Pow(s.A+n, s.Alpha) / math.Pow(s.A+float64(k), s.Alpha)
	return c, a
}

// perturbation is the random direction Δ (each ±1) of iteration k.
func (s *SPSA) perturbation(k int) []float64 {
	r := rand.New(rand.NewPCG(s.Seed, uint64(k)))
	d := make([]float64, len(s.Params))
	for i := range d {
		d[i] = float64(2*r.IntN(2) - 1)
	}
	return d
}

// Trial is one iteration's pair of engines: the parameter values of the
// engine moved up (Plus) and of the one moved down (Minus).
type Trial struct {
	K           int
	Plus, Minus []int
	delta       []float64
	c           []float64 // each parameter's c_k
}

// Trial returns the engines of iteration k (from 1).
func (s *SPSA) Trial(k int) Trial {
	ck, _ := s.gains(k)
	t := Trial{K: k, delta: s.perturbation(k)}
	for i, p := range s.Params {
		c := ck * p.CEnd
		t.c = append(t.c, c)
		t.Plus = append(t.Plus, int(math.Round(clamp(p.Value+c*t.delta[i], p.Min, p.Max))))
		t.Minus = append(t.Minus, int(math.Round(clamp(p.Value-c*t.delta[i], p.Min, p.Max))))
	}
	return t
}

// Update steps θ by the result of a trial: plus is the score of the Plus
// engine minus that of the Minus engine over the pair (wins - losses,
// -2 to 2).
func (s *SPSA) Update(t Trial, plus float64) {
	_, ak := s.gains(t.K)
	for i := range s.Params {
		p := &s.Params[i]
		a := ak * p.REnd * p.CEnd * p.CEnd
		p.Value = clamp(p.Value+a*plus*t.delta[i]/t.c[i], p.Min, p.Max)
	}
	s.Done++
}

// Values returns the parameters rounded, as the engines would get them.
func (s *SPSA) Values() []match.Option {
	var out []match.Option
	for _, p := range s.Params {
		out = append(out, match.Option{Name: p.Name, Value: strconv.Itoa(int(math.Round(p.Value)))})
	}
	return out
}

// Summary is one line: the games so far and each parameter's value with
// its change since the start.
func (s *SPSA) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d pairs, plus +%d =%d -%d:", s.Done, s.Iterations, s.Wins, s.Draws, s.Losses)
	for _, p := range s.Params {
		fmt.Fprintf(&b, " %s=%.1f(%+.1f)", p.Name, p.Value, p.Value-p.Start)
	}
	return b.String()
}

func clamp(x, lo, hi float64) float64 { return min(max(x, lo), hi) }

func finitePositive(x float64) bool { return x > 0 && !math.IsInf(x, 0) }

// SPSAConfig says how the games of a tuning are played.
type SPSAConfig struct {
	// Engine is the engine tuned (its command and fixed options, such as
	// Hash); each game gets two copies with the parameters as options.
	Engine match.EngineConfig
	// TimeControl, Book, Draw and Resign are as in match.Config. The
	// openings are used in the book's order, one a pair, from the
	// iteration's number.
	TimeControl match.TimeControl
	Book        *match.Book
	Draw        match.DrawRule
	Resign      match.ResignRule
	// Concurrency is the number of game pairs played at once, each by
	// its own two engines (at least 1).
	Concurrency int
	// Save is called with the state after every iteration, under a lock;
	// an error stops the tuning.
	Save func(*SPSA) error
	// Out receives a line per iteration.
	Out io.Writer
	// Log, if not nil, receives every line sent to and read from the
	// engines.
	Log io.Writer
}

// Run plays the remaining iterations, Concurrency pairs at a time, until
// all are done, ctx is cancelled or Save fails. Iterations are handed
// out in order; an iteration whose pair was abandoned (ctx cancelled) is
// not counted and is played again by the next run.
func (s *SPSA) Run(ctx context.Context, cfg SPSAConfig) error {
	if err := s.check(); err != nil {
		return err
	}
	if cfg.Book == nil || len(cfg.Book.Openings) == 0 {
		return errors.New("spsa: no openings")
	}
	out := cfg.Out
	if out == nil {
		out = io.Discard
	}
	if cfg.Log != nil {
		// Each pair's match locks the log for its own engines only; the
		// pairs played at once share this lock.
		cfg.Log = &match.LockedWriter{W: cfg.Log}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu      sync.Mutex
		next    = s.Done + 1
		failure error
		wg      sync.WaitGroup
	)
	for range max(cfg.Concurrency, 1) {
		wg.Go(func() {
			for {
				mu.Lock()
				if next > s.Iterations || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				t := s.Trial(next)
				next++
				mu.Unlock()
				tally, err := playTrial(ctx, cfg, s, t)
				mu.Lock()
				if err == nil && ctx.Err() == nil {
					s.Wins += tally.Wins
					s.Draws += tally.Draws
					s.Losses += tally.Losses
					s.Update(t, float64(tally.Wins-tally.Losses))
					fmt.Fprintf(out, "pair %d: plus +%d =%d -%d; %s\n", t.K, tally.Wins, tally.Draws, tally.Losses, s.Summary())
					if cfg.Save != nil {
						err = cfg.Save(s)
					}
				}
				if err != nil && failure == nil {
					failure = err
					cancel()
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return failure
}

// playTrial plays the game pair of trial t and returns the Plus
// engine's results.
func playTrial(ctx context.Context, cfg SPSAConfig, s *SPSA, t Trial) (match.Tally, error) {
	engines := [2]match.EngineConfig{cfg.Engine, cfg.Engine}
	engines[0].Name, engines[1].Name = "plus", "minus"
	for side, vals := range [2][]int{t.Plus, t.Minus} {
		opts := append([]match.Option(nil), cfg.Engine.Options...)
		for i, p := range s.Params {
			opts = append(opts, match.Option{Name: p.Name, Value: strconv.Itoa(vals[i])})
		}
		engines[side].Options = opts
	}
	op := cfg.Book.Openings[(t.K-1)%len(cfg.Book.Openings)]
	res, err := match.Run(ctx, match.Config{
		Engines:         engines[:],
		GamesPerPairing: 2,
		TimeControl:     cfg.TimeControl,
		Book:            &match.Book{Openings: []match.Opening{op}},
		Concurrency:     1,
		Draw:            cfg.Draw,
		Resign:          cfg.Resign,
		Log:             cfg.Log,
	})
	if err != nil {
		return match.Tally{}, err
	}
	if res.Stopped {
		return match.Tally{}, ctx.Err()
	}
	return res.Pairings[0].Tally, nil
}
