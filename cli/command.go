package cli

import (
	"fmt"
	"strings"
)

// commandSpec is one command of the terminal board.
type commandSpec struct {
	name    string
	aliases []string
	usage   string // the synopsis, as help shows it
	summary string
	run     func(s *Session, args string)
}

// commands lists the commands in the order help shows them. It is filled
// in init, as help reads it.
var commands []commandSpec

func init() {
	commands = []commandSpec{
		{"new", nil, "new [white|black] [960 [N]]", "start a new game, you playing White (or the colour given); 960: Chess960 from start position N (0-959) or a random one", (*Session).cmdNew},
		{"undo", []string{"takeback", "back"}, "undo", "take back Ferz's reply and your last move", (*Session).cmdUndo},
		{"flip", nil, "flip", "turn the board round", (*Session).cmdFlip},
		{"board", []string{"show", "d"}, "board", "draw the board again", (*Session).cmdBoard},
		{"moves", nil, "moves", "list the legal moves", (*Session).cmdMoves},
		{"level", nil, "level [N]", "set Ferz's strength (a level number, name or Elo); alone, list the levels", (*Session).cmdLevel},
		{"time", nil, "time [T|B+I]", "set Ferz's time per move (T seconds) or clocks of B minutes + I seconds a move; alone, show it", (*Session).cmdTime},
		{"fen", nil, "fen [FEN]", "show the position's FEN, or set up a position from one", (*Session).cmdFEN},
		{"pgn", nil, "pgn save|load FILE", "save the game to a PGN file, or load the first game of one", (*Session).cmdPGN},
		{"book", nil, "book [on|off]", "let Ferz play its first moves from its opening book (on) or search them (off); alone, show which", (*Session).cmdBook},
		{"hint", nil, "hint", "ask Ferz for a move for you", (*Session).cmdHint},
		{"analyse", []string{"analyze", "analysis"}, "analyse [T] [N]", "show Ferz's N best lines (default 3) after T seconds (default 3) of thought; no move is played", (*Session).cmdAnalyse},
		{"go", nil, "go", "let Ferz play the side to move now (you take the other side)", (*Session).cmdGo},
		{"help", []string{"?", "h"}, "help", "show this help", (*Session).cmdHelp},
		{"quit", []string{"exit", "q", "bye"}, "quit", "leave (so does the end of the input)", (*Session).cmdQuit},
	}
}

// inputKind tells what a line of input is.
type inputKind int

const (
	inputBlank   inputKind = iota // nothing, or a comment
	inputCommand                  // a command word, then its arguments
	inputMove                     // anything else: a move to try
	inputUnknown                  // a word that is neither a command nor a move
)

// input is a line of input taken apart.
type input struct {
	kind inputKind
	cmd  *commandSpec // for inputCommand
	name string       // the command word as typed (inputCommand, inputUnknown)
	args string       // the rest of the line; for inputMove, the move
}

// parseInput reads a line: blank or a comment (from #), a command and its
// arguments (the command word in any case), or else a move.
func parseInput(line string) input {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return input{kind: inputBlank}
	}
	word, rest, _ := strings.Cut(line, " ")
	if i := strings.IndexAny(word, "\t\v\f\r"); i >= 0 { // other blanks
		word, rest = word[:i], word[i+1:]+" "+rest
	}
	rest = strings.TrimSpace(rest)
	if c := lookupCommand(word); c != nil {
		return input{kind: inputCommand, cmd: c, name: word, args: rest}
	}
	if rest == "" && isWord(word) {
		// A word of three or more letters is never a move (the shortest
		// with letters only would be two, like "OO"); say so plainly
		// rather than that it is not SAN.
		return input{kind: inputUnknown, name: word}
	}
	return input{kind: inputMove, args: line}
}

// lookupCommand returns the command called name (or one of its aliases),
// in any case, or nil.
func lookupCommand(name string) *commandSpec {
	name = strings.ToLower(name)
	for i := range commands {
		c := &commands[i]
		if c.name == name {
			return c
		}
		for _, a := range c.aliases {
			if a == name {
				return c
			}
		}
	}
	return nil
}

// isWord reports whether s is three or more ASCII letters.
func isWord(s string) bool {
	if len(s) < 3 {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}

// cmdHelp lists the commands and how moves are typed.
func (s *Session) cmdHelp(string) {
	var sb strings.Builder
	sb.WriteString("Type a move in any notation: e4, Nf3, exd5, O-O, e8=Q, e2e4, E2-E4, e2 e4, e2xd3.\n")
	sb.WriteString("Commands:\n")
	for _, c := range commands {
		fmt.Fprintf(&sb, "  %-20s %s\n", c.usage, c.summary)
	}
	sb.WriteString("Ferz's evaluations are from White's side: + is good for White, #3 mates in 3.\n")
	sb.WriteString("Draws by threefold repetition and the 50-move rule are claimed at once.\n")
	s.printf("%s", sb.String())
}

// cmdQuit ends the session.
func (s *Session) cmdQuit(string) {
	s.quit = true
}
