package syzygy

import (
	"math/rand/v2"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// consistencyStats counts what TestProbesAgreeWithChildren saw.
type consistencyStats struct {
	positions, enPassant, moves int
	exactDTZ, roundedDTZ        int
	byResult                    [5]int
}

// TestProbesAgreeWithChildren checks random positions of every table, both
// sides to move, with and without pawns, some with an en passant capture,
// against the probes of the positions after each legal move:
//
//   - the WDL is the best of the moves' results, a move's result being the
//     negated WDL after it (mate and stalemate by the rules), except that
//     a move that does not zero and leaves the opponent a loss in more
//     than 99 plies only gives a cursed win (and the other way round a
//     blessed loss);
//   - the DTZ has the WDL's sign and band (1 to 100 for a win, above 100
//     for a cursed win, the same negated for losses), -1 when mated;
//   - the DTZ agrees with the best move that keeps the result: a zeroing
//     move counts 1 (101 for a cursed win), as does a mate, any other
//     move one ply more than the DTZ after it, the winner taking the
//     smallest, the loser the largest. The tables at hand store distances
//     in moves, which rounds an even number of plies: when that best
//     value E is even the DTZ is E-1 or E+1, when it is odd it is E.
func TestProbesAgreeWithChildren(t *testing.T) {
	tb := openTestTables(t)
	n, ep := 12000, 600
	if testing.Short() {
		n, ep = 3000, 150
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ms := materials(tb)
	ps := testPositions(rng, ms, n)
	for i := 0; i < ep; i++ {
		for _, m := range ms {
			if m.pawns[1] > 0 {
				ps = append(ps, enPassantPosition(rng, m))
			}
		}
	}
	var st consistencyStats
	for _, p := range ps {
		checkAgainstChildren(t, tb, p, &st)
		if t.Failed() && st.positions > 20 {
			break
		}
	}
	t.Logf("%d positions (%d with en passant), %d moves; DTZ exact %d, rounded %d; losses %d, blessed %d, draws %d, cursed %d, wins %d",
		st.positions, st.enPassant, st.moves, st.exactDTZ, st.roundedDTZ,
		st.byResult[0], st.byResult[1], st.byResult[2], st.byResult[3], st.byResult[4])
	if st.positions < 10000 && !testing.Short() {
		t.Errorf("only %d positions checked", st.positions)
	}
	if errs := tb.Errors(); len(errs) > 0 {
		t.Errorf("errors while probing: %v", errs)
	}
}

func checkAgainstChildren(t *testing.T, tb *Tables, p *chess.Position, st *consistencyStats) {
	t.Helper()
	fen := p.FEN()
	w, ok := tb.ProbeWDL(p)
	if !ok {
		t.Errorf("%s: ProbeWDL failed", fen)
		return
	}
	d, ok := tb.ProbeDTZ(p)
	if !ok {
		t.Errorf("%s: ProbeDTZ failed", fen)
		return
	}
	if p.FEN() != fen {
		t.Fatalf("probing changed the position %s into %s", fen, p.FEN())
	}
	st.positions++
	st.byResult[w+2]++

	var list chess.MoveList
	p.GenerateLegal(&list)
	best, bestDTZ, any := Loss, 0, false
	for _, m := range list.Moves[:list.N] {
		if m.Kind() == chess.EnPassant {
			st.enPassant++
		}
		zeroing := isZeroing(p, m)
		p.MakeMove(m)
		cw, ok := tb.ProbeWDL(p)
		mate := p.Status() == chess.Checkmate
		var cd int
		if ok && !zeroing && !mate {
			cd, ok = tb.ProbeDTZ(p)
		}
		p.UnmakeMove()
		if !ok {
			t.Errorf("%s: probing after %s failed", fen, p.UCI(m))
			return
		}
		st.moves++
		v, dtz := -cw, dtzOfZeroing(-cw)
		if !zeroing && !mate {
			dtz = -cd - sign(cd)
			switch {
			case v == Win && dtz > 100:
				v = CursedWin
			case v == Loss && dtz < -100:
				v = BlessedLoss
			}
		}
		// Keep the best result, and for it the shortest win or longest loss.
		if !any || v > best || (v == best && dtz < bestDTZ) {
			best, bestDTZ, any = v, dtz, true
		}
	}
	if list.N == 0 {
		best, bestDTZ = Draw, 0
		if p.InCheck() {
			best, bestDTZ = Loss, -1
		}
	}
	if w != best {
		t.Errorf("%s: WDL %v, best move gives %v", fen, w, best)
		return
	}
	if !dtzInBand(w, d) {
		t.Errorf("%s: DTZ %d does not fit WDL %v", fen, d, w)
		return
	}
	if w == Draw {
		return
	}
	if d == bestDTZ {
		st.exactDTZ++
		return
	}
	e := bestDTZ * sign(bestDTZ)
	if e%2 == 0 && (d*sign(d) == e-1 || d*sign(d) == e+1) {
		st.roundedDTZ++
		return
	}
	t.Errorf("%s: DTZ %d, best move gives %d", fen, d, bestDTZ)
}

// dtzInBand reports whether a DTZ fits a WDL: its sign, and 1-100 for a
// win or loss, above 100 for a cursed win or blessed loss.
func dtzInBand(w WDL, d int) bool {
	a := d * sign(d)
	switch w {
	case Win, Loss:
		return sign(d) == sign(int(w)) && a >= 1 && a <= 100
	case CursedWin, BlessedLoss:
		return sign(d) == sign(int(w)) && a > 100
	}
	return d == 0
}
