package tune

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// ScoreOp is the EPD operation, standard in EPD, that carries a search
// score: centipawns from the side to move's point of view (ce 35).
const ScoreOp = "ce"

// LabelConfig configures Label. Where a field gives a default, its zero
// value takes it.
type LabelConfig struct {
	// Depth is the depth of each position's search.
	Depth int
	// Concurrency is the number of searches run at once (default 1).
	Concurrency int
	// HashMB is the size of each searcher's table (default 4). A
	// searcher's table is kept from one position to the next, as
	// neighbouring positions come from the same game.
	HashMB int
	// Progress, if set, is called now and then with the number of
	// positions done (comments and blank lines do not count).
	Progress func(done int)
}

// Label searches each training position of lines (as ParseLine reads
// them) to cfg.Depth and returns the lines with the search score added
// as the operation ce, in the same order. A line that already has a ce
// keeps it; a mate score is not written (the game result alone labels
// that position). Cancelling ctx stops the work: the lines not done yet
// come back unchanged, and the error is ctx's.
func Label(ctx context.Context, lines []string, cfg LabelConfig) ([]string, error) {
	if cfg.Depth < 1 || cfg.Depth > engine.MaxPly {
		return nil, fmt.Errorf("tune: label depth %d is out of range 1 to %d", cfg.Depth, engine.MaxPly)
	}
	workers := max(cfg.Concurrency, 1)
	hash := cfg.HashMB
	if hash <= 0 {
		hash = 4
	}
	out := make([]string, len(lines))
	copy(out, lines)
	errs := make([]error, workers)
	var done atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		// Contiguous ranges, so that a searcher sees a game's positions
		// one after another.
		lo, hi := len(lines)*w/workers, len(lines)*(w+1)/workers
		wg.Go(func() {
			s := engine.NewSearcher(engine.NewTT(hash))
			for i := lo; i < hi && ctx.Err() == nil; i++ {
				line, err := labelLine(s, lines[i], cfg.Depth)
				if err != nil {
					errs[w] = fmt.Errorf("line %d: %v", i+1, err)
					return
				}
				out[i] = line
				if !isPosition(lines[i]) {
					continue
				}
				if n := done.Add(1); cfg.Progress != nil && n%1000 == 0 && w == 0 {
					cfg.Progress(int(n))
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return out, err
		}
	}
	if cfg.Progress != nil {
		cfg.Progress(int(done.Load()))
	}
	return out, ctx.Err()
}

// CountPositions returns the number of lines of a training file that
// hold a position.
func CountPositions(lines []string) int {
	n := 0
	for _, l := range lines {
		if isPosition(l) {
			n++
		}
	}
	return n
}

// isPosition reports whether a line of a training file holds a position:
// it is neither blank nor a comment.
func isPosition(line string) bool {
	t := strings.TrimSpace(line)
	return t != "" && !strings.HasPrefix(t, "#")
}

// labelLine returns line with the score of a depth-limited search of its
// position added; blank lines and comments come back as they are.
func labelLine(s *engine.Searcher, line string, depth int) (string, error) {
	if !isPosition(line) {
		return line, nil
	}
	trimmed := strings.TrimSpace(line)
	p, _, score, err := parseSample(trimmed)
	if err != nil {
		return "", err
	}
	if score != nil {
		return line, nil
	}
	r := s.Search(p, engine.Limits{Depth: depth})
	if r.Move == chess.NullMove || engine.IsMateScore(r.Score) || engine.IsTBScore(r.Score) {
		return line, nil
	}
	op := ScoreOp + " " + strconv.Itoa(r.Score) + ";"
	if i := strings.LastIndexByte(trimmed, '['); i >= 0 && strings.HasSuffix(trimmed, "]") {
		// A result in brackets stays last.
		return strings.TrimSpace(trimmed[:i]) + " " + op + " " + trimmed[i:], nil
	}
	return trimmed + " " + op, nil
}
