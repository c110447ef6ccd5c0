package engine

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/ferzchess/ferz/chess"
)

// randomNetwork returns a network with small random weights.
func randomNetwork(seed uint64) *Network {
	rng := rand.New(rand.NewPCG(seed, 1))
	n := new(Network)
	for i := range n.W1 {
		for j := range n.W1[i] {
			n.W1[i][j] = int16(rng.IntN(201) - 100)
		}
	}
	for j := range n.B1 {
		n.B1[j] = int16(rng.IntN(201))
	}
	for j := range n.W2 {
		n.W2[j] = int16(rng.IntN(129) - 64)
	}
	n.B2 = int32(rng.IntN(2001) - 1000)
	return n
}

// withNetwork runs f with n as the search's network.
func withNetwork(t *testing.T, n *Network, f func()) {
	t.Helper()
	saved := net
	net = n
	defer func() { net = saved }()
	f()
}

// TestNetStackMatchesRefresh plays random games, updating the
// accumulators move by move (castling, en passant and promotions
// included, and null moves), and checks each evaluation against one
// computed from scratch.
func TestNetStackMatchesRefresh(t *testing.T) {
	withNetwork(t, randomNetwork(7), func() {
		rng := rand.New(rand.NewPCG(3, 4))
		fens := []string{
			chess.StartFEN,
			"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
			"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
			"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
			"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
			"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
		}
		checked := 0
		for _, fen := range fens {
			for game := 0; game < 20; game++ {
				p, err := chess.ParseFEN(fen)
				if err != nil {
					t.Fatal(err)
				}
				st := newNetStack(0)
				st.root(p)
				for ply := 0; ply < 60; ply++ {
					if got, want := st.evaluate(p, ply), net.Evaluate(p); got != want {
						t.Fatalf("%s after %v: incremental %d, from scratch %d", fen, p.Moves(), got, want)
					}
					checked++
					var list chess.MoveList
					p.GenerateLegal(&list)
					if list.N == 0 {
						break
					}
					if !p.InCheck() && rng.IntN(10) == 0 {
						st.pushNull(ply)
						p.MakeNullMove()
						continue
					}
					m := list.Moves[rng.IntN(list.N)]
					st.push(p, m, ply)
					p.MakeMove(m)
				}
			}
		}
		if checked < 1000 {
			t.Fatalf("only %d positions checked", checked)
		}
	})
}

// TestNetStackInATree walks random trees as a search does: down and back
// up, lines deeper than a lean ring, null moves, and evaluations before and
// after a node's children (as a null move's verification search does).
// Every evaluation must equal the one from scratch.
func TestNetStackInATree(t *testing.T) {
	withNetwork(t, randomNetwork(5), func() {
		rng := rand.New(rand.NewPCG(5, 6))
		checked := 0
		// walk searches depth plies below p; wide, below a node, is the
		// number of children with two each (the rest have one).
		var walk func(p *chess.Position, st *netStack, ply, depth, wide int)
		walk = func(p *chess.Position, st *netStack, ply, depth, wide int) {
			check := func() {
				if got, want := st.evaluate(p, ply), net.Evaluate(p); got != want {
					t.Fatalf("ply %d after %v: incremental %d, from scratch %d", ply, p.Moves(), got, want)
				}
				checked++
			}
			if rng.IntN(3) > 0 {
				check()
			}
			var list chess.MoveList
			p.GenerateLegal(&list)
			if depth == 0 || list.N == 0 || ply >= MaxPly-1 {
				return
			}
			children := 1
			if wide > 0 {
				children = 2
			}
			for range children {
				if !p.InCheck() && rng.IntN(8) == 0 {
					st.pushNull(ply)
					p.MakeNullMove()
				} else {
					m := list.Moves[rng.IntN(list.N)]
					st.push(p, m, ply)
					p.MakeMove(m)
				}
				// Mostly short subtrees, now and then a line far deeper
				// than a lean thread's ring.
				next, nextWide := depth-1, wide-1
				if rng.IntN(20) == 0 {
					next = netRingLean + rng.IntN(2*netRingLean)
				}
				walk(p, st, ply+1, next, nextWide)
				p.UnmakeMove()
				if rng.IntN(2) == 0 {
					check()
				}
			}
		}
		for _, fen := range []string{chess.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"} {
			for game := range 40 {
				p := chess.MustParseFEN(fen)
				st := newNetStack(game % 2 * leanThreadsFrom) // full and lean rings
				st.root(p)
				walk(p, st, 0, 8, 8)
			}
		}
		if checked < 1000 {
			t.Fatalf("only %d positions checked", checked)
		}
		t.Logf("%d positions checked", checked)
	})
}

