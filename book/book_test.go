package book

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// debianBook is Debian's gnuchess opening book (package gnuchess-book),
// a Polyglot book made by other programs; "make install-book" installs it.
const debianBook = "/usr/share/games/gnuchess/book.bin"

// openDebianBook opens Debian's book, skipping the test when it is not
// installed unless CI=true, where it must be.
func openDebianBook(t testing.TB) *Book {
	t.Helper()
	if _, err := os.Stat(debianBook); err != nil && os.Getenv("CI") != "true" {
		t.Skipf("%s not installed (make install-book): %v", debianBook, err)
	}
	b, err := Open(debianBook)
	if err != nil {
		t.Fatal(err)
	}
	b.Warn = func(msg string) { t.Errorf("warning from Debian's book: %s", msg) }
	return b
}

// play returns the position after the moves (any notation) from start.
func play(t testing.TB, fen string, moves string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	return p
}

// sans returns the moves of entries in SAN.
func sans(p *chess.Position, entries []Entry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, p.SAN(e.Move))
	}
	return out
}

// rawBook makes the bytes of a book of the given entries, sorting them
// by key first.
func rawBook(t testing.TB, entries ...RawEntry) []byte {
	t.Helper()
	slices.SortStableFunc(entries, func(a, b RawEntry) int {
		switch {
		case a.Key < b.Key:
			return -1
		case a.Key > b.Key:
			return 1
		}
		return 0
	})
	var buf bytes.Buffer
	if err := Write(&buf, entries); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// raw returns the Polyglot entry for the move s (in coordinates, as
// Polyglot writes it) in the position p.
func raw(p *chess.Position, s string, weight uint16) RawEntry {
	from, _ := chess.ParseSquare(s[0:2])
	to, _ := chess.ParseSquare(s[2:4])
	m := RawMove(to) | RawMove(from)<<6
	if len(s) == 5 {
		m |= RawMove(strings.IndexByte("_nbrq", s[4])) << 12
	}
	return RawEntry{Key: p.PolyglotKey(), Move: m, Weight: weight}
}

func TestDebianBookStartPosition(t *testing.T) {
	b := openDebianBook(t)
	if b.Len() == 0 || b.Len() != int(mustSize(t, debianBook)/EntrySize) {
		t.Fatalf("Len = %d for a file of %d bytes", b.Len(), mustSize(t, debianBook))
	}
	p := chess.StartPosition()
	entries := b.Probe(p)
	got := sans(p, entries)
	t.Logf("Debian's book at the start: %v", got)
	for _, want := range []string{"e4", "d4", "c4", "Nf3"} {
		if !slices.Contains(got[:min(len(got), 6)], want) {
			t.Errorf("start position: %s is not among the first book moves %v", want, got)
		}
	}
	if best, ok := b.Best(p); !ok || (p.SAN(best) != "e4" && p.SAN(best) != "d4") {
		t.Errorf("Best = %v, %v; want e4 or d4", best, ok)
	}
	// The answers to 1.e4 and to 1.d4 are the usual ones.
	for _, tt := range []struct{ moves, want string }{
		{"e4", "c5"}, {"e4", "e5"}, {"d4", "Nf6"}, {"d4", "d5"}, {"e4 e5 Nf3", "Nc6"},
	} {
		q := play(t, chess.StartFEN, tt.moves)
		if !slices.Contains(sans(q, b.Probe(q)), tt.want) {
			t.Errorf("after %s: %s is not a book move (%v)", tt.moves, tt.want, sans(q, b.Probe(q)))
		}
	}
}

func mustSize(t testing.TB, path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// Every move of Debian's book reachable from the start position is legal
// where it is stored: the keys (and so the Polyglot random table) and the
// move decoding agree with the program that wrote the book.
func TestDebianBookLinesAreLegal(t *testing.T) {
	b := openDebianBook(t)
	plies := 0
	if testing.Short() {
		plies = 8
	}
	lines := b.Lines(nil, plies)
	// The positions along the lines that the book knows: most of the
	// book's positions, if the keys are right.
	known := map[uint64]bool{}
	for _, l := range lines {
		p := chess.StartPosition()
		for _, m := range l {
			known[p.PolyglotKey()] = true
			p.MakeMove(m)
		}
	}
	t.Logf("%d lines from the start position through %d of the book's %d positions", len(lines), len(known), b.Positions())
	if len(lines) < 1000 || (plies == 0 && len(known) < b.Positions()/2) {
		t.Errorf("only %d lines through %d positions from the start position", len(lines), len(known))
	}
}

func TestDefaultBook(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	b.Warn = func(msg string) { t.Errorf("warning from the default book: %s", msg) }
	if size := b.Len() * EntrySize; size > 2<<20 || b.Len() < 10000 {
		t.Errorf("default book: %d entries, %d bytes; want at least 10,000 entries and at most 2 MB", b.Len(), size)
	}
	p := chess.StartPosition()
	got := sans(p, b.Probe(p))
	for _, want := range []string{"e4", "d4", "c4", "Nf3"} {
		if !slices.Contains(got[:min(len(got), 5)], want) {
			t.Errorf("start position: %s is not among the first default book moves %v", want, got)
		}
	}
	if best, ok := b.Best(p); !ok || p.SAN(best) != "e4" {
		t.Errorf("Best = %v, %v; want e4", best, ok)
	}
	// Every line of the default book is legal (the warning would fail the
	// test) and goes deep, but not beyond the 16 plies it was built with.
	longest := 0
	for _, l := range b.Lines(nil, 0) {
		longest = max(longest, len(l))
	}
	if longest < 12 || longest > DefaultPlies {
		t.Errorf("longest line of the default book: %d plies, want 12 to %d", longest, DefaultPlies)
	}
}

// Games that follow the default book for their first six plies, each
// with its own random seed, differ: 100 of them give at least 30
// different openings (the variety the issue asks of the engine).
func TestDefaultBookVariety(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for seed := range uint64(100) {
		rng := rand.New(rand.NewPCG(seed, 6))
		p := chess.StartPosition()
		var line []string
		for range 6 {
			m, ok := b.Pick(p, rng)
			if !ok {
				break
			}
			line = append(line, p.UCI(m))
			p.MakeMove(m)
		}
		if len(line) != 6 {
			t.Errorf("seed %d: the book ends after %v", seed, line)
		}
		seen[strings.Join(line, " ")]++
	}
	if len(seen) < 30 {
		t.Errorf("100 games gave %d different six-ply openings, want at least 30", len(seen))
	}
	t.Logf("%d different six-ply openings in 100 games", len(seen))
}

// The default book is what "make book" builds from the shared PGN file:
// building it again gives the same bytes.
func TestDefaultBookIsReproducible(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("reads 16 MB of PGN: not in -short mode nor under the race detector (single-threaded, 50 s)")
	}
	const pgn = "../../shared/data/openings/bjbraams_chessdb_198350_lines.pgn"
	f, err := os.Open(pgn)
	if err != nil {
		t.Skipf("shared data missing: %v", err)
	}
	defer f.Close()
	bld := NewBuilder(DefaultPlies, 3) // as mk/book.mk
	r := chess.NewPGNReader(f)
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		start, err := g.Start()
		if err != nil {
			t.Fatal(err)
		}
		if err := bld.AddGame(start, g.Moves, g.Result); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, bld.Entries()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), defaultData) {
		t.Errorf("rebuilding the default book gives %d bytes that differ from book/default.bin (%d bytes): run make book",
			buf.Len(), len(defaultData))
	}
}

