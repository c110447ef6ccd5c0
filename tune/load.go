package tune

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
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
// the result in brackets, as "[0.5]" or "[1-0]". A search score (the
// operation ce, as Label writes it) may come with it; ParseLine ignores
// it.
func ParseLine(line string) (*chess.Position, float64, error) {
	p, r, _, err := parseSample(line)
	return p, r, err
}

// parseSample reads a line as ParseLine does, and also its search score
// (centipawns for the side to move), nil when it has none.
func parseSample(line string) (*chess.Position, float64, *int, error) {
	line = strings.TrimSpace(line)
	var e *chess.EPD
	result, found := 0.0, false
	if i := strings.LastIndexByte(line, '['); i >= 0 && strings.HasSuffix(line, "]") {
		r, err := ParseResult(strings.Trim(line[i+1:len(line)-1], `"`))
		if err != nil {
			return nil, 0, nil, err
		}
		if e, err = chess.ParseEPD(strings.TrimSpace(line[:i])); err != nil {
			return nil, 0, nil, err
		}
		result, found = r, true
	} else {
		var err error
		if e, err = chess.ParseEPD(line); err != nil {
			return nil, 0, nil, err
		}
	}
	var score *int
	for _, op := range e.Ops {
		switch op.Name {
		case ResultOp:
			if found {
				continue // the brackets win
			}
			if len(op.Args) != 1 {
				return nil, 0, nil, fmt.Errorf("%s wants one result, has %d operands", ResultOp, len(op.Args))
			}
			r, err := ParseResult(op.Args[0])
			if err != nil {
				return nil, 0, nil, err
			}
			result, found = r, true
		case ScoreOp:
			if len(op.Args) != 1 {
				return nil, 0, nil, fmt.Errorf("%s wants one score, has %d operands", ScoreOp, len(op.Args))
			}
			v, err := strconv.Atoi(op.Args[0])
			if err != nil || v <= -maxLabelScore || v >= maxLabelScore {
				return nil, 0, nil, fmt.Errorf("%s %q: want centipawns between %d and %d", ScoreOp, op.Args[0], -maxLabelScore, maxLabelScore)
			}
			score = &v
		}
	}
	if !found {
		return nil, 0, nil, fmt.Errorf("no game result: want an operation %s \"1-0\" (or 0-1, 1/2-1/2) or a result in brackets such as [0.5]", ResultOp)
	}
	return e.Position, result, score, nil
}

// maxLabelScore bounds the search scores a training line may carry:
// anything beyond is a mate or a typing error.
const maxLabelScore = 100000

// LoadStats tell what Load read.
type LoadStats struct {
	Lines     int // lines holding a position
	Positions int // positions added to the data set
	// Special counts the positions left out because an endgame rule, not
	// the weights, decides their evaluation (engine.Features.Special).
	Special int
	// Scored counts the positions added with a search score.
	Scored int
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
	err := eachSample(r, name, func(c string) { st.Comments = append(st.Comments, c) },
		func(p *chess.Position, res float64, score *int) error {
			st.Lines++
			f := engine.EvalFeatures(p)
			if f.Special {
				st.Special++
				return nil
			}
			search := math.NaN()
			if score != nil {
				search = float64(*score)
				if p.SideToMove() == chess.Black {
					search = -search
				}
				st.Scored++
			}
			if err := d.AddScored(f, res, search); err != nil {
				return err
			}
			st.Positions++
			return nil
		})
	return st, err
}

// eachSample reads training positions, one per line (see ParseLine),
// and hands each to f with its result and search score (nil when it has
// none); comment gets the text of each line starting with #, blank
// lines are skipped. An error, f's or the parser's, names the input
// (name) and the line.
func eachSample(r io.Reader, name string, comment func(string), f func(p *chess.Position, result float64, score *int) error) error {
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
			comment(strings.TrimSpace(line[1:]))
			continue
		}
		p, res, score, err := parseSample(line)
		if err == nil {
			err = f(p, res, score)
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%s:%d: line longer than %d bytes", name, n+1, maxLine)
		}
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}
