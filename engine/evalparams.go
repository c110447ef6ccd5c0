package engine

import "fmt"

// The evaluation is a sum of weights, each a middlegame and an endgame
// value, counted once for every occurrence of its feature (White's
// count minus Black's). The weights live in one array so that the tuner
// can see the evaluation as the linear function it is. These constants
// index the array; a group of related weights is a range.
const (
	wPieceValue     = 0                    // + piece type - 1: pawn .. queen
	wPST            = wPieceValue + 5      // + (piece type - 1)*64 + square (White's view)
	wKnightMobility = wPST + 6*64          // + safe squares 0..8
	wBishopMobility = wKnightMobility + 9  // + 0..13
	wRookMobility   = wBishopMobility + 14 // + 0..14
	wQueenMobility  = wRookMobility + 15   // + 0..27
	wPassed         = wQueenMobility + 28  // + relative rank
	wPassedFree     = wPassed + 8          // + relative rank: nothing stands in the pawn's path
	wPassedOwnKing  = wPassedFree + 8      // + relative rank, times own king's distance to the stop square
	wPassedEnemyKng = wPassedOwnKing + 8   // + relative rank, times the enemy king's distance
	wConnected      = wPassedEnemyKng + 8  // + relative rank: a pawn defended by a pawn
	wPhalanx        = wConnected + 8       // + relative rank: a pawn beside a pawn
	wDoubled        = wPhalanx + 8         //
	wIsolated       = wDoubled + 1         //
	wBackward       = wIsolated + 1        //
	wBishopPair     = wBackward + 1        //
	wRookOpen       = wBishopPair + 1      //
	wRookHalfOpen   = wRookOpen + 1        //
	wRookSeventh    = wRookHalfOpen + 1    //
	wKnightOutpost  = wRookSeventh + 1     //
	wBishopOutpost  = wKnightOutpost + 1   //
	wShield         = wBishopOutpost + 1   // + 0 (pawn just in front of the king) or 1 (two squares)
	wStorm          = wShield + 2          // + 0 (enemy pawn one or two squares from the king's rank) or 1 (three)
	wKingOpenFile   = wStorm + 2           // the king on a file without own pawns
	wKingAttack     = wKingOpenFile + 1    // + attacker type - 2 (knight .. queen): squares of the king zone attacked
	wSafeCheck      = wKingAttack + 4      // + checker type - 2 (knight .. queen): the enemy can check from a safe square
	wKingWeak       = wSafeCheck + 4       // squares of the king zone attacked and defended at most by the king or queen
	wThreatByPawn   = wKingWeak + 1        // a pawn attacks a piece
	wThreatByMinor  = wThreatByPawn + 1    // + victim type - 3 (rook, queen): a knight or bishop attacks it
	wThreatByRook   = wThreatByMinor + 2   // a rook attacks a queen
	wHanging        = wThreatByRook + 1    // a piece attacked and not defended
	wTempo          = wHanging + 1         //
	numWeights      = wTempo + 1           //
)

// weights are the evaluation's weights, indexed by the w... constants.
var weights [numWeights]score

