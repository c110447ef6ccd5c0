//go:build linux

package engine

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on Linux.
const hugePage = 2 << 20

// mapBuckets makes room for n buckets outside the Go heap: anonymous
// memory aligned to 2 MB and advised to use transparent huge pages. The
// table is probed at random, so with 4 KB pages nearly every probe also
// misses the TLB. raw is the whole mapping, for unmapBuckets; it is nil
// when the mapping failed and the buckets come from the heap instead.
func mapBuckets(n int) (buckets []ttBucket, raw []byte) {
	size := n*int(unsafe.Sizeof(ttBucket{})) + hugePage
	raw, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]ttBucket, n), nil
	}
	// Advice is a hint: without huge pages the table still works.
	_ = syscall.Madvise(raw, syscall.MADV_HUGEPAGE)
	offset := (hugePage - int(uintptr(unsafe.Pointer(&raw[0]))%hugePage)) % hugePage
	return unsafe.Slice((*ttBucket)(unsafe.Pointer(&raw[offset])), n), raw
}

// unmapBuckets hands a mapping of mapBuckets back to the system at once.
func unmapBuckets(raw []byte) {
	if raw != nil {
		_ = syscall.Munmap(raw)
	}
}
