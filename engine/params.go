package engine

import (
	"fmt"
	"math"
	"strings"
)

// The search's margins and ratios, as variables so that a tuner can set
// them (SetParam, and through it hidden UCI options). Their values are
// the defaults of Params; the search reads them at every node, so they
// may be changed only while no search runs. The first fifteen were set
// by hand, then tuned by SPSA (docs/spsa: 4,754 game pairs; +17.8 ± 12.7
// Elo against the hand-set values); all twenty were tuned again from
// there (3,459 pairs; +31.6 ± 18.4 Elo, docs/search-tests.md 2026-11-29).
// The last five (LMPMaxDepth to HistoryMalusPct) were added for the third
// tuning with the values the code had before. LMRRootMax (2026-12-04)
// caps the root's reductions; its default, 63, caps nothing, until a
// match shows a cap gains (docs/search-tests.md). CorrectionDecay
// (2026-12-07) sets how fully the correction history corrects; its
// default, 100, is the update the code had before.
var (
	rfpMargin       = 59  // reverse futility: centipawns above beta a ply
	rfpImproving    = 40  // reverse futility: less when the evaluation improves
	razorBase       = 174 // razoring: centipawns below alpha ...
	razorPerDepth   = 152 // ... plus this much a ply
	nullEvalDiv     = 160 // null move: a ply more reduction per this much above beta (at most 3)
	futilityBase    = 103 // futility of quiet moves: centipawns ...
	futilityDepth   = 96  // ... plus this much a ply
	seeNoisyMargin  = 98  // captures pruned when they lose more than this a ply
	seeQuietMargin  = 21  // quiet moves pruned when they lose more than this a ply squared
	lmrBase         = 80  // late move reduction: hundredths of a ply added ...
	lmrDivisor      = 191 // ... to ln(depth)·ln(move number) / (this / 100)
	lmrHistoryDiv   = 15894
	singularMargin  = 17 // singular extension: tenths of a centipawn a ply below the hash score
	aspirationDelta = 19 // the first aspiration window: centipawns each side
	qsDeltaMargin   = 251
	rfpDepth        = 6   // reverse futility: only at this depth or less
	nullBase        = 3   // null move: plies of reduction at least ...
	nullDepthDiv    = 3   // ... plus a ply per this many plies of depth
	lmpBase         = 6   // late move pruning: quiet moves kept at depth d: (this + d²) / 2, twice when improving
	futilityMaxDep  = 8   // futility of quiet moves: only at this depth or less
	lmpMaxDepth     = 8   // late move pruning: only at this depth or less
	singularDepth   = 8   // singular extension: only from this depth on
	iirDepth        = 4   // internal iterative reduction: only from this depth on
	historyBonusPct = 100 // history: a cut-off's bonus is this percentage of depth², at most 400
	historyMalusPct = 100 // history: the moves tried before a cut-off lose this percentage of its bonus
	lmrRootMax      = 63  // late move reduction: at most this many plies at the root
	correctionDecay = 100 // correction history: how much of itself an entry forgets, in percent (correction.go)
)

// Param describes one search parameter: its current value, the default
// the engine ships with, the range SetParam accepts, and Step, the size
// of a change that a tuner should try first (about a tenth of the useful
// range).
type Param struct {
	Name                     string
	Value, Default, Min, Max int
	Step                     float64
	value                    *int
}

