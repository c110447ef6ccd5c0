package syzygy

import (
	"math/rand/v2"
	"os"
	"sort"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// testDir holds the 35 tables of three and four pieces, beside the
// repository.
const testDir = "../../shared/data/syzygy"

// openTestTables opens the shared tables, or skips the test if they are
// not there. The tables are closed when the test ends.
func openTestTables(t testing.TB) *Tables {
	t.Helper()
	if _, err := os.Stat(testDir); err != nil {
		t.Skipf("no tables: %v", err)
	}
	tb, errs := Open(testDir)
	for _, err := range errs {
		t.Errorf("Open: %v", err)
	}
	if tb.Count() == 0 {
		t.Skip("no tables in " + testDir)
	}
	t.Cleanup(func() {
		if err := tb.Close(); err != nil {
			t.Error(err)
		}
	})
	return tb
}

// materials returns the materials of the WDL tables of tb, sorted by name.
func materials(tb *Tables) []*material {
	var ms []*material
	for _, x := range tb.all {
		if x.kind == wdlKind {
			ms = append(ms, x.mat)
		}
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].name < ms[j].name })
	return ms
}

// randomPosition places the pieces of m at random (with the colours
// exchanged if swap) with the given side to move, trying until the
// position is legal.
func randomPosition(rng *rand.Rand, m *material, swap bool, stm chess.Color) *chess.Position {
	for {
		var board [64]chess.Piece
		ok := true
		for c := chess.White; c <= chess.Black && ok; c++ {
			for pt := chess.Pawn; pt <= chess.King; pt++ {
				for n := 0; n < m.count[c][pt]; n++ {
					s := chess.Square(rng.IntN(64))
					if board[s] != chess.NoPiece || (pt == chess.Pawn && (s.Rank() == 0 || s.Rank() == 7)) {
						ok = false
						break
					}
					col := c
					if swap {
						col ^= 1
					}
					board[s] = chess.NewPiece(col, pt)
				}
			}
		}
		if !ok {
			continue
		}
		if p, err := chess.ParseFEN(boardFEN(&board, stm, "-")); err == nil {
			return p
		}
	}
}

// boardFEN writes a FEN of the board with no castling rights.
func boardFEN(board *[64]chess.Piece, stm chess.Color, ep string) string {
	return chess.PlacementFEN(board) + []string{" w - ", " b - "}[stm] + ep + " 0 1"
}

// enPassantPosition returns a position of m (which must give both sides
// pawns) where the side to move can capture en passant: a random position
// of the other side to move in which a double pawn push is played that
// lands beside a pawn of the side to move.
func enPassantPosition(rng *rand.Rand, m *material) *chess.Position {
	for {
		stm := chess.Color(rng.IntN(2))
		p := randomPosition(rng, m, rng.IntN(2) == 1, stm^1)
		var list chess.MoveList
		p.GenerateLegal(&list)
		for _, mv := range list.Moves[:list.N] {
			if p.PieceAt(mv.From()).Type() != chess.Pawn || absDiff(int(mv.From()), int(mv.To())) != 16 {
				continue
			}
			p.MakeMove(mv)
			var replies chess.MoveList
			p.GenerateLegal(&replies)
			for _, r := range replies.Moves[:replies.N] {
				if r.Kind() == chess.EnPassant {
					return p
				}
			}
			p.UnmakeMove()
		}
	}
}

func absDiff(a, b int) int {
	if a < b {
		return b - a
	}
	return a - b
}

// testPositions returns n random legal positions over the materials ms,
// each material equally often, both colour orders and both sides to move;
// half of those with pawns on both sides allow an en passant capture.
func testPositions(rng *rand.Rand, ms []*material, n int) []*chess.Position {
	ps := make([]*chess.Position, 0, n)
	for i := 0; i < n; i++ {
		m := ms[i%len(ms)]
		if m.pawns[1] > 0 && i/len(ms)%2 == 0 {
			ps = append(ps, enPassantPosition(rng, m))
			continue
		}
		ps = append(ps, randomPosition(rng, m, rng.IntN(2) == 1, chess.Color(rng.IntN(2))))
	}
	return ps
}
