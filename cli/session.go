package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// Options configure a Session. The zero Options give a game from the
// standard position with the person playing White against the engine at
// full strength, one second a move, its first moves from the opening
// book, on a Unicode board without colour.
type Options struct {
	// ASCII draws the board with letters (KQRBNP for White, kqrbnp for
	// Black) and marks the dark squares with X, instead of Unicode pieces.
	ASCII bool
	// Color draws the board with ANSI colours; set it when the output is
	// a terminal.
	Color bool
	// Prompt writes a prompt before reading each line; set it when the
	// input is a terminal.
	Prompt bool
	// Echo writes each line read back after a prompt, so that the output
	// of a scripted session reads as a transcript.
	Echo bool
	// Side is the colour the person plays.
	Side chess.Color
	// FEN is the starting position; empty for the standard one.
	FEN string
	// Level is the engine's strength as the level command takes it (a
	// level number, a name or an Elo); empty for full strength.
	Level string
	// Time is the time control as the time command takes it ("2" for two
	// seconds a move, "5+3" for five minutes plus three seconds a move on
	// each side's clock). Empty means one second a move, or no time limit
	// when Depth is set.
	Time string
	// Depth limits how deep the engine searches, in plies (0: no limit).
	Depth int
	// HashMB is the size of the engine's transposition table in
	// megabytes; 0 means DefaultHashMB.
	HashMB int
	// NoBook starts with the opening book off: the engine searches its
	// first moves too (the book command turns the book on).
	NoBook bool
}

// DefaultHashMB is the size of the transposition table when
// Options.HashMB is zero, and MaxHashMB the largest size accepted.
const (
	DefaultHashMB = 16
	MaxHashMB     = 4096
)

// defaultMoveTime is how long the engine thinks on a move when neither a
// time control nor a depth limit is given.
const defaultMoveTime = time.Second

// maxLineLength is the longest input line taken; longer ones are refused.
const maxLineLength = 4096

// Session is one sitting at the terminal board: a game in progress and
// the settings it is played with. It is not safe for concurrent use.
type Session struct {
	out    *errWriter
	style  boardStyle
	prompt bool
	echo   bool

	start   *chess.Position // where the game began, without history
	pos     *chess.Position // the game so far, its moves in its history
	human   chess.Color     // the side the person plays
	flipped bool            // the board is drawn from the engine's side
	flagged outcome         // a loss on time, which pos cannot show

	level level
	tc    timeControl
	depth int

	clocks    [2]time.Duration   // time left, by colour, with clocks on
	clockHist [][2]time.Duration // the clocks before each move played here
	turnStart time.Time          // when the person's turn began

	tt       *engine.TT
	searcher *engine.Searcher

	// book is the opening book (nil if it cannot be read, bookErr says
	// why); useBook says whether the engine plays from it; rng chooses
	// among its moves (nil: math/rand/v2's global source).
	book    *book.Book
	bookErr error
	useBook bool
	rng     *rand.Rand

	// Replaced by tests: the time, and the files of pgn save and load.
	now        func() time.Time
	openFile   func(name string) (io.ReadCloser, error)
	createFile func(name string) (io.WriteCloser, error)

	quit bool
}

// New returns a session that writes to out, set up as opts say. Bad
// options (a FEN that does not parse, an unknown level, a time control
// that does not read, a depth or table size out of range) give an error
// that says what is wrong.
func New(out io.Writer, opts Options) (*Session, error) {
	s := &Session{
		out:    &errWriter{w: out},
		style:  boardStyle{ascii: opts.ASCII, color: opts.Color},
		prompt: opts.Prompt,
		echo:   opts.Echo,
		human:  opts.Side,
		now:    time.Now,
		openFile: func(name string) (io.ReadCloser, error) {
			return os.Open(name)
		},
		createFile: func(name string) (io.WriteCloser, error) {
			return os.Create(name)
		},
	}
	if opts.Side != chess.White && opts.Side != chess.Black {
		return nil, fmt.Errorf("side %d is not white or black", opts.Side)
	}
	start := chess.StartPosition()
	if opts.FEN != "" {
		p, err := chess.ParseFEN(opts.FEN)
		if err != nil {
			return nil, err
		}
		start = p
	}
	if opts.Depth < 0 || opts.Depth >= engine.MaxPly {
		return nil, fmt.Errorf("depth %d is out of range 0 to %d", opts.Depth, engine.MaxPly-1)
	}
	s.depth = opts.Depth
	s.level = levels[0]
	if opts.Level != "" {
		l, err := parseLevel(opts.Level)
		if err != nil {
			return nil, err
		}
		s.level = l
	}
	switch {
	case opts.Time != "":
		tc, err := parseTimeControl(opts.Time)
		if err != nil {
			return nil, err
		}
		s.tc = tc
	case opts.Depth == 0:
		s.tc = timeControl{moveTime: defaultMoveTime}
	}
	mb := opts.HashMB
	if mb == 0 {
		mb = DefaultHashMB
	}
	if mb < 1 || mb > MaxHashMB {
		return nil, fmt.Errorf("hash size %d MB is out of range 1 to %d", opts.HashMB, MaxHashMB)
	}
	s.tt = engine.NewTT(mb)
	s.searcher = engine.NewSearcher(s.tt)
	s.loadBook(!opts.NoBook)
	s.setGame(start, start.Copy(), opts.Side)
	return s, nil
}

