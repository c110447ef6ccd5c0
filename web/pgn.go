package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// pgnGame converts a record into a chess.Game for export: the seven tags,
// the time control, the termination and the clock after each move.
func pgnGame(r *Record) (*chess.Game, error) {
	start, err := chess.ParseFEN(r.StartFEN)
	if err != nil {
		return nil, err
	}
	g := chess.NewGame(start)
	// NewGame puts SetUp and FEN first; the Seven Tag Roster goes before.
	setup := g.Tags
	g.Tags = nil
	if r.imported() {
		for _, t := range r.Tags {
			if t.Name != "SetUp" && t.Name != "FEN" && t.Name != "Variant" {
				g.SetTag(t.Name, t.Value)
			}
		}
	} else {
		white, black := r.players()
		g.SetTag("Event", "Ferz game")
		g.SetTag("Site", "ferz play")
		g.SetTag("Date", r.Created.Local().Format("2006.01.02"))
		g.SetTag("Round", "-")
		g.SetTag("White", white)
		g.SetTag("Black", black)
		g.SetTag("Result", r.Result)
		tc := "-"
		if r.Settings.timed() {
			tc = fmt.Sprintf("%d+%d", r.Settings.BaseMs/1000, r.Settings.IncrementMs/1000)
		}
		g.SetTag("TimeControl", tc)
		if r.Settings.Elo != 0 {
			tag := "BlackElo"
			if r.Settings.Human == "black" {
				tag = "WhiteElo"
			}
			g.SetTag(tag, fmt.Sprint(r.Settings.Elo))
		}
		if r.Reason != "" {
			g.SetTag("Termination", terminationTag(r.Reason))
		}
	}
	for _, t := range setup {
		g.SetTag(t.Name, t.Value)
	}
	g.Result = r.Result
	g.SetTag("Result", r.Result)
	p := start.Copy()
	clocks := false
	for _, mr := range r.Moves {
		if mr.ClockMs != 0 {
			clocks = true
		}
	}
	for _, mr := range r.Moves {
		m, err := p.ParseUCI(mr.UCI)
		if err != nil {
			return nil, fmt.Errorf("move %s: %w", mr.UCI, err)
		}
		p.MakeMove(m)
		g.Moves = append(g.Moves, m)
		var a chess.Annotation
		if clocks {
			a.Comment = "[%clk " + clockText(mr.ClockMs) + "]"
		}
		g.Annotations = append(g.Annotations, a)
	}
	return g, nil
}

// terminationTag gives the PGN Termination tag of a reason.
func terminationTag(reason string) string {
	if strings.HasPrefix(reason, "time") {
		return "time forfeit"
	}
	return "normal"
}

// clockText writes milliseconds as the H:MM:SS of a %clk comment.
func clockText(ms int64) string {
	d := time.Duration(max(ms, 0)) * time.Millisecond
	h := int(d.Hours())
	m := int(d.Minutes()) % 60
	s := int(d.Seconds()) % 60
	return fmt.Sprintf("%d:%02d:%02d", h, m, s)
}

// handlePGN answers GET /api/games/{id}/pgn with the game in PGN
// (?download=1 to have the browser save it as a file).
func (s *Server) handlePGN(w http.ResponseWriter, r *http.Request) {
	ss, err := s.sessionFor(r)
	if err != nil {
		writeError(w, err)
		return
	}
	ss.mu.Lock()
	g, err := pgnGame(ss.rec)
	ss.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	var buf bytes.Buffer
	if err := chess.WritePGN(&buf, g); err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if r.URL.Query().Get("download") == "1" {
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="ferz-game-%d.pgn"`, ss.id))
	}
	_, _ = w.Write(buf.Bytes())
}

// ImportRequest is the body of POST /api/games/import.
type ImportRequest struct {
	// PGN is the text of one or more games.
	PGN string `json:"pgn"`
}

// ImportAnswer says what an import added and what it skipped.
type ImportAnswer struct {
	IDs    []int64  `json:"ids"`
	Errors []string `json:"errors"`
}

// maxImportGames bounds the games of one import.
const maxImportGames = 1000

// handleImport answers POST /api/games/import: every readable game of
// the PGN is added to the list; unreadable ones are reported. An import
// with no readable game is refused and adds nothing.
func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	var req ImportRequest
	if err := readJSON(w, r, maxPGNBody, &req); err != nil {
		writeError(w, err)
		return
	}
	if strings.TrimSpace(req.PGN) == "" {
		writeError(w, errorf(http.StatusBadRequest, "the PGN is empty"))
		return
	}
	var recs []*Record
	ans := ImportAnswer{IDs: []int64{}, Errors: []string{}}
	rd := chess.NewPGNReader(strings.NewReader(req.PGN))
	for len(recs) < maxImportGames {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *chess.PGNError
			if !errors.As(err, &pe) {
				writeError(w, errorf(http.StatusBadRequest, "reading the PGN: %v", err))
				return
			}
			ans.Errors = append(ans.Errors, err.Error())
			continue
		}
		rec, err := importRecord(g)
		if err != nil {
			ans.Errors = append(ans.Errors, err.Error())
			continue
		}
		recs = append(recs, rec)
	}
	if len(recs) == 0 {
		msg := "the PGN holds no game that can be read"
		if len(ans.Errors) > 0 {
			msg += ": " + ans.Errors[0]
		}
		writeError(w, errorf(http.StatusUnprocessableEntity, "%s", msg))
		return
	}
	for _, rec := range recs {
		if err := s.store.Create(rec); err != nil {
			writeError(w, err)
			return
		}
		ans.IDs = append(ans.IDs, rec.ID)
	}
	writeJSON(w, http.StatusCreated, ans)
}

// importRecord turns a PGN game into a stored (imported) game.
func importRecord(g *chess.Game) (*Record, error) {
	p, err := g.Start()
	if err != nil {
		return nil, err
	}
	rec := &Record{StartFEN: p.FEN(), Result: g.Result, Tags: g.Tags}
	if rec.Result == "" {
		rec.Result = "*"
	}
	for _, m := range g.Moves {
		if !p.IsLegal(m) {
			return nil, fmt.Errorf("game %q - %q: illegal move", g.Tag("White"), g.Tag("Black"))
		}
		rec.Moves = append(rec.Moves, MoveRecord{UCI: p.UCI(m), SAN: p.SAN(m)})
		p.MakeMove(m)
	}
	rec.Reason = g.Tag("Termination")
	if reason, _ := boardEnding(p); reason != "" {
		rec.Reason = reason
	}
	return rec, nil
}
