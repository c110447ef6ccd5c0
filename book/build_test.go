package book

import (
	"bytes"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// moves parses moves in any notation from the start position.
func moves(t testing.TB, s string) []chess.Move {
	t.Helper()
	return play(t, chess.StartFEN, s).Moves()
}

// weights returns the book's moves for p as "SAN weight" strings.
func weights(p *chess.Position, b *Book) []string {
	var out []string
	for _, e := range b.Probe(p) {
		out = append(out, p.SAN(e.Move)+" "+strconv.Itoa(int(e.Weight)))
	}
	return out
}

// build writes the builder's book and loads it.
func build(t testing.TB, bld *Builder) *Book {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, bld.Entries()); err != nil {
		t.Fatal(err)
	}
	b, err := Load(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	b.Warn = func(msg string) { t.Errorf("warning: %s", msg) }
	return b
}

func TestBuilderWeightsByResult(t *testing.T) {
	bld := NewBuilder(DefaultPlies, 1)
	for _, g := range []struct{ moves, result string }{
		{"e4 e5 Nf3", "1-0"},
		{"e4 c5", "0-1"},
		{"e4 c5 Nf3", "1/2-1/2"},
		{"d4", "*"},
		{"d4 d5", "1-0"},
	} {
		if err := bld.AddGame(nil, moves(t, g.moves), g.result); err != nil {
			t.Fatal(err)
		}
	}
	if bld.Games() != 5 {
		t.Errorf("Games = %d", bld.Games())
	}
	b := build(t, bld)
	// e4: win 2 + loss 0 + draw 1 = 3; d4: unknown 1 + win 2 = 3, in
	// file order by move after equal weights.
	start := chess.StartPosition()
	if got := weights(start, b); !slices.Equal(got, []string{"d4 3", "e4 3"}) && !slices.Equal(got, []string{"e4 3", "d4 3"}) {
		t.Errorf("start: %v, want e4 3 and d4 3", got)
	}
	// After 1.e4: e5 lost (weight 0, left out), c5 won once and drew once.
	if got := weights(play(t, chess.StartFEN, "e4"), b); !slices.Equal(got, []string{"c5 3"}) {
		t.Errorf("after 1.e4: %v, want [c5 3]", got)
	}
	// After 1.d4: d5 lost: no book move.
	if got := weights(play(t, chess.StartFEN, "d4"), b); got != nil {
		t.Errorf("after 1.d4: %v, want none", got)
	}
	if got := weights(play(t, chess.StartFEN, "e4 c5"), b); !slices.Equal(got, []string{"Nf3 1"}) {
		t.Errorf("after 1.e4 c5: %v, want [Nf3 1]", got)
	}
}

func TestBuilderPliesAndMinGames(t *testing.T) {
	bld := NewBuilder(2, 2)
	for _, g := range []string{"e4 e5 Nf3", "e4 e5 Nf3", "e4 c5 Nf3", "d4"} {
		if err := bld.AddGame(nil, moves(t, g), "*"); err != nil {
			t.Fatal(err)
		}
	}
	b := build(t, bld)
	if got := weights(chess.StartPosition(), b); !slices.Equal(got, []string{"e4 3"}) {
		t.Errorf("start: %v, want [e4 3] (d4 played once)", got)
	}
	if got := weights(play(t, chess.StartFEN, "e4"), b); !slices.Equal(got, []string{"e5 2"}) {
		t.Errorf("after 1.e4: %v, want [e5 2]", got)
	}
	if got := weights(play(t, chess.StartFEN, "e4 e5"), b); got != nil {
		t.Errorf("after 1.e4 e5 (ply 3, beyond -plies 2): %v", got)
	}
}

// Positions reached by different move orders are one position.
func TestBuilderTranspositions(t *testing.T) {
	bld := NewBuilder(0, 1)
	for _, g := range []string{"Nf3 Nf6 c4 e6", "c4 Nf6 Nf3 e6", "c4 Nf6 Nf3 g6"} {
		if err := bld.AddGame(nil, moves(t, g), "*"); err != nil {
			t.Fatal(err)
		}
	}
	b := build(t, bld)
	if got := weights(play(t, chess.StartFEN, "Nf3 Nf6 c4"), b); !slices.Equal(got, []string{"e6 2", "g6 1"}) {
		t.Errorf("after 1.Nf3 Nf6 2.c4: %v, want [e6 2 g6 1]", got)
	}
}

// Weights that do not fit in 16 bits are scaled in their position.
func TestBuilderScalesLargeWeights(t *testing.T) {
	bld := NewBuilder(1, 1)
	e4, d4 := moves(t, "e4"), moves(t, "d4")
	for range 70000 {
		bld.AddGame(nil, e4, "1-0")
	}
	for range 35000 {
		bld.AddGame(nil, d4, "1-0")
	}
	bld.AddGame(nil, moves(t, "c4"), "1/2-1/2")
	b := build(t, bld)
	if got := weights(chess.StartPosition(), b); !slices.Equal(got, []string{"e4 65535", "d4 32767", "c4 1"}) {
		t.Errorf("start: %v, want [e4 65535 d4 32767 c4 1]", got)
	}
}

func TestBuilderChess960(t *testing.T) {
	start := chess.MustParseFEN("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1")
	castle, err := start.ParseMove("O-O")
	if err != nil {
		t.Fatal(err)
	}
	bld := NewBuilder(0, 1)
	if err := bld.AddGame(start, []chess.Move{castle}, "1-0"); err != nil {
		t.Fatal(err)
	}
	entries := bld.Entries()
	if len(entries) != 1 || entries[0].Move.String() != "b1g1" {
		t.Fatalf("entries %+v, want one with b1g1", entries)
	}
	b := build(t, bld)
	if m, ok := b.Best(start); !ok || m != castle {
		t.Errorf("Best = %v %v, want O-O", m, ok)
	}
}

func TestBuilderErrors(t *testing.T) {
	bld := NewBuilder(0, 1)
	if err := bld.AddGame(nil, moves(t, "e4"), "2-0"); err == nil || !strings.Contains(err.Error(), `"2-0"`) {
		t.Errorf("bad result: %v", err)
	}
	bad := []chess.Move{chess.NewMove(chess.E2, chess.E4), chess.NewMove(chess.E2, chess.E4)}
	if err := bld.AddGame(nil, bad, "*"); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("illegal move: %v", err)
	}
	if err := Write(&bytes.Buffer{}, []RawEntry{{Key: 2}, {Key: 1}}); err == nil || !strings.Contains(err.Error(), "sorted") {
		t.Errorf("Write of unsorted entries: %v", err)
	}
	var zero Builder
	if err := zero.AddGame(nil, moves(t, "e4"), "*"); err != nil || len(zero.Entries()) != 1 {
		t.Errorf("the zero Builder: %v, %d entries", err, len(zero.Entries()))
	}
}

