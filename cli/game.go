package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// setGame starts a game: from start (a position without history), with
// pos the game so far (start itself, or start with moves played), the
// person playing human. Clocks are set to the time control's base.
func (s *Session) setGame(start, pos *chess.Position, human chess.Color) {
	s.start = start
	s.pos = pos
	s.human = human
	s.flipped = false
	s.flagged = outcome{}
	s.clocks = [2]time.Duration{s.tc.base, s.tc.base}
	s.clockHist = nil
	s.tt.Clear()
	s.searcher.Clear()
	s.turnStart = s.now()
}

// outcome returns how the game stands: a loss on time, or what the
// position says.
func (s *Session) outcome() outcome {
	if s.flagged.over() {
		return s.flagged
	}
	return positionOutcome(s.pos)
}

// announceOutcome says so if the game is over, and reports whether it is.
func (s *Session) announceOutcome() bool {
	o := s.outcome()
	if o.over() {
		s.printf("Game over: %s.\n", o)
	}
	return o.over()
}

// refuseWhenOver says that the game is over and reports true if it is.
func (s *Session) refuseWhenOver() bool {
	o := s.outcome()
	if o.over() {
		s.printf("? the game is over (%s); type new, undo, fen or pgn load\n", o)
	}
	return o.over()
}

// bottom returns the colour drawn at the bottom of the board.
func (s *Session) bottom() chess.Color {
	if s.flipped {
		return s.human.Other()
	}
	return s.human
}

// showBoard draws the board, the clocks and whose move it is.
func (s *Session) showBoard() {
	s.printf("%s", drawBoard(s.pos, s.bottom(), s.style))
	if s.tc.clocked() {
		s.printf("Clocks: White %s, Black %s\n", clockString(s.clocks[chess.White]), clockString(s.clocks[chess.Black]))
	}
	var sb strings.Builder
	stm := s.pos.SideToMove()
	who := "Ferz"
	if stm == s.human {
		who = "you"
	}
	switch {
	case s.outcome().over():
		fmt.Fprintf(&sb, "Move %d, game over.", s.pos.FullmoveNumber())
	case s.pos.InCheck():
		fmt.Fprintf(&sb, "Move %d, %s to move (%s), in check.", s.pos.FullmoveNumber(), colorName(stm), who)
	default:
		fmt.Fprintf(&sb, "Move %d, %s to move (%s).", s.pos.FullmoveNumber(), colorName(stm), who)
	}
	if m := s.pos.LastMove(); m != chess.NullMove {
		s.pos.UnmakeMove()
		label := moveLabel(s.pos, m)
		s.pos.MakeMove(m)
		fmt.Fprintf(&sb, " Last move: %s.", label)
	}
	s.printf("%s\n", sb.String())
}

// moveLabel writes m, legal in p, with its move number: "1. e4", "1... e5".
func moveLabel(p *chess.Position, m chess.Move) string {
	dots := "."
	if p.SideToMove() == chess.Black {
		dots = "..."
	}
	return fmt.Sprintf("%d%s %s", p.FullmoveNumber(), dots, p.SAN(m))
}

// playMove plays m for the side to move, which took elapsed to choose it,
// and runs its clock. The clocks before each move are kept, with clocks
// or without, so that undo can put them back. It reports false, without playing m, if the side's
// flag fell.
func (s *Session) playMove(m chess.Move, elapsed time.Duration) bool {
	c := s.pos.SideToMove()
	left := s.clocks[c] - elapsed
	if s.tc.clocked() && left < 0 {
		s.clocks[c] = 0
		s.flagged = timeOutcome(s.pos, c)
		return false
	}
	s.clockHist = append(s.clockHist, s.clocks)
	if s.tc.clocked() {
		s.clocks[c] = left + s.tc.inc
	}
	s.pos.MakeMove(m)
	return true
}

// playHuman plays the person's move, typed in any notation, then lets the
// engine reply.
func (s *Session) playHuman(text string) {
	if s.refuseWhenOver() {
		return
	}
	if s.pos.SideToMove() != s.human {
		// Only after a failed engine move; let the person play it.
		s.human = s.pos.SideToMove()
	}
	m, err := s.pos.ParseMove(text)
	if err != nil {
		s.printf("? %v (type moves for the legal moves)\n", err)
		return
	}
	label := moveLabel(s.pos, m)
	if !s.playMove(m, s.now().Sub(s.turnStart)) {
		s.printf("Your flag fell before %s.\n", label)
		s.announceOutcome()
		return
	}
	s.printf("You play %s.\n", label)
	if s.announceOutcome() {
		s.showBoard()
		return
	}
	s.engineTurn()
}

