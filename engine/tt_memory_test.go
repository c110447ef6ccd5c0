//go:build linux

package engine

import (
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// residentMB reads the process's resident set size. It prefers
// /proc/self/smaps_rollup, which the kernel counts by walking the page
// tables: the counter behind /proc/self/statm is kept per thread on many
// kernels and synced only every 64 page faults, so a table that fills
// in 2 MB huge pages (8 faults for 16 MB) may not show there at all.
func residentMB(t *testing.T) int {
	if b, err := os.ReadFile("/proc/self/smaps_rollup"); err == nil {
		for line := range strings.Lines(string(b)) {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "Rss:" {
				if kb, err := strconv.Atoi(f[1]); err == nil {
					return kb >> 10
				}
			}
		}
	}
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip(err)
	}
	f := strings.Fields(string(b))
	pages, _ := strconv.Atoi(f[1])
	return pages * os.Getpagesize() >> 20
}

// residentTable makes a table of mb MB and touches every page of it,
// checking that the resident size grew by most of that; it returns the
// table and the resident size (MB) before it.
func residentTable(t *testing.T, mb int) (*TT, int) {
	t.Helper()
	debug.FreeOSMemory()
	base := residentMB(t)
	tt := NewTT(mb)
	tt.Clear()
	if got := residentMB(t); got < base+mb*3/4 {
		t.Fatalf("resident %d MB after a %d MB table, base %d", got, mb, base)
	}
	return tt, base
}

func TestResizeLeavesNoGarbage(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 256 MB")
	}
	tt, base := residentTable(t, 256)
	tt.Resize(16)
	tt.Clear()
	if got := residentMB(t); got > base+16+32 {
		t.Errorf("resident %d MB after resizing to 16 MB (base %d): the old table was not released", got, base)
	}
}

// The threads of a search (their tables and stacks) fit in the 32 MB
// that the issue allows beside the hash table, up to the most threads
// the engine accepts.
func TestThreadsStayWithinHashPlus32MB(t *testing.T) {
	if testing.Short() {
		t.Skip("searches with 256 threads")
	}
	if raceEnabled {
		t.Skip("the race detector's shadow memory of 256 threads is not the engine's")
	}
	tt, base := residentTable(t, 16)
	s := NewSearcher(tt)
	s.SetThreads(MaxThreads)
	p := kiwipete()
	s.Search(p, Limits{MoveTime: 1500 * time.Millisecond})
	if got := residentMB(t); got > base+16+32 {
		t.Errorf("resident %d MB after a %d-thread search with a 16 MB table (base %d MB)", got, MaxThreads, base)
	} else {
		t.Logf("resident %d MB after a %d-thread search with a 16 MB table (base %d MB)", got, MaxThreads, base)
	}
}

// A table that nobody holds any more is unmapped after a collection,
// like heap memory, though it lies outside the heap.
func TestDroppedTableIsReleased(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 128 MB")
	}
	_, base := residentTable(t, 128) // and dropped at once
	for range 100 {
		runtime.GC() // the cleanup runs after the collection, on its own goroutine
		time.Sleep(10 * time.Millisecond)
		if residentMB(t) < base+32 {
			return
		}
	}
	t.Errorf("resident %d MB a second after the 128 MB table was dropped (base %d)", residentMB(t), base)
}

// The buckets start on a huge page boundary, so that a table of n huge
// pages uses n of them and not n+1.
func TestTableIsAlignedToHugePages(t *testing.T) {
	tt := NewTT(4)
	if addr := uintptr(unsafe.Pointer(&tt.buckets[0])); tt.mem.raw != nil && addr%hugePage != 0 {
		t.Errorf("buckets at %#x, not aligned to %d", addr, hugePage)
	}
	if len(tt.buckets) != 4<<20/64 {
		t.Errorf("%d buckets in a 4 MB table", len(tt.buckets))
	}
}
