//go:build !linux

package engine

// mapBuckets allocates n buckets on the heap; only Linux maps them
// with huge pages (ttmem_linux.go).
func mapBuckets(n int) (buckets []ttBucket, raw []byte) {
	return make([]ttBucket, n), nil
}

// unmapBuckets has nothing to do: the garbage collector frees the heap.
func unmapBuckets(raw []byte) {}
