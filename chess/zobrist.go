package chess

// Zobrist keys: one random number per piece on each square, for the side
// to move, for each set of castling rights and for each en passant file.
// A position's key is the XOR of the numbers for what is in it; MakeMove
// keeps it up to date incrementally. The numbers come from a fixed seed so
// that keys are the same in every run.
var (
	zobristPiece    [16][64]uint64
	zobristSide     uint64
	zobristCastling [16]uint64
	zobristEP       [8]uint64
)

// splitMix64 is the SplitMix64 generator; it fills the key tables.
type splitMix64 uint64

func (s *splitMix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

func init() {
	rng := splitMix64(0x46455A) // "FEZ"
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = rng.next()
		}
	}
	// An empty square adds nothing, so that a move's key can XOR in
	// whatever stands on its target square without asking (KeyAfter).
	zobristPiece[NoPiece] = [64]uint64{}
	zobristSide = rng.next()
	// Castling keys are XORs of one number per right, so that losing one
	// right changes the key the same way whatever the others are.
	var rights [4]uint64
	for i := range rights {
		rights[i] = rng.next()
	}
	for cr := range zobristCastling {
		for i := range rights {
			if cr&(1<<i) != 0 {
				zobristCastling[cr] ^= rights[i]
			}
		}
	}
	for f := range zobristEP {
		zobristEP[f] = rng.next()
	}
	buildCuckoo()
}
