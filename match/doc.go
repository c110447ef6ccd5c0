// Package match plays chess engines against each other and runs test
// suites against them, driving every engine as an external process that
// speaks the UCI protocol.
//
// A match (Run) schedules games between two or more engines, round robin
// or as a gauntlet, from openings read from EPD or PGN files (or the
// Chess960 start positions), each opening played twice with the colours
// swapped. The runner keeps the clocks itself and sends them with every
// "go"; it adjudicates by the rules of chess (checkmate, stalemate,
// threefold repetition, the 50-move rule, insufficient material) and, if
// asked, by the engines' scores (draw and resign rules). An engine that
// plays an illegal move, loses on time, crashes, hangs or prints nonsense
// loses the game, with the reason in the PGN, and is restarted for the
// next game. Results are tallied as they come: W/D/L, Elo with its 95%
// error margin, the likelihood of superiority, the draw rate, and an SPRT
// on game pairs (the pentanomial model) that can stop the match early.
//
// RunSuite runs an EPD test suite (bm, am, dm and STS-style c0/c8/c9
// points) against one engine at a fixed time, depth or node count per
// position.
//
// The package uses only the standard library and the chess package.
package match
