package web

import (
	"fmt"
	"net/http"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// Level is a named playing strength of the engine.
type Level struct {
	Name string `json:"name"`
	// Elo is passed to the engine as engine.Limits.Elo; 0 is full
	// strength.
	Elo int `json:"elo"`
}

// levelNames name the levels from the weakest up, one per 200 Elo from
// engine.MinElo; levels beyond the list are called by their Elo alone.
var levelNames = []string{
	"Beginner", "Novice", "Casual", "Club player", "Strong club player",
	"Expert", "Candidate master", "Master", "International master",
	"Grandmaster", "Super grandmaster",
}

// Levels returns the levels the board offers: from engine.MinElo to
// engine.MaxElo in steps of 200 Elo, then full strength (Elo 0).
func Levels() []Level {
	var ls []Level
	for i, elo := 0, engine.MinElo; elo <= engine.MaxElo; i, elo = i+1, elo+200 {
		name := eloLevelName(elo)
		if i < len(levelNames) {
			name = levelNames[i]
		}
		ls = append(ls, Level{Name: name, Elo: elo})
	}
	return append(ls, Level{Name: "Full strength", Elo: 0})
}

// levelName returns the name of the level with the given Elo.
func levelName(elo int) string {
	for _, l := range Levels() {
		if l.Elo == elo {
			return l.Name
		}
	}
	return eloLevelName(elo)
}

// eloLevelName is the name of a level without a name of its own, such as
// one a client chose between the board's levels.
func eloLevelName(elo int) string { return fmt.Sprintf("Elo %d", elo) }

// Limits of a game's settings.
const (
	maxBaseSeconds      = 3 * 60 * 60 // three hours
	maxIncrementSeconds = 180
)

// NewGameRequest is the body of POST /api/games.
type NewGameRequest struct {
	// Color is the person's colour: "white", "black" or "random".
	Color string `json:"color"`
	// Elo is the engine's level: 0 (full strength) or
	// engine.MinElo..engine.MaxElo.
	Elo int `json:"elo"`
	// Base and Increment are the time control in seconds; a base of 0 is
	// an untimed game.
	Base      int `json:"base"`
	Increment int `json:"increment"`
	// FEN is the starting position; empty for the standard one.
	FEN string `json:"fen"`
	// Chess960 plays Chess960 (castling as the king onto its rook): from
	// FEN if it is given, else from start position Chess960Position (0
	// to 959), or a random one when that is absent or null.
	Chess960         bool `json:"chess960"`
	Chess960Position *int `json:"chess960Position"`
	// Book says whether Ferz plays its first moves from the opening book
	// (at every level); absent or null for the server's default (on
	// unless Config.NoBook).
	Book *bool `json:"book"`
}

// Settings are what a game was started with.
type Settings struct {
	// Human is the person's colour, "white" or "black"; empty for an
	// imported game, which nobody plays.
	Human string `json:"human"`
	// Elo is the engine's level (0: full strength).
	Elo int `json:"elo"`
	// BaseMs and IncrementMs are the time control in milliseconds; a
	// base of 0 is an untimed game.
	BaseMs      int64 `json:"baseMs"`
	IncrementMs int64 `json:"incrementMs"`
	// NoBook turns the opening book off for the game. The zero value,
	// which games stored before the setting existed also read as, plays
	// from the book.
	NoBook bool `json:"noBook,omitempty"`
}

// timed reports whether the game has clocks.
func (s Settings) timed() bool { return s.BaseMs > 0 }

// humanColor returns the person's colour.
func (s Settings) humanColor() chess.Color {
	if s.Human == "black" {
		return chess.Black
	}
	return chess.White
}

// validate checks a new game request and returns the settings and the
// starting position it asks for. random(n) chooses among n: a colour for
// "random" (n = 2), a Chess960 start position (n = 960); noBook is the
// book setting of a request that does not give one.
func (req NewGameRequest) validate(random func(n int) int, noBook bool) (Settings, *chess.Position, error) {
	st := Settings{NoBook: noBook}
	if req.Book != nil {
		st.NoBook = !*req.Book
	}
	switch req.Color {
	case "white", "black":
		st.Human = req.Color
	case "random", "":
		st.Human = "white"
		if random(2) == 1 {
			st.Human = "black"
		}
	default:
		return st, nil, errorf(http.StatusBadRequest, "color %q is not one of white, black, random", req.Color)
	}
	if req.Elo != 0 && (req.Elo < engine.MinElo || req.Elo > engine.MaxElo) {
		return st, nil, errorf(http.StatusBadRequest, "elo %d is out of range: 0 (full strength) or %d to %d", req.Elo, engine.MinElo, engine.MaxElo)
	}
	st.Elo = req.Elo
	if req.Base < 0 || req.Base > maxBaseSeconds {
		return st, nil, errorf(http.StatusBadRequest, "base %d s is out of range 0 (untimed) to %d s", req.Base, maxBaseSeconds)
	}
	if req.Increment < 0 || req.Increment > maxIncrementSeconds {
		return st, nil, errorf(http.StatusBadRequest, "increment %d s is out of range 0 to %d s", req.Increment, maxIncrementSeconds)
	}
	if req.Base == 0 && req.Increment != 0 {
		return st, nil, errorf(http.StatusBadRequest, "an untimed game (base 0) cannot have an increment")
	}
	st.BaseMs = int64(req.Base) * 1000
	st.IncrementMs = int64(req.Increment) * 1000
	if req.Chess960Position != nil && !req.Chess960 {
		return st, nil, errorf(http.StatusBadRequest, "chess960Position is for a Chess960 game (chess960: true)")
	}
	p := chess.StartPosition()
	switch {
	case req.FEN != "":
		if req.Chess960Position != nil {
			return st, nil, errorf(http.StatusBadRequest, "give a FEN or a Chess960 start position, not both")
		}
		var err error
		if p, err = parseFEN(req.FEN); err != nil {
			return st, nil, err
		}
		if req.Chess960 {
			p.SetChess960(true)
		}
		if status := p.Status(); status.IsOver() {
			return st, nil, errorf(http.StatusBadRequest, "the position is already over (%v); set up one where a move can be made", status)
		}
	case req.Chess960:
		n := random(960)
		if req.Chess960Position != nil {
			n = *req.Chess960Position
		}
		var err error
		if p, err = chess.Chess960Position(n); err != nil {
			return st, nil, errorf(http.StatusBadRequest, "Chess960 start position %d is not 0 to 959", n)
		}
	}
	return st, p, nil
}

// durationMs converts milliseconds to a time.Duration.
func durationMs(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }
