package chess

// KeyAfter returns the Zobrist key the position will have after the
// legal move m, without making it, so that a search can start loading
// the transposition table's entry early. It is exact except after a
// double pawn step that gives the opponent a legal en passant capture:
// that key also holds the en passant file, which only making the move
// can tell.
func (p *Position) KeyAfter(m Move) uint64 {
	key := p.key ^ zobristSide
	if p.epLegal {
		key ^= zobristEP[p.ep.File()]
	}
	from, to := m.From(), m.To()
	pc := p.board[from]
	switch m.Kind() {
	case Castling:
		rook := p.board[to]
		key ^= zobristPiece[pc][from] ^ zobristPiece[pc][castlingKingTarget(from, to)] ^
			zobristPiece[rook][to] ^ zobristPiece[rook][castlingRookTarget(from, to)]
	case EnPassant:
		key ^= zobristPiece[p.board[to^8]][to^8] ^ zobristPiece[pc][from] ^ zobristPiece[pc][to]
	case Promotion:
		key ^= zobristPiece[p.board[to]][to] ^ zobristPiece[pc][from] ^ zobristPiece[NewPiece(p.side, m.Promo())][to]
	default:
		key ^= zobristPiece[p.board[to]][to] ^ zobristPiece[pc][from] ^ zobristPiece[pc][to]
	}
	if lost := (p.castleMask[from] | p.castleMask[to]) & p.castling; lost != 0 {
		key ^= zobristCastling[p.castling] ^ zobristCastling[p.castling&^lost]
	}
	return key
}
