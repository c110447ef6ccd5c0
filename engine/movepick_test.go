package engine

import (
	"slices"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

func TestDropQuietsKeepsCapturesAndChecksInOrder(t *testing.T) {
	// White has captures (exf5, Qxf5), quiet checks (Qh5+, Bf7+) and
	// plenty of other quiet moves.
	p, err := chess.ParseFEN("r1bqkbnr/pppp2pp/2n5/4pp2/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 4")
	if err != nil {
		t.Fatal(err)
	}
	var st moveStack
	p.GenerateLegal(&st.gen)
	ms := st.push()
	for i := range ms.scores {
		ms.scores[i] = int32(i % 7) // ties, so that the order is the list's
	}
	for range 3 {
		if _, _, ok := ms.pick(); !ok {
			t.Fatal("too few moves")
		}
	}
	handedOut := slices.Clone(ms.moves[:ms.next])
	rest := slices.Clone(ms.moves[ms.next:])
	restScores := slices.Clone(ms.scores[ms.next:])
	checks := p.NewCheckInfo()

	ms.dropQuiets(p, &checks, &st)
	dropped := int(ms.nDropped)

	var wantKept []chess.Move
	var wantScores, wantDropped []int32
	quietChecks := 0
	for i, m := range rest {
		if !isNoisy(p, m) && p.GivesCheck(m) {
			quietChecks++
		}
		if isNoisy(p, m) || p.GivesCheck(m) {
			wantKept = append(wantKept, m)
			wantScores = append(wantScores, restScores[i])
		} else {
			wantDropped = append(wantDropped, restScores[i])
		}
	}
	if quietChecks == 0 || len(wantKept) == quietChecks || len(wantKept) == len(rest) {
		t.Fatalf("the position should leave quiet checks, captures and other quiet moves: %d quiet checks, %d of %d kept", quietChecks, len(wantKept), len(rest))
	}
	if dropped != len(rest)-len(wantKept) {
		t.Errorf("dropped %d moves, want %d", dropped, len(rest)-len(wantKept))
	}
	if got := ms.moves[ms.next:]; !slices.Equal(got, wantKept) {
		t.Errorf("kept %v, want %v in this order", got, wantKept)
	}
	if got := ms.scores[ms.next:]; !slices.Equal(got, wantScores) {
		t.Errorf("kept scores %v, want %v", got, wantScores)
	}
	if !slices.Equal(ms.moves[:ms.next], handedOut) {
		t.Error("the moves already handed out changed")
	}
	if len(ms.scores) != len(ms.moves) {
		t.Errorf("%d scores for %d moves", len(ms.scores), len(ms.moves))
	}
	if got := ms.droppedScores(&st); !slices.Equal(got, wantDropped) {
		t.Errorf("dropped scores %v, want %v", got, wantDropped)
	}
	// The dropped moves count where they would have come: those scored
	// over 5 before a move scored 5, the rest before the bad captures.
	above5 := 0
	for _, v := range wantDropped {
		if v > 5 {
			above5++
		}
	}
	if n := ms.droppedAhead(5, &st); n != above5 {
		t.Errorf("%d dropped moves ahead of a score of 5, want %d", n, above5)
	}
	if n := ms.droppedAhead(5, &st); n != 0 {
		t.Errorf("%d dropped moves counted twice", n)
	}
	if n := ms.droppedAhead(orderBadCapture, &st); n != len(wantDropped)-above5 {
		t.Errorf("%d dropped moves ahead of a bad capture, want %d", n, len(wantDropped)-above5)
	}
}

func TestUnpickRestoresTheList(t *testing.T) {
	moves := []chess.Move{1, 2, 3, 4, 5}
	scores := []int32{3, 1, 9, 9, 4}
	ms := moveSelector{moves: slices.Clone(moves), scores: slices.Clone(scores)}
	if m, v, _ := ms.pick(); m != 3 || v != 9 {
		t.Fatalf("first pick %v (%d), want move 3 (9): the first of equal scores", m, v)
	}
	ms.pick()
	ms.unpick()
	ms.unpick()
	if ms.next != 0 || !slices.Equal(ms.moves, moves) || !slices.Equal(ms.scores, scores) {
		t.Errorf("after two picks and two unpicks: next %d, moves %v, scores %v", ms.next, ms.moves, ms.scores)
	}
}

func TestQuietMovesAreScoredWhenTheirTurnComes(t *testing.T) {
	s := NewSearcher(NewTT(1))
	s.pos = chess.MustParseFEN("r1bqkbnr/pppp2pp/2n5/4pp2/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 4")
	hash, err := s.pos.ParseUCI("f3h5")
	if err != nil {
		t.Fatal(err)
	}
	killer, err := s.pos.ParseUCI("g1e2")
	if err != nil {
		t.Fatal(err)
	}
	s.killers[0][0] = killer
	s.pos.GenerateLegal(&s.moves.gen)
	ms := s.moves.push()
	s.scoreMoves(&ms, hash)
	quiets := 0
	for i, m := range ms.moves {
		switch noisy := isNoisy(s.pos, m); {
		case m == hash:
			if ms.scores[i] != orderHash {
				t.Errorf("hash move scored %d", ms.scores[i])
			}
		case noisy && ms.scores[i] == unscoredQuiet, !noisy && ms.scores[i] != unscoredQuiet:
			t.Errorf("%v scored %d before the quiet moves' turn", m, ms.scores[i])
		case !noisy:
			quiets++
		}
	}
	if quiets == 0 {
		t.Fatal("no quiet moves besides the hash move")
	}
	ms.pick() // the hash move
	s.scoreQuiets(&ms, 0)
	for i, m := range ms.moves {
		if ms.scores[i] == unscoredQuiet {
			t.Errorf("%v still unscored", m)
		}
		if m == killer && ms.scores[i] != orderKiller1 {
			t.Errorf("killer scored %d, want %d", ms.scores[i], orderKiller1)
		}
	}
	if ms.moves[0] != hash || ms.scores[0] != orderHash {
		t.Error("the hash move, already handed out, was scored again")
	}
}
