package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
)

const debianBookPath = "/usr/share/games/gnuchess/book.bin"

// needDebianBook skips the test when Debian's book is missing, unless
// CI=true, where it must be installed (make install-book).
func needDebianBook(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(debianBookPath); err != nil && os.Getenv("CI") != "true" {
		t.Skipf("%s not installed (make install-book)", debianBookPath)
	}
}

func TestBookProbe(t *testing.T) {
	code, out, errOut := runFerz("book", "probe")
	if code != 0 {
		t.Fatalf("exit status %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"default book", "463b96181691fc9c", "e4       e2e4", "d4       d2d4", "Nf3      g1f3", "%"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, errOut = runFerz("book", "probe", "-moves", "e4 e5 Nf3")
	if code != 0 || !strings.Contains(out, "Nc6      b8c6") {
		t.Errorf("probe after 1.e4 e5 2.Nf3: exit status %d, stderr %q, output:\n%s", code, errOut, out)
	}
	code, out, _ = runFerz("book", "probe", "-fen", "8/8/8/8/8/8/k7/4K3 w - - 0 1")
	if code != 0 || !strings.Contains(out, "no book moves") {
		t.Errorf("probe of a bare-kings position: exit status %d, output:\n%s", code, out)
	}
}

func TestBookProbeDebian(t *testing.T) {
	needDebianBook(t)
	code, out, errOut := runFerz("book", "probe", "-book", debianBookPath, "-moves", "e4 c5")
	if code != 0 || !strings.Contains(out, "Nf3      g1f3") || errOut != "" {
		t.Errorf("exit status %d, stderr %q, output:\n%s", code, errOut, out)
	}
}

const smallPGN = `[Event "a"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0

[Event "b"]
[Result "0-1"]

1. e4 c5 2. Nf3 d6 0-1

[Event "bad"]
[Result "*"]

1. e4 e5 2. Nf9 *

[Event "c"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 1/2-1/2

[Event "960"]
[Variant "Chess960"]
[FEN "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1"]
[SetUp "1"]
[Result "1-0"]

1. O-O O-O 1-0
`

func TestBookBuild(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(pgn, []byte(smallPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "games.bin")
	code, stdout, stderr := runFerz("book", "build", "-pgn", pgn, "-plies", "4", "-out", out)
	if code != 0 {
		t.Fatalf("exit status %d, stderr %q", code, stderr)
	}
	if !strings.Contains(stdout, "4 games") || !strings.Contains(stderr, "skipping a game") || !strings.Contains(stderr, "100%") {
		t.Errorf("stdout %q, stderr %q", stdout, stderr)
	}
	b, err := book.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != 0o644 {
		t.Errorf("the book's mode is %v", st.Mode())
	}
	p := chess.StartPosition()
	entries := b.Probe(p)
	if len(entries) != 2 || p.SAN(entries[0].Move) != "e4" || entries[0].Weight != 2 || entries[1].Weight != 1 {
		t.Errorf("start position: %+v, want e4 2 and d4 1", entries)
	}
	p960 := chess.MustParseFEN("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1")
	if m, ok := b.Best(p960); !ok || p960.SAN(m) != "O-O" {
		t.Errorf("Chess960 start: %v %v, want O-O", m, ok)
	}
	// Debian's polyglot reads the book too.
	if pg, err := exec.LookPath("/usr/games/polyglot"); err == nil {
		cmd := exec.Command(pg, "dump-book", "-bin", out, "-color", "white", "-out", filepath.Join(dir, "dump.txt"))
		cmd.Dir = dir
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("polyglot dump-book: %v\n%s", err, msg)
		}
		dump, err := os.ReadFile(filepath.Join(dir, "dump.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(dump), "1. e4") || !strings.Contains(string(dump), "2. Nf3") {
			t.Errorf("polyglot's dump of the book:\n%s", dump)
		}
	}
}

func TestBookConvertAndDump(t *testing.T) {
	dir := t.TempDir()
	text := "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\ne2e4 c7c5\nd2d4 d7d5\n"
	src := filepath.Join(dir, "book.txt")
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "book.bin")
	if code, _, stderr := runFerz("book", "convert", "-text", src, "-out", bin); code != 0 {
		t.Fatalf("convert: exit status %d, stderr %q", code, stderr)
	}
	code, stdout, stderr := runFerz("book", "dump", "-book", bin, "-text")
	if code != 0 {
		t.Fatalf("dump -text: exit status %d, stderr %q", code, stderr)
	}
	// Lines come best first; equal weights in the order of the moves'
	// Polyglot codes (c7c5 before e7e5).
	if want := "e2e4 c7c5\ne2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\nd2d4 d7d5\n"; stdout != want {
		t.Errorf("dump -text:\n%s\nwant:\n%s", stdout, want)
	}
	code, stdout, _ = runFerz("book", "dump", "-book", bin)
	if code != 0 || !strings.Contains(stdout, "463b96181691fc9c e2e4      2 0\n") || !strings.Contains(stdout, " e1h1 ") {
		t.Errorf("dump: exit status %d, output:\n%s", code, stdout)
	}
	out := filepath.Join(dir, "lines.txt")
	if code, _, stderr := runFerz("book", "dump", "-book", bin, "-text", "-plies", "2", "-out", out); code != 0 {
		t.Fatalf("dump -out: exit status %d, stderr %q", code, stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != "e2e4 c7c5\ne2e4 e7e5\nd2d4 d7d5\n" {
		t.Errorf("dump -plies 2:\n%s", got)
	}
}

func TestBookRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.bin")
	os.WriteFile(short, make([]byte, 20), 0o644)
	badText := filepath.Join(dir, "bad.txt")
	os.WriteFile(badText, []byte("e2e4 e2e4\n"), 0o644)
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"no subcommand", []string{"book"}, "want a subcommand"},
		{"unknown subcommand", []string{"book", "eat"}, `"eat" is not a subcommand`},
		{"build without -pgn", []string{"book", "build", "-out", "x.bin"}, "want both -pgn"},
		{"build of a missing file", []string{"book", "build", "-pgn", filepath.Join(dir, "none.pgn"), "-out", filepath.Join(dir, "x.bin")}, "none.pgn"},
		{"negative plies", []string{"book", "build", "-pgn", "a", "-out", "b", "-plies", "-1"}, "-plies -1"},
		{"zero min-games", []string{"book", "build", "-pgn", "a", "-out", "b", "-min-games", "0"}, "-min-games 0"},
		{"probe of a truncated book", []string{"book", "probe", "-book", short}, "not a multiple of 16"},
		{"probe with a bad FEN", []string{"book", "probe", "-fen", "8/8 w"}, "bad -fen"},
		{"probe with a bad move", []string{"book", "probe", "-moves", "e4 e4"}, "bad -moves"},
		{"convert of a bad text book", []string{"book", "convert", "-text", badText, "-out", filepath.Join(dir, "y.bin")}, "line 1, move 2"},
		{"dump of a missing book", []string{"book", "dump", "-book", filepath.Join(dir, "none.bin")}, "none.bin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runFerz(tt.args...)
			if code != 2 || !strings.Contains(stderr, tt.wantErr) {
				t.Errorf("exit status %d, stderr %q; want 2 and %q", code, stderr, tt.wantErr)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "y.bin")); err == nil {
		t.Error("a failed convert left a book behind")
	}
}

func TestBookHelp(t *testing.T) {
	for _, args := range [][]string{{"book", "-h"}, {"help", "book"}} {
		code, out, _ := runFerz(args...)
		if code != 0 || !strings.Contains(out, "build") || !strings.Contains(out, "probe") || !strings.Contains(out, "convert") {
			t.Errorf("%v: exit status %d, output:\n%s", args, code, out)
		}
	}
	code, out, _ := runFerz("book", "build", "-h")
	if code != 0 || !strings.Contains(out, "-min-games") {
		t.Errorf("book build -h: exit status %d, output:\n%s", code, out)
	}
}