// Run plays the session: it greets, lets the engine move if it has the
// first move, then reads and carries out one line at a time until quit or
// the end of in. It returns an error only if reading or writing fails.
func (s *Session) Run(in io.Reader) error {
	s.printf("Ferz terminal board. You play %s; Ferz plays at %s, %s, opening book %s. Type help for the commands.\n",
		colorName(s.human), s.level, s.tc, s.bookState())
	s.showBoard()
	s.announceOutcome()
	s.engineTurn()
	r := bufio.NewReaderSize(in, maxLineLength)
	for !s.quit && s.out.err == nil {
		if s.prompt {
			s.printf("%s", promptText)
		}
		line, err := readLine(r)
		if errors.Is(err, io.EOF) {
			if s.prompt {
				s.printf("\n")
			}
			break
		}
		if errors.Is(err, errLineTooLong) {
			s.printf("? that line is longer than %d bytes; it is ignored\n", maxLineLength)
			continue
		}
		if err != nil {
			return err
		}
		if s.echo {
			s.printf("%s%s\n", promptText, line)
		}
		s.exec(line)
	}
	return s.out.err
}

// promptText is written before each line the person types.
const promptText = "ferz> "

// errLineTooLong reports an input line longer than maxLineLength.
var errLineTooLong = errors.New("line too long")

// readLine returns the next line of r without its line end. A line longer
// than maxLineLength is read to its end and refused with errLineTooLong.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	tooLong := false
	for {
		chunk, more, err := r.ReadLine()
		if err != nil {
			return "", err // ReadLine gives no data with an error
		}
		if len(line)+len(chunk) > maxLineLength {
			tooLong = true
		} else {
			line = append(line, chunk...)
		}
		if !more {
			break
		}
	}
	if tooLong {
		return "", errLineTooLong
	}
	return string(line), nil
}

// exec carries out one line: a command, a move, or nothing if blank or a
// comment (starting with #).
func (s *Session) exec(line string) {
	in := parseInput(line)
	switch in.kind {
	case inputBlank:
	case inputCommand:
		in.cmd.run(s, in.args)
	case inputUnknown:
		s.printf("? unknown command %q (type help for the commands, moves for the legal moves)\n", in.name)
	case inputMove:
		s.playHuman(in.args)
	}
}

// printf writes to the session's output; the first write error is kept
// and ends the session.
func (s *Session) printf(format string, args ...any) {
	fmt.Fprintf(s.out, format, args...)
}

// errWriter is a writer that remembers its first error and writes nothing
// after it.
type errWriter struct {
	w   io.Writer
	err error
}

// Write passes b on unless an earlier write failed, and keeps the first error.
func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(b)
	e.err = err
	return n, err
}

// colorName returns "White" or "Black".
func colorName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

// randomN returns a random number from 0 to n-1, from the session's
// source if it has one.
func (s *Session) randomN(n int) int {
	if s.rng != nil {
		return s.rng.IntN(n)
	}
	return rand.IntN(n)
}

// parseColor reads a colour: white, black, w or b, in any case.
func parseColor(s string) (chess.Color, error) {
	switch strings.ToLower(s) {
	case "white", "w":
		return chess.White, nil
	case "black", "b":
		return chess.Black, nil
	}
	return chess.White, fmt.Errorf("%q is not a colour: say white or black", s)
}
