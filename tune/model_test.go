package tune

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// TestEvalMatchesEngine checks the tuner's linear model against the
// engine's own evaluation: they differ only by the engine's integer
// rounding.
func TestEvalMatchesEngine(t *testing.T) {
	d := NewDataset()
	var want []int
	for _, fen := range engine.BenchPositions {
		p := chess.MustParseFEN(fen)
		f := engine.EvalFeatures(p)
		if f.Special {
			continue
		}
		if err := d.Add(f, 0.5); err != nil {
			t.Fatal(err)
		}
		v := engine.EvaluateHandWritten(p)
		if p.SideToMove() == chess.Black {
			v = -v
		}
		want = append(want, v)
	}
	if d.Len() < 30 {
		t.Fatalf("only %d positions", d.Len())
	}
	w := FromEngine(engine.Weights())
	for j, v := range want {
		if got := d.Eval(w, j); math.Abs(got-float64(v)) > 2 {
			t.Errorf("%s: model %.2f, engine %d", engine.BenchPositions[j], got, v)
		}
	}
}

// synthetic returns n positions with random sparse features whose
// results are drawn at random with the expectation sigmoid(k*eval)
// for weights truth.
func synthetic(n int, truth Weights, k float64, seed uint64) *Dataset {
	rng := rand.New(rand.NewPCG(seed, 1))
	d := NewDataset()
	for range n {
		f := engine.Features{Phase: rng.IntN(25), Scale: 64}
		if rng.IntN(4) == 0 {
			f.Scale = 32
		}
		used := map[int]bool{}
		for range 3 + rng.IntN(6) {
			i := rng.IntN(8) // a few weights, so each is seen often
			if used[i] {
				continue
			}
			used[i] = true
			f.Counts = append(f.Counts, engine.FeatureCount{Index: i, Count: rng.IntN(5) - 2})
		}
		tmp := NewDataset()
		if err := tmp.Add(f, 0.5); err != nil {
			panic(err)
		}
		// A draw with chance dr, a win with s - dr/2: the expected
		// result is s.
		s := sigmoid(k * tmp.Eval(truth, 0))
		dr := 0.6 * min(s, 1-s)
		u := rng.Float64()
		res := 0.0
		switch {
		case u < s-dr/2:
			res = 1
		case u < s+dr/2:
			res = 0.5
		}
		if err := d.Add(f, res); err != nil {
			panic(err)
		}
	}
	return d
}

// truthWeights are the synthetic data's weights: the first 8 weights
// matter, the others are 0.
func truthWeights() Weights {
	w := make(Weights, numParams)
	copy(w, []float64{100, 120, 300, 280, -40, 10, 55, -75, 0, 25, 20, 60, -15, -30, 80, 5})
	return w
}

func TestGradientMatchesFiniteDifference(t *testing.T) {
	truth := truthWeights()
	d := synthetic(3000, truth, 0.01, 1)
	w := append(Weights(nil), truth...)
	rng := rand.New(rand.NewPCG(2, 2))
	for i := range 16 {
		w[i] += rng.NormFloat64() * 30
	}
	const k = 0.01
	grad := make([]float64, numParams)
	e := Gradient(d, w, k, grad)
	if got := Error(d, w, k); math.Abs(got-e) > 1e-12 {
		t.Errorf("Gradient's error %v, Error %v", e, got)
	}
	for i := range 16 {
		const h = 1e-3
		wp := append(Weights(nil), w...)
		wm := append(Weights(nil), w...)
		wp[i] += h
		wm[i] -= h
		fd := (Error(d, wp, k) - Error(d, wm, k)) / (2 * h)
		if math.Abs(fd-grad[i]) > 1e-6*max(1, math.Abs(fd)) && math.Abs(fd-grad[i]) > 1e-9 {
			t.Errorf("parameter %d: gradient %g, finite difference %g", i, grad[i], fd)
		}
	}
	for i := 16; i < numParams; i++ {
		if grad[i] != 0 {
			t.Fatalf("parameter %d of an unused weight has gradient %g", i, grad[i])
		}
	}
}

