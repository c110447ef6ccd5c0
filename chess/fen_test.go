package chess

import (
	"strings"
	"testing"
)

func TestFENRoundTripIsExact(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/8/8/8/8/8/8/K6k w - - 99 150",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1",
		"rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1",
		"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip of %q gave %q", fen, got)
		}
	}
}

func TestFENWithoutCountersDefaultsThem(t *testing.T) {
	p, err := ParseFEN("8/8/8/8/8/8/8/K6k b - -")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.FEN(); got != "8/8/8/8/8/8/8/K6k b - - 0 1" {
		t.Errorf("got %q", got)
	}
}

func TestBadFENGivesClearError(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"", "want 4 to 6 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board has 7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 3 has 9 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "rank 1 has 9 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 has 7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKXNR w KQkq - 0 1", "unexpected character 'X'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1", "two white kings"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "no black king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move \"x\""},
		{"4k3/8/8/8/8/8/8/4Q1K1 w - - 0 1", "the side not to move is in check"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on a8"},
		{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on a1"},
		{"4k3/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w - - 0 1", "more than 16"},
		{"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "9 pawns"},
		{"4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "promoted"},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no white rook"},
		{"4k3/8/8/8/8/8/8/R3K3 w QQ - 0 1", "one right twice"},
		{"4k3/8/8/8/8/8/8/R3K3 w Z - 0 1", "unexpected character 'Z'"},
		{"4k3/8/8/8/8/8/4K3/R7 w Q - 0 1", "not on its first rank"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "not on the black's sixth rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", "no white pawn on e4"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "not a square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "move number"},
		{"4k3/4r3/8/8/1b6/3n4/8/4K3 w - - 0 1", "3 pieces"},
	} {
		_, err := ParseFEN(c.fen)
		if err == nil {
			t.Errorf("%q: no error, want one containing %q", c.fen, c.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "fen: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want one containing %q", c.fen, err, c.want)
		}
	}
}

func TestEnPassantSquareInKeyOnlyWhenCaptureIsLegal(t *testing.T) {
	// After 1.e4 no black pawn can take on e3: the key equals the key of
	// the same position written without the en passant square.
	with := MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	without := MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if with.Key() != without.Key() {
		t.Error("en passant square changed the key though no capture is possible")
	}
	// A capture that is possible changes the key.
	with = MustParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	without = MustParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
	if with.Key() == without.Key() {
		t.Error("a legal en passant capture did not change the key")
	}
	// A pseudo-legal capture that would expose the king is not legal.
	with = MustParseFEN("8/8/8/KPp4r/8/8/8/7k w - c6 0 2")
	without = MustParseFEN("8/8/8/KPp4r/8/8/8/7k w - - 0 2")
	if with.Key() != without.Key() {
		t.Error("an illegal en passant capture (king exposed on the rank) changed the key")
	}
}

func TestChess960DetectedFromCastlingField(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{StartFEN, false},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
		{"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", true},
		{"8/8/8/8/8/8/8/K6k w - - 0 1", false},
	} {
		if got := MustParseFEN(c.fen).Chess960(); got != c.want {
			t.Errorf("%s: Chess960() = %v, want %v", c.fen, got, c.want)
		}
	}
}
