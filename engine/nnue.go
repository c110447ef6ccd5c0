package engine

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ferzchess/ferz/chess"
)

// The network: 768 inputs (a piece of each colour and type on each
// square, seen from one side), a hidden layer of NetHidden clipped-ReLU
// units computed for each side with the same weights, and one output
// that reads the side to move's half first. Weights are integers: the
// hidden layer in units of 1/NetQA, the output weights in 1/NetQB.
const (
	NetInputs = 768
	NetHidden = 128
	NetQA     = 255
	NetQB     = 256
	// NetScale turns the output (about -1..1 for ordinary positions)
	// into centipawns.
	NetScale = 400
)

// A network file: netMagic, the hidden layer's width and the flags
// (uint32), then W1, B1 and W2 (int16) and B2 (int32), little-endian.
const (
	netMagic        = "FERZNN01"
	netFlagResidual = 1
)

// netFileSize is the length of a network file with hidden units.
func netFileSize(hidden int) int { return len(netMagic) + 8 + 2*(NetInputs*hidden+3*hidden) + 4 }

// Network is a quantised evaluation network.
type Network struct {
	// Residual networks correct the hand-written evaluation: the
	// evaluation is the sum of the two.
	Residual bool

	W1 [NetInputs][NetHidden]int16
	B1 [NetHidden]int16
	W2 [2 * NetHidden]int16
	B2 int32
}

// NetFeature is the input index of piece pc on square sq seen by side
// persp: its own pieces first, squares mirrored for Black.
func NetFeature(persp chess.Color, pc chess.Piece, sq chess.Square) int {
	c := pc.Color()
	if persp == chess.Black {
		sq ^= 56
		c ^= 1
	}
	return int(c)*384 + (int(pc.Type())-1)*64 + int(sq)
}

// MarshalBinary writes the network in Ferz's network file format.
func (n *Network) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, netFileSize(NetHidden))
	b = append(b, netMagic...)
	b = binary.LittleEndian.AppendUint32(b, NetHidden)
	flags := uint32(0)
	if n.Residual {
		flags |= netFlagResidual
	}
	b = binary.LittleEndian.AppendUint32(b, flags)
	for i := range n.W1 {
		for _, w := range n.W1[i] {
			b = binary.LittleEndian.AppendUint16(b, uint16(w))
		}
	}
	for _, w := range n.B1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(w))
	}
	for _, w := range n.W2 {
		b = binary.LittleEndian.AppendUint16(b, uint16(w))
	}
	return binary.LittleEndian.AppendUint32(b, uint32(n.B2)), nil
}

// UnmarshalBinary reads a network written by MarshalBinary.
func (n *Network) UnmarshalBinary(b []byte) error {
	hidden, err := n.UnmarshalNarrower(b)
	if err == nil && hidden != NetHidden {
		return fmt.Errorf("network has %d hidden units, this build wants %d", hidden, NetHidden)
	}
	return err
}

// UnmarshalNarrower reads a network file whose hidden layer has at most
// NetHidden units (a multiple of 8) into the first of n's units, and
// returns how many it had; the other units get zero weights. A network
// trained at one width can so start the training of a wider one.
func (n *Network) UnmarshalNarrower(b []byte) (hidden int, err error) {
	if len(b) < len(netMagic)+8 || string(b[:len(netMagic)]) != netMagic {
		return 0, errors.New("not a Ferz network file")
	}
	h := binary.LittleEndian.Uint32(b[len(netMagic):])
	if h == 0 || h > NetHidden || h%8 != 0 {
		return 0, fmt.Errorf("network has %d hidden units, this build wants %d", h, NetHidden)
	}
	hidden = int(h)
	if want := netFileSize(hidden); len(b) != want {
		return 0, fmt.Errorf("network file has %d bytes, want %d", len(b), want)
	}
	flags := binary.LittleEndian.Uint32(b[len(netMagic)+4:])
	if flags&^netFlagResidual != 0 {
		return 0, fmt.Errorf("network file has unknown flags %#x", flags)
	}
	*n = Network{Residual: flags&netFlagResidual != 0}
	b = b[len(netMagic)+8:]
	next := func() int16 {
		v := int16(binary.LittleEndian.Uint16(b))
		b = b[2:]
		return v
	}
	for i := range n.W1 {
		for j := range hidden {
			n.W1[i][j] = next()
		}
	}
	for j := range hidden {
		n.B1[j] = next()
	}
	for half := range 2 {
		for j := range hidden {
			n.W2[half*NetHidden+j] = next()
		}
	}
	n.B2 = int32(binary.LittleEndian.Uint32(b))
	return hidden, nil
}

//go:embed ferz.nnue
var embeddedNet []byte

// net is the network the search evaluates with, nil when the build has
// none (the hand-written evaluation is used then).
var net *Network

