package chess

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// pgnTokenKind says what a token of the PGN reader's lexer is: a symbol,
// a string, a comment, a NAG or one of the punctuation marks.
type pgnTokenKind uint8

const (
	tokEOF          pgnTokenKind = iota // end of input (or an I/O error)
	tokSymbol                           // move, move number, result or tag name
	tokString                           // quoted tag value, unescaped
	tokComment                          // {...} or ; comment, white space collapsed
	tokNAG                              // $n, or a suffix like "!?"
	tokPeriod                           // one or more '.'
	tokStar                             // the '*' result
	tokOpenBracket                      // [
	tokCloseBracket                     // ]
	tokOpenParen                        // (
	tokCloseParen                       // )
	tokBad                              // malformed input; err says why
)

// pgnToken is one lexical token; its text is valid until the next token.
type pgnToken struct {
	kind       pgnTokenKind
	line       int
	lineStart  bool // the first token on its line
	afterBlank bool // a blank line (or the start of input) comes before it
	nag        uint8
	text       []byte
	err        error
}

// describe names the token for an error message.
func (t *pgnToken) describe() string {
	switch t.kind {
	case tokEOF:
		return "the end of the input"
	case tokSymbol:
		return fmt.Sprintf("%q", t.text)
	case tokString:
		return fmt.Sprintf("the string %q", t.text)
	case tokComment:
		return "a comment"
	case tokNAG:
		return fmt.Sprintf("$%d", t.nag)
	case tokPeriod:
		return `"."`
	case tokStar:
		return `"*"`
	case tokOpenBracket:
		return `"["`
	case tokCloseBracket:
		return `"]"`
	case tokOpenParen:
		return `"("`
	case tokCloseParen:
		return `")"`
	}
	return t.err.Error()
}

// fill makes at least n bytes available from pos, unless the input ends
// first; it reports whether they are there. n must be small.
func (r *PGNReader) fill(n int) bool {
	for r.end-r.pos < n {
		if r.eof || r.ioErr != nil {
			return false
		}
		if r.pos > 0 {
			copy(r.buf, r.buf[r.pos:r.end])
			r.end -= r.pos
			r.pos = 0
		}
		if r.full && len(r.buf) < pgnBufferSize {
			// The input fills the buffer: double it, up to its full size
			// (small inputs, such as one game in a string, stay cheap).
			r.buf = append(r.buf, make([]byte, len(r.buf))...)
		}
		k, err := r.r.Read(r.buf[r.end:])
		r.full = r.end+k == len(r.buf)
		r.end += k
		switch {
		case err == io.EOF:
			r.eof = true
		case err != nil:
			r.ioErr = err
		case k == 0:
			if r.empty++; r.empty > 100 {
				r.ioErr = io.ErrNoProgress
			}
		default:
			r.empty = 0
		}
	}
	return true
}

// peek returns the next byte without reading it; false at the end.
func (r *PGNReader) peek() (byte, bool) {
	if r.pos < r.end {
		return r.buf[r.pos], true
	}
	if !r.fill(1) {
		return 0, false
	}
	return r.buf[r.pos], true
}

// peekAt returns the byte i places ahead; false beyond the end.
func (r *PGNReader) peekAt(i int) (byte, bool) {
	if r.pos+i < r.end {
		return r.buf[r.pos+i], true
	}
	if !r.fill(i + 1) {
		return 0, false
	}
	return r.buf[r.pos+i], true
}

// skipLine skips to the end of the line, leaving the '\n'.
func (r *PGNReader) skipLine() {
	for {
		if i := bytes.IndexByte(r.buf[r.pos:r.end], '\n'); i >= 0 {
			r.pos += i
			return
		}
		r.pos = r.end
		if !r.fill(1) {
			return
		}
	}
}

var symbolChar, spaceChar [256]bool

