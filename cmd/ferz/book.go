package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
)

func init() {
	register(command{"book", "build, convert and probe opening books (Polyglot .bin, the seed's text book)", runBook})
}

const bookDescription = `
Book works with opening books in the Polyglot .bin format that chess GUIs
and engines share, and in the seed program's text format (one game per
line, moves in coordinates such as "e2e4 e7e5 g1f3"). Its subcommands:

	build    make a Polyglot book from the games of a PGN file
	convert  make a Polyglot book from a text book
	probe    list a book's moves for a position, with weights
	dump     list a book's entries, or write its lines as a text book

Run 'ferz book <subcommand> -h' for a subcommand's flags.

Examples:
	ferz book build -pgn games.pgn -plies 16 -min-games 2 -out games.bin
	ferz book probe
	ferz book probe -book /usr/share/games/gnuchess/book.bin -moves "e4 c5"
	ferz book convert -text seed.txt -out seed.bin
	ferz book dump -book seed.bin -text`

// bookSubcommands are the subcommands of "ferz book".
var bookSubcommands = map[string]func(args []string, stdout, stderr io.Writer) error{
	"build":   runBookBuild,
	"convert": runBookConvert,
	"probe":   runBookProbe,
	"dump":    runBookDump,
}

// runBook implements "ferz book": it hands over to a subcommand.
func runBook(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		if sub, ok := bookSubcommands[args[0]]; ok {
			return sub(args[1:], stdout, stderr)
		}
	}
	fs := newFlagSet("book", "<build|convert|probe|dump> [flags]", bookDescription)
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		if errors.Is(err, errHelpShown) {
			return err
		}
		return usageErrorf("book: %q is not a subcommand: want build, convert, probe or dump (run 'ferz book -h')", args[0])
	}
	return usageErrorf("book: want a subcommand: build, convert, probe or dump (run 'ferz book -h')")
}

const bookBuildDescription = `
Build reads the games of a PGN file (streamed, so it may be of any size)
and writes a Polyglot book of the moves played in their first -plies
plies. Each time a move is played it scores for its position 2 if the
side that played it won the game, 1 for a draw or an unknown result ("*")
and 0 for a loss; a move's weight is the sum, scaled into 16 bits where
needed. Moves played in fewer than -min-games games, and moves that only
lost, are left out. Games that do not parse are skipped with a warning.
Progress goes to standard error.

Example:
	ferz book build -pgn ../shared/data/openings/bjbraams_chessdb_198350_lines.pgn -plies 16 -min-games 3 -out book.bin`

// runBookBuild implements "ferz book build".
func runBookBuild(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book build", "-pgn FILE [-plies N] [-min-games N] -out FILE.bin", bookBuildDescription)
	pgnPath := fs.String("pgn", "", "the PGN `file` of games to read")
	plies := fs.Int("plies", book.DefaultPlies, "take the first `N` plies of each game (0: all)")
	minGames := fs.Int("min-games", 1, "keep moves played in at least `N` games")
	out := fs.String("out", "", "the Polyglot book `file` to write")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if *pgnPath == "" || *out == "" {
		return usageErrorf("book build: want both -pgn FILE and -out FILE.bin")
	}
	if err := checkBuildLimits("book build", *plies, *minGames); err != nil {
		return err
	}
	f, err := os.Open(*pgnPath)
	if err != nil {
		return usageErrorf("book build: %v", err)
	}
	defer f.Close()
	var size int64
	if st, err := f.Stat(); err == nil {
		size = st.Size()
	}

	start := time.Now()
	b := book.NewBuilder(*plies, *minGames)
	counter := &countingReader{r: f}
	prog := newProgress(stderr, *pgnPath, size)
	r := chess.NewPGNReader(bufio.NewReaderSize(counter, 1<<16))
	bad := 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var perr *chess.PGNError
		if errors.As(err, &perr) {
			bad++
			if bad <= maxBadGamesShown {
				prog.clear()
				fmt.Fprintf(stderr, "ferz: book build: skipping a game: %v\n", err)
			}
			continue
		}
		if err != nil {
			prog.clear()
			return fmt.Errorf("book build: reading %s: %w", *pgnPath, err)
		}
		if err := addGame(b, g); err != nil {
			bad++
			if bad <= maxBadGamesShown {
				prog.clear()
				fmt.Fprintf(stderr, "ferz: book build: skipping game %d: %v\n", b.Games(), err)
			}
			continue
		}
		prog.update(counter.n, b.Games())
	}
	prog.done(counter.n, b.Games())
	if bad > maxBadGamesShown {
		fmt.Fprintf(stderr, "ferz: book build: skipped %d games that did not parse (the first %d shown)\n", bad, maxBadGamesShown)
	}
	return writeBook(b, *out, stdout, start)
}

// maxBadGamesShown is how many skipped games book build describes.
const maxBadGamesShown = 5

