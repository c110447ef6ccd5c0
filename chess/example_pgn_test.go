package chess_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ferzchess/ferz/chess"
)

func ExampleNewPGNReader() {
	const file = `[Event "Casual game"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "*"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ {The King's Gambit.} 4. Kf1 *

[Event "A game with a slip"]

1. e4 e5 2. Nf3 Nf9 1-0

1. d4 d5 2. c4 (2. Nf3 Nf6) 2... e6 1/2-1/2
`
	r := chess.NewPGNReader(strings.NewReader(file))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var bad *chess.PGNError
		if errors.As(err, &bad) {
			fmt.Println("skipped game", bad.Game, "at line", bad.Line)
			continue
		}
		if err != nil {
			fmt.Println(err) // the input itself failed
			return
		}
		p, _ := g.Position()
		fmt.Printf("%q: %d moves, %s, ends in %s\n", g.Tag("Event"), len(g.Moves), g.Result, p.FEN())
	}
	// Output:
	// "Casual game": 7 moves, *, ends in rnb1kbnr/pppp1ppp/8/8/2B1Pp1q/8/PPPP2PP/RNBQ1KNR b kq - 3 4
	// skipped game 2 at line 10
	// "": 4 moves, 1/2-1/2, ends in rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3
}

func ExampleWritePGN() {
	g := chess.NewGame(nil)
	g.SetTag("Event", "Fool's mate")
	g.SetTag("White", "Patzer")
	p := chess.StartPosition()
	for _, san := range []string{"f3", "e5", "g4", "Qh4#"} {
		m, err := p.ParseSAN(san)
		if err != nil {
			fmt.Println(err)
			return
		}
		g.Moves = append(g.Moves, m)
		p.MakeMove(m)
	}
	g.Annotations = make([]chess.Annotation, len(g.Moves))
	g.Annotations[2] = chess.Annotation{NAGs: []uint8{4}, Comment: "Opens the diagonal to the king."}
	g.Result = p.Result()
	if err := chess.WritePGN(os.Stdout, g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "Fool's mate"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Patzer"]
	// [Black "?"]
	// [Result "0-1"]
	//
	// 1. f3 e5 2. g4 $4 {Opens the diagonal to the king.} 2... Qh4# 0-1
}

func ExampleGame_String() {
	start := chess.MustParseFEN("nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1")
	g := chess.NewGame(start)
	p := start.Copy()
	for _, san := range []string{"d4", "d5", "e3", "e6", "Be2", "Be7", "Nb3", "Nb6", "O-O-O"} {
		m, _ := p.ParseSAN(san)
		g.Moves = append(g.Moves, m)
		p.MakeMove(m)
	}
	fmt.Print(g)
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "?"]
	// [Black "?"]
	// [Result "*"]
	// [Variant "Chess960"]
	// [SetUp "1"]
	// [FEN "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1"]
	//
	// 1. d4 d5 2. e3 e6 3. Be2 Be7 4. Nb3 Nb6 5. O-O-O *
}
