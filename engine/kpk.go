package engine

import (
	"sync"

	"github.com/ferzchess/ferz/chess"
)

// The king and pawn against king endgame is solved exactly: kpkTable
// says for every position whether the side with the pawn wins. It is
// built once, on first use, by retrograde analysis over all positions
// with the pawn on files a to d (the others are mirror images), the
// stronger side normalised to White.
var (
	kpkOnce  sync.Once
	kpkTable []uint8 // 1 = win, indexed by kpkIndex
)

const kpkSize = 2 * 64 * 64 * 24

// The table takes about 0.1 s to build: start at once in the background,
// so that a game does not stall on the first king and pawn ending.
func init() { go kpkOnce.Do(buildKPK) }

// kpkIndex numbers a position: side to move, white king, black king and
// the pawn (files a-d, ranks 2-7).
func kpkIndex(stm chess.Color, wk, bk, pawn chess.Square) int {
	ps := (pawn.Rank()-1)*4 + pawn.File()
	return ((int(stm)*64+int(wk))*64+int(bk))*24 + ps
}

// Results of the analysis.
const (
	kpkUnknown = iota
	kpkInvalid
	kpkDraw
	kpkWin
)

func buildKPK() {
	res := make([]uint8, kpkSize)
	// First pass: illegal positions and the positions decided at once.
	for stm := chess.White; stm <= chess.Black; stm++ {
		for wk := chess.Square(0); wk < 64; wk++ {
			for bk := chess.Square(0); bk < 64; bk++ {
				for ps := 0; ps < 24; ps++ {
					pawn := chess.Square((ps/4+1)*8 + ps%4)
					res[kpkIndex(stm, wk, bk, pawn)] = kpkInitial(stm, wk, bk, pawn)
				}
			}
		}
	}
	// Then propagate until nothing changes: White wins if one move wins,
	// Black loses if every move loses.
	for changed := true; changed; {
		changed = false
		for stm := chess.White; stm <= chess.Black; stm++ {
			for wk := chess.Square(0); wk < 64; wk++ {
				for bk := chess.Square(0); bk < 64; bk++ {
					for ps := 0; ps < 24; ps++ {
						pawn := chess.Square((ps/4+1)*8 + ps%4)
						i := kpkIndex(stm, wk, bk, pawn)
						if res[i] != kpkUnknown {
							continue
						}
						if kpkSolve(res, stm, wk, bk, pawn) {
							res[i] = kpkWin
							changed = true
						}
					}
				}
			}
		}
	}
	kpkTable = make([]uint8, kpkSize)
	for i, r := range res {
		if r == kpkWin {
			kpkTable[i] = 1
		}
	}
}

// kpkInitial classifies a position before any search.
func kpkInitial(stm chess.Color, wk, bk, pawn chess.Square) uint8 {
	pawnAtt := chess.PawnAttacks(chess.White, pawn)
	switch {
	case wk == bk || wk == pawn || bk == pawn || chess.Distance(wk, bk) <= 1:
		return kpkInvalid
	case stm == chess.White && pawnAtt.Has(bk):
		return kpkInvalid // Black, not to move, in check
	}
	if stm == chess.White {
		promo := pawn + 8
		if pawn.Rank() == 6 && promo != wk && promo != bk &&
			(chess.Distance(bk, promo) > 1 || chess.Distance(wk, promo) == 1) {
			return kpkWin
		}
		return kpkUnknown
	}
	// Black to move: stalemate, or the pawn taken, is a draw.
	moves := chess.KingAttacks(bk) &^ chess.KingAttacks(wk) &^ pawnAtt
	if moves == 0 {
		return kpkDraw
	}
	if moves.Has(pawn) {
		return kpkDraw
	}
	return kpkUnknown
}

// kpkSolve reports whether an undecided position is now known won.
func kpkSolve(res []uint8, stm chess.Color, wk, bk, pawn chess.Square) bool {
	if stm == chess.White {
		for b := chess.KingAttacks(wk); b != 0; {
			to := b.PopFirst()
			if to == pawn || chess.Distance(to, bk) <= 1 {
				continue
			}
			if res[kpkIndex(chess.Black, to, bk, pawn)] == kpkWin {
				return true
			}
		}
		if pawn.Rank() < 6 {
			one := pawn + 8
			if one != wk && one != bk {
				if res[kpkIndex(chess.Black, wk, bk, one)] == kpkWin {
					return true
				}
				two := one + 8
				if pawn.Rank() == 1 && two != wk && two != bk && res[kpkIndex(chess.Black, wk, bk, two)] == kpkWin {
					return true
				}
			}
		}
		return false
	}
	pawnAtt := chess.PawnAttacks(chess.White, pawn)
	for b := chess.KingAttacks(bk) &^ chess.KingAttacks(wk) &^ pawnAtt; b != 0; {
		to := b.PopFirst()
		if res[kpkIndex(chess.White, wk, to, pawn)] != kpkWin {
			return false
		}
	}
	return true
}

// kpkWins reports whether the side with the pawn wins in a king and pawn
// against king position, with strong the side that has the pawn.
func kpkWins(p *chess.Position, strong chess.Color) bool {
	kpkOnce.Do(buildKPK)
	wk, bk := p.KingSquare(strong), p.KingSquare(strong.Other())
	pawn := p.Pieces(strong, chess.Pawn).First()
	stm := p.SideToMove()
	if strong == chess.Black {
		wk, bk, pawn = wk.Flip(), bk.Flip(), pawn.Flip()
		stm = stm.Other()
	}
	if pawn.File() > 3 {
		wk, bk, pawn = wk^7, bk^7, pawn^7
	}
	return kpkTable[kpkIndex(stm, wk, bk, pawn)] == 1
}
