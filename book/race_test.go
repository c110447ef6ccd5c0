//go:build race

package book

// raceEnabled reports whether the tests run under the race detector,
// which slows the PGN reader down tenfold.
const raceEnabled = true
