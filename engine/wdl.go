package engine

import "math"

// WDL turns a score into expected win, draw and loss chances in permille
// for the side to move (UCI_ShowWDL). The model is logistic: a side 150
// centipawns ahead wins about half its games, and the curve's width is
// 75 centipawns. Mate scores give certainty.
func WDL(score int) (win, draw, loss int) {
	switch {
	case score >= mateBound:
		return 1000, 0, 0
	case score <= -mateBound:
		return 0, 0, 1000
	}
	const center, width = 150.0, 75.0
	s := float64(score)
	win = int(math.Round(1000 / (1 + math.Exp((center-s)/width))))
	loss = int(math.Round(1000 / (1 + math.Exp((center+s)/width))))
	return win, 1000 - win - loss, loss
}
