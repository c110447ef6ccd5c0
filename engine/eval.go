package engine

import "github.com/ferzchess/ferz/chess"

// score packs a middlegame and an endgame value; the evaluation blends
// them by the material left on the board (tapered evaluation).
type score struct{ mg, eg int }

func (a score) sub(b score) score { return score{a.mg - b.mg, a.eg - b.eg} }
func (a score) times(n int) score { return score{a.mg * n, a.eg * n} }
func (a *score) plus(b score)     { a.mg += b.mg; a.eg += b.eg }
func pair(mg, eg int) score       { return score{mg, eg} }

// SimpleValue is the value of a piece type used for move ordering and
// static exchange evaluation.
var SimpleValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// phaseWeight adds up to totalPhase with all pieces on the board.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

const totalPhase = 24

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// The groups of terms that the trace (UCI "eval") shows.
const (
	groupMaterial = iota
	groupSquares
	groupMobility
	groupPawns
	groupPassed
	groupPieces
	groupKing
	groupThreats
	groupTempo
	numGroups
)

var groupNames = [numGroups]string{"material", "piece squares", "mobility", "pawns", "passed pawns", "pieces", "king safety", "threats", "tempo"}

// evalState accumulates the evaluation: a sum per colour and, when
// tracing, the count of each weight per colour.
type evalState struct {
	p     *chess.Position
	side  [2]score
	trace *evalTrace

	attacks   [2]chess.Bitboard    // squares each side attacks
	attacksBy [2][7]chess.Bitboard // ... by piece type
	twice     [2]chess.Bitboard    // squares attacked at least twice
	kingZone  [2]chess.Bitboard    // the king's square and its neighbours
	// kingAttacks[c] counts, per attacker type, the squares of c's king
	// zone that the other side attacks; kingAttackers the attackers.
	kingAttacks   [2][7]int
	kingAttackers [2]int
	passed        [2]chess.Bitboard // each side's passed pawns
}

// evalTrace records how often each weight counted for each colour: the
// tuner's features, and with groupOf the evaluation by group.
type evalTrace struct {
	count [2][numWeights]int
}

// add counts weight i n times for colour c. It is small enough to be
// inlined: the trace is one indexed sum, not a call.
func (e *evalState) add(c chess.Color, i, n int) {
	w, sum := &weights[i], &e.side[c&1]
	sum.mg += w.mg * n
	sum.eg += w.eg * n
	if e.trace != nil {
		e.trace.count[c&1][i] += n
	}
}

// groups sums the traced counts by group, for each colour.
func (t *evalTrace) groups() (g [numGroups][2]score) {
	for c := range t.count {
		for i, n := range t.count[c] {
			g[groupOf(i)][c].plus(weights[i].times(n))
		}
	}
	return g
}

// groupOf returns the group of weight i: each group is a range of the
// weights (evalparams.go).
func groupOf(i int) int {
	switch {
	case i < wPST:
		return groupMaterial
	case i < wKnightMobility:
		return groupSquares
	case i < wPassed:
		return groupMobility
	case i < wConnected:
		return groupPassed
	case i < wBishopPair:
		return groupPawns
	case i < wShield:
		return groupPieces
	case i < wThreatByPawn:
		return groupKing
	case i < wTempo:
		return groupThreats
	default:
		return groupTempo
	}
}

// Evaluate returns the static evaluation of p in centipawns from the side
// to move's point of view, as the search sees it: the hand-written
// evaluation corrected by the network (nnue.go).
func Evaluate(p *chess.Position) int {
	v, _, _ := evaluate(p, nil, nil)
	return v + networkCorrection(p)
}

// EvaluateHandWritten returns the hand-written evaluation of p alone, in
// centipawns for the side to move: what the network corrects.
func EvaluateHandWritten(p *chess.Position) int {
	v, _, _ := evaluate(p, nil, nil)
	return v
}

// Trace is an evaluation broken down by term, from White's point of view.
type Trace struct {
	Terms []TraceTerm
	Phase int // 0 (bare kings) to 24 (all pieces)
	Scale int // endgame scale factor out of 64
	// Network is the network's correction for White, in centipawns,
	// included in Final.
	Network int
	Final   int // the evaluation for White, in centipawns
}

// TraceTerm is one evaluation term for each side, middlegame and endgame.
type TraceTerm struct {
	Name         string
	White, Black [2]int // {middlegame, endgame}
}

