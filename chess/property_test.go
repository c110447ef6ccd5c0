package chess

import (
	"math/rand/v2"
	"testing"
)

// randomGames plays n random legal games of up to maxPlies plies from
// each of the given FENs and calls visit before every move.
func randomGames(t *testing.T, fens []string, n, maxPlies int, visit func(p *Position, m Move)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 0; g < n; g++ {
		p := MustParseFEN(fens[g%len(fens)])
		for ply := 0; ply < maxPlies; ply++ {
			var list MoveList
			p.GenerateLegal(&list)
			if list.N == 0 {
				break
			}
			m := list.Moves[rng.IntN(list.N)]
			visit(p, m)
			p.MakeMove(m)
		}
	}
}

var propertyFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
}

func TestMakeUnmakeRestoresPositionAndKeys(t *testing.T) {
	randomGames(t, propertyFENs, 300, 200, func(p *Position, m Move) {
		before := *p
		fen := p.FEN()
		p.MakeMove(m)
		key, pawnKey := p.computeKeys()
		if key != p.key || pawnKey != p.pawnKey {
			t.Fatalf("after %v in %s: incremental keys %x/%x, from scratch %x/%x", m, fen, p.key, p.pawnKey, key, pawnKey)
		}
		if c := p.AttackersTo(p.KingSquare(p.side), p.byType[0]) & p.byColor[p.side^1]; c != p.checkers {
			t.Fatalf("after %v in %s: checkers %x want %x", m, fen, uint64(p.checkers), uint64(c))
		}
		if q, err := ParseFEN(p.FEN()); err != nil {
			t.Fatalf("after %v in %s: FEN %s does not parse: %v", m, fen, p.FEN(), err)
		} else if q.key != p.key {
			t.Fatalf("after %v in %s: key differs from the key of the FEN %s", m, fen, p.FEN())
		}
		p.UnmakeMove()
		if p.FEN() != fen || p.board != before.board || p.byType != before.byType || p.byColor != before.byColor ||
			p.key != before.key || p.pawnKey != before.pawnKey || p.checkers != before.checkers || p.epLegal != before.epLegal {
			t.Fatalf("unmake of %v did not restore %s (got %s)", m, fen, p.FEN())
		}
	})
}

func TestSANWriteThenReadGivesSameMove(t *testing.T) {
	randomGames(t, propertyFENs, 200, 200, func(p *Position, m Move) {
		san := p.SAN(m)
		got, err := p.ParseSAN(san)
		if err != nil || got != m {
			t.Fatalf("%s: %v written %q read back as %v (%v)", p.FEN(), m, san, got, err)
		}
		got, err = p.ParseMove(p.UCI(m))
		if err != nil || got != m {
			t.Fatalf("%s: %v written %q read back as %v (%v)", p.FEN(), m, p.UCI(m), got, err)
		}
	})
}

func TestNoisyAndQuietPartitionLegalMoves(t *testing.T) {
	randomGames(t, propertyFENs, 200, 200, func(p *Position, _ Move) {
		var all, noisy, quiet MoveList
		p.GenerateLegal(&all)
		p.GenerateNoisy(&noisy)
		p.GenerateQuiet(&quiet)
		if noisy.N+quiet.N != all.N {
			t.Fatalf("%s: %d noisy + %d quiet != %d legal", p.FEN(), noisy.N, quiet.N, all.N)
		}
		for _, m := range noisy.Slice() {
			isNoisy := m.Kind() == Promotion || m.Kind() == EnPassant || m.Kind() != Castling && p.board[m.To()] != NoPiece
			if !isNoisy || !all.Contains(m) {
				t.Fatalf("%s: %v in noisy list", p.FEN(), m)
			}
		}
		for _, m := range quiet.Slice() {
			if !all.Contains(m) || noisy.Contains(m) {
				t.Fatalf("%s: %v in quiet list", p.FEN(), m)
			}
		}
	})
}

func TestGivesCheckAgreesWithMakeMove(t *testing.T) {
	randomGames(t, propertyFENs, 200, 200, func(p *Position, _ Move) {
		var all MoveList
		p.GenerateLegal(&all)
		ci := p.NewCheckInfo()
		for _, m := range all.Slice() {
			gives := p.GivesCheck(m)
			if with := p.GivesCheckWith(&ci, m); with != gives {
				t.Fatalf("%s: GivesCheckWith(%v) = %v, GivesCheck = %v", p.FEN(), m, with, gives)
			}
			p.MakeMove(m)
			inCheck := p.InCheck()
			p.UnmakeMove()
			if gives != inCheck {
				t.Fatalf("%s: GivesCheck(%v) = %v, but after the move InCheck = %v", p.FEN(), m, gives, inCheck)
			}
		}
	})
}

func TestCountLegalEqualsGeneratedMoves(t *testing.T) {
	randomGames(t, propertyFENs, 300, 200, func(p *Position, m Move) {
		var list MoveList
		p.GenerateLegal(&list)
		if n := p.countLegal(); n != list.N {
			t.Fatalf("%s: countLegal %d, GenerateLegal %d", p.FEN(), n, list.N)
		}
	})
}
