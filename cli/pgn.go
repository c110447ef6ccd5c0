package cli

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/ferzchess/ferz/chess"
)

// cmdPGN saves the game to a PGN file or loads one: "pgn save FILE",
// "pgn load FILE".
func (s *Session) cmdPGN(args string) {
	verb, name, _ := strings.Cut(args, " ")
	name = unquote(strings.TrimSpace(name))
	switch strings.ToLower(verb) {
	case "save", "load":
	default:
		s.printf("? pgn: say pgn save FILE or pgn load FILE\n")
		return
	}
	if name == "" {
		s.printf("? pgn %s: which file?\n", verb)
		return
	}
	if strings.EqualFold(verb, "save") {
		s.savePGN(name)
	} else {
		s.loadPGN(name)
	}
}

// unquote removes one pair of double quotes around a file name.
func unquote(name string) string {
	if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
		return name[1 : len(name)-1]
	}
	return name
}

// game returns the game so far as a PGN game.
func (s *Session) game() *chess.Game {
	var start *chess.Position
	if s.start.FEN() != chess.StartFEN || s.start.Chess960() {
		start = s.start
	}
	g := chess.NewGame(start)
	g.Moves = s.pos.Moves()
	g.SetTag("Event", "Ferz terminal game")
	g.SetTag("Site", "ferz cli")
	g.SetTag("Date", s.now().Format("2006.01.02"))
	g.SetTag("Round", "-")
	ferz := "Ferz, " + s.level.String()
	if s.human == chess.White {
		g.SetTag("White", "Player")
		g.SetTag("Black", ferz)
	} else {
		g.SetTag("White", ferz)
		g.SetTag("Black", "Player")
	}
	g.Result = "*"
	if o := s.outcome(); o.over() {
		g.Result = o.result
		if s.flagged.over() {
			g.SetTag("Termination", "time forfeit")
		}
	}
	g.SetTag("Result", g.Result)
	if tag := s.tc.pgnTag(); tag != "" {
		g.SetTag("TimeControl", tag)
	}
	return g
}

// savePGN writes the game to the file called name, replacing it.
func (s *Session) savePGN(name string) {
	var buf bytes.Buffer
	if err := chess.WritePGN(&buf, s.game()); err != nil {
		s.printf("? pgn save: %v\n", err)
		return
	}
	f, err := s.createFile(name)
	if err != nil {
		s.printf("? pgn save: %v\n", err)
		return
	}
	_, err = f.Write(buf.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		s.printf("? pgn save: %v\n", err)
		return
	}
	n := len(s.pos.Moves())
	s.printf("Saved the game (%d move%s) to %s.\n", n, plural(n), name)
}

// maxPGNSize bounds the PGN input read by pgn load.
const maxPGNSize = 64 << 20

// loadPGN sets up the first game of the file called name, to go on with
// it: the person plays the side to move.
func (s *Session) loadPGN(name string) {
	f, err := s.openFile(name)
	if err != nil {
		s.printf("? pgn load: %v\n", err)
		return
	}
	defer f.Close()
	g, err := chess.NewPGNReader(io.LimitReader(f, maxPGNSize)).Next()
	if errors.Is(err, io.EOF) {
		s.printf("? pgn load: %s has no game in it\n", name)
		return
	}
	if err != nil {
		s.printf("? pgn load: %s: %v\n", name, err)
		return
	}
	start, err := g.Start()
	if err != nil {
		s.printf("? pgn load: %s: %v\n", name, err)
		return
	}
	p, err := g.Position()
	if err != nil {
		s.printf("? pgn load: %s: %v\n", name, err)
		return
	}
	s.setGame(start, p, p.SideToMove())
	n := len(g.Moves)
	s.printf("Loaded %s - %s (%d move%s, result %s) from %s: you play %s.\n",
		tagOr(g, "White"), tagOr(g, "Black"), n, plural(n), g.Result, name, colorName(s.human))
	s.showBoard()
	s.announceOutcome()
}

// tagOr returns the game's tag, or "?" if it has none.
func tagOr(g *chess.Game, name string) string {
	if v := g.Tag(name); v != "" {
		return v
	}
	return "?"
}
