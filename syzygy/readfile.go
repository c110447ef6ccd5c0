package syzygy

import (
	"fmt"
	"io"
	"os"
)

// readFile reads the whole file into memory: the fallback of mapFile
// where memory mapping is not available. The function it returns does
// nothing: the garbage collector frees the memory.
func readFile(f *os.File, size int64) ([]byte, func() error, error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil, fmt.Errorf("cannot read %d bytes into memory", size)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, fmt.Errorf("reading: %v", err)
	}
	return data, func() error { return nil }, nil
}
