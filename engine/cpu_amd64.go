package engine

// hasAVX2 reports whether the processor and the operating system support
// AVX2, so that the network's vector loops (nnue_amd64.s) can work on
// 16 values at a time instead of 8. Tests switch it off to check the
// SSE2 loops too.
var hasAVX2 = detectAVX2()

// detectAVX2 asks the processor (CPUID) whether it has AVX2 and whether
// the operating system saves the 256-bit registers across context
// switches (OSXSAVE and the XMM and YMM bits of XCR0).
func detectAVX2() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}

// cpuid executes CPUID for a leaf and sub-leaf (cpu_amd64.s).
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv reads the extended control register XCR0 (cpu_amd64.s).
func xgetbv() (eax, edx uint32)
