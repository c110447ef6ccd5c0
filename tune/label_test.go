package tune

import (
	"context"
	"math"
	"strings"
	"testing"
)

// TestParseSampleScore reads the search score beside the result, in
// both line formats, and refuses malformed ones.
func TestParseSampleScore(t *testing.T) {
	for line, want := range map[string]int{
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 c9 "1-0"; ce 35;`: 35,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ce -12; c9 "0-1";`:    -12,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ce 7; [0.5]`:      7,
	} {
		p, _, score, err := parseSample(line)
		if err != nil || p == nil || score == nil || *score != want {
			t.Errorf("%s: %v, %v", line, score, err)
		}
	}
	if _, _, score, err := parseSample(`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 c9 "1-0";`); err != nil || score != nil {
		t.Errorf("no ce: score %v, %v", score, err)
	}
	for _, line := range []string{
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 "1-0"; ce x;`,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 "1-0"; ce 1 2;`,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 "1-0"; ce 999999;`,
		`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ce 5;`,
	} {
		if _, _, _, err := parseSample(line); err == nil {
			t.Errorf("%s: no error", line)
		}
	}
}

// TestLabelAddsScores labels a few positions: a score for the side to
// move, the order and the comments kept, a mate and an existing score
// left alone; then Load reads the scores for White and Blend mixes them
// into the targets.
func TestLabelAddsScores(t *testing.T) {
	lines := []string{
		"# comment",
		`r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 c9 "1-0";`,
		`rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 c9 "0-1";`,        // mated
		`6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1 [0-1]`,                                    // Black a queen down
		`6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 c9 "1/2-1/2"; ce 4;`,                       // already scored
		`6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 c9 "1/2-1/2"; ce 4; bm Ra8;`,               // white mates in 1: already scored
		`r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 c9 "1/2-1/2";`, // the first again
		`3k4/8/3K4/8/8/8/8/R7 w - - 0 1 c9 "1-0";`,                                       // mate in 1
	}
	last := 0
	out, err := Label(context.Background(), lines, LabelConfig{Depth: 4, Concurrency: 2, Progress: func(done int) { last = done }})
	if err != nil {
		t.Fatal(err)
	}
	if want := CountPositions(lines); last != want || want != 7 {
		t.Errorf("progress ends at %d positions, want %d (7)", last, want)
	}
	if len(out) != len(lines) || out[0] != lines[0] || out[2] != lines[2] || out[4] != lines[4] || out[7] != lines[7] {
		t.Fatalf("lines changed that should not have:\n%s", strings.Join(out, "\n"))
	}
	_, _, first, err := parseSample(out[1])
	if err != nil || first == nil || *first < -300 || *first > 300 {
		t.Fatalf("opening position: %q (%v)", out[1], err)
	}
	if _, _, again, _ := parseSample(out[6]); again == nil || *again != *first {
		t.Errorf("the same position searched again by the other worker: %q against %d", out[6], *first)
	}
	p, r, black, err := parseSample(out[3])
	if err != nil || r != 0 || black == nil || *black > -700 || !strings.HasSuffix(out[3], "[0-1]") || p == nil {
		t.Errorf("queen down: %q (%v)", out[3], err)
	}

	d := NewDataset()
	st, err := Load(d, strings.NewReader(strings.Join(out, "\n")), "scored.epd")
	if err != nil {
		t.Fatal(err)
	}
	if st.Positions != 6 || st.Scored != 5 || st.Special != 1 {
		t.Fatalf("load: %+v", st)
	}
	// The queen-down position, Black to move: a score for White well
	// above zero.
	if s := d.search[2]; !(s > 700) {
		t.Errorf("Black's score %d is White's %v", *black, s)
	}
	if !math.IsNaN(d.search[1]) {
		t.Errorf("the mated position has a score %v", d.search[1])
	}
	k := 0.01
	if n := d.Blend(0.25, k); n != 5 {
		t.Errorf("Blend mixed %d positions, want 5", n)
	}
	if want := 0.25*1 + 0.75*sigmoid(k*d.search[0]); math.Abs(d.result[0]-want) > 1e-12 {
		t.Errorf("target %v, want %v", d.result[0], want)
	}
	if d.result[1] != 0 || d.Games().result[0] != 1 {
		t.Errorf("unscored target %v, game result %v", d.result[1], d.Games().result[0])
	}
	if w, dr, l := d.Results(); w != 1 || dr != 3 || l != 2 {
		t.Errorf("results +%d =%d -%d after Blend", w, dr, l)
	}
	d.Blend(1, k)
	if d.result[0] != 1 {
		t.Errorf("lambda 1 leaves target %v", d.result[0])
	}
	if _, err := Label(context.Background(), lines, LabelConfig{Depth: 0}); err == nil {
		t.Error("depth 0 accepted")
	}
	if _, err := Label(context.Background(), []string{"not a position c9 \"1-0\";"}, LabelConfig{Depth: 2}); err == nil {
		t.Error("a bad line labelled")
	}
}
