package tune

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// ResultOp is the EPD operation that carries a training position's game
// result, as in zurichess's data sets: c9 "1-0".
const ResultOp = "c9"

// ParseResult reads a game result from White's point of view: "1-0",
// "0-1" or "1/2-1/2" (PGN), or a number 0, 0.5 or 1.
func ParseResult(s string) (float64, error) {
	switch strings.TrimSpace(s) {
	case "1-0":
		return 1, nil
	case "0-1":
		return 0, nil
	case "1/2-1/2", "½-½":
		return 0.5, nil
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || (v != 0 && v != 0.5 && v != 1) {
		return 0, fmt.Errorf("result %q is not 1-0, 0-1, 1/2-1/2, 1, 0.5 or 0", s)
	}
	return v, nil
}

// FormatResult writes a result (1, 0.5 or 0) as PGN does.
func FormatResult(r float64) string {
	switch {
	case r > 0.5:
		return "1-0"
	case r < 0.5:
		return "0-1"
	}
	return "1/2-1/2"
}

// ParseLine reads one training position: an EPD line whose result is the
// operation c9 ("1-0", "0-1" or "1/2-1/2"), or a FEN or EPD followed by
// the result in brackets, as "[0.5]" or "[1-0]".
func ParseLine(line string) (*chess.Position, float64, error) {
	line = strings.TrimSpace(line)
	if i := strings.LastIndexByte(line, '['); i >= 0 && strings.HasSuffix(line, "]") {
		r, err := ParseResult(strings.Trim(line[i+1:len(line)-1], `"`))
		if err != nil {
			return nil, 0, err
		}
		e, err := chess.ParseEPD(strings.TrimSpace(line[:i]))
		if err != nil {
			return nil, 0, err
		}
		return e.Position, r, nil
	}
	e, err := chess.ParseEPD(line)
	if err != nil {
		return nil, 0, err
	}
	for _, op := range e.Ops {
		if op.Name == ResultOp {
			if len(op.Args) != 1 {
				return nil, 0, fmt.Errorf("%s wants one result, has %d operands", ResultOp, len(op.Args))
			}
			r, err := ParseResult(op.Args[0])
			if err != nil {
				return nil, 0, err
			}
			return e.Position, r, nil
		}
	}
	return nil, 0, fmt.Errorf("no game result: want an operation %s \"1-0\" (or 0-1, 1/2-1/2) or a result in brackets such as [0.5]", ResultOp)
}

// LoadStats tell what Load read.
type LoadStats struct {
	Lines     int // lines holding a position
	Positions int // positions added to the data set
	// Special counts the positions left out because an endgame rule, not
	// the weights, decides their evaluation (engine.Features.Special).
	Special int
	// Comments are the lines starting with #, without the #, such as
	// the command that generated the file.
	Comments []string
}

// maxLine is the longest line Load accepts.
const maxLine = 1 << 16

// Load reads training positions, one per line (see ParseLine), into d,
// computing their features with the engine's current weights. Blank
// lines are skipped and lines starting with # are comments. An error
// names the input (name) and the line.
func Load(d *Dataset, r io.Reader, name string) (LoadStats, error) {
	var st LoadStats
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			st.Comments = append(st.Comments, strings.TrimSpace(line[1:]))
			continue
		}
		st.Lines++
		p, res, err := ParseLine(line)
		if err != nil {
			return st, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		f := engine.EvalFeatures(p)
		if f.Special {
			st.Special++
			continue
		}
		if err := d.Add(f, res); err != nil {
			return st, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		st.Positions++
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return st, fmt.Errorf("%s:%d: line longer than %d bytes", name, n+1, maxLine)
		}
		return st, fmt.Errorf("%s: %v", name, err)
	}
	return st, nil
}
