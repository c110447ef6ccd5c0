package chess

import (
	"fmt"
	"strings"
)

// Chess960FEN returns the FEN of Chess960 start position n in the
// Scharnagl numbering (0 to 959, taken modulo 960; 518 is the standard
// position); castling rights are written KQkq (X-FEN), as GUIs send them
// to engines in Chess960 mode.
func Chess960FEN(n int) string {
	var rank [8]byte
	empty := func(k int) int { // the file of the k-th empty square
		for f := range 8 {
			if rank[f] == 0 {
				if k == 0 {
					return f
				}
				k--
			}
		}
		return -1
	}
	n = ((n % 960) + 960) % 960
	rank[2*(n%4)+1] = 'b' // light-squared bishop: b, d, f or h file
	n /= 4
	rank[2*(n%4)] = 'b' // dark-squared bishop: a, c, e or g file
	n /= 4
	rank[empty(n%6)] = 'q'
	n /= 6
	// The knights on two of the five empty squares, in the order of the
	// numbering: 0 = squares 0 and 1, 1 = 0 and 2, ... 9 = 3 and 4.
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	a, c := empty(knights[0]), empty(knights[1])
	rank[a], rank[c] = 'n', 'n'
	rank[empty(0)] = 'r'
	rank[empty(0)] = 'k'
	rank[empty(0)] = 'r'
	black := string(rank[:])
	return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + strings.ToUpper(black) + " w KQkq - 0 1"
}

// Chess960Position returns Chess960 start position n (0 to 959) as a
// Chess960 position: castling is written as the king taking its own rook
// (e1h1), and its FEN reads back as Chess960 (for the standard array,
// number 518, with the rooks' files as castling rights, HAha).
func Chess960Position(n int) (*Position, error) {
	if n < 0 || n >= 960 {
		return nil, fmt.Errorf("chess960: position %d is not 0 to 959", n)
	}
	p, err := ParseFEN(Chess960FEN(n))
	if err != nil {
		return nil, err
	}
	p.SetChess960(true)
	return p, nil
}
