package chess

import (
	"fmt"
	"strings"
)

// Tag is one PGN tag pair, such as [White "Carlsen, Magnus"].
type Tag struct {
	Name, Value string
}

// Annotation is what PGN movetext says about a move besides the move
// itself: numeric annotation glyphs and a comment.
type Annotation struct {
	// NAGs are the numeric annotation glyphs in the order given: $1 is
	// "!", $2 "?", $3 "!!", $4 "??", $5 "!?", $6 "?!" (the reader turns
	// those suffixes into their numbers).
	NAGs []uint8
	// Comment is the text of the comments after the move; several
	// comments are joined by a space and runs of white space are
	// collapsed into one space.
	Comment string
}

// Game is one game of a PGN file: its tags, its starting position (given
// by the tags), the moves of its main line, the comments and NAGs on
// those moves, and its result. Variations are read and checked but not
// kept. The zero Game is a game from the standard starting position with
// no tags and no moves.
type Game struct {
	// Tags are the tag pairs. The reader puts those of the Seven Tag
	// Roster (Event, Site, Date, Round, White, Black, Result) first, in
	// that order, then the others in the order of the file. The SetUp,
	// FEN and Variant tags give the starting position (see Start).
	Tags []Tag
	// Moves is the main line.
	Moves []Move
	// Annotations is either empty or as long as Moves: Annotations[i]
	// holds the NAGs and the comment that follow Moves[i].
	Annotations []Annotation
	// Comment is the comment before the first move.
	Comment string
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2" or
	// "*" (an unfinished or unknown game). The writer takes it for the
	// Result tag when the game has none.
	Result string
}

// The Seven Tag Roster, the tags every exported PGN game carries, in order.
var sevenTagRoster = [7]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// rosterIndex returns the place of name in the Seven Tag Roster, or -1.
func rosterIndex(name string) int {
	for i, r := range sevenTagRoster {
		if r == name {
			return i
		}
	}
	return -1
}

// NewGame returns a game without moves that starts from start, or from
// the standard starting position if start is nil. A non-standard start
// is recorded in the SetUp and FEN tags, and a Chess960 one in the
// Variant tag as well.
func NewGame(start *Position) *Game {
	g := &Game{Result: "*"}
	if start == nil || start.FEN() == StartFEN && !start.Chess960() {
		return g
	}
	if start.Chess960() {
		g.SetTag("Variant", "Chess960")
	}
	g.SetTag("SetUp", "1")
	g.SetTag("FEN", start.FEN())
	return g
}

// annotation returns the annotation of move i, making Annotations as long
// as needed.
func (g *Game) annotation(i int) *Annotation {
	for len(g.Annotations) <= i {
		g.Annotations = append(g.Annotations, Annotation{})
	}
	return &g.Annotations[i]
}

// Tag returns the value of the first tag with the given name, or "" if
// the game has none.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets the value of the first tag with the given name, or adds
// the tag at the end if the game has none.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Start returns the position the game starts from: the FEN tag's unless
// the SetUp tag is "0", else the standard starting position. A Variant
// tag naming Chess960 ("Chess960", "Fischerandom", ...) puts the position
// in Chess960 mode; Shredder-FEN or X-FEN castling rights in the FEN tag
// do so too. Other variants are refused with an error.
func (g *Game) Start() (*Position, error) {
	chess960, err := variantIsChess960(g.Tag("Variant"))
	if err != nil {
		return nil, err
	}
	var p *Position
	if fen := g.Tag("FEN"); fen != "" && g.Tag("SetUp") != "0" {
		if p, err = ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("FEN tag %q: %w", fen, err)
		}
	} else {
		p = StartPosition()
	}
	if chess960 {
		p.SetChess960(true)
	}
	return p, nil
}

// variantIsChess960 reads a Variant tag: true for Chess960, false for
// standard chess, an error for variants with other rules.
func variantIsChess960(variant string) (bool, error) {
	v := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(variant))
	switch v {
	case "", "standard", "normal", "chess", "fromposition":
		return false, nil
	case "chess960", "960", "fischerandom", "fischerrandom", "frc":
		return true, nil
	}
	return false, fmt.Errorf("variant %q is not supported (only standard chess and Chess960 are)", variant)
}

// Position returns the position at the end of the main line, replayed
// from Start, with the moves in its history (so repetitions count). An
// illegal move gives an error naming it.
func (g *Game) Position() (*Position, error) {
	p, err := g.Start()
	if err != nil {
		return nil, err
	}
	var list MoveList
	for i, m := range g.Moves {
		list.N = 0
		p.GenerateLegal(&list)
		if !list.Contains(m) {
			return nil, fmt.Errorf("move %d (%v) is not legal in position %s", i+1, m, p.FEN())
		}
		p.MakeMove(m)
	}
	return p, nil
}
