package syzygy

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// TestConcurrentProbesLoadTablesOnce probes the same positions from
// several goroutines on fresh tables, so that they race to load each
// table, and compares with probes made one at a time.
func TestConcurrentProbesLoadTablesOnce(t *testing.T) {
	reference := openTestTables(t)
	shared := openTestTables(t)
	n := 400
	if testing.Short() {
		n = 150
	}
	fens := make([]string, 0, n)
	type result struct {
		w WDL
		d int
	}
	want := make([]result, 0, n)
	for _, p := range testPositions(rand.New(rand.NewPCG(17, 18)), materials(reference), n) {
		w, ok1 := reference.ProbeWDL(p)
		d, ok2 := reference.ProbeDTZ(p)
		if !ok1 || !ok2 {
			t.Fatalf("%s: probe failed", p.FEN())
		}
		fens = append(fens, p.FEN())
		want = append(want, result{w, d})
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range fens {
				j := (i*7 + g*101) % len(fens) // each goroutine its own order
				p := chess.MustParseFEN(fens[j])
				w, ok1 := shared.ProbeWDL(p)
				d, ok2 := shared.ProbeDTZ(p)
				if !ok1 || !ok2 || (result{w, d}) != want[j] {
					t.Errorf("%s: %v %d, want %v %d", fens[j], w, d, want[j].w, want[j].d)
					return
				}
			}
		}()
	}
	wg.Wait()
	if errs := shared.Errors(); len(errs) != 0 {
		t.Error(errs)
	}
}
