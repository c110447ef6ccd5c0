package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/ferzchess/ferz/chess"
)

// Opening is where a game starts: a position and the book moves played
// from it before the engines take over.
type Opening struct {
	// FEN is the starting position, or "" for the standard one.
	FEN string
	// Moves are the book moves played from the start.
	Moves []chess.Move
	// Chess960 marks a Chess960 game (castling written as king takes
	// rook, UCI_Chess960 set on the engines).
	Chess960 bool
	// Source says where the opening comes from ("file.epd:12").
	Source string
}

// Start returns the opening's starting position (before the book moves).
func (o Opening) Start() (*chess.Position, error) {
	var p *chess.Position
	if o.FEN == "" {
		p = chess.StartPosition()
	} else {
		var err error
		if p, err = chess.ParseFEN(o.FEN); err != nil {
			return nil, err
		}
	}
	p.SetChess960(o.Chess960)
	return p, nil
}

// Book is a list of openings and what was skipped while reading them.
type Book struct {
	Openings []Opening
	// Skipped counts the entries that could not be used; FirstSkip says
	// why the first of them was refused.
	Skipped   int
	FirstSkip string
}

// LoadOpenings reads the openings of an EPD file (each line a position)
// or a PGN file (each game's moves, at most plies of them if plies > 0),
// told apart by the name's extension (.epd or .pgn). It stops after limit
// openings if limit > 0. With chess960 every position is played as
// Chess960. Entries that are malformed or whose game is already over are
// skipped and counted.
func LoadOpenings(path string, plies, limit int, chess960 bool) (*Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("openings: %v", err)
	}
	defer f.Close()
	var b *Book
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".epd", ".fen":
		b, err = readEPDOpenings(f, filepath.Base(path), limit, chess960)
	case ".pgn":
		b, err = readPGNOpenings(f, filepath.Base(path), plies, limit, chess960)
	default:
		return nil, fmt.Errorf("openings %s: unknown format %q (want .epd or .pgn)", path, ext)
	}
	if err != nil {
		return nil, fmt.Errorf("openings %s: %v", path, err)
	}
	if len(b.Openings) == 0 {
		msg := fmt.Sprintf("openings %s: no usable opening", path)
		if b.FirstSkip != "" {
			msg += " (" + b.FirstSkip + ")"
		}
		return nil, errors.New(msg)
	}
	return b, nil
}

func (b *Book) skip(why string) {
	if b.Skipped == 0 {
		b.FirstSkip = why
	}
	b.Skipped++
}

// add appends an opening unless its game is already over.
func (b *Book) add(o Opening) {
	p, err := o.Start()
	if err != nil {
		b.skip(fmt.Sprintf("%s: %v", o.Source, err))
		return
	}
	for _, m := range o.Moves {
		p.MakeMove(m)
	}
	if st := p.Status(); st.IsOver() || len(p.LegalMoves()) == 0 {
		b.skip(fmt.Sprintf("%s: the game is already over (%v)", o.Source, st))
		return
	}
	b.Openings = append(b.Openings, o)
}

func readEPDOpenings(r io.Reader, name string, limit int, chess960 bool) (*Book, error) {
	b := &Book{}
	er := chess.NewEPDReader(bufio.NewReader(r))
	lastErrLine := -1
	for limit <= 0 || len(b.Openings) < limit {
		e, line, err := er.Next()
		if err == io.EOF {
			break
		}
		src := fmt.Sprintf("%s:%d", name, line)
		if err != nil {
			// A bad line gives its own line number once; a failing
			// input gives the same error again and again.
			if errors.Is(err, bufio.ErrTooLong) || line == lastErrLine {
				return nil, err
			}
			lastErrLine = line
			b.skip(fmt.Sprintf("%s: %v", src, err))
			continue
		}
		b.add(Opening{FEN: e.Position.FEN(), Chess960: chess960 || e.Position.Chess960(), Source: src})
	}
	return b, nil
}

func readPGNOpenings(r io.Reader, name string, plies, limit int, chess960 bool) (*Book, error) {
	b := &Book{}
	pr := chess.NewPGNReader(r)
	for n := 1; limit <= 0 || len(b.Openings) < limit; n++ {
		g, err := pr.Next()
		if err == io.EOF {
			break
		}
		src := fmt.Sprintf("%s game %d", name, n)
		var pgnErr *chess.PGNError
		if errors.As(err, &pgnErr) {
			b.skip(err.Error())
			continue
		}
		if err != nil {
			return nil, err
		}
		start, err := g.Start()
		if err != nil {
			b.skip(fmt.Sprintf("%s: %v", src, err))
			continue
		}
		o := Opening{Chess960: chess960 || start.Chess960(), Source: src}
		if g.Tag("FEN") != "" && g.Tag("SetUp") != "0" {
			o.FEN = start.FEN()
		}
		o.Moves = g.Moves
		if plies > 0 && len(o.Moves) > plies {
			o.Moves = o.Moves[:plies]
		}
		b.add(o)
	}
	return b, nil
}

// Chess960Book returns the 960 Chess960 start positions, numbered as
// Scharnagl numbers them (518 is the standard position).
func Chess960Book() *Book {
	b := &Book{}
	for n := range 960 {
		b.Openings = append(b.Openings, Opening{FEN: chess.Chess960FEN(n), Chess960: true, Source: fmt.Sprintf("Chess960 position %d", n)})
	}
	return b
}

// Shuffle puts the openings in a random order fixed by seed.
func (b *Book) Shuffle(seed uint64) {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	r.Shuffle(len(b.Openings), func(i, j int) {
		b.Openings[i], b.Openings[j] = b.Openings[j], b.Openings[i]
	})
}
