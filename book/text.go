package book

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/ferzchess/ferz/chess"
)

// maxTextLine is the longest line ReadText accepts, in bytes.
const maxTextLine = 1 << 20

// ReadText reads an opening book in the seed program's text format: one
// game per line, each from the standard starting position, its moves in
// coordinates separated by blanks ("e2e4 e7e5 g1f3"), promotions with the
// piece's letter ("e7e8q") and castling as the king's two-square move
// ("e1g1"; the king taking its rook, "e1h1", is read as well). Blank
// lines and lines that start with # are skipped. A move that is not legal
// is an error that names the line, the move and the position.
func ReadText(r io.Reader) ([][]chess.Move, error) {
	var games [][]chess.Move
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxTextLine)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p := chess.StartPosition()
		var moves []chess.Move
		for i, tok := range strings.Fields(text) {
			if !isCoordinateMove(tok) {
				return nil, fmt.Errorf("book: text line %d, move %d: %q is not a move in coordinates such as e2e4 or e7e8q", line, i+1, tok)
			}
			m, err := p.ParseUCI(tok)
			if err != nil {
				return nil, fmt.Errorf("book: text line %d, move %d: %w", line, i+1, err)
			}
			moves = append(moves, m)
			p.MakeMove(m)
		}
		games = append(games, moves)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("book: text line %d: %w", line+1, err)
	}
	return games, nil
}

// isCoordinateMove reports whether s has the shape of a move in
// coordinates: two squares and an optional promotion letter.
func isCoordinateMove(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return false
		}
	}
	return len(s) == 4 || strings.IndexByte("nbrq", s[4]) >= 0
}

// WriteText writes games in the text format ReadText reads: one line per
// game, moves in coordinates with castling as the king's two-square move.
// Each game starts from the standard starting position; a move that is
// not legal there is an error that names the game and the move.
func WriteText(w io.Writer, games [][]chess.Move) error {
	bw := bufio.NewWriter(w)
	for g, moves := range games {
		p := chess.StartPosition()
		for i, m := range moves {
			if !p.IsLegal(m) {
				return fmt.Errorf("book: game %d, move %d (%v) is not legal in %s", g+1, i+1, m, p.FEN())
			}
			if i > 0 {
				bw.WriteByte(' ')
			}
			bw.WriteString(p.UCI(m))
			p.MakeMove(m)
		}
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("book: writing text: %w", err)
	}
	return nil
}

// Lines returns the lines of play the book holds from start (the
// standard starting position if nil): every sequence of book moves of
// positive weight, followed until a position without such moves, until
// maxPlies plies (0 for no limit), or until a position already reached
// by an earlier line. Each position is expanded once, so a book with
// transpositions gives each of them in one line only. The lines come in
// the order of the moves' weights, best first. Lines turns a Polyglot
// book into a text book (WriteText); the weights are lost.
func (b *Book) Lines(start *chess.Position, maxPlies int) [][]chess.Move {
	var p *chess.Position
	if start == nil {
		p = chess.StartPosition()
	} else {
		p = start.Copy()
	}
	seen := make(map[uint64]bool)
	var lines [][]chess.Move
	var path []chess.Move
	var walk func()
	walk = func() {
		key := p.PolyglotKey()
		var next []Entry
		if !seen[key] && (maxPlies <= 0 || len(path) < maxPlies) {
			seen[key] = true
			for _, e := range b.Probe(p) {
				if e.Weight > 0 {
					next = append(next, e)
				}
			}
		}
		if len(next) == 0 {
			if len(path) > 0 {
				lines = append(lines, append([]chess.Move(nil), path...))
			}
			return
		}
		for _, e := range next {
			path = append(path, e.Move)
			p.MakeMove(e.Move)
			walk()
			p.UnmakeMove()
			path = path[:len(path)-1]
		}
	}
	walk()
	return lines
}
