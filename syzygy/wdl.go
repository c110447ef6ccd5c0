package syzygy

// WDL is a tablebase result from the point of view of the side to move,
// with the 50-move rule counted from a halfmove clock of zero.
type WDL int

// The five results, ordered from worst to best for the side to move.
const (
	// Loss is a loss.
	Loss WDL = -2
	// BlessedLoss is a loss that the 50-move rule turns into a draw: the
	// winner cannot reach a zeroing move in time.
	BlessedLoss WDL = -1
	// Draw is a draw.
	Draw WDL = 0
	// CursedWin is a win that the 50-move rule turns into a draw.
	CursedWin WDL = 1
	// Win is a win, within the 50-move rule.
	Win WDL = 2
)

var wdlNames = [...]string{"loss", "blessed loss", "draw", "cursed win", "win"}

// String returns "loss", "blessed loss", "draw", "cursed win" or "win".
func (w WDL) String() string {
	if w >= Loss && w <= Win {
		return wdlNames[w+2]
	}
	return "invalid WDL"
}

// sign returns -1, 0 or 1 as x is negative, zero or positive.
func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
