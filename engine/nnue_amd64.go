package engine

// The network's vector loops, in AVX2 or SSE2 assembly (nnue_amd64.s); n
// is a multiple of 8.

//go:noescape
func dotClipped(a, w *int16, n int) int32

//go:noescape
func addSub(dst, src, add, sub *int16, n int)

//go:noescape
func addSubSub(dst, src, add, sub1, sub2 *int16, n int)

//go:noescape
func addTo(dst, w *int16, n int)
