package engine

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// The range of playing strengths that Limits.Elo accepts.
const (
	MinElo = 800
	MaxElo = 2800
)

// level is how a playing strength limits the search.
type level struct {
	nodes uint64 // node budget a move
	depth int    // depth limit
	// margin is how far (centipawns) below the best a move may score and
	// still be chosen; temperature spreads the choice among those moves.
	margin, temperature int
	multiPV             int
}

// levelFor maps a rating to search limits. The node budget doubles every
// 150 Elo, the depth limit grows by one ply every 200, and the margin
// for choosing a move other than the best shrinks from 160 centipawns at
// MinElo to none at MaxElo, so that weaker levels play plausible second
// choices rather than random blunders.
func levelFor(elo int) level {
	elo = min(max(elo, MinElo), MaxElo)
	strength := float64(elo-MinElo) / float64(MaxElo-MinElo) // 0..1
	return level{
		nodes:       uint64(64 * math.Pow(2, float64(elo-MinElo)/150)),
		depth:       1 + (elo-MinElo)/200,
		margin:      int(160 * (1 - strength)),
		temperature: max(1, int(60*(1-strength))),
		multiPV:     4,
	}
}

// LevelName is a name for a playing strength, for menus.
func LevelName(elo int) string {
	switch {
	case elo <= 0:
		return "Full strength"
	case elo < 1000:
		return "Beginner"
	case elo < 1400:
		return "Casual"
	case elo < 1800:
		return "Club player"
	case elo < 2200:
		return "Expert"
	case elo < 2500:
		return "Master"
	default:
		return "Grandmaster"
	}
}

// searchAtLevel searches with the limits of limits.Elo and then picks a
// move among the best lines: the best one, or one a little worse, chosen
// at random with a weight that falls off with its score's distance from
// the best.
func (s *Searcher) searchAtLevel(p *chess.Position, limits Limits) Result {
	lv := levelFor(limits.Elo)
	l := limits
	l.Elo = 0
	if l.Nodes == 0 || l.Nodes > lv.nodes {
		l.Nodes = lv.nodes
	}
	if l.Depth == 0 || l.Depth > lv.depth {
		l.Depth = lv.depth
	}
	l.MultiPV = max(l.MultiPV, lv.multiPV)
	// Threads would only make the level stronger than its rating.
	helpers := s.helpers
	s.helpers = nil
	res := s.search(p, l)
	s.helpers = helpers
	if len(res.Lines) < 2 || lv.margin == 0 {
		return res
	}
	rng := s.Rand
	if rng == nil {
		rng = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), p.Key()))
	}
	best := res.Lines[0].Score
	weights := make([]float64, len(res.Lines))
	total := 0.0
	for i, line := range res.Lines {
		d := best - line.Score
		if d > lv.margin || IsMateScore(best) {
			continue // too much worse, or a mate not to be missed
		}
		weights[i] = math.Exp(-float64(d) / float64(lv.temperature))
		total += weights[i]
	}
	x := rng.Float64() * total
	for i, w := range weights {
		if x -= w; x < 0 && w > 0 {
			line := res.Lines[i]
			res.Move, res.Score, res.PV = line.PV[0], line.Score, line.PV
			res.Ponder = chess.NullMove
			if len(line.PV) > 1 {
				res.Ponder = line.PV[1]
			}
			break
		}
	}
	return res
}
