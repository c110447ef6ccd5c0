package engine

// Scores are in centipawns from the side to move's point of view. Mate
// scores count plies from the root: MateScore - n means "mate in n plies".
const (
	MateScore = 32000
	Infinity  = 32001
	// MaxPly bounds the search depth and the ply-indexed tables.
	MaxPly = 128
	// mateBound separates mate scores from ordinary ones.
	mateBound = MateScore - MaxPly
)

// IsMateScore reports whether s announces a forced mate.
func IsMateScore(s int) bool { return s >= mateBound || s <= -mateBound }

// MateIn returns the number of moves (not plies) to mate for a mate
// score: positive when the side to move mates, negative when it is mated.
func MateIn(s int) int {
	if s > 0 {
		return (MateScore - s + 1) / 2
	}
	return -(MateScore + s) / 2
}
