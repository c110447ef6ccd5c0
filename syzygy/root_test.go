package syzygy

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// bestRank returns the moves of the best rank (moves are sorted best
// first).
func bestRank(moves []RootMove) []RootMove {
	n := 1
	for n < len(moves) && moves[n].Rank == moves[0].Rank {
		n++
	}
	return moves[:n]
}

// positionsWith returns n random positions of the named material, White
// named first, with the given side to move, whose WDL is want.
func positionsWith(t *testing.T, tb *Tables, rng *rand.Rand, name string, stm chess.Color, want WDL, n int) []*chess.Position {
	t.Helper()
	m, err := parseMaterial(name)
	if err != nil {
		t.Fatal(err)
	}
	var ps []*chess.Position
	for tries := 0; len(ps) < n && tries < 100*n; tries++ {
		p := randomPosition(rng, m, false, stm)
		if w, ok := tb.ProbeWDL(p); ok && w == want && len(p.LegalMoves()) > 0 {
			ps = append(ps, p)
		}
	}
	if len(ps) < n {
		t.Fatalf("found only %d %s positions with %v", len(ps), name, want)
	}
	return ps
}

func TestRankRootMovesKeepsOnlyWinningMovesOnTop(t *testing.T) {
	tb := openTestTables(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, name := range []string{"KQvK", "KRvK", "KQvKR", "KPvK"} {
		for _, p := range positionsWith(t, tb, rng, name, chess.White, Win, 20) {
			moves, ok := tb.RankRootMoves(p, true)
			if !ok {
				t.Fatalf("%s: RankRootMoves failed", p.FEN())
			}
			if len(moves) != len(p.LegalMoves()) {
				t.Errorf("%s: %d moves ranked, %d legal", p.FEN(), len(moves), len(p.LegalMoves()))
			}
			for _, rm := range bestRank(moves) {
				if rm.WDL != Win || rm.DTZ <= 0 {
					t.Errorf("%s: best-rank move %s is rated %v, DTZ %d", p.FEN(), p.UCI(rm.Move), rm.WDL, rm.DTZ)
				}
			}
			if d, _ := tb.ProbeDTZ(p); moves[0].DTZ != d {
				t.Errorf("%s: best move %s has DTZ %d, the position %d", p.FEN(), p.UCI(moves[0].Move), moves[0].DTZ, d)
			}
		}
	}
}

// playOut plays best-rank moves for both sides (chosen at random among
// equals) until the game ends or limit plies, calling check before each
// move. It returns the final position's status.
func playOut(t *testing.T, tb *Tables, rng *rand.Rand, p *chess.Position, limit int, check func(p *chess.Position, best []RootMove)) chess.Status {
	t.Helper()
	for ply := 0; ply < limit; ply++ {
		if s := p.Status(); s.IsOver() {
			return s
		}
		moves, ok := tb.RankRootMoves(p, true)
		if !ok {
			t.Fatalf("%s: RankRootMoves failed", p.FEN())
		}
		best := bestRank(moves)
		check(p, best)
		p.MakeMove(best[rng.IntN(len(best))].Move)
	}
	return p.Status()
}

func TestBestRankMovesMateWithinTheFiftyMoveRule(t *testing.T) {
	tb := openTestTables(t)
	rng := rand.New(rand.NewPCG(7, 8))
	n := 12
	if testing.Short() {
		n = 4
	}
	for _, name := range []string{"KQvK", "KRvK", "KBNvK", "KPvK", "KQvKR", "KRPvK"} {
		for i, start := range positionsWith(t, tb, rng, name, chess.White, Win, n) {
			p := start
			if d, _ := tb.ProbeDTZ(start); i%2 == 1 {
				// Start with the clock as high as the win allows.
				f := strings.Fields(start.FEN())
				f[4] = strconv.Itoa(99 - d)
				p = chess.MustParseFEN(strings.Join(f, " "))
			}
			fen := p.FEN()
			status := playOut(t, tb, rng, p, 400, func(p *chess.Position, best []RootMove) {
				if p.HalfmoveClock() >= 100 {
					t.Fatalf("%s: the 50-move rule can be claimed in %s", fen, p.FEN())
				}
				if p.SideToMove() == chess.White && best[0].WDL != Win {
					t.Fatalf("%s: the win is lost in %s (%v)", fen, p.FEN(), best[0].WDL)
				}
			})
			if status != chess.Checkmate || p.SideToMove() != chess.Black {
				t.Errorf("%s: ended in %v after %d plies at %s", fen, status, len(p.Moves()), p.FEN())
			}
		}
	}
}

func TestBestRankMovesNeverLoseADraw(t *testing.T) {
	tb := openTestTables(t)
	rng := rand.New(rand.NewPCG(9, 10))
	n := 12
	if testing.Short() {
		n = 4
	}
	for _, name := range []string{"KPvKP", "KRvKR", "KQvKQ", "KRvKB"} {
		for _, stm := range []chess.Color{chess.White, chess.Black} {
			for _, start := range positionsWith(t, tb, rng, name, stm, Draw, n) {
				fen := start.FEN()
				playOut(t, tb, rng, start.Copy(), 80, func(p *chess.Position, best []RootMove) {
					for _, rm := range best {
						if rm.WDL != Draw {
							t.Fatalf("%s: best-rank move %s in %s is rated %v", fen, p.UCI(rm.Move), p.FEN(), rm.WDL)
						}
					}
					if w, ok := tb.ProbeWDL(p); !ok || w != Draw {
						t.Fatalf("%s: reached %s, %v", fen, p.FEN(), w)
					}
				})
			}
		}
	}
}

func TestRankRootMovesCountsTheHalfmoveClock(t *testing.T) {
	tb := openTestTables(t)
	// White mates in 9 moves at best (DTZ 17).
	const fen = "8/8/8/4k3/8/8/8/1K5Q w - - %d 60"
	for _, tc := range []struct {
		clock  int
		rule50 bool
		want   WDL
	}{
		{0, true, Win},
		{82, true, Win}, // 17 + 82 = 99: a ply to spare
		{83, true, CursedWin},
		{95, true, CursedWin},
		{95, false, Win},
	} {
		p := chess.MustParseFEN(fmt.Sprintf(fen, tc.clock))
		moves, ok := tb.RankRootMoves(p, tc.rule50)
		if !ok {
			t.Fatal("RankRootMoves failed")
		}
		if moves[0].DTZ != 17 || moves[0].WDL != tc.want {
			t.Errorf("clock %d, rule50 %v: best move %s has %v, DTZ %d; want %v, DTZ 17",
				tc.clock, tc.rule50, p.UCI(moves[0].Move), moves[0].WDL, moves[0].DTZ, tc.want)
		}
	}
}

func TestRankRootMovesMateIsBest(t *testing.T) {
	tb := openTestTables(t)
	p := chess.MustParseFEN("k7/8/1K6/8/8/8/7Q/8 w - - 99 80")
	moves, ok := tb.RankRootMoves(p, true)
	if !ok {
		t.Fatal("RankRootMoves failed")
	}
	for _, rm := range bestRank(moves) {
		p.MakeMove(rm.Move)
		mate := p.Status() == chess.Checkmate
		p.UnmakeMove()
		if !mate || rm.WDL != Win || rm.DTZ != 1 {
			t.Errorf("best-rank move %s: mate %v, %v, DTZ %d", p.UCI(rm.Move), mate, rm.WDL, rm.DTZ)
		}
	}
}

func TestRankRootMovesFailsOutsideTheTables(t *testing.T) {
	tb := openTestTables(t)
	for _, fen := range []string{
		chess.StartFEN,
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1",   // castling rights
		"4k3/8/8/8/8/8/PP6/4K2R w - - 0 1", // five pieces
	} {
		if _, ok := tb.RankRootMoves(chess.MustParseFEN(fen), true); ok {
			t.Errorf("%s: RankRootMoves succeeded", fen)
		}
		if _, ok := tb.ProbeWDL(chess.MustParseFEN(fen)); ok {
			t.Errorf("%s: ProbeWDL succeeded", fen)
		}
		if _, ok := tb.ProbeDTZ(chess.MustParseFEN(fen)); ok {
			t.Errorf("%s: ProbeDTZ succeeded", fen)
		}
	}
}

func TestRankRootMovesWithoutDTZRanksByWDL(t *testing.T) {
	dir := t.TempDir()
	copyTable(t, dir, "KQvK.rtbw", "KQvK.rtbw", unchanged)
	tb, errs := Open(dir)
	wantErrors(t, "Open", errs)
	p := chess.MustParseFEN("8/8/8/8/8/2k5/8/1K5Q b - - 0 1") // no capture
	if _, ok := tb.ProbeDTZ(p); ok {
		t.Fatal("ProbeDTZ succeeded without DTZ tables")
	}
	moves, ok := tb.RankRootMoves(p, true)
	if !ok {
		t.Fatal("RankRootMoves failed")
	}
	for _, rm := range moves {
		if rm.DTZ != 0 || rm.WDL != Loss || rm.Rank != moves[0].Rank {
			t.Errorf("%s: %v, DTZ %d, rank %d", p.UCI(rm.Move), rm.WDL, rm.DTZ, rm.Rank)
		}
	}
	// With a queen to take, taking it (a draw) ranks first.
	p = chess.MustParseFEN("8/8/8/8/8/8/2k5/1Q2K3 b - - 0 1")
	moves, ok = tb.RankRootMoves(p, true)
	if !ok || p.UCI(moves[0].Move) != "c2b1" || moves[0].WDL != Draw || moves[1].WDL != Loss {
		t.Errorf("best move %s %v, then %v; want c2b1, a draw, then losses", p.UCI(moves[0].Move), moves[0].WDL, moves[1].WDL)
	}
}
