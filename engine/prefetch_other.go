//go:build !amd64

package engine

import "unsafe"

// prefetch does nothing where no assembly version is written.
func prefetch(addr unsafe.Pointer) {}
