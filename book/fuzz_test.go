package book

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// fuzzPositions are the positions the fuzz tests probe: the start, one
// after 1.e4 (whose entries the seeds use), and a Chess960 one.
var fuzzPositions = []string{
	chess.StartFEN,
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1",
}

// checkBook probes b in the fuzz positions: no panic, and every move
// returned is legal.
func checkBook(t *testing.T, b *Book) {
	b.Warn = func(string) {}
	rng := rand.New(rand.NewPCG(1, 1))
	for _, fen := range fuzzPositions {
		p := chess.MustParseFEN(fen)
		for _, e := range b.Probe(p) {
			if !p.IsLegal(e.Move) {
				t.Fatalf("%s: Probe returned the illegal move %v", fen, e.Move)
			}
		}
		if m, ok := b.Pick(p, rng); ok && !p.IsLegal(m) {
			t.Fatalf("%s: Pick returned the illegal move %v", fen, m)
		}
		if m, ok := b.Best(p); ok && !p.IsLegal(m) {
			t.Fatalf("%s: Best returned the illegal move %v", fen, m)
		}
	}
	for range b.RawEntries() {
	}
	b.Lines(nil, 4)
}

// FuzzLoad loads arbitrary bytes as a book: it never panics, a size that
// is not a multiple of 16 is always an error that says so, and a book
// that loads answers only legal moves.
func FuzzLoad(f *testing.F) {
	start := chess.StartPosition()
	e4 := chess.MustParseFEN(fuzzPositions[1])
	entry := func(key uint64, move uint16, weight uint16) []byte {
		var b [EntrySize]byte
		binary.BigEndian.PutUint64(b[0:], key)
		binary.BigEndian.PutUint16(b[8:], move)
		binary.BigEndian.PutUint16(b[10:], weight)
		return b[:]
	}
	good := bytes.Join([][]byte{
		entry(start.PolyglotKey(), 0x031c, 10), // e2e4
		entry(start.PolyglotKey(), 0x0cdc, 5),  // garbage: d7d4 for White
		entry(e4.PolyglotKey(), 0x0ca2, 7),     // c7c5
		entry(e4.PolyglotKey(), 0x0fff, 7),     // h8h8
	}, nil)
	f.Add([]byte{})
	f.Add(good)
	f.Add(good[:len(good)-3])                                                   // truncated
	f.Add(append(slices.Clone(good[16:32]), good[:16]...))                      // unsorted
	f.Add(bytes.Repeat([]byte("not a book, just text.\n"), 16))                 // text
	f.Add(entry(start.PolyglotKey(), 0x731c, 1))                                // promotion field 7
	f.Add(entry(chess.MustParseFEN(fuzzPositions[3]).PolyglotKey(), 0x0040, 1)) // b1a1 castling
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Load(data)
		if len(data)%EntrySize != 0 {
			if err == nil || !strings.Contains(err.Error(), "not a multiple of 16") {
				t.Fatalf("%d bytes: error %v, want one about the size", len(data), err)
			}
			return
		}
		if err != nil {
			return
		}
		if b.Len() != len(data)/EntrySize {
			t.Fatalf("Len = %d for %d bytes", b.Len(), len(data))
		}
		checkBook(t, b)
	})
}

// FuzzProbe makes sorted books whose entries all belong to the fuzz
// positions, with arbitrary moves and weights, so that the move decoding
// and the weighted choice meet garbage: no panic, only legal moves.
func FuzzProbe(f *testing.F) {
	f.Add([]byte{0, 0x03, 0x1c, 0, 10, 1, 0x0c, 0xa2, 0, 7})
	f.Add([]byte{2, 0x01, 0x07, 0xff, 0xff, 2, 0x01, 0x00, 0xff, 0xff, 3, 0x00, 0x40, 0, 1})
	f.Add([]byte{0, 0x7f, 0xff, 0, 0, 0, 0x40, 0x00, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		var entries []RawEntry
		for ; len(data) >= 5; data = data[5:] {
			p := chess.MustParseFEN(fuzzPositions[int(data[0])%len(fuzzPositions)])
			m := binary.BigEndian.Uint16(data[1:])
			entries = append(entries, RawEntry{
				Key:    p.PolyglotKey(),
				Move:   RawMove(m&0x0fff | (m>>12&7%5)<<12), // a valid promotion field
				Weight: binary.BigEndian.Uint16(data[3:]),
			})
		}
		slices.SortStableFunc(entries, func(a, b RawEntry) int { return cmp.Compare(a.Key, b.Key) })
		var buf bytes.Buffer
		if err := Write(&buf, entries); err != nil {
			t.Fatal(err)
		}
		b, err := Load(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		checkBook(t, b)
	})
}
