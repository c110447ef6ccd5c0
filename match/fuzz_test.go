package match

import (
	"math"
	"strings"
	"testing"
)

// fuzzSpecs are the command line's specs as people write them, and some
// as they mistype them.
var fuzzSpecs = []string{
	"elo0=0 elo1=5 alpha=0.05 beta=0.05",
	"elo0=0 elo1=10 prior=15,128,324,161,30",
	"elo0=-5 elo1=5 prior=1,2,3,4",
	"10+0.1", "40/60+0.5", "1:30+1", "60", "0+0", "40/", "+", "1e400+1",
	"movenumber=40 movecount=8 score=10",
	"movecount=3 score=600 twosided=true",
	`name=sf cmd=/usr/games/stockfish option.Hash=16 option."Skill Level"=3`,
	`name="a b" cmd=x arg=-v dir=/tmp rating=1500`,
	`option.Hash="16`, "=", "a==b", `"`, "",
}

// FuzzSpecs feeds one string to every parser of the match's settings:
// none may panic, and what the SPRT parser accepts writes itself back to
// the same test.
func FuzzSpecs(f *testing.F) {
	for _, s := range fuzzSpecs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		if s, err := ParseSPRT(spec); err == nil {
			again, err := ParseSPRT(s.String())
			if err != nil || again != s {
				t.Fatalf("SPRT %q wrote %q, which reads back as %+v, %v", spec, s.String(), again, err)
			}
			lo, hi := s.Bounds()
			if llr := s.LLR(s.Counted(Penta{})); math.IsNaN(llr) || lo >= 0 || hi <= 0 {
				t.Fatalf("SPRT %q: LLR %v, bounds %v %v", spec, llr, lo, hi)
			}
		}
		if tc, err := ParseTimeControl(spec); err == nil {
			_ = tc.String()
			_ = tc.PGN()
		}
		_, _ = ParseDrawRule(spec)
		_, _ = ParseResignRule(spec)
		_, _ = ParseEngineSpec(spec)
		_, _ = ParseEachSpec(spec)
	})
}

// FuzzReadInputs feeds bytes to the readers of an EPD suite and of a
// JSON engine list: bad lines are reported, never a panic.
func FuzzReadInputs(f *testing.F) {
	f.Add(`r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - bm Nxc6; id "WAC.005";`)
	f.Add(`8/8/8/8/8/8/8/K6k w - - am Ka2; dm 3; c0 "Ka1=3"; id "x"`)
	f.Add(`[{"name": "SF", "cmd": "/usr/games/stockfish", "options": {"Hash": 16, "UCI_LimitStrength": true}, "rating": 1350}]`)
	f.Add(`{"engines": [{"name": "a", "cmd": "b", "args": ["-x"]}]}`)
	f.Add("not a position\n\n;;;")
	f.Fuzz(func(t *testing.T, data string) {
		positions, _, err := ReadSuite(strings.NewReader(data))
		if err == nil {
			for _, p := range positions {
				if p.EPD == nil || p.EPD.Position == nil {
					t.Fatalf("a suite position without a board from %q", data)
				}
			}
		}
		_, _ = ReadEngineConfigs(strings.NewReader(data))
	})
}
