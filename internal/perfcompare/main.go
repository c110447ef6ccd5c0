// Command perfcompare compares the single-threaded perft speed of Ferz's
// move generator (chess.Perft, in process) with Debian's stockfish on the
// same machine in one run.
//
// Stockfish is started once as a subprocess and set up with uci/isready;
// each of its runs is timed from sending "go perft N" until its
// "Nodes searched:" line, so its start-up is not counted. The two
// programs take turns, run by run, so that machine noise hits both alike.
//
// Usage:
//
//	go run ./internal/perfcompare [-runs 5] [-stockfish PATH]
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// benchPosition is one position of the comparison.
type benchPosition struct {
	name  string
	fen   string
	depth int
	want  uint64 // the known perft count
}

// positions are the start position at depth 6 and Kiwipete at depth 5.
var positions = []benchPosition{
	{"start position", chess.StartFEN, 6, 119060324},
	{"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690},
}

// runTimeout bounds the wait for one stockfish answer.
const runTimeout = 10 * time.Minute

func main() {
	runs := flag.Int("runs", 5, "timed runs of each program per position")
	sfPath := flag.String("stockfish", "", "stockfish `binary` (default /usr/games/stockfish, else stockfish on PATH)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./internal/perfcompare [-runs N] [-stockfish PATH]\n\n"+
			"Perfcompare times single-threaded perft of Ferz and Stockfish, taking turns,\n"+
			"and prints each time, the medians, Mnps and the ratio of the speeds.\n\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "perfcompare: unexpected argument %q\n", flag.Arg(0))
		os.Exit(2)
	}
	if *runs < 1 {
		fmt.Fprintf(os.Stderr, "perfcompare: -runs %d must be at least 1\n", *runs)
		os.Exit(2)
	}
	path, err := findStockfish(*sfPath)
	if err != nil {
		fmt.Fprintf(os.Stderr, "perfcompare: %v\n", err)
		os.Exit(2)
	}
	if err := compare(os.Stdout, path, *runs); err != nil {
		fmt.Fprintf(os.Stderr, "perfcompare: %v\n", err)
		os.Exit(1)
	}
}

// findStockfish returns the stockfish binary to use: the given path, or
// Debian's /usr/games/stockfish, or stockfish on PATH.
func findStockfish(given string) (string, error) {
	if given != "" {
		return exec.LookPath(given)
	}
	if _, err := os.Stat("/usr/games/stockfish"); err == nil {
		return "/usr/games/stockfish", nil
	}
	p, err := exec.LookPath("stockfish")
	if err != nil {
		return "", errors.New("stockfish not found in /usr/games or on PATH (apt-get install stockfish, or give -stockfish PATH)")
	}
	return p, nil
}

// compare runs the comparison and prints the report to w.
func compare(w io.Writer, sfPath string, runs int) error {
	sf, err := startEngine(sfPath)
	if err != nil {
		return err
	}
	defer sf.close()
	fmt.Fprintf(w, "stockfish: %s (%s)\n", sfPath, sf.id)
	fmt.Fprintf(w, "runs: %d per program and position, taking turns, single-threaded\n", runs)

	failed := false
	var ratios []float64
	for _, bp := range positions {
		p, err := chess.ParseFEN(bp.fen)
		if err != nil {
			return fmt.Errorf("%s: %v", bp.name, err)
		}
		fmt.Fprintf(w, "\n%s, depth %d (%d nodes)\n", bp.name, bp.depth, bp.want)
		var ferzTimes, sfTimes []time.Duration
		var ferzNodes, sfNodes uint64
		for i := range runs {
			// Alternate which program goes first, so neither always runs
			// on a machine warmed (or disturbed) by the other.
			order := []string{"ferz", "stockfish"}
			if i%2 == 1 {
				order = []string{"stockfish", "ferz"}
			}
			for _, who := range order {
				switch who {
				case "ferz":
					start := time.Now()
					ferzNodes = chess.Perft(p, bp.depth)
					d := time.Since(start)
					ferzTimes = append(ferzTimes, d)
					fmt.Fprintf(w, "  %-18s %8.3fs  %7.1f Mnps\n", fmt.Sprintf("run %d ferz", i+1), d.Seconds(), mnps(ferzNodes, d))
				case "stockfish":
					n, d, err := sf.perft(bp.fen, bp.depth)
					if err != nil {
						return fmt.Errorf("%s: %v", bp.name, err)
					}
					sfNodes = n
					sfTimes = append(sfTimes, d)
					fmt.Fprintf(w, "  %-18s %8.3fs  %7.1f Mnps\n", fmt.Sprintf("run %d stockfish", i+1), d.Seconds(), mnps(sfNodes, d))
				}
			}
		}
		fm, sm := median(ferzTimes), median(sfTimes)
		ratio := sm.Seconds() / fm.Seconds()
		ratios = append(ratios, ratio)
		fmt.Fprintf(w, "  %-18s %8.3fs  %7.1f Mnps  nodes %d\n", "median ferz", fm.Seconds(), mnps(ferzNodes, fm), ferzNodes)
		fmt.Fprintf(w, "  %-18s %8.3fs  %7.1f Mnps  nodes %d\n", "median stockfish", sm.Seconds(), mnps(sfNodes, sm), sfNodes)
		fmt.Fprintf(w, "  ratio (ferz speed / stockfish speed) %.2f\n", ratio)
		switch {
		case ferzNodes != sfNodes:
			fmt.Fprintf(w, "  MISMATCH: ferz counts %d, stockfish %d\n", ferzNodes, sfNodes)
			failed = true
		case ferzNodes != bp.want:
			fmt.Fprintf(w, "  MISMATCH: both count %d, the known count is %d\n", ferzNodes, bp.want)
			failed = true
		default:
			fmt.Fprintf(w, "  node counts agree\n")
		}
	}
	if len(ratios) > 1 {
		fmt.Fprintf(w, "\noverall ratio (geometric mean) %.2f\n", geomean(ratios))
	}
	if failed {
		return errors.New("node counts disagree")
	}
	return nil
}

// engine is a UCI engine running as a subprocess.
type engine struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	id    string
}

