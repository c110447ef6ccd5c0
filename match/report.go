package match

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// WriteMarkdown writes the results as a Markdown section: a heading with
// the date and title, the conditions as a list, and a table with a row
// per pairing (from the first engine's point of view) giving the games,
// W/D/L, score, Elo with its 95% margin, LOS and draw rate, and, where
// the opponent's rating is known, the first engine's rating it implies;
// then the SPRT's state, if one ran, and how each engine used its time.
func (r *Results) WriteMarkdown(w io.Writer, title string, conditions []string, when time.Time) error {
	var b strings.Builder
	fmt.Fprintf(&b, "\n## %s: %s\n\n", when.UTC().Format("2006-01-02 15:04 UTC"), title)
	for _, c := range conditions {
		fmt.Fprintf(&b, "- %s\n", c)
	}
	if r.Stopped {
		fmt.Fprintf(&b, "- stopped after %d of %d games\n", r.Played, r.Planned)
	}
	if len(conditions) > 0 || r.Stopped {
		b.WriteString("\n")
	}
	rated := false
	for i := range r.Pairings {
		if r.rating(r.Pairings[i].B) > 0 {
			rated = true
		}
	}
	b.WriteString("| engine | opponent | games | + | = | - | score | Elo | ±95% | LOS | draws |")
	sep := "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	if rated {
		b.WriteString(" opponent rating | implied rating |")
		sep += "---:|---:|"
	}
	b.WriteString("\n" + sep + "\n")
	for _, p := range r.Pairings {
		t := p.Tally
		elo, margin := t.Elo()
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %s | %s | %s | %s | %s |",
			mdEscape(p.A), mdEscape(p.B), t.Games(), t.Wins, t.Draws, t.Losses,
			percent(t.Score()), signed(elo), unsigned(margin), percent(t.LOS()), percent(t.DrawRate()))
		if rated {
			opp := r.rating(p.B)
			switch {
			case opp <= 0:
				b.WriteString(" | |")
			case isFinite(elo):
				fmt.Fprintf(&b, " %.0f | %.0f |", opp, opp+elo)
			default:
				fmt.Fprintf(&b, " %.0f | - |", opp)
			}
		}
		b.WriteString("\n")
	}
	if r.SPRT != nil && len(r.Pairings) == 1 {
		fmt.Fprintf(&b, "\n%s; %v\n", sprtLine(r.SPRT, r.Pairings[0].Penta), r.Decision)
	}
	for _, line := range r.clockLines() {
		fmt.Fprintf(&b, "\n%s\n", line)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// rating returns the known rating of the engine called name, or 0.
func (r *Results) rating(name string) float64 {
	for i, n := range r.Engines {
		if n == name && i < len(r.Ratings) {
			return r.Ratings[i]
		}
	}
	return 0
}

func isFinite(x float64) bool { return x-x == 0 }

// mdEscape keeps a name from breaking a Markdown table.
func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
