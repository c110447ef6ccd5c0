package main

import (
	"os"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func TestPerftCommandCounts(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string // lines that must appear in stdout
	}{
		{"start position depth 3", []string{"perft", "-depth", "3"}, []string{"nodes 8902\n"}},
		{"depth 0 counts the position itself", []string{"perft", "-depth", "0"}, []string{"nodes 1\n"}},
		{"start position depth 1 with threads", []string{"perft", "-depth", "1", "-threads", "4"}, []string{"nodes 20\n"}},
		{"kiwipete depth 2 with threads", []string{"perft", "-depth", "2", "-threads", "3", "-fen", kiwipete}, []string{"nodes 2039\n"}},
		{"divide lists root moves", []string{"perft", "-depth", "3", "-divide"}, []string{"e2e4: 600\n", "g1f3: 440\n", "a2a3: 380\n", "nodes 8902\n"}},
		{"divide shows standard castling", []string{"perft", "-depth", "1", "-divide", "-fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}, []string{"e1g1: 1\n", "e1c1: 1\n", "nodes 26\n"}},
		{"divide in chess960 shows king takes rook", []string{"perft", "-depth", "1", "-divide", "-chess960", "-fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}, []string{"e1h1: 1\n", "e1a1: 1\n", "nodes 26\n"}},
		{"speed is reported", []string{"perft", "-depth", "2"}, []string{"time ", "Mnps "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runFerz(tt.args...)
			if code != 0 {
				t.Fatalf("exit status %d, stderr %q", code, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output does not contain %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestPerftCommandRefusesBadInput(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"bad FEN", []string{"perft", "-depth", "2", "-fen", "rnbqkbnr/pppppppp/8/8 w"}, "bad -fen"},
		{"FEN with two white kings", []string{"perft", "-fen", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1"}, "bad -fen"},
		{"depth too large", []string{"perft", "-depth", "16"}, "-depth 16 is out of range"},
		{"negative depth", []string{"perft", "-depth", "-1"}, "-depth -1 is out of range"},
		{"depth not a number", []string{"perft", "-depth", "six"}, "-depth"},
		{"no threads", []string{"perft", "-threads", "0"}, "-threads 0 is out of range"},
		{"maxnodes without suite", []string{"perft", "-maxnodes", "5"}, "-maxnodes works only with -suite"},
		{"suite with fen", []string{"perft", "-suite", "x.epd", "-fen", chess.StartFEN}, "-fen cannot be used with -suite"},
		{"missing suite file", []string{"perft", "-suite", "testdata/no-such-file.epd"}, "no-such-file.epd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runFerz(tt.args...)
			if code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			if !strings.Contains(errOut, tt.wantErr) {
				t.Errorf("stderr %q does not contain %q", errOut, tt.wantErr)
			}
			if strings.Contains(out, "nodes") {
				t.Errorf("stdout %q reports a count for bad input", out)
			}
		})
	}
}

func TestPerftSplitGivesSameCountForAnyThreadCount(t *testing.T) {
	p := chess.MustParseFEN(kiwipete)
	fenBefore := p.FEN()
	want := chess.Perft(p, 3)
	for _, threads := range []int{1, 2, 3, 8, 100} {
		for _, divide := range []bool{false, true} {
			got, roots := perftSplit(p, 3, threads, divide)
			if got != want {
				t.Errorf("threads %d divide %v: %d nodes, want %d", threads, divide, got, want)
			}
			if divide || threads > 1 {
				var sum uint64
				for _, r := range roots {
					sum += r.nodes
				}
				if len(roots) != 48 || sum != want {
					t.Errorf("threads %d: %d root moves summing to %d, want 48 summing to %d", threads, len(roots), sum, want)
				}
			}
		}
	}
	if p.FEN() != fenBefore {
		t.Errorf("position changed to %s", p.FEN())
	}
}

func TestPerftSuiteCommand(t *testing.T) {
	dir := t.TempDir()
	good := dir + "/good.epd"
	bad := dir + "/bad.epd"
	writeFile(t, good, "# two positions\n"+chess.StartFEN+" ;D1 20 ;D2 400 ;D3 8902\n"+
		"nbbrqknr/pppppppp/8/8/4P3/8/PPPP1PPP/NBBRQKNR b HDhd - 0 1 ;D1 19 ;D2 419 ;D3 9044 ;chess960\n")
	writeFile(t, bad, chess.StartFEN+" ;D1 20 ;D2 401\nnot a position\n")

	code, out, errOut := runFerz("perft", "-suite", good, "-maxnodes", "1000")
	if code != 0 || !strings.Contains(out, "2 positions, 4 counts checked, 0 mismatches") {
		t.Errorf("good suite: status %d, stdout:\n%s\nstderr: %s", code, out, errOut)
	}
	code, out, _ = runFerz("perft", "-suite", bad, "-threads", "2")
	if code != 1 || !strings.Contains(out, "depth 2: 400 nodes, want 401") || !strings.Contains(out, "MISMATCH") ||
		!strings.Contains(out, "line 2:") {
		t.Errorf("bad suite: status %d, stdout:\n%s", code, out)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