func init() {
	if len(embeddedNet) == 0 {
		return
	}
	n := new(Network)
	if err := n.UnmarshalBinary(embeddedNet); err != nil {
		panic("engine: embedded network: " + err.Error())
	}
	net = n
}

// accumulator is the hidden layer's input sums for each side.
type accumulator [2][NetHidden]int16

// refresh computes a from scratch for position p.
func (a *accumulator) refresh(n *Network, p *chess.Position) {
	a[chess.White] = n.B1
	a[chess.Black] = n.B1
	occ := p.Occupied()
	for occ != 0 {
		sq := occ.PopFirst()
		pc := p.PieceAt(sq)
		addRow(&a[chess.White], &n.W1[NetFeature(chess.White, pc, sq)])
		addRow(&a[chess.Black], &n.W1[NetFeature(chess.Black, pc, sq)])
	}
}

func addRow(a, w *[NetHidden]int16) { addTo(&a[0], &w[0], NetHidden) }

func subRow(a, w *[NetHidden]int16) {
	for i := range a {
		a[i] -= w[i]
	}
}

// output is the network's evaluation in centipawns for side stm.
func (n *Network) output(a *accumulator, stm chess.Color) int {
	sum := int(dotClipped(&a[stm][0], &n.W2[0], NetHidden)) + int(dotClipped(&a[stm^1][0], &n.W2[NetHidden], NetHidden))
	return (sum + int(n.B2)) * NetScale / (NetQA * NetQB)
}

// The vector loops work on multiples of 8 values.
var _ [0]struct{} = [NetHidden % 8]struct{}{}

// Evaluate returns n's evaluation of p in centipawns for the side to
// move, computed from scratch.
func (n *Network) Evaluate(p *chess.Position) int {
	var a accumulator
	a.refresh(n, p)
	return n.output(&a, p.SideToMove())
}

// EvaluateBoard returns n's evaluation in centipawns of the pieces on
// board, for side stm.
func (n *Network) EvaluateBoard(board *[64]chess.Piece, stm chess.Color) int {
	var a accumulator
	a[chess.White], a[chess.Black] = n.B1, n.B1
	for sq, pc := range board {
		if pc != chess.NoPiece {
			addRow(&a[chess.White], &n.W1[NetFeature(chess.White, pc, chess.Square(sq))])
			addRow(&a[chess.Black], &n.W1[NetFeature(chess.Black, pc, chess.Square(sq))])
		}
	}
	return n.output(&a, stm)
}

// netChange is a piece put on or taken off a square.
type netChange struct {
	pc chess.Piece
	sq chess.Square
}

// netDelta is what a move changes on the board: at most two pieces come
// off and two go on (castling).
type netDelta struct {
	off, on   [2]netChange
	nOff, nOn int8
}

// netStack holds the accumulators along the search's current line; an
// entry is computed from its parent when an evaluation needs it.
//
// The entries are kept in a ring. The first threads' rings hold a whole
// line (MaxPly); a lean thread's holds the last netRingLean plies, 9 KB
// against 68 KB, which keeps up to 256 threads within the memory budget.
// Each entry carries the serial number of the push that wrote it, and
// line[ply] that of the current line's push at ply: an entry whose
// place a deeper line took since does not match, and the evaluation then
// starts from the board. In a lean ring that happens for about one
// evaluation in ten at depth 13 (each from the board costs some twenty
// updates from a parent), in a full one practically never.
type netStack struct {
	ring   []netPly // a power of two long
	line   [MaxPly + 2]uint64
	serial uint64
}

// netPly is one ply's accumulator and the move that led to it.
type netPly struct {
	acc      accumulator
	delta    netDelta
	serial   uint64
	computed bool
}

// Ring sizes, powers of two.
const (
	netRingFull = MaxPly
	netRingLean = 16
)

// at returns ply's place in the ring.
func (st *netStack) at(ply int) *netPly { return &st.ring[ply&(len(st.ring)-1)] }

// claim gives ply's place to the current line and returns it.
func (st *netStack) claim(ply int) *netPly {
	st.serial++
	st.line[ply] = st.serial
	e := st.at(ply)
	e.serial = st.serial
	e.computed = false
	return e
}

// onLine reports whether ply's place still holds the current line's entry.
func (st *netStack) onLine(ply int) bool { return st.at(ply).serial == st.line[ply] }

// root sets the accumulator of ply 0 from the root position.
func (st *netStack) root(p *chess.Position) {
	e := st.claim(0)
	e.acc.refresh(net, p)
	e.computed = true
}

