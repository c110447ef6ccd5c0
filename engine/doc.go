// Package engine is Ferz's chess engine: evaluation (hand-written terms
// with tuned weights, corrected by a small neural network, nnue.go),
// search (iterative
// deepening, principal variation search, quiescence search, transposition
// table, null-move pruning, late move reductions, killers, butterfly and
// continuation histories, singular extensions, correction history of the
// static evaluation),
// static exchange evaluation, tablebase probing and time management. It
// builds on package chess for the rules and knows nothing of the
// protocols that drive it.
package engine
