package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a position in Forsyth-Edwards Notation. The castling
// field may be standard (KQkq), X-FEN (KQkq, or the rook's file where the
// outermost rook is not meant) or Shredder-FEN (the rooks' files, as
// HAha). The move counters may be left out (they default to 0 and 1).
// Positions that cannot arise in a game are refused with an error that
// says why.
func ParseFEN(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, fmt.Errorf("fen: want 4 to 6 fields, have %d in %q", len(fields), fen)
	}
	p := &Position{ep: NoSquare, fullmove: 1, history: make([]undo, 0, 64)}
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fmt.Errorf("fen: side to move %q is neither w nor b", fields[1])
	}
	if err := p.validateMaterial(); err != nil {
		return nil, err
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return nil, err
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return nil, err
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 10000 {
			return nil, fmt.Errorf("fen: halfmove clock %q is not a number from 0 to 10000", fields[4])
		}
		p.rule50 = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > 100000 {
			return nil, fmt.Errorf("fen: move number %q is not a number from 1 to 100000", fields[5])
		}
		p.fullmove = max(n, 1)
	}
	us, them := p.side, p.side.Other()
	if p.IsAttacked(p.KingSquare(them), us) {
		return nil, errors.New("fen: the side not to move is in check")
	}
	p.checkers = p.AttackersTo(p.KingSquare(us), p.byType[0]) & p.byColor[them]
	if p.checkers.Count() > 2 {
		return nil, fmt.Errorf("fen: %s is in check from %d pieces at once", us, p.checkers.Count())
	}
	if p.ep != NoSquare {
		p.epLegal = p.hasLegalEnPassant()
	}
	p.key, p.pawnKey = p.computeKeys()
	return p, nil
}

// MustParseFEN is ParseFEN for FENs known to be valid (tests, constants);
// it panics on error.
func MustParseFEN(fen string) *Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

func (p *Position) parseBoard(field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("fen: board has %d ranks, want 8", len(ranks))
	}
	for i, text := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(text); j++ {
			ch := text[j]
			switch {
			case ch >= '1' && ch <= '9': // 9 is never right, but then the error counts squares
				file += int(ch - '0')
			default:
				pc, ok := pieceFromLetter(ch)
				if !ok {
					return fmt.Errorf("fen: unexpected character %q on rank %d", ch, rank+1)
				}
				if file < 8 {
					p.put(pc, NewSquare(file, rank))
				}
				file++
			}
		}
		if file != 8 {
			return fmt.Errorf("fen: rank %d has %d squares", rank+1, file)
		}
	}
	return nil
}

// validateMaterial refuses boards that no game can reach.
func (p *Position) validateMaterial() error {
	for _, c := range []Color{White, Black} {
		switch n := p.Pieces(c, King).Count(); {
		case n == 0:
			return fmt.Errorf("fen: no %s king", c)
		case n > 1:
			return fmt.Errorf("fen: %s %s kings", countWord(n), c)
		}
		if n := p.byColor[c].Count(); n > 16 {
			return fmt.Errorf("fen: %s has %d pieces, more than 16", c, n)
		}
		pawns := p.Pieces(c, Pawn).Count()
		if pawns > 8 {
			return fmt.Errorf("fen: %s has %d pawns, more than 8", c, pawns)
		}
		// Every piece beyond the initial set must be a promoted pawn.
		extra := max(0, p.Pieces(c, Queen).Count()-1) + max(0, p.Pieces(c, Rook).Count()-2) +
			max(0, p.Pieces(c, Bishop).Count()-2) + max(0, p.Pieces(c, Knight).Count()-2)
		if pawns+extra > 8 {
			return fmt.Errorf("fen: %s has %d pawns and %d promoted pieces, more than 8 together", c, pawns, extra)
		}
	}
	if b := p.byType[Pawn] & (Rank1 | Rank8); b != 0 {
		return fmt.Errorf("fen: pawn on %v", b.First())
	}
	return nil
}

func countWord(n int) string {
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	if n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

func (p *Position) parseCastling(field string) error {
	p.kingStart = [2]Square{p.KingSquare(White), p.KingSquare(Black)}
	if field == "-" {
		return nil
	}
	if len(field) > 4 {
		return fmt.Errorf("fen: castling field %q has more than four rights", field)
	}
	files := 0
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c := White
		if ch >= 'a' {
			c = Black
		}
		upper := ch &^ 0x20
		ksq := p.KingSquare(c)
		backRank := Rank1
		if c == Black {
			backRank = Rank8
		}
		if !backRank.Has(ksq) {
			return fmt.Errorf("fen: castling right %q but the %s king is not on its first rank", ch, c)
		}
		rooks := p.Pieces(c, Rook) & backRank
		var rsq Square
		switch {
		case upper == 'K':
			b := rooks & ^(ksq.Bitboard()<<1 - 1) // files beyond the king towards h
			if b == 0 {
				return fmt.Errorf("fen: castling right %q but no %s rook on the king's h-side", ch, c)
			}
			rsq = b.Last()
		case upper == 'Q':
			b := rooks & (ksq.Bitboard() - 1)
			if b == 0 {
				return fmt.Errorf("fen: castling right %q but no %s rook on the king's a-side", ch, c)
			}
			rsq = b.First()
		case upper >= 'A' && upper <= 'H':
			rsq = NewSquare(int(upper-'A'), ksq.Rank())
			if !rooks.Has(rsq) {
				return fmt.Errorf("fen: castling right %q but no %s rook on %v", ch, c, rsq)
			}
			files++
		default:
			return fmt.Errorf("fen: unexpected character %q in castling field %q", ch, field)
		}
		idx := castlingIndex(c, rsq > ksq)
		if p.castling&(1<<idx) != 0 {
			return fmt.Errorf("fen: castling field %q gives one right twice", field)
		}
		p.addCastlingRight(c, rsq)
	}
	p.shredder = files == len(field)
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) == 0 {
			continue
		}
		c := Color(i / 2)
		if p.kingStart[c].File() != 4 || (p.castleRook[i].File() != 0 && p.castleRook[i].File() != 7) {
			p.chess960 = true
		}
	}
	if p.shredder {
		p.chess960 = true
	}
	return nil
}

