package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// gameSettings are what every game of a match shares.
type gameSettings struct {
	tc           TimeControl
	draw         DrawRule
	resign       ResignRule
	maxMoves     int
	tablebase    TablebaseRule
	readyTimeout time.Duration
	event, site  string
}

// gameOutcome is a finished (or aborted) game.
type gameOutcome struct {
	game   *chess.Game
	result string // "1-0", "0-1", "1/2-1/2", or "*" for an aborted game
	reason string // why the game ended, for people
	// termination is the PGN Termination tag: "normal", "adjudication",
	// "time forfeit", "rules infraction" or "abandoned".
	termination string
	// faulty marks, by colour, an engine that failed and must be
	// restarted.
	faulty [2]bool
	// fault is the fault that lost the game (0 if none), by faultSide.
	fault     FaultKind
	faultSide chess.Color
	// clock is how each colour used its time.
	clock [2]ClockUse
}

// gameRecord collects a game as it is played.
type gameRecord struct {
	s        *gameSettings
	pos      *chess.Position
	game     *chess.Game
	startUCI string   // "position startpos" or "position fen ..."
	moves    []string // all moves so far in UCI, for the position command
	out      gameOutcome
}

// playGame plays one game between players (indexed by colour) from the
// opening. startErr holds, by colour, an error that kept a player from
// starting (its engine is then nil): that player loses at once.
func playGame(ctx context.Context, s *gameSettings, op Opening, round string, names [2]string, players [2]*Engine, startErr [2]error) gameOutcome {
	g := &gameRecord{s: s}
	start, err := op.Start()
	if err != nil { // the book checked every opening; this cannot happen
		g.out = gameOutcome{result: "*", reason: fmt.Sprintf("bad opening %s: %v", op.Source, err), termination: "unterminated"}
		return g.out
	}
	g.game = chess.NewGame(start.Copy())
	g.game.Tags = append([]chess.Tag{
		{Name: "Event", Value: s.event},
		{Name: "Site", Value: s.site},
		{Name: "Date", Value: time.Now().Format("2006.01.02")},
		{Name: "Round", Value: round},
		{Name: "White", Value: names[chess.White]},
		{Name: "Black", Value: names[chess.Black]},
		{Name: "Result", Value: "*"},
	}, g.game.Tags...)
	g.game.SetTag("TimeControl", s.tc.PGN())
	if op.FEN == "" {
		g.startUCI = "position startpos"
	} else {
		g.startUCI = "position fen " + start.FEN()
	}
	g.pos = start
	for _, m := range op.Moves {
		g.play(m, "book")
	}
	g.run(ctx, players, startErr)
	g.finish()
	return g.out
}

// play makes move m and records it with its comment.
func (g *gameRecord) play(m chess.Move, comment string) {
	g.moves = append(g.moves, g.pos.UCI(m))
	g.game.Moves = append(g.game.Moves, m)
	g.game.Annotations = append(g.game.Annotations, chess.Annotation{Comment: comment})
	g.pos.MakeMove(m)
}

// run plays the engines' moves until the game ends.
func (g *gameRecord) run(ctx context.Context, players [2]*Engine, startErr [2]error) {
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if startErr[c] != nil {
			g.lose(c, startErr[c])
			return
		}
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if err := players[c].NewGame(ctx, g.pos.Chess960(), g.s.readyTimeout); err != nil {
			if ctx.Err() != nil {
				g.out.faulty = [2]bool{true, true}
				g.end("*", "match stopped", "unterminated")
				return
			}
			g.lose(c, err)
			return
		}
	}
	clock := NewClock(g.s.tc)
	defer func() { g.out.clock = [2]ClockUse{clock.Use(chess.White), clock.Use(chess.Black)} }()
	adj := adjudicator{draw: g.s.draw, resign: g.s.resign, maxMoves: g.s.maxMoves}
	for {
		side := g.pos.SideToMove()
		e := players[side]
		res, err := e.Search(ctx, g.positionCommand(), clock.GoCommand(side), clock.Limit(side), nil)
		if errors.Is(err, errMoveTimeout) {
			err = &Fault{Kind: FaultTime, Engine: e.Config.Name, Detail: timeoutDetail(res, clock.Limit(side), e.Stop())}
		}
		if err == nil && clock.Spend(side, res.Elapsed) {
			err = &Fault{Kind: FaultTime, Engine: e.Config.Name, Detail: fmt.Sprintf("move took %v, limit %v", res.Elapsed.Round(time.Millisecond), clock.Limit(side).Round(time.Millisecond))}
		}
		if err == nil {
			var m chess.Move
			if m, err = g.parseMove(e, res.BestMove); err == nil {
				fullMove := g.pos.FullmoveNumber()
				g.play(m, moveComment(res))
				if g.ruleEnds(side) {
					return
				}
				if v, ok := g.s.tablebase.adjudicate(g.pos); ok {
					g.end(v.result, v.reason, "adjudication")
					return
				}
				if v, ok := adj.add(side, res.Last.Score, fullMove, g.pos.Ply()); ok {
					g.end(v.result, v.reason, "adjudication")
					return
				}
				continue
			}
		}
		if ctx.Err() != nil {
			g.out.faulty = [2]bool{true, true}
			g.end("*", "match stopped", "unterminated")
			return
		}
		g.lose(side, err)
		return
	}
}

