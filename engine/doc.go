// Package engine is Ferz's chess engine. It builds on package chess for
// the rules and knows nothing of the protocols that drive it.
//
// Search: search.go holds the Searcher and its entry point, deepening.go
// iterative deepening with aspiration windows and the limits,
// negamax.go the principal variation search with its pruning,
// reductions and extensions (null move, reverse futility, razoring, late
// move reductions and pruning, futility, SEE pruning, singular
// extensions, internal iterative reductions, mate distance pruning,
// repetitions and upcoming repetitions by chess.Position.CanRepeat),
// quiescence.go the quiescence search, lazysmp.go the helper threads of
// Lazy SMP, pv.go the principal variation. Move ordering: movepick.go,
// history.go and conthist.go (killers, counter-moves, butterfly and
// continuation histories), see.go (static exchange evaluation).
//
// Evaluation: eval.go, endgame.go and kpk.go (hand-written terms, tuned
// weights in evalparams.go and evaltuned.go, a pawn table in
// pawntable.go), corrected by a small neural network (nnue.go, weights
// embedded from ferz.nnue) and by the correction history of
// correction.go. The transposition table is tt.go, time management
// timeman.go, playing levels level.go, tablebase probing tablebase.go
// and wdl.go, the benchmark bench.go.
package engine
