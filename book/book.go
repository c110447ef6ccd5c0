// Package book reads, chooses from and writes opening books for Ferz.
//
// The main format is Polyglot's .bin book, which chess GUIs and engines
// share: a file of 16-byte entries, each a position key (see
// chess.Position.PolyglotKey), a move, a weight and a learn field, all
// big-endian and sorted by key. A Book loaded from such a file answers
// which moves it knows for a position (Probe), picks one at random in
// proportion to the weights (Pick) or the best-weighted one (Best).
// Entries whose move is not legal in the position are ignored, with a
// warning given once per book.
//
// The package also builds books from games (Builder), reads and writes the
// seed program's text book (one game per line in coordinate notation, see
// ReadText), and carries a default book built from lines of human master
// play (Default).
//
// A Book is read-only once loaded and safe for concurrent use.
package book

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"iter"
	"log"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"sync"

	"github.com/ferzchess/ferz/chess"
)

// EntrySize is the size in bytes of one entry of a Polyglot book.
const EntrySize = 16

// Book is a Polyglot opening book held in memory. Load, Open and Default
// make one; the zero Book is an empty book. A Book is safe for concurrent
// use, but Warn must be set before the book is shared.
type Book struct {
	name string // the file name, or a description, for messages
	data []byte // the entries, EntrySize bytes each, sorted by key

	// Warn receives the book's warning about an entry whose move is not
	// legal in its position; it is called at most once for the book.
	// When Warn is nil the warning goes to the standard logger (standard
	// error).
	Warn     func(msg string)
	warnOnce sync.Once
}

// Entry is a move the book knows for a position, with its weight (the
// higher, the more often Pick chooses it) and the learn field, which
// Polyglot books keep for programs that learn from their games (usually
// zero).
type Entry struct {
	Move   chess.Move
	Weight uint16
	Learn  uint32
}

// RawEntry is one entry of a book as it is stored: the position's
// Polyglot key, the move in Polyglot's encoding, the weight and the learn
// field.
type RawEntry struct {
	Key    uint64
	Move   RawMove
	Weight uint16
	Learn  uint32
}

// Open reads the Polyglot book in the file at path. A file that cannot be
// read, whose size is not a multiple of 16, which is not sorted by key or
// whose moves are not Polyglot moves gives an error that names the file
// and says what is wrong.
func Open(path string) (*Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	return load(path, data)
}

// Load makes a book of the Polyglot entries in data, which it copies.
// Errors are as for Open.
func Load(data []byte) (*Book, error) {
	return load("book data", slices.Clone(data))
}

// load checks data and makes a book that uses it (without copying).
func load(name string, data []byte) (*Book, error) {
	if err := check(name, data); err != nil {
		return nil, err
	}
	return &Book{name: name, data: data}, nil
}

// check reports what is wrong with data as a Polyglot book, if anything.
func check(name string, data []byte) error {
	if len(data)%EntrySize != 0 {
		return fmt.Errorf("book: %s: size %d bytes is not a multiple of %d, the size of a Polyglot entry (a truncated file, or not a Polyglot book)",
			name, len(data), EntrySize)
	}
	var prev uint64
	for i := 0; i < len(data)/EntrySize; i++ {
		e := rawEntryAt(data, i)
		if i > 0 && e.Key < prev {
			return fmt.Errorf("book: %s: entry %d (byte %d) has key %016x, below the key %016x of the entry before it: a Polyglot book is sorted by key (an unsorted file, or not a Polyglot book)",
				name, i+1, i*EntrySize, e.Key, prev)
		}
		if !e.Move.valid() {
			return fmt.Errorf("book: %s: entry %d (byte %d) has move field %04x, which is not a Polyglot move (promotion %d, bit 15 %d; not a Polyglot book?)",
				name, i+1, i*EntrySize, uint16(e.Move), e.Move>>12&7, e.Move>>15)
		}
		prev = e.Key
	}
	return nil
}

// rawEntryAt decodes the i-th entry of data.
func rawEntryAt(data []byte, i int) RawEntry {
	b := data[i*EntrySize : (i+1)*EntrySize]
	return RawEntry{
		Key:    binary.BigEndian.Uint64(b[0:8]),
		Move:   RawMove(binary.BigEndian.Uint16(b[8:10])),
		Weight: binary.BigEndian.Uint16(b[10:12]),
		Learn:  binary.BigEndian.Uint32(b[12:16]),
	}
}