// defaultWeights sets hand-chosen starting values, from which the tuner
// starts; tunedWeights, when the tuner has produced it, replaces them.
func defaultWeights() [numWeights]score {
	var w [numWeights]score
	for i, v := range [5]score{pair(82, 94), pair(337, 281), pair(365, 297), pair(477, 512), pair(1025, 936)} {
		w[wPieceValue+i] = v
	}
	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		// Distance from the centre: 0 on d4-e5, 6 in a corner.
		dc := (abs(2*f-7)+abs(2*r-7))/2 - 1
		centralFile := f == 3 || f == 4
		pawn := pair([8]int{0, 0, 2, 6, 14, 26, 45, 0}[r], [8]int{0, 0, 5, 12, 25, 45, 75, 0}[r])
		if centralFile && (r == 3 || r == 4) {
			pawn.mg += 12
		}
		if centralFile && r == 1 {
			pawn.mg -= 8 // d- and e-pawns should leave home
		}
		if r == 0 || r == 7 {
			pawn = score{}
		}
		w[wPST+0*64+sq] = pawn
		w[wPST+1*64+sq] = pair(20-8*dc, 12-6*dc)
		w[wPST+2*64+sq] = pair(6-3*dc, 4-3*dc)
		rook := pair(0, 0)
		if centralFile {
			rook.mg += 5
		}
		w[wPST+3*64+sq] = rook
		w[wPST+4*64+sq] = pair(2-2*dc, 10-3*dc)
		// The king hides on its first rank in the middlegame (away from
		// the centre files) and walks to the centre in the endgame.
		w[wPST+5*64+sq] = pair([8]int{15, 25, 10, 0, 0, 5, 25, 15}[f]-20*r, 24-9*dc)
	}
	mobility := func(base, n, mg, eg int) {
		for i := 0; i < n; i++ {
			w[base+i] = pair(mg*(i-n/3), eg*(i-n/3))
		}
	}
	mobility(wKnightMobility, 9, 4, 4)
	mobility(wBishopMobility, 14, 5, 5)
	mobility(wRookMobility, 15, 2, 4)
	mobility(wQueenMobility, 28, 1, 2)
	for r, v := range [8]score{{}, pair(0, 5), pair(0, 10), pair(5, 20), pair(20, 40), pair(40, 70), pair(65, 110), {}} {
		w[wPassed+r] = v
		w[wPassedFree+r] = pair(0, v.eg/3)
		w[wPassedOwnKing+r] = pair(0, -r*r/3)
		w[wPassedEnemyKng+r] = pair(0, r*r*2/3)
		w[wConnected+r] = pair(4+2*r, 2+r)
		w[wPhalanx+r] = pair(3+r, r)
	}
	w[wDoubled] = pair(-10, -20)
	w[wIsolated] = pair(-10, -12)
	w[wBackward] = pair(-6, -8)
	w[wBishopPair] = pair(30, 50)
	w[wRookOpen] = pair(25, 10)
	w[wRookHalfOpen] = pair(12, 5)
	w[wRookSeventh] = pair(10, 20)
	w[wKnightOutpost] = pair(20, 10)
	w[wBishopOutpost] = pair(10, 5)
	w[wShield+0] = pair(12, 0)
	w[wShield+1] = pair(6, 0)
	w[wStorm+0] = pair(-10, 0)
	w[wStorm+1] = pair(-5, 0)
	w[wKingOpenFile] = pair(-20, 0)
	for i, v := range [4]score{pair(-8, 0), pair(-8, 0), pair(-10, 0), pair(-14, 0)} {
		w[wKingAttack+i] = v
	}
	for i, v := range [4]score{pair(-30, -5), pair(-10, -5), pair(-25, -5), pair(-25, -5)} {
		w[wSafeCheck+i] = v
	}
	w[wKingWeak] = pair(-3, -2)
	w[wThreatByPawn] = pair(-50, -40)
	w[wThreatByMinor+0] = pair(-40, -30)
	w[wThreatByMinor+1] = pair(-50, -40)
	w[wThreatByRook] = pair(-50, -40)
	w[wHanging] = pair(-20, -15)
	w[wTempo] = pair(15, 5)
	return w
}

func init() {
	weights = defaultWeights()
	if tunedWeights != nil {
		weights = *tunedWeights
	}
}

// Weights returns the evaluation weights as {middlegame, endgame} pairs,
// in the order of the evaluation's features (see WeightName).
func Weights() [][2]int {
	out := make([][2]int, numWeights)
	for i, w := range weights {
		out[i] = [2]int{w.mg, w.eg}
	}
	return out
}

// SetWeights replaces the evaluation weights (for the tuner; not safe
// while a search runs). It panics unless len(w) is NumWeights.
func SetWeights(w [][2]int) {
	if len(w) != numWeights {
		panic(fmt.Sprintf("engine: SetWeights with %d weights, want %d", len(w), numWeights))
	}
	for i := range weights {
		weights[i] = pair(w[i][0], w[i][1])
	}
}

// NumWeights is the number of evaluation weights.
const NumWeights = numWeights

// weightGroups names the ranges of weights, in index order.
var weightGroups = []struct {
	start int
	name  string
}{
	{wPieceValue, "PieceValue"}, {wPST, "PST"}, {wKnightMobility, "KnightMobility"},
	{wBishopMobility, "BishopMobility"}, {wRookMobility, "RookMobility"}, {wQueenMobility, "QueenMobility"},
	{wPassed, "Passed"}, {wPassedFree, "PassedFree"}, {wPassedOwnKing, "PassedOwnKing"},
	{wPassedEnemyKng, "PassedEnemyKing"}, {wConnected, "Connected"}, {wPhalanx, "Phalanx"},
	{wDoubled, "Doubled"}, {wIsolated, "Isolated"}, {wBackward, "Backward"}, {wBishopPair, "BishopPair"},
	{wRookOpen, "RookOpen"}, {wRookHalfOpen, "RookHalfOpen"}, {wRookSeventh, "RookSeventh"},
	{wKnightOutpost, "KnightOutpost"}, {wBishopOutpost, "BishopOutpost"}, {wShield, "Shield"},
	{wStorm, "Storm"}, {wKingOpenFile, "KingOpenFile"}, {wKingAttack, "KingAttack"},
	{wSafeCheck, "SafeCheck"}, {wKingWeak, "KingWeak"},
	{wThreatByPawn, "ThreatByPawn"}, {wThreatByMinor, "ThreatByMinor"}, {wThreatByRook, "ThreatByRook"},
	{wHanging, "Hanging"}, {wTempo, "Tempo"},
}

// WeightName names weight i, as "Passed[5]" or "Tempo".
func WeightName(i int) string {
	for g := len(weightGroups) - 1; g >= 0; g-- {
		if i >= weightGroups[g].start {
			end := numWeights
			if g+1 < len(weightGroups) {
				end = weightGroups[g+1].start
			}
			if end-weightGroups[g].start == 1 {
				return weightGroups[g].name
			}
			return fmt.Sprintf("%s[%d]", weightGroups[g].name, i-weightGroups[g].start)
		}
	}
	return fmt.Sprintf("weight[%d]", i)
}
