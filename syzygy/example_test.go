package syzygy_test

import (
	"fmt"
	"os"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/syzygy"
)

// Open the tables, probe a position, and pick a move that keeps the win
// within the 50-move rule.
func Example() {
	tables, errs := syzygy.Open("/usr/share/syzygy" + string(os.PathListSeparator) + "/opt/syzygy")
	for _, err := range errs {
		fmt.Fprintln(os.Stderr, err)
	}
	defer tables.Close()

	pos := chess.MustParseFEN("8/8/8/4k3/8/8/8/1K5Q w - - 0 1")
	if wdl, ok := tables.ProbeWDL(pos); ok {
		dtz, _ := tables.ProbeDTZ(pos)
		fmt.Println(wdl, dtz) // win 17
	}
	if moves, ok := tables.RankRootMoves(pos, true); ok {
		best := moves[0] // sorted best first
		fmt.Println(pos.SAN(best.Move), best.WDL, best.DTZ)
	}
}
