package chess

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// checkPGNRoundTrip writes g and reads it back; the game read must have
// the same moves, result, tags (plus the roster defaults and SetUp the
// writer adds), NAGs and comments (as the writer words them).
func checkPGNRoundTrip(t *testing.T, g *Game) *Game {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePGN(&buf, g); err != nil {
		t.Fatalf("cannot write a game read: %v\n%#v", err, g)
	}
	text := buf.String()
	for i, line := range strings.Split(text, "\n") {
		if len(line) > pgnLineWidth && !strings.HasPrefix(line, "[") {
			t.Fatalf("line %d is %d characters long:\n%s", i+1, len(line), text)
		}
	}
	r := NewPGNReader(strings.NewReader(text))
	back, err := r.Next()
	if err != nil {
		t.Fatalf("cannot read a game written: %v\n%s", err, text)
	}
	if extra, err := r.Next(); err == nil || extra != nil {
		t.Fatalf("one game written, more read back (%v):\n%s", err, text)
	}
	if !slices.Equal(back.Moves, g.Moves) {
		t.Fatalf("moves differ after a round trip:\nhad  %v\nhave %v\n%s", g.Moves, back.Moves, text)
	}
	if want, _ := g.pgnResult(); back.Result != want {
		t.Fatalf("result %q read back as %q:\n%s", want, back.Result, text)
	}
	if !slices.Equal(withoutAddedTags(back.Tags, g.Tags), g.Tags) {
		t.Fatalf("tags differ after a round trip:\nhad  %q\nhave %q\n%s", g.Tags, back.Tags, text)
	}
	if got, want := back.Comment, writtenComment(g.Comment); !sameComment(got, want) {
		t.Fatalf("comment %q read back as %q:\n%s", want, got, text)
	}
	for i := range g.Moves {
		var a, b Annotation
		if i < len(g.Annotations) {
			a = g.Annotations[i]
		}
		if i < len(back.Annotations) {
			b = back.Annotations[i]
		}
		if !slices.Equal(a.NAGs, b.NAGs) || !sameComment(b.Comment, writtenComment(a.Comment)) {
			t.Fatalf("annotation of move %d %+v read back as %+v:\n%s", i+1, a, b, text)
		}
	}
	return back
}

// withoutAddedTags drops from have the tags the writer adds to had: the
// missing roster tags and SetUp before a FEN.
func withoutAddedTags(have, had []Tag) []Tag {
	names := make(map[string]bool, len(had))
	for _, t := range had {
		names[t.Name] = true
	}
	var out []Tag
	for _, t := range have {
		added := rosterIndex(t.Name) >= 0 && !names[t.Name] || t == Tag{"SetUp", "1"} && !names["SetUp"]
		if !added {
			out = append(out, t)
		}
	}
	return out
}

// sameComment reports whether a comment read back is the one written,
// allowing for words too long for a line, which the writer splits.
func sameComment(got, want string) bool {
	if got == want {
		return true
	}
	long := slices.ContainsFunc(strings.Fields(want), func(w string) bool { return len(w) > pgnLineWidth-2 })
	return long && strings.ReplaceAll(got, " ", "") == strings.ReplaceAll(want, " ", "")
}

// writtenComment is a comment as it reads back once written: white space
// collapsed, "}" made ")".
func writtenComment(c string) string {
	return strings.Join(strings.FieldsFunc(strings.ReplaceAll(c, "}", ")"), func(r rune) bool {
		return r < 0x80 && spaceChar[r]
	}), " ")
}

// readAllPGN reads every game of text; bad games come back as errors.
func readAllPGN(t *testing.T, text string) ([]*Game, []error) {
	t.Helper()
	r := NewPGNReader(strings.NewReader(text))
	var games []*Game
	var errs []error
	for i := 0; ; i++ {
		if i > len(text)+1 {
			t.Fatalf("more games than bytes: the reader does not advance")
		}
		g, err := r.Next()
		if err == io.EOF {
			return games, errs
		}
		if err != nil {
			var pe *PGNError
			if !errors.As(err, &pe) {
				t.Fatalf("error is not a *PGNError: %v", err)
			}
			errs = append(errs, err)
			continue
		}
		games = append(games, g)
	}
}

