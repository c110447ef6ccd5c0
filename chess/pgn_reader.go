package chess

import (
	"fmt"
	"io"
)

// PGNError reports a malformed game: where it is in the input and what is
// wrong with it. I/O errors of the underlying reader are returned as they
// are, never as a PGNError, so a caller can tell a bad game (skip it and
// go on) from a failing input (stop).
type PGNError struct {
	Game int   // the number of the game in the input, counting from 1
	Line int   // the line of the input where the fault was found, from 1
	Err  error // what is wrong
}

// Error returns the message, such as
// `pgn: game 12, line 340: move "Nf9" is not a move in SAN in position ...`.
func (e *PGNError) Error() string {
	return fmt.Sprintf("pgn: game %d, line %d: %v", e.Game, e.Line, e.Err)
}

// Unwrap returns the underlying error.
func (e *PGNError) Unwrap() error { return e.Err }

// Limits that keep the memory a hostile input can take small.
const (
	maxPGNSymbol         = 255      // bytes in a move, move number, result or tag name
	maxPGNString         = 1 << 16  // bytes in a tag value
	maxPGNComment        = 1 << 20  // bytes in one comment
	maxPGNVariationDepth = 100      // variations nested in one another
	pgnBufferSize        = 64 << 10 // the most the input buffer grows to
)

// PGNReader reads the games of a PGN file one at a time. It buffers its
// input and keeps only the game being read, so it reads files of any size
// in little memory.
//
// It accepts the PGN export format and the usual departures from it:
// games without tags or without a termination marker, missing or extra
// blank lines, CRLF line ends, a UTF-8 byte order mark, "0-0" castling,
// move numbers glued to moves ("12.e4", "1...e5"), "!" and "?" suffixes
// (read as NAGs), ";" and multi-line "{...}" comments, "%" escape lines
// and nested variations, which are checked move by move and then dropped.
type PGNReader struct {
	r        io.Reader
	buf      []byte
	pos, end int
	eof      bool  // r has returned io.EOF
	ioErr    error // r has returned another error
	empty    int   // reads in a row that returned nothing
	full     bool  // the last read filled the buffer

	line     int  // current line, from 1
	newlines int  // line ends since the last token
	col0     bool // the next byte is the first of its line
	started  bool // a token has been read

	text    []byte   // the text of the current token
	comment []byte   // comments waiting for the move they belong to
	tok     pgnToken // the current token
	pushed  bool     // tok is to be returned again by next
	games   int      // games started
	lines   []pgnVariation
	depth   int            // variations open where the last error was found
	tagAt   map[string]int // line of the first tag of each name in the game
}

// NewPGNReader returns a reader of the PGN games in r.
func NewPGNReader(r io.Reader) *PGNReader {
	return &PGNReader{r: r, buf: make([]byte, 512), line: 1, col0: true}
}

// pgnVariation is a variation being read: the position reached in it,
// the line where it opened and how many moves it has.
type pgnVariation struct {
	pos   *Position
	line  int
	moves int
}

// Next returns the next game. At the end of the input it returns io.EOF.
// A malformed game gives a *PGNError naming the game and line; the reader
// then skips to the next game (after the bad game's result, or at a tag
// line that follows a blank line), so calling Next again goes on with the
// rest of the file. Any other error comes from the underlying reader.
func (r *PGNReader) Next() (*Game, error) {
	if r.ioErr != nil {
		return nil, r.ioErr
	}
	// Comments before the first tag are dropped; before a game without
	// tags they are the comment before its first move.
	r.comment = r.comment[:0]
	t := r.next()
	for t.kind == tokComment {
		r.addComment(t.text)
		t = r.next()
	}
	if t.kind == tokEOF {
		if r.ioErr != nil {
			return nil, r.ioErr
		}
		return nil, io.EOF
	}
	r.games++
	if t.kind == tokOpenBracket {
		r.comment = r.comment[:0]
	}
	g, inMovetext, err := r.readGame(t)
	if r.ioErr != nil {
		return nil, r.ioErr
	}
	if err != nil {
		r.skipGame(&r.tok, inMovetext, r.depth)
		if r.ioErr != nil {
			return nil, r.ioErr
		}
		return nil, err
	}
	return g, nil
}

// errorAt returns a PGNError for the current game.
func (r *PGNReader) errorAt(line int, format string, args ...any) error {
	return &PGNError{Game: r.games, Line: line, Err: fmt.Errorf(format, args...)}
}

// readGame reads a game whose first token is t. On error, the token that
// revealed it is r.tok, and inMovetext tells whether the tags were over.
func (r *PGNReader) readGame(t *pgnToken) (g *Game, inMovetext bool, err error) {
	g = &Game{}
	clear(r.tagAt)
	if t.kind == tokOpenBracket {
		if t, err = r.readTags(g, t); err != nil {
			r.depth = 0
			return nil, false, err
		}
		g.Tags = rosterFirst(g.Tags)
	}
	if _, err := variantIsChess960(g.Tag("Variant")); err != nil {
		r.depth = 0
		return nil, true, &PGNError{Game: r.games, Line: r.tagAt["Variant"], Err: err}
	}
	pos, err := g.Start()
	if err != nil {
		r.depth = 0
		return nil, true, &PGNError{Game: r.games, Line: r.tagAt["FEN"], Err: err}
	}
	if err := r.readMovetext(g, pos, t); err != nil {
		return nil, true, err
	}
	if len(g.Annotations) > 0 {
		g.annotation(len(g.Moves) - 1)
	}
	return g, true, nil
}