// EvaluateTrace returns the evaluation of p broken down by term.
func EvaluateTrace(p *chess.Position) Trace {
	var tr evalTrace
	v, phase, scale := evaluate(p, &tr, nil)
	nv := networkCorrection(p)
	if p.SideToMove() == chess.Black {
		v, nv = -v, -nv
	}
	t := Trace{Phase: phase, Scale: scale, Network: nv, Final: v + nv}
	groups := tr.groups()
	for g := range numGroups {
		w, b := groups[g][chess.White], groups[g][chess.Black]
		t.Terms = append(t.Terms, TraceTerm{Name: groupNames[g], White: [2]int{w.mg, w.eg}, Black: [2]int{b.mg, b.eg}})
	}
	return t
}

// Features describes a position to the tuner: the count of each weight
// (White's minus Black's), the game phase (0..24) and the endgame scale
// (out of 64). The evaluation for White, before the special endgame
// rules, is sum(count*weight) blended by phase, with the endgame part
// scaled.
type Features struct {
	Counts []FeatureCount
	Phase  int
	Scale  int
	// Special is true when an endgame rule, not the weights, decides the
	// evaluation (a known draw, mop-up); the tuner should skip it.
	Special bool
}

// FeatureCount is one weight's count in a position.
type FeatureCount struct {
	Index int
	Count int
}

// EvalFeatures returns the features of p for the tuner.
func EvalFeatures(p *chess.Position) Features {
	var tr evalTrace
	_, phase, scale := evaluate(p, &tr, nil)
	f := Features{Phase: phase, Scale: scale}
	for i := range numWeights {
		if c := tr.count[chess.White][i] - tr.count[chess.Black][i]; c != 0 {
			f.Counts = append(f.Counts, FeatureCount{i, c})
		}
	}
	f.Special = p.IsInsufficientMaterial() || specialEndgame(p)
	return f
}

// evaluate returns the evaluation for the side to move, the phase and
// the endgame scale; with a trace it also records the terms. The pawn
// table, if not nil, caches the terms that depend on the pawns alone; it
// changes the speed, never the result.
func evaluate(p *chess.Position, tr *evalTrace, pt pawnTable) (int, int, int) {
	if p.IsInsufficientMaterial() {
		return 0, 0, 0
	}
	e := evalState{p: p, trace: tr}
	e.prepare()
	phase := 0
	for c := chess.White; c <= chess.Black; c++ {
		phase += e.material(c)
	}
	for c := chess.White; c <= chess.Black; c++ {
		e.pieces(c)
	}
	e.pawnTerms(pt)
	for c := chess.White; c <= chess.Black; c++ {
		e.passers(c)
		e.king(c)
		e.threats(c)
	}
	e.add(p.SideToMove(), wTempo, 1)

	total := e.side[chess.White].sub(e.side[chess.Black])
	phase = min(phase, totalPhase)
	scale := endgameScale(p, total.eg)
	value := (total.mg*phase + total.eg*scale/64*(totalPhase-phase)) / totalPhase
	value = specialEndgameValue(p, value)
	if p.SideToMove() == chess.Black {
		value = -value
	}
	return value, phase, scale
}

// prepare computes the attack maps of pawns and kings and the king zones.
func (e *evalState) prepare() {
	p := e.p
	for c := chess.White; c <= chess.Black; c++ {
		pawnAtt := chess.PawnAttacksSet(c, p.Pieces(c, chess.Pawn))
		ksq := p.KingSquare(c)
		kingAtt := chess.KingAttacks(ksq)
		e.attacksBy[c][chess.Pawn] = pawnAtt
		e.attacksBy[c][chess.King] = kingAtt
		e.twice[c] = pawnAtt & kingAtt
		e.attacks[c] = pawnAtt | kingAtt
		e.kingZone[c] = kingAtt | ksq.Bitboard()
	}
}

// material adds c's piece values and the piece-square bonuses of its
// knights, bishops, rooks and queens, and returns c's share of the game
// phase. The pawns' and the king's squares count with the pawn structure
// and the shelter, which the pawn table caches.
func (e *evalState) material(c chess.Color) int {
	p := e.p
	phase := 0
	for pt := chess.Pawn; pt <= chess.Queen; pt++ {
		b := p.Pieces(c, pt)
		n := b.Count()
		if n == 0 {
			continue
		}
		e.add(c, wPieceValue+int(pt-1), n)
		phase += n * phaseWeight[pt]
		if pt == chess.Pawn {
			continue
		}
		for b != 0 {
			e.pieceSquare(c, pt, b.PopFirst())
		}
	}
	return phase
}

