package tune

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// NetOptions control TrainNet.
type NetOptions struct {
	Epochs  int
	Batch   int     // positions a gradient step
	LR      float64 // Adam's step size at the start; it falls to a tenth
	Lambda  float64 // weight of the game result in the target
	K       float64 // the sigmoid's scale: expected result = sigmoid(K*cp)
	Threads int
	Seed    uint64
	// Mirror shows each position mirrored left to right half the time.
	Mirror bool
	// Residual trains the network to correct the hand-written
	// evaluation: the evaluation is their sum.
	Residual bool
	// Init, if set, is the network training starts from (fine-tuning)
	// instead of random weights; its Residual must match.
	Init *engine.Network
	// InitHidden is how many of Init's hidden units were trained, when
	// it was read from a narrower network (engine.UnmarshalNarrower);
	// the others start from small random input weights and no output
	// weight, so that the wider network starts out evaluating as the
	// narrow one. Zero means all of them.
	InitHidden int
	// Progress, if set, gets a line an epoch.
	Progress io.Writer
}

// Parameter layout of the float network: W1 (inputs x hidden), the
// factor rows (one a piece type and colour, added to each of its 64
// squares' rows: what a piece is worth wherever it stands, learnt from
// all its squares' positions at once), B1, W2 (2 x hidden), B2.
const (
	netH    = engine.NetHidden
	offF    = engine.NetInputs * netH
	offB1   = offF + 12*netH
	offW2   = offB1 + netH
	offB2   = offW2 + 2*netH
	netSize = offB2 + 1
)

// netFeature is the input of a packed piece (piece<<6 | square) seen by
// side persp, its files mirrored when flip is 7.
func netFeature(persp chess.Color, packed uint16, flip uint16) int {
	return engine.NetFeature(persp, chess.Piece(packed>>6), chess.Square(packed&63^flip))
}

// netScratch is one worker's buffers.
type netScratch struct {
	acc  [2][netH]float32
	grad []float32
	loss float64
}

// forward computes the hidden sums of s in sc.acc and returns the
// network's expected result for the side to move, its output (in
// centipawns) added to base. Positions are seen mirrored left to right
// when flip is 7: the rules are the same but for castling, which the
// network does not see.
func forward(w []float32, s *NetSample, base, k float32, flip uint16, sc *netScratch) float32 {
	for persp := chess.White; persp <= chess.Black; persp++ {
		a := &sc.acc[persp]
		copy(a[:], w[offB1:offB1+netH])
		for i := range s.n {
			f := netFeature(persp, s.pieces[i], flip)
			row := w[f*netH:][:netH]
			fac := w[offF+f/64*netH:][:netH]
			for j := range a {
				a[j] += row[j] + fac[j]
			}
		}
	}
	us, them := &sc.acc[s.stm], &sc.acc[s.stm^1]
	w2 := w[offW2 : offW2+2*netH]
	out := w[offB2]
	for j := range netH {
		out += clamp01(us[j])*w2[j] + clamp01(them[j])*w2[netH+j]
	}
	return sigmoid32(k * (out*engine.NetScale + base))
}

// sampleGrad adds the gradient of s's squared error to sc.grad and its
// error to sc.loss; base and flip are as for forward.
func sampleGrad(w []float32, s *NetSample, target, base, k float32, flip uint16, sc *netScratch) {
	p := forward(w, s, base, k, flip, sc)
	us, them := &sc.acc[s.stm], &sc.acc[s.stm^1]
	w2 := w[offW2 : offW2+2*netH]
	diff := p - target
	sc.loss += float64(diff * diff)
	g := 2 * diff * p * (1 - p) * k * engine.NetScale
	grad := sc.grad
	grad[offB2] += g
	gw2 := grad[offW2 : offW2+2*netH]
	for j := range netH {
		gw2[j] += g * clamp01(us[j])
		gw2[netH+j] += g * clamp01(them[j])
		// The hidden units pass a gradient only inside the clip.
		if us[j] <= 0 || us[j] >= 1 {
			us[j] = 0
		} else {
			us[j] = g * w2[j]
		}
		if them[j] <= 0 || them[j] >= 1 {
			them[j] = 0
		} else {
			them[j] = g * w2[netH+j]
		}
	}
	gb1 := grad[offB1 : offB1+netH]
	for j := range netH {
		gb1[j] += us[j] + them[j]
	}
	for i := range s.n {
		fu, ft := netFeature(s.stm, s.pieces[i], flip), netFeature(s.stm^1, s.pieces[i], flip)
		gu, gt := grad[fu*netH:][:netH], grad[ft*netH:][:netH]
		fgu, fgt := grad[offF+fu/64*netH:][:netH], grad[offF+ft/64*netH:][:netH]
		for j := range netH {
			gu[j] += us[j]
			gt[j] += them[j]
			fgu[j] += us[j]
			fgt[j] += them[j]
		}
	}
}

