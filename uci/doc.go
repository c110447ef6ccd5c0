// Package uci speaks the Universal Chess Interface protocol, through which
// chess GUIs (Arena, Cute Chess, BanksiaGUI, PyChess, lichess-bot, ...)
// drive Ferz's engine. Commands are read on one goroutine and searches run
// on another, so "stop", "isready" and "quit" are answered while the
// engine thinks. Malformed input never stops the engine: it is reported
// in an "info string" line and ignored.
package uci
