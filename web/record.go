package web

import (
	"fmt"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// Record is a game as it is stored: everything needed to resume it,
// replay it and export it.
type Record struct {
	ID       int64     `json:"id"`
	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
	Settings Settings  `json:"settings"`
	// StartFEN is the position the game started from.
	StartFEN string       `json:"startFen"`
	Moves    []MoveRecord `json:"moves"`
	// ClockMs is the time left to White and Black (indexed by
	// chess.Color) at Updated, when the side to move's clock was last
	// stopped or started; zero in untimed games.
	ClockMs [2]int64 `json:"clockMs"`
	// Result is "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
	Result string `json:"result"`
	// Reason says how the game ended ("checkmate", "time", ...).
	Reason string `json:"reason,omitempty"`
	// Tags are the PGN tags of an imported game.
	Tags []chess.Tag `json:"tags,omitempty"`
	// Evals caches the evaluation graph: one score per position from the
	// start (len(Moves)+1), in centipawns for White.
	Evals []int `json:"evals,omitempty"`
}

// MoveRecord is one move of a game.
type MoveRecord struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	// ClockMs is the mover's time left after the move (increment
	// included); 0 in untimed games.
	ClockMs int64 `json:"clockMs,omitempty"`
	// ThinkMs is how long the mover took.
	ThinkMs int64 `json:"thinkMs"`
	// Book marks a move the engine played from the opening book.
	Book bool `json:"book,omitempty"`
}

// over reports whether the game has finished (or, imported, is not
// played on).
func (r *Record) over() bool { return r.Result != "*" || r.imported() }

// imported reports whether the game came from a PGN import.
func (r *Record) imported() bool { return r.Settings.Human == "" }

// players returns the names of White and Black.
func (r *Record) players() (white, black string) {
	if r.imported() {
		white, black = tagOr(r.Tags, "White", "?"), tagOr(r.Tags, "Black", "?")
		return white, black
	}
	ferz := "Ferz (full strength)"
	if r.Settings.Elo != 0 {
		ferz = fmt.Sprintf("Ferz (Elo %d)", r.Settings.Elo)
		if name := levelName(r.Settings.Elo); name != eloLevelName(r.Settings.Elo) {
			ferz = fmt.Sprintf("Ferz (%s, Elo %d)", name, r.Settings.Elo)
		}
	}
	if r.Settings.Human == "white" {
		return "You", ferz
	}
	return ferz, "You"
}

// tagOr returns the value of the named tag, or def.
func tagOr(tags []chess.Tag, name, def string) string {
	for _, t := range tags {
		if t.Name == name && t.Value != "" {
			return t.Value
		}
	}
	return def
}
