package engine

import "github.com/ferzchess/ferz/chess"

// Piece keys: a Zobrist hash, per colour, of where its pieces other than
// pawns stand (knights to king), for the correction history's tables of
// piece placements. The searcher keeps them for each ply of the current
// line and updates them move by move, as it does the network's
// accumulators, so that the board's own move making (and perft) pays
// nothing for them.

// pieceZobrist keys a piece of a colour (knight to king) on a square.
var pieceZobrist [2][7][64]uint64

func init() {
	x := uint64(0x6e6f6e2d7061776e) // splitmix64 from a fixed seed
	for c := range pieceZobrist {
		for t := chess.Knight; t <= chess.King; t++ {
			for sq := range 64 {
				x += 0x9e3779b97f4a7c15
				z := x
				z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
				z = (z ^ z>>27) * 0x94d049bb133111eb
				pieceZobrist[c][t][sq] = z ^ z>>31
			}
		}
	}
}

// pieceKeys are the two colours' piece keys of a position.
type pieceKeys [2]uint64

// pieceKeysOf computes a position's piece keys from scratch.
func pieceKeysOf(p *chess.Position) pieceKeys {
	var k pieceKeys
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Knight; t <= chess.King; t++ {
			for b := p.Pieces(c, t); b != 0; {
				k[c] ^= pieceZobrist[c][t][b.PopFirst()]
			}
		}
	}
	return k
}

// after returns the piece keys once m, legal in p, is played.
func (k pieceKeys) after(p *chess.Position, m chess.Move) pieceKeys {
	from, to := m.From(), m.To()
	pc := p.PieceAt(from)
	us, t := pc.Color(), pc.Type()
	switch m.Kind() {
	case chess.Castling: // the king takes its own rook
		kTo, rTo := chess.NewSquare(6, from.Rank()), chess.NewSquare(5, from.Rank())
		if to < from {
			kTo, rTo = chess.NewSquare(2, from.Rank()), chess.NewSquare(3, from.Rank())
		}
		z := &pieceZobrist[us]
		k[us] ^= z[chess.King][from] ^ z[chess.King][kTo] ^ z[chess.Rook][to] ^ z[chess.Rook][rTo]
		return k
	case chess.EnPassant:
		return k // pawns only
	case chess.Promotion:
		k[us] ^= pieceZobrist[us][m.Promo()][to]
	default:
		if t != chess.Pawn {
			k[us] ^= pieceZobrist[us][t][from] ^ pieceZobrist[us][t][to]
		}
	}
	if captured := p.PieceAt(to); captured != chess.NoPiece && captured.Type() != chess.Pawn {
		k[us^1] ^= pieceZobrist[us^1][captured.Type()][to]
	}
	return k
}