func TestLoadErrors(t *testing.T) {
	start := chess.StartPosition()
	good := rawBook(t, raw(start, "e2e4", 10), raw(start, "d2d4", 5))
	unsorted := append(slices.Clone(good[16:32]), good[0:16]...)
	binary.BigEndian.PutUint64(unsorted[0:8], ^uint64(0))
	badMove := slices.Clone(good)
	binary.BigEndian.PutUint16(badMove[8:10], 0x7000|0x031c)
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", good[:31], "size 31 bytes is not a multiple of 16"},
		{"text", []byte("this is not an opening book\n"), "not a multiple of 16"},
		{"unsorted", unsorted, "sorted by key"},
		{"promotion field out of range", badMove, "not a Polyglot move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(tt.data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load: error %v, want one containing %q", err, tt.want)
			}
		})
	}
	if b, err := Load(nil); err != nil || b.Len() != 0 || b.Probe(start) != nil {
		t.Errorf("an empty book: %v", err)
	}
	path := t.TempDir() + "/short.bin"
	if err := os.WriteFile(path, good[:20], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "multiple of 16") {
		t.Errorf("Open of a truncated file: %v", err)
	}
	if _, err := Open(path + ".missing"); err == nil || !strings.Contains(err.Error(), "short.bin.missing") {
		t.Errorf("Open of a missing file: %v", err)
	}
}

