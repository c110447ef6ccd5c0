package chess

import "testing"

// TestPins checks the pinned pieces and their pinners of both colours,
// and that a line with two pieces on it pins neither.
func TestPins(t *testing.T) {
	cases := []struct {
		fen             string
		side            Color
		pinned, pinners Bitboard
	}{
		// The knight on e2 is pinned by the rook on e8; the queen on a5
		// looks at the king through b4 and c3, which pins neither.
		{"k3r3/5b2/8/q6Q/1P6/2B5/4N3/4K3 w - - 0 1", White, E2.Bitboard(), E8.Bitboard()},
		{"k3r3/5b2/8/q6Q/1P6/2B5/4N3/4K3 w - - 0 1", Black, 0, 0},
		// The bishop on f7 is pinned by the queen on h5.
		{"4k3/5b2/8/7Q/8/8/8/4K3 w - - 0 1", Black, F7.Bitboard(), H5.Bitboard()},
		// An enemy piece between is no pin of ours.
		{"4k3/5B2/8/7q/8/8/8/4K3 b - - 0 1", Black, 0, 0},
	}
	for _, c := range cases {
		p := MustParseFEN(c.fen)
		pinned, pinners := p.Pins(c.side)
		if pinned != c.pinned || pinners != c.pinners {
			t.Errorf("%s, %v: pinned %x by %x; want %x by %x", c.fen, c.side, uint64(pinned), uint64(pinners), uint64(c.pinned), uint64(c.pinners))
		}
	}
}
