package tune

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

func TestLoadNetSamples(t *testing.T) {
	in := strings.Join([]string{
		"# a comment",
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ce -30; c9 "1-0";`,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 c9 "1-0";`,          // no score
		`rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 ce 0; c9 "0-1";`, // in check
		"",
		`8/8/8/8/8/k7/p1K5/8 b - - 0 1 ce 500; c9 "0-1";`, // an endgame rule decides
	}, "\n")
	samples, st, err := LoadNetSamples(nil, strings.NewReader(in), "x")
	if err != nil {
		t.Fatal(err)
	}
	if st.Lines != 4 || st.Positions != 1 || st.Skipped != 3 || len(samples) != 1 {
		t.Fatalf("stats %+v, %d samples; want 4 lines, 1 position, 3 skipped", st, len(samples))
	}
	s := samples[0]
	if s.stm != chess.Black || s.result != 0 || s.score != -30 || s.n != 32 {
		t.Errorf("sample: side %v result %v score %v pieces %d; want black, 0 (White won), -30, 32", s.stm, s.result, s.score, s.n)
	}
	if _, _, err := LoadNetSamples(nil, strings.NewReader("not a position ce 3;\n"), "bad.epd"); err == nil || !strings.Contains(err.Error(), "bad.epd:1") {
		t.Errorf("bad line: error %v, want one naming bad.epd:1", err)
	}
}

