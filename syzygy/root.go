package syzygy

import (
	"sort"

	"github.com/ferzchess/ferz/chess"
)

// RootMove is a legal move with what the tables say about it.
type RootMove struct {
	// Move is the move.
	Move chess.Move
	// WDL is the result the move leads to for the side that plays it.
	// Without the 50-move rule it is the tables' result as if the
	// halfmove clock were zero before the move. With it, the position's
	// halfmove clock counts: a win that cannot reach its zeroing move
	// before the clock reaches 100 is a CursedWin, and a loss that the
	// clock saves a BlessedLoss. A move that lets the opponent claim a
	// draw (threefold repetition, or 50 moves with the rule) is a Draw.
	WDL WDL
	// DTZ is the distance to zeroing counted from before the move, the
	// move included, in ProbeDTZ's convention: 1 for a zeroing move or a
	// mate that wins, 101 for a zeroing move into a cursed win, -1 for a
	// losing zeroing move, 0 for a draw. It is 0 for every move when a
	// DTZ table is missing (the moves are then ranked by WDL alone).
	DTZ int
	// Rank orders the moves, higher is better: wins before cursed wins
	// before draws before blessed losses before losses (without the
	// 50-move rule cursed wins count as wins and blessed losses as
	// losses), and among wins the shortest DTZ, among losses the longest.
	// Moves of equal rank are equally good.
	Rank int
}

// rankStep separates the classes of rank; DTZ values stay far below it.
const rankStep = 1 << 20

// RankRootMoves returns every legal move of pos with its result, distance
// to zeroing and rank, best first (moves of equal rank in the order of
// move generation). Playing a move of the best rank keeps the best result
// and makes progress: the winner's distance to zeroing shrinks each move,
// so with rule50 a won position is converted before the 50-move rule can
// be claimed. The halfmove clock of pos is taken into account: a move
// wins when its DTZ plus the clock is at most 100 for a zeroing move or a
// mate, at most 99 otherwise (the tables may give the DTZ one ply short),
// and a loss is saved by the rule when its DTZ plus the clock is above
// 100.
//
// It fails (ok is false) as ProbeWDL does. If a DTZ table is missing or
// broken, the moves are ranked by their WDL alone, with DTZ 0.
//
// RankRootMoves plays moves on pos and takes them back, as ProbeWDL does.
func (t *Tables) RankRootMoves(pos *chess.Position, rule50 bool) ([]RootMove, bool) {
	if !t.probeable(pos) {
		return nil, false
	}
	moves, ok := t.rateMoves(pos, true, rule50)
	if !ok {
		moves, ok = t.rateMoves(pos, false, rule50)
	}
	if !ok {
		return nil, false
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Rank > moves[j].Rank })
	return moves, true
}

// rateMoves rates and ranks every legal move of pos, with the DTZ tables
// or by WDL alone.
func (t *Tables) rateMoves(pos *chess.Position, withDTZ, rule50 bool) ([]RootMove, bool) {
	var list chess.MoveList
	pos.GenerateLegal(&list)
	moves := make([]RootMove, list.N)
	clock := pos.HalfmoveClock()
	for i, m := range list.Moves[:list.N] {
		rm := &moves[i]
		rm.Move = m
		zeroing := isZeroing(pos, m)
		pos.MakeMove(m)
		mate := isMate(pos)
		w, d, st := t.rateMove(pos, zeroing, mate, withDTZ)
		if st != statusFail && !zeroing && !mate &&
			(pos.CanClaimThreefold() || (rule50 && pos.HalfmoveClock() >= 100)) {
			w, d = Draw, 0 // the opponent claims a draw at once
		}
		pos.UnmakeMove()
		if st == statusFail {
			return nil, false
		}
		rm.DTZ = d
		if withDTZ {
			rm.WDL, rm.Rank = rankByDTZ(w, d, clock, zeroing || mate, rule50)
		} else {
			rm.WDL, rm.Rank = rankByWDL(w, rule50)
		}
	}
	return moves, true
}

// rateMove returns the result and DTZ, from the mover's side and counted
// from before the move, of the move just played on pos. Without DTZ it
// returns the WDL and a DTZ of 0.
func (t *Tables) rateMove(pos *chess.Position, zeroing, mate, withDTZ bool) (WDL, int, status) {
	if mate {
		return Win, boolBit(withDTZ, 1), statusOK
	}
	if zeroing || !withDTZ {
		cw, st := t.search(pos, false)
		if !withDTZ {
			return -cw, 0, st
		}
		return -cw, dtzOfZeroing(-cw), st
	}
	cw, cd, st := t.probeDTZ(pos, 0)
	w, d := -cw, -cd-sign(cd)
	// One ply more can push a win past the 50-move limit.
	switch {
	case w == Win && d > 100:
		w = CursedWin
	case w == Loss && d < -100:
		w = BlessedLoss
	}
	return w, d, st
}

// rankByDTZ returns the WDL, adjusted for the halfmove clock under the
// 50-move rule, and the rank of a move with DTZ d. An exact DTZ (a
// zeroing move or a mate) wins if the clock is at most 99 before it; a
// DTZ from a table may be one ply short, so it needs a ply to spare.
func rankByDTZ(w WDL, d, clock int, exact, rule50 bool) (WDL, int) {
	limit := 99
	if exact {
		limit = 100
	}
	switch {
	case d > 0 && rule50 && (w == CursedWin || d+clock > limit):
		return CursedWin, rankStep - d
	case d > 0:
		return w, 2*rankStep - d
	case d < 0 && rule50 && (w == BlessedLoss || -d+clock > 100):
		return BlessedLoss, -rankStep - d
	case d < 0:
		return w, -2*rankStep - d
	}
	return Draw, 0
}

// rankByWDL returns the WDL and rank of a move known by its WDL alone.
func rankByWDL(w WDL, rule50 bool) (WDL, int) {
	if !rule50 {
		return w, sign(int(w)) * 2 * rankStep
	}
	return w, int(w) * rankStep
}
