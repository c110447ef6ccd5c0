package cli

import (
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

func TestDarkSquaresByParity(t *testing.T) {
	for s := chess.A1; s <= chess.H8; s++ {
		if isDark(s) != chess.DarkSquares.Has(s) {
			t.Errorf("%v: isDark %v, chess.DarkSquares %v", s, isDark(s), chess.DarkSquares.Has(s))
		}
	}
}

func TestASCIIBoard(t *testing.T) {
	p := chess.StartPosition()
	want := `   a b c d e f g h
 8 r n b q k b n r 8
 7 p p p p p p p p 7
 6 . X . X . X . X 6
 5 X . X . X . X . 5
 4 . X . X . X . X 4
 3 X . X . X . X . 3
 2 P P P P P P P P 2
 1 R N B Q K B N R 1
   a b c d e f g h
`
	if got := drawBoard(p, chess.White, boardStyle{ascii: true}); got != want {
		t.Errorf("start position, White at the bottom:\n%s\nwant:\n%s", got, want)
	}
	want = `   h g f e d c b a
 1 R N B K Q B N R 1
 2 P P P P P P P P 2
 3 . X . X . X . X 3
 4 X . X . X . X . 4
 5 . X . X . X . X 5
 6 X . X . X . X . 6
 7 p p p p p p p p 7
 8 r n b k q b n r 8
   h g f e d c b a
`
	if got := drawBoard(p, chess.Black, boardStyle{ascii: true}); got != want {
		t.Errorf("start position, Black at the bottom:\n%s\nwant:\n%s", got, want)
	}
}

func TestUnicodeBoard(t *testing.T) {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
	got := drawBoard(p, chess.White, boardStyle{})
	for _, want := range []string{" 8 · · · · ♚ · · · 8\n", " 1 ♖ · · · ♔ · · · 1\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("board lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "\x1b") {
		t.Errorf("plain board has escape codes:\n%q", got)
	}
}

func TestColorBoard(t *testing.T) {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
	p.MakeMove(mustMove(t, p, "O-O-O"))
	p.MakeMove(mustMove(t, p, "Kf7"))
	p.MakeMove(mustMove(t, p, "Rf1"))
	got := drawBoard(p, chess.White, boardStyle{color: true})
	lines := strings.Split(got, "\n")
	if len(lines) != 11 || lines[0] != "    a  b  c  d  e  f  g  h" {
		t.Fatalf("colour board layout:\n%s", got)
	}
	// Rank 1: the last move f1 (light) highlighted, and the rook on it.
	if want := bgLightMoved + fgWhitePiece + " ♜ " + ansiReset; !strings.Contains(lines[8], want) {
		t.Errorf("rank 1 lacks the moved rook %q:\n%q", want, lines[8])
	}
	// Rank 7: the king on f7 in check.
	if want := bgCheck + fgBlackPiece + " ♚ " + ansiReset; !strings.Contains(lines[2], want) {
		t.Errorf("rank 7 lacks the king in check %q:\n%q", want, lines[2])
	}
	if n := strings.Count(got, bgLight) + strings.Count(got, bgDark) + strings.Count(got, bgLightMoved) +
		strings.Count(got, bgDarkMoved) + strings.Count(got, bgCheck); n != 64 {
		t.Errorf("%d coloured squares, want 64", n)
	}
}

func TestLastMoveSquaresOfCastling(t *testing.T) {
	p := chess.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	if from, to := lastMoveSquares(p); from != chess.NoSquare || to != chess.NoSquare {
		t.Errorf("no move yet: %v %v", from, to)
	}
	for _, c := range []struct {
		move     string
		from, to chess.Square
	}{{"O-O", chess.E1, chess.G1}, {"O-O-O", chess.E8, chess.C8}} {
		p.MakeMove(mustMove(t, p, c.move))
		if from, to := lastMoveSquares(p); from != c.from || to != c.to {
			t.Errorf("%s: %v-%v, want %v-%v", c.move, from, to, c.from, c.to)
		}
	}
}

// mustMove parses a move that the test knows to be legal.
func mustMove(t *testing.T, p *chess.Position, s string) chess.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
