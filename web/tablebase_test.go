package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
	"github.com/ferzchess/ferz/syzygy"
)

const syzygyDir = "../../shared/data/syzygy"

// openSyzygy opens the shared tables of 3 and 4 pieces, or skips the test.
func openSyzygy(t *testing.T) *syzygy.Tables {
	t.Helper()
	if _, err := os.Stat(syzygyDir); err != nil {
		t.Skipf("no tables: %v", err)
	}
	tables, errs := syzygy.Open(syzygyDir)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(func() { tables.Close() })
	return tables
}

// askTablebase sends GET /api/tablebase?fen=FEN to a handler of tables.
func askTablebase(t *testing.T, tables *syzygy.Tables, fen string) (int, tablebaseView, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	tablebaseHandler{tables}.ServeHTTP(rec, httptest.NewRequest("GET", "/api/tablebase?fen="+url.QueryEscape(fen), nil))
	var v tablebaseView
	if rec.Code == http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v\n%s", fen, err, rec.Body)
		}
	}
	return rec.Code, v, rec.Body.String()
}

func TestTablebaseShowsResultDTZAndMoves(t *testing.T) {
	tables := openSyzygy(t)
	const fen = "8/8/8/4k3/8/8/8/1K5Q w - - 0 60"
	status, v, body := askTablebase(t, tables, fen)
	if status != http.StatusOK || !v.Found || v.WDL != "win" || v.DTZ != 17 || !v.HasDTZ || v.Text != "White wins · DTZ 17" {
		t.Fatalf("%s: %d %s", fen, status, body)
	}
	p := chess.MustParseFEN(fen)
	if len(v.Moves) != len(p.LegalMoves()) {
		t.Errorf("%d moves, %d legal", len(v.Moves), len(p.LegalMoves()))
	}
	for i, m := range v.Moves {
		if i == 0 && (!m.Best || m.WDL != "win" || m.DTZ != 17) {
			t.Errorf("best move %+v", m)
		}
		if mv, err := p.ParseUCI(m.UCI); err != nil || p.SAN(mv) != m.SAN {
			t.Errorf("move %+v: %v", m, err)
		}
		if m.Best && m.WDL != "win" {
			t.Errorf("best move %+v does not win", m)
		}
	}
	if last := v.Moves[len(v.Moves)-1]; last.Best || last.WDL == "win" && last.DTZ <= 17 {
		t.Errorf("worst move %+v", last)
	}

	_, v, body = askTablebase(t, tables, "8/8/8/4k3/8/8/8/1K5Q b - - 0 60")
	if v.WDL != "loss" || v.DTZ != -18 || v.Text != "White wins · DTZ 18" {
		t.Errorf("Black to move: %s", body)
	}
	_, v, body = askTablebase(t, tables, "8/8/3k4/3p4/8/2K5/3P4/8 w - - 0 40")
	if !v.Found || v.WDL != "draw" || v.DTZ != 0 || v.Text != "Draw" {
		t.Errorf("KPvKP: %s", body)
	}
}

func TestTablebaseCountsTheHalfmoveClock(t *testing.T) {
	tables := openSyzygy(t)
	_, v, body := askTablebase(t, tables, "8/8/8/4k3/8/8/8/1K5Q w - - 90 60")
	if v.WDL != "win" || v.Moves[0].WDL != "cursed win" ||
		v.Text != "White wins, but with the halfmove clock at 90 the 50-move rule makes it a draw · DTZ 17" {
		t.Errorf("%s", body)
	}
}

func TestTablebaseSaysWhyAPositionIsNotFound(t *testing.T) {
	tables := openSyzygy(t)
	for fen, want := range map[string]string{
		chess.StartFEN:                     "32 pieces: the tablebases hold positions of up to 4",
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1":   "castling rights",
		"4k3/8/8/8/8/8/8/R3K2R w - - 0 1":  "", // found
		"4k3/8/8/8/8/8/PP6/4K2R w - - 0 1": "5 pieces",
	} {
		status, v, body := askTablebase(t, tables, fen)
		if status != http.StatusOK || v.Found != (want == "") || !strings.Contains(v.Reason, want) {
			t.Errorf("%s: %d %s", fen, status, body)
		}
	}
	if _, v, body := askTablebase(t, nil, "8/8/8/4k3/8/8/8/1K5Q w - - 0 60"); v.Found || !strings.Contains(v.Reason, "no tablebases") {
		t.Errorf("no tables: %s", body)
	}
}

func TestTablebaseRefusesBadRequests(t *testing.T) {
	for _, fen := range []string{"", "not a fen", strings.Repeat("8/", 100)} {
		status, _, body := askTablebase(t, nil, fen)
		if status != http.StatusBadRequest || !strings.Contains(body, `"error"`) {
			t.Errorf("fen %q: %d %s", fen, status, body)
		}
	}
}

func TestTablebaseThroughTheServer(t *testing.T) {
	ts := newTestServer(t, Config{Tablebases: openSyzygy(t)})
	res := ts.do("GET", "/api/tablebase?fen="+url.QueryEscape("8/8/8/4k3/8/8/8/1K5Q b - - 0 60"), "")
	var v tablebaseView
	res.json(t, &v)
	if res.status != http.StatusOK || !v.Found || v.WDL != "loss" || v.DTZ != -18 {
		t.Errorf("%d %s", res.status, res.body)
	}
	ts = newTestServer(t, Config{})
	res = ts.do("GET", "/api/tablebase?fen="+url.QueryEscape("8/8/8/4k3/8/8/8/1K5Q b - - 0 60"), "")
	res.json(t, &v)
	if res.status != http.StatusOK || v.Found || !strings.Contains(v.Reason, "no tablebases") {
		t.Errorf("without tables: %d %s", res.status, res.body)
	}
}

// Analysis, hints and evaluations search with the server's tables: a won
// endgame scores as a tablebase win.
func TestAnalysisSearchersUseTheTables(t *testing.T) {
	ts := newTestServer(t, Config{Tablebases: openSyzygy(t)})
	p := chess.MustParseFEN("8/8/8/4k3/8/8/8/KQ6 w - - 0 1")
	res := ts.srv.newSearcher(1).Search(p, engine.Limits{Depth: 3})
	if !engine.IsTBScore(res.Score) && !engine.IsMateScore(res.Score) {
		t.Errorf("KQvK with tables scores %d, not a tablebase win", res.Score)
	}
	if s := newTestServer(t, Config{}).srv.newSearcher(1); s.Tablebases != nil {
		t.Error("a server without tables gave its searcher tables")
	}
}
