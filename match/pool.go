package match

import (
	"context"
	"io"
	"sync"
	"time"
)

// enginePool keeps the engine processes of a match alive between games.
// A game takes an idle process of each of its engines, or starts one, and
// gives them back when it ends; a process that failed is killed instead,
// so the next game starts a fresh one. A process is quit as soon as no
// game still to be handed out needs its engine, so there are never more
// processes than games being played need.
type enginePool struct {
	cfgs         []EngineConfig
	readyTimeout time.Duration
	log          io.Writer // engine I/O, or nil
	warn         func(string)

	mu      sync.Mutex
	idle    [][]*Engine
	pending []int // games not yet handed out, by engine
	warned  map[string]bool
}

func newEnginePool(cfgs []EngineConfig, schedule []gameSpec, readyTimeout time.Duration, log io.Writer, warn func(string)) *enginePool {
	p := &enginePool{
		cfgs:         cfgs,
		readyTimeout: readyTimeout,
		log:          log,
		warn:         warn,
		idle:         make([][]*Engine, len(cfgs)),
		pending:      make([]int, len(cfgs)),
		warned:       map[string]bool{},
	}
	for _, g := range schedule {
		p.pending[g.white]++
		p.pending[g.black]++
	}
	return p
}

// handedOut records that a game has been given to a worker.
func (p *enginePool) handedOut(g gameSpec) {
	p.mu.Lock()
	p.pending[g.white]--
	p.pending[g.black]--
	p.mu.Unlock()
}

// get returns an idle process of engine i, or starts one.
func (p *enginePool) get(ctx context.Context, i int) (*Engine, error) {
	p.mu.Lock()
	if n := len(p.idle[i]); n > 0 {
		e := p.idle[i][n-1]
		p.idle[i] = p.idle[i][:n-1]
		p.mu.Unlock()
		return e, nil
	}
	p.mu.Unlock()
	return StartEngine(ctx, p.cfgs[i], p.readyTimeout, p.log)
}

// put gives back a process of engine i after a game: killed if it
// failed, quit if no game still needs the engine, kept otherwise.
func (p *enginePool) put(i int, e *Engine, failed bool) {
	if e == nil {
		return
	}
	p.report(e)
	if failed {
		e.Kill()
		return
	}
	p.mu.Lock()
	if p.pending[i] > 0 {
		p.idle[i] = append(p.idle[i], e)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	e.Quit()
}

// report passes on an engine's warnings, each once.
func (p *enginePool) report(e *Engine) {
	p.mu.Lock()
	var fresh []string
	for _, w := range e.Warnings {
		if !p.warned[w] {
			p.warned[w] = true
			fresh = append(fresh, w)
		}
	}
	p.mu.Unlock()
	for _, w := range fresh {
		p.warn(w)
	}
}

// close quits every idle process, all at once.
func (p *enginePool) close() {
	p.mu.Lock()
	var all []*Engine
	for i := range p.idle {
		all = append(all, p.idle[i]...)
		p.idle[i] = nil
	}
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, e := range all {
		wg.Go(e.Quit)
	}
	wg.Wait()
}
