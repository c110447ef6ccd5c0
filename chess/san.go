package chess

import (
	"fmt"
	"strings"
)

// SAN returns m in Standard Algebraic Notation ("Nf3", "exd5", "O-O",
// "e8=Q+", "Qh4#"), with the least disambiguation needed. m must be legal.
func (p *Position) SAN(m Move) string {
	var list MoveList
	p.GenerateLegal(&list)
	return p.san(m, &list)
}

func (p *Position) san(m Move, legal *MoveList) string {
	var sb strings.Builder
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	switch {
	case m.Kind() == Castling:
		if to > from {
			sb.WriteString("O-O")
		} else {
			sb.WriteString("O-O-O")
		}
	case pt == Pawn:
		if m.Kind() == EnPassant || p.board[to] != NoPiece {
			sb.WriteByte('a' + byte(from.File()))
			sb.WriteByte('x')
		}
		sb.WriteString(to.String())
		if m.Kind() == Promotion {
			sb.WriteByte('=')
			sb.WriteString(m.Promo().String())
		}
	default:
		sb.WriteString(pt.String())
		// Disambiguate by file if that suffices, else by rank, else both.
		var others, sameFile, sameRank bool
		for _, o := range legal.Slice() {
			if o == m || o.To() != to || o.Kind() == Castling || p.board[o.From()].Type() != pt {
				continue
			}
			others = true
			sameFile = sameFile || o.From().File() == from.File()
			sameRank = sameRank || o.From().Rank() == from.Rank()
		}
		if others {
			if !sameFile {
				sb.WriteByte('a' + byte(from.File()))
			} else if !sameRank {
				sb.WriteByte('1' + byte(from.Rank()))
			} else {
				sb.WriteString(from.String())
			}
		}
		if p.board[to] != NoPiece {
			sb.WriteByte('x')
		}
		sb.WriteString(to.String())
	}
	p.MakeMove(m)
	if p.checkers != 0 {
		var replies MoveList
		p.GenerateLegal(&replies)
		if replies.N == 0 {
			sb.WriteByte('#')
		} else {
			sb.WriteByte('+')
		}
	}
	p.UnmakeMove()
	return sb.String()
}

// ParseSAN reads a move in Standard Algebraic Notation. It accepts "0-0"
// for "O-O", "Q" or "=Q" for promotions, an optional "P" for pawns and
// "e.p." after en passant captures, and ignores check marks and
// annotations such as "!?". An illegal or ambiguous move gives an error
// naming the move and the position.
func (p *Position) ParseSAN(s string) (Move, error) {
	text := strings.TrimSpace(s)
	t := strings.TrimSuffix(strings.TrimSpace(strings.TrimRight(text, "+#!?")), "e.p.")
	t = strings.TrimRight(t, "+#!? ")
	var list MoveList
	p.GenerateLegal(&list)

	switch t {
	case "O-O", "0-0", "o-o", "O-O-O", "0-0-0", "o-o-o":
		kingside := len(t) == 3
		for _, m := range list.Slice() {
			if m.Kind() == Castling && (m.To() > m.From()) == kingside {
				return m, nil
			}
		}
		return NullMove, p.moveError(text, "is not a legal castling move")
	}

	pt := Pawn
	if len(t) > 0 && strings.IndexByte("NBRQK", t[0]) >= 0 {
		pt = PieceType(strings.IndexByte("PNBRQK", t[0]) + 1)
		t = t[1:]
	} else if len(t) > 0 && t[0] == 'P' {
		t = t[1:]
	}
	promo := NoPieceType
	if n := len(t); n >= 2 && strings.IndexByte("NBRQnbrq", t[n-1]) >= 0 && (t[n-2] == '=' || t[n-2] >= '1' && t[n-2] <= '8') {
		promo = PieceType(strings.IndexByte("PNBRQK", t[n-1]&^0x20) + 1)
		t = strings.TrimSuffix(t[:n-1], "=")
	}
	if len(t) < 2 {
		return NullMove, p.moveError(text, "is not a move in SAN")
	}
	to, err := ParseSquare(t[len(t)-2:])
	if err != nil || t[len(t)-2] < 'a' {
		return NullMove, p.moveError(text, "is not a move in SAN")
	}
	// What remains is a capture mark and the disambiguation (a file, a
	// rank or a square), in either order.
	fromFile, fromRank := -1, -1
	for _, ch := range []byte(t[:len(t)-2]) {
		switch {
		case ch >= 'a' && ch <= 'h':
			fromFile = int(ch - 'a')
		case ch >= '1' && ch <= '8':
			fromRank = int(ch - '1')
		case ch == 'x' || ch == ':' || ch == '-':
		default:
			return NullMove, p.moveError(text, "is not a move in SAN")
		}
	}
	if pt == Pawn && fromFile < 0 {
		fromFile = to.File() // "e4" is a push from the e-file, never a capture
	}

	found := NullMove
	var candidates []string
	for _, m := range list.Slice() {
		from := m.From()
		if m.Kind() == Castling || m.To() != to || p.board[from].Type() != pt || m.Promo() != promo ||
			fromFile >= 0 && from.File() != fromFile || fromRank >= 0 && from.Rank() != fromRank {
			continue
		}
		found = m
		candidates = append(candidates, m.String())
	}
	switch len(candidates) {
	case 0:
		if pt == Pawn && promo == NoPieceType && to.RelativeRank(p.side) == 7 {
			return NullMove, p.moveError(text, "needs a promotion piece (=Q, =R, =B or =N)")
		}
		return NullMove, p.moveError(text, "is not a legal move")
	case 1:
		return found, nil
	default:
		return NullMove, p.moveError(text, fmt.Sprintf("is ambiguous (%s)", strings.Join(candidates, ", ")))
	}
}
