//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package syzygy

import "os"

// mapFile reads the whole file into memory, on systems where this package
// does not memory-map files.
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	return readFile(f, size)
}
