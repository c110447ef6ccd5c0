package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// mateValue is the centipawn value given to a mate score, less the number
// of moves to mate, so that nearer mates count more.
const mateValue = 100_000

// Score is an engine's evaluation from the point of view of the side to
// move: centipawns, or a mate in Mate moves (negative: the side to move
// is mated).
type Score struct {
	CP   int
	Mate int
	// Valid is false when the engine gave no score.
	Valid bool
}

// Centipawns returns the score in centipawns, a mate counting as a very
// large value (100,000 less the moves to mate).
func (s Score) Centipawns() int {
	switch {
	case s.Mate > 0:
		return mateValue - s.Mate
	case s.Mate < 0:
		return -mateValue - s.Mate
	}
	return s.CP
}

// String writes the score in pawns as "+0.35", or a mate as "+M3"/"-M2";
// "?" when there is none.
func (s Score) String() string {
	switch {
	case !s.Valid:
		return "?"
	case s.Mate > 0:
		return fmt.Sprintf("+M%d", s.Mate)
	case s.Mate < 0:
		return fmt.Sprintf("-M%d", -s.Mate)
	}
	return fmt.Sprintf("%+.2f", float64(s.CP)/100)
}

// Info is what one "info" line of an engine says, as far as the runner
// cares.
type Info struct {
	Depth   int
	Score   Score
	Nodes   int64
	Time    time.Duration // the engine's own "time", or -1 if absent
	PV      []string      // the principal variation in UCI notation
	HasPV   bool
	IsBound bool // the score is only a lower or upper bound
}

// parseInfo reads an "info" line (without checking its first word).
// Unknown or malformed fields are skipped: the protocol asks a GUI to
// ignore what it does not understand.
func parseInfo(line string) Info {
	f := strings.Fields(line)
	info := Info{Time: -1}
	for i := 1; i < len(f); i++ {
		num := func() (int64, bool) {
			if i+1 >= len(f) {
				return 0, false
			}
			n, err := strconv.ParseInt(f[i+1], 10, 64)
			if err != nil {
				return 0, false
			}
			i++
			return n, true
		}
		switch f[i] {
		case "depth":
			if n, ok := num(); ok {
				info.Depth = int(n)
			}
		case "nodes":
			if n, ok := num(); ok {
				info.Nodes = n
			}
		case "time":
			if n, ok := num(); ok {
				info.Time = time.Duration(n) * time.Millisecond
			}
		case "score":
			if i+1 < len(f) {
				kind := f[i+1]
				i++
				if n, ok := num(); ok {
					switch kind {
					case "cp":
						info.Score = Score{CP: int(n), Valid: true}
					case "mate":
						info.Score = Score{Mate: int(n), Valid: true}
						if n == 0 { // "mate 0": the side to move is mated
							info.Score.Mate = -1
						}
					}
				}
			}
		case "lowerbound", "upperbound":
			info.IsBound = true
		case "pv":
			info.PV = f[i+1:]
			info.HasPV = true
			return info
		case "string":
			return info // the rest of the line is free text
		}
	}
	return info
}
