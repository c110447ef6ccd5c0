package web

import (
	"errors"
	"log"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
	"github.com/ferzchess/ferz/syzygy"
)

// Config sets up a Server. The zero value of each field but Store picks
// a sensible default.
type Config struct {
	// Store keeps the games; it is required.
	Store *Store
	// MoveTime is how long the engine thinks on a move of an untimed
	// game (default 1 s).
	MoveTime time.Duration
	// HintTime is how long a hint or a draw offer is searched (default
	// 500 ms).
	HintTime time.Duration
	// HashMB is the size of each game's transposition table (default 16).
	HashMB int
	// MaxAnalyses bounds the analyses running at once (default 2, one
	// per core of a small machine).
	MaxAnalyses int
	// AnalysisWait is how long a new analysis waits for a running one
	// to end before it is refused (default 2 s): a page that moves to
	// another position closes its stream and opens the next at once,
	// before the server has seen the first one close.
	AnalysisWait time.Duration
	// Book is the opening book Ferz plays its first moves from in the
	// games whose setting has it on (default: book.Default(), the book
	// built into Ferz). New sets its Warn to Logf when it is nil.
	Book *book.Book
	// NoBook starts new games with the book off unless the request asks
	// for it; the page's new-game dialog offers this default.
	NoBook bool
	// Tablebases, if not nil, are the Syzygy tables whose results the
	// analysis view shows (GET /api/tablebase).
	Tablebases *syzygy.Tables
	// AllowedHosts are host names, besides IP addresses and localhost,
	// under which the server may be reached (see hostAllowed).
	AllowedHosts []string
	// Logf logs server-side problems (default log.Printf).
	Logf func(format string, args ...any)
}

// Server serves the board and its API. Create it with New, serve its
// Handler, and Close it to stop the engines and store the clocks.
type Server struct {
	cfg   Config
	store *Store
	mux   *http.ServeMux
	// done is closed by Close: event streams end and no search starts.
	done chan struct{}
	// wg counts the goroutines that search; trackMu and stopping make
	// sure none is added once Close waits for them.
	wg       sync.WaitGroup
	trackMu  sync.Mutex
	stopping bool

	mu       sync.Mutex
	sessions map[int64]*session
	closed   bool
	// analyses holds a token for each analysis running.
	analyses chan struct{}
}

// Request size limits.
const (
	maxJSONBody = 64 << 10 // an ordinary request
	maxPGNBody  = 4 << 20  // a PGN import
)

// New returns a server for the games of cfg.Store.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("web: Config.Store is required")
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = time.Second
	}
	if cfg.HintTime <= 0 {
		cfg.HintTime = 500 * time.Millisecond
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = 16
	}
	if cfg.MaxAnalyses <= 0 {
		cfg.MaxAnalyses = 2
	}
	if cfg.AnalysisWait <= 0 {
		cfg.AnalysisWait = 2 * time.Second
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	if cfg.Book == nil {
		b, err := book.Default()
		if err != nil {
			// Not fatal: the engine searches from the first move.
			cfg.Logf("web: the default opening book cannot be read, Ferz plays without one: %v", err)
		}
		cfg.Book = b
	}
	if cfg.Book != nil && cfg.Book.Warn == nil {
		logf := cfg.Logf
		cfg.Book.Warn = func(msg string) { logf("web: opening book: %s", msg) }
	}
	s := &Server{
		cfg:      cfg,
		store:    cfg.Store,
		done:     make(chan struct{}),
		sessions: map[int64]*session{},
		analyses: make(chan struct{}, cfg.MaxAnalyses),
	}
	s.routes()
	return s, nil
}

// routes registers the handlers.
func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /api/config", s.handleConfig)
	m.HandleFunc("GET /api/games", s.handleList)
	m.HandleFunc("POST /api/games", s.handleNewGame)
	m.HandleFunc("POST /api/games/import", s.handleImport)
	m.HandleFunc("GET /api/games/{id}", s.handleGet)
	m.HandleFunc("DELETE /api/games/{id}", s.handleDelete)
	m.HandleFunc("GET /api/games/{id}/events", s.handleEvents)
	m.HandleFunc("GET /api/games/{id}/pgn", s.handlePGN)
	m.HandleFunc("GET /api/games/{id}/evals", s.handleEvals)
	m.HandleFunc("POST /api/games/{id}/move", s.handleMove)
	m.HandleFunc("POST /api/games/{id}/takeback", s.handleTakeBack)
	m.HandleFunc("POST /api/games/{id}/resign", s.handleResign)
	m.HandleFunc("POST /api/games/{id}/draw", s.handleDraw)
	m.HandleFunc("POST /api/games/{id}/hint", s.handleHint)
	m.HandleFunc("POST /api/position", s.handlePosition)
	m.HandleFunc("GET /api/analysis", s.handleAnalysis)
	m.Handle("GET /api/tablebase", tablebaseHandler{s.cfg.Tablebases})
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, errorf(http.StatusNotFound, "no API endpoint %s %s", r.Method, r.URL.Path))
	})
	m.Handle("/", staticHandler())
	s.mux = m
}

// newSearcher returns a searcher for analysis, hints and evaluations, with
// the tablebases if the server has them (Ferz's moves in a game do without:
// a level should not play endgames perfectly).
func (s *Server) newSearcher(hashMB int) *engine.Searcher {
	searcher := engine.NewSearcher(engine.NewTT(hashMB))
	if s.cfg.Tablebases != nil {
		searcher.Tablebases = &engine.Tablebases{Tables: s.cfg.Tablebases, ProbeDepth: 1, ProbeLimit: 7, Rule50: true}
	}
	return searcher
}

// Handler returns the HTTP handler of the board and its API.
func (s *Server) Handler() http.Handler { return s.guard(s.mux) }