func TestLoadCopiesItsInput(t *testing.T) {
	start := chess.StartPosition()
	data := rawBook(t, raw(start, "e2e4", 10))
	b, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	clear(data)
	if got := sans(start, b.Probe(start)); !slices.Equal(got, []string{"e4"}) {
		t.Errorf("after the caller cleared its bytes: %v", got)
	}
}

// Polyglot writes castling as the king taking its rook; promotions carry
// their piece. Chess960 castling decodes the same way.
func TestDecodeSpecialMoves(t *testing.T) {
	tests := []struct {
		fen, raw, san string
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8h8", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", "O-O-O"},
		// The king's two-square move, which some writers use, is read too.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q", "e8=Q"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8r", "e8=R"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8b", "e8=B"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n", "e8=N"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		// Chess960: king b1, rooks a1 and g1.
		{"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1", "b1a1", "O-O-O"},
		{"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1", "b1g1", "O-O"},
		{"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 b AGag - 0 1", "b8g8", "O-O"},
	}
	for _, tt := range tests {
		p := chess.MustParseFEN(tt.fen)
		r := raw(p, tt.raw, 1).Move
		m, ok := r.Decode(p)
		if !ok || p.SAN(m) != tt.san {
			t.Errorf("%s: %s decodes to %v (%v), want %s", tt.fen, tt.raw, m, ok, tt.san)
			continue
		}
		if tt.raw != "e1g1" && tt.raw != "e8c8" && EncodeMove(m) != r {
			t.Errorf("%s: EncodeMove(%s) = %v, want %s", tt.fen, tt.san, EncodeMove(m), tt.raw)
		}
	}
	// In Chess960 the king's two-square form is not castling: b1 to d1
	// is not a move there.
	p := chess.MustParseFEN("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1")
	if m, ok := raw(p, "b1d1", 1).Move.Decode(p); ok {
		t.Errorf("b1d1 decodes to %v in Chess960", m)
	}
}

// Every legal move of a few positions survives EncodeMove and decoding.
func TestEncodeDecodeRoundTrip(t *testing.T) {
	for _, fen := range []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
	} {
		p := chess.MustParseFEN(fen)
		for _, m := range p.LegalMoves() {
			got, ok := EncodeMove(m).Decode(p)
			if !ok || got != m {
				t.Errorf("%s: %s encodes to %v, which decodes to %v (%v)", fen, p.UCI(m), EncodeMove(m), got, ok)
			}
		}
	}
}