// randomSamples takes the last position of each of n random games of 8
// to 40 plies, labelled with the hand-written evaluation plus a bonus for
// White's pawns on the e-file: something the network must learn.
func randomSamples(t *testing.T, n int, seed uint64) []NetSample {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	var sb strings.Builder
	for count := 0; count < n; {
		p := chess.StartPosition()
		for range 8 + rng.IntN(33) {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
		if p.InCheck() || p.Status().IsOver() {
			continue
		}
		bonus := 60 * (p.Pieces(chess.White, chess.Pawn) & chess.FileE).Count()
		if p.SideToMove() == chess.Black {
			bonus = -bonus
		}
		fmt.Fprintf(&sb, "%s ce %d; c9 \"1/2-1/2\";\n", p.FEN(), engine.EvaluateHandWritten(p)+bonus)
		count++
	}
	samples, _, err := LoadNetSamples(nil, strings.NewReader(sb.String()), "random")
	if err != nil {
		t.Fatal(err)
	}
	return samples
}

// TestTrainNetFitsACorrection trains a residual network to learn a bonus
// the hand-written evaluation lacks, and checks that it fits it.
func TestTrainNetFitsACorrection(t *testing.T) {
	train := randomSamples(t, 2000, 1)
	n := TrainNet(train, train[:200], NetOptions{Epochs: 10, Batch: 32, LR: 0.001, K: 0.006848, Threads: 2, Seed: 1, Residual: true, Progress: testWriter{t}})
	if !n.Residual {
		t.Error("the network is not marked residual")
	}
	netErr, hceErr := NetError(n, train, 0, 0.006848, true)
	t.Logf("training positions: network %.6f, hand-written %.6f", netErr, hceErr)
	if !(netErr < 0.7*hceErr) {
		t.Errorf("error with the network %.6f, hand-written alone %.6f: want 30%% less", netErr, hceErr)
	}
}

// TestDequantizeInvertsQuantize checks that a network read back into
// float weights quantises to itself.
func TestDequantizeInvertsQuantize(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n := new(engine.Network)
	for i := range n.W1 {
		for j := range n.W1[i] {
			n.W1[i][j] = int16(rng.IntN(1531) - 765)
		}
	}
	for j := range n.B1 {
		n.B1[j] = int16(rng.IntN(511) - 255)
	}
	for j := range n.W2 {
		n.W2[j] = int16(rng.IntN(4001) - 2000)
	}
	n.B2 = -12345
	w := make([]float32, netSize)
	dequantize(n, w)
	if got := quantize(w); *got != *n {
		t.Error("quantize(dequantize(n)) differs from n")
	}
}

// TestTrainNetStartsFromInit fine-tunes a trained network with a tiny
// step: it must keep the trained network's error, far below that of one
// epoch from random weights.
func TestTrainNetStartsFromInit(t *testing.T) {
	train := randomSamples(t, 2000, 11)
	opt := NetOptions{Epochs: 10, Batch: 32, LR: 0.001, K: 0.006848, Threads: 2, Seed: 1, Residual: true}
	trained := TrainNet(train, nil, opt)
	trainedErr, hceErr := NetError(trained, train, 0, opt.K, true)
	opt.Epochs, opt.LR = 1, 1e-6
	fresh := TrainNet(train, nil, opt)
	freshErr, _ := NetError(fresh, train, 0, opt.K, true)
	opt.Init = trained
	tuned := TrainNet(train, nil, opt)
	tunedErr, _ := NetError(tuned, train, 0, opt.K, true)
	t.Logf("hand-written %.6f, trained %.6f, one tiny epoch from random %.6f, from the trained network %.6f", hceErr, trainedErr, freshErr, tunedErr)
	if !(tunedErr < trainedErr*1.05) || !(tunedErr < 0.7*freshErr) {
		t.Errorf("from the trained network: error %.6f, want about %.6f and well below %.6f", tunedErr, trainedErr, freshErr)
	}
}

// TestTrainNetWidens starts from a network whose units past the eighth
// are unused, as one read from a narrower file: the widened network
// evaluates as the narrow one before training, and its new units learn.
func TestTrainNetWidens(t *testing.T) {
	train := randomSamples(t, 2000, 12)
	opt := NetOptions{Epochs: 4, Batch: 32, LR: 0.001, K: 0.006848, Threads: 2, Seed: 1, Residual: true}
	narrow := TrainNet(train, nil, opt)
	const h = 8
	for i := range narrow.W1 {
		clear(narrow.W1[i][h:])
	}
	clear(narrow.B1[h:])
	clear(narrow.W2[h:netH])
	clear(narrow.W2[netH+h:])
	narrowErr, _ := NetError(narrow, train, 0, opt.K, true)
	opt.Init, opt.InitHidden, opt.Epochs = narrow, h, 0
	start := TrainNet(train, nil, opt)
	if startErr, _ := NetError(start, train, 0, opt.K, true); startErr != narrowErr {
		t.Errorf("widened network before training: error %.6f, the narrow one %.6f", startErr, narrowErr)
	}
	if start.B1[h] == 0 || start.W1[0][h] == start.W1[1][h] {
		t.Error("the new units did not get fresh weights")
	}
	opt.Epochs = 4
	wide := TrainNet(train, nil, opt)
	wideErr, _ := NetError(wide, train, 0, opt.K, true)
	learnt := 0
	for j := h; j < netH; j++ {
		if wide.W2[j] != 0 {
			learnt++
		}
	}
	t.Logf("narrow %.6f, widened and trained %.6f; %d of %d new units have an output weight", narrowErr, wideErr, learnt, netH-h)
	if learnt < (netH-h)/2 || !(wideErr < narrowErr) {
		t.Errorf("widened and trained: error %.6f against %.6f, %d new units with output weights", wideErr, narrowErr, learnt)
	}
}

// TestSampleGradient checks the gradient of one position's error
// against finite differences, for weights of each layer.
func TestSampleGradient(t *testing.T) {
	samples := randomSamples(t, 20, 3)
	rng := rand.New(rand.NewPCG(5, 6))
	w := make([]float32, netSize)
	for i := range w {
		w[i] = float32(rng.NormFloat64() * 0.1)
	}
	for i := offB1; i < offW2; i++ {
		w[i] += 0.5 // most hidden units inside the clip
	}
	const k = 0.006848
	for si := range samples {
		s := &samples[si]
		target := s.target(0, k)
		sc := netScratch{grad: make([]float32, netSize)}
		sampleGrad(w, s, target, s.hce, k, 0, &sc)
		loss := func() float64 {
			l := netScratch{grad: make([]float32, netSize)}
			sampleGrad(w, s, target, s.hce, k, 0, &l)
			return l.loss
		}
		// A weight of an input present in the position, its factor row,
		// a bias, an output weight, the output bias.
		f := netFeature(s.stm, s.pieces[0], 0)
		for _, i := range []int{f*netH + 3, offF + f/64*netH + 5, offB1 + 7, offW2 + 2, offW2 + netH + 9, offB2} {
			const h = 1e-3
			old := w[i]
			w[i] = old + h
			up := loss()
			w[i] = old - h
			down := loss()
			w[i] = old
			numeric := (up - down) / (2 * h)
			if d := numeric - float64(sc.grad[i]); d*d > 1e-8+1e-4*numeric*numeric {
				t.Errorf("position %d, weight %d: gradient %g, finite differences %g", si, i, sc.grad[i], numeric)
			}
		}
	}
}

// testWriter writes to the test's log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(b), "\n"))
	return len(b), nil
}
