package tune

import (
	"math"
	"runtime"
	"sync"

	"github.com/ferzchess/ferz/engine"
)

// Weights are the tuner's view of the evaluation weights: the
// middlegame value of weight i at index 2i and its endgame value at
// 2i+1, as floats so that gradient descent can move them by fractions
// of a centipawn.
type Weights []float64

// FromEngine converts weights in the engine's form ({mg, eg} pairs, as
// engine.Weights returns them).
func FromEngine(w [][2]int) Weights {
	out := make(Weights, 2*len(w))
	for i, v := range w {
		out[2*i], out[2*i+1] = float64(v[0]), float64(v[1])
	}
	return out
}

// Round returns the weights rounded to whole centipawns in the engine's
// form.
func (w Weights) Round() [][2]int {
	out := make([][2]int, len(w)/2)
	for i := range out {
		out[i] = [2]int{int(math.Round(w[2*i])), int(math.Round(w[2*i+1]))}
	}
	return out
}

// Eval returns the evaluation of position j for White with weights w,
// without the engine's integer rounding.
func (d *Dataset) Eval(w Weights, j int) float64 {
	var mg, eg float64
	for k := d.start[j]; k < d.start[j+1]; k++ {
		i, c := int(d.idx[k]), float64(d.cnt[k])
		mg += c * w[2*i]
		eg += c * w[2*i+1]
	}
	return d.mg[j]*mg + d.eg[j]*eg
}

// sigmoid is the expected score of an evaluation x already multiplied
// by K.
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Error returns the mean squared error between the results and the
// expected scores sigmoid(K*eval) with weights w; 0 for an empty set.
func Error(d *Dataset, w Weights, k float64) float64 {
	n := d.Len()
	if n == 0 {
		return 0
	}
	sums := make([]float64, workers(n))
	parallel(n, len(sums), func(part, lo, hi int) {
		s := 0.0
		for j := lo; j < hi; j++ {
			e := d.result[j] - sigmoid(k*d.Eval(w, j))
			s += e * e
		}
		sums[part] = s
	})
	total := 0.0
	for _, s := range sums {
		total += s
	}
	return total / float64(n)
}

// Gradient stores in grad (len(w) long) the gradient of Error with
// respect to the weights and returns the error. The model is linear in
// the weights, so the gradient is exact:
//
//	dE/dw = mean over positions of -2 (r-s) s (1-s) K dEval/dw
//
// with s = sigmoid(K*eval), and dEval/dw a weight's count times the
// position's middlegame or endgame factor.
func Gradient(d *Dataset, w Weights, k float64, grad []float64) float64 {
	clear(grad)
	n := d.Len()
	if n == 0 {
		return 0
	}
	parts := workers(n)
	grads := make([][]float64, parts)
	grads[0] = grad
	for p := 1; p < parts; p++ {
		grads[p] = make([]float64, len(grad))
	}
	sums := make([]float64, parts)
	parallel(n, parts, func(part, lo, hi int) {
		g := grads[part]
		s := 0.0
		for j := lo; j < hi; j++ {
			sig := sigmoid(k * d.Eval(w, j))
			r := d.result[j] - sig
			s += r * r
			f := -2 * r * sig * (1 - sig) * k
			fm, fe := f*d.mg[j], f*d.eg[j]
			for x := d.start[j]; x < d.start[j+1]; x++ {
				i, c := int(d.idx[x]), float64(d.cnt[x])
				g[2*i] += c * fm
				g[2*i+1] += c * fe
			}
		}
		sums[part] = s
	})
	for p := 1; p < parts; p++ {
		for i, v := range grads[p] {
			grad[i] += v
		}
	}
	total := 0.0
	for _, s := range sums {
		total += s
	}
	inv := 1 / float64(n)
	for i := range grad {
		grad[i] *= inv
	}
	return total * inv
}

// minPerWorker is the fewest positions worth a goroutine of their own.
const minPerWorker = 20000

// workers returns how many goroutines share n positions.
func workers(n int) int {
	return max(1, min(runtime.GOMAXPROCS(0), n/minPerWorker))
}

// parallel splits 0..n into parts contiguous ranges and runs f on each,
// in its own goroutine when there is more than one.
func parallel(n, parts int, f func(part, lo, hi int)) {
	if parts == 1 {
		f(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := n*p/parts, n*(p+1)/parts
		wg.Go(func() { f(p, lo, hi) })
	}
	wg.Wait()
}

// numParams is the length of a Weights.
const numParams = 2 * engine.NumWeights
