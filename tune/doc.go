// Package tune is Ferz's Texel-style evaluation tuner, and its tuner of
// the search parameters by games (SPSA).
//
// The evaluation (package engine) is linear in its weights: for a
// position it is
//
//	(mg*Phase + eg*Scale/64*(24-Phase)) / 24
//
// where mg and eg are the sums of each weight's middlegame and endgame
// value times its count in the position (White's count minus Black's).
// The tuner turns an evaluation e into an expected score with a
// sigmoid, 1/(1+exp(-K*e)), and chooses the weights that minimise the
// mean squared difference between that expectation and the results of
// the games the positions come from (1 for a White win, 0.5 for a draw,
// 0 for a loss). This is the method Peter Österlund published as
// "Texel's tuning method".
//
// The work comes in three steps, each a part of this package:
//
//   - Generate plays Ferz against itself at a fixed node budget from a
//     set of openings, adjudicates the games, and writes the quiet
//     positions of each game as EPD lines labelled with its result
//     (c9 "1-0").
//   - Label (optional) adds to each line the score of a search of a few
//     plies (the EPD operation ce). A search score is a much less noisy
//     label than the result of the whole game; Dataset.Blend makes the
//     target a mix of the two.
//   - Load reads such lines into a Dataset: the features of each
//     position (engine.EvalFeatures), computed once and stored sparsely.
//   - FitK finds the sigmoid's scaling constant for the current weights,
//     and Tune runs full-batch gradient descent (Adam) on the mean
//     squared error; WriteGoFile writes the result as the engine's
//     evaltuned.go.
//   - LoadNetSamples and TrainNet train the evaluation network
//     (engine.Network) on the same scored positions, by mini-batch Adam
//     on the same kind of error; a residual network learns what the
//     hand-written evaluation misses, so it is trained again after the
//     weights change.
//
// SPSA, apart from these steps, tunes the search's parameters
// (engine.Params) by games between engines whose parameters are moved up
// and down at random.
//
// The command "ferz tune" drives these steps.
package tune
