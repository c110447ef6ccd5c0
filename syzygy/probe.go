package syzygy

import "github.com/ferzchess/ferz/chess"

// probeTable returns the value table k stores for pos: a WDL, or for a DTZ
// table the distance in plies (see dtzValue) for the given WDL of pos.
// King against king is a draw without a table.
func (t *Tables) probeTable(pos *chess.Position, k kind, wdl WDL) (int, status) {
	if pos.Occupied().Count() == 2 {
		return 0, statusOK
	}
	key := positionKey(pos)
	e := t.entries[key]
	if e == nil {
		return 0, statusFail
	}
	tb := e.tables[k]
	if tb == nil || !tb.loaded() {
		return 0, statusFail
	}
	d, file, idx, st := tb.lookup(pos, key)
	if st != statusOK {
		return 0, st
	}
	v, ok := d.value(idx)
	if !ok {
		return 0, statusFail
	}
	if k == wdlKind {
		if v > 4 {
			return 0, statusFail
		}
		return v - 2, statusOK
	}
	return tb.dtzValue(&tb.pairs[0][file], v, wdl)
}

// dtzValue turns a value stored in a DTZ sub-table into plies. Values are
// stored by result (win, loss, cursed win, blessed loss), possibly through
// a map that numbers the distances by frequency, and in moves rather than
// plies unless the sub-table's flag for wins or losses says plies (cursed
// wins and blessed losses are always in moves). A distance n in moves is
// returned as 2n+1 plies, so an even distance of plies comes back one
// ply short: see Tables.ProbeDTZ.
func (tb *table) dtzValue(d *pairs, v int, wdl WDL) (int, status) {
	section := [5]int{1, 3, 0, 2, 0}[wdl+2] // loss, blessed loss, -, cursed win, win
	if d.flags&flagMapped != 0 {
		if v >= d.mapLen[section] {
			return 0, statusFail
		}
		off := d.mapStart[section]
		if d.flags&flagWide != 0 {
			off += 2 * v
			if off+2 > len(tb.data) {
				return 0, statusFail
			}
			v = int(tb.data[off]) | int(tb.data[off+1])<<8
		} else {
			off += v
			if off >= len(tb.data) {
				return 0, statusFail
			}
			v = int(tb.data[off])
		}
	}
	if (wdl == Win && d.flags&flagWinPlies == 0) || (wdl == Loss && d.flags&flagLossPlies == 0) ||
		wdl == CursedWin || wdl == BlessedLoss {
		v *= 2
	}
	return v + 1, statusOK
}

// isCapture reports whether m, legal in pos, captures.
func isCapture(pos *chess.Position, m chess.Move) bool {
	return m.Kind() == chess.EnPassant || (m.Kind() != chess.Castling && pos.PieceAt(m.To()) != chess.NoPiece)
}

// isZeroing reports whether m, legal in pos, resets the 50-move counter.
func isZeroing(pos *chess.Position, m chess.Move) bool {
	return isCapture(pos, m) || pos.PieceAt(m.From()).Type() == chess.Pawn
}

// search returns the WDL of pos. The tables hold positions without en
// passant rights and may hold any value no better than the truth where a
// capture is the best move (it compresses better), so captures are
// searched and their best result taken when it is at least the table's.
// With zeroing, pawn moves are searched too (for DTZ probes). The status
// is statusZeroing when a zeroing move is best and wins, when every legal
// move was searched (the table's value is not needed then, and the DTZ
// table's is not to be trusted), or when there is no legal move.
func (t *Tables) search(pos *chess.Position, zeroing bool) (WDL, status) {
	var list chess.MoveList
	pos.GenerateLegal(&list)
	if list.N == 0 {
		// Mate or stalemate: the rules say, and the game is over (which
		// the DTZ of a mated position, -1, reflects).
		if pos.InCheck() {
			return Loss, statusZeroing
		}
		return Draw, statusZeroing
	}
	best, searched := Loss, 0
	for _, m := range list.Moves[:list.N] {
		if !isCapture(pos, m) && (!zeroing || pos.PieceAt(m.From()).Type() != chess.Pawn) {
			continue
		}
		searched++
		pos.MakeMove(m)
		v, st := t.search(pos, false)
		pos.UnmakeMove()
		if st == statusFail {
			return Draw, statusFail
		}
		if -v > best {
			best = -v
			if best == Win {
				return Win, statusZeroing
			}
		}
	}
	all := searched > 0 && searched == list.N
	var v WDL
	if all {
		v = best
	} else {
		raw, st := t.probeTable(pos, wdlKind, Draw)
		if st != statusOK {
			return Draw, statusFail
		}
		v = WDL(raw)
	}
	if best >= v {
		if best > Draw || all {
			return best, statusZeroing
		}
		return best, statusOK
	}
	return v, statusOK
}

// probeable reports whether pos can be looked up: tables open, no
// castling rights, few enough pieces, pawns where pawns can be.
func (t *Tables) probeable(pos *chess.Position) bool {
	return t != nil && !t.closed.Load() && pos.Castling() == chess.NoCastling &&
		pos.Occupied().Count() <= t.maxPieces &&
		pos.PiecesOfType(chess.Pawn)&(chess.Rank1|chess.Rank8) == 0
}

