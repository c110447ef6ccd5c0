package cli

import (
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

func TestLevels(t *testing.T) {
	if levels[0].elo != 0 || levels[1].elo != engine.MinElo || levels[len(levels)-1].elo != engine.MaxElo {
		t.Errorf("levels do not run from full strength, MinElo to MaxElo: %v", levels)
	}
	for i := 2; i < len(levels); i++ {
		if levels[i].elo <= levels[i-1].elo {
			t.Errorf("level %d (%v) is not stronger than level %d", i, levels[i], i-1)
		}
	}
	for _, c := range []struct {
		in  string
		elo int
		ok  bool
	}{
		{"0", 0, true}, {"1", engine.MinElo, true}, {"8", engine.MaxElo, true}, {"club", 1700, true},
		{" Strong Club ", 2000, true}, {"max", 0, true}, {"1234", 1234, true}, {"800", 800, true},
		{"9", 0, false}, {"-1", 0, false}, {"799", 0, false}, {"2801", 0, false}, {"", 0, false},
		{"weak", 0, false}, {"99999999999999999999", 0, false},
	} {
		l, err := parseLevel(c.in)
		if (err == nil) != c.ok || err == nil && l.elo != c.elo {
			t.Errorf("parseLevel(%q) = %v, %v; want Elo %d, ok %v", c.in, l, err, c.elo, c.ok)
		}
	}
}

func TestTimeControls(t *testing.T) {
	for _, c := range []struct {
		in   string
		want timeControl
		str  string
	}{
		{"5", timeControl{moveTime: 5 * time.Second}, "5s per move"},
		{"0.25", timeControl{moveTime: 250 * time.Millisecond}, "250ms per move"},
		{"1m", timeControl{moveTime: time.Minute}, "1m per move"},
		{"5+3", timeControl{base: 5 * time.Minute, inc: 3 * time.Second}, "5m+3s a side"},
		{" 3m + 2s ", timeControl{base: 3 * time.Minute, inc: 2 * time.Second}, "3m+2s a side"},
		{"0.5+0", timeControl{base: 30 * time.Second}, "30s+0s a side"},
		{"90+30", timeControl{base: 90 * time.Minute, inc: 30 * time.Second}, "1h30m+30s a side"},
	} {
		tc, err := parseTimeControl(c.in)
		if err != nil || tc != c.want || tc.String() != c.str {
			t.Errorf("parseTimeControl(%q) = %+v (%q), %v; want %+v (%q)", c.in, tc, tc, err, c.want, c.str)
		}
	}
	for _, in := range []string{"", "0", "-1", "x", "+", "5+", "+3", "0+3", "5+-1", "NaN", "inf", "1e300", "5+1e300", "25h", "1+2+3", "2h+2h"} {
		if tc, err := parseTimeControl(in); err == nil {
			t.Errorf("parseTimeControl(%q) = %+v, want an error", in, tc)
		}
	}
	if tag := (timeControl{base: 5 * time.Minute, inc: 3 * time.Second}).pgnTag(); tag != "300+3" {
		t.Errorf("pgnTag %q", tag)
	}
}

func TestClockString(t *testing.T) {
	for d, want := range map[time.Duration]string{
		-time.Second:                         "0:00.0",
		0:                                    "0:00.0",
		9*time.Second + 950*time.Millisecond: "0:09.9",
		59 * time.Second:                     "0:59.0",
		time.Minute:                          "1:00",
		5*time.Minute + 7*time.Second:        "5:07",
		2*time.Hour + 3*time.Minute + 4*time.Second: "2:03:04",
	} {
		if got := clockString(d); got != want {
			t.Errorf("clockString(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestPositionOutcome(t *testing.T) {
	for _, c := range []struct {
		fen, moves, want string
	}{
		{chess.StartFEN, "", "the game goes on"},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "", "0-1, Black wins by checkmate"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", "1/2-1/2, draw by stalemate"},
		{"8/8/4k3/8/8/3BK3/8/8 w - - 0 1", "", "1/2-1/2, draw by insufficient material"},
		{chess.StartFEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", "1/2-1/2, draw by threefold repetition"},
		{"4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", "Ra2", "1/2-1/2, draw by the 50-move rule"},
		{"4k3/8/8/8/8/8/4P3/R3K3 w - - 149 110", "Ra2", "1/2-1/2, draw by the 75-move rule"},
		{chess.StartFEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", "1/2-1/2, draw by fivefold repetition"},
	} {
		p := chess.MustParseFEN(c.fen)
		for _, s := range strings.Fields(c.moves) {
			p.MakeMove(mustMove(t, p, s))
		}
		if got := positionOutcome(p).String(); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.fen, c.moves, got, c.want)
		}
	}
	p := chess.MustParseFEN("8/8/4k3/8/8/3QK3/8/8 w - - 0 1")
	if got := timeOutcome(p, chess.White).String(); got != "1/2-1/2, draw by timeout against a lone king" {
		t.Errorf("White's flag against a lone king: %q", got)
	}
	if got := timeOutcome(p, chess.Black).String(); got != "1-0, White wins by time" {
		t.Errorf("Black's flag: %q", got)
	}
}