// sanLine replays g and returns its main line in SAN, space-separated.
func sanLine(t *testing.T, g *Game) string {
	t.Helper()
	p, err := g.Start()
	if err != nil {
		t.Fatal(err)
	}
	var sans []string
	for _, m := range g.Moves {
		if !p.IsLegal(m) {
			t.Fatalf("illegal move %v in %s", m, p.FEN())
		}
		sans = append(sans, p.SAN(m))
		p.MakeMove(m)
	}
	return strings.Join(sans, " ")
}

func TestPGNReaderReadsEverySyntaxFeature(t *testing.T) {
	type want struct{ moves, result string }
	for _, tc := range []struct {
		name  string
		input string
		games []want
	}{
		{"tags, moves and result",
			"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
			[]want{{"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#", "1-0"}}},
		{"game without tags", "1. e4 e5 2. Nf3 *", []want{{"e4 e5 Nf3", "*"}}},
		{"move numbers glued to moves", "1.e4 e5 2.Nf3 Nc6 3.Bb5 1-0", []want{{"e4 e5 Nf3 Nc6 Bb5", "1-0"}}},
		{"black move numbers", "1. e4 1... e5 2.Nf3 2...Nc6 3. Bb5 3. ... a6 *", []want{{"e4 e5 Nf3 Nc6 Bb5 a6", "*"}}},
		{"castling with zeros",
			"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 d6 5. d3 Bg4 6. Nc3 Qd7 7. Be3 0-0-0 *",
			[]want{{"e4 e5 Nf3 Nc6 Bc4 Bc5 O-O d6 d3 Bg4 Nc3 Qd7 Be3 O-O-O", "*"}}},
		{"brace comment over several lines", "1. e4 {a comment\nover two\n  lines (with e5)} e5 *", []want{{"e4 e5", "*"}}},
		{"semicolon comment to the end of the line", "1. e4 ; a comment { that does not open\ne5 *", []want{{"e4 e5", "*"}}},
		{"percent escape lines", "%escaped header\n[Event \"x\"]\n\n1. e4\n%escaped e5 d5\ne5 *", []want{{"e4 e5", "*"}}},
		{"NAGs and suffixes", "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 Nf6 ! $32 *",
			[]want{{"e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6", "*"}}},
		{"nested variations", "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 (1... c5 2. Nf3 (2. Nc3)) 2. Nf3 *",
			[]want{{"e4 e5 Nf3", "*"}}},
		{"comments and NAGs in variations", "1. e4 e5 (1... c5 {Sicilian} 2. Nf3! $1 {good}) 2. Nf3 *", []want{{"e4 e5 Nf3", "*"}}},
		{"null move in a variation", "1. e4 e5 (1... -- 2. d4 Z0 3. c4) 2. Nf3 *", []want{{"e4 e5 Nf3", "*"}}},
		{"check marks", "1. f3 e5 2. g4 Qh4# 0-1", []want{{"f3 e5 g4 Qh4#", "0-1"}}},
		{"draw", "1. Nf3 Nf6 1/2-1/2", []want{{"Nf3 Nf6", "1/2-1/2"}}},
		{"no termination marker at the end", "[Result \"0-1\"]\n\n1. e4 e5", []want{{"e4 e5", "0-1"}}},
		{"empty game", "[Event \"x\"]\n[Result \"*\"]\n\n*", []want{{"", "*"}}},
		{"tags only, then the next game", "[Event \"a\"]\n\n[Event \"b\"]\n\n1. e4 *", []want{{"", "*"}, {"e4", "*"}}},
		{"no blank lines at all", "[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n1. c4 *", []want{{"e4", "*"}, {"d4", "*"}, {"c4", "*"}}},
		{"blank lines everywhere", "\n\n\n[Event \"a\"]\n\n\n\n1. e4\n\n\ne5\n\n   \n*\n\n\n\n", []want{{"e4 e5", "*"}}},
		{"next game without termination marker", "[Event \"a\"]\n\n1. e4\n[Event \"b\"]\n\n1. d4 *", []want{{"e4", "*"}, {"d4", "*"}}},
		{"CRLF line ends", "[Event \"a\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 {a\r\ncomment} e5\r\n2. Nf3 1-0\r\n\r\n", []want{{"e4 e5 Nf3", "1-0"}}},
		{"byte order mark", "\ufeff[Event \"a\"]\n\n1. e4 *", []want{{"e4", "*"}}},
		{"byte order mark and escape line", "\ufeff%header\n1. e4 *", []want{{"e4", "*"}}},
		{"several tags on one line", "[Event \"a\"] [Site \"b\"]\n\n1. e4 *", []want{{"e4", "*"}}},
		{"promotion and FEN start with black to move",
			"[SetUp \"1\"]\n[FEN \"8/P6k/8/8/8/8/8/K7 b - - 0 40\"]\n\n40... Kg6 41. a8=Q Kf5 42. Qb8 *",
			[]want{{"Kg6 a8=Q Kf5 Qb8", "*"}}},
		{"long algebraic and lower-case castling", "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-c4 Bf8-c5 4. o-o *",
			[]want{{"e4 e5 Nf3 Nc6 Bc4 Bc5 O-O", "*"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, errs := readAllPGN(t, tc.input)
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			if len(games) != len(tc.games) {
				t.Fatalf("read %d games, want %d", len(games), len(tc.games))
			}
			for i, g := range games {
				if got := sanLine(t, g); got != tc.games[i].moves || g.Result != tc.games[i].result {
					t.Errorf("game %d: %q %s, want %q %s", i+1, got, g.Result, tc.games[i].moves, tc.games[i].result)
				}
				checkPGNRoundTrip(t, g)
			}
		})
	}
}

func TestPGNReaderKeepsCommentsAndNAGsOnMainLineMoves(t *testing.T) {
	games, errs := readAllPGN(t, "{before} 1. e4! {a comment\n  over  lines} {and a second} e5 $14 $32 2. Nf3 ; to the end\nNc6!? (2... d6 {dropped}) *")
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	g := games[0]
	want := []Annotation{
		{NAGs: []uint8{1}, Comment: "a comment over lines and a second"},
		{NAGs: []uint8{14, 32}},
		{Comment: "to the end"},
		{NAGs: []uint8{5}},
	}
	if g.Comment != "before" {
		t.Errorf("comment before the moves %q, want %q", g.Comment, "before")
	}
	if len(g.Annotations) != len(g.Moves) {
		t.Fatalf("%d annotations for %d moves", len(g.Annotations), len(g.Moves))
	}
	for i, a := range want {
		if !slices.Equal(g.Annotations[i].NAGs, a.NAGs) || g.Annotations[i].Comment != a.Comment {
			t.Errorf("move %d: %+v, want %+v", i+1, g.Annotations[i], a)
		}
	}
}

func TestPGNReaderUnescapesTagValuesAndPutsRosterFirst(t *testing.T) {
	input := `[ECO "C41"]
[White "Hans \"The Rock\" Berliner"]
[Event "x"]
[Site "C:\\games\\a.pgn"]
[Annotator "back\slash kept"]

*`
	games, errs := readAllPGN(t, input)
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	want := []Tag{{"Event", "x"}, {"Site", `C:\games\a.pgn`}, {"White", `Hans "The Rock" Berliner`}, {"ECO", "C41"}, {"Annotator", `back\slash kept`}}
	if !slices.Equal(games[0].Tags, want) {
		t.Errorf("tags %q, want %q", games[0].Tags, want)
	}
	back := checkPGNRoundTrip(t, games[0])
	if back.Tag("White") != `Hans "The Rock" Berliner` {
		t.Errorf("White read back as %q", back.Tag("White"))
	}
}

func TestPGNReaderErrorsNameGameLineAndFault(t *testing.T) {
	const good = "[Event \"good\"]\n\n1. e4 *\n\n"
	for _, tc := range []struct {
		name  string
		input string
		line  int    // the line of the error, in input
		want  string // in the message; "line n" means line n of input
		last  bool   // the bad game ends the input
		goods int    // good games in input (apart from those around it)
	}{
		{"illegal move", "[Event \"x\"]\n\n1. e4 e5\n2. Nf9 *", 4, `move "Nf9" is not a move in SAN`, false, 0},
		{"move not legal here", "1. e4 e5 2. Ke3 *", 1, `move "Ke3" is not a legal move`, false, 0},
		{"ambiguous move", "1. Nf3 d5 2. d4 c5 3. Nd2 *", 1, `move "Nd2" is ambiguous`, false, 0},
		{"tag without value", "[Event]\n\n1. e4 *", 1, `tag Event: want a value in double quotes`, false, 0},
		{"tag without name", "[\"x\"]\n\n1. e4 *", 1, `want a tag name`, false, 0},
		{"tag not closed", "[Event \"x\"\n[Site \"y\"]\n\n1. e4 *", 2, `tag Event: want "]" after the value`, false, 0},
		{"tag value not closed", "[Event \"x\"]\n[Site \"y]\n\n1. e4 *", 2, `not closed on its line`, false, 0},
		{"comment not closed at the end", "1. e4 {no end\n e5\n", 1, `comment opened with "{" on line 1 is not closed`, true, 0},
		{"comment not closed before tags", "1. e4 {no end\n\n[Event \"next\"]\n\n*", 1, `not closed before the tags on line 3`, false, 1},
		{"variation not closed at the end", "1. e4 (1. d4\n d5", 1, `variation not closed at the end`, true, 0},
		{"variation not closed before the result", "1. e4 (1. d4\n d5 *", 2, `result * inside the variation opened on line 1`, false, 0},
		{"variation not closed before the next game", "1. e4 (1. d4\n[Event \"next\"]\n1. d4 *", 1, `variation not closed before the tags on line 2`, false, 1},
		{"close without open", "1. e4 ) e5 *", 1, `")" closes no variation`, false, 0},
		{"result in a variation", "1. e4 (1. d4\n1-0) *", 2, `result 1-0 inside the variation opened on line 1`, false, 0},
		{"variation before any move", "( 1. e4 ) *", 1, `variation with no move before it`, false, 0},
		{"illegal move in a variation", "1. e4 e5\n(1... e4) *", 2, `in the variation opened on line 2: move "e4" is not a legal move`, false, 0},
		{"NAG out of range", "1. e4 $300 *", 1, `NAG $300 is out of range`, false, 0},
		{"NAG without number", "1. e4 $ *", 1, `"$" without a number`, false, 0},
		{"unknown suffix", "1. e4 !!! *", 1, `unknown annotation "!!!"`, false, 0},
		{"unexpected character", "1. e4 @ *", 1, `unexpected character '@'`, false, 0},
		{"bad FEN tag", "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", 2, `FEN tag "8/8/8/8/8/8/8/8 w - - 0 1": fen:`, false, 0},
		{"unsupported variant", "[Variant \"Crazyhouse\"]\n\n1. e4 *", 1, `variant "Crazyhouse" is not supported`, false, 0},
		{"null move in the main line", "1. e4 -- *", 1, `null move "--" in the main line`, false, 0},
		{"null move in check", "1. e4 e5 2. Qh5 Nc6 (2... -- 3. Qxf7+ --) *", 1, `null move "--" while in check`, false, 0},
		{"word too long", "1. e4 " + strings.Repeat("a", 300) + " *", 1, `a word of 300 characters`, false, 0},
		{"string among the moves", "1. e4 \"x\" *", 1, `unexpected the string "x" among the moves`, false, 0},
		{"bracket inside the moves", "1. e4 [x] *", 1, `unexpected "[" among the moves`, false, 0},
		{"variations nested too deep", "1. e4 e5 " + strings.Repeat("(1... d5 ", 101) + "*", 1, `variations nested more than 100 deep`, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The bad game is the second; the good ones around it must be read.
			text, goods := good+tc.input+"\n\n"+good, 2+tc.goods
			if tc.last {
				text, goods = good+tc.input, 1+tc.goods
			}
			games, errs := readAllPGN(t, text)
			if len(errs) != 1 {
				t.Fatalf("errors %v, want one", errs)
			}
			var pe *PGNError
			errors.As(errs[0], &pe)
			offset := strings.Count(good, "\n")
			want := regexp.MustCompile(`line \d+`).ReplaceAllStringFunc(tc.want, func(s string) string {
				n, _ := strconv.Atoi(s[len("line "):])
				return fmt.Sprintf("line %d", n+offset)
			})
			wantLine := tc.line + offset
			if pe.Game != 2 || pe.Line != wantLine || !strings.Contains(pe.Error(), want) {
				t.Errorf("error %q (game %d, line %d), want game 2, line %d, containing %q", pe, pe.Game, pe.Line, wantLine, want)
			}
			if !strings.HasPrefix(pe.Error(), fmt.Sprintf("pgn: game 2, line %d: ", wantLine)) {
				t.Errorf("error %q does not start with the game and line", pe)
			}
			if len(games) != goods {
				t.Errorf("read %d good games around the bad one, want %d", len(games), goods)
			}
		})
	}
}

