package analysis

import (
	"reflect"
	"testing"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

func TestEvaluate(t *testing.T) {
	s := engine.NewSearcher(engine.NewTT(1))
	for _, tt := range []struct {
		fen      string
		want     int
		searched bool
	}{
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", Cap, false},                        // Black is mated
		{"8/8/8/8/8/6k1/6q1/7K w - - 0 1", -Cap, false},                       // White is mated
		{"7k/8/6Q1/8/8/8/8/6K1 b - - 0 1", 0, false},                          // stalemate
		{"8/8/8/4k3/8/8/8/4K3 w - - 0 1", 0, false},                           // insufficient material
		{"6k1/8/8/8/8/8/8/Q5K1 w - - 0 1", Cap, true},                         // a queen up: capped
		{"r3k3/8/8/8/8/8/8/4K3 w - - 0 1", -Cap, true},                        // a rook down, for White
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, true}, // about level
	} {
		p, err := chess.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		got, res := Evaluate(s, p, engine.Limits{Depth: 6})
		if searched := res.Move != chess.NullMove; searched != tt.searched {
			t.Errorf("%s: searched %v, want %v", tt.fen, searched, tt.searched)
		}
		if tt.fen == chess.StartFEN {
			if got < -60 || got > 60 {
				t.Errorf("start position: %d", got)
			}
		} else if got != tt.want && !(tt.searched && (tt.want > 0) == (got > 400) && (tt.want < 0) == (got < -400)) {
			t.Errorf("%s: %d, want %d", tt.fen, got, tt.want)
		}
		if p.FEN() != tt.fen {
			t.Errorf("Evaluate changed the position: %s", p.FEN())
		}
	}
}

func TestMarks(t *testing.T) {
	// Black moves first: Black's move keeps +20, White's drops it to
	// -130 (a mistake, 150), Black's brings it to +270 (a blunder, 400),
	// White's to +171 (99: nothing).
	evals := []int{20, 20, -130, 270, 171}
	want := []Mark{{Ply: 2, Drop: 150, Kind: Mistake}, {Ply: 3, Drop: 400, Kind: Blunder}}
	if got := Marks(evals, false); !reflect.DeepEqual(got, want) {
		t.Errorf("Marks, Black first: %+v, want %+v", got, want)
	}
	// The same numbers with White first: every change favours the side
	// that moved.
	if got := Marks(evals, true); len(got) != 0 {
		t.Errorf("Marks, White first: %+v, want none", got)
	}
	if got := Marks(nil, true); got == nil || len(got) != 0 {
		t.Errorf("Marks(nil) = %#v, want an empty list", got)
	}
}

func TestFormatScore(t *testing.T) {
	for _, c := range []struct {
		score int
		stm   chess.Color
		want  string
	}{
		{35, chess.White, "+0.35"}, {35, chess.Black, "-0.35"}, {-120, chess.White, "-1.20"}, {0, chess.Black, "+0.00"},
		{engine.MateScore - 1, chess.White, "#1"}, {engine.MateScore - 1, chess.Black, "#-1"},
		{-(engine.MateScore - 4), chess.White, "#-2"},
	} {
		if got := FormatScore(c.score, c.stm); got != c.want {
			t.Errorf("FormatScore(%d, %v) = %q, want %q", c.score, c.stm, got, c.want)
		}
	}
}
