package engine

import (
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// An entry comes back from its 64-bit packing as it went in, at the
// extremes of every field.
func TestTTEntryPacking(t *testing.T) {
	for _, e := range []ttEntry{
		{move: chess.Move(0xffff), score: -32000, eval: 32000, depth: -1, bound: BoundUpper, gen: 63},
		{move: chess.Move(1), score: MateScore - 1, eval: -mateBound + 1, depth: 127, bound: BoundExact, gen: 0},
		{move: chess.NullMove, score: 0, eval: 0, depth: 0, bound: BoundLower, gen: 17},
	} {
		if got := unpack(e.pack()); got != e {
			t.Errorf("packed %+v, unpacked %+v", e, got)
		}
	}
}

// A stored result is found again with its mate score relative to the
// ply of the probe, and a deeper result of the same search is not
// overwritten by a shallower bound.
func TestTTStoreAndProbe(t *testing.T) {
	tt := NewTT(1)
	const key = 0x9e3779b97f4a7c15
	m := chess.Move(0x1234)
	tt.store(key, 3, m, MateScore-10, 25, 12, BoundExact)
	e, ok := tt.probe(key, 5)
	if !ok || e.move != m || e.depth != 12 || e.bound != BoundExact || e.eval != 25 {
		t.Fatalf("probe: %+v, %v", e, ok)
	}
	// Mate in 7 plies from ply 3 is mate in 7 plies from ply 5 too, so the
	// score from the root changes by 2.
	if e.score != MateScore-12 {
		t.Errorf("mate score at ply 5: %d, want %d", e.score, MateScore-12)
	}
	tt.store(key, 3, chess.NullMove, 10, 25, 2, BoundUpper)
	if e, _ := tt.probe(key, 3); e.depth != 12 {
		t.Errorf("a depth-2 bound replaced the depth-12 result: %+v", e)
	}
	if _, ok := tt.probe(key^1, 3); ok {
		t.Error("found a key never stored")
	}
}