func TestPGNReaderSkipsMalformedGameAndContinues(t *testing.T) {
	data, err := os.ReadFile("testdata/pgn/malformed.pgn")
	if err != nil {
		t.Fatal(err)
	}
	type outcome struct {
		event string // a good game's Event tag
		line  int    // or a bad game's error line
		err   string
	}
	want := []outcome{
		{event: "good 1"},
		{line: 9, err: `move "Nf9"`},
		{event: "good 2"},
		{line: 17, err: `not closed on its line`},
		{event: "good 3"},
		{line: 30, err: `comment opened with "{" on line 30 is not closed before the tags on line 33`},
		{event: "good 4"},
		{line: 40, err: `variation not closed before the tags on line 41`},
		{event: "good 5"},
		{line: 46, err: `tag Event: want "]"`},
		{event: "good 6"},
	}
	for _, variant := range []struct {
		name string
		text string
	}{
		{"LF", string(data)},
		{"CRLF and BOM", "\ufeff" + strings.ReplaceAll(string(data), "\n", "\r\n")},
	} {
		t.Run(variant.name, func(t *testing.T) {
			r := NewPGNReader(strings.NewReader(variant.text))
			for i, w := range want {
				g, err := r.Next()
				if w.err == "" {
					if err != nil || g.Tag("Event") != w.event {
						t.Fatalf("game %d: %v, %v; want the game %q", i+1, g, err, w.event)
					}
					continue
				}
				var pe *PGNError
				if !errors.As(err, &pe) || pe.Game != i+1 || pe.Line != w.line || !strings.Contains(err.Error(), w.err) {
					t.Fatalf("game %d: %v; want an error at line %d containing %q", i+1, err, w.line, w.err)
				}
			}
			if g, err := r.Next(); err != io.EOF {
				t.Fatalf("after the last game: %v, %v; want io.EOF", g, err)
			}
		})
	}
}

