package syzygy

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// A position of each of three tables, none with a capture.
var (
	kqkFEN  = "8/8/8/4k3/8/8/8/1K5Q w - - 0 1"
	kpkFEN  = "8/8/8/4k3/8/8/4P3/1K6 b - - 0 1"
	krknFEN = "8/8/3k4/8/8/2K5/8/1R5n w - - 0 1"
)

// copyTable copies a table of the shared directory into dir, changed by
// edit, under the name to.
func copyTable(t *testing.T, dir, from, to string, edit func([]byte) []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testDir, from))
	if err != nil {
		t.Skipf("no tables: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, to), edit(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func unchanged(b []byte) []byte { return b }

// wantErrors checks that errs has one error per wanted text, in order.
func wantErrors(t *testing.T, what string, errs []error, want ...string) {
	t.Helper()
	if len(errs) != len(want) {
		t.Errorf("%s: %d errors %q, want %d", what, len(errs), errs, len(want))
		return
	}
	for i, err := range errs {
		if !strings.Contains(err.Error(), want[i]) {
			t.Errorf("%s: error %q does not contain %q", what, err, want[i])
		}
	}
}

// probeFails checks that every probe of fen fails.
func probeFails(t *testing.T, tb *Tables, fen string) {
	t.Helper()
	p := chess.MustParseFEN(fen)
	if w, ok := tb.ProbeWDL(p); ok {
		t.Errorf("%s: ProbeWDL = %v, want a failure", fen, w)
	}
	if d, ok := tb.ProbeDTZ(p); ok {
		t.Errorf("%s: ProbeDTZ = %d, want a failure", fen, d)
	}
	if _, ok := tb.RankRootMoves(p, true); ok {
		t.Errorf("%s: RankRootMoves succeeded", fen)
	}
}

func TestOpenMissingDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nowhere")
	tb, errs := Open(dir + string(os.PathListSeparator))
	wantErrors(t, "Open", errs, "nowhere")
	if tb == nil || tb.Count() != 0 || tb.MaxPieces() != 0 {
		t.Fatalf("Open gave %+v", tb)
	}
	probeFails(t, tb, kqkFEN)
	probeFails(t, tb, "8/8/8/4k3/8/8/8/1K6 w - - 0 1") // king against king, but no tables
}

func TestOpenEmptyPathFindsNothing(t *testing.T) {
	tb, errs := Open("")
	if len(errs) != 0 || tb.Count() != 0 {
		t.Errorf("Open(\"\") = %d tables, %v", tb.Count(), errs)
	}
}

func TestNilTablesFailQuietly(t *testing.T) {
	var tb *Tables
	probeFails(t, tb, kqkFEN)
	if tb.Count() != 0 || tb.MaxPieces() != 0 || tb.Errors() != nil || tb.Close() != nil {
		t.Error("a nil *Tables is not empty")
	}
}

func TestOpenReportsBadFilesAndKeepsGoodOnes(t *testing.T) {
	dir := t.TempDir()
	copyTable(t, dir, "KQvK.rtbw", "KQvK.rtbw", unchanged)
	copyTable(t, dir, "KQvK.rtbz", "KQvK.rtbz", unchanged)
	copyTable(t, dir, "KPvK.rtbw", "KPvK.rtbw", func(b []byte) []byte { return b[:len(b)/2] })
	copyTable(t, dir, "KPvK.rtbz", "KPvK.rtbz", func(b []byte) []byte { return nil })
	copyTable(t, dir, "KRvKN.rtbw", "KRvKN.rtbw", func(b []byte) []byte { b[0] ^= 0xFF; return b })
	copyTable(t, dir, "KRvKN.rtbw", "KRvKN.rtbz", unchanged) // a WDL file named as DTZ
	garbage := make([]byte, 64*20+16)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range garbage {
		garbage[i] = byte(rng.Uint32())
	}
	if err := os.WriteFile(filepath.Join(dir, "KBvKB.rtbw"), garbage, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"notes.rtbw", "KQQQQQvK.rtbw", "KQvKQ.rtbw"} {
		if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil && name != "notes.rtbw" {
			t.Fatal(err)
		}
	}

	tb, errs := Open(dir)
	wantErrors(t, "Open", errs,
		"KBvKB.rtbw: wrong magic number",
		"KPvK.rtbw: size 3912 bytes is not a Syzygy table's",
		"KPvK.rtbz: size 0 bytes",
		"KQQQQQvK.rtbw: a directory",
		"KQvKQ.rtbw: a directory",
		"KRvKN.rtbw: wrong magic number",
		"KRvKN.rtbz: wrong magic number 71 e8 23 5d: a WDL table under the wrong extension",
		"notes.rtbw: a directory")
	if tb.Count() != 1 || tb.MaxPieces() != 3 {
		t.Errorf("Count %d, MaxPieces %d; want 1 and 3", tb.Count(), tb.MaxPieces())
	}
	if w, ok := tb.ProbeWDL(chess.MustParseFEN(kqkFEN)); !ok || w != Win {
		t.Errorf("KQvK: %v %v, want a win", w, ok)
	}
	if d, ok := tb.ProbeDTZ(chess.MustParseFEN(kqkFEN)); !ok || d != 17 {
		t.Errorf("KQvK: DTZ %v %v, want 17", d, ok)
	}
	probeFails(t, tb, kpkFEN)
	probeFails(t, tb, krknFEN)
}

func TestTruncatedDataFailsOnFirstProbeOnce(t *testing.T) {
	dir := t.TempDir()
	// Cut at a size a table can have, so that only reading the header
	// finds the fault.
	copyTable(t, dir, "KRvKN.rtbw", "KRvKN.rtbw", func(b []byte) []byte { return b[:len(b)-64*32] })
	copyTable(t, dir, "KPvK.rtbw", "KPvK.rtbw", func(b []byte) []byte { return b[:64+16] })
	tb, errs := Open(dir)
	wantErrors(t, "Open", errs)
	probeFails(t, tb, krknFEN)
	probeFails(t, tb, krknFEN)
	probeFails(t, tb, kpkFEN)
	wantErrors(t, "Errors", tb.Errors(),
		"KRvKN.rtbw: the layout needs",
		"KPvK.rtbw: the layout needs")
	if err := tb.Close(); err != nil {
		t.Error(err)
	}
}

func TestCorruptHeaderFailsOnFirstProbe(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func([]byte) []byte
		want string
	}{
		{"flags", func(b []byte) []byte { b[4] ^= 2; return b }, "the header's flags (0x43)"},
		{"pieces", func(b []byte) []byte { b[6] = 0x11; return b }, "the header's pieces do not fit"},
		{"order", func(b []byte) []byte { b[5] = 0xEE; return b }, "the header's group order (14, 15)"},
		{"code lengths", func(b []byte) []byte { b[18] = 40; return b }, "code lengths 3-40 out of range"},
		{"blocks", func(b []byte) []byte { b[17] = 0x7F; return b }, "the layout needs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			copyTable(t, dir, "KRvKN.rtbw", "KRvKN.rtbw", tc.edit)
			tb, errs := Open(dir)
			wantErrors(t, "Open", errs)
			probeFails(t, tb, krknFEN)
			wantErrors(t, "Errors", tb.Errors(), "KRvKN.rtbw: "+tc.want)
		})
	}
}

