// Package testkit holds helpers that the tests of several packages share:
// finding the reference engines installed from Debian, and reading the
// default opening book. It is imported by tests only.
package testkit

import (
	"os"
	"os/exec"
	"testing"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
)

// Stockfish returns the path of Debian's stockfish. Without it the test
// is skipped, or failed when CI=true, since CI installs it.
func Stockfish(t testing.TB) string {
	t.Helper()
	for _, p := range []string{"/usr/games/stockfish", "stockfish"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("stockfish is not installed (apt-get install stockfish); CI=true needs it")
	}
	t.Skip("stockfish is not installed")
	return ""
}

// DefaultBookEntries plays the moves (SAN or coordinates) from the
// standard start and returns the position reached with the default
// book's entries for it. A move that is not legal, or a position the
// book has no move for, fails the test.
func DefaultBookEntries(t testing.TB, moves ...string) (*chess.Position, []book.Entry) {
	t.Helper()
	b, err := book.Default()
	if err != nil {
		t.Fatal(err)
	}
	p := chess.StartPosition()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("move %q after %v: %v", s, moves, err)
		}
		p.MakeMove(m)
	}
	entries := b.Probe(p)
	if len(entries) == 0 {
		t.Fatalf("the default book has no move after %v", moves)
	}
	return p, entries
}
