package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/syzygy"
	"github.com/ferzchess/ferz/web"
)

func init() {
	register(command{"play", "play Ferz on a board in the browser (a web server on 127.0.0.1:8080)", runPlay})
}

const playDescription = `
Play starts the board: a web server on 127.0.0.1:8080 whose page plays
games against Ferz. It prints the address and opens it in the browser
(with xdg-open where there is one; -no-browser not to). Stop it with
Ctrl-C.

The games are stored as they go in an SQLite database, ferz.db, in the data
directory ($XDG_DATA_HOME/ferz, else the user's configuration directory
plus /ferz, or -data): a reload of the page or a restart of the server
resumes the game in progress, and the list of past games opens any of them
for replay, analysis and PGN export.

The server listens on the loopback interface only unless -addr says
otherwise; it answers only requests addressed to an IP address or
localhost (not to a DNS name, which defeats DNS rebinding; -allow-host
adds names) and refuses state-changing requests from other sites.

Ferz plays its first moves from an opening book, at every level: the book
built into ferz, or the Polyglot book -book names. The new-game dialog
turns it off for a game; with -no-book the dialog starts with it off.

With -tb, the analysis view shows for positions in the Syzygy tablebases
found there the result, the distance to zeroing (plies to the next
capture, pawn move or mate on the way to it) and every move's.

Examples:
	ferz play
	ferz play -addr 127.0.0.1:9000 -no-browser
	ferz play -data /tmp/ferz-games -movetime 300ms
	ferz play -book /usr/share/games/gnuchess/book.bin
	ferz play -tb /usr/share/syzygy`

// playContext returns the context that ends "ferz play": Ctrl-C or
// SIGTERM. Tests replace it.
var playContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// playStarted, if set, is told the URL once the server listens (tests).
var playStarted func(url string)

// runPlay implements "ferz play".
func runPlay(args []string, stdout, stderr io.Writer) error {
	var (
		addr      string
		noBrowser bool
		dataDir   string
		moveTime  time.Duration
		hashMB    int
		allow     string
		bookFile  string
		noBook    bool
		tbPaths   string
	)
	fs := newFlagSet("play", "[-addr HOST:PORT] [-no-browser] [-data DIR] [-movetime D] [-book FILE] [-no-book] [-tb DIRS]", playDescription)
	fs.StringVar(&addr, "addr", "127.0.0.1:8080", "listen on `host:port` (a non-loopback host is reachable from other machines)")
	fs.BoolVar(&noBrowser, "no-browser", false, "do not open the browser")
	fs.StringVar(&dataDir, "data", "", "keep the games in `dir` (default $XDG_DATA_HOME/ferz or the user config dir + /ferz)")
	fs.DurationVar(&moveTime, "movetime", time.Second, "engine's thinking `time` per move in untimed games (10ms to 1m)")
	fs.IntVar(&hashMB, "hash", 16, "transposition table of each game's engine, in `MB` (1 to 1024)")
	fs.StringVar(&allow, "allow-host", "", "comma-separated host `names` besides IP addresses and localhost that may reach the board")
	fs.StringVar(&bookFile, "book", "", "play the first moves from the Polyglot book in `file` (default: the book built into ferz)")
	fs.BoolVar(&noBook, "no-book", false, "start new games with the opening book off (the new-game dialog can still turn it on)")
	fs.StringVar(&tbPaths, "tb", "", "show in the analysis the results of the Syzygy tablebases in these directories (`paths` separated by "+string(os.PathListSeparator)+")")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if moveTime < 10*time.Millisecond || moveTime > time.Minute {
		return usageErrorf("play: -movetime %v is out of range 10ms to 1m", moveTime)
	}
	if hashMB < 1 || hashMB > 1024 {
		return usageErrorf("play: -hash %d is out of range 1 to 1024", hashMB)
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return usageErrorf("play: -addr %q is not host:port (for example 127.0.0.1:8080): %v", addr, err)
	}
	if !isLoopback(host) {
		fmt.Fprintf(stderr, "ferz play: warning: listening on %q, beyond this machine: anyone who can reach it can play and read your games\n", addr)
	}
	if dataDir == "" {
		if dataDir, err = defaultDataDir(); err != nil {
			return usageErrorf("play: %v; choose a directory with -data", err)
		}
	}
	var hosts []string
	for _, h := range strings.Split(allow, ",") {
		if h = strings.TrimSpace(h); h != "" {
			hosts = append(hosts, h)
		}
	}

	var bk *book.Book // nil: web.New takes the default book
	if bookFile != "" {
		if bk, err = book.Open(bookFile); err != nil {
			return usageErrorf("play: -book: %v", err)
		}
	}

	var tables *syzygy.Tables
	if tbPaths != "" {
		var errs []error
		tables, errs = syzygy.Open(tbPaths)
		for _, err := range errs {
			fmt.Fprintf(stderr, "ferz play: warning: %v\n", err)
		}
		if tables.Count() == 0 {
			return usageErrorf("play: -tb %s: no Syzygy tables (*.rtbw files) there", tbPaths)
		}
		defer tables.Close()
	}

	store, err := web.OpenStore(dataDir)
	if err != nil {
		return fmt.Errorf("play: %v", err)
	}
	defer store.Close()
	logger := func(format string, args ...any) { fmt.Fprintf(stderr, "ferz play: "+format+"\n", args...) }
	srv, err := web.New(web.Config{Store: store, MoveTime: moveTime, HashMB: hashMB, Book: bk, NoBook: noBook, Tablebases: tables, AllowedHosts: hosts, Logf: logger})
	if err != nil {
		return fmt.Errorf("play: %v", err)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return fmt.Errorf("play: %v", err)
	}
	url := "http://" + browserHost(host, ln.Addr()) + "/"
	fmt.Fprintf(stdout, "Ferz is ready at %s (games in %s); Ctrl-C stops it.\n", url, filepath.Join(dataDir, web.DBFile))
	if playStarted != nil {
		playStarted(url)
	}
	if !noBrowser {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(stderr, "ferz play: cannot open a browser (%v); open %s yourself\n", err, url)
		}
	}

	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	ctx, cancel := playContext()
	defer cancel()
	serveErr := make(chan error, 1)
	go func() { serveErr <- hs.Serve(ln) }()
	select {
	case err = <-serveErr:
	case <-ctx.Done():
		fmt.Fprintln(stdout, "Stopping: the games are saved.")
	}
	srv.Close() // ends the event streams, so that Shutdown need not wait for them
	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	_ = hs.Shutdown(sctx)
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("play: %v", err)
	}
	return nil
}

// isLoopback reports whether a listening host stays on this machine.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// browserHost returns the host:port a browser on this machine should
// open for a server listening on host at addr.
func browserHost(host string, addr net.Addr) string {
	_, port, _ := net.SplitHostPort(addr.String())
	switch ip := net.ParseIP(host); {
	case host == "", ip != nil && ip.IsUnspecified():
		return net.JoinHostPort("127.0.0.1", port)
	default:
		return net.JoinHostPort(host, port)
	}
}

// defaultDataDir returns where the games are kept: $XDG_DATA_HOME/ferz,
// else the user's configuration directory plus /ferz.
func defaultDataDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "ferz"), nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "ferz"), nil
}

// openBrowser opens url in the desktop's browser, if there is one.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return errors.New("no display")
		}
		path, err := exec.LookPath("xdg-open")
		if err != nil {
			return errors.New("xdg-open is not installed")
		}
		cmd = exec.Command(path, url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() // reap it; xdg-open returns at once
	return nil
}
