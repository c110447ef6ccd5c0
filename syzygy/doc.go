// Package syzygy probes Syzygy endgame tablebases: the WDL files (.rtbw),
// which say whether a position of few pieces is won, drawn or lost, and
// the DTZ files (.rtbz), which say how many plies it takes to the next
// zeroing move (a capture or a pawn move, which resets the 50-move
// counter) on the way to the win.
//
// Open scans directories for table files; Tables.ProbeWDL and
// Tables.ProbeDTZ look a position up; Tables.RankRootMoves rates every
// legal move of a position so that an engine can play only the moves that
// keep the best result and make progress under the 50-move rule. Tables
// of up to seven pieces, with and without pawns, are read. Positions with
// castling rights are not in the tables.
//
// # Results and the 50-move rule
//
// The tables count the 50-move rule from a halfmove clock of zero: a win
// that needs more than 100 plies to its next zeroing move is a cursed win
// (a draw if the loser claims it) and the corresponding loss a blessed
// loss. ProbeWDL and ProbeDTZ ignore the position's halfmove clock, as the
// tables do; RankRootMoves takes it into account when asked to.
//
// # Files
//
// Files are memory-mapped where the system allows it (read into memory
// elsewhere) and each is opened on its first probe, checked (magic number,
// size, layout) and then shared read-only by all goroutines, so a Tables
// is safe for concurrent use. A file that is missing, truncated or corrupt
// makes the probes that need it fail (ok is false), reports a clear error
// once (Open's result or Tables.Errors), and never crashes the program:
// every read from a file is bounds-checked.
//
// The format is the one of Ronald de Man's generator: positions are
// numbered by a per-table index (kings and leading pieces in a reduced
// triangle or the leading pawns by file, then each group of like pieces
// as a combination of the free squares), and the values are compressed
// by recursive pairing of symbols and a canonical Huffman code in blocks,
// with a sparse index to find a block. The index maps are computed at
// start-up.
package syzygy