func TestFileRemovedAfterOpen(t *testing.T) {
	dir := t.TempDir()
	copyTable(t, dir, "KQvK.rtbw", "KQvK.rtbw", unchanged)
	tb, _ := Open(dir)
	if err := os.Remove(filepath.Join(dir, "KQvK.rtbw")); err != nil {
		t.Fatal(err)
	}
	probeFails(t, tb, kqkFEN)
	wantErrors(t, "Errors", tb.Errors(), "KQvK.rtbw")
}

func TestProbesFailAfterClose(t *testing.T) {
	tb := openTestTables(t)
	p := chess.MustParseFEN(kqkFEN)
	if _, ok := tb.ProbeWDL(p); !ok {
		t.Fatal("ProbeWDL failed")
	}
	if err := tb.Close(); err != nil {
		t.Fatal(err)
	}
	probeFails(t, tb, kqkFEN)
}

// TestReadingIntoMemoryGivesTheSameResults probes with the files read into
// memory, as on systems without memory mapping.
func TestReadingIntoMemoryGivesTheSameResults(t *testing.T) {
	mapped := openTestTables(t)
	loadFile = readFile
	defer func() { loadFile = mapFile }()
	read := openTestTables(t)
	rng := rand.New(rand.NewPCG(13, 14))
	for _, p := range testPositions(rng, materials(mapped), 700) {
		w1, ok1 := mapped.ProbeWDL(p)
		w2, ok2 := read.ProbeWDL(p)
		d1, ok3 := mapped.ProbeDTZ(p)
		d2, ok4 := read.ProbeDTZ(p)
		if !ok1 || !ok2 || !ok3 || !ok4 || w1 != w2 || d1 != d2 {
			t.Fatalf("%s: mapped %v %d, read %v %d", p.FEN(), w1, d1, w2, d2)
		}
	}
}
