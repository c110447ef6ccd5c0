//go:build linux

package match

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// clockTick is the unit of the CPU times in /proc/PID/stat (USER_HZ,
// 100 a second on every Linux architecture Go supports).
const clockTick = 10 * time.Millisecond

// processState describes what an engine process is doing, seen from
// outside: how much CPU its threads used over the interval and what
// each thread is in (its state, and the kernel function it waits in).
// After a timeout it tells an engine that was computing (a search that
// missed its limit) from one that was waiting (a blocked write, a lock,
// a sleep that should have ended) or stopped by the system. It returns
// "" when the process cannot be read.
func processState(pid int, interval time.Duration) string {
	before, ok := processCPU(pid)
	if !ok {
		return ""
	}
	time.Sleep(interval)
	after, ok := processCPU(pid)
	if !ok {
		return ""
	}
	return fmt.Sprintf("engine process used %v of CPU in %v; threads: %s",
		(after - before).Round(time.Millisecond), interval.Round(time.Millisecond), threadStates(pid))
}

// processCPU is the user and system time the process has used.
func processCPU(pid int) (time.Duration, bool) {
	fields, ok := statFields(fmt.Sprintf("/proc/%d/stat", pid))
	// After the command name: state (field 3 of stat) at 0, utime (14)
	// at 11 and stime (15) at 12.
	if !ok || len(fields) < 13 {
		return 0, false
	}
	user, err1 := strconv.ParseInt(fields[11], 10, 64)
	sys, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(user+sys) * clockTick, true
}

// threadStates counts the process's threads by state and wait channel,
// most common first, e.g. "3 S futex_wait_queue, 1 R".
func threadStates(pid int) string {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*", pid))
	count := map[string]int{}
	for _, t := range tasks {
		fields, ok := statFields(filepath.Join(t, "stat"))
		if !ok || len(fields) == 0 {
			continue
		}
		key := fields[0]
		if w, err := os.ReadFile(filepath.Join(t, "wchan")); err == nil {
			if s := strings.TrimSpace(string(w)); s != "" && s != "0" {
				key += " " + s
			}
		}
		count[key]++
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if count[keys[i]] != count[keys[j]] {
			return count[keys[i]] > count[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d %s", count[k], k)
	}
	if len(parts) == 0 {
		return "unknown"
	}
	return strings.Join(parts, ", ")
}

// statFields reads a /proc stat file and returns its fields after the
// command name, which is in parentheses and may hold spaces.
func statFields(path string) ([]string, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil, false
	}
	return strings.Fields(s[i+1:]), true
}