func init() {
	for c := 0; c < 256; c++ {
		symbolChar[c] = isAlnum(byte(c)) || strings.IndexByte("_+#=:-/", byte(c)) >= 0
		spaceChar[c] = strings.IndexByte(" \t\r\n\v\f", byte(c)) >= 0
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// next reads the next token.
func (r *PGNReader) next() *pgnToken {
	t := &r.tok
	if r.pushed {
		r.pushed = false
		return t
	}
	var c byte
	for {
		var ok bool
		if c, ok = r.peek(); !ok {
			*t = pgnToken{kind: tokEOF, line: r.line}
			return t
		}
		if c == '\n' {
			r.pos++
			r.line++
			r.newlines++
			r.col0 = true
			continue
		}
		if spaceChar[c] {
			r.pos++
			r.col0 = false
			continue
		}
		if c == '%' && r.col0 {
			r.skipLine()
			continue
		}
		if c == 0xEF { // a UTF-8 byte order mark, at the start or between files
			b1, _ := r.peekAt(1)
			b2, _ := r.peekAt(2)
			if b1 == 0xBB && b2 == 0xBF {
				r.pos += 3
				continue
			}
		}
		break
	}
	*t = pgnToken{line: r.line, lineStart: !r.started || r.newlines > 0, afterBlank: !r.started || r.newlines > 1}
	r.started, r.newlines, r.col0 = true, 0, false
	r.text = r.text[:0]
	switch {
	case isAlnum(c):
		r.readSymbol(t)
		return t
	case c == '-':
		if b, _ := r.peekAt(1); b == '-' {
			r.readSymbol(t) // "--", a null move
			return t
		}
	}
	r.pos++
	switch c {
	case '{':
		r.readBraceComment(t)
	case ';':
		r.readLineComment(t)
	case '"':
		r.readString(t)
	case '$':
		r.readNAG(t)
	case '!', '?':
		r.readSuffix(t, c)
	case '.':
		t.kind = tokPeriod
		for b, ok := r.peek(); ok && b == '.'; b, ok = r.peek() {
			r.pos++
		}
	case '*':
		t.kind = tokStar
	case '[':
		t.kind = tokOpenBracket
	case ']':
		t.kind = tokCloseBracket
	case '(':
		t.kind = tokOpenParen
	case ')':
		t.kind = tokCloseParen
	default:
		t.kind, t.err = tokBad, fmt.Errorf("unexpected character %q", c)
	}
	return t
}

func (r *PGNReader) readSymbol(t *pgnToken) {
	t.kind = tokSymbol
	n := 0
	for {
		// Scan what is buffered at once.
		i := r.pos
		for i < r.end && symbolChar[r.buf[i]] {
			i++
		}
		if room := maxPGNSymbol - len(r.text); room > 0 {
			r.text = append(r.text, r.buf[r.pos:r.pos+min(room, i-r.pos)]...)
		}
		n += i - r.pos
		r.pos = i
		if i < r.end || !r.fill(1) {
			break
		}
	}
	if n > maxPGNSymbol {
		t.kind, t.err = tokBad, fmt.Errorf("a word of %d characters (%.20q...) is too long", n, r.text)
	}
	t.text = r.text
}

// readBraceComment reads a {...} comment after its '{'. A comment that
// runs into a blank line followed by a tag line is taken as not closed,
// so that the next game can still be read.
func (r *PGNReader) readBraceComment(t *pgnToken) {
	t.kind = tokComment
	space, blank, n := false, 0, 0
	for {
		c, ok := r.peek()
		if !ok {
			t.kind, t.err = tokBad, fmt.Errorf("comment opened with \"{\" on line %d is not closed", t.line)
			return
		}
		r.pos++
		switch {
		case c == '}':
			if n > maxPGNComment {
				t.kind, t.err = tokBad, fmt.Errorf("comment opened on line %d is longer than %d bytes", t.line, maxPGNComment)
			}
			t.text = r.text
			return
		case c == '\n':
			r.line++
			space = true
			if blank++; blank >= 2 {
				b0, _ := r.peekAt(0)
				b1, _ := r.peekAt(1)
				if b0 == '[' && isLetter(b1) {
					r.newlines, r.col0 = 2, true
					t.kind, t.err = tokBad, fmt.Errorf("comment opened with \"{\" on line %d is not closed before the tags on line %d", t.line, r.line)
					return
				}
			}
		case spaceChar[c]:
			space = true
		default:
			blank = 0
			n++
			if n <= maxPGNComment {
				if space && len(r.text) > 0 {
					r.text = append(r.text, ' ')
				}
				r.text = append(r.text, c)
			}
			space = false
		}
	}
}

// readLineComment reads a ';' comment, to the end of the line.
func (r *PGNReader) readLineComment(t *pgnToken) {
	t.kind = tokComment
	space := false
	for {
		c, ok := r.peek()
		if !ok || c == '\n' {
			break
		}
		r.pos++
		if spaceChar[c] {
			space = true
			continue
		}
		if len(r.text) < maxPGNComment {
			if space && len(r.text) > 0 {
				r.text = append(r.text, ' ')
			}
			r.text = append(r.text, c)
		}
		space = false
	}
	t.text = r.text
}

// readString reads a tag value after its opening '"'. Inside it, \" is a
// quote and \\ a backslash; it must close on its line.
func (r *PGNReader) readString(t *pgnToken) {
	t.kind = tokString
	for {
		c, ok := r.peek()
		if !ok || c == '\n' {
			t.kind, t.err = tokBad, errors.New("value opened with '\"' is not closed on its line")
			return
		}
		r.pos++
		switch c {
		case '"':
			t.text = r.text
			return
		case '\\':
			if b, ok := r.peek(); ok && (b == '"' || b == '\\') {
				r.pos++
				c = b
			}
		}
		if len(r.text) >= maxPGNString {
			t.kind, t.err = tokBad, fmt.Errorf("value longer than %d bytes", maxPGNString)
			r.skipLine()
			return
		}
		r.text = append(r.text, c)
	}
}

// readNAG reads a numeric annotation glyph after its '$'.
func (r *PGNReader) readNAG(t *pgnToken) {
	t.kind = tokNAG
	v, n := 0, 0
	for c, ok := r.peek(); ok && c >= '0' && c <= '9'; c, ok = r.peek() {
		r.pos++
		if v = v*10 + int(c-'0'); v > 1000 {
			v = 1000
		}
		n++
	}
	switch {
	case n == 0:
		t.kind, t.err = tokBad, errors.New("\"$\" without a number")
	case v > 255:
		t.kind, t.err = tokBad, fmt.Errorf("NAG $%d is out of range (0 to 255)", v)
	}
	t.nag = uint8(v)
}

// suffixNAGs maps the move suffixes to their NAGs.
var suffixNAGs = map[string]uint8{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// readSuffix reads a "!" or "?" suffix annotation after its first byte.
func (r *PGNReader) readSuffix(t *pgnToken, first byte) {
	r.text = append(r.text, first)
	for c, ok := r.peek(); ok && (c == '!' || c == '?'); c, ok = r.peek() {
		r.pos++
		if len(r.text) < 8 {
			r.text = append(r.text, c)
		}
	}
	nag, ok := suffixNAGs[string(r.text)]
	if !ok {
		t.kind, t.err = tokBad, fmt.Errorf("unknown annotation %q", r.text)
		return
	}
	t.kind, t.nag = tokNAG, nag
}