func TestProbeIgnoresIllegalMovesWithOneWarning(t *testing.T) {
	start := chess.StartPosition()
	e4 := play(t, chess.StartFEN, "e4")
	data := rawBook(t,
		raw(start, "e2e4", 10), raw(start, "e2e5", 50), raw(start, "a1a1", 7), raw(start, "d2d4", 20),
		raw(e4, "e8e6", 3), raw(e4, "c7c5", 4))
	b, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	var warnings []string
	b.Warn = func(msg string) { warnings = append(warnings, msg) }
	for range 3 {
		if got := sans(start, b.Probe(start)); !slices.Equal(got, []string{"d4", "e4"}) {
			t.Errorf("start: book moves %v, want [d4 e4]", got)
		}
		if got := sans(e4, b.Probe(e4)); !slices.Equal(got, []string{"c5"}) {
			t.Errorf("after 1.e4: book moves %v, want [c5]", got)
		}
	}
	if m, ok := b.Best(start); !ok || start.SAN(m) != "d4" {
		t.Errorf("Best = %v %v, want d4", m, ok)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "e2e5") || !strings.Contains(warnings[0], "not legal") {
		t.Errorf("warnings %q, want one about e2e5", warnings)
	}
}

func TestProbeMergesRepeatedMoves(t *testing.T) {
	start := chess.StartPosition()
	b, err := Load(rawBook(t, raw(start, "e2e4", 40000), raw(start, "d2d4", 100), raw(start, "e2e4", 40000)))
	if err != nil {
		t.Fatal(err)
	}
	got := b.Probe(start)
	if len(got) != 2 || start.SAN(got[0].Move) != "e4" || got[0].Weight != 0xFFFF || got[1].Weight != 100 {
		t.Errorf("Probe = %+v, want e4 65535 and d4 100", got)
	}
}

func TestPick(t *testing.T) {
	start := chess.StartPosition()
	b, err := Load(rawBook(t, raw(start, "e2e4", 3), raw(start, "d2d4", 1), raw(start, "a2a3", 0)))
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	const n = 8000
	rng := rand.New(rand.NewPCG(1, 2))
	var first []chess.Move
	for i := range n {
		m, ok := b.Pick(start, rng)
		if !ok {
			t.Fatal("Pick found no move")
		}
		if i < 20 {
			first = append(first, m)
		}
		count[start.SAN(m)]++
	}
	if count["a3"] != 0 {
		t.Errorf("a move of weight 0 was picked %d times", count["a3"])
	}
	if share := float64(count["e4"]) / n; share < 0.72 || share > 0.78 {
		t.Errorf("e4 (weight 3 of 4) picked %.3f of the time", share)
	}
	// The same seed repeats the same choices.
	rng = rand.New(rand.NewPCG(1, 2))
	for i, want := range first {
		if m, _ := b.Pick(start, rng); m != want {
			t.Fatalf("pick %d with the same seed: %v, first time %v", i, m, want)
		}
	}
	// A nil rng uses the global source.
	if _, ok := b.Pick(start, nil); !ok {
		t.Error("Pick with a nil rng found no move")
	}
	// Only weights of zero, or an unknown position: no move.
	zero, err := Load(rawBook(t, raw(start, "e2e4", 0)))
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := zero.Pick(start, rng); ok {
		t.Errorf("Pick in a book of weight 0 gave %v", m)
	}
	if m, ok := zero.Best(start); ok {
		t.Errorf("Best in a book of weight 0 gave %v", m)
	}
	if m, ok := b.Pick(play(t, chess.StartFEN, "e4"), rng); ok {
		t.Errorf("Pick in a position the book lacks gave %v", m)
	}
	var empty Book
	if _, ok := empty.Best(start); ok || empty.Probe(start) != nil {
		t.Error("the zero Book knows a move")
	}
}

// A book is read-only: many goroutines can probe it at once (run with
// -race).
func TestConcurrentUse(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 0))
			for range 50 {
				p := chess.StartPosition()
				for {
					m, ok := b.Pick(p, rng)
					if !ok {
						break
					}
					p.MakeMove(m)
				}
			}
		})
	}
	wg.Wait()
}