// push records move m, about to be made in p at ply, for the
// accumulator of ply+1.
func (st *netStack) push(p *chess.Position, m chess.Move, ply int) {
	d := &st.claim(ply + 1).delta
	from, to := m.From(), m.To()
	pc := p.PieceAt(from)
	d.nOff, d.nOn = 1, 1
	d.off[0] = netChange{pc, from}
	switch m.Kind() {
	case chess.Castling:
		rook := p.PieceAt(to)
		kTo, rTo := chess.NewSquare(6, from.Rank()), chess.NewSquare(5, from.Rank())
		if to < from {
			kTo, rTo = chess.NewSquare(2, from.Rank()), chess.NewSquare(3, from.Rank())
		}
		d.off[1] = netChange{rook, to}
		d.on[0] = netChange{pc, kTo}
		d.on[1] = netChange{rook, rTo}
		d.nOff, d.nOn = 2, 2
		return
	case chess.EnPassant:
		d.off[1] = netChange{p.PieceAt(to ^ 8), to ^ 8}
		d.nOff = 2
	case chess.Promotion:
		pc = chess.NewPiece(pc.Color(), m.Promo())
	}
	if m.Kind() != chess.EnPassant {
		if captured := p.PieceAt(to); captured != chess.NoPiece {
			d.off[1] = netChange{captured, to}
			d.nOff = 2
		}
	}
	d.on[0] = netChange{pc, to}
}

// pushNull records a null move at ply.
func (st *netStack) pushNull(ply int) {
	st.claim(ply + 1).delta = netDelta{}
}

// evaluate returns the network's evaluation of p, the position at ply,
// bringing the accumulators up to date from the nearest computed one.
func (st *netStack) evaluate(p *chess.Position, ply int) int {
	e := st.at(ply)
	if !st.onLine(ply) || !e.computed {
		// From the nearest computed entry of the current line still in
		// the ring; a deeper line may have taken the places between, or
		// this one, and then the board is the start.
		i := ply - 1
		for i >= 0 && st.onLine(i) && !st.at(i).computed {
			i--
		}
		if !st.onLine(ply) || i < 0 || !st.onLine(i) {
			e.serial = st.line[ply]
			e.acc.refresh(net, p)
		} else {
			for ; i < ply; i++ {
				next := st.at(i + 1)
				next.delta.apply(&next.acc, &st.at(i).acc)
				next.computed = true
			}
		}
		e.computed = true
	}
	return net.output(&e.acc, p.SideToMove())
}

// apply sets dst to src changed by d, in one pass over each side's
// sums for the common cases: a quiet move, a capture.
func (d *netDelta) apply(dst, src *accumulator) {
	for persp := chess.White; persp <= chess.Black; persp++ {
		out, in := &dst[persp], &src[persp]
		switch {
		case d.nOff == 1 && d.nOn == 1:
			addSub(&out[0], &in[0], &net.row(persp, d.on[0])[0], &net.row(persp, d.off[0])[0], NetHidden)
		case d.nOff == 2 && d.nOn == 1:
			addSubSub(&out[0], &in[0], &net.row(persp, d.on[0])[0], &net.row(persp, d.off[0])[0], &net.row(persp, d.off[1])[0], NetHidden)
		default:
			*out = *in
			for k := range d.nOff {
				subRow(out, net.row(persp, d.off[k]))
			}
			for k := range d.nOn {
				addRow(out, net.row(persp, d.on[k]))
			}
		}
	}
}

// row is the weights of change c's input seen by persp.
func (n *Network) row(persp chess.Color, c netChange) *[NetHidden]int16 {
	return &n.W1[NetFeature(persp, c.pc, c.sq)]
}

// newNetStack returns the accumulators of the thread with the given
// index (0 for the main thread), or nil when the build has no network.
func newNetStack(thread int) *netStack {
	if net == nil {
		return nil
	}
	size := netRingFull
	if thread >= leanThreadsFrom {
		size = netRingLean
	}
	return &netStack{ring: make([]netPly, size)}
}

// evaluate is the search's static evaluation of p, the position at ply,
// for the side to move: the hand-written evaluation corrected by the
// network, or the network's alone, as Evaluate computes it.
func (s *Searcher) evaluate(p *chess.Position, ply int) int {
	if s.nn == nil || networkSilent(p) {
		v, _, _ := evaluate(p, nil, s.pawns)
		return v
	}
	v := s.nn.evaluate(p, ply)
	if net.Residual {
		hce, _, _ := evaluate(p, nil, s.pawns)
		v += hce
	}
	return v
}

// networkSilent reports whether the network leaves p to the hand-written
// evaluation: where an endgame rule or insufficient material decides.
func networkSilent(p *chess.Position) bool {
	return p.Occupied().Count() <= 5 && specialEndgame(p) || p.IsInsufficientMaterial()
}

// networkCorrection is what the network changes in the hand-written
// evaluation of p (side to move's view): its correction, or its whole
// evaluation less the hand-written one.
func networkCorrection(p *chess.Position) int {
	if net == nil || networkSilent(p) {
		return 0
	}
	v := net.Evaluate(p)
	if !net.Residual {
		hce, _, _ := evaluate(p, nil, nil)
		v -= hce
	}
	return v
}
