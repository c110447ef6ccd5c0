package uci

import "syscall"

// availableMB returns the memory that can be allocated without swapping,
// in megabytes (free plus buffers), or 0 if unknown.
func availableMB() int {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	unit := uint64(si.Unit)
	return int((uint64(si.Freeram) + uint64(si.Bufferram)) * unit >> 20)
}