// checkBuildLimits checks the -plies and -min-games flags.
func checkBuildLimits(cmd string, plies, minGames int) error {
	if plies < 0 {
		return usageErrorf("%s: -plies %d is negative (0 takes every ply)", cmd, plies)
	}
	if minGames < 1 {
		return usageErrorf("%s: -min-games %d is below 1", cmd, minGames)
	}
	return nil
}

// addGame adds the main line of a PGN game to b.
func addGame(b *book.Builder, g *chess.Game) error {
	start, err := g.Start()
	if err != nil {
		return err
	}
	return b.AddGame(start, g.Moves, g.Result)
}

// writeBook writes the entries of b to the file path (through a
// temporary file, so that a failed write leaves no half book) and reports
// what it wrote on stdout.
func writeBook(b *book.Builder, path string, stdout io.Writer, start time.Time) error {
	entries := b.Entries()
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("book: %w", err)
	}
	// CreateTemp makes the file private; a book is for everyone to read.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("book: %w", err)
	}
	if err := book.Write(tmp, entries); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("%w (%s)", err, tmp.Name())
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("book: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("book: %w", err)
	}
	positions := 0
	for i, e := range entries {
		if i == 0 || e.Key != entries[i-1].Key {
			positions++
		}
	}
	fmt.Fprintf(stdout, "%s: %d games, %d positions, %d entries, %d bytes, %.1f s\n",
		path, b.Games(), positions, len(entries), len(entries)*book.EntrySize, time.Since(start).Seconds())
	return nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

// Read reads from the underlying reader and adds the bytes read to the count.
func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// progress shows how far the reading of a file has gone on one line of
// standard error, rewritten at most a few times a second.
type progress struct {
	w     io.Writer
	name  string
	size  int64
	last  time.Time
	shown bool
}

func newProgress(w io.Writer, name string, size int64) *progress {
	return &progress{w: w, name: name, size: size, last: time.Now()}
}

// update rewrites the progress line if enough time has passed.
func (p *progress) update(read int64, games int) {
	if time.Since(p.last) < 250*time.Millisecond {
		return
	}
	p.last = time.Now()
	p.show(read, games)
}

// show writes the progress line: a bar and the percentage of the file
// read (when its size is known) and the games so far.
func (p *progress) show(read int64, games int) {
	const width = 30
	if p.size > 0 {
		frac := min(float64(read)/float64(p.size), 1)
		filled := int(frac * width)
		fmt.Fprintf(p.w, "\r%s [%s%s] %3.0f%% %d games", p.name,
			strings.Repeat("#", filled), strings.Repeat(".", width-filled), 100*frac, games)
	} else {
		fmt.Fprintf(p.w, "\r%s: %d MB, %d games", p.name, read>>20, games)
	}
	p.shown = true
}

// clear ends the progress line so that a message can follow.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprintln(p.w)
		p.shown = false
	}
}

// done writes the final state of the progress line and ends it.
func (p *progress) done(read int64, games int) {
	p.show(read, games)
	p.clear()
}

const bookConvertDescription = `
Convert reads a book in the seed program's text format, one game per line
from the standard starting position with its moves in coordinates
("e2e4 e7e5 g1f3", castling as the king's two-square move "e1g1"), and
writes it as a Polyglot book. Each line counts as one game without a
result, so a move's weight is the number of lines that play it.

Example:
	ferz book convert -text book.txt -out book.bin`

// runBookConvert implements "ferz book convert".
func runBookConvert(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book convert", "-text FILE -out FILE.bin [-plies N] [-min-games N]", bookConvertDescription)
	textPath := fs.String("text", "", "the text book `file` to read")
	out := fs.String("out", "", "the Polyglot book `file` to write")
	plies := fs.Int("plies", 0, "take the first `N` plies of each line (0: all)")
	minGames := fs.Int("min-games", 1, "keep moves played in at least `N` lines")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if *textPath == "" || *out == "" {
		return usageErrorf("book convert: want both -text FILE and -out FILE.bin")
	}
	if err := checkBuildLimits("book convert", *plies, *minGames); err != nil {
		return err
	}
	start := time.Now()
	f, err := os.Open(*textPath)
	if err != nil {
		return usageErrorf("book convert: %v", err)
	}
	defer f.Close()
	games, err := book.ReadText(f)
	if err != nil {
		return usageErrorf("book convert: %s: %v", *textPath, err)
	}
	b := book.NewBuilder(*plies, *minGames)
	for _, g := range games {
		if err := b.AddGame(nil, g, "*"); err != nil {
			return err // not reached: ReadText checked the moves
		}
	}
	return writeBook(b, *out, stdout, start)
}

// openBook opens the book at path, or the default book if path is empty.
func openBook(cmd, path string) (*book.Book, error) {
	if path == "" {
		b, err := book.Default()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cmd, err)
		}
		return b, nil
	}
	b, err := book.Open(path)
	if err != nil {
		return nil, usageErrorf("%s: %v", cmd, err)
	}
	return b, nil
}