// addCastlingRight records that c may castle with the rook on rsq, and
// the squares that castling needs empty and safe.
func (p *Position) addCastlingRight(c Color, rsq Square) {
	ksq := p.KingSquare(c)
	idx := castlingIndex(c, rsq > ksq)
	kTo, rTo := castlingKingTarget(ksq, rsq), castlingRookTarget(ksq, rsq)
	p.castling |= 1 << idx
	p.castleRook[idx] = rsq
	p.castlePath[idx] = (betweenBB[ksq][kTo] | kTo.Bitboard() | betweenBB[rsq][rTo] | rTo.Bitboard()) &^ (ksq.Bitboard() | rsq.Bitboard())
	p.castleKing[idx] = betweenBB[ksq][kTo] | kTo.Bitboard()
	p.castleMask[ksq] |= CastlingRights(1<<castlingIndex(c, true) | 1<<castlingIndex(c, false))
	p.castleMask[rsq] |= 1 << idx
}

func (p *Position) parseEnPassant(field string) error {
	if field == "-" {
		return nil
	}
	s, err := ParseSquare(field)
	if err != nil || field[0] < 'a' {
		return fmt.Errorf("fen: en passant square %q is not a square", field)
	}
	us, them := p.side, p.side.Other()
	if s.RelativeRank(us) != 5 {
		return fmt.Errorf("fen: en passant square %v is not on the %s's sixth rank", s, us)
	}
	pawnSq := s ^ 8 // the square in front of it, towards the side to move
	if p.board[pawnSq] != NewPiece(them, Pawn) {
		return fmt.Errorf("fen: en passant square %v but no %s pawn on %v", s, them, pawnSq)
	}
	if p.board[s] != NoPiece || p.board[s^24] != NoPiece {
		return fmt.Errorf("fen: en passant square %v but %v or %v is not empty", s, s, s^24)
	}
	p.ep = s
	return nil
}

// FEN returns the position in Forsyth-Edwards Notation. Castling rights
// are written as KQkq where that is unambiguous, as the rook's file
// otherwise (X-FEN), or as files throughout if the position was read from
// a Shredder-FEN.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.WriteString(PlacementFEN(&p.board))
	if p.side == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	sb.WriteString(p.castlingString())
	sb.WriteByte(' ')
	sb.WriteString(p.ep.String())
	fmt.Fprintf(&sb, " %d %d", p.rule50, p.fullmove)
	return sb.String()
}

// PlacementFEN returns the first field of a FEN, the piece placement, for
// a board indexed by square (a1 = 0, h8 = 63).
func PlacementFEN(board *[64]Piece) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.String())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// castlingString writes the castling rights as X-FEN: K and Q for the
// outermost rooks, files otherwise. All are files (Shredder-FEN) when the
// position was read so, or when it is a Chess960 position whose rights
// would otherwise read back as standard chess (king on the e-file, rooks
// in the corners): castling is then still written as the king onto the
// rook.
func (p *Position) castlingString() string {
	if p.castling == 0 {
		return "-"
	}
	files := p.shredder
	if p.chess960 && !files {
		files = true
		for i := 0; i < 4; i++ {
			if p.castling&(1<<i) != 0 && (p.kingStart[i/2].File() != 4 || p.castleRook[i].File() != 0 && p.castleRook[i].File() != 7) {
				files = false // the rights show the Chess960 start by themselves
			}
		}
	}
	var sb strings.Builder
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) == 0 {
			continue
		}
		c, kingside := Color(i/2), i%2 == 0
		rsq := p.castleRook[i]
		rooks := p.Pieces(c, Rook) & rankBB(rsq.Rank())
		ksq := p.KingSquare(c)
		var outermost bool
		if kingside {
			outermost = (rooks & ^(ksq.Bitboard()<<1 - 1)).Last() == rsq
		} else {
			outermost = (rooks & (ksq.Bitboard() - 1)).First() == rsq
		}
		var ch byte
		switch {
		case files || !outermost:
			ch = 'A' + byte(rsq.File())
		case kingside:
			ch = 'K'
		default:
			ch = 'Q'
		}
		if c == Black {
			ch |= 0x20
		}
		sb.WriteByte(ch)
	}
	return sb.String()
}

// String returns the FEN of the position.
func (p *Position) String() string { return p.FEN() }