// parseMove reads an engine's bestmove: garbage if it is not shaped like
// a UCI move, illegal if it is not legal here.
func (g *gameRecord) parseMove(e *Engine, s string) (chess.Move, error) {
	if !looksLikeUCIMove(s) {
		return chess.NullMove, &Fault{Kind: FaultGarbage, Engine: e.Config.Name, Detail: fmt.Sprintf("bestmove %q is not a move", s)}
	}
	m, err := g.pos.ParseUCI(s)
	if err != nil {
		return chess.NullMove, &Fault{Kind: FaultIllegal, Engine: e.Config.Name, Detail: fmt.Sprintf("%s in %s", s, g.pos.FEN())}
	}
	return m, nil
}

// looksLikeUCIMove reports whether s has the shape of a UCI move: two
// squares and an optional promotion letter, or "0000".
func looksLikeUCIMove(s string) bool {
	if s == "0000" {
		return true
	}
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	sq := func(f, r byte) bool { return f >= 'a' && f <= 'h' && r >= '1' && r <= '8' }
	return sq(s[0], s[1]) && sq(s[2], s[3]) && (len(s) == 4 || strings.IndexByte("qrbnQRBN", s[4]) >= 0)
}

// ruleEnds checks whether the rules of chess end the game after side's
// move, and ends it if so.
func (g *gameRecord) ruleEnds(side chess.Color) bool {
	switch st := g.pos.Status(); st {
	case chess.Checkmate:
		g.end(winFor(side), colorName(side)+" mates", "normal")
	case chess.Stalemate:
		g.end("1/2-1/2", "draw by stalemate", "normal")
	case chess.InsufficientMaterial:
		g.end("1/2-1/2", "draw by insufficient material", "normal")
	case chess.FivefoldRepetition:
		g.end("1/2-1/2", "draw by fivefold repetition", "normal")
	case chess.SeventyFiveMoveRule:
		g.end("1/2-1/2", "draw by the 75-move rule", "normal")
	default:
		switch {
		case g.pos.CanClaimThreefold():
			g.end("1/2-1/2", "draw by threefold repetition", "normal")
		case g.pos.CanClaimFiftyMoves():
			g.end("1/2-1/2", "draw by the 50-move rule", "normal")
		default:
			return false
		}
	}
	return true
}

// lose ends the game as a loss for side because of err (a *Fault, or
// another error taken as a crash). A loss on time against a lone king (or
// a king and one minor piece) is a draw, as no series of moves could mate.
func (g *gameRecord) lose(side chess.Color, err error) {
	var f *Fault
	if !errors.As(err, &f) {
		f = &Fault{Kind: FaultCrash, Detail: err.Error()}
	}
	g.out.faulty[side] = true
	g.out.fault, g.out.faultSide = f.Kind, side
	reason := fmt.Sprintf("%s %s: %s", colorName(side), faultVerb(f.Kind), f.Detail)
	if f.Detail == "" {
		reason = fmt.Sprintf("%s %s", colorName(side), faultVerb(f.Kind))
	}
	if f.Kind == FaultTime && g.pos != nil && cannotMate(g.pos, side.Other()) {
		g.end("1/2-1/2", reason+"; draw, as "+colorName(side.Other())+" cannot mate", f.Kind.Termination())
		return
	}
	g.end(winFor(side.Other()), reason, f.Kind.Termination())
}

// faultVerb says what a player did, for the reason of a lost game.
func faultVerb(k FaultKind) string {
	switch k {
	case FaultStart:
		return "could not start"
	case FaultHandshake:
		return "did not answer the handshake"
	case FaultCrash:
		return "crashed"
	case FaultTime:
		return "loses on time"
	case FaultIllegal:
		return "plays an illegal move"
	case FaultGarbage:
		return "sends garbage"
	}
	return "fails"
}

// cannotMate reports whether c has only a king, or a king and one knight
// or bishop: material that can never give mate.
func cannotMate(p *chess.Position, c chess.Color) bool {
	own := p.ColorPieces(c) &^ p.Pieces(c, chess.King)
	if own == 0 {
		return true
	}
	minors := p.Pieces(c, chess.Knight) | p.Pieces(c, chess.Bishop)
	return own == minors && own.Count() == 1
}

// winFor returns the result of a win for c.
func winFor(c chess.Color) string {
	if c == chess.White {
		return "1-0"
	}
	return "0-1"
}

func (g *gameRecord) end(result, reason, termination string) {
	g.out.result, g.out.reason, g.out.termination = result, reason, termination
}

// finish fills in the result, the tags and the closing comment.
func (g *gameRecord) finish() {
	g.game.Result = g.out.result
	g.game.SetTag("Result", g.out.result)
	g.game.SetTag("Termination", g.out.termination)
	g.game.SetTag("PlyCount", strconv.Itoa(len(g.game.Moves)))
	if n := len(g.game.Annotations); n > 0 {
		a := &g.game.Annotations[n-1]
		a.Comment = strings.TrimSpace(a.Comment + " " + g.out.reason)
	} else {
		g.game.Comment = g.out.reason
	}
	g.out.game = g.game
}

// positionCommand returns the UCI position command for the game so far.
func (g *gameRecord) positionCommand() string {
	if len(g.moves) == 0 {
		return g.startUCI
	}
	return g.startUCI + " moves " + strings.Join(g.moves, " ")
}

// moveComment describes an engine move for the PGN: score (from the
// mover's side) and depth, then the time taken: "+0.35/12 0.512s".
func moveComment(res SearchResult) string {
	t := strconv.FormatFloat(res.Elapsed.Seconds(), 'f', 3, 64) + "s"
	if !res.Last.Score.Valid {
		return t
	}
	return fmt.Sprintf("%v/%d %s", res.Last.Score, res.Last.Depth, t)
}
