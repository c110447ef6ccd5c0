package engine

import "github.com/ferzchess/ferz/chess"

// Move ordering scores: the hash move first, then winning and equal
// captures and promotions (most valuable victim, least valuable
// attacker), killers, the counter-move, quiet moves by history, and
// losing captures last.
const (
	orderHash       = 1 << 30
	orderGoodNoisy  = 1 << 28
	orderKiller1    = 1<<27 + 2
	orderKiller2    = 1<<27 + 1
	orderCounter    = 1 << 27
	orderBadCapture = -(1 << 28)
)

// moveSelector hands out the moves of a list best first (selection sort:
// most nodes cut off after a move or two, so sorting all would be waste).
// The moves and their ordering scores live on the thread's moveStack.
type moveSelector struct {
	moves  []chess.Move
	scores []int32 // as long as moves
	next   int32
	last   int32 // where the last pick found its move, from next-1
	// The scores of the moves dropQuiets removed are on the move stack,
	// nDropped of them from place droppedAt; counted is how many of them
	// droppedAhead has added to the node's move count. Places, not a
	// slice, and 32-bit counts keep the selector small: it is in the
	// frame of every ply, and every thread's stack pays for it.
	droppedAt, nDropped, counted int32
}

// pick hands out the best of the moves not handed out yet, with its
// score, or reports that none is left.
//
// Not inlined, like push and scoreNoisy: the profile-guided inliner takes
// such calls into negamax or the quiescence search when an edit moves them
// onto a line it has seen hot, and their temporaries then grow the frame
// that every ply of every thread's stack pays for (engine/frames_test.go).
//
//go:noinline
func (ms *moveSelector) pick() (chess.Move, int32, bool) {
	i := int(ms.next)
	if i >= len(ms.moves) {
		return chess.NullMove, 0, false
	}
	// The first best score in list order, as a stable sort would give.
	rest := ms.scores[i:]
	moves := ms.moves[i:]
	moves = moves[:len(rest)]
	best, bestScore := 0, rest[0]
	for j, v := range rest {
		if v > bestScore {
			best, bestScore = j, v
		}
	}
	moves[0], moves[best] = moves[best], moves[0]
	rest[0], rest[best] = rest[best], rest[0]
	ms.next++
	ms.last = int32(best)
	return moves[0], bestScore, true
}

// unpick undoes the last pick, leaving the list as it was before it.
func (ms *moveSelector) unpick() {
	ms.next--
	i, j := int(ms.next), int(ms.next+ms.last)
	ms.moves[i], ms.moves[j] = ms.moves[j], ms.moves[i]
	ms.scores[i], ms.scores[j] = ms.scores[j], ms.scores[i]
}

// dropQuiets removes from the moves not yet handed out the quiet ones
// that do not give check, keeping the others in their order. Once late
// move or futility pruning skips such a move it skips all later ones too,
// and handing them out one by one, each after a scan of the rest of the
// list, would be wasted work. Their scores go to scratch space on st,
// released with the node's list, for droppedAhead.
func (ms *moveSelector) dropQuiets(p *chess.Position, ci *chess.CheckInfo, st *moveStack) {
	dropped := st.scratch(len(ms.moves) - int(ms.next))
	ms.droppedAt = int32(st.top - len(dropped))
	k, d := int(ms.next), 0
	for j := k; j < len(ms.moves); j++ {
		if m := ms.moves[j]; isNoisy(p, m) || p.GivesCheckWith(ci, m) {
			ms.moves[k], ms.scores[k] = m, ms.scores[j]
			k++
		} else {
			dropped[d] = ms.scores[j]
			d++
		}
	}
	ms.moves, ms.scores = ms.moves[:k], ms.scores[:k]
	ms.nDropped = int32(d)
}

// droppedScores returns the scores of the moves dropQuiets removed, on st.
func (ms *moveSelector) droppedScores(st *moveStack) []int32 {
	return st.scoresAt(int(ms.droppedAt), int(ms.nDropped))
}

// droppedAhead returns how many dropped moves, not counted before, would
// have come before a move of the given ordering score: the node counts
// them as if it had handed them out, so that a later move's count (which
// sets its reduction) is what it was before they were dropped. A move
// that ties with dropped ones counts as coming before them: it is a check
// or a capture, which the selection would otherwise have put among them
// at the whim of the list's order.
func (ms *moveSelector) droppedAhead(order int32, st *moveStack) int {
	if ms.nDropped == ms.counted {
		return 0
	}
	n := int32(0)
	for _, v := range ms.droppedScores(st) {
		if v > order {
			n++
		}
	}
	n -= ms.counted
	ms.counted += n
	return int(n)
}

// isNoisy reports whether m captures or promotes.
func isNoisy(p *chess.Position, m chess.Move) bool {
	return m.Kind() == chess.Promotion || m.Kind() == chess.EnPassant ||
		m.Kind() != chess.Castling && p.PieceAt(m.To()) != chess.NoPiece
}

// mvvLva orders captures: most valuable victim, then least valuable attacker.
func mvvLva(p *chess.Position, m chess.Move) int32 {
	victim := p.PieceAt(m.To()).Type()
	if m.Kind() == chess.EnPassant {
		victim = chess.Pawn
	}
	v := int32(SimpleValue[victim])*8 - int32(p.PieceAt(m.From()).Type())
	if m.Kind() == chess.Promotion {
		v += int32(SimpleValue[m.Promo()]) * 8
	}
	return v
}

