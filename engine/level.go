package engine

// The range of playing strengths that Limits.Elo accepts.
const (
	MinElo = 800
	MaxElo = 2800
)
