package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/engine"
	"github.com/ferzchess/ferz/tune"
)

func TestTuneSPSAPlaysAndContinues(t *testing.T) {
	ferz := selfAsEngine(t)
	openings := writeTemp(t, "openings.epd", tuneOpenings)
	state := filepath.Join(t.TempDir(), "spsa.json")
	spsa := func(extra ...string) (int, string, string) {
		args := append([]string{"tune", "spsa", "-state", state, "-engine", "cmd=" + ferz + " option.Hash=8",
			"-nodes", "800", "-openings", openings, "-concurrency", "2", "-params", "RFPMargin,LMRBase"}, extra...)
		return runFerz(args...)
	}
	code, out, errOut := spsa("-iterations", "2", "-debug")
	if code != 0 {
		t.Fatalf("exit status %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	// The first pair's engines get RFPMargin moved each way from its
	// default by its step x 2^0.101, and neither refuses it.
	var rfp engine.Param
	for _, p := range engine.Params() {
		if p.Name == "RFPMargin" {
			rfp = p
		}
	}
	c := rfp.Step * math.Pow(2, 0.101)
	down := fmt.Sprintf("setoption name RFPMargin value %.0f", math.Round(float64(rfp.Default)-c))
	up := fmt.Sprintf("setoption name RFPMargin value %.0f", math.Round(float64(rfp.Default)+c))
	for _, want := range []string{down, up, "setoption name LMRBase value "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("the engines were not sent %q", want)
		}
	}
	// Ferz acknowledges a parameter with "info string setoption NAME N";
	// its refusals read "info string setoption: ..." or "... is not a
	// whole number", and the runner warns of them.
	if strings.Contains(errOut, "info string setoption:") || strings.Contains(errOut, "is not a whole number") || strings.Contains(out+errOut, "refused option") {
		t.Errorf("an engine refused an option:\n%s", errOut)
	}
	for _, want := range []string{"SPSA: 0 of 2 pairs played, 2 parameters", "pair 1: plus ", "pair 2: plus ", "options: option.RFPMargin="} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	readState := func() *tune.SPSA {
		f, err := os.Open(state)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		s, err := tune.ReadSPSA(f)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := readState()
	if s.Done != 2 || s.Wins+s.Draws+s.Losses != 4 || len(s.Params) != 2 {
		t.Errorf("state after the first run: %+v", s)
	}
	code, out, errOut = runFerz("tune", "spsa", "-state", state, "-show")
	if code != 0 || !strings.Contains(out, "2/2 pairs") || !strings.Contains(out, "options: option.RFPMargin=") {
		t.Errorf("-show: exit status %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	// A finished state: the second run plays nothing and says so.
	code, out, errOut = spsa()
	if code != 0 || !strings.Contains(out, "continuing the tuning") || !strings.Contains(out, "SPSA: 0 pairs in") {
		t.Errorf("second run: exit status %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if s2 := readState(); s2.Done != 2 {
		t.Errorf("second run changed Done to %d", s2.Done)
	}
}

func TestTuneSPSAListAndBadInput(t *testing.T) {
	code, out, errOut := runFerz("tune", "spsa", "-list")
	if code != 0 || !strings.Contains(out, "RFPMargin") || !strings.Contains(out, "LMRDivisor") {
		t.Errorf("-list: exit status %d\n%s%s", code, out, errOut)
	}
	dir := t.TempDir()
	openings := writeTemp(t, "openings.epd", tuneOpenings)
	bad := writeTemp(t, "bad.json", `{"params": []}`)
	state := filepath.Join(dir, "s.json")
	spsa := func(args ...string) []string { return append([]string{"tune", "spsa"}, args...) }
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{spsa(), "-state: want"},
		{spsa("-state", state), "-openings: want"},
		{spsa("-state", state, "-show"), "no such file"},
		{spsa("-state", state, "-openings", openings, "-concurrency", "0"), "-concurrency must be at least 1"},
		{spsa("-state", state, "-openings", openings, "-params", "RFPMargin,Bogus"), `no search parameter called "Bogus"`},
		{spsa("-state", state, "-openings", openings, "-iterations", "0"), "at least one iteration"},
		{spsa("-state", state, "-openings", openings, "-r-end", "-1"), "not a positive number"},
		{spsa("-state", bad, "-openings", openings), "spsa state: 0 of 0 iterations"},
		{spsa("-state", state, "-openings", openings, "-nodes", "-5"), "-nodes must not be negative"},
		{spsa("-state", state, "-openings", openings, "-nodes", "0"), "give -nodes or -tc"},
		{spsa("-state", state, "-openings", openings, "-tc", "fast"), "-tc"},
		{spsa("-state", state, "-openings", openings, "-engine", "name=x"), "-engine"},
		{spsa("-state", state, "-openings", openings, "-resign", "score=abc"), "-resign"},
		{spsa("-state", state, "-openings", filepath.Join(dir, "none.epd")), "none.epd"},
		{[]string{"tune", "spsa", "-h"}, ""},
	} {
		code, _, errOut := runFerz(c.args...)
		if c.msg == "" {
			if code != 0 {
				t.Errorf("%q: exit status %d", c.args, code)
			}
			continue
		}
		if code != 2 || !strings.Contains(errOut, c.msg) {
			t.Errorf("%q: exit status %d, stderr %q; want 2 and %q", c.args, code, errOut, c.msg)
		}
	}
	if _, err := os.Stat(state); err == nil {
		t.Error("a refused run wrote the state file")
	}
}
