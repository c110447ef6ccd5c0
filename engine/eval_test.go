package engine

import (
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// mirrorFEN swaps the colours of a position: ranks reversed, pieces and
// side to move swapped, castling and en passant mirrored.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		f[2] = swap(f[2])
	}
	if f[3] != "-" {
		f[3] = f[3][:1] + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
	}
	return strings.Join(f, " ")
}

func TestEvaluationIsColourSymmetric(t *testing.T) {
	for _, fen := range BenchPositions {
		p := chess.MustParseFEN(fen)
		q := chess.MustParseFEN(mirrorFEN(fen))
		if a, b := Evaluate(p), Evaluate(q); a != b {
			t.Errorf("%s: %d, mirrored %d", fen, a, b)
		}
	}
}

func TestFeaturesReproduceTheEvaluation(t *testing.T) {
	for _, fen := range BenchPositions {
		p := chess.MustParseFEN(fen)
		f := EvalFeatures(p)
		if f.Special {
			continue
		}
		var mg, eg int
		for _, c := range f.Counts {
			mg += c.Count * weights[c.Index].mg
			eg += c.Count * weights[c.Index].eg
		}
		v := (mg*f.Phase + eg*f.Scale/64*(totalPhase-f.Phase)) / totalPhase
		if p.SideToMove() == chess.Black {
			v = -v
		}
		if got := EvaluateHandWritten(p); got != v {
			t.Errorf("%s: Evaluate %d, from features %d", fen, got, v)
		}
	}
}

func TestKingAndPawnAgainstKing(t *testing.T) {
	for _, c := range []struct {
		fen string
		win bool
	}{
		{"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", true},  // king on the sixth in front of its pawn
		{"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", true},  // whoever moves
		{"k7/8/8/8/8/8/P7/K7 w - - 0 1", false},    // rook pawn, defender in the corner
		{"8/8/8/8/8/8/3kP3/7K b - - 0 1", false},   // the pawn falls
		{"8/4P3/8/8/8/8/k7/7K w - - 0 1", true},    // promotes
		{"8/8/8/8/8/4k3/4p3/4K3 w - - 0 1", false}, // Black's pawn, White's king blocks: stalemate lines
		{"8/8/8/8/8/4k3/4p3/3K4 w - - 0 1", true},  // Black wins: 1.Ke1 Kf3 2.Kd2 Kf2
		{"8/8/8/8/3k4/8/4p3/6K1 b - - 0 1", true},  // Black's pawn runs
		{"8/8/8/8/3k4/8/4p3/4K3 w - - 0 1", false}, // White's king blocks in front
		{"7k/8/6K1/7P/8/8/8/8 w - - 0 1", false},   // h-pawn, defender in the corner
		{"7k/8/8/8/8/8/P7/K7 w - - 0 1", true},     // the pawn outruns the king
	} {
		p := chess.MustParseFEN(c.fen)
		v := Evaluate(p)
		if c.win && abs(v) < 500 || !c.win && v != 0 {
			t.Errorf("%s: evaluation %d, want win=%v", c.fen, v, c.win)
		}
	}
}

func TestDrawishMaterialIsScaledDown(t *testing.T) {
	for _, fen := range []string{
		"8/8/4k3/8/8/2NN4/4K3/8 w - - 0 1",     // two knights cannot mate
		"8/2b5/4k3/3p4/3P4/4KB2/8/8 w - - 0 1", // opposite-coloured bishops
	} {
		p := chess.MustParseFEN(fen)
		if v := Evaluate(p); abs(v) > 150 {
			t.Errorf("%s: evaluation %d, want near a draw", fen, v)
		}
	}
}

func TestBishopAndKnightDriveToTheRightCorner(t *testing.T) {
	// Light-squared bishop: mate happens in a8 or h1, not a1 or h8.
	right := chess.MustParseFEN("k7/8/2K5/8/8/3BN3/8/8 w - - 0 1")
	wrong := chess.MustParseFEN("7k/8/5K2/8/8/3BN3/8/8 w - - 0 1")
	if Evaluate(right) <= Evaluate(wrong) {
		t.Errorf("right corner %d, wrong corner %d", Evaluate(right), Evaluate(wrong))
	}
}

// TestEndgameRulesDoNotAllocate checks that the evaluation of the
// endgames that rules decide (king and pawn, bishop and knight, a bare
// king) allocates nothing: they come up at every node of such endings.
func TestEndgameRulesDoNotAllocate(t *testing.T) {
	for _, fen := range []string{
		"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",   // king and pawn
		"k7/8/2K5/8/8/3BN3/8/8 w - - 0 1",   // bishop and knight
		"8/8/3k4/8/8/8/4R3/4K3 b - - 0 1",   // rook against a bare king
		"8/8/3k4/8/8/8/4q3/4K3 w - - 0 1",   // Black's queen
		"8/8/3k4/8/8/2p5/4R3/4K3 b - - 0 1", // no rule: both sides have pieces
	} {
		p := chess.MustParseFEN(fen)
		Evaluate(p)
		if n := testing.AllocsPerRun(10, func() { Evaluate(p) }); n != 0 {
			t.Errorf("%s: %.0f allocations an evaluation", fen, n)
		}
	}
}

func TestWeightNames(t *testing.T) {
	if WeightName(wTempo) != "Tempo" || WeightName(wPassed+5) != "Passed[5]" || WeightName(wPST) != "PST[0]" {
		t.Errorf("names: %s %s %s", WeightName(wTempo), WeightName(wPassed+5), WeightName(wPST))
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p := kiwipete()
	b.ReportAllocs()
	for b.Loop() {
		Evaluate(p)
	}
}

// featureCount returns the count (White's minus Black's) of weight i in
// the position.
func featureCount(t *testing.T, fen string, i int) int {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range EvalFeatures(p).Counts {
		if f.Index == i {
			return f.Count
		}
	}
	return 0
}

func TestSafeChecksNeedUndefendedSquares(t *testing.T) {
	// The knight on d4 checks from e2, which White does not defend.
	if n := featureCount(t, "6k1/8/8/8/3n4/8/5PPP/6K1 w - - 0 1", wSafeCheck+0); n != 1 {
		t.Errorf("knight check from an undefended square: count %d, want 1", n)
	}
	// The rook on e1 holds e2 and the g2 pawn holds f3: no safe check.
	if n := featureCount(t, "6k1/8/8/8/3n4/8/5PPP/4R1K1 w - - 0 1", wSafeCheck+0); n != 0 {
		t.Errorf("knight checks only from defended squares: count %d, want 0", n)
	}
	// Mirrored, the count changes sign.
	if n := featureCount(t, mirrorFEN("6k1/8/8/8/3n4/8/5PPP/6K1 w - - 0 1"), wSafeCheck+0); n != -1 {
		t.Errorf("mirrored: count %d, want -1", n)
	}
}