// failingReader returns its data, then an error.
type failingReader struct {
	data string
	err  error
}

func (f *failingReader) Read(b []byte) (int, error) {
	if f.data == "" {
		return 0, f.err
	}
	n := copy(b, f.data)
	f.data = f.data[n:]
	return n, nil
}

func TestPGNReaderReturnsIOErrorsAsTheyAre(t *testing.T) {
	boom := errors.New("disk on fire")
	r := NewPGNReader(&failingReader{data: "1. e4 e5 *\n\n1. d4 d5", err: boom})
	if g, err := r.Next(); err != nil || len(g.Moves) != 2 {
		t.Fatalf("first game: %v, %v", g, err)
	}
	for i := 0; i < 2; i++ {
		_, err := r.Next()
		var pe *PGNError
		if err != boom || errors.As(err, &pe) {
			t.Fatalf("got %v, want the reader's own error", err)
		}
	}
}

func TestPGNReaderResultDoesNotDependOnReadSizes(t *testing.T) {
	data, err := os.ReadFile("testdata/pgn/opera.pgn")
	if err != nil {
		t.Fatal(err)
	}
	whole, errs := readAllPGN(t, string(data))
	if len(errs) > 0 || len(whole) != 1 {
		t.Fatalf("%d games, errors %v", len(whole), errs)
	}
	for _, r := range []io.Reader{
		iotest.OneByteReader(bytes.NewReader(data)),
		iotest.HalfReader(bytes.NewReader(data)),
		iotest.DataErrReader(bytes.NewReader(data)),
	} {
		g, err := NewPGNReader(r).Next()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g.Moves, whole[0].Moves) || !slices.Equal(g.Tags, whole[0].Tags) || g.Comment != whole[0].Comment {
			t.Errorf("game read in pieces differs from the game read at once")
		}
	}
}