// startEngine starts the engine at path and waits until it is ready.
func startEngine(path string) (*engine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %v", path, err)
	}
	e := &engine{cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	if err := e.send("uci"); err != nil {
		e.close()
		return nil, err
	}
	if _, err := e.waitFor(func(l string) bool {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			e.id = name
		}
		return l == "uciok"
	}); err != nil {
		e.close()
		return nil, fmt.Errorf("%s did not answer uci: %v", path, err)
	}
	if err := e.ready(); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// send writes one command line to the engine.
func (e *engine) send(line string) error {
	_, err := io.WriteString(e.in, line+"\n")
	return err
}

// waitFor reads lines until match accepts one, and returns it.
func (e *engine) waitFor(match func(string) bool) (string, error) {
	timer := time.NewTimer(runTimeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return "", errors.New("engine closed its output")
			}
			if match(l) {
				return l, nil
			}
		case <-timer.C:
			return "", fmt.Errorf("no answer within %v", runTimeout)
		}
	}
}

// ready sends isready and waits for readyok.
func (e *engine) ready() error {
	if err := e.send("isready"); err != nil {
		return err
	}
	_, err := e.waitFor(func(l string) bool { return l == "readyok" })
	return err
}

// perft sets up fen and times "go perft depth" until the engine reports
// its node count.
func (e *engine) perft(fen string, depth int) (uint64, time.Duration, error) {
	if err := e.send("position fen " + fen); err != nil {
		return 0, 0, err
	}
	if err := e.ready(); err != nil {
		return 0, 0, err
	}
	start := time.Now()
	if err := e.send("go perft " + strconv.Itoa(depth)); err != nil {
		return 0, 0, err
	}
	line, err := e.waitFor(func(l string) bool { return strings.HasPrefix(l, "Nodes searched:") })
	d := time.Since(start)
	if err != nil {
		return 0, 0, err
	}
	n, err := parseNodesSearched(line)
	return n, d, err
}

// close asks the engine to quit and waits for it, killing it if needed.
func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}

// parseNodesSearched reads the count from Stockfish's "Nodes searched: N".
func parseNodesSearched(line string) (uint64, error) {
	s, ok := strings.CutPrefix(line, "Nodes searched:")
	if !ok {
		return 0, fmt.Errorf("%q is not a \"Nodes searched:\" line", line)
	}
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q has no node count: %v", line, err)
	}
	return n, nil
}

// median returns the middle duration (the mean of the two middle ones
// for an even count), or 0 for none.
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// geomean returns the geometric mean of xs (all positive).
func geomean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}

// mnps returns millions of nodes a second, or 0 for no measurable time.
func mnps(nodes uint64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(nodes) / d.Seconds() / 1e6
}
