package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// The pawn table is a cache: evaluating through it must give exactly the
// evaluation without it, whatever it holds. A tiny table makes entries
// replace one another and kings move under a cached shelter.
func TestPawnTableChangesNoEvaluation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	table := make(pawnTable, 4)
	checked := 0
	for _, fen := range BenchPositions {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for range 60 {
			want := EvaluateHandWritten(p)
			for range 2 { // a miss, then a hit
				if got, _, _ := evaluate(p, nil, table); got != want {
					t.Fatalf("%s: evaluation %d through the pawn table, %d without", p.FEN(), got, want)
				}
			}
			checked++
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[r.IntN(len(moves))])
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// BenchmarkEvaluatePositions evaluates the bench positions in turn,
// without and with a warm pawn table (as the search does).
func BenchmarkEvaluatePositions(b *testing.B) {
	var positions []*chess.Position
	for _, fen := range BenchPositions {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			b.Fatal(err)
		}
		positions = append(positions, p)
	}
	for _, table := range []pawnTable{nil, newPawnTable(0)} {
		name := "plain"
		if table != nil {
			name = "pawn-table"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				evaluate(positions[i%len(positions)], nil, table)
			}
		})
	}
}