// pieceSquare adds the piece-square weight of c's piece of type pt on sq.
func (e *evalState) pieceSquare(c chess.Color, pt chess.PieceType, sq chess.Square) {
	if c == chess.Black {
		sq = sq.Flip()
	}
	e.add(c, wPST+int(pt-1)*64+int(sq), 1)
}

// pieces adds mobility, outposts, rook files, the bishop pair, and
// records attacks for the king safety and threat terms.
func (e *evalState) pieces(c chess.Color) {
	p := e.p
	them := c.Other()
	occ := p.Occupied()
	ownPawns, theirPawns := p.Pieces(c, chess.Pawn), p.Pieces(them, chess.Pawn)
	// Mobility counts squares not held by own pawns or king, nor attacked
	// by enemy pawns.
	area := ^(ownPawns | p.Pieces(c, chess.King) | e.attacksBy[them][chess.Pawn])
	// Outposts: squares in the enemy half that no enemy pawn can attack
	// any more, defended by an own pawn.
	outposts := e.attacksBy[c][chess.Pawn] & enemyHalf(c) &^ pawnAttackSpan(them, theirPawns)
	enemyZone := e.kingZone[them]
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		for b := p.Pieces(c, pt); b != 0; {
			sq := b.PopFirst()
			var att chess.Bitboard
			switch pt {
			case chess.Knight:
				att = chess.KnightAttacks(sq)
			case chess.Bishop:
				// Bishops and rooks see through their own queen (a battery).
				att = chess.BishopAttacks(sq, occ&^p.Pieces(c, chess.Queen))
			case chess.Rook:
				att = chess.RookAttacks(sq, occ&^p.Pieces(c, chess.Queen)&^p.Pieces(c, chess.Rook))
			case chess.Queen:
				att = chess.QueenAttacks(sq, occ)
			}
			e.twice[c] |= e.attacks[c] & att
			e.attacks[c] |= att
			e.attacksBy[c][pt] |= att
			if z := att & enemyZone; z != 0 {
				e.kingAttackers[them]++
				e.kingAttacks[them][pt] += z.Count()
			}
			n := (att & area).Count()
			switch pt {
			case chess.Knight:
				e.add(c, wKnightMobility+n, 1)
			case chess.Bishop:
				e.add(c, wBishopMobility+n, 1)
			case chess.Rook:
				e.add(c, wRookMobility+n, 1)
			case chess.Queen:
				e.add(c, wQueenMobility+n, 1)
			}
			switch pt {
			case chess.Knight:
				if outposts.Has(sq) {
					e.add(c, wKnightOutpost, 1)
				}
			case chess.Bishop:
				if outposts.Has(sq) {
					e.add(c, wBishopOutpost, 1)
				}
			case chess.Rook:
				file := chess.FileA << sq.File()
				if file&ownPawns == 0 {
					if file&theirPawns == 0 {
						e.add(c, wRookOpen, 1)
					} else {
						e.add(c, wRookHalfOpen, 1)
					}
				}
				// On the seventh, with the enemy king behind it or pawns
				// to eat.
				if sq.RelativeRank(c) == 6 && (p.KingSquare(them).RelativeRank(c) == 7 || theirPawns&rankOf(sq) != 0) {
					e.add(c, wRookSeventh, 1)
				}
			}
		}
	}
	if p.Pieces(c, chess.Bishop).MoreThanOne() {
		e.add(c, wBishopPair, 1)
	}
}

