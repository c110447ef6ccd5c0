package cli

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/internal/testkit"
)

// play runs a session with opts (the engine limited to depth 2 unless
// opts say otherwise, its book moves chosen with a fixed seed) on the
// lines of script and returns its output.
func play(t *testing.T, opts Options, script string) string {
	t.Helper()
	if opts.Depth == 0 && opts.Time == "" {
		opts.Depth = 2
	}
	opts.Echo = true
	var out bytes.Buffer
	s, err := New(&out, opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	s.rng = rand.New(rand.NewPCG(1, 2)) // the same book moves every time
	if err := s.Run(strings.NewReader(script)); err != nil {
		t.Fatalf("Run: %v\noutput:\n%s", err, out.String())
	}
	return out.String()
}

// mustContain fails the test for each want missing from out.
func mustContain(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q; output:\n%s", w, out)
		}
	}
}

// fenAnswers returns the lines that answered the bare "fen" commands of
// a session's output, in order.
func fenAnswers(out string) []string {
	var fens []string
	lines := strings.Split(out, "\n")
	for i := 0; i+1 < len(lines); i++ {
		if lines[i] == promptText+"fen" {
			fens = append(fens, lines[i+1])
		}
	}
	return fens
}

// lastFEN returns the last line that answered a bare "fen" command.
func lastFEN(t *testing.T, out string) string {
	t.Helper()
	fens := fenAnswers(out)
	if len(fens) == 0 {
		t.Fatalf("no fen answer in output:\n%s", out)
	}
	return fens[len(fens)-1]
}

func TestMovesInEveryNotation(t *testing.T) {
	for _, move := range []string{"e4", "e2e4", "E2-E4", "e2 e4", "e2-e4", "Pe4", "E2E4"} {
		out := play(t, Options{}, move+"\nfen\n")
		mustContain(t, out, "You play 1. e4.", "Ferz plays 1... ")
		fen := lastFEN(t, out)
		if !strings.Contains(fen, " w ") || !strings.HasSuffix(fen, " 2") {
			t.Errorf("%q: after the engine's reply the FEN is %q", move, fen)
		}
	}
}

func TestIllegalAmbiguousAndUnknownInput(t *testing.T) {
	out := play(t, Options{FEN: "4k3/8/8/8/8/8/8/N3K2N w - - 0 1"}, "Ke3e5\ne5\nNd4\nfoo\nN3\nfen\n")
	mustContain(t, out,
		`? move "Ke3e5" is not a legal move`,
		`? move "N3" is not a move in SAN`,
		`? move "Nd4" is not a legal move`,
		`? move "e5" is not a legal move in position 4k3/8/8/8/8/8/8/N3K2N w - - 0 1 (type moves for the legal moves)`,
		`? unknown command "foo"`,
	)
	if lastFEN(t, out) != "4k3/8/8/8/8/8/8/N3K2N w - - 0 1" {
		t.Errorf("bad input changed the position: %s", lastFEN(t, out))
	}
	out = play(t, Options{FEN: "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1"}, "Ne2\nfen\n")
	mustContain(t, out, `? move "Ne2" is ambiguous (c1e2, g1e2)`)
	if strings.Contains(out, "You play 1.") {
		t.Errorf("an ambiguous move was played:\n%s", out)
	}
}

func TestUndo(t *testing.T) {
	out := play(t, Options{}, "undo\ne4\nd4\nundo\nfen\nundo\nfen\n")
	mustContain(t, out, "? there is no move of yours to take back", "Took back 2 moves.")
	fens := fenAnswers(out)
	if len(fens) != 2 {
		t.Fatalf("want 2 FENs, have %q", fens)
	}
	if !strings.HasSuffix(fens[0], " w KQkq - 0 2") || !strings.Contains(fens[0], "4P3") {
		t.Errorf("after undo of the second move pair: %s", fens[0])
	}
	if fens[1] != chess.StartFEN {
		t.Errorf("after undoing everything: %s, want the start", fens[1])
	}

	// Playing Black, the engine's first move cannot be taken back alone.
	out = play(t, Options{Side: chess.Black}, "undo\nfen\n")
	mustContain(t, out, "? there is no move of yours to take back")
	if strings.Count(lastFEN(t, out), " b ") != 1 {
		t.Errorf("the engine's first move was undone: %s", lastFEN(t, out))
	}
}

