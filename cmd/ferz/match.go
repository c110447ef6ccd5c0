package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/ferzchess/ferz/match"
	"github.com/ferzchess/ferz/syzygy"
)

func init() {
	register(command{"match", "play UCI engines against each other (Elo, SPRT, PGN)", runMatch})
}

const matchDescription = `
Match plays UCI engines against each other: a round robin, or with
-gauntlet the first engine against each of the others. Each engine is
given with -engine as key=value items (quote values with blanks):

	name=NAME       its name in the PGN and the standings (default: the
	                command's base name; names must differ)
	cmd=PROGRAM     the program (required)
	arg=ARG         an argument; repeat for more (args="A B" splits at blanks)
	dir=DIR         its working directory
	option.NAME=V   a UCI option, sent with setoption (option.Hash=16)
	rating=R        its known rating, for the -report table

-engines FILE.json adds engines from JSON: [{"name": "SF", "cmd":
"/usr/games/stockfish", "args": [], "dir": "", "options": {"Hash": 16},
"rating": 0}, ...]. -each gives options, dir or args to every engine.

Each opening is played twice, the colours swapped; -games is the number of
games per pairing. Openings come from an EPD or PGN file (-openings), in
the file's order or shuffled (-order random -seed N); without a file every
game starts from the standard position, or with -chess960 from the 960
Chess960 positions (UCI_Chess960 is set on the engines, and castling is
sent as king takes rook).

The runner keeps the clocks and sends them with every go (wtime, btime,
winc, binc, movestogo). A move that overruns the time left by more than
-margin loses on time. Illegal moves, crashes, engines that do not answer
uciok or readyok, and garbage in place of a move lose the game, with the
reason in the PGN; the engine is restarted for its next game. Games end
by the rules (mate, stalemate, threefold repetition, 50 moves,
insufficient material) and, if asked, by -draw, -resign and -maxmoves
adjudication, and by Syzygy tablebases (-tb): as soon as a position is in
the tables, their result with best play under the 50-move rule ends the
game.

Every game prints a line and the standings of its pairing (W/D/L, score,
Elo with its 95% margin, LOS, draw rate); -sprt tests after each game pair
(pentanomial model) and stops the match when it accepts either
hypothesis. Ctrl-C stops the match and prints the standings so far.

Examples:
	ferz match -engine "name=Ferz cmd=./bin/ferz" \
	    -engine "name=SF1350 cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=1350" \
	    -tc 10+0.1 -games 20 -openings ../shared/data/openings/noob_3moves_30k.epd -order random -pgn out.pgn
	ferz match -gauntlet -engines engines.json -tc 40/60 -games 100 -concurrency 2
	ferz match -engine "name=new cmd=./ferz-new" -engine "name=old cmd=./ferz-old" \
	    -tc 5+0.05 -games 20000 -sprt "elo0=0 elo1=5 alpha=0.05 beta=0.05"
	ferz match -engine cmd=/usr/games/stockfish -engine "cmd=/usr/games/toga2" -chess960 -depth 8`

// matchSpecs is a repeatable string flag.
type matchSpecs []string

// String joins the specs given so far, for the flag package.
func (s *matchSpecs) String() string { return strings.Join(*s, "; ") }

// Set adds one more spec: each -engine flag names one engine.
func (s *matchSpecs) Set(v string) error { *s = append(*s, v); return nil }

// matchOptions holds the parsed flags of the match command.
type matchOptions struct {
	engines     matchSpecs
	enginesFile string
	each        string
	gauntlet    bool
	games       int
	tc          string
	moveTime    string
	nodes       int64
	depth       int
	margin      time.Duration
	moveTimeout time.Duration
	ready       time.Duration
	openings    string
	order       string
	seed        uint64
	plies       int
	chess960    bool
	concurrency int
	draw        string
	resign      string
	maxMoves    int
	tb          string
	tbPieces    int
	sprt        string
	pgn         string
	event       string
	site        string
	every       int
	report      string
	reportNote  string
	debug       bool
}

