package syzygy

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// fuzzMaterials are the tables FuzzTableData writes its data as: with and
// without pawns, with pawns on both sides, symmetric, with and without a
// unique piece.
var fuzzMaterials = []string{
	"KQvK", "KRvK", "KPvK", "KBvKB", "KBvKP", "KRvKR", "KRPvK", "KQvKQ", "KNNvK", "KRRvK", "KPvKP",
}

var (
	fuzzPositionsOnce sync.Once
	fuzzFENs          [][]string // by material (a Position is not shared)
)

// positionsForFuzz returns fresh copies of eight positions of each fuzz
// material, both sides to move.
func positionsForFuzz(i int) []*chess.Position {
	fuzzPositionsOnce.Do(func() {
		rng := rand.New(rand.NewPCG(15, 16))
		for _, name := range fuzzMaterials {
			m, err := parseMaterial(name)
			if err != nil {
				panic(err)
			}
			var fens []string
			for j := 0; j < 8; j++ {
				fens = append(fens, randomPosition(rng, m, j%4 == 3, chess.Color(j%2)).FEN())
			}
			fuzzFENs = append(fuzzFENs, fens)
		}
	})
	var ps []*chess.Position
	for _, fen := range fuzzFENs[i] {
		ps = append(ps, chess.MustParseFEN(fen))
	}
	return ps
}

// FuzzTableData writes arbitrary bytes as a table file and probes it: no
// input may crash the prober. The first byte chooses the material, the
// second WDL or DTZ, the rest is the file after its magic number, padded
// with zeros to a size a table can have. The seeds are the shared tables
// of those materials (when they are there) and a few broken headers.
func FuzzTableData(f *testing.F) {
	for i, name := range fuzzMaterials {
		for k := wdlKind; k <= dtzKind; k++ {
			data, err := os.ReadFile(filepath.Join(testDir, name+extensions[k]))
			if err != nil {
				continue
			}
			f.Add(append([]byte{byte(i), byte(k)}, data[4:]...))
		}
	}
	f.Add([]byte{0, 0})
	f.Add([]byte{1, 0, 0x01, 0x11, 0xEE, 0xAA, 0x46})
	f.Add([]byte{4, 1, 0x03, 0x00, 0x99, 0x11, 0x66, 0xEE, 0x80, 0x05})
	f.Add([]byte{10, 0, 0x02, 0x00, 0x11, 0x99, 0x66, 0xEE, 0x00, 0x06, 0x0A, 0x00, 0x01, 0x00, 0x00, 0x00, 0x20, 0x01})

	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 2 {
			return
		}
		mi := int(in[0]) % len(fuzzMaterials)
		k := kind(in[1] & 1)
		file := append(append([]byte(nil), magics[k][:]...), in[2:]...)
		for len(file) < 80 || len(file)%64 != 16 {
			file = append(file, 0)
		}
		dir := t.TempDir()
		name := fuzzMaterials[mi] + extensions[k]
		if err := os.WriteFile(filepath.Join(dir, name), file, 0o644); err != nil {
			t.Fatal(err)
		}
		tb, errs := Open(dir)
		if len(errs) != 0 {
			t.Fatalf("Open: %v", errs)
		}
		defer tb.Close()
		for _, p := range positionsForFuzz(mi) {
			fen := p.FEN()
			// The table alone (a full probe also needs the tables that
			// captures lead to, which are not there).
			for w := Loss; w <= Win; w++ {
				if v, st := tb.probeTable(p, k, w); st == statusOK && k == wdlKind && (v < -2 || v > 2) {
					t.Errorf("%s: WDL value %d", fen, v)
				}
			}
			tb.ProbeWDL(p)
			tb.ProbeDTZ(p)
			tb.RankRootMoves(p, true)
			if p.FEN() != fen {
				t.Fatalf("probing changed %s into %s", fen, p.FEN())
			}
		}
		for _, err := range tb.Errors() {
			if !strings.Contains(err.Error(), name) {
				t.Errorf("error %q does not name the file", err)
			}
		}
	})
}