func TestFEN(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	out := play(t, Options{}, "fen\nfen "+kiwipete+"\nfen\nfen not a fen\nfen\n")
	if !strings.Contains(out, promptText+"fen\n"+chess.StartFEN+"\n") {
		t.Errorf("fen did not show the start:\n%s", out)
	}
	mustContain(t, out, "Position set up: you play White.", "? fen: want 4 to 6 fields")
	if strings.Contains(out, "fen: fen:") {
		t.Errorf("the error says fen twice:\n%s", out)
	}
	if lastFEN(t, out) != kiwipete {
		t.Errorf("have %s, want %s", lastFEN(t, out), kiwipete)
	}
	// Black to move: the person plays Black and the engine waits.
	out = play(t, Options{}, "fen 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\nKd7\nfen\n")
	mustContain(t, out, "Position set up: you play Black.", "You play 1... Kd7.", "Ferz plays 2. ")
}

func TestPGNSaveLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.pgn")
	out := play(t, Options{}, "e4\nNf3\nfen\npgn save "+file+"\n")
	mustContain(t, out, "Saved the game (4 moves) to "+file+".")
	want := lastFEN(t, out)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pgn := string(data)
	for _, tag := range []string{`[White "Player"]`, `[Black "Ferz, full strength"]`, `[Result "*"]`, "1. e4 "} {
		if !strings.Contains(pgn, tag) {
			t.Errorf("saved PGN lacks %q:\n%s", tag, pgn)
		}
	}
	out = play(t, Options{}, "pgn load "+file+"\nfen\nundo\nundo\nfen\npgn load "+filepath.Join(dir, "missing.pgn")+"\npgn load\npgn frobnicate x\n")
	mustContain(t, out, "Loaded Player - Ferz, full strength (4 moves, result *)", "? pgn load: ", "? pgn load: which file?", "? pgn: say pgn save FILE or pgn load FILE")
	fens := fenAnswers(out)
	if len(fens) != 2 || fens[0] != want || fens[1] != chess.StartFEN {
		t.Errorf("FENs after load and undo: %q, want %q then the start", fens, want)
	}

	// A position set up from FEN goes into the SetUp and FEN tags.
	const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
	file2 := filepath.Join(dir, "setup.pgn")
	out = play(t, Options{FEN: fen}, "e4\npgn save "+file2+"\nfen\nnew\npgn load "+file2+"\nfen\n")
	fens = fenAnswers(out)
	if len(fens) != 2 || fens[0] != fens[1] {
		t.Errorf("set-up game: FENs before save and after load differ: %q", fens)
	}
	data, _ = os.ReadFile(file2)
	if !strings.Contains(string(data), `[FEN "`+fen+`"]`) {
		t.Errorf("set-up game's PGN lacks its FEN:\n%s", data)
	}
}

