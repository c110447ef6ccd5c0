package chess

import "testing"

func hasMove(p *Position, uci string) bool {
	for _, m := range p.LegalMoves() {
		if p.UCI(m) == uci {
			return true
		}
	}
	return false
}

func TestCastlingRightsLostWhenKingOrRookMoves(t *testing.T) {
	const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	for _, c := range []struct {
		moves []string
		want  CastlingRights
	}{
		{[]string{"Kf1"}, BlackKingside | BlackQueenside},
		{[]string{"Rh2"}, WhiteQueenside | BlackKingside | BlackQueenside},
		{[]string{"Rb1", "Rb8"}, WhiteKingside | BlackKingside},
		{[]string{"Kd1", "Kd8", "Ke1", "Ke8"}, NoCastling},
	} {
		if got := play(t, fen, c.moves...).Castling(); got != c.want {
			t.Errorf("%v: rights %04b want %04b", c.moves, got, c.want)
		}
	}
}

func TestCastlingRightsLostWhenRookCaptured(t *testing.T) {
	p := play(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rxa8+")
	if got := p.Castling(); got != WhiteKingside|BlackKingside {
		t.Errorf("rights %04b, want white kingside and black kingside", got)
	}
}

func TestNoCastlingOutOfThroughOrIntoCheck(t *testing.T) {
	for _, c := range []struct {
		fen, move string
		legal     bool
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", true},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", true},
		{"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "e1g1", false}, // out of check
		{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1", false}, // through f1
		{"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "e1g1", false}, // into g1
		{"r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", "e1c1", true},  // b1 may be attacked
		{"r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1", "e1c1", false}, // through d1
		{"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1", false},  // b1 occupied
		{"4k3/8/8/8/8/8/8/R3K2q w Q - 0 1", "e1c1", false},        // in check along the rank
		{"1r2k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", false},        // Chess960: king in check
		{"2r1k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", false},        // Chess960: c1 attacked
		{"4k3/8/8/8/8/8/8/rRK5 w B - 0 1", "c1b1", false},         // Chess960: rook shielded the king's target
		{"3rk3/8/8/8/8/8/8/1RK5 w B - 0 1", "c1b1", true},         // Chess960: the rook may land on an attacked square
	} {
		p := MustParseFEN(c.fen)
		if got := hasMove(p, c.move); got != c.legal {
			t.Errorf("%s: %s legal = %v, want %v", c.fen, c.move, got, c.legal)
		}
	}
}

func TestEnPassantOnlyOnImmediateReply(t *testing.T) {
	p := play(t, StartFEN, "e4", "a6", "e5", "d5")
	if !hasMove(p, "e5d6") {
		t.Fatal("exd6 e.p. not available right after d7-d5")
	}
	p = play(t, StartFEN, "e4", "a6", "e5", "d5", "a3", "a5")
	if hasMove(p, "e5d6") {
		t.Error("exd6 e.p. still available a move later")
	}
}

func TestEnPassantExposingKingIsIllegal(t *testing.T) {
	p := MustParseFEN("8/8/8/KPp4r/8/8/8/7k w - c6 0 2")
	if hasMove(p, "b5c6") {
		t.Error("en passant that uncovers the rook's attack on the king was allowed")
	}
	// The same capture resolving a check from the pawn is legal.
	p = MustParseFEN("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1")
	if !hasMove(p, "e4d3") {
		t.Error("en passant capture of the checking pawn was not allowed")
	}
}

func TestPromotionToAllFourPieces(t *testing.T) {
	p := MustParseFEN("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	for _, uci := range []string{"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"} {
		if !hasMove(p, uci) {
			t.Errorf("%s missing", uci)
		}
	}
}

func TestStatus(t *testing.T) {
	for _, c := range []struct {
		fen    string
		moves  []string
		status Status
		result string
	}{
		{StartFEN, nil, Ongoing, "*"},
		{StartFEN, []string{"f3", "e5", "g4", "Qh4"}, Checkmate, "0-1"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, Stalemate, "1/2-1/2"},
		{"8/8/8/8/8/8/8/K6k w - - 0 1", nil, InsufficientMaterial, "1/2-1/2"},
		{"8/8/8/8/8/8/8/KN5k w - - 0 1", nil, InsufficientMaterial, "1/2-1/2"},
		{"8/8/8/8/8/8/8/KB3b1k w - - 0 1", nil, InsufficientMaterial, "1/2-1/2"}, // b1 and f1: both light
		{"8/8/8/8/8/8/8/KB4bk w - - 0 1", nil, Ongoing, "*"},                     // g1 is dark
		{"8/8/8/8/8/8/8/KNN4k w - - 0 1", nil, Ongoing, "*"},
		{"7k/8/8/8/8/8/8/KR6 w - - 149 100", []string{"Rb2"}, SeventyFiveMoveRule, "1/2-1/2"},
		{"7k/8/8/8/8/8/8/KR6 w - - 0 1", []string{"Rb2", "Kg8", "Rb1", "Kh8", "Rb2", "Kg8", "Rb1", "Kh8", "Rb2", "Kg8", "Rb1", "Kh8", "Rb2", "Kg8", "Rb1", "Kh8"}, FivefoldRepetition, "1/2-1/2"},
		{"k7/8/1K6/8/8/8/8/7R w - - 149 100", []string{"Rh8#"}, Checkmate, "1-0"}, // mate on the 75th move stands
	} {
		p := play(t, c.fen, c.moves...)
		if got := p.Status(); got != c.status {
			t.Errorf("%s %v: status %v want %v", c.fen, c.moves, got, c.status)
		}
		if got := p.Result(); got != c.result {
			t.Errorf("%s %v: result %q want %q", c.fen, c.moves, got, c.result)
		}
	}
}

func TestDrawClaims(t *testing.T) {
	moves := []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}
	p := play(t, StartFEN, moves...)
	if p.CanClaimThreefold() {
		t.Error("threefold claimable after the start position occurred twice")
	}
	p.MakeMove(mustMove(t, p, "Ng8"))
	if !p.CanClaimThreefold() || p.RepetitionCount() != 3 {
		t.Errorf("start position thrice: claim %v, count %d", p.CanClaimThreefold(), p.RepetitionCount())
	}
	if !p.IsRepetition(100) {
		t.Error("IsRepetition false after a repetition")
	}
	p = MustParseFEN("7k/8/8/8/8/8/8/KR6 w - - 99 80")
	if p.CanClaimFiftyMoves() {
		t.Error("50-move claim at 99 plies")
	}
	p.MakeMove(mustMove(t, p, "Rb2"))
	if !p.CanClaimFiftyMoves() {
		t.Error("no 50-move claim at 100 plies")
	}
}

func mustMove(t *testing.T, p *Position, s string) Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