func TestPGNAnnotatedGameRoundTripKeepsCommentsAndNAGs(t *testing.T) {
	data, err := os.ReadFile("testdata/pgn/opera.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, errs := readAllPGN(t, string(data))
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	g := games[0]
	if len(g.Moves) != 33 || g.Result != "1-0" {
		t.Fatalf("%d moves, result %s; want 33, 1-0", len(g.Moves), g.Result)
	}
	if g.Tag("Black") != `Duke Karl "of Brunswick" and Count Isouard` || g.Tag("Annotator") != `Ferz \ tests` {
		t.Errorf("escaped tags read as %q and %q", g.Tag("Black"), g.Tag("Annotator"))
	}
	p, err := g.Position()
	if err != nil || p.Status() != Checkmate {
		t.Errorf("final position %v (%v), want checkmate", p, err)
	}
	back := checkPGNRoundTrip(t, g)
	want, err := os.ReadFile("testdata/pgn/opera_written.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if got := back.String(); got != string(want) {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}
}

func TestPGNChess960GameWithFENTag(t *testing.T) {
	data, err := os.ReadFile("testdata/pgn/chess960.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, errs := readAllPGN(t, string(data))
	if len(errs) > 0 || len(games) != 2 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	for i, tc := range []struct {
		moves, final string
		castles      []string // the castling moves in Chess960 UCI
	}{
		{"d4 d5 e3 e6 Be2 Be7 Nb3 Nb6 O-O-O f6 Ng3 Bf7 f4 Qd7 Bh5 O-O Bxf7+ Rxf7",
			"1r4kn/pppqbrpp/1n2pp2/3p4/3P1P2/1N2P1N1/PPP3PP/2KRQRB1 w - - 0 10", []string{"c1b1", "c8f8"}},
		{"Nf3 Ne7 g3", "bq1b1rkr/pp2nppp/3ppn2/2p5/5P2/P2P1NP1/NPP1P2P/BQ1B1RKR b HFhf - 0 10", nil},
	} {
		g := games[i]
		start, err := g.Start()
		if err != nil || !start.Chess960() {
			t.Fatalf("game %d: start %v, %v; want a Chess960 position", i+1, start, err)
		}
		if got := sanLine(t, g); got != tc.moves {
			t.Errorf("game %d: moves %q, want %q", i+1, got, tc.moves)
		}
		var castles []string
		for _, m := range g.Moves {
			if m.Kind() == Castling {
				castles = append(castles, start.UCI(m))
			}
			start.MakeMove(m)
		}
		if !slices.Equal(castles, tc.castles) {
			t.Errorf("game %d: castling moves %v, want %v", i+1, castles, tc.castles)
		}
		if start.FEN() != tc.final {
			t.Errorf("game %d: final position %s, want %s", i+1, start.FEN(), tc.final)
		}
		back := checkPGNRoundTrip(t, g)
		if back.Tag("FEN") != g.Tag("FEN") || back.Tag("SetUp") != "1" {
			t.Errorf("game %d: FEN tags written as %q, %q", i+1, back.Tag("SetUp"), back.Tag("FEN"))
		}
	}
}

func TestWritePGNSevenTagRosterThenOtherTagsThenMoves(t *testing.T) {
	g := NewGame(nil)
	p := StartPosition()
	for _, s := range []string{"e4", "e5", "Nf3"} {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		g.Moves = append(g.Moves, m)
		p.MakeMove(m)
	}
	g.SetTag("ECO", "C40")
	g.SetTag("White", `A "quoted" \ name`)
	g.SetTag("Event", "Test")
	want := `[Event "Test"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A \"quoted\" \\ name"]
[Black "?"]
[Result "*"]
[ECO "C40"]

1. e4 e5 2. Nf3 *

`
	if got := g.String(); got != want {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}
	g.Result = "1-0"
	if got := g.String(); !strings.Contains(got, `[Result "1-0"]`) || !strings.HasSuffix(got, "2. Nf3 1-0\n\n") {
		t.Errorf("result 1-0 not written in the tag and at the end:\n%s", got)
	}
}

func TestWritePGNNumbersBlackMovesAfterCommentsAndAtBlackStart(t *testing.T) {
	start := MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	g := NewGame(start)
	p := start.Copy()
	for _, s := range []string{"Bb5", "a6", "Ba4", "Nf6"} {
		m, _ := p.ParseSAN(s)
		g.Moves = append(g.Moves, m)
		p.MakeMove(m)
	}
	g.Annotations = []Annotation{{Comment: "the Spanish"}, {NAGs: []uint8{1}}, {}, {}}
	g.Result = "*"
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]

3. Bb5 {the Spanish} 3... a6 $1 4. Ba4 Nf6 *

`
	if got := g.String(); got != want {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}

	black := NewGame(MustParseFEN("4k3/8/8/8/8/8/4P3/4K3 b - - 0 57"))
	m, _ := MustParseFEN(black.Tag("FEN")).ParseSAN("Kd7")
	black.Moves = []Move{m}
	if got := black.String(); !strings.HasSuffix(got, "\n\n57... Kd7 *\n\n") {
		t.Errorf("game starting with Black written as:\n%s", got)
	}
}

func TestWritePGNWrapsLinesAt80Characters(t *testing.T) {
	// A long game: knights out and back, with comments and NAGs.
	g := NewGame(nil)
	p := StartPosition()
	tour := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := 0; i < 120; i++ {
		m, err := p.ParseSAN(tour[i%4])
		if err != nil {
			t.Fatal(err)
		}
		g.Moves = append(g.Moves, m)
		p.MakeMove(m)
		a := Annotation{}
		if i%7 == 0 {
			a.Comment = "a comment long enough to need wrapping across the line end, more than once"
		}
		if i%5 == 0 {
			a.NAGs = []uint8{uint8(i % 256)}
		}
		g.Annotations = append(g.Annotations, a)
	}
	g.Annotations[50].Comment = strings.Repeat("x", 200) + " " + strings.Repeat("é", 100)
	g.Result = "1/2-1/2"
	text := g.String()
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if n := len(line); n > 80 {
			t.Errorf("line %d has %d characters: %q", i+1, n, line)
		}
	}
	if len(lines) < 20 {
		t.Errorf("only %d lines: not wrapped", len(lines))
	}
	for i, line := range lines {
		if strings.HasPrefix(line, "[") || line == "" {
			continue
		}
		if i+1 == len(lines) || lines[i+1] == "" {
			continue
		}
		next := strings.Fields(lines[i+1])
		unit := next[0] // a move number goes with its move
		if strings.HasSuffix(unit, ".") {
			unit += " " + next[1]
		}
		if len(line)+1+len(unit) <= 80 {
			t.Errorf("line %d could hold the next word: %q", i+1, line)
		}
	}
	back, err := NewPGNReader(strings.NewReader(text)).Next()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Moves, g.Moves) || back.Annotations[7].Comment != g.Annotations[7].Comment {
		t.Errorf("wrapped game does not read back the same")
	}
}

func TestWritePGNRefusesWhatItCannotWrite(t *testing.T) {
	for _, tc := range []struct {
		name string
		game *Game
		want string
	}{
		{"illegal move", &Game{Moves: []Move{NewMove(E2, E5)}}, `pgn: move 1 (e2e5) is not legal`},
		{"bad tag name", &Game{Tags: []Tag{{"Bad Name", "x"}}}, `pgn: tag name "Bad Name"`},
		{"bad result", &Game{Result: "2-0"}, `pgn: result "2-0"`},
		{"bad FEN", &Game{Tags: []Tag{{"FEN", "x"}}}, `pgn: FEN tag "x"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WritePGN(&buf, tc.game)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want one starting %q", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %q despite the error", buf.String())
			}
			if got := tc.game.String(); got != err.Error() {
				t.Errorf("String() = %q, want the error", got)
			}
		})
	}
}

