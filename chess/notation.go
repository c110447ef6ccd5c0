package chess

import (
	"fmt"
	"strings"
)

// UCI returns m in the coordinate notation of the UCI protocol: "e2e4",
// "e7e8q", and castling as the king's two-square move ("e1g1"), or as the
// king taking its own rook ("e1h1") when the position is in Chess960 mode.
func (p *Position) UCI(m Move) string {
	if m.Kind() == Castling && p.chess960 {
		return m.From().String() + m.To().String()
	}
	return m.String()
}

// ParseUCI reads a move in UCI coordinate notation and checks that it is
// legal. Castling is accepted both as the king's two-square move (in
// Chess960 only where no ordinary king move reads the same) and as the
// king taking its own rook.
func (p *Position) ParseUCI(s string) (Move, error) {
	if len(s) < 4 || len(s) > 5 {
		return NullMove, p.moveError(s, "is not a move in coordinates like e2e4 or e7e8q")
	}
	from, err1 := ParseSquare(s[:2])
	to, err2 := ParseSquare(s[2:4])
	if err1 != nil || err2 != nil {
		return NullMove, p.moveError(s, "is not a move in coordinates like e2e4 or e7e8q")
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] | 0x20 {
		case 'q':
			promo = Queen
		case 'r':
			promo = Rook
		case 'b':
			promo = Bishop
		case 'n':
			promo = Knight
		default:
			return NullMove, p.moveError(s, "has a promotion piece that is not q, r, b or n")
		}
	}
	return p.matchCoordinates(s, from, to, promo)
}

func (p *Position) matchCoordinates(text string, from, to Square, promo PieceType) (Move, error) {
	var list MoveList
	p.GenerateLegal(&list)
	castle := NullMove
	for _, m := range list.Slice() {
		if m.From() != from {
			continue
		}
		if m.Kind() == Castling {
			if m.To() == to || castlingKingTarget(from, m.To()) == to {
				castle = m
			}
			continue
		}
		if m.To() != to {
			continue
		}
		if m.Promo() == promo {
			return m, nil
		}
		if promo == NoPieceType {
			return NullMove, p.moveError(text, "needs a promotion piece (q, r, b or n)")
		}
	}
	if castle != NullMove && promo == NoPieceType {
		return castle, nil
	}
	return NullMove, p.moveError(text, "is not a legal move")
}

// ParseMove reads a move in any notation a person or program uses:
// UCI coordinates ("e2e4", "e7e8q"), the human forms "E2-E4", "e2 e4",
// "e2xd3" and "e7-e8=Q", or SAN ("e4", "Nf3", "exd5", "O-O", "e8=Q+").
// An illegal or ambiguous move gives an error naming the move and the
// position.
func (p *Position) ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	if from, to, promo, ok := coordinateForm(t); ok {
		return p.matchCoordinates(t, from, to, promo)
	}
	return p.ParseSAN(t)
}

// coordinateForm recognises a move written as two squares, optionally
// separated by '-', 'x', ':' or a space, with an optional promotion piece
// ("=Q", "Q" or "q").
func coordinateForm(s string) (from, to Square, promo PieceType, ok bool) {
	if len(s) < 4 {
		return
	}
	var err error
	if from, err = ParseSquare(s[:2]); err != nil {
		return
	}
	rest := s[2:]
	if rest[0] == '-' || rest[0] == 'x' || rest[0] == 'X' || rest[0] == ':' || rest[0] == ' ' {
		rest = rest[1:]
	}
	if len(rest) < 2 {
		return
	}
	if to, err = ParseSquare(rest[:2]); err != nil {
		return
	}
	rest = strings.TrimRight(rest[2:], "+#!? ")
	rest = strings.TrimPrefix(rest, "=")
	switch strings.ToLower(rest) {
	case "":
	case "q":
		promo = Queen
	case "r":
		promo = Rook
	case "b":
		promo = Bishop
	case "n":
		promo = Knight
	default:
		return
	}
	return from, to, promo, true
}

// moveError builds the error for a move that cannot be played here.
func (p *Position) moveError(move, why string) error {
	return fmt.Errorf("move %q %s in position %s", move, why, p.FEN())
}
