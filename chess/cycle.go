package chess

// Upcoming repetitions: whether the side to move has a reversible move
// that brings back a position of the last plies (Marcel van Kervinck's
// method). Each reversible move of a knight, bishop, rook, queen or king
// between two squares changes the key by the XOR of the piece's numbers
// on the two squares and the side's number; those changes are kept in a
// cuckoo hash table, so that the key difference between the position
// and an earlier one with the other side to move names, in one or two
// probes, the move that would join them when there is one.

// cuckooSize is the number of slots of the table: a power of two, a
// little over twice the 3,668 moves it holds.
const cuckooSize = 8192

var (
	cuckooKeys  [cuckooSize]uint64
	cuckooMoves [cuckooSize]Move
)

// cuckooSlot1 and cuckooSlot2 are the two slots a key may occupy.
func cuckooSlot1(k uint64) int { return int(k & (cuckooSize - 1)) }
func cuckooSlot2(k uint64) int { return int(k >> 16 & (cuckooSize - 1)) }

// buildCuckoo fills the table; the Zobrist numbers must be set. It
// returns the number of moves stored.
func buildCuckoo() int {
	n := 0
	for _, c := range []Color{White, Black} {
		for _, t := range []PieceType{Knight, Bishop, Rook, Queen, King} {
			pc := NewPiece(c, t)
			for s1 := Square(0); s1 < 64; s1++ {
				for s2 := s1 + 1; s2 < 64; s2++ {
					if !emptyBoardAttacks(t, s1).Has(s2) {
						continue
					}
					key := zobristPiece[pc][s1] ^ zobristPiece[pc][s2] ^ zobristSide
					move := NewMove(s1, s2)
					// Cuckoo insertion: the newcomer takes its first slot and
					// whatever stood there moves to its other slot, and so on.
					i := cuckooSlot1(key)
					for range cuckooSize {
						cuckooKeys[i], key = key, cuckooKeys[i]
						cuckooMoves[i], move = move, cuckooMoves[i]
						if key == 0 {
							break
						}
						if i == cuckooSlot1(key) {
							i = cuckooSlot2(key)
						} else {
							i = cuckooSlot1(key)
						}
					}
					if key != 0 {
						panic("chess: the cuckoo table of reversible moves is full")
					}
					n++
				}
			}
		}
	}
	return n
}

// emptyBoardAttacks returns the squares a piece of type t on s attacks on
// an empty board, computed without the attack tables, whose start-up
// may come after the Zobrist numbers'.
func emptyBoardAttacks(t PieceType, s Square) Bitboard {
	switch t {
	case Knight:
		return leaperAttacks(s, knightSteps)
	case King:
		return leaperAttacks(s, kingSteps)
	case Bishop, Rook:
		return slidingAttacks(t, s, 0)
	case Queen:
		return slidingAttacks(Bishop, s, 0) | slidingAttacks(Rook, s, 0)
	}
	return 0
}

// CanRepeat reports whether the side to move has a reversible move of a
// piece (no pawn move, capture or castling) that brings back a position
// of the game's last HalfmoveClock plies, with nothing in the way of the
// move: a position that IsRepetition would call repeated after that
// move. Null moves end the look back, as a position before one was not
// reached by moves. The move's legality is not checked (a pinned piece
// or a king stepping into check is counted).
//
// Not inlined: a search calls it at every node, and inlined its
// temporaries would grow the search's frame on every ply of the stack.
//
//go:noinline
func (p *Position) CanRepeat() bool {
	n := len(p.history)
	end := min(p.rule50, n)
	if end < 3 {
		return false
	}
	for d := 1; d <= end; d++ {
		u := &p.history[n-d]
		if u.move == NullMove {
			return false
		}
		if d < 3 || d%2 == 0 {
			continue
		}
		diff := p.key ^ u.key
		i := cuckooSlot1(diff)
		if cuckooKeys[i] != diff {
			if i = cuckooSlot2(diff); cuckooKeys[i] != diff {
				continue
			}
		}
		m := cuckooMoves[i]
		s1, s2 := m.From(), m.To()
		if betweenBB[s1][s2]&p.byType[0] != 0 {
			continue
		}
		// The piece stands on one end of the move: it must be ours.
		from := s1
		if p.board[s1] == NoPiece {
			from = s2
		}
		if p.board[from].Color() == p.side {
			return true
		}
	}
	return false
}
