package main

import (
	"io"
	"os"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/cli"
)

func init() {
	register(command{"cli", "play a game against Ferz on a board drawn in the terminal", runCLI})
}

const cliDescription = `
Cli plays a game against Ferz on a board drawn in the terminal. Type moves
in any notation (e4, Nf3, O-O, e2e4, E2-E4, e2 e4) and commands: new,
undo, flip, level, time, book on|off, fen, pgn save|load, hint, go, moves,
help, quit. Ferz plays its first moves from the opening book built into
it, at every level, unless -no-book or "book off" turns the book off.

The board has Unicode pieces, in colour when standard output is a terminal
(not with -no-color or the NO_COLOR environment variable); -ascii draws
letters instead, with the dark squares marked X. Standard input may be a
pipe: each line is read, echoed and carried out, and the end of the input
ends the game, so that games can be scripted.

Examples:
	ferz cli
	ferz cli -black -level 4 -time 5+3
	printf 'e4\nNf3\nfen\n' | ferz cli -ascii -depth 4`

// isTerminal reports whether f is a terminal (a character device).
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	fi, err := file.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// runCLI implements "ferz cli".
func runCLI(args []string, stdout, stderr io.Writer) error {
	var o cli.Options
	var black, noColor bool
	fs := newFlagSet("cli", "[-black] [-level N] [-time T|B+I] [-depth N] [-fen FEN] [-no-book] [-ascii] [-no-color]", cliDescription)
	fs.BoolVar(&black, "black", false, "play Black (Ferz moves first)")
	fs.StringVar(&o.Level, "level", "", "Ferz's strength: a level `N` from 0 to 8 (0: full strength), its name, or an Elo")
	fs.StringVar(&o.Time, "time", "", "time control: `T` seconds a move, or B+I for clocks of B minutes plus I seconds a move (default 1 a move; none with -depth)")
	fs.IntVar(&o.Depth, "depth", 0, "limit Ferz's search to `N` plies (0: no limit)")
	fs.StringVar(&o.FEN, "fen", "", "start from this position, in `FEN`")
	fs.IntVar(&o.HashMB, "hash", cli.DefaultHashMB, "transposition table size in `MB`")
	fs.BoolVar(&o.NoBook, "no-book", false, "do not play the first moves from the opening book (the book command turns it on)")
	fs.BoolVar(&o.ASCII, "ascii", false, "draw the board with letters, the dark squares marked X")
	fs.BoolVar(&noColor, "no-color", false, "draw the board without colour even on a terminal")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if o.HashMB < 1 || o.HashMB > cli.MaxHashMB {
		return usageErrorf("cli: -hash %d is out of range 1 to %d", o.HashMB, cli.MaxHashMB)
	}
	if black {
		o.Side = chess.Black
	}
	o.Color = !noColor && isTerminal(stdout) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	o.Prompt = isTerminal(stdin)
	o.Echo = !o.Prompt
	s, err := cli.New(stdout, o)
	if err != nil {
		return usageErrorf("cli: %v", err)
	}
	return s.Run(stdin)
}
