package syzygy

import (
	"math/rand/v2"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// benchPositions returns a fixed set of positions of every table, with
// every table they need already loaded.
func benchPositions(b *testing.B, tb *Tables) []*chess.Position {
	ps := testPositions(rand.New(rand.NewPCG(11, 12)), materials(tb), 1024)
	for _, p := range ps {
		if _, ok := tb.ProbeWDL(p); !ok {
			b.Fatalf("%s: ProbeWDL failed", p.FEN())
		}
		if _, ok := tb.ProbeDTZ(p); !ok {
			b.Fatalf("%s: ProbeDTZ failed", p.FEN())
		}
	}
	return ps
}

// BenchmarkProbeWDL measures a WDL probe of a position whose tables are
// loaded (captures searched, index computed, value decompressed).
func BenchmarkProbeWDL(b *testing.B) {
	tb := openTestTables(b)
	ps := benchPositions(b, tb)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok := tb.ProbeWDL(ps[i%len(ps)]); !ok {
			b.Fatal("ProbeWDL failed")
		}
	}
}

// BenchmarkProbeDTZ measures a DTZ probe of a position whose tables are
// loaded (half of them need a one-ply search: the tables hold one side to
// move).
func BenchmarkProbeDTZ(b *testing.B) {
	tb := openTestTables(b)
	ps := benchPositions(b, tb)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok := tb.ProbeDTZ(ps[i%len(ps)]); !ok {
			b.Fatal("ProbeDTZ failed")
		}
	}
}
