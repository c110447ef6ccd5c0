package match

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// PairingResult is the record of one pairing from the point of view of
// engine A: its wins, draws and losses against B, and the game pairs.
type PairingResult struct {
	A, B  string
	Tally Tally
	Penta Penta
}

// Standings are the results of a match so far.
type Standings struct {
	// Engines are the engines' names, in the order they were given.
	Engines []string
	// Ratings are the engines' known ratings (0 when unknown).
	Ratings []float64
	// Pairings hold the results of each pairing.
	Pairings []PairingResult
	// Played and Planned count the games.
	Played, Planned int
	// Faults counts, for each engine, the games it lost by each kind of
	// fault (time forfeits, crashes, illegal moves, ...).
	Faults []map[FaultKind]int
	// Clock sums, for each engine, how it used its time.
	Clock []ClockStats

	pairs    []pairing
	firstOfP map[int]float64 // A's points in the first finished game of each pair
}

func newStandings(cfgs []EngineConfig, ps []pairing, planned int) *Standings {
	s := &Standings{Planned: planned, pairs: ps, firstOfP: map[int]float64{}}
	for _, c := range cfgs {
		s.Engines = append(s.Engines, c.Name)
		s.Ratings = append(s.Ratings, c.Rating)
		s.Faults = append(s.Faults, map[FaultKind]int{})
		s.Clock = append(s.Clock, ClockStats{})
	}
	for _, p := range ps {
		s.Pairings = append(s.Pairings, PairingResult{A: cfgs[p.A].Name, B: cfgs[p.B].Name})
	}
	return s
}

// record counts a finished game and reports whether it completed a game
// pair.
func (s *Standings) record(g gameSpec, result string) (pairDone bool) {
	var white float64
	switch result {
	case "1-0":
		white = 1
	case "1/2-1/2":
		white = 0.5
	case "0-1":
		white = 0
	default:
		return false
	}
	s.Played++
	pr := &s.Pairings[g.pairing]
	a := white
	if g.white != s.pairs[g.pairing].A {
		a = 1 - white
	}
	switch a {
	case 1:
		pr.Tally.Wins++
	case 0.5:
		pr.Tally.Draws++
	default:
		pr.Tally.Losses++
	}
	if first, ok := s.firstOfP[g.pair]; ok {
		delete(s.firstOfP, g.pair)
		pr.Penta.add(first + a)
		return true
	}
	s.firstOfP[g.pair] = a
	return false
}

// recordFault counts a game that engine lost by a fault of kind k.
func (s *Standings) recordFault(engine int, k FaultKind) {
	s.Faults[engine][k]++
}

// WriteFaults writes one line: the games each engine lost by a fault,
// by kind ("Faults: new 1 time forfeit; base none"), so that time
// forfeits are counted without reading every game.
func (s *Standings) WriteFaults(w io.Writer) {
	parts := make([]string, len(s.Engines))
	for i, name := range s.Engines {
		var kinds []string
		for k := FaultStart; k <= FaultGarbage; k++ {
			if n := s.Faults[i][k]; n > 0 {
				kinds = append(kinds, fmt.Sprintf("%d %v", n, k))
			}
		}
		if len(kinds) == 0 {
			kinds = []string{"none"}
		}
		parts[i] = name + " " + strings.Join(kinds, ", ")
	}
	fmt.Fprintf(w, "Faults: %s\n", strings.Join(parts, "; "))
}

// Totals returns each engine's record against all the others.
func (s *Standings) Totals() []Tally {
	t := make([]Tally, len(s.Engines))
	for i, p := range s.pairs {
		r := s.Pairings[i].Tally
		t[p.A].Wins += r.Wins
		t[p.A].Draws += r.Draws
		t[p.A].Losses += r.Losses
		t[p.B].Wins += r.Losses
		t[p.B].Draws += r.Draws
		t[p.B].Losses += r.Wins
	}
	return t
}

// tableHeader and tableRow lay out the standings table.
const tableHeader = "%-*s %6s %5s %5s %5s %7s %8s %7s %7s %6s\n"

// WriteTable writes the standings: one row per pairing (from the first
// engine's point of view) and, with more than one pairing in a round
// robin, one row per engine against the field.
func (s *Standings) WriteTable(w io.Writer) {
	width := len("pairing")
	for _, p := range s.Pairings {
		width = max(width, len(p.A)+len(p.B)+4)
	}
	fmt.Fprintf(w, tableHeader, width, "pairing", "games", "+", "=", "-", "score", "elo", "±95%", "los", "draws")
	for _, p := range s.Pairings {
		writeRow(w, width, p.A+" vs "+p.B, p.Tally)
	}
	if len(s.Pairings) > 1 && len(s.Pairings) > len(s.Engines)-1 {
		fmt.Fprintln(w)
		fmt.Fprintf(w, tableHeader, width, "engine vs field", "games", "+", "=", "-", "score", "elo", "±95%", "los", "draws")
		for i, t := range s.Totals() {
			writeRow(w, width, s.Engines[i], t)
		}
	}
}

func writeRow(w io.Writer, width int, name string, t Tally) {
	elo, margin := t.Elo()
	fmt.Fprintf(w, "%-*s %6d %5d %5d %5d %7s %8s %7s %7s %6s\n", width, name, t.Games(), t.Wins, t.Draws, t.Losses,
		percent(t.Score()), signed(elo), unsigned(margin), percent(t.LOS()), percent(t.DrawRate()))
}

// Line is a one-line summary of a pairing: "Ferz vs SF: 20 games, +12 =3
// -5, score 67.5%, Elo +127.0 ± 85.3, LOS 98.6%, draws 15.0%".
func (p PairingResult) Line() string {
	t := p.Tally
	elo, margin := t.Elo()
	games := "games"
	if t.Games() == 1 {
		games = "game"
	}
	return fmt.Sprintf("%s vs %s: %d %s, +%d =%d -%d, score %s, Elo %s ± %s, LOS %s, draws %s",
		p.A, p.B, t.Games(), games, t.Wins, t.Draws, t.Losses, percent(t.Score()), signed(elo), unsigned(margin), percent(t.LOS()), percent(t.DrawRate()))
}

func percent(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

func signed(x float64) string {
	switch {
	case math.IsNaN(x):
		return "-"
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.Abs(x) < 0.05:
		return "0.0" // no "-0.0" for an even score
	}
	return fmt.Sprintf("%+.1f", x)
}

func unsigned(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf("%.1f", x)
}

// pentaString writes pair counts as "[LL LD DD WD WW] = [1 2 3 2 1]".
func pentaString(p Penta) string {
	parts := make([]string, len(p))
	for i, n := range p {
		parts[i] = fmt.Sprint(n)
	}
	return "[" + strings.Join(parts, " ") + "]"
}
