package chess

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// pgnLineWidth is the longest movetext line WritePGN writes.
const pgnLineWidth = 80

// WritePGN writes g in the PGN export format: the Seven Tag Roster first
// ("?" for a missing tag, "????.??.??" for a missing Date, the game's
// result for a missing Result), then the other tags in their order (with
// SetUp "1" added before a FEN tag that lacks it), a blank line, the
// movetext in SAN with move numbers, NAGs as $n and comments in braces,
// wrapped so that no line is longer than 80 characters, the result, and
// a blank line.
//
// A "}" in a comment, which would end it early, is written as ")"; a word
// longer than a line is split. An illegal move, an invalid tag name or an
// invalid result gives an error and nothing is written.
func WritePGN(w io.Writer, g *Game) error {
	b, err := g.appendPGN(nil)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// String returns the game as PGN text (as WritePGN writes it), or the
// error's text if it cannot be written.
func (g *Game) String() string {
	b, err := g.appendPGN(nil)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// pgnResult returns the termination marker to write.
func (g *Game) pgnResult() (string, error) {
	res := g.Result
	if res == "" {
		res = resultFromTag(g)
	}
	if res != "*" && resultOf([]byte(res)) == "" {
		return "", fmt.Errorf("pgn: result %q is not 1-0, 0-1, 1/2-1/2 or *", res)
	}
	return res, nil
}

func (g *Game) appendPGN(b []byte) ([]byte, error) {
	result, err := g.pgnResult()
	if err != nil {
		return nil, err
	}
	for _, t := range g.Tags {
		if !validTagName([]byte(t.Name)) {
			return nil, fmt.Errorf("pgn: tag name %q is not a letter or digit followed by letters, digits and _+#=:-/", t.Name)
		}
	}
	used := make([]bool, len(g.Tags))
	for _, name := range sevenTagRoster {
		value := "?"
		switch name {
		case "Date":
			value = "????.??.??"
		case "Result":
			value = result
		}
		if i := slicesIndexTag(g.Tags, name); i >= 0 {
			value = g.Tags[i].Value
			used[i] = true
		}
		b = appendTag(b, name, value)
	}
	hasSetUp := slicesIndexTag(g.Tags, "SetUp") >= 0
	for i, t := range g.Tags {
		if used[i] {
			continue
		}
		if t.Name == "FEN" && !hasSetUp {
			b = appendTag(b, "SetUp", "1")
			hasSetUp = true
		}
		b = appendTag(b, t.Name, t.Value)
	}
	b = append(b, '\n')

	pos, err := g.Start()
	if err != nil {
		return nil, fmt.Errorf("pgn: %w", err)
	}
	lw := pgnLineWriter{b: b}
	lw.comment(g.Comment)
	number, needNumber := pos.FullmoveNumber(), true
	var legal MoveList
	var word []byte
	for i, m := range g.Moves {
		legal.N = 0
		pos.GenerateLegal(&legal)
		if !legal.Contains(m) {
			return nil, fmt.Errorf("pgn: move %d (%v) is not legal in position %s", i+1, m, pos.FEN())
		}
		word = word[:0]
		if pos.SideToMove() == White {
			word = strconv.AppendInt(word, int64(number), 10)
			word = append(word, ". "...)
		} else if needNumber {
			word = strconv.AppendInt(word, int64(number), 10)
			word = append(word, "... "...)
		}
		word = append(word, pos.san(m, &legal)...)
		lw.word(word)
		if pos.SideToMove() == Black {
			number++
		}
		pos.MakeMove(m)
		needNumber = false
		if i < len(g.Annotations) {
			a := &g.Annotations[i]
			for _, nag := range a.NAGs {
				word = append(word[:0], '$')
				lw.word(strconv.AppendInt(word, int64(nag), 10))
			}
			if lw.comment(a.Comment) {
				needNumber = true
			}
		}
	}
	lw.word([]byte(result))
	return append(lw.b, "\n\n"...), nil
}

// appendTag appends a tag pair line, escaping '\' and '"' in the value
// and writing line breaks as spaces.
func appendTag(b []byte, name, value string) []byte {
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, " \""...)
	for i := 0; i < len(value); i++ {
		switch c := value[i]; c {
		case '\\', '"':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	return append(b, "\"]\n"...)
}

// pgnLineWriter lays out movetext words in lines of at most pgnLineWidth
// characters.
type pgnLineWriter struct {
	b   []byte
	col int // characters on the current line
}

// word writes a word, on a new line if it does not fit on this one.
func (lw *pgnLineWriter) word(w []byte) {
	if lw.col > 0 {
		if lw.col+1+len(w) > pgnLineWidth {
			lw.b = append(lw.b, '\n')
			lw.col = 0
		} else {
			lw.b = append(lw.b, ' ')
			lw.col++
		}
	}
	lw.b = append(lw.b, w...)
	lw.col += len(w)
}

// comment writes text as a {...} comment, word by word, and reports
// whether there was anything to write.
func (lw *pgnLineWriter) comment(text string) bool {
	words := strings.FieldsFunc(strings.ReplaceAll(text, "}", ")"), func(r rune) bool {
		return r < 0x80 && spaceChar[r] // the white space the reader collapses
	})
	if len(words) == 0 {
		return false
	}
	var w []byte
	for i, s := range words {
		w = w[:0]
		if i == 0 {
			w = append(w, '{')
		}
		w = append(w, s...)
		if i == len(words)-1 {
			w = append(w, '}')
		}
		// Split a word too long for any line, at a character boundary.
		for len(w) > pgnLineWidth {
			cut := pgnLineWidth
			for cut > 1 && !utf8.RuneStart(w[cut]) {
				cut--
			}
			lw.word(w[:cut])
			w = w[cut:]
		}
		lw.word(w)
	}
	return true
}
