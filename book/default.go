package book

import (
	_ "embed"
	"sync"
)

// defaultData is the default book: lines of human master play, built by
// "make book" (see mk/book.mk) from bjbraams_chessdb_198350_lines.pgn
// (CC0) with "ferz book build".
//
//go:embed default.bin
var defaultData []byte

// checkDefault checks the default book once.
var checkDefault = sync.OnceValue(func() error { return check("default book", defaultData) })

// Default returns the opening book built into Ferz: the first 16 plies of
// 198,350 opening lines from human master play (Bas Braams's chessdb
// collection, CC0), each move weighted by the number of lines that play
// it, moves found in fewer than 3 lines left out (74,097 entries for
// 45,848 positions, 1.2 MB). Each call returns a new Book (with its own
// Warn) sharing the same read-only entries.
func Default() (*Book, error) {
	if err := checkDefault(); err != nil {
		return nil, err
	}
	return &Book{name: "default book", data: defaultData}, nil
}
