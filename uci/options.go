package uci

import (
	"strconv"
	"strings"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/engine"
	"github.com/ferzchess/ferz/syzygy"
)

// setOption carries out "setoption name <id> [value <x>]".
func (e *Engine) setOption(args []string) {
	// setoption name <id, may contain spaces> [value <x>]
	name, value := "", ""
	mode := ""
	for _, a := range args {
		switch {
		case a == "name" && mode == "":
			mode = "name"
		case a == "value" && mode == "name":
			mode = "value"
		case mode == "name":
			name = strings.TrimSpace(name + " " + a)
		case mode == "value":
			value = strings.TrimSpace(value + " " + a)
		}
	}
	if name == "" {
		e.printf("info string setoption: missing name")
		return
	}
	switch strings.ToLower(name) {
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil {
			e.printf("info string setoption Hash: %q is not a number of megabytes", value)
			return
		}
		if n < 1 || n > 65536 {
			n = min(max(n, 1), 65536)
			e.printf("info string setoption Hash: clamped to %d", n)
		}
		e.stopSearch()
		// Go cannot recover from a failed allocation: refuse a table the
		// machine cannot hold (the old one is freed first, so count it).
		if avail := availableMB() + e.opts.hashMB; avail > 0 && n > avail*9/10 {
			e.printf("info string setoption Hash: %d MB is more than the free memory allows; keeping %d MB", n, e.opts.hashMB)
			return
		}
		e.opts.hashMB = n
		e.tt.Resize(n)
	case "threads":
		n, ok := e.spin("Threads", value, 1, engine.MaxThreads)
		if !ok {
			return
		}
		e.stopSearch()
		e.opts.threads = n
		e.searcher.SetThreads(n)
	case "multipv":
		if n, ok := e.spin("MultiPV", value, 1, maxMultiPV); ok {
			e.opts.multiPV = n
		}
	case "uci_elo":
		if n, ok := e.spin("UCI_Elo", value, engine.MinElo, engine.MaxElo); ok {
			e.opts.elo = n
		}
	case "skill level":
		// Skill levels 0..20 are ratings from MinElo to MaxElo; 20 is
		// full strength.
		if n, ok := e.spin("Skill Level", value, 0, 20); ok {
			e.opts.limitStrength = n < 20
			e.opts.elo = engine.MinElo + n*(engine.MaxElo-engine.MinElo)/20
		}
	case "ponder":
		e.check("Ponder", value, &e.opts.ponder)
	case "uci_limitstrength":
		e.check("UCI_LimitStrength", value, &e.opts.limitStrength)
	case "uci_showwdl":
		e.check("UCI_ShowWDL", value, &e.opts.showWDL)
	case "ownbook":
		e.check("OwnBook", value, &e.opts.ownBook)
	case "bookfile":
		if value == "<default>" || value == "<empty>" {
			value = ""
		}
		if value != "" {
			b, err := book.Open(value)
			if err != nil {
				e.printf("info string setoption BookFile: %v; keeping the previous book", err)
				return
			}
			e.book = b
		} else {
			e.book = nil
		}
		e.opts.bookFile = value
	case "syzygypath":
		e.stopSearch()
		e.setSyzygyPath(value)
	case "syzygyprobedepth":
		if n, ok := e.spin("SyzygyProbeDepth", value, 1, 100); ok {
			e.stopSearch()
			e.tb.ProbeDepth = n
		}
	case "syzygyprobelimit":
		if n, ok := e.spin("SyzygyProbeLimit", value, 0, 7); ok {
			e.stopSearch()
			e.tb.ProbeLimit = n
		}
	case "syzygy50moverule":
		e.stopSearch()
		e.check("Syzygy50MoveRule", value, &e.tb.Rule50)
	case "clear hash":
		e.stopSearch()
		e.tt.Clear()
	case "move overhead":
		n, err := strconv.Atoi(value)
		if err != nil {
			e.printf("info string setoption Move Overhead: %q is not a number of milliseconds", value)
			return
		}
		e.opts.overhead = time.Duration(min(max(n, 0), 5000)) * time.Millisecond
	case "uci_chess960":
		if e.check("UCI_Chess960", value, &e.opts.chess960) {
			e.pos.SetChess960(e.opts.chess960 || e.pos.Chess960())
		}
	default:
		if engine.IsParam(name) {
			e.setParam(name, value)
			return
		}
		e.printf("info string setoption: unknown option %q", name)
	}
}

// setParam sets a search parameter, one of the hidden options a tuner
// uses (engine.Params); "uci" does not list them, as a GUI user has no
// business with them.
func (e *Engine) setParam(name, value string) {
	n, err := strconv.Atoi(value)
	if err != nil {
		e.printf("info string setoption %s: %q is not a whole number", name, value)
		return
	}
	e.stopSearch()
	if err := engine.SetParam(name, n); err != nil {
		e.printf("info string setoption: %v", err)
		return
	}
	// An acknowledgement, as "uci" does not list the parameter: a match
	// runner can tell a binary that has it from an older one that does not.
	e.printf("info string setoption %s %d", name, n)
}

// setSyzygyPath loads the Syzygy tables of the directories in paths
// (separated as in PATH), replacing those loaded before, and says in an
// info string how many it found and what went wrong.
func (e *Engine) setSyzygyPath(paths string) {
	if e.tb.Tables != nil {
		e.tb.Tables.Close()
		e.tb.Tables = nil
		e.searcher.Tablebases = nil
	}
	if paths == "<empty>" {
		paths = ""
	}
	e.opts.syzygyPath = paths
	if strings.TrimSpace(paths) == "" {
		return
	}
	tables, errs := syzygy.Open(paths)
	for _, err := range errs {
		e.printf("info string SyzygyPath: %v", err)
	}
	e.tbErrors = len(tables.Errors())
	if tables == nil || tables.Count() == 0 {
		e.printf("info string SyzygyPath: found no tablebases in %s", paths)
		return
	}
	e.printf("info string SyzygyPath: found %d tablebases, up to %d pieces", tables.Count(), tables.MaxPieces())
	e.tb.Tables = tables
	e.searcher.Tablebases = &e.tb
}

// reportTableErrors says in info strings what went wrong with a table
// since the last report: a broken table is found on its first probe, and
// the search goes on without it.
func (e *Engine) reportTableErrors() {
	if e.tb.Tables == nil {
		return
	}
	errs := e.tb.Tables.Errors()
	for _, err := range errs[min(e.tbErrors, len(errs)):] {
		e.printf("info string Syzygy: %v; playing on without that table", err)
	}
	e.tbErrors = len(errs)
}

// spin reads a spin option's value; a number out of range is clamped
// with a note, anything else refused.
func (e *Engine) spin(name, value string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(value)
	if err != nil {
		e.printf("info string setoption %s: %q is not a whole number", name, value)
		return 0, false
	}
	if n < lo || n > hi {
		n = min(max(n, lo), hi)
		e.printf("info string setoption %s: clamped to %d (range %d to %d)", name, n, lo, hi)
	}
	return n, true
}

// check reads a check option's value into dst.
func (e *Engine) check(name, value string, dst *bool) bool {
	switch strings.ToLower(value) {
	case "true":
		*dst = true
	case "false":
		*dst = false
	default:
		e.printf("info string setoption %s: %q is neither true nor false", name, value)
		return false
	}
	return true
}