func TestNewGameRecordsNonStandardStart(t *testing.T) {
	if g := NewGame(StartPosition()); len(g.Tags) != 0 {
		t.Errorf("standard start gives tags %v", g.Tags)
	}
	frc := MustParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	g := NewGame(frc)
	want := []Tag{{"Variant", "Chess960"}, {"SetUp", "1"}, {"FEN", frc.FEN()}}
	if !slices.Equal(g.Tags, want) {
		t.Errorf("tags %v, want %v", g.Tags, want)
	}
	start, err := g.Start()
	if err != nil || start.FEN() != frc.FEN() || !start.Chess960() {
		t.Errorf("start %v, %v", start, err)
	}
}

// pgnFuzzSeeds are small games and tricky snippets for FuzzPGNReader.
var pgnFuzzSeeds = []string{
	"[Event \"a\"]\n[White \"x \\\"y\\\" \\\\\"]\n\n1. e4 {c} e5! $1 (1... c5 (1... e6)) 2. Nf3 1-0\n",
	"1.e4 1...e5 2.0-0 *",
	"{unterminated\n\n[Event \"b\"]\n\n1. d4 *",
	"1. e4 (1. d4\n[Event \"c\"]\n1. c4 *",
	"\ufeff%esc\r\n[Event \"d\"]\r\n\r\n1. e4 ; x\r\ne5 1/2-1/2\r\n",
	"[SetUp \"1\"]\n[FEN \"nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1\"]\n[Variant \"Chess960\"]\n\n1. d4 d5 2. e3 e6 3. Be2 Be7 4. Nb3 Nb6 5. O-O-O *",
	"[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n1. a8=Q+ Kg6 *",
	"1. e4 e5 (1... -- 2. d4) *",
	"( ) [ ] $ $999 !!! @ \" *",
}

