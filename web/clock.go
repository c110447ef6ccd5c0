package web

import (
	"time"

	"github.com/ferzchess/ferz/chess"
)

// ClockView is the clocks of a timed game as the page shows them.
type ClockView struct {
	White int64 `json:"white"` // milliseconds left
	Black int64 `json:"black"`
	// Running is the colour whose clock runs, or "" when none does.
	Running string `json:"running"`
}

// clockLocked returns c's time left at now, in milliseconds (negative
// once the flag has fallen).
func (s *session) clockLocked(c chess.Color, now time.Time) int64 {
	left := s.rec.ClockMs[c]
	if c == s.pos.SideToMove() && !s.rec.over() {
		left -= now.Sub(s.turnStart).Milliseconds()
	}
	return left
}

// clockViewLocked returns the clocks at now, or nil in an untimed game.
func (s *session) clockViewLocked(now time.Time) *ClockView {
	if !s.rec.Settings.timed() {
		return nil
	}
	v := &ClockView{White: max(0, s.clockLocked(chess.White, now)), Black: max(0, s.clockLocked(chess.Black, now))}
	if !s.rec.over() {
		v.Running = colorName(s.pos.SideToMove())
	}
	return v
}

// armFlagLocked sets the timer that ends the game when the side to
// move's time runs out.
func (s *session) armFlagLocked() {
	if s.flagTimer != nil {
		s.flagTimer.Stop()
		s.flagTimer = nil
	}
	if !s.rec.Settings.timed() || s.rec.over() {
		return
	}
	left := s.clockLocked(s.pos.SideToMove(), time.Now())
	gen := s.gen
	s.flagTimer = time.AfterFunc(durationMs(max(left, 0))+time.Millisecond, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.gen == gen {
			s.checkFlagLocked(time.Now())
		}
	})
}

// checkFlagLocked ends the game if the side to move is out of time and
// reports whether it did. The other side wins, unless it has not the
// material to mate: then the game is drawn.
func (s *session) checkFlagLocked(now time.Time) bool {
	if !s.rec.Settings.timed() || s.rec.over() {
		return false
	}
	c := s.pos.SideToMove()
	if left := s.clockLocked(c, now); left > 0 {
		s.armFlagLocked() // woken early: wait for the rest
		return false
	}
	result := "1-0"
	if c == chess.White {
		result = "0-1"
	}
	reason := "time"
	if !canMate(s.pos, c.Other()) {
		result, reason = "1/2-1/2", "time (insufficient material to win)"
	}
	s.endLocked(result, reason)
	return true
}