func TestGradientParallelMatchesSerial(t *testing.T) {
	truth := truthWeights()
	d := synthetic(3*minPerWorker, truth, 0.01, 3)
	g1 := make([]float64, numParams)
	e1 := Gradient(d, truth, 0.01, g1)
	// The same sums one part at a time.
	g2 := make([]float64, numParams)
	e2 := 0.0
	for _, part := range [][2]int{{0, 25000}, {25000, d.Len()}} {
		s := d.Slice(part[0], part[1])
		g := make([]float64, numParams)
		e2 += Gradient(s, truth, 0.01, g) * float64(s.Len())
		for i := range g {
			g2[i] += g[i] * float64(s.Len())
		}
	}
	e2 /= float64(d.Len())
	if math.Abs(e1-e2) > 1e-12 {
		t.Errorf("error %v in one piece, %v in two", e1, e2)
	}
	for i := range g1 {
		if math.Abs(g1[i]-g2[i]/float64(d.Len())) > 1e-12 {
			t.Fatalf("parameter %d: %g in one piece, %g in two", i, g1[i], g2[i]/float64(d.Len()))
		}
	}
}

func TestFitKFindsTheDataScale(t *testing.T) {
	truth := truthWeights()
	for _, k := range []float64{0.004, 0.01} {
		d := synthetic(20000, truth, k, 4)
		got := FitK(d, truth)
		if math.Abs(got-k)/k > 0.1 {
			t.Errorf("K = %v: fitted %v", k, got)
		}
		// A minimum: both neighbours are worse.
		e := Error(d, truth, got)
		if Error(d, truth, got*1.05) < e || Error(d, truth, got/1.05) < e {
			t.Errorf("K = %v: %v is not a minimum", k, got)
		}
	}
	if k := FitK(NewDataset(), truth); k != 0 {
		t.Errorf("empty data set: K = %v", k)
	}
}