// Close stops every search and event stream, stores the clocks of the
// games in progress and waits for the searches to end. It does not close
// the Store.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.done)
	sessions := make([]*session, 0, len(s.sessions))
	for _, ss := range s.sessions {
		sessions = append(sessions, ss)
	}
	s.mu.Unlock()
	s.trackMu.Lock()
	s.stopping = true
	s.trackMu.Unlock()
	for _, ss := range sessions {
		ss.close()
	}
	s.wg.Wait()
	return nil
}

// isClosed reports whether Close has been called.
func (s *Server) isClosed() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// track counts a goroutine that Close must wait for, and reports false
// (count nothing) once the server is closing. The caller calls s.wg.Done
// when the goroutine ends.
func (s *Server) track() bool {
	s.trackMu.Lock()
	defer s.trackMu.Unlock()
	if s.stopping {
		return false
	}
	s.wg.Add(1)
	return true
}

// logf logs a server-side problem.
func (s *Server) logf(format string, args ...any) { s.cfg.Logf(format, args...) }

// session returns the session of game id, loading it from the store on
// first use.
func (s *Server) session(id int64) (*session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errorf(http.StatusServiceUnavailable, "the server is shutting down")
	}
	if ss, ok := s.sessions[id]; ok {
		return ss, nil
	}
	rec, err := s.store.Get(id)
	if errors.Is(err, ErrNotFound) {
		return nil, errorf(http.StatusNotFound, "there is no game %d", id)
	}
	if err != nil {
		return nil, err
	}
	ss, err := newSession(s, rec)
	if err != nil {
		return nil, errorf(http.StatusInternalServerError, "game %d cannot be replayed: %v", id, err)
	}
	s.sessions[id] = ss
	return ss, nil
}

// sessionFor returns the session named by the {id} of a request's path.
func (s *Server) sessionFor(r *http.Request) (*session, error) {
	raw := r.PathValue("id")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return nil, errorf(http.StatusNotFound, "there is no game %q: game IDs are positive integers", raw)
	}
	return s.session(id)
}

// ConfigView is the answer of GET /api/config: what the page offers.
type ConfigView struct {
	Levels       []Level `json:"levels"`
	MaxBase      int     `json:"maxBase"`
	MaxIncrement int     `json:"maxIncrement"`
	StartFEN     string  `json:"startFen"`
	// Book is the book setting new games start with.
	Book bool `json:"book"`
}

// handleConfig answers GET /api/config.
func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, ConfigView{Levels: Levels(), MaxBase: maxBaseSeconds, MaxIncrement: maxIncrementSeconds, StartFEN: chess.StartFEN, Book: !s.cfg.NoBook})
}

// handleNewGame answers POST /api/games: a new game with the settings
// of the body (a NewGameRequest).
func (s *Server) handleNewGame(w http.ResponseWriter, r *http.Request) {
	var req NewGameRequest
	if err := readJSON(w, r, maxJSONBody, &req); err != nil {
		writeError(w, err)
		return
	}
	st, p, err := req.validate(rand.IntN, s.cfg.NoBook)
	if err != nil {
		writeError(w, err)
		return
	}
	rec := &Record{Settings: st, StartFEN: p.FEN(), Result: "*", ClockMs: [2]int64{st.BaseMs, st.BaseMs}}
	if err := s.store.Create(rec); err != nil {
		writeError(w, err)
		return
	}
	ss, err := s.session(rec.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, ss.view())
}

// handleGet answers GET /api/games/{id}.
func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	ss, err := s.sessionFor(r)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, ss.view())
}

// handleDelete answers DELETE /api/games/{id}.
func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	ss, err := s.sessionFor(r)
	if err != nil {
		writeError(w, err)
		return
	}
	s.mu.Lock()
	delete(s.sessions, ss.id)
	s.mu.Unlock()
	ss.close()
	if err := s.store.Delete(ss.id); err != nil && !errors.Is(err, ErrNotFound) {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"deleted": ss.id})
}

// GameSummary is one game of the list of GET /api/games.
type GameSummary struct {
	ID      int64     `json:"id"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	White   string    `json:"white"`
	Black   string    `json:"black"`
	Result  string    `json:"result"`
	Reason  string    `json:"reason"`
	Plies   int       `json:"plies"`
	Over    bool      `json:"over"`
	// Opening is the first moves, in SAN.
	Opening string `json:"opening"`
	// Chess960 marks a Chess960 game.
	Chess960 bool `json:"chess960,omitempty"`
}

// maxListed is how many games the list shows.
const maxListed = 500

// handleList answers GET /api/games: the stored games, the most recent
// first. With ?active=1 only the games in progress are listed.
func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	active := r.URL.Query().Get("active")
	if active != "" && active != "0" && active != "1" {
		writeError(w, errorf(http.StatusBadRequest, "active must be 0 or 1, not %q", active))
		return
	}
	recs, err := s.store.List(maxListed)
	if err != nil {
		writeError(w, err)
		return
	}
	list := []GameSummary{}
	for _, rec := range recs {
		if active == "1" && rec.over() {
			continue
		}
		g := GameSummary{ID: rec.ID, Created: rec.Created, Updated: rec.Updated, Result: rec.Result, Reason: rec.Reason, Plies: len(rec.Moves), Over: rec.over()}
		g.White, g.Black = rec.players()
		if p, err := chess.ParseFEN(rec.StartFEN); err == nil {
			g.Chess960 = p.Chess960()
		}
		for i, mr := range rec.Moves {
			if i == 6 {
				g.Opening += " …"
				break
			}
			if i > 0 {
				g.Opening += " "
			}
			g.Opening += mr.SAN
		}
		list = append(list, g)
	}
	writeJSON(w, http.StatusOK, list)
}
