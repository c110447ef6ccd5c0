package syzygy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
)

// Tables is a set of tablebase files found by Open. It is safe for
// concurrent use by many goroutines (each with its own chess.Position); a
// nil *Tables holds no tables and every probe of it fails.
type Tables struct {
	entries   map[materialKey]*entry // by both colour orders; read-only after Open
	all       []*table
	wdlCount  int
	maxPieces int
	closed    atomic.Bool

	mu       sync.Mutex
	problems []error
}

// entry holds the two tables of one material balance (either may be nil).
type entry struct {
	tables [2]*table // [wdlKind], [dtzKind]
}

// Open scans the directories in paths, separated by os.PathListSeparator
// (':' on Unix, ';' on Windows), for Syzygy files (*.rtbw, *.rtbz). It
// checks each file's name, size and magic number and returns the tables
// that pass, together with one error for each problem: a directory that
// cannot be read, a file that is not a table. Where two directories hold
// the same table, the first one's is used. The files are mapped on their
// first probe; problems found then are reported by Errors.
//
// The result is never nil; an empty paths gives no tables and no errors.
func Open(paths string) (*Tables, []error) {
	t := &Tables{entries: make(map[materialKey]*entry)}
	var errs []error
	for _, dir := range filepath.SplitList(paths) {
		if dir == "" {
			continue
		}
		list, err := os.ReadDir(dir)
		if err != nil {
			errs = append(errs, fmt.Errorf("syzygy: %v", err))
			continue
		}
		for _, de := range list {
			if err := t.add(dir, de); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return t, errs
}

// add registers the directory entry de of dir if it is a table file.
func (t *Tables) add(dir string, de os.DirEntry) error {
	name := de.Name()
	k := wdlKind
	switch {
	case strings.HasSuffix(name, extensions[wdlKind]):
	case strings.HasSuffix(name, extensions[dtzKind]):
		k = dtzKind
	default:
		return nil
	}
	path := filepath.Join(dir, name)
	if de.IsDir() {
		return fmt.Errorf("syzygy: %s: a directory, not a table file", path)
	}
	mat, err := parseMaterial(strings.TrimSuffix(name, extensions[k]))
	if err != nil {
		return fmt.Errorf("syzygy: %s: %v", path, err)
	}
	if err := checkFile(path, k); err != nil {
		return fmt.Errorf("syzygy: %s: %v", path, bare(err))
	}
	e := t.entries[mat.key]
	if e == nil {
		if e = t.entries[mat.key2]; e != nil {
			// The same material named the other way round: both files
			// cannot be right, keep the first.
			return fmt.Errorf("syzygy: %s: material already given by %s", path, e.any().path)
		}
		e = &entry{}
		t.entries[mat.key] = e
		t.entries[mat.key2] = e
	}
	if e.tables[k] != nil {
		return nil // the same table in an earlier directory
	}
	if other := e.tables[k^1]; other != nil {
		mat = other.mat // one description for both files
	}
	tb := &table{path: path, kind: k, mat: mat, report: t.report}
	e.tables[k] = tb
	t.all = append(t.all, tb)
	if k == wdlKind {
		t.wdlCount++
		t.maxPieces = max(t.maxPieces, mat.pieces)
	}
	return nil
}

// any returns one of the entry's tables.
func (e *entry) any() *table {
	if e.tables[wdlKind] != nil {
		return e.tables[wdlKind]
	}
	return e.tables[dtzKind]
}

// report records a problem found while loading a table.
func (t *Tables) report(err error) {
	t.mu.Lock()
	t.problems = append(t.problems, err)
	t.mu.Unlock()
}

// Errors returns the problems found with table files since Open on their
// first probe (a file that changed or vanished, a corrupt header), each
// naming its file, in the order they were found. Each broken file is
// reported once, and its probes fail from then on.
func (t *Tables) Errors() []error {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]error(nil), t.problems...)
}

// Count returns the number of WDL tables (.rtbw files) found. DTZ files
// are not counted: they serve only positions whose WDL table is there.
func (t *Tables) Count() int {
	if t == nil {
		return 0
	}
	return t.wdlCount
}

// MaxPieces returns the largest number of pieces, kings included, of a
// WDL table found, or 0 if there is none. Positions with more pieces are
// not probed.
func (t *Tables) MaxPieces() int {
	if t == nil {
		return 0
	}
	return t.maxPieces
}

// Close unmaps the files. Probes made after Close fail; Close must not be
// called while probes are running (they would read unmapped memory).
func (t *Tables) Close() error {
	if t == nil || t.closed.Swap(true) {
		return nil
	}
	var errs []error
	for _, tb := range t.all {
		if err := tb.close(); err != nil {
			errs = append(errs, fmt.Errorf("syzygy: %s: %v", tb.path, err))
		}
	}
	return errors.Join(errs...)
}
