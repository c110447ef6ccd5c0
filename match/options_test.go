package match

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestOptionAnswersBecomeWarnings starts a fake engine with options it
// declares, refuses, acknowledges and ignores, and checks that exactly
// the refused and the silently ignored ones are reported.
func TestOptionAnswersBecomeWarnings(t *testing.T) {
	cfg := fakeEngine("fake", "good")
	cfg.Options = []Option{
		{"Hash", "8"},          // declared
		{"HiddenDepth", "3"},   // acknowledged by an info string
		{"Bogus", "1"},         // refused: "No such option: Bogus"
		{"SilentKnob", "2"},    // neither declared nor answered
		{"UCI_Chess960", "no"}, // declared
	}
	e, err := StartEngine(context.Background(), cfg, 5*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Quit()
	got := strings.Join(e.Warnings, "\n")
	if len(e.Warnings) != 2 {
		t.Fatalf("want 2 warnings, got %d:\n%s", len(e.Warnings), got)
	}
	for _, want := range []string{`refused option "Bogus": No such option: Bogus`, `declares no option "SilentKnob" and did not answer it`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

func TestOptionWarnings(t *testing.T) {
	declared := map[string]bool{"hash": true}
	for _, c := range []struct {
		opt     Option
		answers []string
		want    string // a part of the one warning, or "" for none
	}{
		{Option{"Hash", "16"}, nil, ""},
		{Option{"Hash", "x"}, []string{`info string setoption Hash: "x" is not a number`}, "refused"},
		{Option{"LMRRootMax", "1"}, []string{"info string setoption LMRRootMax 1"}, ""},
		{Option{"LMRRootMax", "1"}, []string{`info string setoption: unknown option "LMRRootMax"`}, "refused"},
		{Option{"LMRRootMax", "1"}, []string{"info string something else"}, "did not answer"},
		{Option{"FutilityBase", "-5"}, []string{"info string setoption: FutilityBase -5 is out of range 0 to 300"}, "refused"},
	} {
		w := optionWarnings("e", []Option{c.opt}, declared, c.answers)
		switch {
		case c.want == "" && len(w) != 0:
			t.Errorf("%v %q: unexpected warnings %q", c.opt, c.answers, w)
		case c.want != "" && (len(w) != 1 || !strings.Contains(w[0], c.want)):
			t.Errorf("%v %q: warnings %q, want one with %q", c.opt, c.answers, w, c.want)
		}
	}
}