// ProbeWDL returns the result of pos for the side to move, as if its
// halfmove clock were zero. It fails (ok is false) if pos has castling
// rights or more pieces than the largest table, or if a table it needs is
// missing or broken. En passant captures are taken into account.
//
// ProbeWDL plays moves on pos and takes them back: pos is unchanged when
// it returns, but must not be used by another goroutine meanwhile.
func (t *Tables) ProbeWDL(pos *chess.Position) (wdl WDL, ok bool) {
	if !t.probeable(pos) {
		return Draw, false
	}
	w, st := t.search(pos, false)
	if st == statusFail {
		return Draw, false
	}
	return w, true
}

// ProbeDTZ returns the distance to zeroing of pos in plies, as if its
// halfmove clock were zero: the number of plies to the next capture or
// pawn move (or mate) on the way to the best result under the 50-move
// rule, with the sign of the result for the side to move (DTZ50 with
// Syzygy's offset of 100 for wins that the rule spoils):
//
//	0              draw
//	1 to 100       win: the winner can force a zeroing move or mate in n plies
//	101 and more   cursed win: in n plies, or in n-100 if the 50-move rule
//	               spoils the win only after a later zeroing move
//	-1 to -100     loss: the winner zeroes or mates in -n plies (-1: mated,
//	               or every move zeroes and loses)
//	-101 and less  blessed loss, as for a cursed win
//
// A zeroing move that keeps the result counts 1 (101 for a cursed win,
// -1 and -101 for the loser), and any other move one more than the DTZ
// after it. Tables that store distances in moves rather than plies (most
// do) give 2m+1 plies for m moves, so an even distance comes back one ply
// short: n can mean n+1 plies. A win with n plus the halfmove clock at
// most 99 is therefore certain; RankRootMoves keeps that margin. The
// sign and the band always agree with ProbeWDL. ProbeDTZ fails as
// ProbeWDL does, and also if a DTZ table it needs is missing or broken.
//
// ProbeDTZ plays moves on pos and takes them back, as ProbeWDL does.
func (t *Tables) ProbeDTZ(pos *chess.Position) (dtz int, ok bool) {
	if !t.probeable(pos) {
		return 0, false
	}
	_, d, st := t.probeDTZ(pos, 0)
	if st == statusFail {
		return 0, false
	}
	return d, true
}

// dtzOfZeroing is the DTZ of a position whose best move zeroes with the
// given result.
func dtzOfZeroing(w WDL) int {
	return [5]int{-1, -101, 0, 101, 1}[w+2]
}

// maxSideChanges bounds how many times probeDTZ may search one ply for the
// side a DTZ table does not hold. Sound tables need one; a corrupt flag
// could otherwise recurse without end.
const maxSideChanges = 2

// probeDTZ returns the WDL and DTZ of pos. depth counts the one-ply
// searches made for the side to move a table does not hold.
func (t *Tables) probeDTZ(pos *chess.Position, depth int) (WDL, int, status) {
	w, st := t.search(pos, true)
	if st == statusFail {
		return Draw, 0, statusFail
	}
	if w == Draw {
		return Draw, 0, statusOK
	}
	if st == statusZeroing {
		return w, dtzOfZeroing(w), statusOK
	}
	v, st := t.probeTable(pos, dtzKind, w)
	switch st {
	case statusFail:
		return Draw, 0, statusFail
	case statusOK:
		if w == CursedWin || w == BlessedLoss {
			v += 100
		}
		return w, v * sign(int(w)), statusOK
	}
	if depth >= maxSideChanges {
		return Draw, 0, statusFail
	}

	// The table holds the other side to move: search one ply. A winner
	// takes the shortest way to its result, a loser the longest.
	var list chess.MoveList
	pos.GenerateLegal(&list)
	best, found := 0, false
	for _, m := range list.Moves[:list.N] {
		zeroing := isZeroing(pos, m)
		pos.MakeMove(m)
		var d int
		var st status
		switch {
		case zeroing:
			var cw WDL
			cw, st = t.search(pos, false)
			d = -dtzOfZeroing(cw)
		default:
			_, d, st = t.probeDTZ(pos, depth+1)
			d = childDTZ(pos, d)
		}
		pos.UnmakeMove()
		if st == statusFail {
			return Draw, 0, statusFail
		}
		if sign(d) == sign(int(w)) && (!found || d < best) {
			best, found = d, true
		}
	}
	if !found {
		return Draw, 0, statusFail // no move keeps the result: inconsistent tables
	}
	return w, best, statusOK
}

// childDTZ turns the DTZ d of pos, reached by a move that does not zero,
// into the DTZ of the position before the move: one ply more, with the
// other sign, except that a mate counts as 1, like a zeroing move.
func childDTZ(pos *chess.Position, d int) int {
	if d == -1 && isMate(pos) {
		return 1
	}
	return -d - sign(d)
}

// isMate reports whether the side to move in pos is checkmated.
func isMate(pos *chess.Position) bool {
	if !pos.InCheck() {
		return false
	}
	var list chess.MoveList
	pos.GenerateLegal(&list)
	return list.N == 0
}
