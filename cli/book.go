package cli

import (
	"fmt"
	"strings"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
)

// loadBook takes the opening book built into Ferz, its warnings written
// to the session's output. A book that cannot be read is kept as an
// error, said when the session starts, and the engine searches instead.
func (s *Session) loadBook(on bool) {
	b, err := book.Default()
	if err != nil {
		s.bookErr = err
		return
	}
	b.Warn = func(msg string) { s.printf("? opening book: %s\n", msg) }
	s.book = b
	s.useBook = on
}

// bookMove picks the engine's move from the opening book, at random in
// proportion to the book's weights, when the book is on and knows the
// position.
func (s *Session) bookMove() (chess.Move, bool) {
	if !s.useBook || s.book == nil {
		return chess.NullMove, false
	}
	return s.book.Pick(s.pos, s.rng)
}

// bookState describes the book setting: "on (default book, N entries)".
func (s *Session) bookState() string {
	switch {
	case s.book == nil:
		return fmt.Sprintf("off (the book cannot be read: %v)", s.bookErr)
	case s.useBook:
		return fmt.Sprintf("on (%s, %d entries)", s.book.Name(), s.book.Len())
	}
	return "off"
}

// cmdBook turns the opening book on or off, or shows whether it is on.
func (s *Session) cmdBook(args string) {
	switch strings.ToLower(args) {
	case "":
	case "on":
		if s.book == nil {
			s.printf("? book: the opening book cannot be read: %v\n", s.bookErr)
			return
		}
		s.useBook = true
	case "off":
		s.useBook = false
	default:
		s.printf("? book: say book on or book off\n")
		return
	}
	s.printf("Opening book: %s.\n", s.bookState())
}
