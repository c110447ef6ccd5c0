package tune

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// On a made-up match whose expected result is best when RFPMargin is 110
// and LMRBase 50, SPSA moves both from their defaults (the engine's, 59
// and 80 since the second tuning) most of the way there, and leaves a
// parameter that makes no difference near where it started.
func TestSPSAClimbsAMadeUpObjective(t *testing.T) {
	s, err := NewSPSA([]string{"RFPMargin", "LMRBase", "AspirationDelta"}, 4000, 0.02, 7)
	if err != nil {
		t.Fatal(err)
	}
	strength := func(v []int) float64 {
		a, b := float64(v[0]-110)/40, float64(v[1]-50)/40
		return -(a*a + b*b)
	}
	start := map[string]float64{}
	for _, p := range s.Params {
		start[p.Name] = p.Value
	}
	r := rand.New(rand.NewPCG(1, 2))
	game := func(plus, minus float64) float64 { // a win of plus: 1, a draw: 0.5
		p := 1 / (1 + math.Exp(-(plus-minus)*2))
		switch x := r.Float64(); {
		case x < 0.5*p:
			return 1
		case x > 1-0.5*(1-p):
			return 0
		}
		return 0.5
	}
	for k := 1; k <= s.Iterations; k++ {
		tr := s.Trial(k)
		sp, sm := strength(tr.Plus), strength(tr.Minus)
		score := game(sp, sm) + game(sp, sm) // two games: plus scores 0 to 2
		s.Update(tr, score-1)                // wins - losses
	}
	if s.Done != 4000 {
		t.Errorf("Done = %d", s.Done)
	}
	v := map[string]float64{}
	for _, p := range s.Params {
		v[p.Name] = p.Value
	}
	if v["RFPMargin"] < 100 || v["RFPMargin"] > 120 || v["LMRBase"] < 40 || v["LMRBase"] > 62 {
		t.Errorf("RFPMargin %.1f (want about 110), LMRBase %.1f (want about 50)", v["RFPMargin"], v["LMRBase"])
	}
	if math.Abs(v["AspirationDelta"]-start["AspirationDelta"]) > 8 {
		t.Errorf("AspirationDelta, which changes nothing here, moved from %.1f to %.1f", start["AspirationDelta"], v["AspirationDelta"])
	}
}

func TestSPSATrialsStayInRangeAndMirror(t *testing.T) {
	s, err := NewSPSA(nil, 100, 0.002, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1, 50, 100} {
		tr := s.Trial(k)
		for i, p := range s.Params {
			for _, v := range []int{tr.Plus[i], tr.Minus[i]} {
				if float64(v) < p.Min || float64(v) > p.Max {
					t.Errorf("trial %d: %s = %d outside %v..%v", k, p.Name, v, p.Min, p.Max)
				}
			}
			if up, down := float64(tr.Plus[i])-p.Value, p.Value-float64(tr.Minus[i]); math.Abs(up-down) > 1 || up == 0 {
				t.Errorf("trial %d: %s moved by %v up and %v down", k, p.Name, up, down)
			}
		}
		if !reflect.DeepEqual(tr, s.Trial(k)) {
			t.Errorf("trial %d differs when drawn again", k)
		}
	}
	// A perturbation shrinks with the iteration, to CEnd at the last.
	first, last := s.Trial(1), s.Trial(100)
	p := s.Params[0]
	if d1, dn := math.Abs(float64(first.Plus[0])-p.Value), math.Abs(float64(last.Plus[0])-p.Value); d1 <= dn || math.Abs(dn-p.CEnd) > 0.5 {
		t.Errorf("%s perturbed by %v at the first trial and %v at the last (CEnd %v)", p.Name, d1, dn, p.CEnd)
	}
}

func TestSPSAStateRoundTrip(t *testing.T) {
	s, err := NewSPSA([]string{"lmrbase", "RFPMargin"}, 10, 0.002, 3)
	if err != nil {
		t.Fatal(err)
	}
	s.Update(s.Trial(1), 2)
	var b bytes.Buffer
	if _, err := s.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSPSA(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s, back) {
		t.Errorf("read back %+v, wrote %+v", back, s)
	}
	if got := s.Values(); len(got) != 2 || got[0].Name != "RFPMargin" || got[1].Name != "LMRBase" {
		t.Errorf("Values = %v", got)
	}
}

func TestSPSARefusesBadInput(t *testing.T) {
	for _, c := range []struct {
		names []string
		n     int
		r     float64
		want  string
	}{
		{[]string{"Nope"}, 10, 0.002, `no search parameter called "Nope"`},
		{nil, 0, 0.002, "at least one iteration"},
		{nil, 10, 0, "not a positive number"},
		{nil, 10, math.NaN(), "not a positive number"},
	} {
		if _, err := NewSPSA(c.names, c.n, c.r, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewSPSA(%v, %d, %v): err = %v, want %q", c.names, c.n, c.r, err, c.want)
		}
	}
	for _, doc := range []string{
		``, `{`, `[]`, `{"params": []}`,
		`{"params": [{"name": "X", "value": 1, "min": 0, "max": 2, "c_end": 1, "r_end": 1}], "iterations": 5, "alpha": 0.6, "gamma": 0.1}`,
		`{"params": [{"name": "RFPMargin", "value": 500, "min": 20, "max": 200, "c_end": 8, "r_end": 0.002}], "iterations": 5, "alpha": 0.6, "gamma": 0.1}`,
		`{"params": [{"name": "RFPMargin", "value": 80, "min": 20, "max": 200, "c_end": 8, "r_end": 0.002}], "iterations": 5, "done": 9, "alpha": 0.6, "gamma": 0.1}`,
		`{"params": [{"name": "RFPMargin", "value": 80, "min": 20, "max": 200, "c_end": 8, "r_end": 0.002}], "iterations": 5, "alpha": 0.6, "gamma": 0.1, "extra": 1}`,
		`{"params": [{"name": "RFPMargin", "value": 80, "min": 20, "max": 1e9, "c_end": 8, "r_end": 0.002}], "iterations": 5, "alpha": 0.6, "gamma": 0.1}`,
	} {
		if _, err := ReadSPSA(strings.NewReader(doc)); err == nil {
			t.Errorf("ReadSPSA(%s) accepted it", doc)
		}
	}
	ok := `{"params": [{"name": "RFPMargin", "value": 80, "min": 20, "max": 200, "c_end": 8, "r_end": 0.002}], "iterations": 5, "alpha": 0.6, "gamma": 0.1}`
	if _, err := ReadSPSA(strings.NewReader(ok)); err != nil {
		t.Errorf("a good state refused: %v", err)
	}
}
