package book

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	"github.com/ferzchess/ferz/chess"
)

// DefaultPlies is how many plies from the start of each game a Builder
// takes unless told otherwise.
const DefaultPlies = 16

// Scores of a move by the result of its game, from the point of view of
// the side that played it. A game without a known result ("*") counts as
// a draw, so that a collection of lines without results is weighted by
// how often each move was played.
const (
	scoreWin     = 2
	scoreDraw    = 1
	scoreLoss    = 0
	scoreUnknown = scoreDraw
)

// Builder gathers the moves of games into a Polyglot book. Each move
// played in the first MaxPlies plies of a game scores for its position 2
// if the side that played it won the game, 1 for a draw or an unknown
// result and 0 for a loss; a move's weight is the sum of its scores,
// scaled down in positions where the largest sum exceeds 65535. Moves
// played in fewer than MinGames games, or whose weight is zero (moves
// that only lost), are left out.
//
// Positions are told apart by their Polyglot key, so transpositions add
// up. A Builder is not safe for concurrent use.
type Builder struct {
	// MaxPlies is the number of plies taken from the start of each game
	// (0 for all of them).
	MaxPlies int
	// MinGames is the number of games a move must have been played in to
	// enter the book (0 and 1 take every move).
	MinGames int

	stats map[posMove]moveStats
	games int
}

// posMove is a move in a position, as a book stores it.
type posMove struct {
	key  uint64
	move RawMove
}

// moveStats is what the Builder knows about a move in a position.
type moveStats struct {
	score uint64 // the sum of the scores of the games it was played in
	games uint32 // the number of games it was played in
}

// NewBuilder returns a Builder that takes the first maxPlies plies of
// each game (0 for all) and keeps moves played in at least minGames games.
func NewBuilder(maxPlies, minGames int) *Builder {
	return &Builder{MaxPlies: maxPlies, MinGames: minGames, stats: make(map[posMove]moveStats)}
}

// Games returns the number of games added.
func (b *Builder) Games() int { return b.games }

// AddGame adds the moves of a game that starts from start (the standard
// starting position if nil) and ended with result, one of "1-0", "0-1",
// "1/2-1/2" and "*". A move that is not legal where it is played is an
// error that names it; the moves before it are added.
func (b *Builder) AddGame(start *chess.Position, moves []chess.Move, result string) error {
	var white, black uint64
	switch result {
	case "1-0":
		white, black = scoreWin, scoreLoss
	case "0-1":
		white, black = scoreLoss, scoreWin
	case "1/2-1/2":
		white, black = scoreDraw, scoreDraw
	case "*", "":
		white, black = scoreUnknown, scoreUnknown
	default:
		return fmt.Errorf("book: game result %q is not 1-0, 0-1, 1/2-1/2 or *", result)
	}
	if b.stats == nil {
		b.stats = make(map[posMove]moveStats)
	}
	var p *chess.Position
	if start == nil {
		p = chess.StartPosition()
	} else {
		p = start.Copy()
	}
	b.games++
	for i, m := range moves {
		if b.MaxPlies > 0 && i >= b.MaxPlies {
			break
		}
		if !p.IsLegal(m) {
			return fmt.Errorf("book: move %d (%v) is not legal in %s", i+1, m, p.FEN())
		}
		score := white
		if p.SideToMove() == chess.Black {
			score = black
		}
		k := posMove{p.PolyglotKey(), EncodeMove(m)}
		s := b.stats[k]
		s.score += score
		s.games++
		b.stats[k] = s
		p.MakeMove(m)
	}
	return nil
}

// Entries returns the book's entries as Write stores them: sorted by key,
// then by weight from the highest, then by move.
func (b *Builder) Entries() []RawEntry {
	entries := make([]RawEntry, 0, len(b.stats))
	scores := make([]uint64, 0, len(b.stats))
	for k, s := range b.stats {
		if int(s.games) < b.MinGames || s.score == 0 {
			continue
		}
		entries = append(entries, RawEntry{Key: k.key, Move: k.move})
		scores = append(scores, s.score)
	}
	// Sort the entries and their scores together by key, then score.
	idx := make([]int, len(entries))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(x, y int) int {
		return cmp.Or(cmp.Compare(entries[x].Key, entries[y].Key),
			cmp.Compare(scores[y], scores[x]),
			cmp.Compare(entries[x].Move, entries[y].Move))
	})
	sorted := make([]RawEntry, len(entries))
	sortedScores := make([]uint64, len(entries))
	for i, j := range idx {
		sorted[i], sortedScores[i] = entries[j], scores[j]
	}
	// Weights: the scores, scaled in positions whose best score does not
	// fit in 16 bits. The best move of a position comes first.
	for i := 0; i < len(sorted); {
		j := i
		for j < len(sorted) && sorted[j].Key == sorted[i].Key {
			j++
		}
		top := sortedScores[i]
		for k := i; k < j; k++ {
			w := sortedScores[k]
			if top > 0xFFFF {
				w = max(1, w*0xFFFF/top)
			}
			sorted[k].Weight = uint16(w)
		}
		i = j
	}
	return sorted
}

// Write writes entries as a Polyglot book: 16 big-endian bytes each, in
// the order given, which must be sorted by key (as Builder.Entries
// returns them). Unsorted entries are an error, and nothing is written.
func Write(w io.Writer, entries []RawEntry) error {
	for i := 1; i < len(entries); i++ {
		if entries[i].Key < entries[i-1].Key {
			return fmt.Errorf("book: entry %d has key %016x, below the key %016x of the entry before it; a Polyglot book is sorted by key",
				i+1, entries[i].Key, entries[i-1].Key)
		}
	}
	bw := bufio.NewWriter(w)
	var buf [EntrySize]byte
	for _, e := range entries {
		binary.BigEndian.PutUint64(buf[0:8], e.Key)
		binary.BigEndian.PutUint16(buf[8:10], uint16(e.Move))
		binary.BigEndian.PutUint16(buf[10:12], e.Weight)
		binary.BigEndian.PutUint32(buf[12:16], e.Learn)
		if _, err := bw.Write(buf[:]); err != nil {
			return fmt.Errorf("book: writing: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("book: writing: %w", err)
	}
	return nil
}
