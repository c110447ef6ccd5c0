package match

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestStandingsCountGamesAndPairs(t *testing.T) {
	cfgs := []EngineConfig{{Name: "A"}, {Name: "B", Rating: 1500}, {Name: "C"}}
	ps := makePairings(3, false)
	s := newStandings(cfgs, ps, 6)
	games := makeSchedule(ps, 2, nil)
	// A-B: A wins as White, draws as Black (pair 1.5 for A).
	// A-C: C wins both.  B-C: draw, then an aborted game.
	results := []string{"1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "*"}
	var pairsDone int
	for i, g := range games {
		if s.record(g, results[i]) {
			pairsDone++
		}
	}
	if s.Played != 5 || pairsDone != 2 {
		t.Fatalf("played %d, pairs %d; want 5 and 2", s.Played, pairsDone)
	}
	if s.Pairings[0].Tally != (Tally{Wins: 1, Draws: 1}) || s.Pairings[0].Penta != (Penta{3: 1}) {
		t.Errorf("A vs B: %+v", s.Pairings[0])
	}
	if s.Pairings[1].Tally != (Tally{Losses: 2}) || s.Pairings[1].Penta != (Penta{0: 1}) {
		t.Errorf("A vs C: %+v", s.Pairings[1])
	}
	totals := s.Totals()
	if totals[0] != (Tally{Wins: 1, Draws: 1, Losses: 2}) || totals[2] != (Tally{Wins: 2, Draws: 1}) {
		t.Errorf("totals %+v", totals)
	}
	var table bytes.Buffer
	s.WriteTable(&table)
	for _, want := range []string{"A vs B", "engine vs field", "75.0%"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
	var md bytes.Buffer
	r := &Results{Standings: s, Stopped: true}
	if err := r.WriteMarkdown(&md, "title", []string{"tc 1+0"}, time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## 2026-01-02 03:04 UTC: title", "- tc 1+0", "- stopped after 5 of 6 games", "| A | B | 2 | 1 | 1 | 0 | 75.0% | +190.8 |", "1500 | 1691 |"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
	if strings.Contains(md.String(), "Clock") {
		t.Errorf("markdown tells of a clock no game used:\n%s", md.String())
	}
	s.recordClock(games[0], [2]ClockUse{
		{Moves: 2, Spent: time.Second, Phases: [ClockPhases]PhaseUse{{2, time.Second}}, Left: 3 * time.Second, Timed: true},
		{Moves: 1, Spent: time.Second, Phases: [ClockPhases]PhaseUse{{1, time.Second}}},
	})
	md.Reset()
	if err := r.WriteMarkdown(&md, "title", nil, time.Now()); err != nil {
		t.Fatal(err)
	}
	if want := "\nClock: A 0.500 s a move, 3.00 s left at the end (median; quartiles 3.00-3.00 s); B 1.000 s a move\n"; !strings.Contains(md.String(), want) {
		t.Errorf("markdown lacks %q:\n%s", want, md.String())
	}
	if want := "\nClock by move: A moves 1-10 0.500 s; B moves 1-10 1.000 s\n"; !strings.Contains(md.String(), want) {
		t.Errorf("markdown lacks %q:\n%s", want, md.String())
	}
}
