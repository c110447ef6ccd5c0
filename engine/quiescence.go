package engine

import "github.com/ferzchess/ferz/chess"

// quiescence searches captures and promotions (all evasions when in
// check) until the position is quiet, so that the static evaluation is
// never taken in the middle of an exchange.
func (s *Searcher) quiescence(alpha, beta, ply int, checks bool) int {
	p := s.pos
	s.nodes++
	s.checkLimits()
	if s.stop.Load() {
		return 0
	}
	s.seldepth = max(s.seldepth, ply)
	s.pv.clear(ply)
	if ply == 0 {
		s.pieceKeys[0] = pieceKeysOf(p)
		if s.nn != nil {
			s.nn.root(p)
		}
	}
	inCheck := p.InCheck()
	// The fifty-move rule draws, but a mate on the hundredth half-move is
	// still mate: in check, it waits for the evasions below.
	fifty := p.HalfmoveClock() >= 100
	if p.IsInsufficientMaterial() || fifty && !inCheck {
		return 0
	}
	// A reversible move back to an earlier position holds the draw.
	if alpha = max(alpha, repeatFloor(p, alpha)); alpha >= beta {
		return alpha
	}
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return s.evaluate(p, ply)
	}
	key := p.Key()
	entry, hit := s.TT.probe(key, ply)
	if hit && entry.bound.cuts(int(entry.score), alpha, beta) {
		return int(entry.score)
	}
	bestScore := -Infinity
	rawEval, eval := -Infinity, -Infinity
	gen := &s.moves.gen
	gen.N = 0
	if inCheck {
		p.GenerateLegal(gen)
		if gen.N == 0 {
			return -MateScore + ply
		}
		if fifty {
			return 0
		}
	} else {
		rawEval, eval = s.staticEval(p, ply, entry, hit)
		eval = ttEval(eval, entry, hit)
		bestScore = eval
		if eval >= beta {
			if !hit {
				// Kept for the next visit, which then needs neither the
				// evaluation nor the move generation.
				s.TT.store(key, ply, chess.NullMove, eval, rawEval, 0, BoundLower)
			}
			return eval
		}
		alpha = max(alpha, eval)
		p.GenerateNoisy(gen)
		if checks {
			// On its first ply the quiescence search also tries quiet
			// checks, so that a mate threat one move deep is seen after
			// a null move or at the horizon.
			addQuietChecks(p, gen)
		}
	}
	mark := s.moves.top
	ms := s.moves.push()
	scoreNoisy(p, &ms)
	origAlpha := alpha
	bestMove := chess.NullMove
	for {
		m, _, ok := ms.pick()
		if !ok {
			break
		}
		s.TT.prefetch(p.KeyAfter(m))
		if !inCheck {
			if m.Kind() == chess.Promotion && m.Promo() != chess.Queen {
				continue
			}
			// Delta pruning: even winning the piece would not reach alpha.
			// It cuts the quiet checks too (a victim worth 0) when the side
			// to move is behind: keeping them found more mates but gained
			// nothing in games (docs/search-tests.md, 2026-11-25).
			if m.Kind() != chess.Promotion && eval+SimpleValue[p.PieceAt(m.To()).Type()]+qsDeltaMargin <= alpha {
				continue
			}
			if !SEE(p, m, 0) {
				continue
			}
		}
		if s.nn != nil {
			s.nn.push(p, m, ply)
		}
		s.pieceKeys[ply+1] = s.pieceKeys[ply].after(p, m)
		p.MakeMove(m)
		v := -s.quiescence(-beta, -alpha, ply+1, false)
		p.UnmakeMove()
		if s.stop.Load() {
			s.moves.release(mark)
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				alpha = v
				bestMove = m
				if v >= beta {
					break
				}
			}
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
	if !inCheck {
		s.TT.store(key, ply, bestMove, bestScore, rawEval, 0, bound)
	}
	return bestScore
}

// addQuietChecks appends to list the quiet moves that give check. It is
// kept out of the quiescence search so that the move list it needs is
// not part of every quiescence frame on a thread's stack.
//
//go:noinline
func addQuietChecks(p *chess.Position, list *chess.MoveList) {
	var quiet chess.MoveList
	p.GenerateQuiet(&quiet)
	ci := p.NewCheckInfo()
	for _, m := range quiet.Moves[:quiet.N] {
		if p.GivesCheckWith(&ci, m) {
			list.Moves[list.N] = m
			list.N++
		}
	}
}
