package chess

import "math/bits"

// Sliding attacks come from "fancy" magic bitboards: the relevant blockers
// of a square, multiplied by a magic number and shifted, index a table of
// precomputed attack sets. The magic numbers in magic_numbers.go were found
// by findMagic below from a fixed seed; `go test ./chess -run
// TestMagicNumbers -update` finds them again and rewrites that file.

type magic struct {
	mask   Bitboard
	magic  uint64
	shift  uint8
	offset uint32
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	// sliderTable holds every square's attack sets, rooks then bishops.
	sliderTable []Bitboard
)

// relevantMask returns the squares whose occupancy matters for a slider
// on s: its empty-board rays without the last square of each.
func relevantMask(slider PieceType, s Square) Bitboard {
	edges := (Rank1|Rank8)&^rankBB(s.Rank()) | (FileA|FileH)&^fileBB(s.File())
	return slidingAttacks(slider, s, 0) &^ edges
}

func rankBB(r int) Bitboard { return Rank1 << (8 * r) }
func fileBB(f int) Bitboard { return FileA << f }

func init() {
	sliderTable = make([]Bitboard, 0, 102400+5248)
	for _, slider := range []PieceType{Rook, Bishop} {
		for s := Square(0); s < 64; s++ {
			m := magic{mask: relevantMask(slider, s)}
			n := m.mask.Count()
			m.shift = uint8(64 - n)
			m.offset = uint32(len(sliderTable))
			m.magic = bishopMagicNumbers[s]
			if slider == Rook {
				m.magic = rookMagicNumbers[s]
			}
			sliderTable = sliderTable[:len(sliderTable)+1<<n]
			table := sliderTable[m.offset:]
			// Enumerate every subset of the mask (carry-rippler trick).
			for sub := Bitboard(0); ; {
				idx := uint64(sub) * m.magic >> m.shift
				want := slidingAttacks(slider, s, sub)
				if table[idx] != 0 && table[idx] != want {
					panic("chess: magic number collision; regenerate magic_numbers.go")
				}
				table[idx] = want
				sub = (sub - m.mask) & m.mask
				if sub == 0 {
					break
				}
			}
			if slider == Rook {
				rookMagics[s] = m
			} else {
				bishopMagics[s] = m
			}
		}
	}
}

// RookAttacks returns the squares a rook on s attacks given the occupancy.
func RookAttacks(s Square, occupied Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return sliderTable[m.offset+uint32(uint64(occupied&m.mask)*m.magic>>m.shift)]
}

// BishopAttacks returns the squares a bishop on s attacks given the occupancy.
func BishopAttacks(s Square, occupied Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return sliderTable[m.offset+uint32(uint64(occupied&m.mask)*m.magic>>m.shift)]
}

// QueenAttacks returns the squares a queen on s attacks given the occupancy.
func QueenAttacks(s Square, occupied Bitboard) Bitboard {
	return RookAttacks(s, occupied) | BishopAttacks(s, occupied)
}

// Attacks returns the squares a piece of type t and colour c on s attacks.
func Attacks(t PieceType, c Color, s Square, occupied Bitboard) Bitboard {
	switch t {
	case Pawn:
		return PawnAttacks(c, s)
	case Knight:
		return KnightAttacks(s)
	case Bishop:
		return BishopAttacks(s, occupied)
	case Rook:
		return RookAttacks(s, occupied)
	case Queen:
		return QueenAttacks(s, occupied)
	case King:
		return KingAttacks(s)
	}
	return 0
}

// magicSeed seeds the search that found magic_numbers.go.
const magicSeed = 0x9E3779B97F4A7C15

// magicRand is a xorshift64* generator: small, fast and reproducible.
type magicRand uint64

func (r *magicRand) next() uint64 {
	x := uint64(*r)
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*r = magicRand(x)
	return x * 2685821657736338717
}

// findMagic searches for a magic number for a slider on s: candidates with
// few set bits (the AND of three random numbers) are tried until one maps
// every blocker subset to a slot without a destructive collision.
func findMagic(slider PieceType, s Square, rng *magicRand) uint64 {
	mask := relevantMask(slider, s)
	n := mask.Count()
	size := 1 << n
	occ := make([]Bitboard, 0, size)
	ref := make([]Bitboard, 0, size)
	for sub := Bitboard(0); ; {
		occ = append(occ, sub)
		ref = append(ref, slidingAttacks(slider, s, sub))
		sub = (sub - mask) & mask
		if sub == 0 {
			break
		}
	}
	used := make([]Bitboard, size)
	epoch := make([]int, size)
	for attempt := 1; ; attempt++ {
		//lint:ignore SA4000 each call draws a new number: their AND is a sparse candidate
		cand := rng.next() & rng.next() & rng.next()
		if bits.OnesCount64(uint64(mask)*cand>>56) < 6 {
			continue
		}
		ok := true
		for i, o := range occ {
			idx := uint64(o) * cand >> (64 - n)
			if epoch[idx] != attempt {
				epoch[idx] = attempt
				used[idx] = ref[i]
			} else if used[idx] != ref[i] {
				ok = false
				break
			}
		}
		if ok {
			return cand
		}
	}
}