// structure adds c's pawn structure, its pawns' piece-square bonuses
// and the passed pawns' bonus by rank, the terms that depend on the pawns
// alone, and records the passed pawns.
func (e *evalState) structure(c chess.Color) {
	p := e.p
	them := c.Other()
	own, their := p.Pieces(c, chess.Pawn), p.Pieces(them, chess.Pawn)
	defended := e.attacksBy[c][chess.Pawn]
	for b := own; b != 0; {
		sq := b.PopFirst()
		e.pieceSquare(c, chess.Pawn, sq)
		f := sq.File()
		rr := sq.RelativeRank(c)
		file := chess.FileA << f
		adjacent := adjacentFiles(f)
		ahead := forwardRanks(c, sq)
		if adjacent&own == 0 {
			e.add(c, wIsolated, 1)
		} else if adjacent&own&^ahead&^rankOf(sq) == 0 && behindAttacked(c, sq, e.attacksBy[them][chess.Pawn]) {
			// No own pawn beside or behind to support it, and its stop
			// square is attacked by an enemy pawn: backward.
			e.add(c, wBackward, 1)
		}
		if ahead&file&own != 0 {
			e.add(c, wDoubled, 1)
		}
		if defended.Has(sq) {
			e.add(c, wConnected+rr, 1)
		}
		if adjacent&rankOf(sq)&own != 0 {
			e.add(c, wPhalanx+rr, 1)
		}
		if ahead&(file|adjacent)&their == 0 && ahead&file&own == 0 {
			e.add(c, wPassed+rr, 1)
			e.passed[c] |= sq.Bitboard()
		}
	}
}

// passers adds the terms of c's passed pawns that depend on the other
// pieces: a free path to promotion and the kings' distances.
func (e *evalState) passers(c chess.Color) {
	p := e.p
	occ := p.Occupied()
	ownKing, theirKing := p.KingSquare(c), p.KingSquare(c.Other())
	for b := e.passed[c]; b != 0; {
		sq := b.PopFirst()
		rr := sq.RelativeRank(c)
		if forwardRanks(c, sq)&(chess.FileA<<sq.File())&occ == 0 {
			e.add(c, wPassedFree+rr, 1)
		}
		stop := sq + 8
		if c == chess.Black {
			stop = sq - 8
		}
		e.add(c, wPassedOwnKing+rr, chess.Distance(ownKing, stop))
		e.add(c, wPassedEnemyKng+rr, chess.Distance(theirKing, stop))
	}
}

// behindAttacked reports whether the square in front of c's pawn on sq
// is attacked by enemy pawns.
func behindAttacked(c chess.Color, sq chess.Square, enemyPawnAttacks chess.Bitboard) bool {
	return sq.Bitboard().Forward(c)&enemyPawnAttacks != 0
}

// shelter adds the king's piece-square bonus and c's pawn shelter: the
// pawn shield, the enemy pawn storm and an open file at the king.
func (e *evalState) shelter(c chess.Color) {
	p := e.p
	ksq := p.KingSquare(c)
	e.pieceSquare(c, chess.King, ksq)
	own, their := p.Pieces(c, chess.Pawn), p.Pieces(c.Other(), chess.Pawn)
	files := adjacentFiles(ksq.File()) | chess.FileA<<ksq.File()
	for f := files; f != 0; {
		file := chess.FileA << f.PopFirst().File()
		f &^= file
		// The own pawn nearest the king on this file, in front of it.
		if mine := file & own & forwardRanks(c, ksq); mine != 0 {
			nearest := nearestTo(c, mine)
			if d := abs(nearest.Rank() - ksq.Rank()); d <= 2 {
				e.add(c, wShield+d-1, 1)
			}
		} else if file == chess.FileA<<ksq.File() {
			e.add(c, wKingOpenFile, 1)
		}
		if enemy := file & their & forwardRanks(c, ksq); enemy != 0 {
			nearest := nearestTo(c, enemy)
			if d := abs(nearest.Rank() - ksq.Rank()); d <= 3 {
				e.add(c, wStorm+max(d-2, 0), 1)
			}
		}
	}
}

// king adds c's king safety beyond the shelter: the attacks on the king
// zone, and (kingChecks) safe checks and weak squares around the king.
func (e *evalState) king(c chess.Color) {
	// Attacks count only when at least two pieces take part.
	if e.kingAttackers[c] >= 2 {
		for pt := chess.Knight; pt <= chess.Queen; pt++ {
			if n := e.kingAttacks[c][pt]; n > 0 {
				e.add(c, wKingAttack+int(pt-chess.Knight), n)
			}
		}
	}
	e.kingChecks(c)
}