// runMatch implements "ferz match".
func runMatch(args []string, stdout, stderr io.Writer) error {
	var o matchOptions
	fs := newFlagSet("match", "-engine SPEC -engine SPEC ... [-tc 10+0.1 | -movetime T | -nodes N | -depth N] [flags]", matchDescription)
	fs.Var(&o.engines, "engine", "an engine as `key=value ...` items (repeat for each engine)")
	fs.StringVar(&o.enginesFile, "engines", "", "read engines from a JSON `file` (added after the -engine ones)")
	fs.StringVar(&o.each, "each", "", "`settings` for every engine: option.NAME=V, dir=, arg= (an engine's own win)")
	fs.BoolVar(&o.gauntlet, "gauntlet", false, "play the first engine against each other one (default: round robin)")
	fs.IntVar(&o.games, "games", 10, "games per pairing (`N`), two per opening")
	fs.StringVar(&o.tc, "tc", "", "clock in seconds: base+increment (10+0.1), moves/base (40/60), or both (40/60+0.5)")
	fs.StringVar(&o.moveTime, "movetime", "", "fixed time a move instead of a clock (`T`: 0.2 seconds or a duration such as 200ms)")
	fs.Int64Var(&o.nodes, "nodes", 0, "limit each search to `N` nodes (alone or with the clock)")
	fs.IntVar(&o.depth, "depth", 0, "limit each search to `N` plies (alone or with the clock)")
	fs.DurationVar(&o.margin, "margin", 100*time.Millisecond, "how far a move may overrun the time left before it loses on time")
	fs.DurationVar(&o.moveTimeout, "timeout", match.DefaultMoveTimeout, "longest a move limited only by -nodes or -depth may take")
	fs.DurationVar(&o.ready, "ready-timeout", match.DefaultReadyTimeout, "longest wait for uciok and readyok")
	fs.StringVar(&o.openings, "openings", "", "openings from an EPD or PGN `file` (by its .epd or .pgn extension)")
	fs.StringVar(&o.order, "order", "sequential", "order of the openings: sequential or random")
	fs.Uint64Var(&o.seed, "seed", 0, "seed for -order random (0: from the clock, printed)")
	fs.IntVar(&o.plies, "plies", 0, "play at most `N` plies of each PGN opening (0: all)")
	fs.BoolVar(&o.chess960, "chess960", false, "play Chess960 (the 960 start positions unless -openings is given)")
	fs.IntVar(&o.concurrency, "concurrency", match.DefaultConcurrency(), "games played at once")
	fs.StringVar(&o.draw, "draw", "", "draw adjudication: \"movenumber=40 movecount=8 score=10\" (both scores within ±score cp for movecount moves from movenumber on)")
	fs.StringVar(&o.resign, "resign", "", "resign adjudication: \"movecount=3 score=600 twosided=true\"")
	fs.IntVar(&o.maxMoves, "maxmoves", 0, "adjudicate a draw after `N` moves (0: never)")
	fs.StringVar(&o.tb, "tb", "", "adjudicate by the Syzygy tablebases in these directories (`paths` separated by "+string(os.PathListSeparator)+")")
	fs.IntVar(&o.tbPieces, "tbpieces", 0, "adjudicate by tablebases only positions of at most `N` pieces (0: all the tables hold)")
	fs.StringVar(&o.sprt, "sprt", "", "SPRT on game pairs: \"elo0=0 elo1=5 alpha=0.05 beta=0.05\" (add \"prior=a,b,c,d,e\", the pairs of an earlier run, to continue it); stops when it decides")
	fs.StringVar(&o.pgn, "pgn", "", "append the games to this PGN `file`")
	fs.StringVar(&o.event, "event", "Ferz match", "the PGN Event tag")
	fs.StringVar(&o.site, "site", "", "the PGN Site tag (default: the host name)")
	fs.IntVar(&o.every, "standings", 10, "print the whole standings table every `N` games (0: only at the end)")
	fs.StringVar(&o.report, "report", "", "append the results as a Markdown section to this `file`")
	fs.StringVar(&o.reportNote, "report-title", "", "the title of the -report section (default: the engines)")
	fs.BoolVar(&o.debug, "debug", false, "copy every line to and from the engines to standard error")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	cfg, conditions, err := matchConfig(&o, stdout)
	if err != nil {
		return err
	}
	var pgnFile *os.File
	if o.pgn != "" {
		f, err := os.OpenFile(o.pgn, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return usageErrorf("match: -pgn: %v", err)
		}
		defer f.Close()
		pgnFile = f
		cfg.PGN = f
	}
	if o.debug {
		cfg.Log = stderr
	}

	fmt.Fprintf(stdout, "Match: %s\n", strings.Join(conditions, "; "))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, runErr := match.Run(ctx, cfg)
	if res == nil {
		return runErr
	}
	res.WriteSummary(stdout)
	if pgnFile != nil {
		if err := pgnFile.Close(); err != nil && runErr == nil {
			runErr = fmt.Errorf("match: -pgn %s: %v", o.pgn, err)
		}
	}
	if o.report != "" {
		if err := writeMatchReport(o, res, conditions); err != nil && runErr == nil {
			runErr = err
		}
	}
	return runErr
}

