package engine

import "github.com/ferzchess/ferz/chess"

// score packs a middlegame and an endgame value; the evaluation blends
// them by the material left on the board (tapered evaluation).
type score struct{ mg, eg int }

func (a score) add(b score) score { return score{a.mg + b.mg, a.eg + b.eg} }
func (a score) sub(b score) score { return score{a.mg - b.mg, a.eg - b.eg} }
func (a score) times(n int) score { return score{a.mg * n, a.eg * n} }
func (a *score) plus(b score)     { a.mg += b.mg; a.eg += b.eg }
func (a *score) minus(b score)    { a.mg -= b.mg; a.eg -= b.eg }
func pair(mg, eg int) score       { return score{mg, eg} }

// Piece values, middlegame and endgame, indexed by chess.PieceType.
var pieceValue = [7]score{{}, pair(100, 120), pair(320, 300), pair(330, 320), pair(480, 540), pair(950, 1000), {}}

// SimpleValue is the value of a piece type used for move ordering and
// static exchange evaluation.
var SimpleValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// phaseWeight adds up to totalPhase with all pieces on the board.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

const totalPhase = 24

// Evaluation weights.
var (
	bishopPair     = pair(30, 50)
	doubledPawn    = pair(-10, -20)
	isolatedPawn   = pair(-10, -15)
	passedPawn     = [8]score{{}, pair(5, 10), pair(5, 15), pair(10, 25), pair(25, 45), pair(45, 80), pair(70, 130), {}}
	rookOpenFile   = pair(25, 10)
	rookHalfOpen   = pair(12, 5)
	kingShield     = pair(10, 0)
	tempo          = pair(10, 5)
	mobilityWeight = [7]score{{}, {}, pair(4, 4), pair(5, 5), pair(2, 4), pair(1, 2), {}}
	// mobilityBase is a typical number of safe squares; the bonus counts
	// from there so that the piece values stay near their usual meaning.
	mobilityBase = [7]int{0, 0, 4, 6, 6, 12, 0}
)

// pst holds the piece-square bonuses for White; Black reads them mirrored.
var pst [7][64]score