// kingChecks adds the threats to c's king that the zone count misses:
// for each enemy piece type, whether it can give check from a safe
// square (one c does not defend, or a weak one the enemy attacks twice),
// and the weak squares of the king zone (attacked by the enemy and
// defended at most once, by the king or queen).
func (e *evalState) kingChecks(c chess.Color) {
	p := e.p
	them := c.Other()
	ksq := p.KingSquare(c)
	occ := p.Occupied()
	weak := e.attacks[them] &^ e.twice[c] & (^e.attacks[c] | e.attacksBy[c][chess.King] | e.attacksBy[c][chess.Queen])
	safe := ^p.ColorPieces(them) & (^e.attacks[c] | weak&e.twice[them])
	rookLines := chess.RookAttacks(ksq, occ)
	bishopLines := chess.BishopAttacks(ksq, occ)
	rookChecks := rookLines & e.attacksBy[them][chess.Rook] & safe
	checks := [4]chess.Bitboard{
		chess.KnightAttacks(ksq) & e.attacksBy[them][chess.Knight] & safe,
		bishopLines & e.attacksBy[them][chess.Bishop] & safe,
		rookChecks,
		// A queen check where a rook could check as well adds little.
		(rookLines | bishopLines) & e.attacksBy[them][chess.Queen] & safe &^ rookChecks,
	}
	for i, b := range checks {
		if b != 0 {
			e.add(c, wSafeCheck+i, 1)
		}
	}
	if n := (e.kingZone[c] & weak).Count(); n > 0 {
		e.add(c, wKingWeak, n)
	}
}

// threats adds the penalties for c's pieces attacked by cheaper enemy
// pieces and for c's pieces that hang (attacked and not defended).
func (e *evalState) threats(c chess.Color) {
	p := e.p
	them := c.Other()
	nonPawns := p.ColorPieces(c) &^ p.Pieces(c, chess.Pawn) &^ p.Pieces(c, chess.King)
	if n := (nonPawns & e.attacksBy[them][chess.Pawn]).Count(); n > 0 {
		e.add(c, wThreatByPawn, n)
	}
	minors := e.attacksBy[them][chess.Knight] | e.attacksBy[them][chess.Bishop]
	if n := (p.Pieces(c, chess.Rook) & minors).Count(); n > 0 {
		e.add(c, wThreatByMinor+0, n)
	}
	if n := (p.Pieces(c, chess.Queen) & minors).Count(); n > 0 {
		e.add(c, wThreatByMinor+1, n)
	}
	if n := (p.Pieces(c, chess.Queen) & e.attacksBy[them][chess.Rook]).Count(); n > 0 {
		e.add(c, wThreatByRook, n)
	}
	if n := (p.ColorPieces(c) &^ p.Pieces(c, chess.King) & e.attacks[them] &^ e.attacks[c]).Count(); n > 0 {
		e.add(c, wHanging, n)
	}
}

// nearestTo returns the square of b nearest to c's first rank.
func nearestTo(c chess.Color, b chess.Bitboard) chess.Square {
	if c == chess.White {
		return b.First()
	}
	return b.Last()
}

// adjacentFiles returns the files beside file f.
func adjacentFiles(f int) chess.Bitboard {
	file := chess.FileA << f
	return (file &^ chess.FileH << 1) | (file &^ chess.FileA >> 1)
}

func rankOf(sq chess.Square) chess.Bitboard { return chess.Rank1 << (8 * sq.Rank()) }

// forwardRanks returns the squares on the ranks beyond sq as seen by c.
func forwardRanks(c chess.Color, sq chess.Square) chess.Bitboard {
	if c == chess.White {
		return ^chess.Bitboard(0) << (8 * (sq.Rank() + 1)) & ^chess.Bitboard(0)
	}
	return chess.Bitboard(1)<<(8*sq.Rank()) - 1
}

// enemyHalf returns ranks 4 to 6 as seen by c, where outposts are.
func enemyHalf(c chess.Color) chess.Bitboard {
	if c == chess.White {
		return chess.Rank4 | chess.Rank5 | chess.Rank6
	}
	return chess.Rank5 | chess.Rank4 | chess.Rank3
}

// pawnAttackSpan returns every square c's pawns attack now or could
// attack after advancing.
func pawnAttackSpan(c chess.Color, pawns chess.Bitboard) chess.Bitboard {
	span := pawns
	for i := 0; i < 5; i++ {
		span |= span.Forward(c)
	}
	return chess.PawnAttacksSet(c, span)
}

func nonPawnMaterial(p *chess.Position, c chess.Color) int {
	v := 0
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		v += p.Pieces(c, pt).Count() * SimpleValue[pt]
	}
	return v
}
