//go:build !amd64

package engine

import "unsafe"

// hasAVX2 is false where the vector loops are plain Go; tests set it to
// check both paths on amd64.
var hasAVX2 = false

// The network's vector loops in plain Go where no assembly version is
// written; n is a multiple of 8.

func dotClipped(a, w *int16, n int) int32 {
	as, ws := unsafe.Slice(a, n), unsafe.Slice(w, n)
	sum := int32(0)
	for i, v := range as {
		sum += int32(min(max(v, 0), NetQA)) * int32(ws[i])
	}
	return sum
}

func addSub(dst, src, add, sub *int16, n int) {
	d, s, a, b := unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(add, n), unsafe.Slice(sub, n)
	for i := range d {
		d[i] = s[i] + a[i] - b[i]
	}
}

func addSubSub(dst, src, add, sub1, sub2 *int16, n int) {
	d, s, a, b, c := unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(add, n), unsafe.Slice(sub1, n), unsafe.Slice(sub2, n)
	for i := range d {
		d[i] = s[i] + a[i] - b[i] - c[i]
	}
}

func addTo(dst, w *int16, n int) {
	d, ws := unsafe.Slice(dst, n), unsafe.Slice(w, n)
	for i := range d {
		d[i] += ws[i]
	}
}