// matchConfig turns the flags into a match configuration and a list of
// the conditions for people.
func matchConfig(o *matchOptions, stdout io.Writer) (match.Config, []string, error) {
	var cfg match.Config
	var each match.EngineConfig
	if o.each != "" {
		var err error
		if each, err = match.ParseEachSpec(o.each); err != nil {
			return cfg, nil, usageErrorf("match: -each: %v", err)
		}
	}
	for _, spec := range o.engines {
		e, err := match.ParseEngineSpec(spec)
		if err != nil {
			return cfg, nil, usageErrorf("match: -engine: %v", err)
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	if o.enginesFile != "" {
		f, err := os.Open(o.enginesFile)
		if err != nil {
			return cfg, nil, usageErrorf("match: -engines: %v", err)
		}
		list, err := match.ReadEngineConfigs(bufio.NewReader(f))
		f.Close()
		if err != nil {
			return cfg, nil, usageErrorf("match: -engines %s: %v", o.enginesFile, err)
		}
		cfg.Engines = append(cfg.Engines, list...)
	}
	for i := range cfg.Engines {
		cfg.Engines[i] = cfg.Engines[i].WithDefaults(each)
	}

	tc := match.TimeControl{Nodes: o.nodes, Depth: o.depth, Margin: o.margin, Timeout: o.moveTimeout}
	if o.tc != "" {
		clock, err := match.ParseTimeControl(o.tc)
		if err != nil {
			return cfg, nil, usageErrorf("match: -tc: %v", err)
		}
		tc.Moves, tc.Base, tc.Increment = clock.Moves, clock.Base, clock.Increment
	}
	if o.moveTime != "" {
		d, err := parseMatchSeconds(o.moveTime)
		if err != nil || d <= 0 {
			return cfg, nil, usageErrorf("match: -movetime %q is not a positive time (0.2, or a duration such as 200ms)", o.moveTime)
		}
		tc.MoveTime = d
	}
	if o.nodes < 0 || o.depth < 0 {
		return cfg, nil, usageErrorf("match: -nodes and -depth must not be negative")
	}
	if o.margin < 0 || o.moveTimeout <= 0 || o.ready <= 0 {
		return cfg, nil, usageErrorf("match: -margin must not be negative, -timeout and -ready-timeout must be positive")
	}
	cfg.TimeControl = tc
	cfg.Gauntlet = o.gauntlet
	cfg.GamesPerPairing = o.games
	cfg.Concurrency = o.concurrency
	if o.concurrency < 1 {
		return cfg, nil, usageErrorf("match: -concurrency must be at least 1, have %d", o.concurrency)
	}
	cfg.ReadyTimeout = o.ready
	cfg.MaxMoves = o.maxMoves
	if o.maxMoves < 0 {
		return cfg, nil, usageErrorf("match: -maxmoves must not be negative")
	}
	if o.draw != "" {
		r, err := match.ParseDrawRule(o.draw)
		if err != nil {
			return cfg, nil, usageErrorf("match: -draw: %v", err)
		}
		cfg.Draw = r
	}
	if o.resign != "" {
		r, err := match.ParseResignRule(o.resign)
		if err != nil {
			return cfg, nil, usageErrorf("match: -resign: %v", err)
		}
		cfg.Resign = r
	}
	if o.tbPieces < 0 {
		return cfg, nil, usageErrorf("match: -tbpieces must not be negative")
	}
	if o.tb != "" {
		tables, errs := syzygy.Open(o.tb)
		for _, err := range errs {
			fmt.Fprintf(stdout, "warning: %v\n", err)
		}
		if tables.Count() == 0 {
			return cfg, nil, usageErrorf("match: -tb %s: no Syzygy tables (*.rtbw files) there", o.tb)
		}
		cfg.Tablebase = match.TablebaseRule{Tables: tables, Pieces: o.tbPieces}
	}
	if o.sprt != "" {
		s, err := match.ParseSPRT(o.sprt)
		if err != nil {
			return cfg, nil, usageErrorf("match: -sprt: %v", err)
		}
		cfg.SPRT = &s
	}
	cfg.Event = o.event
	cfg.Site = o.site
	if cfg.Site == "" {
		cfg.Site, _ = os.Hostname()
	}
	cfg.Out = stdout
	cfg.StandingsEvery = o.every
	if err := cfg.Validate(); err != nil {
		return cfg, nil, usageErrorf("%v", err)
	}

	openingsDesc := "start position"
	switch o.order {
	case "sequential", "random":
	default:
		return cfg, nil, usageErrorf("match: -order %q is neither sequential nor random", o.order)
	}
	if o.plies < 0 {
		return cfg, nil, usageErrorf("match: -plies must not be negative")
	}
	if o.openings != "" || o.chess960 {
		var book *match.Book
		if o.openings != "" {
			limit := 0
			if o.order == "sequential" {
				limit = (o.games + 1) / 2
			}
			var err error
			if book, err = match.LoadOpenings(o.openings, o.plies, limit, o.chess960); err != nil {
				return cfg, nil, usageErrorf("match: -openings: %v", err)
			}
			openingsDesc = filepath.Base(o.openings)
			if book.Skipped > 0 {
				fmt.Fprintf(stdout, "warning: %d openings skipped; the first: %s\n", book.Skipped, book.FirstSkip)
			}
		} else {
			book = match.Chess960Book()
			openingsDesc = "the 960 Chess960 positions"
		}
		if o.order == "random" {
			seed := o.seed
			if seed == 0 {
				seed = uint64(time.Now().UnixNano())
			}
			book.Shuffle(seed)
			openingsDesc += fmt.Sprintf(" (random, seed %d)", seed)
		} else {
			openingsDesc += " (in order)"
		}
		cfg.Book = book
	}

	var conditions []string
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	mode := "round robin"
	if o.gauntlet {
		mode = "gauntlet of " + names[0]
	}
	conditions = append(conditions,
		fmt.Sprintf("%s: %s", mode, strings.Join(names, ", ")),
		fmt.Sprintf("time control %v (margin %v)", tc, o.margin),
		fmt.Sprintf("%d games per pairing", o.games),
		"openings "+openingsDesc,
		fmt.Sprintf("concurrency %d on %d CPUs", o.concurrency, runtime.NumCPU()))
	var adj []string
	if o.draw != "" {
		adj = append(adj, "draw "+o.draw)
	}
	if o.resign != "" {
		adj = append(adj, "resign "+o.resign)
	}
	if o.maxMoves > 0 {
		adj = append(adj, fmt.Sprintf("draw after %d moves", o.maxMoves))
	}
	if s := cfg.Tablebase.String(); s != "" {
		adj = append(adj, s)
	}
	if len(adj) > 0 {
		conditions = append(conditions, "adjudication: "+strings.Join(adj, ", "))
	}
	if cfg.SPRT != nil {
		conditions = append(conditions, "SPRT "+cfg.SPRT.String())
	}
	return cfg, conditions, nil
}

// parseMatchSeconds reads a time as seconds ("0.2") or a Go duration
// ("200ms").
func parseMatchSeconds(s string) (time.Duration, error) {
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		if v < 0 || v > 1e6 {
			return 0, fmt.Errorf("out of range")
		}
		return time.Duration(v * float64(time.Second)), nil
	}
	return time.ParseDuration(s)
}

// writeMatchReport appends the results to the -report file.
func writeMatchReport(o matchOptions, res *match.Results, conditions []string) error {
	f, err := os.OpenFile(o.report, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("match: -report: %v", err)
	}
	title := o.reportNote
	if title == "" {
		title = strings.Join(res.Engines, ", ")
	}
	if err := res.WriteMarkdown(f, title, conditions, time.Now()); err != nil {
		f.Close()
		return fmt.Errorf("match: -report %s: %v", o.report, err)
	}
	return f.Close()
}