func clamp01(x float32) float32 { return min(max(x, 0), 1) }

// netLoss is the mean squared error of the float network w on samples.
func netLoss(w []float32, samples []NetSample, lambda, k float32, residual bool, threads int) float64 {
	parts := make([]netScratch, threads)
	parallel(len(samples), threads, func(t, lo, hi int) {
		sc := &parts[t]
		for i := lo; i < hi; i++ {
			s := &samples[i]
			d := forward(w, s, s.base(residual), k, 0, sc) - s.target(lambda, k)
			sc.loss += float64(d * d)
		}
	})
	total := 0.0
	for _, sc := range parts {
		total += sc.loss
	}
	return total / float64(max(1, len(samples)))
}

// TrainNet trains an evaluation network on train with Adam, reporting
// the error on train and holdout each epoch, and returns it quantised.
func TrainNet(train, holdout []NetSample, opt NetOptions) *engine.Network {
	rng := rand.New(rand.NewPCG(opt.Seed, 0x6e6e7565))
	w := make([]float32, netSize)
	for i := range offF {
		w[i] = float32(rng.NormFloat64() * 0.01)
	}
	for i := offF; i < offB1; i++ {
		w[i] = float32(rng.NormFloat64() * 0.05)
	}
	for i := offB1; i < offW2; i++ {
		w[i] = 0.25
	}
	for i := offW2; i < offB2; i++ {
		w[i] = float32(rng.NormFloat64() * 0.05)
		if opt.Residual {
			// A correction starts at nothing.
			w[i] = 0
		}
	}
	if opt.Init != nil {
		dequantize(opt.Init, w)
		if opt.InitHidden > 0 {
			widen(w, opt.InitHidden, rng)
		}
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, "start: error %.6f  held out %.6f\n",
				netLoss(w, train, float32(opt.Lambda), float32(opt.K), opt.Residual, max(1, opt.Threads)),
				netLoss(w, holdout, float32(opt.Lambda), float32(opt.K), opt.Residual, max(1, opt.Threads)))
		}
	}
	m1 := make([]float32, netSize)
	m2 := make([]float32, netSize)
	threads := max(1, opt.Threads)
	parts := make([]netScratch, threads)
	for t := range parts {
		parts[t].grad = make([]float32, netSize)
	}
	lambda, k := float32(opt.Lambda), float32(opt.K)
	flips := make([]uint16, len(train))
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	step := 0
	start := time.Now()
	for epoch := 1; epoch <= opt.Epochs; epoch++ {
		// The step size falls from LR to LR/10 along a cosine.
		lr := opt.LR * (0.1 + 0.9*0.5*(1+math.Cos(math.Pi*float64(epoch-1)/float64(max(1, opt.Epochs-1)))))
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		if opt.Mirror {
			for i := range flips {
				flips[i] = uint16(rng.IntN(2)) * 7
			}
		}
		trainLoss := 0.0
		for lo := 0; lo < len(order); lo += opt.Batch {
			batch := order[lo:min(len(order), lo+opt.Batch)]
			parallel(len(batch), threads, func(t, lo, hi int) {
				sc := &parts[t]
				clear(sc.grad)
				sc.loss = 0
				for _, i := range batch[lo:hi] {
					s := &train[i]
					sampleGrad(w, s, s.target(lambda, k), s.base(opt.Residual), k, flips[i], sc)
				}
			})
			grad := parts[0].grad
			for _, sc := range parts[1:] {
				for i, g := range sc.grad {
					grad[i] += g
				}
			}
			for _, sc := range parts {
				trainLoss += sc.loss
			}
			step++
			scale := float32(1 / float64(len(batch)))
			c1 := float32(1 - math.Pow(beta1, float64(step)))
			c2 := float32(1 - math.Pow(beta2, float64(step)))
			a := float32(lr)
			for i, g := range grad {
				g *= scale
				m1[i] = beta1*m1[i] + (1-beta1)*g
				m2[i] = beta2*m2[i] + (1-beta2)*g*g
				w[i] -= a * (m1[i] / c1) / (float32(math.Sqrt(float64(m2[i]/c2))) + eps)
			}
			// Keep the first layer's weights where int16 holds any sum.
			for i := range offW2 {
				w[i] = min(max(w[i], -3), 3)
			}
		}
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, "epoch %3d  lr %.5f  error %.6f  held out %.6f  time %v\n", epoch, lr,
				trainLoss/float64(max(1, len(train))), netLoss(w, holdout, lambda, k, opt.Residual, threads), time.Since(start).Round(time.Second))
		}
	}
	n := quantize(w)
	n.Residual = opt.Residual
	return n
}

