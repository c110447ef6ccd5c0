package chess

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// EPD is one line of Extended Position Description: a position (the first
// four FEN fields, optionally followed by the two move counters) and a
// list of operations such as `bm Qg6; id "WAC.001";` or `;D1 20 ;D2 400`.
type EPD struct {
	// Position is the position described, with the counters taken from
	// the line, from the hmvn and fmvn operations, or 0 and 1.
	Position *Position
	// Ops are the operations in the order they appear.
	Ops []EPDOp
}

// EPDOp is one EPD operation: an opcode and its operands, with the quotes
// of string operands removed.
type EPDOp struct {
	Name string
	Args []string
}

// epdOpcodes are the opcodes that start a new operation even where the
// semicolon between operations has been left out (as in `bm Rc8+ dm 26`).
var epdOpcodes = map[string]bool{
	"acd": true, "acn": true, "acs": true, "am": true, "bm": true, "ce": true,
	"dm": true, "draw_accept": true, "draw_claim": true, "draw_offer": true,
	"draw_reject": true, "eco": true, "fmvn": true, "hmvn": true, "id": true,
	"nic": true, "noop": true, "pm": true, "pv": true, "rc": true,
	"resign": true, "sm": true, "tcgs": true, "tcri": true, "tcsi": true,
	"chess960": true,
}

// isEPDOpcode reports whether a bare word names an operation: a known
// opcode, c0..c9, v0..v9, or a perft depth D1, D2, ...
func isEPDOpcode(w string) bool {
	if epdOpcodes[w] {
		return true
	}
	if len(w) == 2 && (w[0] == 'c' || w[0] == 'v') && w[1] >= '0' && w[1] <= '9' {
		return true
	}
	if len(w) >= 2 && w[0] == 'D' {
		_, err := strconv.Atoi(w[1:])
		return err == nil
	}
	return false
}

// ParseEPD reads one EPD line. Errors say what is wrong with the line;
// the position must be legal as for ParseFEN. The operation chess960
// (or Shredder-FEN castling) marks a Chess960 position.
func ParseEPD(line string) (*EPD, error) {
	// Control characters (stray NULs and carriage returns are found in
	// published suites) count as blanks.
	line = strings.Map(func(r rune) rune {
		if r < ' ' {
			return ' '
		}
		return r
	}, line)
	line = strings.TrimSpace(line)
	head := line
	if i := strings.IndexByte(line, ';'); i >= 0 {
		head = line[:i]
	}
	fields := strings.Fields(head)
	if len(fields) < 4 {
		return nil, fmt.Errorf("epd: want at least 4 position fields, have %d in %q", len(fields), line)
	}
	// The position ends after the fourth field, or after the counters if
	// two numbers follow it.
	fenFields := fields[:4:4]
	nFields := 4
	if ep := fields[3]; len(ep) > 1 && ep[0] == '-' && isInteger(ep[1:]) && len(fields) >= 5 && isInteger(fields[4]) {
		// "- -1 12": a file that ran the en passant dash into the clock.
		fenFields = append(fields[:3:3], "-", ep[1:], fields[4])
		nFields = 5
	} else if len(fields) >= 6 && isInteger(fields[4]) && isInteger(fields[5]) {
		// Some files write an unknown halfmove clock as -1.
		fenFields = append(fenFields, strconv.Itoa(max(atoi(fields[4]), 0)), strconv.Itoa(max(atoi(fields[5]), 1)))
		nFields = 6
	}
	rest := line
	for range nFields {
		rest = skipField(rest)
	}
	ops, err := parseEPDOps(rest)
	if err != nil {
		return nil, err
	}
	e := &EPD{Ops: ops}
	fen := strings.Join(fenFields, " ")
	if len(fenFields) == 4 {
		hm, fm := "0", "1"
		if a, ok := e.Op("hmvn"); ok && len(a) == 1 && isCounter(a[0]) {
			hm = a[0]
		}
		if a, ok := e.Op("fmvn"); ok && len(a) == 1 && isCounter(a[0]) {
			fm = a[0]
		}
		fen += " " + hm + " " + fm
	}
	p, err := ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("epd: %w", err)
	}
	if _, ok := e.Op("chess960"); ok {
		p.SetChess960(true)
	}
	e.Position = p
	return e, nil
}

// skipField drops leading blanks and one blank-separated field from s.
func skipField(s string) string {
	s = strings.TrimLeft(s, " \t")
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[i:]
	}
	return ""
}

func isInteger(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func isCounter(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 0
}

// parseEPDOps splits the operations part of an EPD line. Operations end
// at a semicolon outside quotes; in a line without semicolons, where a
// word that is an opcode begins an operation of its own.
func parseEPDOps(s string) ([]EPDOp, error) {
	bySemicolon := strings.Contains(s, ";")
	var ops []EPDOp
	var cur *EPDOp
	finish := func() { cur = nil }
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == ';':
			finish()
			i++
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return nil, fmt.Errorf("epd: unterminated string in %q", s)
			}
			if cur == nil {
				return nil, fmt.Errorf("epd: string %s without an opcode", s[i:i+j+2])
			}
			cur.Args = append(cur.Args, s[i+1:i+1+j])
			i += j + 2
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\r\n;\"", rune(s[j])) {
				j++
			}
			w := s[i:j]
			i = j
			if (w == "+" || w == "#") && cur != nil && len(cur.Args) > 0 {
				// "Qd1 +": a check sign written apart from its move.
				cur.Args[len(cur.Args)-1] += w
				continue
			}
			if cur == nil || !bySemicolon && isEPDOpcode(w) {
				if !validOpcode(w) {
					return nil, fmt.Errorf("epd: %q is not an opcode", w)
				}
				ops = append(ops, EPDOp{Name: w})
				cur = &ops[len(ops)-1]
				continue
			}
			cur.Args = append(cur.Args, w)
		}
	}
	return ops, nil
}

