// Package web is the browser board of Ferz, the server behind "ferz play":
// a person plays games against the engine in a web page served from the
// binary itself.
//
// The page (built from web/frontend with chessground and esbuild, and
// committed under web/static) talks to the server in JSON over HTTP and
// receives the engine's output and the clocks as server-sent events. Each
// game has its own session with its own engine.Searcher, so one slow search
// never blocks another game or another request; the games are stored as they
// go in an SQLite database (modernc.org/sqlite, no cgo) so that a reload of
// the page or a restart of the server resumes them.
//
// Every request is checked at the edge: a foreign Origin on a state-changing
// request or a Host that is not this server's (DNS rebinding) is refused,
// bodies are size-limited and decoded strictly, and an illegal move, an
// unknown game or a malformed body gets a 4xx JSON error {"error": "..."}
// and changes nothing.
package web
