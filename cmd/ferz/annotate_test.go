package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// annotatePGN has a miniature with a blunder (3...Nf6?? allows Qxf7#),
// a game with an illegal move, and a game from a FEN with a comment.
const annotatePGN = `[Event "Scholar"]
[White "W"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Broken"]

1. e4 e5 2. Ke3 *

[Event "Ending"]
[SetUp "1"]
[FEN "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"]

1. Kd6 {the only win} Kd8 2. e6 Ke8 *
`

func TestAnnotate(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pgn")
	if err := os.WriteFile(in, []byte(annotatePGN), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runFerz("annotate", "-pgn", in, "-movetime", "0", "-depth", "8")
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	for _, want := range []string{
		`[Annotator "Ferz `,
		"3... Nf6 $4 {#1/",       // the blunder, and what it allows
		"blunder; ",              // the move preferred
		"4. Qxf7# 1-0",           // no evaluation after a mate
		"1. Kd6 {the only win +", // a comment kept, the evaluation added
		`[FEN "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"]`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Broken") || !strings.Contains(errOut, `move "Ke3" is not a legal move`) {
		t.Errorf("the broken game: stdout:\n%s\nstderr:\n%s", out, errOut)
	}
	if !strings.Contains(errOut, "game 1: W - B, 7 plies, 0 mistakes, 1 blunder") || !strings.Contains(errOut, "game 3: ? - ?, 4 plies") {
		t.Errorf("progress:\n%s", errOut)
	}

	// The same games through standard input, written to a file.
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader(annotatePGN)
	outFile := filepath.Join(dir, "out.pgn")
	if code, _, errOut := runFerz("annotate", "-pgn", "-", "-depth", "6", "-movetime", "0", "-out", outFile); code != 0 {
		t.Fatalf("from standard input: exit status %d: %s", code, errOut)
	}
	if b, err := os.ReadFile(outFile); err != nil || !strings.Contains(string(b), "3... Nf6 $4") {
		t.Errorf("-out file: %v\n%s", err, b)
	}

	for _, args := range [][]string{
		{"annotate"},
		{"annotate", "-pgn", in, "-movetime", "x"},
		{"annotate", "-pgn", in, "-movetime", "0"},
		{"annotate", "-pgn", in, "-depth", "-1"},
		{"annotate", "-pgn", in, "-hash", "0"},
		{"annotate", "-pgn", filepath.Join(dir, "missing.pgn")},
	} {
		if code, _, errOut := runFerz(args...); code != 2 || !strings.Contains(errOut, "annotate:") {
			t.Errorf("%q: exit status %d, stderr %q", args, code, errOut)
		}
	}
}