// readTags reads the tag pairs starting at t and returns the token after
// them.
func (r *PGNReader) readTags(g *Game, t *pgnToken) (*pgnToken, error) {
	if r.tagAt == nil {
		r.tagAt = make(map[string]int)
	}
	for t.kind == tokOpenBracket {
		t = r.next()
		if t.kind == tokBad {
			return nil, r.errorAt(t.line, "%v", t.err)
		}
		if t.kind != tokSymbol || !validTagName(t.text) {
			return nil, r.errorAt(t.line, "want a tag name after \"[\", have %s", t.describe())
		}
		name := string(t.text)
		line := t.line
		if t = r.next(); t.kind != tokString {
			if t.kind == tokBad {
				return nil, r.errorAt(t.line, "tag %s: %v", name, t.err)
			}
			return nil, r.errorAt(t.line, "tag %s: want a value in double quotes, have %s", name, t.describe())
		}
		value := string(t.text)
		if t = r.next(); t.kind != tokCloseBracket {
			return nil, r.errorAt(t.line, "tag %s: want \"]\" after the value, have %s", name, t.describe())
		}
		g.Tags = append(g.Tags, Tag{name, value})
		if _, ok := r.tagAt[name]; !ok {
			r.tagAt[name] = line
		}
		// Comments among the tags are dropped; after them, they are the
		// comment before the first move.
		r.comment = r.comment[:0]
		for t = r.next(); t.kind == tokComment; t = r.next() {
			r.addComment(t.text)
		}
		if t.kind == tokOpenBracket && t.lineStart && t.afterBlank {
			break // the next game: this one has tags only
		}
	}
	return t, nil
}

// validTagName reports whether name can be a tag name: a letter or digit
// followed by letters, digits and the other symbol characters.
func validTagName(name []byte) bool {
	if len(name) == 0 || !isAlnum(name[0]) {
		return false
	}
	for _, c := range name {
		if !symbolChar[c] {
			return false
		}
	}
	return true
}

// rosterFirst puts the Seven Tag Roster first, in its order (the first
// tag of each name), and the other tags after them in their order.
func rosterFirst(tags []Tag) []Tag {
	k := 0
	for _, name := range sevenTagRoster {
		i := slicesIndexTag(tags, name)
		if i < 0 {
			continue
		}
		if i != k {
			return reorderTags(tags)
		}
		k++
	}
	return tags // already in order
}

// reorderTags returns the tags in the order rosterFirst wants.
func reorderTags(tags []Tag) []Tag {
	out := make([]Tag, 0, len(tags))
	used := make([]bool, len(tags))
	for _, name := range sevenTagRoster {
		if i := slicesIndexTag(tags, name); i >= 0 {
			out = append(out, tags[i])
			used[i] = true
		}
	}
	for i, t := range tags {
		if !used[i] {
			out = append(out, t)
		}
	}
	return out
}

// slicesIndexTag returns the index of the first tag named name, or -1.
func slicesIndexTag(tags []Tag, name string) int {
	for i, t := range tags {
		if t.Name == name {
			return i
		}
	}
	return -1
}

