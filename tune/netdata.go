package tune

import (
	"io"
	"math"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// NetSample is a training position for the evaluation network: its
// pieces, the side to move, the game result and the search score.
type NetSample struct {
	pieces [32]uint16 // piece<<6 | square
	n      uint8
	stm    chess.Color
	result float32 // the game's result for the side to move: 0, 0.5, 1
	score  float32 // the search score (centipawns) for the side to move
	hce    float32 // the hand-written evaluation, for comparison
}

// NetLoadStats tell what LoadNetSamples read.
type NetLoadStats struct {
	Lines, Positions int
	// Skipped counts positions left out: without a search score, in
	// check, or decided by an endgame rule.
	Skipped int
}

// LoadNetSamples reads scored training positions (see ParseLine) and
// appends them to samples.
func LoadNetSamples(samples []NetSample, r io.Reader, name string) ([]NetSample, NetLoadStats, error) {
	var st NetLoadStats
	err := eachSample(r, name, func(string) {}, func(p *chess.Position, res float64, score *int) error {
		st.Lines++
		if score == nil || p.InCheck() || p.IsInsufficientMaterial() || engine.EvalFeatures(p).Special {
			st.Skipped++
			return nil
		}
		s := NetSample{stm: p.SideToMove(), score: float32(*score), hce: float32(engine.EvaluateHandWritten(p))}
		s.result = float32(res)
		if s.stm == chess.Black {
			s.result = 1 - s.result
		}
		occ := p.Occupied()
		for occ != 0 {
			sq := occ.PopFirst()
			s.pieces[s.n] = uint16(p.PieceAt(sq))<<6 | uint16(sq)
			s.n++
		}
		samples = append(samples, s)
		st.Positions++
		return nil
	})
	return samples, st, err
}

// target is what the network learns for s: lambda times the game result
// plus 1-lambda times the search score's expected result.
func (s *NetSample) target(lambda, k float32) float32 {
	return lambda*s.result + (1-lambda)*sigmoid32(k*s.score)
}

func sigmoid32(x float32) float32 { return float32(1 / (1 + math.Exp(-float64(x)))) }