// quantize rounds the float network w to the engine's integers.
func quantize(w []float32) *engine.Network {
	n := new(engine.Network)
	q := func(x float32, scale float64) int16 {
		return int16(max(-32767, min(32767, math.Round(float64(x)*scale))))
	}
	for i := range engine.NetInputs {
		for j := range netH {
			n.W1[i][j] = q(w[i*netH+j]+w[offF+i/64*netH+j], engine.NetQA)
		}
	}
	for j := range netH {
		n.B1[j] = q(w[offB1+j], engine.NetQA)
	}
	for j := range 2 * netH {
		n.W2[j] = q(w[offW2+j], engine.NetQB)
	}
	n.B2 = int32(math.Round(float64(w[offB2]) * engine.NetQA * engine.NetQB))
	return n
}

// dequantize sets the float network w to the engine's network n, the
// inverse of quantize: the factor rows start at zero, since n's rows
// already hold what they learnt.
func dequantize(n *engine.Network, w []float32) {
	for i := range engine.NetInputs {
		for j := range netH {
			w[i*netH+j] = float32(n.W1[i][j]) / engine.NetQA
		}
	}
	clear(w[offF:offB1])
	for j := range netH {
		w[offB1+j] = float32(n.B1[j]) / engine.NetQA
	}
	for j := range 2 * netH {
		w[offW2+j] = float32(n.W2[j]) / engine.NetQB
	}
	w[offB2] = float32(n.B2) / (engine.NetQA * engine.NetQB)
}

// widen gives the hidden units from the first new one on fresh weights:
// small random inputs and the initial bias keep them inside the clip, so
// that they learn, and zero output weights leave the network's output
// as it was.
func widen(w []float32, first int, rng *rand.Rand) {
	for i := range engine.NetInputs {
		for j := first; j < netH; j++ {
			w[i*netH+j] = float32(rng.NormFloat64() * 0.01)
		}
	}
	for j := first; j < netH; j++ {
		w[offB1+j] = 0.25
		w[offW2+j], w[offW2+netH+j] = 0, 0
	}
}

// NetError is the mean squared error of the quantised network n on
// samples (as the engine evaluates), and that of the hand-written
// evaluation, against the targets.
func NetError(n *engine.Network, samples []NetSample, lambda, k float64, residual bool) (net, hce float64) {
	for i := range samples {
		s := &samples[i]
		t := float64(s.target(float32(lambda), float32(k)))
		var board [64]chess.Piece
		for j := range s.n {
			board[s.pieces[j]&63] = chess.Piece(s.pieces[j] >> 6)
		}
		d := 1/(1+math.Exp(-k*float64(n.EvaluateBoard(&board, s.stm)+int(s.base(residual))))) - t
		net += d * d
		d = 1/(1+math.Exp(-k*float64(s.hce))) - t
		hce += d * d
	}
	m := float64(max(1, len(samples)))
	return net / m, hce / m
}

// base is what the network's output is added to: the hand-written
// evaluation when the network is residual.
func (s *NetSample) base(residual bool) float32 {
	if residual {
		return s.hce
	}
	return 0
}
