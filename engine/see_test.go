package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// seeCase is an exchange whose outcome for the side making move is gain
// centipawns (SimpleValue's).
type seeCase struct {
	name, fen, move string
	gain            int
}

var seeCases = []seeCase{
	{"pawn takes a knight a pawn defends", "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320 - 100},
	{"queen takes a pawn a pawn defends", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100 - 950},
	{"undefended pawn", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100},
	{"the second rook behind the first (x-ray)", "4r1k1/8/4n3/8/8/8/4R3/4R1K1 w - - 0 1", "e2e6", 320},
	{"the king may not retake a defended piece", "8/8/4k3/3p4/8/2N5/8/3RK3 w - - 0 1", "c3d5", 100},
	{"promotion", "8/1P6/8/8/8/8/8/k6K w - - 0 1", "b7b8q", 950 - 100},
	{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
	{"castling", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0},
	// Qxh7: the rook on g7 is pinned to its king and the bishop on d3
	// guards h7, so nothing can take back (WAC.128's mating Qxh7 looked
	// like a lost queen when pins were ignored).
	{"a rook pinned to its king does not retake", "6k1/6rp/8/8/8/3B3Q/8/6RK w - - 0 1", "h3h7", 100},
	// bxc3 takes the bishop that pins the one on d4, which is then free
	// to take back on c3: White's rook does not recapture.
	{"a piece whose pinner is taken retakes", "8/8/8/4k3/1p1b4/2B5/8/2R4K b - - 0 1", "b4c3", 330},
}

// TestSEE checks each exchange at its exact gain: SEE holds at the gain
// and fails one centipawn above it.
func TestSEE(t *testing.T) {
	for _, c := range seeCases {
		p := chess.MustParseFEN(c.fen)
		m, err := p.ParseUCI(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !SEE(p, m, c.gain) || SEE(p, m, c.gain+1) {
			t.Errorf("%s (%s %s): SEE(%d) = %v, SEE(%d) = %v; want the gain to be %d",
				c.name, c.fen, c.move, c.gain, SEE(p, m, c.gain), c.gain+1, SEE(p, m, c.gain+1), c.gain)
		}
	}
}