// scoreMoves fills in the ordering scores of the hash move, captures and
// promotions for the main search; the quiet moves get unscoredQuiet, to
// be scored by scoreQuiets once the moves before them are searched: most
// nodes that cut off do so before, and those that do not then order their
// quiet moves with what the searches so far taught the histories.
func (s *Searcher) scoreMoves(ms *moveSelector, hashMove chess.Move) {
	p := s.pos
	for i, m := range ms.moves {
		var v int32
		switch {
		case m == hashMove:
			v = orderHash
		case isNoisy(p, m):
			if m.Kind() == chess.Promotion && m.Promo() != chess.Queen {
				v = orderBadCapture + mvvLva(p, m)
			} else if SEE(p, m, 0) {
				v = orderGoodNoisy + mvvLva(p, m)
			} else {
				v = orderBadCapture + mvvLva(p, m)
			}
		default:
			v = unscoredQuiet
		}
		ms.scores[i] = v
	}
}

// unscoredQuiet marks a quiet move not yet scored: below the good
// captures, above the bad ones, and no score scoreQuiets gives.
const unscoredQuiet = orderGoodNoisy - 1

// scoreQuiets scores the quiet moves not yet handed out: killers, the
// counter-move, then by history (recordThreats gives the threats they
// are ordered by).
func (s *Searcher) scoreQuiets(ms *moveSelector, ply int) {
	p := s.pos
	us := p.SideToMove()
	k1, k2 := s.killers[ply][0], s.killers[ply][1]
	counter := s.counterMove()
	prev1, prev2 := s.continuations(ply)
	th := s.recordThreats(ply)
	for i := int(ms.next); i < len(ms.moves); i++ {
		if ms.scores[i] != unscoredQuiet {
			continue
		}
		var v int32
		switch m := ms.moves[i]; m {
		case k1:
			v = orderKiller1
		case k2:
			v = orderKiller2
		case counter:
			v = orderCounter
		default:
			v = s.history.entry(us, th.all, m).Load() + s.contScore(prev1, prev2, pieceSquare(p.PieceAt(m.From()), m.To())) +
				th.escapeBonus(p, m) + s.lowPly.score(ply, m)
		}
		ms.scores[i] = v
	}
}

// recordThreats computes the opponent's threats in the position at ply
// and records the squares it attacks, by which the butterfly history of
// that ply is read and updated.
func (s *Searcher) recordThreats(ply int) threats {
	var th threats
	th.compute(s.pos)
	s.attacked[ply] = th.all
	return th
}

// scoreNoisy fills in the ordering scores for quiescence search.
//
// Not inlined, as pick.
//
//go:noinline
func scoreNoisy(p *chess.Position, ms *moveSelector) {
	for i, m := range ms.moves {
		ms.scores[i] = mvvLva(p, m)
	}
}

// counterMove returns the quiet move that last refuted the opponent's
// previous move, or NullMove.
func (s *Searcher) counterMove() chess.Move {
	last := s.pos.LastMove()
	if last == chess.NullMove {
		return chess.NullMove
	}
	return s.counters[s.pos.PieceAt(last.To())][last.To()]
}

// threats are the squares the opponent attacks with pawns, with pawns or
// minor pieces, and with anything up to a rook: a piece standing there
// is threatened by a cheaper piece; all are the squares it attacks with
// any piece.
type threats struct {
	byPawn, byMinor, byRook, all chess.Bitboard
}

func (t *threats) compute(p *chess.Position) {
	them := p.SideToMove().Other()
	occ := p.Occupied()
	t.byPawn = chess.PawnAttacksSet(them, p.Pieces(them, chess.Pawn))
	t.byMinor = t.byPawn
	for b := p.Pieces(them, chess.Knight); b != 0; {
		t.byMinor |= chess.KnightAttacks(b.PopFirst())
	}
	for b := p.Pieces(them, chess.Bishop); b != 0; {
		t.byMinor |= chess.BishopAttacks(b.PopFirst(), occ)
	}
	t.byRook = t.byMinor
	for b := p.Pieces(them, chess.Rook); b != 0; {
		t.byRook |= chess.RookAttacks(b.PopFirst(), occ)
	}
	t.all = t.byRook
	for b := p.Pieces(them, chess.Queen); b != 0; {
		t.all |= chess.QueenAttacks(b.PopFirst(), occ)
	}
	for b := p.Pieces(them, chess.King); b != 0; {
		t.all |= chess.KingAttacks(b.PopFirst())
	}
}

// escapeBonus orders first the quiet moves that take a piece out of an
// attack by a cheaper piece to a square where it is not so attacked: at
// low depths late move pruning would otherwise cut them.
func (t *threats) escapeBonus(p *chess.Position, m chess.Move) int32 {
	var danger chess.Bitboard
	var bonus int32
	switch p.PieceAt(m.From()).Type() {
	case chess.Queen:
		danger, bonus = t.byRook, 3*historyMax
	case chess.Rook:
		danger, bonus = t.byMinor, 2*historyMax
	case chess.Knight, chess.Bishop:
		danger, bonus = t.byPawn, historyMax
	default:
		return 0
	}
	if danger.Has(m.From()) && !danger.Has(m.To()) {
		return bonus
	}
	return 0
}
