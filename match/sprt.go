package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Penta counts game pairs (the same opening played with each colour) by
// the points one side scored in the pair: Penta[0] pairs lost twice (0
// points), Penta[1] a loss and a draw (½), Penta[2] two draws or a win
// and a loss (1), Penta[3] a win and a draw (1½), Penta[4] two wins (2).
type Penta [5]int

// Pairs returns the number of pairs counted.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// add counts a pair in which the side scored points (0, 0.5, ... 2).
func (p *Penta) add(points float64) {
	i := int(math.Round(points * 2))
	if i >= 0 && i <= 4 {
		p[i]++
	}
}

// meanVariance returns the mean and the variance of the score per game
// over the pairs (a pair scoring k/4 of its points), or ok false with
// fewer than one pair.
func (p Penta) meanVariance() (mean, variance float64, ok bool) {
	var counts [5]float64
	for k, c := range p {
		counts[k] = float64(c)
	}
	return meanVariance(counts)
}

func meanVariance(counts [5]float64) (mean, variance float64, ok bool) {
	n := 0.0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0, 0, false
	}
	for k, c := range counts {
		mean += c * float64(k) / 4
	}
	mean /= n
	for k, c := range counts {
		variance += c * sq(float64(k)/4-mean)
	}
	return mean, variance / n, true
}

// emptyBin is the count given to an outcome no pair has had yet, when
// computing the LLR: without it a run of identical pairs (a broken
// engine losing every game) would leave the likelihoods degenerate.
const emptyBin = 1e-3

// Elo returns the rating difference from the pairs and its 95% margin,
// with the variance taken over pairs rather than games, which accounts
// for the correlation of the two games of a pair.
func (p Penta) Elo() (elo, margin float64) {
	mean, variance, ok := p.meanVariance()
	if !ok {
		return math.NaN(), math.NaN()
	}
	return scoreInterval(mean, variance, float64(p.Pairs()))
}

// SPRT is a sequential probability ratio test of H0: the rating
// difference is Elo0 against H1: it is Elo1 (logistic Elo), with false
// positive rate Alpha and false negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	// Prior holds the game pairs of earlier runs of the same test (the
	// same engines and conditions, other openings), counted with this
	// run's, so that a test stopped early goes on where it was.
	Prior Penta
}

// ParseSPRT reads "elo0=0 elo1=5 alpha=0.05 beta=0.05" (alpha and beta
// default to 0.05), with an optional "prior=15,128,324,161,30": the
// pentanomial pair counts of earlier runs of the same test.
func ParseSPRT(spec string) (SPRT, error) {
	s := SPRT{Alpha: 0.05, Beta: 0.05}
	items, err := splitKeyValues(spec)
	if err != nil {
		return s, fmt.Errorf("sprt: %v", err)
	}
	seen := map[string]bool{}
	for _, it := range items {
		if it.Key == "prior" {
			if s.Prior, err = parsePenta(it.Value); err != nil {
				return s, fmt.Errorf("sprt %q: prior: %v", spec, err)
			}
			seen[it.Key] = true
			continue
		}
		v, err := strconv.ParseFloat(it.Value, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return s, fmt.Errorf("sprt %q: %s=%q is not a number", spec, it.Key, it.Value)
		}
		switch it.Key {
		case "elo0":
			s.Elo0 = v
		case "elo1":
			s.Elo1 = v
		case "alpha":
			s.Alpha = v
		case "beta":
			s.Beta = v
		default:
			return s, fmt.Errorf("sprt %q: unknown key %q (want elo0, elo1, alpha, beta, prior)", spec, it.Key)
		}
		seen[it.Key] = true
	}
	switch {
	case !seen["elo0"] || !seen["elo1"]:
		return s, fmt.Errorf("sprt %q: elo0 and elo1 are required", spec)
	case s.Elo0 >= s.Elo1:
		return s, fmt.Errorf("sprt %q: elo0 (%g) must be less than elo1 (%g)", spec, s.Elo0, s.Elo1)
	case s.Alpha <= 0 || s.Alpha >= 0.5 || s.Beta <= 0 || s.Beta >= 0.5:
		return s, fmt.Errorf("sprt %q: alpha and beta must be between 0 and 0.5", spec)
	}
	return s, nil
}

