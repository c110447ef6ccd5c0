package engine

import "unsafe"

// prefetch asks the processor to start loading the cache line at addr,
// without waiting for it (prefetch_amd64.s).
//
//go:noescape
func prefetch(addr unsafe.Pointer)