// engineTurn lets the engine move if the game goes on and it is not the
// person's turn, from the opening book or else by a search, then shows
// the board for the person's move.
func (s *Session) engineTurn() {
	if s.pos.SideToMove() == s.human || s.outcome().over() {
		return
	}
	// A move from the opening book is played at once and takes no time.
	m, fromBook := s.bookMove()
	var elapsed time.Duration
	if !fromBook {
		if s.prompt {
			s.printf("Ferz is thinking...\n")
		}
		t := s.think(s.pos, s.level.elo, s.pos.SideToMove())
		if t.res.Move == chess.NullMove {
			s.printf("? Ferz found no move\n")
			return
		}
		s.printf("Ferz thought: %s\n", t)
		m, elapsed = t.res.Move, t.elapsed
	}
	label := moveLabel(s.pos, m)
	if !s.playMove(m, elapsed) {
		s.printf("Ferz's flag fell before %s.\n", label)
		s.announceOutcome()
		return
	}
	if fromBook {
		label += " (book)"
	}
	s.printf("Ferz plays %s.\n", label)
	s.showBoard()
	s.announceOutcome()
	s.turnStart = s.now()
}

// cmdNew starts a new game from the standard position, or with "960 [N]"
// from Chess960 start position N (random when N is not given).
func (s *Session) cmdNew(args string) {
	side := chess.White
	chess960, number := false, -1
	words := strings.Fields(args)
	for i := 0; i < len(words); i++ {
		switch w := strings.ToLower(words[i]); w {
		case "960", "chess960", "frc":
			chess960 = true
			if i+1 < len(words) {
				if n, err := strconv.Atoi(words[i+1]); err == nil {
					if n < 0 || n > 959 {
						s.printf("? new: Chess960 start position %d is not 0 to 959\n", n)
						return
					}
					number = n
					i++
				}
			}
		default:
			c, err := parseColor(w)
			if err != nil {
				s.printf("? new: %v (or 960 [N] for Chess960)\n", err)
				return
			}
			side = c
		}
	}
	start := chess.StartPosition()
	if chess960 {
		if number < 0 {
			number = s.randomN(960)
		}
		start, _ = chess.Chess960Position(number) // 0 to 959: no error
	}
	s.setGame(start, start.Copy(), side)
	if chess960 {
		s.printf("New Chess960 game from start position %d: you play %s. Castle with O-O or O-O-O, or the king onto its rook (e1h1).\n", number, colorName(side))
	} else {
		s.printf("New game: you play %s.\n", colorName(side))
	}
	s.showBoard()
	s.engineTurn()
}

// cmdUndo takes back moves until one of the person's has been taken back
// and it is the person's turn again: the engine's reply and the person's
// move, or only the person's move if the engine has not replied.
func (s *Session) cmdUndo(string) {
	n := 1
	if s.pos.SideToMove() == s.human { // the engine moved last
		n = 2
	}
	if s.pos.Ply() < n {
		s.printf("? there is no move of yours to take back\n")
		return
	}
	for range n {
		s.pos.UnmakeMove()
		if k := len(s.clockHist); k > 0 {
			s.clocks = s.clockHist[k-1]
			s.clockHist = s.clockHist[:k-1]
		}
	}
	s.flagged = outcome{}
	s.printf("Took back %d move%s.\n", n, plural(n))
	s.showBoard()
	s.turnStart = s.now()
}

// cmdFlip turns the board round.
func (s *Session) cmdFlip(string) {
	s.flipped = !s.flipped
	s.showBoard()
}

// cmdBoard draws the board again.
func (s *Session) cmdBoard(string) {
	s.showBoard()
	s.announceOutcome()
}

// cmdMoves lists the legal moves in SAN, sorted.
func (s *Session) cmdMoves(string) {
	moves := s.pos.LegalMoves()
	if len(moves) == 0 {
		s.printf("No legal moves: %s.\n", s.outcome())
		return
	}
	sans := make([]string, len(moves))
	for i, m := range moves {
		sans[i] = s.pos.SAN(m)
	}
	slices.Sort(sans)
	s.printf("%d legal move%s: %s\n", len(sans), plural(len(sans)), strings.Join(sans, " "))
}

// cmdFEN shows the position's FEN, or sets up a new game from the FEN
// given, the person playing the side to move.
func (s *Session) cmdFEN(args string) {
	if args == "" {
		s.printf("%s\n", s.pos.FEN())
		return
	}
	p, err := chess.ParseFEN(args)
	if err != nil {
		s.printf("? %v\n", err) // the error starts with "fen:"
		return
	}
	s.setGame(p, p.Copy(), p.SideToMove())
	s.printf("Position set up: you play %s.\n", colorName(s.human))
	s.showBoard()
	s.announceOutcome()
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
