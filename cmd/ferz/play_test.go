package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/web"
)

func TestPlayFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{"bad address", []string{"play", "-addr", "8080"}, "not host:port"},
		{"movetime too short", []string{"play", "-movetime", "1ms"}, "-movetime 1ms is out of range"},
		{"hash too big", []string{"play", "-hash", "5000"}, "-hash 5000 is out of range"},
		{"stray argument", []string{"play", "now"}, `unexpected argument "now"`},
		{"unknown flag", []string{"play", "-port", "1"}, "-port"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runFerz(tt.args...)
			if code != 2 || !strings.Contains(errOut, tt.err) || out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q (want %q)", code, out, errOut, tt.err)
			}
		})
	}
	code, out, _ := runFerz("play", "-h")
	if code != 0 || !strings.Contains(out, "-no-browser") || !strings.Contains(out, "XDG_DATA_HOME") {
		t.Errorf("play -h: %d %q", code, out)
	}
}

// startPlay runs "ferz play" with args until the returned stop is
// called; it returns the server's URL and stop, which gives the exit
// status and the output.
func startPlay(t *testing.T, args ...string) (url string, stop func() (int, string, string)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	oldCtx, oldStarted := playContext, playStarted
	urls := make(chan string, 1)
	playContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	playStarted = func(u string) { urls <- u }
	t.Cleanup(func() { playContext, playStarted = oldCtx, oldStarted })
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errOut := runFerz(append([]string{"play"}, args...)...)
		done <- result{code, out, errOut}
	}()
	select {
	case url = <-urls:
	case r := <-done:
		t.Fatalf("ferz play ended at once: %d %q %q", r.code, r.out, r.err)
	case <-time.After(10 * time.Second):
		t.Fatal("ferz play did not start")
	}
	return url, func() (int, string, string) {
		cancel()
		r := <-done
		return r.code, r.out, r.err
	}
}

func TestPlayServes(t *testing.T) {
	dir := t.TempDir()
	url, stop := startPlay(t, "-no-browser", "-addr", "127.0.0.1:0", "-data", dir, "-movetime", "50ms")
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("URL %q", url)
	}
	res, err := http.Get(url + "api/config")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(b), `"Beginner"`) {
		t.Errorf("GET /api/config: %d %s", res.StatusCode, b)
	}
	page, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != 200 {
		t.Errorf("GET /: %d", page.StatusCode)
	}
	code, out, errOut := stop()
	if code != 0 || !strings.Contains(out, "Ferz is ready at "+url) || !strings.Contains(out, filepath.Join(dir, "ferz.db")) || errOut != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestPlayWarnsBeyondLoopback(t *testing.T) {
	url, stop := startPlay(t, "-no-browser", "-addr", "0.0.0.0:0", "-data", t.TempDir())
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("URL %q for a server on all interfaces", url)
	}
	code, _, errOut := stop()
	if code != 0 || !strings.Contains(errOut, "warning: listening on \"0.0.0.0:0\", beyond this machine") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

func TestPlayDataDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the user config directory follows XDG_CONFIG_HOME on Linux only")
	}
	t.Setenv("XDG_DATA_HOME", "/tmp/xdg-data")
	if d, err := defaultDataDir(); err != nil || d != "/tmp/xdg-data/ferz" {
		t.Errorf("with XDG_DATA_HOME: %q %v", d, err)
	}
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "/tmp/xdg-config")
	if d, err := defaultDataDir(); err != nil || d != "/tmp/xdg-config/ferz" {
		t.Errorf("without XDG_DATA_HOME: %q %v", d, err)
	}
}

// TestPlayBook: -book gives another Polyglot book, -no-book makes the
// book off the default of new games, and a bad book is refused.
func TestPlayBook(t *testing.T) {
	dir := t.TempDir()
	// A book of one move: 1.d4.
	b := book.NewBuilder(0, 0)
	d4, err := chess.StartPosition().ParseMove("d4")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.AddGame(nil, []chess.Move{d4}, "1-0"); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := book.Write(&buf, b.Entries()); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "d4.bin")
	if err := os.WriteFile(bin, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.bin")
	if err := os.WriteFile(bad, []byte("not a book"), 0o600); err != nil {
		t.Fatal(err)
	}

	newGame := func(url, body string) web.GameView {
		t.Helper()
		res, err := http.Post(url+"api/games", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var g web.GameView
		if err := json.NewDecoder(res.Body).Decode(&g); err != nil || res.StatusCode != http.StatusCreated {
			t.Fatalf("new game: %d %v", res.StatusCode, err)
		}
		return g
	}
	url, stop := startPlay(t, "-no-browser", "-addr", "127.0.0.1:0", "-data", filepath.Join(dir, "data"), "-book", bin)
	if g := newGame(url, `{"color":"black"}`); len(g.Moves) != 1 || g.Moves[0].UCI != "d2d4" || !g.Moves[0].Book {
		t.Errorf("Ferz's first move from the -book file: %+v", g.Moves)
	}
	if code, _, errOut := stop(); code != 0 || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}

	url, stop = startPlay(t, "-no-browser", "-addr", "127.0.0.1:0", "-data", filepath.Join(dir, "data"), "-no-book", "-movetime", "30ms")
	res, err := http.Get(url + "api/config")
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(cfg), `"book":false`) {
		t.Errorf("config with -no-book: %s", cfg)
	}
	if g := newGame(url, `{"color":"white"}`); g.Settings.Book {
		t.Errorf("a new game with -no-book: %+v", g.Settings)
	}
	stop()

	code, out, errOut := runFerz("play", "-no-browser", "-data", filepath.Join(dir, "data"), "-book", bad)
	if code != 2 || out != "" || !strings.Contains(errOut, "play: -book: ") || !strings.Contains(errOut, "bad.bin") {
		t.Errorf("a bad book: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