// validOpcode reports whether w can be an opcode: a letter, then letters,
// digits and underscores.
func validOpcode(w string) bool {
	if w == "" || !isLetter(w[0]) {
		return false
	}
	for i := 1; i < len(w); i++ {
		if !isAlnum(w[i]) && w[i] != '_' {
			return false
		}
	}
	return true
}

// Op returns the operands of the first operation called name.
func (e *EPD) Op(name string) ([]string, bool) {
	for _, op := range e.Ops {
		if op.Name == name {
			return op.Args, true
		}
	}
	return nil, false
}

// ID returns the id operation's text, or "".
func (e *EPD) ID() string {
	if a, ok := e.Op("id"); ok && len(a) > 0 {
		return strings.Join(a, " ")
	}
	return ""
}

// Moves returns the moves of operation name (bm, am, pm, sm) read in any
// notation ParseMove accepts; an operand that is not a legal move is an
// error that names it.
func (e *EPD) Moves(name string) ([]Move, error) {
	args, _ := e.Op(name)
	moves := make([]Move, 0, len(args))
	for _, a := range args {
		m, err := e.Position.ParseMove(a)
		if err != nil {
			return nil, fmt.Errorf("epd %s: %w", name, err)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// DirectMate returns the number of moves of the dm operation (mate in n).
func (e *EPD) DirectMate() (int, bool) {
	a, ok := e.Op("dm")
	if !ok || len(a) != 1 {
		return 0, false
	}
	n, err := strconv.Atoi(a[0])
	return n, err == nil && n > 0
}

// PerftCounts returns the perft counts of the D1, D2, ... operations,
// indexed by depth (index 0 unused; 0 where a depth is missing).
func (e *EPD) PerftCounts() ([]uint64, error) {
	var counts []uint64
	for _, op := range e.Ops {
		if len(op.Name) < 2 || op.Name[0] != 'D' {
			continue
		}
		d, err := strconv.Atoi(op.Name[1:])
		if err != nil || d < 1 || d > 64 {
			continue
		}
		if len(op.Args) != 1 {
			return nil, fmt.Errorf("epd: %s wants one count, has %d", op.Name, len(op.Args))
		}
		n, err := strconv.ParseUint(op.Args[0], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("epd: %s count %q is not a number", op.Name, op.Args[0])
		}
		for len(counts) <= d {
			counts = append(counts, 0)
		}
		counts[d] = n
	}
	return counts, nil
}

// String writes the EPD line back: the four position fields, then each
// operation followed by a semicolon, with operands that contain blanks
// or are id or c0..c9 texts quoted.
func (e *EPD) String() string {
	f := strings.Fields(e.Position.FEN())
	var sb strings.Builder
	sb.WriteString(strings.Join(f[:4], " "))
	for _, op := range e.Ops {
		sb.WriteByte(' ')
		sb.WriteString(op.Name)
		quote := op.Name == "id" || len(op.Name) == 2 && op.Name[0] == 'c' && op.Name[1] >= '0' && op.Name[1] <= '9'
		for _, a := range op.Args {
			sb.WriteByte(' ')
			if quote || strings.ContainsAny(a, " \t;") {
				sb.WriteString(`"` + a + `"`)
			} else {
				sb.WriteString(a)
			}
		}
		sb.WriteByte(';')
	}
	return sb.String()
}

// EPDReader reads EPD lines from a file: blank lines and lines starting
// with # are skipped, and a quoted string left open at the end of a line
// goes on on the next one.
type EPDReader struct {
	sc   *bufio.Scanner
	line int
}

// NewEPDReader returns a reader of the EPD lines of r.
func NewEPDReader(r io.Reader) *EPDReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	return &EPDReader{sc: sc}
}

// Next returns the next position and the number of the line it starts on.
// It returns io.EOF at the end; a line that does not parse gives an error
// that names it, and the reader goes on with the next line.
func (r *EPDReader) Next() (*EPD, int, error) {
	for r.sc.Scan() {
		r.line++
		text := r.sc.Text()
		start := r.line
		if t := strings.TrimSpace(text); t == "" || t[0] == '#' {
			continue
		}
		for strings.Count(text, `"`)%2 == 1 && r.sc.Scan() {
			r.line++
			text += " " + r.sc.Text()
		}
		e, err := ParseEPD(text)
		if err != nil {
			return nil, start, fmt.Errorf("line %d: %w", start, err)
		}
		return e, start, nil
	}
	if err := r.sc.Err(); err != nil {
		return nil, r.line, err
	}
	return nil, r.line, io.EOF
}
