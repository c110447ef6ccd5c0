//go:build race

package engine

// raceEnabled reports whether the tests run under the race detector,
// whose shadow memory (several times each goroutine's stack and heap)
// counts in the resident size that the memory tests bound.
const raceEnabled = true
