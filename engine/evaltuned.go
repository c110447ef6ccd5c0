// This file holds the weights found by "ferz tune"; the tuner rewrites
// it. Until the first tuning run it is empty and the evaluation uses the
// hand-chosen defaultWeights.

package engine

// tunedWeights replaces defaultWeights when not nil.
var tunedWeights *[numWeights]score