// TestNetworkRoundTrip writes a network and reads it back.
func TestNetworkRoundTrip(t *testing.T) {
	n := randomNetwork(9)
	n.Residual = true
	b, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var m Network
	if err := m.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if m != *n {
		t.Fatal("network changed in a round trip")
	}
	for _, bad := range [][]byte{nil, []byte("FERZNN01"), b[:len(b)-1], append([]byte("XERZNN01"), b[8:]...)} {
		if err := m.UnmarshalBinary(bad); err == nil {
			t.Errorf("%d bytes: no error", len(bad))
		}
	}
}

// narrowFile writes the first h hidden units of n as a network file of
// width h, as a build with NetHidden h would.
func narrowFile(n *Network, h int) []byte {
	b := append([]byte(netMagic), 0, 0, 0, 0, 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(b[len(netMagic):], uint32(h))
	if n.Residual {
		binary.LittleEndian.PutUint32(b[len(netMagic)+4:], netFlagResidual)
	}
	for i := range n.W1 {
		for _, w := range n.W1[i][:h] {
			b = binary.LittleEndian.AppendUint16(b, uint16(w))
		}
	}
	for _, w := range n.B1[:h] {
		b = binary.LittleEndian.AppendUint16(b, uint16(w))
	}
	for _, w := range append(n.W2[:h:h], n.W2[NetHidden:NetHidden+h]...) {
		b = binary.LittleEndian.AppendUint16(b, uint16(w))
	}
	return binary.LittleEndian.AppendUint32(b, uint32(n.B2))
}

// A narrower network is read into the first hidden units, the others
// left at zero, which leaves its output as it was; widths the build
// cannot hold are refused.
func TestNetworkUnmarshalNarrower(t *testing.T) {
	n := randomNetwork(10)
	n.Residual = true
	const h = 8
	want := *n
	for i := range want.W1 {
		clear(want.W1[i][h:])
	}
	clear(want.B1[h:])
	clear(want.W2[h:NetHidden])
	clear(want.W2[NetHidden+h:])
	var m Network
	got, err := m.UnmarshalNarrower(narrowFile(n, h))
	if err != nil || got != h {
		t.Fatalf("UnmarshalNarrower = %d, %v; want %d, nil", got, err, h)
	}
	if m != want {
		t.Fatal("the narrow network's weights did not land in the first units")
	}
	if err := m.UnmarshalBinary(narrowFile(n, h)); err == nil {
		t.Error("UnmarshalBinary took a network of another width")
	}
	if got, err := m.UnmarshalNarrower(narrowFile(n, NetHidden)); err != nil || got != NetHidden || m != *n {
		t.Errorf("full width: UnmarshalNarrower = %d, %v, or the weights changed", got, err)
	}
	for _, bad := range [][]byte{narrowFile(n, 12), narrowFile(n, 0), narrowFile(n, h)[:100]} {
		if _, err := m.UnmarshalNarrower(bad); err == nil {
			t.Errorf("%d bytes: no error", len(bad))
		}
	}
	wide := narrowFile(n, h)
	binary.LittleEndian.PutUint32(wide[len(netMagic):], 2*NetHidden)
	if _, err := m.UnmarshalNarrower(wide); err == nil {
		t.Error("a network wider than the build: no error")
	}
}

// BenchmarkNetOutput times the network's output layer, with the AVX2
// loops (where the processor has them) and the SSE2 ones.
func BenchmarkNetOutput(b *testing.B) {
	forVectorPaths(b, func(b *testing.B) {
		n := randomNetwork(3)
		p := chess.StartPosition()
		var a accumulator
		a.refresh(n, p)
		sum := 0
		for b.Loop() {
			sum += n.output(&a, chess.White)
		}
		_ = sum
	})
}

// BenchmarkNetApply times a quiet move's accumulator update, with the
// AVX2 loops (where the processor has them) and the SSE2 ones.
func BenchmarkNetApply(b *testing.B) {
	forVectorPaths(b, func(b *testing.B) {
		withNetwork(&testing.T{}, randomNetwork(3), func() {
			p := chess.StartPosition()
			var a, c accumulator
			a.refresh(net, p)
			st := newNetStack(0)
			st.push(p, chess.NewMove(chess.E2, chess.E4), 0)
			d := &st.at(1).delta
			for b.Loop() {
				d.apply(&c, &a)
			}
		})
	})
}

// forVectorPaths runs bench as the sub-benchmarks "avx2" (where the
// processor has AVX2) and "narrow" (the 8-value loops).
func forVectorPaths(b *testing.B, bench func(*testing.B)) {
	defer func(saved bool) { hasAVX2 = saved }(hasAVX2)
	if hasAVX2 {
		b.Run("avx2", bench)
	}
	hasAVX2 = false
	b.Run("narrow", bench)
}

// TestNetVectorLoops checks the vector loops against plain Go on random
// rows, negative values and values past the clip included, at the
// network's width and at widths that only the 8-value loops take, with
// AVX2 on (where the processor has it) and off.
func TestNetVectorLoops(t *testing.T) {
	defer func(saved bool) { hasAVX2 = saved }(hasAVX2)
	for _, avx := range []bool{false, hasAVX2} {
		hasAVX2 = avx
		for _, n := range []int{8, 24, NetHidden} {
			checkVectorLoops(t, n, avx)
		}
	}
}

func checkVectorLoops(t *testing.T, n int, avx bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, uint64(n)))
	a, w, b, c, got := make([]int16, n), make([]int16, n), make([]int16, n), make([]int16, n), make([]int16, n)
	for range 1000 {
		for i := range a {
			a[i] = int16(rng.IntN(2001) - 1000)
			w[i] = int16(rng.IntN(65535) - 32767)
			b[i] = int16(rng.IntN(2001) - 1000)
			c[i] = int16(rng.IntN(2001) - 1000)
		}
		want := int32(0)
		for i := range a {
			want += int32(min(max(a[i], 0), NetQA)) * int32(w[i])
		}
		if v := dotClipped(&a[0], &w[0], n); v != want {
			t.Fatalf("n %d, AVX2 %v: dotClipped = %d, want %d", n, avx, v, want)
		}
		addSub(&got[0], &a[0], &b[0], &c[0], n)
		for i := range got {
			if got[i] != a[i]+b[i]-c[i] {
				t.Fatalf("n %d, AVX2 %v: addSub[%d] = %d, want %d", n, avx, i, got[i], a[i]+b[i]-c[i])
			}
		}
		copy(got, a)
		addTo(&got[0], &b[0], n)
		for i := range got {
			if got[i] != a[i]+b[i] {
				t.Fatalf("n %d, AVX2 %v: addTo[%d] = %d, want %d", n, avx, i, got[i], a[i]+b[i])
			}
		}
		addSubSub(&got[0], &a[0], &b[0], &c[0], &w[0], n)
		for i := range got {
			if got[i] != a[i]+b[i]-c[i]-w[i] {
				t.Fatalf("n %d, AVX2 %v: addSubSub[%d] = %d, want %d", n, avx, i, got[i], a[i]+b[i]-c[i]-w[i])
			}
		}
	}
}
