package match

import "math"

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Tally counts the wins, draws and losses of one side of a pairing.
type Tally struct {
	Wins, Draws, Losses int
}

// Games returns the number of games.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score returns the points scored as a fraction of the games (a draw is
// half a point), or NaN with no games.
func (t Tally) Score() float64 {
	n := t.Games()
	if n == 0 {
		return math.NaN()
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(n)
}

// DrawRate returns the fraction of games drawn, or NaN with no games.
func (t Tally) DrawRate() float64 {
	n := t.Games()
	if n == 0 {
		return math.NaN()
	}
	return float64(t.Draws) / float64(n)
}

// EloDiff returns the rating difference that makes score the expected
// score in the logistic Elo model: -400·log10(1/score - 1). A score of 0
// or 1 gives -Inf or +Inf.
func EloDiff(score float64) float64 {
	return -400 * math.Log10(1/score-1)
}

// ExpectedScore is the inverse of EloDiff: 1 / (1 + 10^(-elo/400)).
func ExpectedScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Elo returns the rating difference the tally shows and the half width of
// its 95% confidence interval. The interval comes from the standard error
// of the mean score per game (the games taken as independent trials with
// outcomes 1, ½ and 0), mapped through EloDiff: the margin is half the
// distance between EloDiff(score+1.96·se) and EloDiff(score-1.96·se).
// The margin is NaN (and the Elo infinite) when every game had one result.
func (t Tally) Elo() (elo, margin float64) {
	n := float64(t.Games())
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	s := t.Score()
	w, d, l := float64(t.Wins)/n, float64(t.Draws)/n, float64(t.Losses)/n
	variance := w*sq(1-s) + d*sq(0.5-s) + l*sq(0-s)
	return scoreInterval(s, variance, n)
}

// scoreInterval turns a mean score, the variance of one trial and the
// number of trials into an Elo difference and its 95% margin.
func scoreInterval(s, variance, n float64) (elo, margin float64) {
	elo = EloDiff(s)
	se := math.Sqrt(variance / n)
	lo, hi := s-z95*se, s+z95*se
	if variance <= 0 || lo <= 0 || hi >= 1 {
		return elo, math.NaN()
	}
	return elo, (EloDiff(hi) - EloDiff(lo)) / 2
}

// LOS returns the likelihood of superiority: the probability that the
// side is the stronger, from wins and losses alone (draws say nothing
// about it): Φ((W-L)/√(W+L)) = ½·(1 + erf((W-L)/√(2(W+L)))). It is NaN
// without decisive games.
func (t Tally) LOS() float64 {
	wl := float64(t.Wins + t.Losses)
	if wl == 0 {
		return math.NaN()
	}
	return 0.5 * (1 + math.Erf(float64(t.Wins-t.Losses)/math.Sqrt(2*wl)))
}

func sq(x float64) float64 { return x * x }