func TestReadTextSeedBook(t *testing.T) {
	data, err := os.ReadFile("testdata/seed_book.txt")
	if err != nil {
		t.Fatal(err)
	}
	games, err := ReadText(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 14 {
		t.Fatalf("%d games, want 14", len(games))
	}
	for i, g := range games {
		if len(g) != 12 {
			t.Errorf("game %d: %d moves, want 12", i+1, len(g))
		}
	}
	// Castling is written as the king's move: e1g1 in game 9.
	if m := games[8][8]; m.Kind() != chess.Castling {
		t.Errorf("game 9, move 9 (e1g1): %v is not castling", m)
	}
	// Written back, the text is the same but for the trailing blanks.
	var buf bytes.Buffer
	if err := WriteText(&buf, games); err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll(string(data), " \n", "\n")
	if buf.String() != want {
		t.Errorf("WriteText:\n%s\nwant:\n%s", buf.String(), want)
	}
	// As a Polyglot book, its lines come back.
	bld := NewBuilder(0, 1)
	for _, g := range games {
		if err := bld.AddGame(nil, g, "*"); err != nil {
			t.Fatal(err)
		}
	}
	b := build(t, bld)
	if got := weights(chess.StartPosition(), b); !slices.Equal(got, []string{"e4 6", "d4 5", "c4 3"}) {
		t.Errorf("start: %v", got)
	}
	var back bytes.Buffer
	if err := WriteText(&back, b.Lines(nil, 0)); err != nil {
		t.Fatal(err)
	}
	gotLines := strings.Split(strings.TrimSpace(back.String()), "\n")
	wantLines := strings.Split(strings.TrimSpace(want), "\n")
	slices.Sort(gotLines)
	slices.Sort(wantLines)
	if !slices.Equal(gotLines, wantLines) {
		t.Errorf("lines of the converted book:\n%s\nwant:\n%s", strings.Join(gotLines, "\n"), strings.Join(wantLines, "\n"))
	}
}

func TestReadTextErrors(t *testing.T) {
	tests := []struct{ text, want string }{
		{"e2e4 e7e5\ne2e4 e2e4\n", "line 2, move 2"},
		{"e2e4 Nf6\n", `"Nf6" is not a move in coordinates`},
		{"\n# comment\ne2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1g1\n", "line 3, move 7"},
		{"e7e8q\n", "line 1, move 1"},
		{"e2e4 e7e5 z9z9\n", `"z9z9"`},
	}
	for _, tt := range tests {
		_, err := ReadText(strings.NewReader(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.text, err, tt.want)
		}
	}
	games, err := ReadText(strings.NewReader("# a comment\n\n  e2e4   c7c5  \r\n"))
	if err != nil || len(games) != 1 || len(games[0]) != 2 {
		t.Errorf("comments, blank lines, CRLF: %v %v", games, err)
	}
	if err := WriteText(&bytes.Buffer{}, [][]chess.Move{{chess.NewMove(chess.E2, chess.E5)}}); err == nil {
		t.Error("WriteText wrote an illegal move")
	}
}
