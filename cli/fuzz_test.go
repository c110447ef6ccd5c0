package cli

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
	"time"
)

// memFiles is an in-memory file system for pgn save and load, so that
// fuzzed scripts touch no real file.
type memFiles map[string][]byte

// memFile is a file being written into a memFiles.
type memFile struct {
	bytes.Buffer
	files memFiles
	name  string
}

func (f *memFile) Close() error {
	f.files[f.name] = bytes.Clone(f.Bytes())
	return nil
}

// install makes s read and write its PGN files in m.
func (m memFiles) install(s *Session) {
	s.openFile = func(name string) (io.ReadCloser, error) {
		data, ok := m[name]
		if !ok {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		return io.NopCloser(bytes.NewReader(data)), nil
	}
	s.createFile = func(name string) (io.WriteCloser, error) {
		if name == "fail" {
			return nil, errors.New("cannot create fail")
		}
		return &memFile{files: m, name: name}, nil
	}
}

// fuzzSeeds are scripts that reach every command.
var fuzzSeeds = []string{
	"e4\nNf3\nundo\nfen\n",
	"new black\nhint\ngo\nflip\nmoves\nboard\nhelp\nquit\n",
	"level\nlevel 3\nlevel 2000\nlevel club\ntime\ntime 0.01\ntime 0.001+0\ne4\n",
	"pgn save a\npgn load a\npgn load b\npgn save fail\npgn\npgn load\n",
	"fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\ne4\nundo\nundo\n",
	"fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\nmoves\nhint\n",
	"fen 4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1\nNe2\nE2-E4\ne2 e4\ne2xd3\nO-O\n",
	"fen nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1\nO-O\ng1h3\n",
	"# comment\n\n\r\nfoo\nxx yy\n\x00\xff\n",
	"book\nhint\nbook off\nhint\ne4\nbook on\ngo\nbook x\nBOOK OFF\n",
	"new 960\nanalyse 600 2\nnew black 960 518\nO-O\nnew 960 x\nanalyze\nanalysis 0 11\n",
}

func FuzzSession(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		if len(script) > 2000 || strings.Count(script, "\n") > 40 {
			return // keep each run short: the engine searches on moves
		}
		var out bytes.Buffer
		s, err := New(&out, Options{Depth: 1, HashMB: 1, Echo: true})
		if err != nil {
			t.Fatal(err)
		}
		memFiles{}.install(s)
		begin := time.Now()
		if err := s.Run(strings.NewReader(script)); err != nil {
			t.Fatalf("Run: %v", err)
		}
		if d := time.Since(begin); d > 10*time.Second {
			t.Fatalf("script took %v:\n%q", d, script)
		}
		if s.pos.SideToMove() != s.human && !s.outcome().over() {
			t.Fatalf("the engine left the person's turn to the engine:\n%s", out.String())
		}
	})
}

func FuzzParseInput(f *testing.F) {
	for _, s := range []string{"", "  e4 ", "HELP", "fen 8/8 w", "pgn save x y", "#", "foo", "e2 e4", "q\tx", "Ke3e5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		in := parseInput(line)
		switch in.kind {
		case inputBlank:
		case inputCommand:
			if in.cmd == nil || lookupCommand(in.name) != in.cmd {
				t.Fatalf("%q: command %q without its spec", line, in.name)
			}
		case inputMove:
			if strings.TrimSpace(in.args) == "" {
				t.Fatalf("%q: an empty move", line)
			}
		case inputUnknown:
			if !isWord(in.name) {
				t.Fatalf("%q: %q taken for an unknown command", line, in.name)
			}
		default:
			t.Fatalf("%q: kind %d", line, in.kind)
		}
	})
}

func TestMemFilesRoundTrip(t *testing.T) {
	var out bytes.Buffer
	s, err := New(&out, Options{Depth: 1, Echo: true})
	if err != nil {
		t.Fatal(err)
	}
	m := memFiles{}
	m.install(s)
	if err := s.Run(strings.NewReader("e4\npgn save g\nnew\npgn load g\nfen\npgn save fail\n")); err != nil {
		t.Fatal(err)
	}
	mustContain(t, out.String(), "Saved the game (2 moves) to g.", "Loaded Player", "? pgn save: cannot create fail")
	if !bytes.Contains(m["g"], []byte("1. e4 ")) {
		t.Errorf("saved game: %s", m["g"])
	}
}
