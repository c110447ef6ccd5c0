//go:build linux

package engine

import (
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

// residentMB reads the process's resident set size from /proc.
func residentMB(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip(err)
	}
	f := strings.Fields(string(b))
	pages, _ := strconv.Atoi(f[1])
	return pages * os.Getpagesize() >> 20
}

func TestResizeLeavesNoGarbage(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 256 MB")
	}
	debug.FreeOSMemory()
	base := residentMB(t)
	tt := NewTT(256)
	tt.Clear() // touch every page
	if got := residentMB(t); got < base+200 {
		t.Fatalf("resident %d MB after a 256 MB table, base %d", got, base)
	}
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
	debug.FreeOSMemory()
	base := residentMB(t)
	tt := NewTT(16)
	tt.Clear()
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
