package match

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// The test binary doubles as a set of small fake UCI engines: started with
// the argument -fake-engine=MODE it plays as MODE says and exits, so the
// tests need no other program. The modes:
//
//	good      plays the first legal move at once, with a score
//	illegal   plays an illegal move as its third move
//	crash     exits in the middle of its third search
//	hang      never answers its third go, nor the stop that follows
//	slow      answers its third go long after the time is up
//	garbage   prints noise and "bestmove ???" for its third move
//	nobest    prints a bestmove line with no move for its third move
//	nouciok   never answers "uci"
//	noready   answers "uci" but never "isready"
//	resigner  plays legal moves with a score of -9.00
//	winner    plays legal moves with a score of +9.00
//	drawish   plays legal moves with a score of 0.00
const fakeEngineFlag = "-fake-engine="

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && strings.HasPrefix(os.Args[1], fakeEngineFlag) {
		runFakeEngine(strings.TrimPrefix(os.Args[1], fakeEngineFlag))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeEngine returns the configuration that starts the test binary as a
// fake engine.
func fakeEngine(name, mode string) EngineConfig {
	return EngineConfig{Name: name, Command: os.Args[0], Args: []string{fakeEngineFlag + mode}}
}

func runFakeEngine(mode string) {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	pos := chess.StartPosition()
	searches := 0
	chess960 := false
	for in.Scan() {
		line := in.Text()
		word, rest := firstWord(line)
		switch word {
		case "uci":
			if mode == "nouciok" {
				say("Hello! I am not a UCI engine.")
				continue
			}
			say("id name Fake %s", mode)
			say("id author the tests")
			say("option name Hash type spin default 1 min 1 max 16")
			say("option name UCI_Chess960 type check default false")
			say("uciok")
		case "isready":
			if mode != "noready" {
				say("readyok")
			}
		case "setoption":
			if strings.Contains(line, "UCI_Chess960 value true") {
				chess960 = true
			}
			// Answers as engines do to options they do not declare:
			// Stockfish's refusal, Ferz's acknowledgement of a hidden
			// search parameter, or silence.
			name, value, _ := strings.Cut(strings.TrimPrefix(rest, "name "), " value ")
			switch {
			case strings.HasPrefix(name, "Hidden"):
				say("info string setoption %s %s", name, value)
			case strings.HasPrefix(name, "Silent"), name == "Hash", name == "UCI_Chess960":
			default:
				say("No such option: %s", name)
			}
		case "position":
			p, err := fakePosition(rest)
			if err != nil {
				say("info string bad position: %v", err)
				continue
			}
			pos = p
			pos.SetChess960(chess960 || pos.Chess960())
		case "go":
			searches++
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				say("bestmove 0000")
				continue
			}
			best := pos.UCI(moves[0])
			score := 0
			switch mode {
			case "resigner":
				score = -900
			case "winner":
				score = 900
			}
			if searches == 3 {
				switch mode {
				case "illegal":
					best = fakeIllegalMove(pos)
				case "crash":
					say("info depth 1 score cp 0")
					os.Exit(3)
				case "hang":
					for in.Scan() { // ignore everything, stop included
					}
					return
				case "slow":
					time.Sleep(time.Second)
				case "garbage":
					say("\x00\xff\xfe#!?")
					say("bestmove ???")
					continue
				case "nobest":
					say("bestmove")
					continue
				}
			}
			say("info depth 1 score cp %d nodes 1 time 0 pv %s", score, best)
			say("bestmove %s", best)
		case "quit":
			return
		}
	}
}

// fakePosition reads the arguments of a UCI position command.
func fakePosition(args string) (*chess.Position, error) {
	var p *chess.Position
	rest := args
	switch {
	case strings.HasPrefix(rest, "startpos"):
		p = chess.StartPosition()
		rest = strings.TrimPrefix(rest, "startpos")
	case strings.HasPrefix(rest, "fen "):
		fen, after, _ := strings.Cut(strings.TrimPrefix(rest, "fen "), " moves")
		var err error
		if p, err = chess.ParseFEN(fen); err != nil {
			return nil, err
		}
		rest = " moves" + after
	default:
		return nil, fmt.Errorf("want startpos or fen in %q", args)
	}
	if ms, ok := strings.CutPrefix(strings.TrimSpace(rest), "moves"); ok {
		for _, s := range strings.Fields(ms) {
			m, err := p.ParseUCI(s)
			if err != nil {
				return nil, err
			}
			p.MakeMove(m)
		}
	}
	return p, nil
}

// fakeIllegalMove returns a move shaped like a UCI move that is not legal:
// from an empty square.
func fakeIllegalMove(p *chess.Position) string {
	for s := chess.A1; s <= chess.H8; s++ {
		if p.PieceAt(s) == chess.NoPiece {
			to := chess.A1
			if s == chess.A1 {
				to = chess.B1
			}
			return s.String() + to.String()
		}
	}
	return "a1a2"
}
