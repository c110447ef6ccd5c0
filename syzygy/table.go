package syzygy

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
)

// kind tells WDL tables from DTZ tables.
type kind uint8

const (
	wdlKind kind = iota
	dtzKind
)

// extensions and magic numbers of the two kinds of file.
var (
	extensions = [2]string{".rtbw", ".rtbz"}
	magics     = [2][4]byte{{0x71, 0xE8, 0x23, 0x5D}, {0xD7, 0x66, 0x0C, 0xA5}}
)

// States of a table.
const (
	unloaded uint32 = iota
	ready
	broken // missing, corrupt, or closed
)

// table is one file: found at Open, mapped and read on its first probe.
type table struct {
	path string
	kind kind
	mat  *material

	state  atomic.Uint32
	mu     sync.Mutex // held while loading or closing
	data   []byte
	unmap  func() error
	report func(error) // records a problem found when loading

	pairs [2][4]pairs // [side to move][file of the leading pawn]
}

// loadFile maps a file into memory: mapFile, which memory-maps it where
// the system allows it; tests set it to readFile to try the fallback.
var loadFile = mapFile

// checkFile reports whether the file at path looks like a table of kind
// k: a size of 16 more than a multiple of 64 and the right magic number.
// It reads only the first bytes.
func checkFile(path string, k kind) error {
	f, _, err := openTableFile(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var magic [4]byte
	if _, err := io.ReadFull(f, magic[:]); err != nil {
		return fmt.Errorf("reading the magic number: %v", err)
	}
	return checkMagic(magic[:], k)
}

// openTableFile opens a table file whose size can be a table's, and
// returns it with its size.
func openTableFile(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkSize(fi.Size())
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, fi.Size(), nil
}

func checkSize(size int64) error {
	if size < 64+16 || size%64 != 16 {
		return fmt.Errorf("size %d bytes is not a Syzygy table's (16 more than a multiple of 64): truncated or not a table", size)
	}
	return nil
}

func checkMagic(magic []byte, k kind) error {
	if !bytes.Equal(magic, magics[k][:]) {
		other := "not a Syzygy table"
		if bytes.Equal(magic, magics[k^1][:]) {
			other = "a " + [2]string{"WDL", "DTZ"}[k^1] + " table under the wrong extension"
		}
		return fmt.Errorf("wrong magic number % x: %s", magic, other)
	}
	return nil
}

// bare strips the file name from an error of the os package: messages
// name the file once, in front.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", pe.Op, pe.Err)
	}
	return err
}

// loaded reports whether the table is mapped and parsed, loading it on the
// first call. It is safe for concurrent use.
func (t *table) loaded() bool {
	if s := t.state.Load(); s != unloaded {
		return s == ready
	}
	return t.load()
}

func (t *table) load() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if s := t.state.Load(); s != unloaded {
		return s == ready
	}
	if err := t.open(); err != nil {
		t.release()
		t.state.Store(broken)
		t.report(fmt.Errorf("syzygy: %s: %v", t.path, bare(err)))
		return false
	}
	t.state.Store(ready)
	return true
}

// open maps the file and reads its header.
func (t *table) open() error {
	f, size, err := openTableFile(t.path)
	if err != nil {
		return err
	}
	defer f.Close()
	t.data, t.unmap, err = loadFile(f, size)
	if err != nil {
		return err
	}
	if err := checkMagic(t.data[:4], t.kind); err != nil {
		return err
	}
	return t.parse(t.data)
}

// release unmaps the file; the caller holds t.mu.
func (t *table) release() error {
	var err error
	if t.unmap != nil {
		err = t.unmap()
	}
	t.data, t.unmap = nil, nil
	t.pairs = [2][4]pairs{}
	return err
}

// close makes the table unusable and unmaps it.
func (t *table) close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.state.Store(broken)
	return t.release()
}
