package tune

import (
	"fmt"
	"math"
	"time"
)

// Options control Tune.
type Options struct {
	// Epochs is the number of full passes over the training set (each
	// one gradient step).
	Epochs int
	// LearningRate is Adam's step size, roughly the most a weight moves
	// in one epoch, in centipawns.
	LearningRate float64
	// L2 pulls the weights towards their starting values: Tune
	// minimises Error + L2*sum((w-start)^2)/N over the N training
	// positions, as if each weight had a prior belief worth L2 in the
	// sum of squared errors. It keeps rarely seen weights from chasing
	// the noise of a few games; 0 turns it off.
	L2 float64
	// Fixed marks the parameters (indices into Weights) that keep their
	// starting values; nil fixes none.
	Fixed []bool
	// ReportEvery calls Report after every ReportEvery epochs (and after
	// the last); 0 reports only the last.
	ReportEvery int
	// Report, if set, receives the progress.
	Report func(Progress)
	// Stop, if set, is polled between epochs: when it returns true the
	// tuning ends early with the weights reached so far.
	Stop func() bool
}

// Progress is the state of a tuning run after an epoch.
type Progress struct {
	Epoch int
	// Error is the mean squared error on the training set before the
	// epoch's step (without the L2 term); Holdout is the error on the held-out positions (NaN
	// when there are none).
	Error, Holdout float64
	Elapsed        time.Duration
}

// Adam's decay rates of the first and second moment estimates, and the
// term that keeps its division finite.
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// Tune minimises the mean squared error of train by full-batch gradient
// descent with Adam, starting from start with the sigmoid constant k,
// and returns the weights after the last epoch (start is not changed).
// The held-out set, which may be nil or empty, is only measured.
func Tune(train, holdout *Dataset, start Weights, k float64, opt Options) (Weights, error) {
	switch {
	case len(start) != numParams:
		return nil, fmt.Errorf("tune: %d starting parameters, want %d", len(start), numParams)
	case opt.Fixed != nil && len(opt.Fixed) != numParams:
		return nil, fmt.Errorf("tune: %d fixed flags, want %d", len(opt.Fixed), numParams)
	case opt.Epochs < 0:
		return nil, fmt.Errorf("tune: %d epochs", opt.Epochs)
	case !(opt.LearningRate > 0) || math.IsInf(opt.LearningRate, 0):
		return nil, fmt.Errorf("tune: learning rate %v is not a positive number", opt.LearningRate)
	case !(k > 0) || math.IsInf(k, 0):
		return nil, fmt.Errorf("tune: K %v is not a positive number", k)
	case !(opt.L2 >= 0) || math.IsInf(opt.L2, 0):
		return nil, fmt.Errorf("tune: L2 %v is not a number of at least 0", opt.L2)
	case train.Len() == 0:
		return nil, fmt.Errorf("tune: no training positions")
	}
	w := append(Weights(nil), start...)
	grad := make([]float64, numParams)
	m := make([]float64, numParams)
	v := make([]float64, numParams)
	began := time.Now()
	report := func(epoch int, err float64) {
		if opt.Report == nil {
			return
		}
		h := math.NaN()
		if holdout != nil && holdout.Len() > 0 {
			h = Error(holdout, w, k)
		}
		opt.Report(Progress{Epoch: epoch, Error: err, Holdout: h, Elapsed: time.Since(began)})
	}
	done := 0
	for epoch := 1; epoch <= opt.Epochs; epoch++ {
		if opt.Stop != nil && opt.Stop() {
			break
		}
		done = epoch
		err := Gradient(train, w, k, grad)
		if opt.L2 > 0 {
			f := 2 * opt.L2 / float64(train.Len())
			for i := range grad {
				grad[i] += f * (w[i] - start[i])
			}
		}
		if opt.ReportEvery > 0 && (epoch-1)%opt.ReportEvery == 0 {
			report(epoch-1, err)
		}
		c1 := 1 - math.Pow(beta1, float64(epoch))
		c2 := 1 - math.Pow(beta2, float64(epoch))
		for i, g := range grad {
			if opt.Fixed != nil && opt.Fixed[i] {
				continue
			}
			m[i] = beta1*m[i] + (1-beta1)*g
			v[i] = beta2*v[i] + (1-beta2)*g*g
			w[i] -= opt.LearningRate * (m[i] / c1) / (math.Sqrt(v[i]/c2) + epsilon)
		}
	}
	report(done, Error(train, w, k))
	return w, nil
}