const bookProbeDescription = `
Probe lists the moves a Polyglot book holds for a position, best first,
with their weights and each weight's share of the total: the chance that
a weighted random choice plays the move. Without -book it reads the book
built into Ferz.

Examples:
	ferz book probe
	ferz book probe -moves "e4 c5 Nf3"
	ferz book probe -book /usr/share/games/gnuchess/book.bin -fen "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"`

// runBookProbe implements "ferz book probe".
func runBookProbe(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book probe", "[-book FILE.bin] [-fen FEN] [-moves MOVES] [-chess960]", bookProbeDescription)
	path := fs.String("book", "", "the Polyglot book `file` (default: the book built into Ferz)")
	fen := fs.String("fen", chess.StartFEN, "the position, in `FEN` (Shredder-FEN castling selects Chess960)")
	movesText := fs.String("moves", "", "`moves` to play from the position first, separated by blanks, in SAN or coordinates")
	chess960 := fs.Bool("chess960", false, "treat the position as Chess960 (castling shown as king takes rook)")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	p, err := chess.ParseFEN(*fen)
	if err != nil {
		return usageErrorf("book probe: bad -fen: %s", strings.TrimPrefix(err.Error(), "fen: "))
	}
	if *chess960 {
		p.SetChess960(true)
	}
	for _, s := range strings.Fields(*movesText) {
		m, err := p.ParseMove(s)
		if err != nil {
			return usageErrorf("book probe: bad -moves: %v", err)
		}
		p.MakeMove(m)
	}
	b, err := openBook("book probe", *path)
	if err != nil {
		return err
	}
	b.Warn = func(msg string) { fmt.Fprintf(stderr, "ferz: %s\n", msg) }

	fmt.Fprintf(stdout, "book     %s (%d entries, %d positions)\n", b.Name(), b.Len(), b.Positions())
	fmt.Fprintf(stdout, "position %s\n", p.FEN())
	fmt.Fprintf(stdout, "key      %016x\n", p.PolyglotKey())
	entries := b.Probe(p)
	if len(entries) == 0 {
		fmt.Fprintln(stdout, "no book moves")
		return nil
	}
	total := 0
	for _, e := range entries {
		total += int(e.Weight)
	}
	fmt.Fprintf(stdout, "\n%-8s %-6s %7s %7s\n", "move", "uci", "weight", "share")
	for _, e := range entries {
		share := 0.0
		if total > 0 {
			share = 100 * float64(e.Weight) / float64(total)
		}
		fmt.Fprintf(stdout, "%-8s %-6s %7d %6.1f%%\n", p.SAN(e.Move), p.UCI(e.Move), e.Weight, share)
	}
	return nil
}

const bookDumpDescription = `
Dump lists every entry of a Polyglot book, one per line: the position key
in hexadecimal, the move as Polyglot stores it (castling as the king
taking its rook, e1h1), the weight and the learn field. With -text it
writes instead the book's lines of play from the starting position in the
seed's text format (one line per line of play, castling as e1g1), which
"ferz book convert" reads back; the weights are lost, and a position
reached by two move orders is followed in one of them only. Without
-book it reads the book built into Ferz.

Examples:
	ferz book dump -book book.bin | head
	ferz book dump -book book.bin -text -plies 12 -out book.txt`

// runBookDump implements "ferz book dump".
func runBookDump(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book dump", "[-book FILE.bin] [-text [-plies N]] [-out FILE]", bookDumpDescription)
	path := fs.String("book", "", "the Polyglot book `file` (default: the book built into Ferz)")
	text := fs.Bool("text", false, "write the book's lines of play as a text book")
	plies := fs.Int("plies", 0, "with -text, end lines after `N` plies (0: no limit)")
	out := fs.String("out", "", "write to `file` instead of standard output")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if *plies < 0 {
		return usageErrorf("book dump: -plies %d is negative", *plies)
	}
	b, err := openBook("book dump", *path)
	if err != nil {
		return err
	}
	b.Warn = func(msg string) { fmt.Fprintf(stderr, "ferz: %s\n", msg) }
	w := stdout
	var f *os.File
	if *out != "" {
		if f, err = os.Create(*out); err != nil {
			return usageErrorf("book dump: %v", err)
		}
		defer f.Close()
		w = f
	}
	if *text {
		err = book.WriteText(w, b.Lines(nil, *plies))
	} else {
		bw := bufio.NewWriter(w)
		for e := range b.RawEntries() {
			fmt.Fprintf(bw, "%016x %-5s %5d %d\n", e.Key, e.Move, e.Weight, e.Learn)
		}
		err = bw.Flush()
	}
	if err != nil {
		return fmt.Errorf("book dump: %w", err)
	}
	if f != nil {
		if err := f.Close(); err != nil {
			return fmt.Errorf("book dump: %w", err)
		}
	}
	return nil
}
