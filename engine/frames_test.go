package engine

import (
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"testing"
)

// The search's two recursive functions keep small stack frames: every
// ply of every thread pays for them, and goroutine stacks grow in powers
// of two, so that some 150 bytes more a ply took the 256-thread search
// over its memory budget of Hash + 32 MB (docs/memory.md, 2026-12-01).
// The frames are read from the compiler's listing of the ferz binary as
// `go build` makes it, with the profile-guided inlining of
// cmd/ferz/default.pgo: it grew negamax's frame by 64 bytes when it
// inlined the making of a move into it, and a profile taken afresh on
// 2026-12-01 inlines the table's probe and store, the static evaluation,
// the move scoring and more into both functions, for frames of 1,144 and
// 688 bytes (docs/profiling.md). A profile is kept only if this passes.
//
// negamax's budget went from 640 to 656 bytes with keepeval (2026-12-03),
// whose early store of the evaluation took its frame from 608 to 648
// bytes, inlined or not: the shipped binary at 256 threads and 16 MB of
// hash, 1.5 s on Kiwipete, stayed at 47.5 MiB resident against 47.1.
func TestSearchFramesStaySmall(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the ferz binary")
	}
	if runtime.GOARCH != "amd64" {
		t.Skip("the budgets are amd64's")
	}
	budgets := map[string]int{"negamax": 656, "quiescence": 384} // bytes of locals
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(goTool, "build", "-gcflags=github.com/ferzchess/ferz/engine=-S", "-o", os.DevNull, "../cmd/ferz")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%.2000s", err, out)
	}
	frame := regexp.MustCompile(`(?m)^github\.com/ferzchess/ferz/engine\.\(\*Searcher\)\.(negamax|quiescence) STEXT .*locals=0x([0-9a-f]+)`)
	found := map[string]bool{}
	for _, m := range frame.FindAllSubmatch(out, -1) {
		name := string(m[1])
		size, _ := strconv.ParseInt(string(m[2]), 16, 64)
		found[name] = true
		if int(size) > budgets[name] {
			t.Errorf("%s has %d bytes of locals, over its budget of %d: keep what is dead during the recursive calls out of its frame (see makeMove), or keep the profile that was there (git checkout cmd/ferz/default.pgo)", name, size, budgets[name])
		} else {
			t.Logf("%s: %d bytes of locals (budget %d)", name, size, budgets[name])
		}
	}
	for name := range budgets {
		if !found[name] {
			t.Errorf("no frame of %s in the compiler's listing", name)
		}
	}
}