func FuzzPGNReader(f *testing.F) {
	for _, s := range pgnFuzzSeeds {
		f.Add([]byte(s))
	}
	for _, name := range []string{"opera.pgn", "chess960.pgn", "malformed.pgn"} {
		data, err := os.ReadFile("testdata/pgn/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewPGNReader(bytes.NewReader(data))
		for i := 0; ; i++ {
			if i > len(data)+1 {
				t.Fatalf("more games than bytes: the reader does not advance")
			}
			g, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *PGNError
				if !errors.As(err, &pe) {
					t.Fatalf("error is not a *PGNError: %v", err)
				}
				continue
			}
			if _, err := g.Position(); err != nil {
				t.Fatalf("game read does not replay: %v", err)
			}
			checkPGNRoundTrip(t, g)
		}
	})
}

func BenchmarkPGNReader(b *testing.B) {
	game, err := os.ReadFile("testdata/pgn/opera.pgn")
	if err != nil {
		b.Fatal(err)
	}
	data := bytes.Repeat(append(game, '\n'), 100)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewPGNReader(bytes.NewReader(data))
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 100 {
			b.Fatalf("read %d games, want 100", n)
		}
	}
}

func BenchmarkWritePGN(b *testing.B) {
	game, err := os.ReadFile("testdata/pgn/opera.pgn")
	if err != nil {
		b.Fatal(err)
	}
	g, err := NewPGNReader(bytes.NewReader(game)).Next()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := WritePGN(io.Discard, g); err != nil {
			b.Fatal(err)
		}
	}
}