// params lists the tunable parameters in a fixed order.
var params = []Param{
	{Name: "RFPMargin", value: &rfpMargin, Min: 20, Max: 200, Step: 8},
	{Name: "RFPImproving", value: &rfpImproving, Min: 0, Max: 120, Step: 8},
	{Name: "RazorBase", value: &razorBase, Min: 0, Max: 600, Step: 20},
	{Name: "RazorPerDepth", value: &razorPerDepth, Min: 20, Max: 400, Step: 15},
	{Name: "NullEvalDiv", value: &nullEvalDiv, Min: 50, Max: 600, Step: 20},
	{Name: "FutilityBase", value: &futilityBase, Min: 0, Max: 300, Step: 10},
	{Name: "FutilityDepth", value: &futilityDepth, Min: 20, Max: 250, Step: 8},
	{Name: "SEENoisyMargin", value: &seeNoisyMargin, Min: 10, Max: 250, Step: 8},
	{Name: "SEEQuietMargin", value: &seeQuietMargin, Min: 2, Max: 80, Step: 3},
	{Name: "LMRBase", value: &lmrBase, Min: 0, Max: 200, Step: 8},
	{Name: "LMRDivisor", value: &lmrDivisor, Min: 100, Max: 500, Step: 15},
	{Name: "LMRHistoryDiv", value: &lmrHistoryDiv, Min: 2048, Max: 65536, Step: 1500},
	{Name: "SingularMargin", value: &singularMargin, Min: 0, Max: 80, Step: 3},
	{Name: "AspirationDelta", value: &aspirationDelta, Min: 5, Max: 100, Step: 3},
	{Name: "QSDeltaMargin", value: &qsDeltaMargin, Min: 0, Max: 500, Step: 15},
	{Name: "RFPDepth", value: &rfpDepth, Min: 2, Max: 12, Step: 1},
	{Name: "NullBase", value: &nullBase, Min: 1, Max: 6, Step: 1},
	{Name: "NullDepthDiv", value: &nullDepthDiv, Min: 2, Max: 10, Step: 1},
	{Name: "LMPBase", value: &lmpBase, Min: 0, Max: 12, Step: 1},
	{Name: "FutilityMaxDepth", value: &futilityMaxDep, Min: 2, Max: 10, Step: 1},
	{Name: "LMPMaxDepth", value: &lmpMaxDepth, Min: 3, Max: 12, Step: 1},
	{Name: "SingularDepth", value: &singularDepth, Min: 4, Max: 12, Step: 1},
	{Name: "IIRDepth", value: &iirDepth, Min: 2, Max: 10, Step: 1},
	{Name: "HistoryBonusPct", value: &historyBonusPct, Min: 30, Max: 300, Step: 15},
	{Name: "HistoryMalusPct", value: &historyMalusPct, Min: 20, Max: 200, Step: 10},
	{Name: "LMRRootMax", value: &lmrRootMax, Min: 0, Max: 99, Step: 1},
	{Name: "CorrectionDecay", value: &correctionDecay, Min: 0, Max: 200, Step: 10},
}

func init() {
	for i := range params {
		params[i].Default = *params[i].value
	}
	computeLMRTable()
}

// Params returns the tunable search parameters with their current values.
func Params() []Param {
	out := make([]Param, len(params))
	for i, p := range params {
		p.Value = *p.value
		p.value = nil
		out[i] = p
	}
	return out
}

// SetParam sets the search parameter called name (any case) to value. A
// value out of the parameter's range is refused. It must not be called
// while a search runs.
func SetParam(name string, value int) error {
	for _, p := range params {
		if !strings.EqualFold(p.Name, name) {
			continue
		}
		if value < p.Min || value > p.Max {
			return fmt.Errorf("%s %d is out of range %d to %d", p.Name, value, p.Min, p.Max)
		}
		*p.value = value
		if p.value == &lmrBase || p.value == &lmrDivisor {
			computeLMRTable()
		}
		return nil
	}
	return fmt.Errorf("no search parameter called %q", name)
}

// IsParam tells whether name (any case) is a tunable search parameter.
func IsParam(name string) bool {
	for _, p := range params {
		if strings.EqualFold(p.Name, name) {
			return true
		}
	}
	return false
}

// lmrTable[d][n] is the late move reduction at depth d for move n.
var lmrTable [64][64]int

func computeLMRTable() {
	base, div := float64(lmrBase)/100, float64(lmrDivisor)/100
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int(base + math.Log(float64(d))*math.Log(float64(n))/div)
		}
	}
}
