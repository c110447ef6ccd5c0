package match

import (
	"math"
	"strings"
	"testing"
)

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// The worked numbers below were computed by hand (and checked with a
// calculator); the comments show the steps.

func TestEloOfSixtyWinsFortyLossesHundredDraws(t *testing.T) {
	tally := Tally{Wins: 60, Draws: 100, Losses: 40}
	// score = (60 + 100/2) / 200 = 0.55
	// Elo = -400·log10(1/0.55 - 1) = -400·log10(0.818182) = +34.86
	// per-game variance = 0.3·0.45² + 0.5·0.05² + 0.2·0.55² = 0.1225
	// se = √(0.1225/200) = 0.0247487; 1.96·se = 0.0485064
	// Elo(0.5985064) = +69.47, Elo(0.5014936) = +1.038
	// margin = (69.47 - 1.038) / 2 = 34.16
	elo, margin := tally.Elo()
	if !near(elo, 34.86, 0.01) || !near(margin, 34.16, 0.01) {
		t.Errorf("Elo = %.3f ± %.3f, want +34.86 ± 34.16", elo, margin)
	}
	if got := tally.Score(); got != 0.55 {
		t.Errorf("score %v, want 0.55", got)
	}
	if got := tally.DrawRate(); got != 0.5 {
		t.Errorf("draw rate %v, want 0.5", got)
	}
	// LOS = ½(1 + erf((60-40)/√(2·100))) = ½(1 + erf(1.41421)) = ½(1 + 0.954500) = 0.97725
	if got := tally.LOS(); !near(got, 0.97725, 1e-5) {
		t.Errorf("LOS %.5f, want 0.97725", got)
	}
}

func TestEloWorkedExamples(t *testing.T) {
	tests := []struct {
		tally      Tally
		elo, marg  float64
		los        float64
		infiniteOK bool
	}{
		// 50 wins, 50 losses: score 0.5, Elo 0; variance = 0.25, se =
		// √(0.25/100) = 0.05, 1.96·se = 0.098; Elo(0.598) = -400·log10(
		// 0.672241) = +68.99 and Elo(0.402) = -68.99: margin 68.99. LOS ½.
		{Tally{Wins: 50, Losses: 50}, 0, 68.99, 0.5, false},
		// 3 wins, 1 loss: score 0.75, Elo = -400·log10(1/3) = +190.85;
		// variance = 0.75·0.0625 + 0.25·0.5625 = 0.1875, se = √(0.1875/4)
		// = 0.216506; 0.75 + 1.96·0.2165 > 1: no margin. LOS = ½(1 +
		// erf(2/√8)) = ½(1 + erf(0.707107)) = ½(1 + 0.682689) = 0.841345.
		{Tally{Wins: 3, Losses: 1}, 190.85, math.NaN(), 0.841345, false},
		// All draws: Elo 0, variance 0: no margin, no LOS.
		{Tally{Draws: 10}, 0, math.NaN(), math.NaN(), false},
		// All wins: +inf.
		{Tally{Wins: 4}, math.Inf(1), math.NaN(), 0.97725, true},
	}
	for _, tt := range tests {
		elo, margin := tt.tally.Elo()
		if !(near(elo, tt.elo, 0.01) || (math.IsInf(tt.elo, 1) && math.IsInf(elo, 1))) {
			t.Errorf("%+v: Elo %v, want %v", tt.tally, elo, tt.elo)
		}
		if math.IsNaN(tt.marg) != math.IsNaN(margin) || (!math.IsNaN(tt.marg) && !near(margin, tt.marg, 0.05)) {
			t.Errorf("%+v: margin %v, want %v", tt.tally, margin, tt.marg)
		}
		if los := tt.tally.LOS(); math.IsNaN(tt.los) != math.IsNaN(los) || (!math.IsNaN(los) && !near(los, tt.los, 1e-5)) {
			t.Errorf("%+v: LOS %v, want %v", tt.tally, los, tt.los)
		}
	}
}

