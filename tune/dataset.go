package tune

import (
	"fmt"
	"math"

	"github.com/ferzchess/ferz/engine"
)

// phaseTotal is the game phase with every piece on the board.
const phaseTotal = 24

// Dataset holds training positions in a compact form: for each position
// the nonzero feature counts, the two factors that blend the middlegame
// and endgame sums into the evaluation, and the game's result. The
// evaluation of position j for White is
//
//	MG(j) * sum(count*mg weight) + EG(j) * sum(count*eg weight)
//
// with MG = Phase/24 and EG = Scale/64 * (24-Phase)/24.
type Dataset struct {
	start  []int32 // position j's counts are idx/cnt[start[j]:start[j+1]]
	idx    []uint16
	cnt    []int16
	mg, eg []float64
	// result is what the error measures against: the game's result, or
	// after Blend a mix of it and the search's expected score. game is
	// the game's result, search a search score in centipawns for White
	// (NaN: none).
	result, game, search []float64
}

// NewDataset returns an empty data set.
func NewDataset() *Dataset {
	return &Dataset{start: []int32{0}}
}

// Len returns the number of positions.
func (d *Dataset) Len() int { return len(d.result) }

// Add appends a position with features f and result (1, 0.5 or 0, from
// White's point of view) and no search score (AddScored).
func (d *Dataset) Add(f engine.Features, result float64) error {
	return d.AddScored(f, result, math.NaN())
}

// AddScored appends a position as Add does, with a search score in
// centipawns from White's point of view (NaN: none). It refuses features out of the weights'
// range, counts that do not fit 16 bits, a phase outside 0..24, a scale
// outside 0..64 and a result outside 0..1.
func (d *Dataset) AddScored(f engine.Features, result, search float64) error {
	if f.Phase < 0 || f.Phase > phaseTotal {
		return fmt.Errorf("tune: phase %d is out of range 0 to %d", f.Phase, phaseTotal)
	}
	if f.Scale < 0 || f.Scale > 64 {
		return fmt.Errorf("tune: endgame scale %d is out of range 0 to 64", f.Scale)
	}
	if !(result >= 0 && result <= 1) {
		return fmt.Errorf("tune: result %v is out of range 0 to 1", result)
	}
	for _, c := range f.Counts {
		if c.Index < 0 || c.Index >= engine.NumWeights {
			return fmt.Errorf("tune: feature index %d is out of range 0 to %d", c.Index, engine.NumWeights-1)
		}
		if c.Count < math.MinInt16 || c.Count > math.MaxInt16 {
			return fmt.Errorf("tune: count %d of %s does not fit 16 bits", c.Count, engine.WeightName(c.Index))
		}
	}
	if len(d.idx)+len(f.Counts) > math.MaxInt32 {
		return fmt.Errorf("tune: data set full (%d counts)", len(d.idx))
	}
	for _, c := range f.Counts {
		if c.Count != 0 {
			d.idx = append(d.idx, uint16(c.Index))
			d.cnt = append(d.cnt, int16(c.Count))
		}
	}
	d.start = append(d.start, int32(len(d.idx)))
	phase := float64(f.Phase) / phaseTotal
	d.mg = append(d.mg, phase)
	d.eg = append(d.eg, float64(f.Scale)/64*(1-phase))
	d.result = append(d.result, result)
	d.game = append(d.game, result)
	d.search = append(d.search, search)
	return nil
}

// Slice returns the positions from i up to j as a data set that shares
// d's storage (do not Add to either afterwards).
func (d *Dataset) Slice(i, j int) *Dataset {
	if i < 0 || j > d.Len() || i > j {
		panic(fmt.Sprintf("tune: Slice(%d, %d) of %d positions", i, j, d.Len()))
	}
	return &Dataset{
		start:  d.start[i : j+1],
		idx:    d.idx,
		cnt:    d.cnt,
		mg:     d.mg[i:j],
		eg:     d.eg[i:j],
		result: d.result[i:j],
		game:   d.game[i:j],
		search: d.search[i:j],
	}
}

// Blend sets the target of each position that has a search score to
// lambda times the game's result plus 1-lambda times the search score's
// expected score, sigmoid(K*score); the others keep their game result.
// Search scores are far less noisy labels than results (a lost game
// labels its good positions as lost too), while results hold what no
// search sees. It returns the number of positions blended; lambda 1
// restores the game results.
func (d *Dataset) Blend(lambda, k float64) int {
	n := 0
	for j, g := range d.game {
		d.result[j] = g
		if s := d.search[j]; !math.IsNaN(s) {
			d.result[j] = lambda*g + (1-lambda)*sigmoid(k*s)
			n++
		}
	}
	return n
}

// Games returns a data set that shares d's positions but measures
// against the game results alone, whatever Blend set.
func (d *Dataset) Games() *Dataset {
	g := *d
	g.result = d.game
	return &g
}

// Occurrences returns, for each weight, the number of positions in which
// its count is not zero.
func (d *Dataset) Occurrences() []int {
	occ := make([]int, engine.NumWeights)
	for _, i := range d.idx[d.start[0]:d.start[len(d.start)-1]] {
		occ[i]++
	}
	return occ
}

// Results returns the number of White wins, draws and White losses in
// the games.
func (d *Dataset) Results() (wins, draws, losses int) {
	for _, r := range d.game {
		switch {
		case r > 0.5:
			wins++
		case r < 0.5:
			losses++
		default:
			draws++
		}
	}
	return wins, draws, losses
}
