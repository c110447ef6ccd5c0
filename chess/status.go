package chess

// Status tells whether the game is over in a position, and why.
type Status uint8

// The ways a game can stand. Only the automatic endings are statuses; the
// draws a player must claim (threefold repetition, 50 moves) are asked
// with CanClaimThreefold and CanClaimFiftyMoves.
const (
	Ongoing Status = iota
	Checkmate
	Stalemate
	FivefoldRepetition
	SeventyFiveMoveRule
	InsufficientMaterial
)

var statusNames = [...]string{"ongoing", "checkmate", "stalemate", "fivefold repetition", "75-move rule", "insufficient material"}

// String returns a short description such as "checkmate".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "unknown"
}

// IsOver reports whether the status ends the game.
func (s Status) IsOver() bool { return s != Ongoing }

// Status returns how the game stands: checkmate and stalemate first (a
// mate on the 75th move stands), then the automatic draws.
func (p *Position) Status() Status {
	var list MoveList
	p.GenerateLegal(&list)
	switch {
	case list.N == 0 && p.checkers != 0:
		return Checkmate
	case list.N == 0:
		return Stalemate
	case p.RepetitionCount() >= 5:
		return FivefoldRepetition
	case p.rule50 >= 150:
		return SeventyFiveMoveRule
	case p.IsInsufficientMaterial():
		return InsufficientMaterial
	}
	return Ongoing
}

// Result returns the PGN result for a finished game ("1-0", "0-1",
// "1/2-1/2"), or "*" while the game goes on.
func (p *Position) Result() string {
	switch p.Status() {
	case Ongoing:
		return "*"
	case Checkmate:
		if p.side == White {
			return "0-1"
		}
		return "1-0"
	}
	return "1/2-1/2"
}

// RepetitionCount returns how many times the current position has
// occurred in the game so far, this time included (same pieces, side to
// move, castling rights and en passant possibility).
func (p *Position) RepetitionCount() int {
	count := 1
	n := len(p.history)
	for i := n - 2; i >= 0 && i >= n-p.rule50; i -= 2 {
		if p.history[i].key == p.key {
			count++
		}
	}
	return count
}

// CanClaimThreefold reports whether the current position has occurred at
// least three times, so that a player may claim a draw.
func (p *Position) CanClaimThreefold() bool { return p.RepetitionCount() >= 3 }

// CanClaimFiftyMoves reports whether fifty moves by each side have passed
// without a capture or pawn move, so that a player may claim a draw
// (unless the last move mated).
func (p *Position) CanClaimFiftyMoves() bool {
	if p.rule50 < 100 {
		return false
	}
	if p.checkers != 0 {
		var list MoveList
		p.GenerateLegal(&list)
		return list.N > 0
	}
	return true
}

// IsInsufficientMaterial reports whether neither side can ever mate: king
// against king, a king and one minor piece against a king, or kings with
// bishops all on squares of one colour.
func (p *Position) IsInsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if minors.Count() <= 1 {
		return true
	}
	bishops := p.byType[Bishop]
	return p.byType[Knight] == 0 && (bishops&DarkSquares == 0 || bishops&^DarkSquares == 0)
}

// IsRepetition reports whether the current position occurred before
// within the last plies half-moves (or since the last irreversible move,
// whichever is nearer); a search uses it to score repetitions as draws.
func (p *Position) IsRepetition(plies int) bool {
	n := len(p.history)
	limit := min(p.rule50, plies)
	for i := n - 4; i >= 0 && i >= n-limit; i -= 2 {
		if p.history[i].key == p.key {
			return true
		}
	}
	return false
}
