package engine

import (
	"time"

	"github.com/ferzchess/ferz/chess"
)

// isDraw tells whether the position is drawn by the fifty-move rule (in
// check, only once it is known not to be mate), by
// repetition or by insufficient material.
func (s *Searcher) isDraw(ply int) bool {
	p := s.pos
	if p.HalfmoveClock() >= 100 && !p.InCheck() {
		return true
	}
	return p.IsRepetition(p.HalfmoveClock()) || p.IsInsufficientMaterial()
}

// negamax is the principal variation search of the position on the
// searcher's board to depth plies, ply plies from the root, within the
// window (alpha, beta); cutNode marks a node expected to fail high.
func (s *Searcher) negamax(alpha, beta, depth, ply int, cutNode bool) int {
	p := s.pos
	pvNode := beta-alpha > 1
	s.pv.clear(ply)
	if ply == 0 {
		s.pieceKeys[0] = pieceKeysOf(p)
		if s.nn != nil {
			s.nn.root(p)
		}
	}
	if ply > 0 {
		if s.isDraw(ply) {
			return 0
		}
		// Mate distance pruning: no score can beat a mate already found
		// nearer the root; nor can a draw the side can force (repeatFloor).
		alpha = max(alpha, -MateScore+ply, repeatFloor(p, alpha))
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	inCheck := p.InCheck()
	if inCheck {
		depth++
	}
	if depth <= 0 || ply >= MaxPly {
		return s.quiescence(alpha, beta, ply, true)
	}
	s.nodes++
	s.checkLimits()
	if s.stop.Load() {
		return 0
	}

	key := p.Key()
	hashMove := chess.NullMove
	excluded := s.excludedMove[ply]
	entry, hit := s.TT.probe(key, ply)
	if excluded != chess.NullMove {
		// A singular extension's search: its result is about the other
		// moves only, so the table's entry for the position cannot answer.
		hit = false
	}
	if hit {
		hashMove = entry.move
		if !pvNode && int(entry.depth) >= depth && entry.bound.cuts(int(entry.score), alpha, beta) {
			return int(entry.score)
		}
	}

	if ply > 0 && excluded == chess.NullMove {
		if v, bound, ok := s.probe(depth, ply); ok && bound.cuts(v, alpha, beta) {
			return v
		}
	}

	// rawEval is the evaluation function's verdict (what the table
	// keeps), staticEval that corrected for the pawn structure, and eval
	// the best estimate: the table's score when its bound says more.
	rawEval, staticEval, eval := -Infinity, -Infinity, -Infinity
	if !inCheck {
		rawEval, staticEval = s.staticEval(p, ply, entry, hit)
		eval = ttEval(staticEval, entry, hit)
		if !hit && excluded == chess.NullMove {
			// The evaluation is kept at once, without a bound: the node
			// may be pruned before its own store, and the next visit
			// then needs no evaluation (8% fewer instructions a node).
			s.TT.store(key, ply, chess.NullMove, 0, rawEval, 0, BoundNone)
		}
	}
	s.evals[ply] = staticEval
	improving := !inCheck && s.improving(ply, staticEval)
	// unsure: the correction history moved the evaluation far, so the
	// evaluation function misjudges positions of this kind and the
	// reductions that trust it should trust it less.
	unsure := !inCheck && abs(staticEval-rawEval) >= unsureCorrection

	if !pvNode && !inCheck && excluded == chess.NullMove {
		// Reverse futility: far above beta at low depth, assume it holds.
		if depth <= rfpDepth && eval-rfpMargin*depth+rfpImproving*boolInt(improving) >= beta && eval < mateBound {
			return eval
		}
		// Razoring: far below alpha, see whether captures can recover.
		if depth <= 3 && eval+razorBase+razorPerDepth*depth < alpha {
			if v := s.quiescence(alpha, alpha+1, ply, false); v <= alpha {
				return v
			}
		}
		// Null move: give the opponent a free move; if we still beat
		// beta, the position is good enough (not in pawn endings, where
		// zugzwang makes passing an advantage).
		if depth >= 3 && eval >= beta && ply >= s.nullMinPly && p.LastMove() != chess.NullMove && nonPawnMaterial(p, p.SideToMove()) > 0 {
			r := nullBase + depth/nullDepthDiv + min(3, (eval-beta)/nullEvalDiv)
			s.played[ply] = noContinuation
			if s.nn != nil {
				s.nn.pushNull(ply)
			}
			s.pieceKeys[ply+1] = s.pieceKeys[ply]
			p.MakeNullMove()
			v := -s.negamax(-beta, -beta+1, depth-1-r, ply+1, !cutNode)
			p.UnmakeMove()
			if s.stop.Load() {
				return 0
			}
			if v >= beta {
				if v >= mateBound {
					v = beta
				}
				if depth < 6 || s.nullMinPly > 0 {
					return v
				}
				// Deep down, verify with a reduced search without null
				// moves for a few plies: in zugzwang passing is the best
				// move, and the null move's verdict is wrong. It goes at
				// least half the depth, as depth - R can leave only a
				// quiescence search, blind to zugzwang.
				vd := max(depth-r, depth/2)
				s.nullMinPly = ply + 3*vd/4
				w := s.negamax(beta-1, beta, vd, ply, false)
				s.nullMinPly = 0
				if w >= beta {
					return v
				}
			}
		}
	}
	// Internal iterative reduction: without a hash move this node was not
	// searched before and is probably less important.
	if depth >= iirDepth && hashMove == chess.NullMove && (pvNode || cutNode) {
		depth--
	}

	// The captures and promotions first, with a quiet hash move; the
	// other quiet moves only when their turn comes, as most nodes that
	// cut off do so before.
	gen := &s.moves.gen
	gen.N = 0
	p.GenerateNoisy(gen)
	quietHash := hashMove != chess.NullMove && !isNoisy(p, hashMove) && p.IsLegal(hashMove)
	if quietHash {
		gen.Moves[gen.N] = hashMove
		gen.N++
	}
	quietsGenerated := false
	if gen.N == 0 {
		p.GenerateQuiet(gen)
		quietsGenerated = true
		if gen.N == 0 {
			if inCheck {
				return -MateScore + ply
			}
			return 0
		}
	}
	if ply > 0 && p.HalfmoveClock() >= 100 {
		return 0 // in check, not mated: the fifty-move rule draws
	}
	// The list is released by hand at each return below: with this many
	// returns a deferred call would cost a 72-byte record in every frame.
	mark := s.moves.top
	ms := s.moves.push()
	s.scoreMoves(&ms, hashMove)
	quietsScored := false
	checks := p.NewCheckInfo()
	hashCapture := hashMove != chess.NullMove && isNoisy(p, hashMove)

	// The quiet moves searched so far, for the history's maluses, are
	// written over the front of the node's own list: pick has handed
	// those places out already and never reads them again.
	nQuiets := 0
	bestScore, bestMove := -Infinity, chess.NullMove
	origAlpha := alpha
	moveCount := 0
	for {
		m, order, ok := ms.pick()
		if !quietsScored && (!ok || order < orderGoodNoisy) {
			// The hash move and the good captures are done: the quiet
			// moves' turn.
			if ok {
				ms.unpick()
			}
			if !quietsGenerated {
				gen.N = 0
				p.GenerateQuiet(gen)
				s.moves.extend(&ms, hashMove)
				quietsGenerated = true
			}
			s.scoreQuiets(&ms, ply)
			quietsScored = true
			continue
		}
		if !ok {
			break
		}
		if m == excluded {
			continue
		}
		if ply == 0 {
			if len(s.rootMoves) > 0 && !containsMove(s.rootMoves, m) || containsMove(s.excluded, m) {
				continue
			}
			if s.OnCurrMove != nil && !s.helper && time.Since(s.start) > 3*time.Second {
				s.OnCurrMove(m, moveCount+1)
			}
		}
		noisy := isNoisy(p, m)
		gives := p.GivesCheckWith(&checks, m)
		moveCount += 1 + ms.droppedAhead(order, &s.moves)
		if ply > 0 && bestScore > -mateBound && !inCheck {
			if !noisy && !gives {
				// Late move pruning and futility pruning of quiet moves;
				// checks are kept, as they may be mates.
				if depth <= lmpMaxDepth && moveCount > (lmpBase+depth*depth)/(2-boolInt(improving)) ||
					depth <= futilityMaxDep && eval+futilityBase+futilityDepth*depth <= alpha {
					// Both tests stay true for the rest of the node (the
					// count and alpha only grow): the later quiet moves
					// that are not checks go the same way.
					ms.dropQuiets(p, &checks, &s.moves)
					continue
				}
				if quietLosesTooMuch(p, m, depth) {
					continue
				}
			} else if noisy && depth <= 8 && order < orderGoodNoisy && !SEE(p, m, -seeNoisyMargin*depth) {
				continue // a capture that loses too much material
			}
		}
		// Only now, as a pruned move would waste the memory traffic: the
		// child's table entry is fetched while the move is made.
		s.TT.prefetch(p.KeyAfter(m))
		extension := 0
		if m == hashMove && ply > 0 && depth >= singularDepth && excluded == chess.NullMove && entry.bound&BoundLower != 0 &&
			int(entry.depth) >= depth-3 && !IsMateScore(int(entry.score)) {
			// Singular extension: if every other move falls well short of
			// the hash move's score, the hash move is the only good one
			// and deserves a deeper look; if even the others beat beta,
			// several moves do (multi-cut) and the node is cut.
			singularBeta := int(entry.score) - singularMargin*depth/10
			s.excludedMove[ply] = m
			v := s.negamax(singularBeta-1, singularBeta, (depth-1)/2, ply, cutNode)
			s.excludedMove[ply] = chess.NullMove
			if s.stop.Load() {
				s.moves.release(mark)
				return 0
			}
			if v < singularBeta {
				extension = 1
			} else if singularBeta >= beta {
				s.moves.release(mark)
				return singularBeta
			}
		}
		s.makeMove(m, ply)
		newDepth := depth - 1 + extension
		var v int
		if moveCount == 1 {
			v = -s.negamax(-beta, -alpha, newDepth, ply+1, false)
		} else {
			r := 0
			if depth >= 3 && !noisy {
				r = lmrTable[min(depth, 63)][min(moveCount, 63)]
				if gives {
					r-- // a check may be a threat: reduced a ply less
				}
				if !pvNode {
					r++
				}
				if hashCapture {
					r++ // the best move is likely the capture already searched
				}
				if improving {
					r--
				}
				if unsure {
					r--
				}
				if order >= orderCounter {
					r-- // killers and the counter-move
				} else {
					r -= int(order) / lmrHistoryDiv
				}
				r = max(0, min(r, newDepth-1))
				if ply == 0 {
					r = min(r, lmrRootMax)
				}
			}
			v = -s.negamax(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if v > alpha && r > 0 {
				v = -s.negamax(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if v > alpha && v < beta {
				v = -s.negamax(-beta, -alpha, newDepth, ply+1, false)
			}
		}
		p.UnmakeMove()
		if s.stop.Load() {
			s.moves.release(mark)
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				alpha = v
				s.pv.update(ply, m)
				if v < beta && ply > 0 && depth > 2 && depth < 12 && !IsMateScore(v) {
					// A principal variation node whose alpha has risen:
					// the later moves have a better move to beat, and
					// fewer of them will, so they are searched a ply
					// shallower.
					depth--
				}
				if v >= beta {
					if !noisy {
						if !quietsScored {
							s.recordThreats(ply) // for the history's index
						}
						s.rewardQuiet(m, ply, depth, ms.moves[:nQuiets])
					}
					break
				}
			}
		}
		if !noisy && nQuiets < maxQuietsTried {
			ms.moves[nQuiets] = m
			nQuiets++
		}
	}
	s.moves.release(mark)
	bound := BoundUpper
	switch {
	case bestScore >= beta:
		bound = BoundLower
	case bestScore > origAlpha:
		bound = BoundExact
	}
	if excluded != chess.NullMove {
		if moveCount == 0 {
			return alpha // the excluded move was the only one
		}
		return bestScore
	}
	// The correction learns from quiet results only, and only from a
	// bound that says on which side of the static evaluation the truth
	// lies; mates and tablebase verdicts say nothing about evaluation.
	if !inCheck && (bestMove == chess.NullMove || !isNoisy(p, bestMove)) && !IsMateScore(bestScore) && !IsTBScore(bestScore) &&
		!(bound == BoundLower && bestScore <= staticEval) && !(bound == BoundUpper && bestScore >= staticEval) {
		s.updateCorrection(p, s.corrSlots[ply], depth, bestScore, staticEval)
	}
	if bound == BoundUpper && ply > 0 {
		s.rewardPrior(ply, depth)
	}
	s.TT.store(key, ply, bestMove, bestScore, rawEval, depth, bound)
	return bestScore
}

// repeatFloor returns 0, the draw's score, when alpha is below it and a
// reversible move brings back an earlier position (which the search
// scores as a draw, so the node is worth at least that), else -Infinity.
func repeatFloor(p *chess.Position, alpha int) int {
	if alpha < 0 && p.CanRepeat() {
		return 0
	}
	return -Infinity
}

// improving tells whether the static evaluation at ply, eval, is better
// for the side to move than it was two plies up; when that node was in
// check (no evaluation), four plies up; when that one was too, it counts
// as improving, as Stockfish does.
func (s *Searcher) improving(ply, eval int) bool {
	switch {
	case ply < 2:
		return false
	case s.evals[ply-2] != -Infinity:
		return eval > s.evals[ply-2]
	case ply >= 4 && s.evals[ply-4] != -Infinity:
		return eval > s.evals[ply-4]
	}
	return true
}

// unsureCorrection is the correction (centipawns) from which a node's
// evaluation counts as unsure: about one evaluation in a hundred at the
// start of a search, more as the tables learn.
const unsureCorrection = 96

// rewardQuiet records a quiet move that caused a beta cut-off.
func (s *Searcher) rewardQuiet(m chess.Move, ply, depth int, tried []chess.Move) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	p := s.pos
	if last := p.LastMove(); last != chess.NullMove {
		s.counters[p.PieceAt(last.To())][last.To()] = m
	}
	s.updateHistory(m, tried, ply, depth)
}

// rewardPrior rewards the opponent's quiet move that led to a node where
// every move failed low: it refuted the move before it, whether or not
// the node above went on to search another.
func (s *Searcher) rewardPrior(ply, depth int) {
	p := s.pos
	last := p.LastMove()
	if last == chess.NullMove || last.Kind() == chess.Promotion || p.CapturedPiece() != chess.NoPiece {
		return
	}
	bonus := int32(min(depth*depth, 400))
	h := s.history.entry(p.SideToMove().Other(), s.attacked[ply-1], last)
	h.Store(gravity(h.Load(), bonus))
	prev1, prev2 := s.continuations(ply - 1)
	s.updateCont(prev1, prev2, s.played[ply-1], bonus)
}

// maxQuietsTried bounds the quiet moves a cut-off punishes.
const maxQuietsTried = 64

// containsMove tells whether m is among moves.
func containsMove(moves []chess.Move, m chess.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// quietLosesTooMuch reports whether the quiet move m leaves its piece to
// be won for more than the search depth left can hope to justify: such a
// move is pruned near the leaves. The allowance, seeQuietMargin (25) x depth², grows with
// the depth, as deeper searches may find what the sacrifice is for, and
// beyond 8 plies nothing is pruned.
func quietLosesTooMuch(p *chess.Position, m chess.Move, depth int) bool {
	return depth <= 8 && !SEE(p, m, -seeQuietMargin*depth*depth)
}

// makeMove plays m, the move searched at ply, on the board and in the
// records that follow the line: the continuation history's piece and
// square, the network's accumulators and the piece keys. It is not
// inlined: inlined, making the move put its temporaries into negamax's
// frame, which every ply of every thread's stack pays for, though they
// are dead before the child is searched.
//
//go:noinline
func (s *Searcher) makeMove(m chess.Move, ply int) {
	p := s.pos
	s.played[ply] = pieceSquare(p.PieceAt(m.From()), m.To())
	if s.nn != nil {
		s.nn.push(p, m, ply)
	}
	s.pieceKeys[ply+1] = s.pieceKeys[ply].after(p, m)
	p.MakeMove(m)
}
