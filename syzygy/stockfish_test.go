package syzygy

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// stockfish drives one Stockfish process over UCI.
type stockfish struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

// startStockfish starts Debian's Stockfish (on PATH or in /usr/games), or
// skips the test if there is none.
func startStockfish(t *testing.T) *stockfish {
	t.Helper()
	path, err := exec.LookPath("stockfish")
	if err != nil {
		if path, err = exec.LookPath("/usr/games/stockfish"); err != nil {
			t.Skip("no stockfish on PATH or in /usr/games")
		}
	}
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sf := &stockfish{cmd: cmd, in: in, lines: make(chan string, 100)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			sf.lines <- sc.Text()
		}
		close(sf.lines)
	}()
	t.Cleanup(func() {
		sf.send("quit")
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	return sf
}

func (sf *stockfish) send(format string, args ...any) {
	fmt.Fprintf(sf.in, format+"\n", args...)
}

// until reads lines up to one that starts with prefix, returning them all.
func (sf *stockfish) until(t *testing.T, prefix string) []string {
	t.Helper()
	var got []string
	timeout := time.After(20 * time.Second)
	for {
		select {
		case line, ok := <-sf.lines:
			if !ok {
				t.Fatalf("stockfish ended before %q", prefix)
			}
			got = append(got, line)
			if strings.HasPrefix(line, prefix) {
				return got
			}
		case <-timeout:
			t.Fatalf("stockfish did not answer %q within 20 s", prefix)
		}
	}
}

// rootWDL reads Stockfish 15.1's verdict on a position whose pieces are
// all in the tables: at the root it ranks the moves with the tables and
// reports the best move's tablebase score, unless its search finds a mate.
// With the 50-move rule on (the default) a win or loss is a score of
// about ±150 pawns, a draw 0, and a cursed win or blessed loss a score
// below a pawn.
func (sf *stockfish) rootWDL(t *testing.T, fen string) (WDL, string) {
	sf.send("position fen %s", fen)
	sf.send("go depth 1")
	lines := sf.until(t, "bestmove")
	best := strings.Fields(lines[len(lines)-1])[1]
	var score []string
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+2 < len(f); i++ {
			if f[i] == "score" {
				score = f[i+1 : i+3]
			}
		}
	}
	if score == nil {
		t.Fatalf("%s: no score from stockfish in %q", fen, lines)
	}
	v, err := strconv.Atoi(score[1])
	if err != nil {
		t.Fatalf("%s: score %q", fen, score)
	}
	switch {
	case score[0] == "mate" && v > 0, score[0] == "cp" && v >= 1000:
		return Win, best
	case score[0] == "mate", score[0] == "cp" && v <= -1000:
		return Loss, best
	case v > 0:
		return CursedWin, best
	case v < 0:
		return BlessedLoss, best
	}
	return Draw, best
}

// TestAgreesWithStockfish compares the WDL of random positions with the
// result Stockfish reads from the same files, and checks that the move
// Stockfish plays keeps that result according to RankRootMoves.
func TestAgreesWithStockfish(t *testing.T) {
	tb := openTestTables(t)
	sf := startStockfish(t)
	dir, err := filepath.Abs(testDir)
	if err != nil {
		t.Fatal(err)
	}
	sf.send("uci")
	sf.until(t, "uciok")
	sf.send("setoption name Threads value 1")
	sf.send("setoption name Hash value 16")
	sf.send("setoption name SyzygyPath value %s", dir)
	sf.send("isready")
	sf.until(t, "readyok")

	n := 400
	if testing.Short() {
		n = 150
	}
	rng := rand.New(rand.NewPCG(3, 4))
	agree, byResult := 0, map[WDL]int{}
	for _, p := range testPositions(rng, materials(tb), n) {
		if len(p.LegalMoves()) == 0 {
			continue // Stockfish searches nothing without a legal move
		}
		fen := p.FEN()
		want, ok := tb.ProbeWDL(p)
		if !ok {
			t.Fatalf("%s: ProbeWDL failed", fen)
		}
		got, bestmove := sf.rootWDL(t, fen)
		if got != want {
			t.Errorf("%s: ProbeWDL says %v, stockfish %v", fen, want, got)
			continue
		}
		agree++
		byResult[want]++
		moves, ok := tb.RankRootMoves(p, true)
		if !ok {
			t.Fatalf("%s: RankRootMoves failed", fen)
		}
		found := false
		for _, rm := range moves {
			if p.UCI(rm.Move) == bestmove {
				found = true
				if rm.WDL != want {
					t.Errorf("%s: stockfish plays %s, which RankRootMoves rates %v, not %v", fen, bestmove, rm.WDL, want)
				}
			}
		}
		if !found {
			t.Errorf("%s: stockfish plays %s, not a legal move", fen, bestmove)
		}
	}
	t.Logf("stockfish agrees on %d positions (wins %d, draws %d, losses %d)", agree, byResult[Win], byResult[Draw], byResult[Loss])
}
