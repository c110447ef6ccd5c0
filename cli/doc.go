// Package cli is Ferz's terminal front end: a person plays a game against
// the engine on a board drawn in the terminal, typing moves in any
// notation (e4, Nf3, e2e4, E2-E4, e2 e4) and commands (new, undo, flip,
// level, time, book, fen, pgn, hint, go, moves, help, quit). Ferz plays
// its first moves from the opening book built into it unless the book is
// turned off (Options.NoBook, the book command).
//
// The board is drawn with Unicode chess pieces, in colour when the output
// is a terminal, or with plain letters (Options.ASCII) where the dark
// squares are marked with X, as old text-mode chess programs did.
//
// A Session reads one line at a time and needs no terminal: a game can be
// scripted by piping its moves and commands into it, and the end of the
// input ends the session cleanly.
package cli