func init() {
	for sq := chess.Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		// Distance from the centre: 1 on d4-e5, 7 in a corner.
		dc := (abs(2*f-7) + abs(2*r-7)) / 2
		centralFile := f == 3 || f == 4
		pawn := pair([8]int{0, 0, 2, 6, 14, 26, 45, 0}[r], [8]int{0, 0, 5, 12, 25, 45, 75, 0}[r])
		if centralFile && (r == 3 || r == 4) {
			pawn.mg += 12
		}
		if centralFile && r == 1 {
			pawn.mg -= 8 // d- and e-pawns should leave home
		}
		pst[chess.Pawn][sq] = pawn
		pst[chess.Knight][sq] = pair(24-8*dc, 16-6*dc)
		pst[chess.Bishop][sq] = pair(10-3*dc, 8-3*dc)
		rook := pair(0, 0)
		if r == 6 {
			rook = pair(15, 10)
		}
		if centralFile {
			rook.mg += 5
		}
		pst[chess.Rook][sq] = rook
		pst[chess.Queen][sq] = pair(4-2*dc, 12-3*dc)
		// The king hides on its first rank in the middlegame (away from the
		// centre files) and walks to the centre in the endgame.
		kingMG := [8]int{15, 25, 10, 0, 0, 5, 25, 15}[f] - 20*r
		pst[chess.King][sq] = pair(kingMG, 30-9*dc)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Evaluate returns the static evaluation of p in centipawns from the side
// to move's point of view.
func Evaluate(p *chess.Position) int {
	var t Trace
	return evaluate(p, &t, false)
}

// Trace is an evaluation broken down by term, from White's point of view.
type Trace struct {
	Terms []TraceTerm
	Phase int // 0 (bare kings) to 24 (all pieces)
	Scale int // endgame scale factor out of 64
	Final int // the evaluation for White, in centipawns
}

// TraceTerm is one evaluation term for each side, middlegame and endgame.
type TraceTerm struct {
	Name         string
	White, Black [2]int // {middlegame, endgame}
}

// EvaluateTrace returns the evaluation of p broken down by term.
func EvaluateTrace(p *chess.Position) Trace {
	var t Trace
	t.Final = evaluate(p, &t, true)
	if p.SideToMove() == chess.Black {
		t.Final = -t.Final
	}
	return t
}

func evaluate(p *chess.Position, t *Trace, trace bool) int {
	if p.IsInsufficientMaterial() {
		return 0
	}
	var terms [2][6]score // per colour: material+pst, mobility, pawns, pieces, king, tempo
	phase := 0
	occ := p.Occupied()
	for c := chess.White; c <= chess.Black; c++ {
		them := c.Other()
		ours := p.ColorPieces(c)
		theirPawnAttacks := chess.PawnAttacksSet(them, p.Pieces(them, chess.Pawn))
		safe := ^ours &^ theirPawnAttacks
		ownPawns, theirPawns := p.Pieces(c, chess.Pawn), p.Pieces(them, chess.Pawn)
		for pt := chess.Pawn; pt <= chess.King; pt++ {
			for b := p.Pieces(c, pt); b != 0; {
				sq := b.PopFirst()
				rel := sq
				if c == chess.Black {
					rel = sq.Flip()
				}
				terms[c][0].plus(pieceValue[pt].add(pst[pt][rel]))
				phase += phaseWeight[pt]
				if pt >= chess.Knight && pt <= chess.Queen {
					n := (chess.Attacks(pt, c, sq, occ) & safe).Count()
					terms[c][1].plus(mobilityWeight[pt].times(n - mobilityBase[pt]))
				}
				if pt == chess.Rook {
					file := chess.FileA << sq.File()
					if file&ownPawns == 0 {
						if file&theirPawns == 0 {
							terms[c][3].plus(rookOpenFile)
						} else {
							terms[c][3].plus(rookHalfOpen)
						}
					}
				}
			}
		}
		if p.Pieces(c, chess.Bishop).Count() >= 2 {
			terms[c][3].plus(bishopPair)
		}
		terms[c][2] = pawnStructure(p, c)
		terms[c][4] = kingSafety(p, c)
	}
	terms[p.SideToMove()][5] = tempo

	var total score
	for i := range terms[0] {
		total.plus(terms[chess.White][i].sub(terms[chess.Black][i]))
	}
	phase = min(phase, totalPhase)
	scale := endgameScale(p, total.eg)
	eg := total.eg * scale / 64
	value := (total.mg*phase + eg*(totalPhase-phase)) / totalPhase
	value += mopUp(p, value)
	if trace {
		names := []string{"material+squares", "mobility", "pawns", "pieces", "king safety", "tempo"}
		for i, n := range names {
			w, b := terms[chess.White][i], terms[chess.Black][i]
			t.Terms = append(t.Terms, TraceTerm{Name: n, White: [2]int{w.mg, w.eg}, Black: [2]int{b.mg, b.eg}})
		}
		t.Phase, t.Scale = phase, scale
	}
	if p.SideToMove() == chess.Black {
		return -value
	}
	return value
}

// pawnStructure scores c's doubled, isolated and passed pawns.
func pawnStructure(p *chess.Position, c chess.Color) score {
	var sc score
	own, their := p.Pieces(c, chess.Pawn), p.Pieces(c.Other(), chess.Pawn)
	for b := own; b != 0; {
		sq := b.PopFirst()
		f := sq.File()
		file := chess.FileA << f
		adjacent := (file &^ chess.FileH << 1) | (file &^ chess.FileA >> 1)
		if adjacent&own == 0 {
			sc.plus(isolatedPawn)
		}
		ahead := forwardRanks(c, sq)
		if ahead&file&own != 0 {
			sc.plus(doubledPawn)
		}
		if ahead&(file|adjacent)&their == 0 && ahead&file&own == 0 {
			sc.plus(passedPawn[sq.RelativeRank(c)])
		}
	}
	return sc
}

// forwardRanks returns the squares on the ranks beyond sq as seen by c.
func forwardRanks(c chess.Color, sq chess.Square) chess.Bitboard {
	if c == chess.White {
		return ^chess.Bitboard(0) << (8 * (sq.Rank() + 1)) & ^chess.Bitboard(0)
	}
	return chess.Bitboard(1)<<(8*sq.Rank()) - 1
}

// kingSafety rewards the pawns sheltering c's king.
func kingSafety(p *chess.Position, c chess.Color) score {
	ksq := p.KingSquare(c)
	if ksq.RelativeRank(c) > 1 {
		return score{}
	}
	front := chess.KingAttacks(ksq).Forward(c) | chess.KingAttacks(ksq)
	front &= forwardRanks(c, ksq)
	n := min((front & p.Pieces(c, chess.Pawn)).Count(), 3)
	return kingShield.times(n)
}

// endgameScale returns the fraction (out of 64) of the endgame score to
// keep: a side without pawns that is at most a minor piece ahead can
// rarely win.
func endgameScale(p *chess.Position, eg int) int {
	strong := chess.White
	if eg < 0 {
		strong = chess.Black
	}
	if p.Pieces(strong, chess.Pawn) != 0 {
		return 64
	}
	if nonPawnMaterial(p, strong)-nonPawnMaterial(p, strong.Other()) <= SimpleValue[chess.Bishop] {
		return 8
	}
	return 64
}

func nonPawnMaterial(p *chess.Position, c chess.Color) int {
	v := 0
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		v += p.Pieces(c, pt).Count() * SimpleValue[pt]
	}
	return v
}

// mopUp helps the winning side mate a bare king: drive it to the edge and
// bring the own king close. value is the evaluation for White.
func mopUp(p *chess.Position, value int) int {
	if value > 200 && p.ColorPieces(chess.Black) == p.Pieces(chess.Black, chess.King) {
		return mopUpBonus(p, chess.White)
	}
	if value < -200 && p.ColorPieces(chess.White) == p.Pieces(chess.White, chess.King) {
		return -mopUpBonus(p, chess.Black)
	}
	return 0
}

func mopUpBonus(p *chess.Position, strong chess.Color) int {
	weakKing, strongKing := p.KingSquare(strong.Other()), p.KingSquare(strong)
	edge := (abs(2*weakKing.File()-7) + abs(2*weakKing.Rank()-7)) / 2
	return 10*edge + 4*(14-chess.Distance(weakKing, strongKing)*2)
}