// parsePenta reads five pair counts separated by commas ("0,2,5,3,1").
func parsePenta(v string) (Penta, error) {
	var p Penta
	fields := strings.Split(v, ",")
	if len(fields) != len(p) {
		return p, fmt.Errorf("%q: want five pair counts separated by commas", v)
	}
	for i, f := range fields {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return p, fmt.Errorf("%q: %q is not a pair count", v, f)
		}
		p[i] = n
	}
	return p, nil
}

// Counted returns the pairs the test decides on: this run's pairs p
// and the prior ones.
func (s SPRT) Counted(p Penta) Penta {
	for i := range p {
		p[i] += s.Prior[i]
	}
	return p
}

// Bounds returns the log-likelihood ratios at which the test stops:
// below lower it accepts H0, above upper H1. lower = ln(β/(1-α)),
// upper = ln((1-β)/α).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR returns the generalized log-likelihood ratio of H1 against H0 for
// the pairs (the GSPRT on the pentanomial model). Each hypothesis fixes
// the expected score per game, s0 or s1 (ExpectedScore of Elo0, Elo1);
// for each, the distribution of the five pair outcomes x = 0, ¼, ½, ¾, 1
// that best explains the counts n_k while having that mean is
//
//	p_k = f_k / (1 + λ·(x_k - s)),
//
// f_k being the observed frequencies and λ the root of
// Σ f_k·(x_k - s)/(1 + λ·(x_k - s)) = 0 (found by bisection: the sum
// falls from +∞ to -∞ as λ runs over the interval where every
// denominator is positive). Then LLR = Σ n_k·ln(p1_k / p0_k).
//
// An outcome no pair has had yet counts as 0.001 pairs, so that a run of
// identical pairs still gives a finite, slowly growing LLR. For counts
// spread over the outcomes the LLR is close to the normal approximation
// N·(s1 - s0)·(2m - s0 - s1)/(2v) (m and v the mean and variance of the
// pair scores), which on the other hand overshoots wildly on a handful
// of identical pairs. The LLR is 0 before the first pair.
func (s SPRT) LLR(p Penta) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	var counts, freq [5]float64
	n := 0.0
	for k, c := range p {
		counts[k] = float64(c)
		if c == 0 {
			counts[k] = emptyBin
		}
		n += counts[k]
	}
	for k := range counts {
		freq[k] = counts[k] / n
	}
	p0 := constrainedMLE(freq, ExpectedScore(s.Elo0))
	p1 := constrainedMLE(freq, ExpectedScore(s.Elo1))
	llr := 0.0
	for k := range counts {
		llr += counts[k] * math.Log(p1[k]/p0[k])
	}
	return llr
}

// constrainedMLE returns the distribution over the pair outcomes k/4 of
// greatest likelihood for the frequencies f whose mean is score (0 <
// score < 1, every f_k > 0).
func constrainedMLE(f [5]float64, score float64) [5]float64 {
	d := func(k int) float64 { return float64(k)/4 - score }
	sum := func(lambda float64) float64 {
		t := 0.0
		for k := range f {
			t += f[k] * d(k) / (1 + lambda*d(k))
		}
		return t
	}
	// Every 1 + λ·d_k stays positive for -1/d_4 < λ < -1/d_0.
	lo, hi := -1/d(4), -1/d(0)
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if sum(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	lambda := lo + (hi-lo)/2
	var p [5]float64
	for k := range f {
		p[k] = f[k] / (1 + lambda*d(k))
	}
	return p
}

// Decision is the state of an SPRT.
type Decision int

// The states of an SPRT.
const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

// String says what the decision means.
func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Decide compares the LLR of the pairs with the bounds.
func (s SPRT) Decide(p Penta) Decision {
	llr := s.LLR(p)
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// String writes the test's parameters: "elo0=0 elo1=5 alpha=0.05
// beta=0.05", followed by " prior=..." when there are prior pairs.
func (s SPRT) String() string {
	str := fmt.Sprintf("elo0=%g elo1=%g alpha=%g beta=%g", s.Elo0, s.Elo1, s.Alpha, s.Beta)
	if s.Prior.Pairs() > 0 {
		str += fmt.Sprintf(" prior=%d,%d,%d,%d,%d", s.Prior[0], s.Prior[1], s.Prior[2], s.Prior[3], s.Prior[4])
	}
	return str
}
