package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/analysis"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

func init() {
	register(command{"annotate", "annotate the games of a PGN file with Ferz's evaluations, mistakes and blunders", runAnnotate})
}

const annotateDescription = `
Annotate reads the games of a PGN file (-pgn, or "-pgn -" for standard
input), searches
every position of each game's main line, and writes the games again with
Ferz's evaluation after each move as a comment ({+0.35/14}: pawns from
White's side, and the depth). A move after which the evaluation drops by
at least 1 pawn for its player gets "?" ($2), by 3 pawns "??" ($4), and a
comment with the move Ferz prefers there. Tags, comments and NAGs already
in the games are kept; an Annotator tag names Ferz.

Examples:
	ferz annotate -pgn game.pgn > annotated.pgn
	ferz annotate -pgn games.pgn -movetime 2s -threads 2 -out annotated.pgn`

// annotateOptions are the settings of an annotation run.
type annotateOptions struct {
	limits   engine.Limits
	hashMB   int
	threads  int
	progress io.Writer // a line a game, or nil
}

// runAnnotate implements "ferz annotate".
func runAnnotate(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("annotate", "-pgn FILE [-movetime T] [-depth N] [-out FILE]", annotateDescription)
	pgnFile := fs.String("pgn", "", "the PGN `file` of the games (- for standard input; required)")
	moveTime := fs.String("movetime", "0.5", "time a position (`T`: seconds, or a duration such as 500ms)")
	depth := fs.Int("depth", 0, "search each position to at most `N` plies (0: no limit)")
	hashMB := fs.Int("hash", 64, "transposition table `MB`")
	threads := fs.Int("threads", 1, "search `threads`")
	out := fs.String("out", "", "write the games to `file` (default: standard output)")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if *pgnFile == "" {
		return usageErrorf("annotate: -pgn FILE is required (- for standard input)")
	}
	d, err := parseMatchSeconds(*moveTime)
	switch {
	case err != nil || d < 0:
		return usageErrorf("annotate: -movetime %q is not a time (0.5, or a duration such as 500ms)", *moveTime)
	case d == 0 && *depth <= 0:
		return usageErrorf("annotate: give a limit a position: -movetime or -depth")
	case *depth < 0 || *depth > engine.MaxPly:
		return usageErrorf("annotate: -depth %d is out of range 0 to %d", *depth, engine.MaxPly)
	case *hashMB < 1 || *hashMB > 65536:
		return usageErrorf("annotate: -hash %d is out of range 1 to 65536", *hashMB)
	case *threads < 1 || *threads > 256:
		return usageErrorf("annotate: -threads %d is out of range 1 to 256", *threads)
	}

	in := stdin
	if name := *pgnFile; name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return usageErrorf("annotate: %v", err)
		}
		defer f.Close()
		in = f
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return usageErrorf("annotate: %v", err)
		}
		defer f.Close()
		w = f
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opt := annotateOptions{limits: engine.Limits{MoveTime: d, Depth: *depth}, hashMB: *hashMB, threads: *threads, progress: stderr}
	return annotateGames(ctx, in, w, opt)
}

// annotateGames annotates every game of the PGN in r and writes it to w.
// A game that cannot be read is reported and skipped; cancelling ctx
// stops after the game under way, which is not written.
func annotateGames(ctx context.Context, r io.Reader, w io.Writer, opt annotateOptions) error {
	searcher := engine.NewSearcher(engine.NewTT(opt.hashMB))
	searcher.SetThreads(opt.threads)
	var halt atomic.Bool
	opt.limits.Stop = &halt
	go func() {
		<-ctx.Done()
		halt.Store(true)
	}()
	bw := bufio.NewWriter(w)
	pgn := chess.NewPGNReader(r)
	for n := 1; ; n++ {
		g, err := pgn.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var perr *chess.PGNError
			if !errors.As(err, &perr) {
				return fmt.Errorf("annotate: %v", err)
			}
			if opt.progress != nil {
				fmt.Fprintf(opt.progress, "ferz: annotate: %v (skipped)\n", err)
			}
			continue
		}
		begin := time.Now()
		marks, err := annotateGame(g, searcher, opt.limits)
		if err != nil {
			return fmt.Errorf("annotate: game %d: %v", n, err)
		}
		if halt.Load() {
			return bw.Flush()
		}
		if err := chess.WritePGN(bw, g); err != nil {
			return fmt.Errorf("annotate: game %d: %v", n, err)
		}
		if _, err := bw.WriteString("\n"); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		if opt.progress != nil {
			fmt.Fprintf(opt.progress, "game %d: %s - %s, %d plies, %s, %.1f s\n",
				n, playerName(g, "White"), playerName(g, "Black"), len(g.Moves), describeMarks(marks), time.Since(begin).Seconds())
		}
	}
	return nil
}

