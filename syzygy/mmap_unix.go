//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package syzygy

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps the file read-only into memory; the function it returns
// unmaps it.
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil, fmt.Errorf("cannot map %d bytes", size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("mmap: %v", err)
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
