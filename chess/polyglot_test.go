package chess

import (
	"strings"
	"testing"
)

// The test vectors published with the Polyglot book format description:
// the key after each sequence of moves from the standard start position.
var polyglotVectors = []struct {
	moves string
	key   uint64
}{
	{"", 0x463b96181691fc9c},
	{"e2e4", 0x823c9b50fd114196},
	{"e2e4 d7d5", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637},
	// The published list gives this position's FEN with the rook on a3
	// (R1p5/1P1PPPP1), so the last move is a1a3; a1a2 gives 742ec75da0e25edc.
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560},
}

func TestPolyglotKeyVectors(t *testing.T) {
	for _, v := range polyglotVectors {
		p := StartPosition()
		for _, s := range strings.Fields(v.moves) {
			m, err := p.ParseUCI(s)
			if err != nil {
				t.Fatalf("moves %q: %v", v.moves, err)
			}
			p.MakeMove(m)
		}
		if got := p.PolyglotKey(); got != v.key {
			t.Errorf("after %q (%s): PolyglotKey = %016x, want %016x", v.moves, p.FEN(), got, v.key)
		}
	}
}

// The same positions read from FEN give the same keys: the key depends on
// the board alone, not on how the position was reached.
func TestPolyglotKeyFromFEN(t *testing.T) {
	tests := []struct {
		fen string
		key uint64
	}{
		{StartFEN, 0x463b96181691fc9c},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
		{"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1},
		{"rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9},
		{"rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
		{"rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.PolyglotKey(); got != tt.key {
			t.Errorf("%s: PolyglotKey = %016x, want %016x", tt.fen, got, tt.key)
		}
	}
}

// An en passant square counts only when a pawn of the side to move stands
// beside the pawn that moved two squares; the square written in a FEN
// without such a pawn changes nothing.
func TestPolyglotKeyEnPassantNeedsAdjacentPawn(t *testing.T) {
	with := MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	without := MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if with.PolyglotKey() != without.PolyglotKey() {
		t.Errorf("e3 without a black pawn beside e4 changed the key: %016x vs %016x", with.PolyglotKey(), without.PolyglotKey())
	}
	// A black pawn on d4 beside the white pawn on e4: the file counts.
	a := MustParseFEN("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
	b := MustParseFEN("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
	if a.PolyglotKey()^b.PolyglotKey() != polyglotRandom[polyglotEnPassantOffset+4] {
		t.Errorf("en passant on the e-file: keys differ by %016x, want the e-file number %016x",
			a.PolyglotKey()^b.PolyglotKey(), polyglotRandom[polyglotEnPassantOffset+4])
	}
	// Polyglot counts the file even when the capture is illegal: here the
	// black pawn on d4 is pinned to its king on a4 by the rook on h4.
	pinned := MustParseFEN("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1")
	if pinned.PolyglotKey()^MustParseFEN("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1").PolyglotKey() != polyglotRandom[polyglotEnPassantOffset+4] {
		t.Errorf("pinned pawn beside the pushed pawn: the en passant file is not in the key")
	}
}

// Every number of the table is used by some position part exactly once,
// and the table is the published one: spot checks of its first and last
// entries and of each part's start.
func TestPolyglotRandomTable(t *testing.T) {
	checks := map[int]uint64{
		0:   0x9D39247E33776D41,
		1:   0x2AF7398005AAA5C7,
		767: 0xD20D8C88C8FFE65F,
		768: 0x31D71DCE64B2C310,
		772: 0x70CC73D90BC26E24,
		780: 0xF8D626AAAF278509,
	}
	for i, want := range checks {
		if polyglotRandom[i] != want {
			t.Errorf("polyglotRandom[%d] = %016X, want %016X", i, polyglotRandom[i], want)
		}
	}
	seen := make(map[uint64]int, len(polyglotRandom))
	for i, v := range polyglotRandom {
		if j, ok := seen[v]; ok {
			t.Errorf("polyglotRandom[%d] = polyglotRandom[%d] = %016X", i, j, v)
		}
		seen[v] = i
	}
}

func BenchmarkPolyglotKey(b *testing.B) {
	p := MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	for b.Loop() {
		_ = p.PolyglotKey()
	}
}
