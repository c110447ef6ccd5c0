package web

import (
	"time"

	"github.com/ferzchess/ferz/chess"
)

// GameView is a game as the page shows it: the answer of GET
// /api/games/{id} and of every action, and the data of "state" events.
type GameView struct {
	ID int64 `json:"id"`
	// Rev grows with every change of the game: a page keeps the state
	// with the highest.
	Rev      uint64       `json:"rev"`
	Created  time.Time    `json:"created"`
	Settings SettingsView `json:"settings"`
	White    string       `json:"white"`
	Black    string       `json:"black"`
	StartFEN string       `json:"startFen"`
	// StartCheck is the square of a king in check at the start, or "".
	StartCheck string     `json:"startCheck"`
	Moves      []MoveView `json:"moves"`
	// Position is the current position, with the person's moves when it
	// is their turn.
	Position PositionView `json:"position"`
	Clocks   *ClockView   `json:"clocks"`
	Result   string       `json:"result"`
	Reason   string       `json:"reason"`
	Over     bool         `json:"over"`
	Imported bool         `json:"imported"`
	// Thinking is set while the engine searches for its move.
	Thinking bool `json:"thinking"`
	// CanTakeBack says whether a takeback would be accepted now.
	CanTakeBack bool `json:"canTakeBack"`
}

// SettingsView is a game's settings as the page shows them.
type SettingsView struct {
	Human     string `json:"human"`
	Elo       int    `json:"elo"`
	Level     string `json:"level"`
	Base      int64  `json:"base"`      // seconds
	Increment int64  `json:"increment"` // seconds
	// Book says whether Ferz plays from its opening book.
	Book bool `json:"book"`
}

// MoveView is one move of a game as the page shows it.
type MoveView struct {
	UCI     string `json:"uci"`
	SAN     string `json:"san"`
	FEN     string `json:"fen"`   // after the move
	Check   string `json:"check"` // the king in check after the move, or ""
	ClockMs int64  `json:"clockMs,omitempty"`
	// Book marks a move Ferz played from its opening book.
	Book bool `json:"book,omitempty"`
}

// view describes the game as it stands now.
func (s *session) view() GameView {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.viewLocked(time.Now())
}

// viewLocked describes the game at now.
func (s *session) viewLocked(now time.Time) GameView {
	r := s.rec
	v := GameView{
		ID:      r.ID,
		Rev:     s.rev,
		Created: r.Created,
		Settings: SettingsView{
			Human: r.Settings.Human, Elo: r.Settings.Elo, Level: levelName(r.Settings.Elo),
			Base: r.Settings.BaseMs / 1000, Increment: r.Settings.IncrementMs / 1000,
			Book: !r.Settings.NoBook && !r.imported(),
		},
		StartFEN:   r.StartFEN,
		StartCheck: s.checks[0],
		Moves:      make([]MoveView, len(r.Moves)),
		Position:   positionView(s.pos, s.humanToMoveLocked()),
		Clocks:     s.clockViewLocked(now),
		Result:     r.Result,
		Reason:     r.Reason,
		Over:       r.over(),
		Imported:   r.imported(),
		Thinking:   s.thinking,
	}
	v.White, v.Black = r.players()
	for i, mr := range r.Moves {
		v.Moves[i] = MoveView{UCI: mr.UCI, SAN: mr.SAN, FEN: s.fens[i+1], Check: s.checks[i+1], ClockMs: mr.ClockMs, Book: mr.Book}
	}
	v.CanTakeBack = s.takebackPliesLocked() > 0
	return v
}

// takebackPliesLocked returns how many plies a takeback would undo (0:
// none can be): back to the person's previous turn. A game ended by the
// board (mate, stalemate, a draw by rule) can be taken back; one ended by
// resignation, agreement or time cannot.
func (s *session) takebackPliesLocked() int {
	r := s.rec
	if r.imported() {
		return 0
	}
	if r.over() {
		if _, result := boardEnding(s.pos); result == "*" {
			return 0
		}
	}
	human := r.Settings.humanColor()
	n := 1
	if s.pos.SideToMove() == human {
		n = 2 // the engine's reply and the person's move
	}
	if n > len(r.Moves) {
		return 0
	}
	// The person must have made the first of the moves undone.
	q := s.pos.Copy()
	for range n {
		q.UnmakeMove()
	}
	if q.SideToMove() != human {
		return 0
	}
	return n
}

// takeBackLocked undoes the person's last move (and the engine's reply).
func (s *session) takeBackLocked() error {
	n := s.takebackPliesLocked()
	if n == 0 {
		return errorf(409, "there is no move of yours to take back")
	}
	s.haltLocked()
	r := s.rec
	for range n {
		s.pos.UnmakeMove()
	}
	r.Moves = r.Moves[:len(r.Moves)-n]
	s.fens = s.fens[:len(r.Moves)+1]
	s.checks = s.checks[:len(r.Moves)+1]
	r.Result, r.Reason = "*", ""
	r.Evals = nil
	if r.Settings.timed() {
		// Each side gets back the time it had after its last move kept.
		r.ClockMs = [2]int64{r.Settings.BaseMs, r.Settings.BaseMs}
		q, _ := chess.ParseFEN(r.StartFEN)
		for _, mr := range r.Moves {
			c := q.SideToMove()
			r.ClockMs[c] = mr.ClockMs
			if m, err := q.ParseUCI(mr.UCI); err == nil {
				q.MakeMove(m)
			}
		}
	}
	now := time.Now()
	s.turnStart, r.Updated = now, now
	s.saveLocked()
	s.startTurnLocked()
	s.broadcastStateLocked()
	return nil
}
