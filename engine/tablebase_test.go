package engine

import (
	"os"
	"testing"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/syzygy"
)

const syzygyDir = "../../shared/data/syzygy"

// openTablebases opens the 3- and 4-piece test tables, or skips.
func openTablebases(t *testing.T) *Tablebases {
	t.Helper()
	if _, err := os.Stat(syzygyDir); err != nil {
		t.Skip("no Syzygy tables at", syzygyDir)
	}
	tables, errs := syzygy.Open(syzygyDir)
	if len(errs) > 0 || tables.Count() == 0 {
		t.Fatalf("opening %s: %d tables, errors %v", syzygyDir, tables.Count(), errs)
	}
	t.Cleanup(func() { tables.Close() })
	return &Tablebases{Tables: tables, ProbeDepth: 1, ProbeLimit: 7, Rule50: true}
}

// With the tables, a shallow search converts won endgames: it mates
// before the 50-move rule, however weak the search alone would be.
func TestTablebaseConvertsWins(t *testing.T) {
	tb := openTablebases(t)
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/4K2R w - - 0 1",    // KRvK
		"8/8/2k5/8/8/8/8/KBN5 w - - 0 1",    // KBNvK: 33 moves deep
		"3k4/8/3K4/3P4/8/8/8/8 w - - 0 1",   // KPvK
		"8/8/8/8/8/3k4/q7/3K4 b - - 0 1",    // KQvK, Black to win
		"4k3/8/8/8/8/8/2n5/RK6 w - - 0 1",   // KRvKN
		"8/1k6/8/8/8/8/1K6/2QR4 w - - 80 1", // KQRvK with the clock far gone
	} {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if w, ok := tb.Tables.ProbeWDL(p); !ok || w != syzygy.Win {
			t.Fatalf("%s: the tables say %v, %v; want a win", fen, w, ok)
		}
		winner := p.SideToMove()
		s := NewSearcher(NewTT(4))
		s.Tablebases = tb
		for ply := 0; ply < 200 && !p.Status().IsOver(); ply++ {
			res := s.Search(p, Limits{Depth: 2})
			if res.Move == chess.NullMove {
				t.Fatalf("%s: no move at ply %d in %s", fen, ply, p.FEN())
			}
			if p.SideToMove() == winner && !IsTBScore(res.Score) && !IsMateScore(res.Score) {
				t.Errorf("%s: score %d at ply %d (%s) is not a tablebase win", fen, res.Score, ply, p.FEN())
			}
			p.MakeMove(res.Move)
		}
		if st := p.Status(); st != chess.Checkmate {
			t.Errorf("%s: the game ended %v after %d plies, not by mate (%s)", fen, st, p.Ply(), p.FEN())
		}
	}
}

// The search never leaves a drawn or won root for a worse result, and
// probes inside the search are counted.
func TestTablebaseRootKeepsResult(t *testing.T) {
	tb := openTablebases(t)
	for _, fen := range []string{
		"8/8/8/8/8/5k2/4p3/2K5 w - - 0 1",  // KvKP: only Kd2 draws
		"8/8/8/3k4/8/8/2PK4/8 w - - 0 1",   // KPvK won
		"8/6k1/8/8/3K4/8/2BB4/8 w - - 0 1", // KBBvK
		"1k6/8/8/8/8/8/4Rp2/5K2 w - - 0 1", // KRvKP: Kxf2 and Rxf2 both fine
		"8/8/4k3/8/3PP3/8/8/4K3 b - - 0 1", // 4 pieces, a loss for Black
	} {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		ranked, ok := tb.Tables.RankRootMoves(p, true)
		if !ok {
			t.Fatalf("%s: not in the tables", fen)
		}
		s := NewSearcher(NewTT(4))
		s.Tablebases = tb
		res := s.Search(p, Limits{Depth: 6})
		var found *syzygy.RootMove
		for i := range ranked {
			if ranked[i].Move == res.Move {
				found = &ranked[i]
			}
		}
		if found == nil || found.Rank != ranked[0].Rank {
			t.Errorf("%s: played %s, not a move of the best rank %+v", fen, p.UCI(res.Move), ranked[0])
		}
	}
	// A pawn ending of 5 pieces whose captures lead into the tables.
	p, _ := chess.ParseFEN("8/8/3k4/3p4/2PP4/3K4/8/8 b - - 0 1")
	s := NewSearcher(NewTT(4))
	s.Tablebases = tb
	var hits uint64
	s.OnInfo = func(info Info) { hits = info.TBHits }
	s.Search(p, Limits{Depth: 10})
	if hits == 0 {
		t.Error("a 5-piece pawn ending searched to depth 10 made no tablebase hit")
	}
}

// Several threads probe the tables at once (run with -race).
func TestTablebaseWithThreads(t *testing.T) {
	tb := openTablebases(t)
	p := chess.MustParseFEN("8/8/3k4/3p4/2PP4/3K4/8/8 b - - 0 1")
	s := NewSearcher(NewTT(4))
	s.SetThreads(3)
	s.Tablebases = tb
	var hits uint64
	s.OnInfo = func(info Info) { hits = info.TBHits }
	res := s.Search(p, Limits{Depth: 9})
	if res.Move == chess.NullMove || hits == 0 {
		t.Errorf("3 threads: move %v, %d tablebase hits", res.Move, hits)
	}
}

// BenchmarkSearchTablebases compares the node rate of searches far from
// the tables (the first 8 bench positions with 16 pieces or more, depth
// 10) with and without tables: the tables must not slow such searches
// down by more than 10%.
func BenchmarkSearchTablebases(b *testing.B) {
	if _, err := os.Stat(syzygyDir); err != nil {
		b.Skip("no Syzygy tables at", syzygyDir)
	}
	tables, _ := syzygy.Open(syzygyDir)
	defer tables.Close()
	var far []string
	for _, fen := range BenchPositions {
		if p := chess.MustParseFEN(fen); p.Occupied().Count() >= 16 && len(far) < 8 {
			far = append(far, fen)
		}
	}
	for _, withTB := range []bool{false, true} {
		name := "without"
		if withTB {
			name = "with"
		}
		b.Run(name, func(b *testing.B) {
			s := NewSearcher(NewTT(16))
			if withTB {
				s.Tablebases = &Tablebases{Tables: tables, ProbeDepth: 1, ProbeLimit: 7, Rule50: true}
			}
			var nodes uint64
			for b.Loop() {
				for _, fen := range far {
					s.TT.Clear()
					s.Clear()
					nodes += s.Search(chess.MustParseFEN(fen), Limits{Depth: 10}).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