func TestFoolsMate(t *testing.T) {
	// The engine mates: after 1. f3 e5 the person plays 2. g4??
	out := play(t, Options{FEN: "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2"}, "g4\ne4\nhint\ngo\nfen\n")
	mustContain(t, out, "You play 2. g4.", "Ferz plays 2... Qh4#.", "Move 3, game over. Last move: 2... Qh4#.", "Game over: 0-1, Black wins by checkmate.",
		"? the game is over (0-1, Black wins by checkmate); type new, undo, fen or pgn load")

	// The person mates: the game 1. f3 e5 2. g4 loaded from PGN.
	dir := t.TempDir()
	file := filepath.Join(dir, "fool.pgn")
	if err := os.WriteFile(file, []byte("[White \"Fool\"]\n\n1. f3 e5 2. g4 *\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "saved.pgn")
	out = play(t, Options{}, "pgn load "+file+"\nQh4#\npgn save "+saved+"\n")
	mustContain(t, out, "you play Black", "You play 2... Qh4#.", "Game over: 0-1, Black wins by checkmate.")
	if strings.Contains(out, "Ferz plays 3.") {
		t.Errorf("the engine moved after mate:\n%s", out)
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `[Result "0-1"]`) || !strings.Contains(string(data), "2. g4 Qh4# 0-1") {
		t.Errorf("saved game:\n%s", data)
	}
}

func TestNewGoHintFlipLevelTime(t *testing.T) {
	out := play(t, Options{}, "new black\nfen\nnew white\nhint\ngo\nflip\nlevel\nlevel 4\nlevel 1500\nlevel grandmaster\nlevel 9\nlevel x\ntime\ntime 0.5\ntime 5+3\ntime 0\ntime x+1\nnew sideways\nmoves\nhelp\nquit\ne4\n")
	mustContain(t, out,
		"New game: you play Black.",
		"Ferz plays 1. ",
		"New game: you play White.",
		"Hint: ",
		"Ferz plays White now; you play Black.",
		"* 0  full strength",
		"Ferz plays at club (Elo 1700).",
		"Ferz plays at Elo 1500.",
		"Ferz plays at grandmaster (Elo 2800).",
		"? level 9 is out of range",
		`? unknown level "x"`,
		"Time control: no time limit (the engine's depth limit).",
		"Time control: 500ms per move.",
		"Time control: 5m+3s a side.",
		`? time "0": the time per move must be more than zero`,
		`? time "x+1": base "x" is not a number`,
		`? new: "sideways" is not a colour`,
		"20 legal moves: ",
		"pgn save|load FILE",
	)
	if strings.Contains(out, "You play 1. e4") {
		t.Errorf("a move after quit was played:\n%s", out)
	}
	// After go the person plays Black, so the board shows Black at the
	// bottom; flip turns it back to White at the bottom.
	i := strings.Index(out, promptText+"flip\n")
	if i < 0 || !strings.HasPrefix(out[i+len(promptText+"flip\n"):], "   a b c d e f g h\n 8 ") {
		t.Errorf("flip after go did not draw White at the bottom:\n%s", out[i:])
	}
}

func TestEndOfInputWithoutNewline(t *testing.T) {
	out := play(t, Options{}, "e4")
	mustContain(t, out, "You play 1. e4.", "Ferz plays 1... ")
	out = play(t, Options{Prompt: true}, "")
	if !strings.HasSuffix(out, promptText+"\n") {
		t.Errorf("EOF at a prompt should end the line: %q", out[max(0, len(out)-20):])
	}
}

func TestCommentsBlankAndLongLines(t *testing.T) {
	long := strings.Repeat("x", maxLineLength+10)
	out := play(t, Options{}, "# a comment\n\n   \r\n"+long+"\ne4\r\n")
	mustContain(t, out, "that line is longer than", "You play 1. e4.")
	if strings.Contains(out, "unknown command") || strings.Contains(out, "? move") {
		t.Errorf("comment or blank line taken as input:\n%s", out)
	}
}

// manualClock is a clock that stands still until the test moves it on.
type manualClock struct{ t time.Time }

func (c *manualClock) now() time.Time { return c.t }

// clockedSession returns a session set up as opts say, its output, and
// the clock it reads, which stands still until the test moves it on; the
// game starts at the clock's time.
func clockedSession(t *testing.T, opts Options) (*Session, *bytes.Buffer, *manualClock) {
	t.Helper()
	var out bytes.Buffer
	s, err := New(&out, opts)
	if err != nil {
		t.Fatal(err)
	}
	clock := &manualClock{t: time.Unix(0, 0)}
	s.now = clock.now
	s.setGame(s.start, s.pos, chess.White)
	return s, &out, clock
}

func TestClocksAndLossOnTime(t *testing.T) {
	s, out, clock := clockedSession(t, Options{Time: "0.05+1", Depth: 1}) // 3 s + 1 s a move
	clock.t = clock.t.Add(1500 * time.Millisecond)
	s.exec("e4")
	if s.clocks[chess.White] != 2500*time.Millisecond || s.clocks[chess.Black] != 4*time.Second {
		t.Errorf("clocks after one move each: %v", s.clocks)
	}
	mustContain(t, out.String(), "Clocks: White 0:02.5, Black 0:04.0")
	clock.t = clock.t.Add(2 * time.Second)
	s.exec("d4")
	s.exec("undo")
	if s.clocks != [2]time.Duration{2500 * time.Millisecond, 4 * time.Second} {
		t.Errorf("undo did not put the clocks back: %v", s.clocks)
	}
	clock.t = clock.t.Add(time.Minute)
	s.exec("Nf3")
	mustContain(t, out.String(), "Your flag fell before 2. Nf3.", "Game over: 0-1, Black wins by time.")
	if s.clocks[chess.White] != 0 || s.pos.Ply() != 2 {
		t.Errorf("after the flag fell: clocks %v, %d plies played", s.clocks, s.pos.Ply())
	}
	if g := s.game(); g.Tag("Termination") != "time forfeit" || g.Result != "0-1" || g.Tag("TimeControl") != "3+1" {
		t.Errorf("game after loss on time:\n%s", g)
	}
	out.Reset()
	s.exec("e4")
	mustContain(t, out.String(), "? the game is over (0-1, Black wins by time)")
	s.exec("undo")
	if s.outcome().over() || s.pos.Ply() != 0 || s.clocks != [2]time.Duration{3 * time.Second, 3 * time.Second} {
		t.Errorf("undo after the flag fell: outcome %v, %d plies, clocks %v", s.outcome(), s.pos.Ply(), s.clocks)
	}
}

func TestWriteErrorEndsSession(t *testing.T) {
	s, err := New(failingWriter{}, Options{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(strings.NewReader("e4\n")); err == nil {
		t.Error("Run did not report the write error")
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestNewRejectsBadOptions(t *testing.T) {
	for _, o := range []Options{
		{FEN: "not a fen"},
		{Level: "99"},
		{Time: "-1"},
		{Depth: -1},
		{Depth: 1000},
		{HashMB: -5},
		{Side: 7},
	} {
		if _, err := New(io.Discard, o); err == nil {
			t.Errorf("New(%+v) accepted bad options", o)
		}
	}
}

func TestSelfPlayWithGoToTheEnd(t *testing.T) {
	// Each go lets the engine play the side to move, so a script of go
	// lines is the engine playing itself until the game ends.
	file := filepath.Join(t.TempDir(), "self.pgn")
	script := strings.Repeat("go\n", 300) + "fen\npgn save " + file + "\nnew\npgn load " + file + "\nfen\n"
	out := play(t, Options{}, script)
	i := strings.Index(out, "Game over: ")
	if i < 0 {
		t.Fatalf("the game did not end in 300 plies:\n%s", out[max(0, len(out)-2000):])
	}
	announced := out[i+len("Game over: "):]
	announced = announced[:strings.Index(announced, ".\n")]
	result := strings.Fields(announced)[0]
	mustContain(t, out, "? the game is over ("+announced+")")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `[Result "`+strings.TrimSuffix(result, ",")+`"]`) {
		t.Errorf("announced %q, saved:\n%s", announced, data)
	}
	fens := fenAnswers(out)
	if len(fens) != 2 || fens[0] != fens[1] {
		t.Errorf("final FEN before saving and after loading: %q", fens)
	}
	if strings.Count(out, "Game over: ") != 2 { // at the end, and on loading it
		t.Errorf("%d game over announcements, want 2", strings.Count(out, "Game over: "))
	}
}

// bookSANs returns the default book's moves, in SAN, for the position
// after the given moves from the start.
func bookSANs(t *testing.T, moves ...string) []string {
	t.Helper()
	p, entries := testkit.DefaultBookEntries(t, moves...)
	var sans []string
	for _, e := range entries {
		sans = append(sans, p.SAN(e.Move))
	}
	return sans
}

// bookReply returns the move of a line "Ferz plays 1... c5 (book)." in
// out, or "" if there is none.
func bookReply(out, prefix string) string {
	_, rest, ok := strings.Cut(out, "Ferz plays "+prefix)
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(rest, "\n")
	san, ok := strings.CutSuffix(line, " (book).")
	if !ok {
		return ""
	}
	return san
}

func TestBookMoves(t *testing.T) {
	// On by default: the reply to 1.e4 is one of the book's, played at
	// once, without a search.
	out := play(t, Options{}, "e4\n")
	mustContain(t, out, "opening book on (default book, ")
	if san := bookReply(out, "1... "); !slices.Contains(bookSANs(t, "e4"), san) {
		t.Errorf("the reply to 1.e4 is not a book move of %v:\n%s", bookSANs(t, "e4"), out)
	}
	if strings.Contains(out, "Ferz thought:") {
		t.Errorf("Ferz searched a book move:\n%s", out)
	}
	// At every level, and playing White.
	out = play(t, Options{Side: chess.Black, Level: "1"}, "")
	if san := bookReply(out, "1. "); !slices.Contains(bookSANs(t), san) {
		t.Errorf("Ferz's first move as White is not a book move:\n%s", out)
	}

	// book off: the engine searches; book on: the book again.
	out = play(t, Options{}, "book off\nbook\ne4\nundo\nbook on\nbook\ne4\nbook maybe\n")
	mustContain(t, out,
		"Opening book: off.\n",
		"Ferz thought: depth 2,",
		"Opening book: on (default book, ",
		"? book: say book on or book off",
	)
	i := strings.Index(out, promptText+"book on\n")
	if i < 0 || bookReply(out[:i], "1... ") != "" || bookReply(out[i:], "1... ") == "" {
		t.Errorf("book off, then on:\n%s", out)
	}

	// -no-book (Options.NoBook) starts with the book off.
	out = play(t, Options{NoBook: true}, "book\ne4\n")
	mustContain(t, out, "opening book off.", "Opening book: off.", "Ferz thought: depth 2,")
	if strings.Contains(out, "(book)") {
		t.Errorf("a book move with the book off:\n%s", out)
	}

	// The same seed gives the same book moves.
	script := strings.Repeat("go\n", 8) + "fen\n"
	if a, b := lastFEN(t, play(t, Options{}, script)), lastFEN(t, play(t, Options{}, script)); a != b {
		t.Errorf("the same seed gave %s and %s", a, b)
	}
}

func TestBookHintAndClocks(t *testing.T) {
	b, err := book.Default()
	if err != nil {
		t.Fatal(err)
	}
	p := chess.StartPosition()
	best, _ := b.Best(p)
	out := play(t, Options{}, "hint\nbook off\nhint\n")
	mustContain(t, out, "Hint: "+p.SAN(best)+" (book)\n")
	if strings.Count(out, "(book)") != 1 || !strings.Contains(out, "Hint: ") {
		t.Errorf("the hint with the book off:\n%s", out)
	}

	// A book move takes no time: Ferz's clock gets its increment.
	s, buf, clock := clockedSession(t, Options{Time: "1+2"})
	clock.t = clock.t.Add(3 * time.Second)
	s.exec("e4")
	if s.clocks != [2]time.Duration{59 * time.Second, 62 * time.Second} || bookReply(buf.String(), "1... ") == "" {
		t.Errorf("clocks after a book reply: %v\n%s", s.clocks, buf.String())
	}
}

// TestNewChess960 starts Chess960 games: a numbered start position, a
// random one, castling as O-O and as the king onto its rook, and the
// errors of a bad number or word.
func TestNewChess960(t *testing.T) {
	out := play(t, Options{}, "new 960 0\nfen\nnew black 960\nfen\nnew 960 1000\nnew 960 x\n")
	fens := fenAnswers(out)
	if len(fens) != 2 || fens[0] != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" {
		t.Fatalf("fens %q; output:\n%s", fens, out)
	}
	// Ferz has played the first move; no king or rook can move yet.
	if p, err := chess.ParseFEN(fens[1]); err != nil || !p.Chess960() || p.SideToMove() != chess.Black {
		t.Errorf("random Chess960 start: %q (%v)", fens[1], err)
	}
	mustContain(t, out, "New Chess960 game from start position 0: you play White.", "you play Black.",
		"? new: Chess960 start position 1000 is not 0 to 959", `? new: "x" is not a colour`)

	for _, castle := range []string{"O-O", "e1h1"} {
		out = play(t, Options{}, "new 960 518\ne4\nNf3\nBc4\n"+castle+"\nfen\n")
		mustContain(t, out, "You play 4. O-O.")
		if fen := lastFEN(t, out); !strings.Contains(fen, "RK1 w ") {
			t.Errorf("%s: after castling %q", castle, fen)
		}
	}
}

// TestAnalyse shows the best lines of a position without playing a move,
// and refuses bad times and line counts.
func TestAnalyse(t *testing.T) {
	out := play(t, Options{Depth: 5}, "fen 7k/8/6K1/8/8/8/8/6Q1 w - - 0 1\nanalyse 0.3 2\nfen\nanalyse 0\nanalyse 1 11\nanalyse 1 2 3\nanalyze x\n")
	mustContain(t, out, "Analysis: depth ", " 1.     #2  1. Q", " 2.     #2  1. Q",
		`? analyse: "0" is not a time`, `? analyse: "11" is not a number of lines from 1 to 10`,
		"? analyse: want at most a time", `? analyse: "x" is not a time`)
	if fen := lastFEN(t, out); fen != "7k/8/6K1/8/8/8/8/6Q1 w - - 0 1" {
		t.Errorf("analyse changed the position: %s", fen)
	}
	if strings.Contains(out, " 3. ") {
		t.Errorf("more lines than asked for:\n%s", out)
	}
}
