// Package chess implements the rules of chess for Ferz: the board as
// bitboards, fully legal move generation (standard chess and Chess960),
// make and unmake with incremental Zobrist keys, game status (mate,
// stalemate, repetition, the 50- and 75-move rules, insufficient material;
// whether a reversible move can bring back an earlier position, cycle.go),
// and the notations a person or a program uses: FEN, SAN, UCI moves, PGN
// and EPD.
//
// The package has no dependencies outside the standard library. Parsers
// never panic on bad input: they return an error that says what is wrong.
//
// A Position is not safe for concurrent use; copy it (Position.Copy) to hand
// it to another goroutine.
package chess
