package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ferzchess/ferz/engine"
)

// level is a named playing strength of the engine.
type level struct {
	name string
	elo  int // engine.Limits.Elo: 0 for full strength
}

// levels are the strengths the level command offers, by number: 0 is full
// strength, 1 to 8 climb from engine.MinElo to engine.MaxElo.
var levels = []level{
	{"full strength", 0},
	{"beginner", engine.MinElo},
	{"novice", 1100},
	{"casual", 1400},
	{"club", 1700},
	{"strong club", 2000},
	{"expert", 2300},
	{"master", 2550},
	{"grandmaster", engine.MaxElo},
}

// String describes the level, such as "club (Elo 1700)".
func (l level) String() string {
	switch {
	case l.elo == 0:
		return l.name
	case l.name == "":
		return fmt.Sprintf("Elo %d", l.elo)
	}
	return fmt.Sprintf("%s (Elo %d)", l.name, l.elo)
}

// parseLevel reads a level: its number (0 to 8), its name, "full" or
// "max", or an Elo from engine.MinElo to engine.MaxElo, which gives an
// unnamed level of that strength.
func parseLevel(s string) (level, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(s); err == nil {
		switch {
		case n >= 0 && n < len(levels):
			return levels[n], nil
		case n >= engine.MinElo && n <= engine.MaxElo:
			return level{"", n}, nil
		}
		return level{}, fmt.Errorf("level %s is out of range: give a level from 0 to %d or an Elo from %d to %d (type level for the list)",
			s, len(levels)-1, engine.MinElo, engine.MaxElo)
	}
	switch s {
	case "full", "max", "maximum", "strongest":
		return levels[0], nil
	}
	for _, l := range levels {
		if l.name == s {
			return l, nil
		}
	}
	return level{}, fmt.Errorf("unknown level %q: give a level number, a name or an Elo (type level for the list)", s)
}

// levelList lists the named levels, one per line, marking the current one.
func levelList(current level) string {
	var sb strings.Builder
	for i, l := range levels {
		mark := " "
		if l == current {
			mark = "*"
		}
		fmt.Fprintf(&sb, "%s %d  %s\n", mark, i, l)
	}
	fmt.Fprintf(&sb, "level N chooses one; level %d..%d plays at that Elo.\n", engine.MinElo, engine.MaxElo)
	return sb.String()
}

// cmdLevel sets the engine's strength, or lists the levels.
func (s *Session) cmdLevel(args string) {
	if args == "" {
		s.printf("%s", levelList(s.level))
		return
	}
	l, err := parseLevel(args)
	if err != nil {
		s.printf("? %v\n", err)
		return
	}
	s.level = l
	s.printf("Ferz plays at %s.\n", l)
}
