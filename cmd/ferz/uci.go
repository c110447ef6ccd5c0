package main

import (
	"io"
	"os"

	"github.com/ferzchess/ferz/uci"
)

func init() {
	register(command{"uci", "speak the UCI protocol on standard input and output (the default)", runUCI})
	defaultCommand = "uci"
}

const uciDescription = `
UCI runs Ferz as a UCI engine: it reads commands from standard input and
answers on standard output, as chess GUIs (Arena, Cute Chess, BanksiaGUI,
PyChess, lichess-bot) expect. It is what "ferz" with no command does.
Type "uci", "position startpos", "go depth 10" and "quit" to try it.`

// stdin is where interactive commands read their input; tests replace it.
var stdin io.Reader = os.Stdin

// runUCI implements "ferz uci" (and plain "ferz").
func runUCI(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("uci", "", uciDescription)
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	return uci.New(stdout).Run(stdin)
}