// readMovetext reads the moves from t to the game termination marker.
func (r *PGNReader) readMovetext(g *Game, main *Position, t *pgnToken) error {
	lines := r.lines[:0]
	defer func() {
		r.depth = len(lines)
		for i := range lines {
			lines[i].pos = nil
		}
		r.lines = lines[:0]
	}()
	for ; ; t = r.next() {
		switch t.kind {
		case tokSymbol:
			s := t.text
			if res := resultOf(s); res != "" {
				if len(lines) > 0 {
					return r.errorAt(t.line, "result %s inside the variation opened on line %d", res, lines[len(lines)-1].line)
				}
				g.Result = res
				r.flushComment(g)
				return nil
			}
			if isDigits(s) {
				continue // a move number
			}
			if len(lines) == 0 {
				if isNullMove(s) {
					return r.errorAt(t.line, "null move %q in the main line", s)
				}
				m, err := main.ParseSAN(string(s))
				if err != nil {
					return &PGNError{Game: r.games, Line: t.line, Err: err}
				}
				r.flushComment(g)
				main.MakeMove(m)
				g.Moves = append(g.Moves, m)
				continue
			}
			v := &lines[len(lines)-1]
			if isNullMove(s) {
				if v.pos.InCheck() {
					return r.errorAt(t.line, "null move %q while in check in the variation opened on line %d", s, v.line)
				}
				v.pos.MakeNullMove()
			} else {
				m, err := v.pos.ParseSAN(string(s))
				if err != nil {
					return r.errorAt(t.line, "in the variation opened on line %d: %w", v.line, err)
				}
				v.pos.MakeMove(m)
			}
			v.moves++
		case tokPeriod:
		case tokComment:
			if len(lines) == 0 { // comments in variations are dropped
				r.addComment(t.text)
			}
		case tokNAG:
			if len(lines) == 0 && len(g.Moves) > 0 {
				a := g.annotation(len(g.Moves) - 1)
				a.NAGs = append(a.NAGs, t.nag)
			}
		case tokOpenParen:
			if len(lines) >= maxPGNVariationDepth {
				return r.errorAt(t.line, "variations nested more than %d deep", maxPGNVariationDepth)
			}
			base, moves := main, len(g.Moves)
			if len(lines) > 0 {
				base, moves = lines[len(lines)-1].pos, lines[len(lines)-1].moves
			}
			if moves == 0 {
				return r.errorAt(t.line, "variation with no move before it to replace")
			}
			lines = append(lines, pgnVariation{pos: beforeLastMove(base), line: t.line})
		case tokCloseParen:
			if len(lines) == 0 {
				return r.errorAt(t.line, "\")\" closes no variation")
			}
			lines[len(lines)-1].pos = nil
			lines = lines[:len(lines)-1]
		case tokStar:
			if len(lines) > 0 {
				return r.errorAt(t.line, "result * inside the variation opened on line %d", lines[len(lines)-1].line)
			}
			g.Result = "*"
			r.flushComment(g)
			return nil
		case tokOpenBracket:
			if !t.lineStart {
				return r.errorAt(t.line, "unexpected \"[\" among the moves")
			}
			if len(lines) > 0 {
				return r.errorAt(lines[len(lines)-1].line, "variation not closed before the tags on line %d", t.line)
			}
			r.pushed = true // the next game's tags: this game has no termination marker
			g.Result = resultFromTag(g)
			r.flushComment(g)
			return nil
		case tokEOF:
			if r.ioErr != nil {
				return r.ioErr
			}
			if len(lines) > 0 {
				return r.errorAt(lines[len(lines)-1].line, "variation not closed at the end of the input")
			}
			g.Result = resultFromTag(g)
			r.flushComment(g)
			return nil
		case tokBad:
			return r.errorAt(t.line, "%v", t.err)
		default:
			return r.errorAt(t.line, "unexpected %s among the moves", t.describe())
		}
	}
}

// addComment adds a comment's text to the comments waiting for their
// move, separated by a space.
func (r *PGNReader) addComment(text []byte) {
	if len(text) == 0 {
		return
	}
	if len(r.comment) > 0 {
		r.comment = append(r.comment, ' ')
	}
	r.comment = append(r.comment, text...)
}

// flushComment gives the waiting comments to the last move of the main
// line, or to the game if it has no move yet.
func (r *PGNReader) flushComment(g *Game) {
	if len(r.comment) == 0 {
		return
	}
	c := &g.Comment
	if len(g.Moves) > 0 {
		c = &g.annotation(len(g.Moves) - 1).Comment
	}
	if *c == "" {
		*c = string(r.comment)
	} else {
		*c += " " + string(r.comment)
	}
	r.comment = r.comment[:0]
}

// beforeLastMove returns a copy of p as it was before its last move, for
// a variation to start from. The copy keeps none of the older history
// (which would make many variations in a long game slow): a variation
// needs legal moves, not repetitions.
func beforeLastMove(p *Position) *Position {
	q := *p
	q.history = make([]undo, 1, 16)
	q.history[0] = p.history[len(p.history)-1]
	q.UnmakeMove()
	return &q
}

// resultOf returns the result that s stands for, or "".
func resultOf(s []byte) string {
	switch string(s) {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2":
		return "1/2-1/2"
	}
	return ""
}

// resultFromTag is the result of a game without termination marker: its
// Result tag if that is a result, else "*".
func resultFromTag(g *Game) string {
	if res := resultOf([]byte(g.Tag("Result"))); res != "" {
		return res
	}
	return "*"
}

func isDigits(s []byte) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(s) > 0
}

// isNullMove recognises the null moves some programs write in analysis.
func isNullMove(s []byte) bool {
	return string(s) == "--" || string(s) == "Z0"
}

// skipGame skips the rest of a malformed game, starting with t, the token
// where the fault was found, inside depth variations: up to and including
// a result outside variations, or up to a tag line that follows a blank
// line (or any tag line once the moves have begun), which it leaves to be
// read.
func (r *PGNReader) skipGame(t *pgnToken, inMovetext bool, depth int) {
	for ; ; t = r.next() {
		if t.lineStart && t.kind != tokOpenBracket && t.kind != tokComment {
			inMovetext = true
		}
		switch t.kind {
		case tokEOF:
			return
		case tokStar:
			if depth == 0 {
				return
			}
		case tokSymbol:
			if depth == 0 && resultOf(t.text) != "" {
				return
			}
		case tokOpenParen:
			depth++
		case tokCloseParen:
			depth = max(depth-1, 0)
		case tokOpenBracket:
			if t.lineStart && (t.afterBlank || inMovetext) {
				r.pushed = true
				return
			}
		}
	}
}

// Input handling.