// keyAt returns the key of the i-th entry of data.
func keyAt(data []byte, i int) uint64 {
	return binary.BigEndian.Uint64(data[i*EntrySize:])
}

// Len returns the number of entries in the book.
func (b *Book) Len() int { return len(b.data) / EntrySize }

// Positions returns the number of different position keys in the book.
func (b *Book) Positions() int {
	n := 0
	for i := range b.Len() {
		if i == 0 || keyAt(b.data, i) != keyAt(b.data, i-1) {
			n++
		}
	}
	return n
}

// Name returns the file the book was read from, or a description such as
// "default book".
func (b *Book) Name() string { return b.name }

// RawEntries returns the book's entries in file order.
func (b *Book) RawEntries() iter.Seq[RawEntry] {
	return func(yield func(RawEntry) bool) {
		for i := range b.Len() {
			if !yield(rawEntryAt(b.data, i)) {
				return
			}
		}
	}
}

// rawProbe returns the stored entries for key.
func (b *Book) rawProbe(key uint64) []RawEntry {
	n := b.Len()
	i := sort.Search(n, func(i int) bool { return keyAt(b.data, i) >= key })
	var out []RawEntry
	for ; i < n && keyAt(b.data, i) == key; i++ {
		out = append(out, rawEntryAt(b.data, i))
	}
	return out
}

// Probe returns the moves the book knows for p, highest weight first
// (entries of equal weight in file order). Moves that are not legal in p
// are left out, with the book's one warning; an entry repeated for the
// same move has its weights added (up to 65535). Probe returns nil for a
// position the book does not know.
func (b *Book) Probe(p *chess.Position) []Entry {
	raw := b.rawProbe(p.PolyglotKey())
	if len(raw) == 0 {
		return nil
	}
	var legal chess.MoveList
	p.GenerateLegal(&legal)
	out := make([]Entry, 0, len(raw))
	for _, r := range raw {
		m, ok := r.Move.decode(p, &legal)
		if !ok {
			b.warn(fmt.Sprintf("book: %s: the move %v stored for the position %s (key %016x) is not legal there; such entries are ignored (this warning is given once per book)",
				b.name, r.Move, p.FEN(), r.Key))
			continue
		}
		if i := slices.IndexFunc(out, func(e Entry) bool { return e.Move == m }); i >= 0 {
			out[i].Weight = uint16(min(int(out[i].Weight)+int(r.Weight), 0xFFFF))
			continue
		}
		out = append(out, Entry{Move: m, Weight: r.Weight, Learn: r.Learn})
	}
	slices.SortStableFunc(out, func(x, y Entry) int { return cmp.Compare(y.Weight, x.Weight) })
	if len(out) == 0 {
		return nil
	}
	return out
}

// Pick chooses one of the book's moves for p at random, each with a
// chance proportional to its weight; moves of weight zero are never
// chosen. The choice depends only on the book, the position and rng, so a
// rand.Rand with a fixed seed repeats it; a nil rng uses the global
// source of math/rand/v2. It reports false when the book has no move of
// positive weight for p.
func (b *Book) Pick(p *chess.Position, rng *rand.Rand) (chess.Move, bool) {
	entries := b.Probe(p)
	total := 0
	for _, e := range entries {
		total += int(e.Weight)
	}
	if total == 0 {
		return chess.NullMove, false
	}
	var r int
	if rng != nil {
		r = rng.IntN(total)
	} else {
		r = rand.IntN(total)
	}
	for _, e := range entries {
		if r < int(e.Weight) {
			return e.Move, true
		}
		r -= int(e.Weight)
	}
	return chess.NullMove, false // not reached: r < total
}

// Best returns the book's move of highest weight for p (the first one in
// the file among equals). It reports false when the book has no move of
// positive weight for p.
func (b *Book) Best(p *chess.Position) (chess.Move, bool) {
	entries := b.Probe(p)
	if len(entries) == 0 || entries[0].Weight == 0 {
		return chess.NullMove, false
	}
	return entries[0].Move, true
}

// warn gives the book's warning the first time it is called.
func (b *Book) warn(msg string) {
	b.warnOnce.Do(func() {
		if b.Warn != nil {
			b.Warn(msg)
		} else {
			log.Print(msg)
		}
	})
}