func TestEloDiffAndExpectedScoreAreInverse(t *testing.T) {
	// 10^(-200/400) = 0.316228, so E(+200) = 1/1.316228 = 0.759747.
	if got := ExpectedScore(200); !near(got, 0.759747, 1e-6) {
		t.Errorf("ExpectedScore(200) = %v, want 0.759747", got)
	}
	for _, elo := range []float64{-800, -35, 0, 5, 400} {
		if got := EloDiff(ExpectedScore(elo)); !near(got, elo, 1e-9) {
			t.Errorf("EloDiff(ExpectedScore(%v)) = %v", elo, got)
		}
	}
}

func TestSPRTBounds(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	// ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = +2.944439
	lo, hi := s.Bounds()
	if !near(lo, -2.944439, 1e-6) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("bounds [%v, %v], want ±2.944439", lo, hi)
	}
	// Unequal rates: ln(0.1/0.95) = -2.251292, ln(0.9/0.05) = 2.890372.
	lo, hi = SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}.Bounds()
	if !near(lo, -2.251292, 1e-6) || !near(hi, 2.890372, 1e-6) {
		t.Errorf("bounds [%v, %v], want [-2.251292, 2.890372]", lo, hi)
	}
}

func TestSPRTLLRWorkedExamples(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	// s0 = 0.5, s1 = 1/(1 + 10^(-5/400)) = 0.5071951.
	//
	// The "gsprt" values come from a separate implementation of the
	// constrained maximum likelihood (a short script, bisection on λ);
	// the "normal" ones are the normal approximation done by hand, which
	// the GSPRT must come close to when every outcome is well populated.
	tests := []struct {
		name          string
		penta         Penta
		gsprt, normal float64
		elo           float64
		want          Decision
	}{
		// Symmetric [5 20 50 20 5], 100 pairs: mean 0.5 = s0, so under
		// H0 the constrained fit is the data itself (λ0 = 0). Normal:
		// variance = (5·0.25 + 20·0.0625 + 20·0.0625 + 5·0.25)/100 = 0.05,
		// LLR = 100 · 0.0071951 · (1 - 1.0071951) / (2·0.05) = -0.051769.
		{"even", Penta{5, 20, 50, 20, 5}, -0.051739, -0.051769, 0, Continue},
		// [10 60 120 90 20], 300 pairs: mean = (15 + 60 + 67.5 + 20)/300
		// = 0.5416667; E[x²] = (3.75 + 30 + 50.625 + 20)/300 = 0.3479167,
		// variance = 0.3479167 - 0.2934028 = 0.0545139. Normal: LLR =
		// 300 · 0.0071951 · (1.0833333 - 1.0071951) / 0.1090278 = 1.50738.
		// Elo = -400·log10(1/0.5416667 - 1) = +29.02.
		{"ahead", Penta{10, 60, 120, 90, 20}, 1.460222, 1.50738, 29.02, Continue},
		// Ten times as many pairs: ten times the LLR, past the upper bound.
		{"accepted", Penta{100, 600, 1200, 900, 200}, 14.602216, 15.0738, 29.02, AcceptH1},
		// The mirror image: mean 0.4583333, the same variance;
		// 2m - s0 - s1 = 0.9166667 - 1.0071951 = -0.0905285, so the
		// normal LLR = 3000 · 0.0071951 · -0.0905285 / 0.1090278 =
		// -17.9228: far below the lower bound.
		{"rejected", Penta{200, 900, 1200, 600, 100}, -17.192792, -17.92275, -29.02, AcceptH0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := s.LLR(tt.penta)
			if !near(got, tt.gsprt, 1e-5) {
				t.Errorf("LLR %.6f, want %.6f", got, tt.gsprt)
			}
			if math.Abs(got-tt.normal) > 0.05*math.Abs(tt.normal)+1e-4 {
				t.Errorf("LLR %.6f is not within 5%% of the normal approximation %.6f", got, tt.normal)
			}
			if elo, _ := tt.penta.Elo(); !near(elo, tt.elo, 0.01) {
				t.Errorf("Elo %.3f, want %.2f", elo, tt.elo)
			}
			if got := s.Decide(tt.penta); got != tt.want {
				t.Errorf("decision %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSPRTWithIdenticalPairs(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if got := s.LLR(Penta{}); got != 0 {
		t.Errorf("LLR without pairs = %v, want 0", got)
	}
	// One won pair proves next to nothing (the normal approximation
	// would say 1.92, and 7.6 after two); 37 won pairs and 2 drawn ones
	// (fastchess stopped such a run with elo1 = 20 at LLR 2.96) give
	// 0.557 against elo1 = 5. Values from the separate script.
	if got := s.LLR(Penta{4: 1}); !near(got, 0.014316, 1e-5) {
		t.Errorf("LLR of one won pair = %v, want 0.014316", got)
	}
	if got := s.LLR(Penta{2: 2, 4: 37}); !near(got, 0.557229, 1e-5) {
		t.Errorf("LLR of [0 0 2 0 37] = %v, want 0.557229", got)
	}
	if got := s.LLR(Penta{2: 7}); !near(got, -0.096301, 1e-5) {
		t.Errorf("LLR of seven drawn pairs = %v, want -0.096301", got)
	}
	// Enough won pairs do decide.
	if got := s.Decide(Penta{4: 400}); got != AcceptH1 {
		t.Errorf("400 won pairs: %v (LLR %v)", got, s.LLR(Penta{4: 400}))
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("elo0=0 elo1=5 alpha=0.05 beta=0.1")
	if err != nil || s != (SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}) {
		t.Errorf("got %+v, %v", s, err)
	}
	s, err = ParseSPRT("elo0=0 elo1=10 prior=15,128,324,161,30")
	if err != nil || s.Prior != (Penta{15, 128, 324, 161, 30}) || s.Alpha != 0.05 {
		t.Errorf("with a prior: got %+v, %v", s, err)
	}
	if got, want := s.String(), "elo0=0 elo1=10 alpha=0.05 beta=0.05 prior=15,128,324,161,30"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	for _, bad := range []string{"elo0=5 elo1=0", "elo1=5", "elo0=0 elo1=5 alpha=0.7", "elo0=x elo1=5", "elo0=0 elo1=5 gamma=1", "elo0=0 elo1",
		"elo0=0 elo1=5 prior=1,2,3,4", "elo0=0 elo1=5 prior=1,2,3,4,5,6", "elo0=0 elo1=5 prior=1,2,-3,4,5", "elo0=0 elo1=5 prior=a,b,c,d,e", "elo0=0 elo1=5 prior="} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
}

func TestSPRTCountsPriorPairs(t *testing.T) {
	// The two runs of the fine-tuned network's test (2026-11-25): each
	// undecided alone, H1 together.
	first, second := Penta{6, 72, 183, 81, 15}, Penta{9, 56, 141, 80, 15}
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if s.Decide(first) != Continue || s.Decide(second) != Continue {
		t.Fatalf("each run alone should be undecided: LLR %.2f and %.2f", s.LLR(first), s.LLR(second))
	}
	s.Prior = first
	counted := s.Counted(second)
	if counted != (Penta{15, 128, 324, 161, 30}) {
		t.Errorf("Counted = %v", counted)
	}
	if got := s.Decide(counted); got != AcceptH1 {
		t.Errorf("both runs: %v (LLR %.2f), want H1", got, s.LLR(counted))
	}
	if !strings.Contains(sprtLine(&s, second), "pairs [15 128 324 161 30]") {
		t.Errorf("the SPRT line does not count the prior pairs: %s", sprtLine(&s, second))
	}
}
