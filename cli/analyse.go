package cli

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ferzchess/ferz/analysis"
	"github.com/ferzchess/ferz/engine"
)

// The analyse command's defaults and bounds.
const (
	analyseTime     = 3 * time.Second
	analyseLines    = 3
	maxAnalyseLines = 10
	maxAnalyseTime  = 10 * time.Minute
)

// cmdAnalyse searches the position at full strength for a few seconds and
// shows the best lines (MultiPV), each with its evaluation from White's
// side: "analyse [T] [N]", T seconds (default 3) and N lines (default 3).
// It plays no move.
func (s *Session) cmdAnalyse(args string) {
	if s.refuseWhenOver() {
		return
	}
	d, lines, err := parseAnalyseArgs(args)
	if err != nil {
		s.printf("? analyse: %v\n", err)
		return
	}
	p := s.pos.Copy()
	s.searcher.OnInfo = nil
	begin := s.now()
	// The session's depth limit (ferz cli -depth) holds here too.
	res := s.searcher.Search(p, engine.Limits{MoveTime: d, Depth: s.depth, MultiPV: lines})
	elapsed := s.now().Sub(begin)
	if len(res.Lines) == 0 {
		s.printf("? no move found\n")
		return
	}
	s.printf("Analysis: depth %d, %d nodes in %.1f s\n", res.Depth, res.Nodes, elapsed.Seconds())
	for i, l := range res.Lines {
		s.printf("%2d. %6s  %s\n", i+1, analysis.FormatScore(l.Score, p.SideToMove()), pvString(p, l.PV))
	}
}

// parseAnalyseArgs reads "[T] [N]": the time in seconds and the number of
// lines.
func parseAnalyseArgs(args string) (time.Duration, int, error) {
	d, lines := analyseTime, analyseLines
	words := strings.Fields(args)
	if len(words) > 2 {
		return 0, 0, fmt.Errorf("want at most a time in seconds and a number of lines, not %q", args)
	}
	if len(words) > 0 {
		secs, err := strconv.ParseFloat(words[0], 64)
		if err != nil || !(secs > 0) || secs > maxAnalyseTime.Seconds() {
			return 0, 0, fmt.Errorf("%q is not a time from 0 to %v seconds", words[0], maxAnalyseTime.Seconds())
		}
		d = time.Duration(secs * float64(time.Second))
	}
	if len(words) > 1 {
		n, err := strconv.Atoi(words[1])
		if err != nil || n < 1 || n > maxAnalyseLines {
			return 0, 0, fmt.Errorf("%q is not a number of lines from 1 to %d", words[1], maxAnalyseLines)
		}
		lines = n
	}
	return d, lines, nil
}