func TestTuneReducesErrorAndFindsWeights(t *testing.T) {
	truth := truthWeights()
	const k = 0.01
	d := synthetic(10000, truth, k, 5)
	train, hold := d.Slice(0, 8000), d.Slice(8000, d.Len())
	start := append(Weights(nil), truth...)
	rng := rand.New(rand.NewPCG(6, 6))
	for i := 2; i < 16; i++ {
		start[i] += rng.NormFloat64() * 40
	}
	fixed := make([]bool, numParams)
	fixed[0], fixed[1] = true, true
	var reports []Progress
	w, err := Tune(train, hold, start, k, Options{
		Epochs: 200, LearningRate: 3, Fixed: fixed, ReportEvery: 50,
		Report: func(p Progress) { reports = append(reports, p) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != 5 || reports[0].Epoch != 0 || reports[4].Epoch != 200 {
		t.Fatalf("reports %+v", reports)
	}
	for i := 1; i < len(reports); i++ {
		if reports[i].Error > reports[i-1].Error {
			t.Errorf("error rose from %v at epoch %d to %v at %d", reports[i-1].Error, reports[i-1].Epoch, reports[i].Error, reports[i].Epoch)
		}
	}
	before, after := Error(train, start, k), Error(train, w, k)
	if !(after < before) || !(Error(hold, w, k) < Error(hold, start, k)) {
		t.Errorf("error %v before, %v after (held out %v, %v)", before, after, Error(hold, start, k), Error(hold, w, k))
	}
	if w[0] != start[0] || w[1] != start[1] {
		t.Errorf("fixed parameters moved: %v %v", w[0], w[1])
	}
	// The data are noisy: the weights come nearer the truth, not to it.
	dist := func(w Weights) float64 {
		s := 0.0
		for i := range w {
			s += (w[i] - truth[i]) * (w[i] - truth[i])
		}
		return math.Sqrt(s)
	}
	if dist(w) > dist(start)/2 {
		t.Errorf("distance from the truth %.1f at the start, %.1f after: %.1f", dist(start), dist(w), w[:16])
	}
	for i := 16; i < numParams; i++ {
		if w[i] != 0 {
			t.Fatalf("parameter %d of an unused weight moved to %v", i, w[i])
		}
	}
	if start[2] == w[2] {
		t.Error("Tune changed nothing")
	}
}

func TestTuneRefusesBadOptions(t *testing.T) {
	d := synthetic(10, truthWeights(), 0.01, 7)
	w := truthWeights()
	for _, c := range []struct {
		train *Dataset
		w     Weights
		k     float64
		opt   Options
	}{
		{d, w[:10], 0.01, Options{Epochs: 1, LearningRate: 1}},
		{d, w, 0.01, Options{Epochs: 1, LearningRate: 0}},
		{d, w, 0.01, Options{Epochs: 1, LearningRate: math.NaN()}},
		{d, w, 0, Options{Epochs: 1, LearningRate: 1}},
		{d, w, 0.01, Options{Epochs: -1, LearningRate: 1}},
		{d, w, 0.01, Options{Epochs: 1, LearningRate: 1, Fixed: make([]bool, 3)}},
		{d, w, 0.01, Options{Epochs: 1, LearningRate: 1, L2: -1}},
		{d, w, 0.01, Options{Epochs: 1, LearningRate: 1, L2: math.Inf(1)}},
		{NewDataset(), w, 0.01, Options{Epochs: 1, LearningRate: 1}},
	} {
		if _, err := Tune(c.train, nil, c.w, c.k, c.opt); err == nil {
			t.Errorf("%d params, K %v, %+v: no error", len(c.w), c.k, c.opt)
		}
	}
}

func TestTuneStops(t *testing.T) {
	d := synthetic(100, truthWeights(), 0.01, 8)
	calls := 0
	var last Progress
	_, err := Tune(d, nil, truthWeights(), 0.01, Options{
		Epochs: 1000, LearningRate: 1,
		Stop:   func() bool { calls++; return calls > 3 },
		Report: func(p Progress) { last = p },
	})
	if err != nil || last.Epoch != 3 || !math.IsNaN(last.Holdout) {
		t.Errorf("err %v, last report %+v", err, last)
	}
}

func TestDatasetAddRefusesBadFeatures(t *testing.T) {
	d := NewDataset()
	for _, c := range []struct {
		f   engine.Features
		res float64
	}{
		{engine.Features{Phase: 25, Scale: 64}, 1},
		{engine.Features{Phase: -1, Scale: 64}, 1},
		{engine.Features{Phase: 3, Scale: 65}, 1},
		{engine.Features{Phase: 3, Scale: 64}, 1.5},
		{engine.Features{Phase: 3, Scale: 64}, math.NaN()},
		{engine.Features{Phase: 3, Scale: 64, Counts: []engine.FeatureCount{{Index: engine.NumWeights, Count: 1}}}, 1},
		{engine.Features{Phase: 3, Scale: 64, Counts: []engine.FeatureCount{{Index: -1, Count: 1}}}, 1},
		{engine.Features{Phase: 3, Scale: 64, Counts: []engine.FeatureCount{{Index: 0, Count: 1 << 20}}}, 1},
	} {
		if err := d.Add(c.f, c.res); err == nil {
			t.Errorf("%+v, result %v: no error", c.f, c.res)
		}
	}
	if d.Len() != 0 {
		t.Errorf("%d positions added", d.Len())
	}
	if err := d.Add(engine.Features{Phase: 24, Scale: 64, Counts: []engine.FeatureCount{{Index: 3, Count: 2}}}, 1); err != nil {
		t.Fatal(err)
	}
	if occ := d.Occurrences(); occ[3] != 1 || occ[0] != 0 {
		t.Errorf("occurrences %v", occ[:5])
	}
	if w, dr, l := d.Results(); w != 1 || dr != 0 || l != 0 {
		t.Errorf("results %d %d %d", w, dr, l)
	}
}

func TestRoundAndFromEngine(t *testing.T) {
	in := [][2]int{{1, -2}, {300, 0}}
	w := FromEngine(in)
	w[0] += 0.4
	w[1] -= 0.6
	out := w.Round()
	if out[0] != [2]int{1, -3} || out[1] != [2]int{300, 0} {
		t.Errorf("round trip %v", out)
	}
}

// TestL2HoldsWeights checks that L2 pulls the weights towards their
// start: the stronger the pull, the less they move, and the gradient
// with the L2 term vanishes at the end.
func TestL2HoldsWeights(t *testing.T) {
	truth := truthWeights()
	const k = 0.01
	d := synthetic(2000, truth, k, 9)
	start := append(Weights(nil), truth...)
	for i := 2; i < 16; i++ {
		start[i] += 50
	}
	dist := func(w Weights) float64 {
		s := 0.0
		for i := range w {
			s += (w[i] - start[i]) * (w[i] - start[i])
		}
		return math.Sqrt(s)
	}
	last := math.Inf(1)
	for _, l2 := range []float64{0, 10, 100} {
		w, err := Tune(d, nil, start, k, Options{Epochs: 300, LearningRate: 2, L2: l2})
		if err != nil {
			t.Fatal(err)
		}
		if dd := dist(w); !(dd < last) {
			t.Errorf("L2 %v: the weights moved %.1f, no less than %.1f with a weaker pull", l2, dd, last)
		} else {
			last = dd
		}
		if l2 == 100 {
			grad := make([]float64, numParams)
			Gradient(d, w, k, grad)
			for i := range grad {
				g := grad[i] + 2*l2*(w[i]-start[i])/float64(d.Len())
				if math.Abs(g) > 1e-5 {
					t.Errorf("L2 %v: parameter %d: gradient %g at the end", l2, i, g)
				}
			}
		}
	}
}
