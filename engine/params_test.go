package engine

import (
	"strings"
	"testing"
)

// restoreParams puts every search parameter back to its default when the
// test ends.
func restoreParams(t *testing.T) {
	t.Cleanup(func() {
		for _, p := range Params() {
			if err := SetParam(p.Name, p.Default); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestParamsStartAtTheirDefaults(t *testing.T) {
	for _, p := range Params() {
		if p.Value != p.Default {
			t.Errorf("%s = %d, default %d", p.Name, p.Value, p.Default)
		}
		if p.Default < p.Min || p.Default > p.Max || p.Step <= 0 {
			t.Errorf("%s: default %d outside %d..%d or step %v", p.Name, p.Default, p.Min, p.Max, p.Step)
		}
	}
}

func TestSetParamChecksNameAndRange(t *testing.T) {
	restoreParams(t)
	if err := SetParam("rfpmargin", 100); err != nil {
		t.Fatalf("a name in another case: %v", err)
	}
	if rfpMargin != 100 {
		t.Fatalf("rfpMargin = %d after SetParam 100", rfpMargin)
	}
	if err := SetParam("RFPMargin", 100000); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("out of range: err = %v", err)
	}
	if rfpMargin != 100 {
		t.Errorf("a refused value changed rfpMargin to %d", rfpMargin)
	}
	if err := SetParam("NoSuchThing", 1); err == nil {
		t.Error("an unknown name was accepted")
	}
	if IsParam("Hash") || !IsParam("lmrbase") {
		t.Error("IsParam is wrong about Hash or lmrbase")
	}
}

func TestLMRTableFollowsItsParams(t *testing.T) {
	restoreParams(t)
	before, base := lmrTable, lmrBase
	// A whole ply more (100 hundredths) adds exactly one to every entry.
	if err := SetParam("LMRBase", base+100); err != nil {
		t.Fatal(err)
	}
	if lmrTable[10][10] != before[10][10]+1 {
		t.Errorf("LMRBase %d: reduction at depth 10, move 10 is %d, want %d", base+100, lmrTable[10][10], before[10][10]+1)
	}
	if err := SetParam("LMRBase", base); err != nil {
		t.Fatal(err)
	}
	if lmrTable != before {
		t.Error("the table differs after LMRBase went back to its default")
	}
}

// Every parameter must reach the search: moved to an end of its range, it
// changes the number of nodes a fixed-depth search takes.
func TestEveryParamChangesTheSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("about a hundred searches to depth 10; skipped with -short (the race detector's run)")
	}
	restoreParams(t)
	fens := BenchPositions[:6]
	nodes := func() uint64 {
		var n uint64
		for _, fen := range fens {
			n += searchFEN(t, fen, Limits{Depth: 11}).Nodes
		}
		return n
	}
	base := nodes()
	for _, p := range Params() {
		v := p.Max
		if p.Default-p.Min > p.Max-p.Default {
			v = p.Min
		}
		if err := SetParam(p.Name, v); err != nil {
			t.Fatal(err)
		}
		if n := nodes(); n == base {
			t.Errorf("%s = %d: %d nodes, the same as with %d", p.Name, v, n, p.Default)
		}
		if err := SetParam(p.Name, p.Default); err != nil {
			t.Fatal(err)
		}
	}
	if n := nodes(); n != base {
		t.Errorf("%d nodes after every parameter went back to its default, %d before", n, base)
	}
}
