package tune

import "math"

// The range FitK searches: K such that a pawn (100 centipawns) is worth
// an expected score from about 0.5025 to 0.9999.
const (
	minK = 1e-4
	maxK = 0.1
)

// FitK returns the scaling constant K of the sigmoid that minimises the
// mean squared error of the data set with weights w: the step that
// matches the evaluation's scale to the game results before the weights
// move. It scans K on a logarithmic grid, then narrows the best
// interval by golden-section search. An empty data set gives 0.
func FitK(d *Dataset, w Weights) float64 {
	if d.Len() == 0 {
		return 0
	}
	f := func(logK float64) float64 { return Error(d, w, math.Exp(logK)) }
	lo, hi := math.Log(minK), math.Log(maxK)
	const steps = 24
	best, bestErr := 0, math.Inf(1)
	for i := 0; i <= steps; i++ {
		if e := f(lo + (hi-lo)*float64(i)/steps); e < bestErr {
			best, bestErr = i, e
		}
	}
	a := lo + (hi-lo)*float64(max(best-1, 0))/steps
	b := lo + (hi-lo)*float64(min(best+1, steps))/steps
	// Golden-section search on [a, b].
	phi := (math.Sqrt(5) - 1) / 2
	x1, x2 := b-phi*(b-a), a+phi*(b-a)
	f1, f2 := f(x1), f(x2)
	for b-a > 1e-6 {
		if f1 < f2 {
			b, x2, f2 = x2, x1, f1
			x1 = b - phi*(b-a)
			f1 = f(x1)
		} else {
			a, x1, f1 = x1, x2, f2
			x2 = a + phi*(b-a)
			f2 = f(x2)
		}
	}
	return math.Exp((a + b) / 2)
}