// annotateGame searches every position of g's main line and writes into
// g's annotations the evaluation after each move, and for each mistake
// and blunder a NAG and the move preferred. It returns the marks.
func annotateGame(g *chess.Game, searcher *engine.Searcher, limits engine.Limits) ([]analysis.Mark, error) {
	p, err := g.Start()
	if err != nil {
		return nil, err
	}
	whiteFirst := p.SideToMove() == chess.White
	// The positions from the start: their evaluation for White, the text
	// of that evaluation, and the search's best move.
	evals := make([]int, 0, len(g.Moves)+1)
	texts := make([]string, 0, len(g.Moves)+1)
	best := make([]chess.Move, 0, len(g.Moves)+1)
	before := make([]*chess.Position, 0, len(g.Moves)+1)
	searcher.Clear()
	searcher.TT.Clear()
	for i := 0; ; i++ {
		searcher.TT.NewSearch()
		score, res := analysis.Evaluate(searcher, p, limits)
		text := ""
		if res.Move != chess.NullMove {
			text = fmt.Sprintf("%s/%d", analysis.FormatScore(res.Score, p.SideToMove()), res.Depth)
		} else if p.Status() != chess.Checkmate {
			text = "0.00"
		}
		evals, texts, best = append(evals, score), append(texts, text), append(best, res.Move)
		before = append(before, p.Copy())
		if i == len(g.Moves) || limits.Stop != nil && limits.Stop.Load() {
			break
		}
		if !p.IsLegal(g.Moves[i]) {
			return nil, fmt.Errorf("move %d is not legal", i+1)
		}
		p.MakeMove(g.Moves[i])
	}
	if len(evals) != len(g.Moves)+1 {
		return nil, nil // stopped
	}

	if len(g.Annotations) != len(g.Moves) {
		g.Annotations = make([]chess.Annotation, len(g.Moves))
	}
	for i := range g.Moves {
		if texts[i+1] != "" {
			g.Annotations[i].Comment = joinComment(g.Annotations[i].Comment, texts[i+1])
		}
	}
	var marks []analysis.Mark
	for _, m := range analysis.Marks(evals, whiteFirst) {
		i := m.Ply - 1
		if best[i] == chess.NullMove || best[i] == g.Moves[i] {
			continue // the move searched best: the drop is the search's noise
		}
		marks = append(marks, m)
		nag := uint8(2)
		if m.Kind == analysis.Blunder {
			nag = 4
		}
		a := &g.Annotations[i]
		a.NAGs = append(a.NAGs, nag)
		a.Comment = joinComment(a.Comment, fmt.Sprintf("%s; %s is better (%s)", m.Kind, before[i].SAN(best[i]), texts[i]))
	}
	g.SetTag("Annotator", "Ferz "+readBuildVersion().Version)
	return marks, nil
}

// playerName returns the tag of a player, "?" when it is missing.
func playerName(g *chess.Game, tag string) string {
	if name := g.Tag(tag); name != "" {
		return name
	}
	return "?"
}

// joinComment adds text to a comment.
func joinComment(comment, text string) string {
	if comment == "" {
		return text
	}
	return comment + " " + text
}

// describeMarks counts marks: "2 mistakes, 1 blunder".
func describeMarks(marks []analysis.Mark) string {
	count := map[string]int{}
	for _, m := range marks {
		count[m.Kind]++
	}
	var parts []string
	for _, kind := range []string{analysis.Mistake, analysis.Blunder} {
		n := count[kind]
		s := ""
		if n != 1 {
			s = "s"
		}
		parts = append(parts, fmt.Sprintf("%d %s%s", n, kind, s))
	}
	return strings.Join(parts, ", ")
}
