package chess_test

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ferzchess/ferz/chess"
)

func ExampleParseFEN() {
	p, err := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.SideToMove(), "to move; piece on c6:", p.PieceAt(chess.C6))
	fmt.Println(p.FEN())

	_, err = chess.ParseFEN("rnbqkbnr/pppppppp/8/8/8/ppp6/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	fmt.Println(err)
	// Output:
	// white to move; piece on c6: n
	// r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
	// fen: rank 3 has 9 squares
}

func ExamplePosition_LegalMoves() {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/4P3/4K2R w K - 0 1")
	var sans []string
	for _, m := range p.LegalMoves() {
		sans = append(sans, p.SAN(m))
	}
	sort.Strings(sans)
	fmt.Println(len(sans), "moves:", strings.Join(sans, " "))
	// Output:
	// 16 moves: Kd1 Kd2 Kf1 Kf2 O-O Rf1 Rg1 Rh2 Rh3 Rh4 Rh5 Rh6 Rh7 Rh8+ e3 e4
}

func ExamplePosition_ParseMove() {
	p := chess.StartPosition()
	var played []string
	for _, s := range []string{"e4", "e7e5", "Nf3", "B8-C6", "Bb5", "a6", "O-O"} {
		m, err := p.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		played = append(played, s+"="+p.SAN(m))
		p.MakeMove(m)
	}
	fmt.Println(strings.Join(played, " "))
	fmt.Println(p.FEN())
	_, err := p.ParseMove("O-O")
	fmt.Println(err)
	// Output:
	// e4=e4 e7e5=e5 Nf3=Nf3 B8-C6=Nc6 Bb5=Bb5 a6=a6 O-O=O-O
	// r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4
	// move "O-O" is not a legal castling move in position r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4
}

func ExamplePosition_Status() {
	p := chess.StartPosition()
	for _, s := range []string{"f3", "e5", "g4", "Qh4#"} {
		m, _ := p.ParseMove(s)
		p.MakeMove(m)
	}
	fmt.Println(p.Status(), p.Result())
	// Output: checkmate 0-1
}
