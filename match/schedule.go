package match

// pairing is two engines that meet: A and B are engine indices, and
// results are kept from A's point of view.
type pairing struct {
	A, B int
}

// gameSpec is one scheduled game.
type gameSpec struct {
	number       int // 1-based, in schedule order
	round        int // 1-based: the opening's turn
	pairing      int // index into the pairings
	white, black int // engine indices
	opening      Opening
	pair         int // the game pair (same opening, colours swapped) it belongs to
}

// makePairings returns the pairings of a round robin (every engine
// against every other) or a gauntlet (engine 0 against each other one).
func makePairings(engines int, gauntlet bool) []pairing {
	var ps []pairing
	for a := range engines {
		for b := a + 1; b < engines; b++ {
			ps = append(ps, pairing{a, b})
		}
		if gauntlet {
			break
		}
	}
	return ps
}

// makeSchedule lists the games: gamesPerPairing games for each pairing,
// two per opening with the colours swapped (one, for an odd count, in the
// last round). Round r uses the book's opening r (from the start again
// when the book runs out), the same for every pairing, and the rounds
// come one after the other so that standings grow evenly.
func makeSchedule(ps []pairing, gamesPerPairing int, book *Book) []gameSpec {
	var games []gameSpec
	rounds := (gamesPerPairing + 1) / 2
	for r := range rounds {
		op := Opening{}
		if book != nil && len(book.Openings) > 0 {
			op = book.Openings[r%len(book.Openings)]
		}
		for pi, p := range ps {
			pair := r*len(ps) + pi
			games = append(games, gameSpec{number: len(games) + 1, round: r + 1, pairing: pi, white: p.A, black: p.B, opening: op, pair: pair})
			if 2*r+1 < gamesPerPairing {
				games = append(games, gameSpec{number: len(games) + 1, round: r + 1, pairing: pi, white: p.B, black: p.A, opening: op, pair: pair})
			}
		}
	}
	return games
}
