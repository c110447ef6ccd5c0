package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/ferzchess/ferz/analysis"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// thought is the outcome of one engine search, with the position it was
// made in so that its line can be written in SAN.
type thought struct {
	pos     *chess.Position // a copy of the position searched
	res     engine.Result
	elapsed time.Duration
}

// think searches p for side c's move at strength elo (0: full strength)
// within the session's depth limit and time control; with clocks, it uses
// c's clock.
func (s *Session) think(p *chess.Position, elo int, c chess.Color) thought {
	limits := engine.Limits{Depth: s.depth, Elo: elo}
	switch {
	case s.tc.clocked():
		limits.Time, limits.Increment = max(s.clocks[c], time.Millisecond), s.tc.inc
	case s.tc.moveTime > 0:
		limits.MoveTime = s.tc.moveTime
	}
	if limits.Unbounded() {
		limits.MoveTime = defaultMoveTime // never search for ever
	}
	q := p.Copy()
	s.searcher.OnInfo = nil
	begin := s.now()
	res := s.searcher.Search(q, limits)
	return thought{pos: p.Copy(), res: res, elapsed: s.now().Sub(begin)}
}

// String writes what the engine thought in one line: depth, evaluation
// from White's side, nodes, time and the principal variation in SAN.
func (t thought) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "depth %d, eval %s, %d nodes in %.2f s", t.res.Depth,
		analysis.FormatScore(t.res.Score, t.pos.SideToMove()), t.res.Nodes, t.elapsed.Seconds())
	if pv := pvString(t.pos, t.res.PV); pv != "" {
		sb.WriteString("; line " + pv)
	}
	return sb.String()
}

// pvString writes the moves of pv, played from p, in SAN with move
// numbers ("12... Nf6 13. e5"), stopping at a move that is not legal.
func pvString(p *chess.Position, pv []chess.Move) string {
	q := p.Copy()
	var sb strings.Builder
	for i, m := range pv {
		if !q.IsLegal(m) {
			break
		}
		if i > 0 {
			sb.WriteString(" ")
		}
		switch {
		case q.SideToMove() == chess.White:
			fmt.Fprintf(&sb, "%d. ", q.FullmoveNumber())
		case i == 0:
			fmt.Fprintf(&sb, "%d... ", q.FullmoveNumber())
		}
		sb.WriteString(q.SAN(m))
		q.MakeMove(m)
	}
	return sb.String()
}

// cmdHint shows a move for the person: the opening book's most played
// move while the book is on and knows the position, else the move a
// search at full strength finds.
func (s *Session) cmdHint(string) {
	if s.refuseWhenOver() {
		return
	}
	if s.useBook && s.book != nil {
		if m, ok := s.book.Best(s.pos); ok {
			s.printf("Hint: %s (book)\n", s.pos.SAN(m))
			return
		}
	}
	t := s.think(s.pos, 0, s.pos.SideToMove())
	if t.res.Move == chess.NullMove {
		s.printf("? no move found\n")
		return
	}
	s.printf("Hint: %s (%s)\n", s.pos.SAN(t.res.Move), t)
}

// cmdGo lets the engine play the side to move now; the person takes the
// other side.
func (s *Session) cmdGo(string) {
	if s.refuseWhenOver() {
		return
	}
	s.human = s.pos.SideToMove().Other()
	s.printf("Ferz plays %s now; you play %s.\n", colorName(s.pos.SideToMove()), colorName(s.human))
	s.engineTurn()
}
