package uci

import (
	"fmt"
	"strings"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// printInfo writes an "info" line for one line of the search (one per
// MultiPV line), with the principal variation in UCI notation.
func (e *Engine) printInfo(p *chess.Position, info engine.Info) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d seldepth %d multipv %d ", info.Depth, info.SelDepth, max(info.MultiPV, 1))
	if engine.IsMateScore(info.Score) {
		fmt.Fprintf(&sb, "score mate %d", engine.MateIn(info.Score))
	} else {
		fmt.Fprintf(&sb, "score cp %d", info.Score)
	}
	switch info.Bound {
	case engine.BoundLower:
		sb.WriteString(" lowerbound")
	case engine.BoundUpper:
		sb.WriteString(" upperbound")
	}
	if e.opts.showWDL {
		w, d, l := engine.WDL(info.Score)
		fmt.Fprintf(&sb, " wdl %d %d %d", w, d, l)
	}
	ms := info.Time.Milliseconds()
	nps := uint64(0)
	if info.Time > 0 {
		nps = uint64(float64(info.Nodes) / info.Time.Seconds())
	}
	fmt.Fprintf(&sb, " nodes %d nps %d hashfull %d", info.Nodes, nps, info.Hashfull)
	if e.tb.Tables != nil {
		fmt.Fprintf(&sb, " tbhits %d", info.TBHits)
	}
	fmt.Fprintf(&sb, " time %d", ms)
	q := p.Copy()
	for i, m := range info.PV {
		if !q.IsLegal(m) {
			break
		}
		if i == 0 {
			sb.WriteString(" pv")
		}
		sb.WriteString(" " + q.UCI(m))
		q.MakeMove(m)
	}
	e.printf("%s", sb.String())
}
