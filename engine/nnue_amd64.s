#include "textflag.h"

// The network's vector loops. Each takes rows of n int16 values, n a
// multiple of 8. With AVX2 (·hasAVX2, cpu_amd64.go) and n a multiple of
// 16 they work on 16 values at a time; otherwise in SSE2, which every
// amd64 processor has, on 8.

// func dotClipped(a, w *int16, n int) int32
// returns the sum over i < n of min(max(a[i], 0), 255) * w[i].
TEXT ·dotClipped(SB), NOSPLIT|NOFRAME, $0-28
	MOVQ a+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), CX
	CMPB ·hasAVX2(SB), $0
	JEQ dotsse
	TESTQ $15, CX
	JNZ dotsse
	VPXOR Y7, Y7, Y7     // zeros
	VPCMPEQW Y6, Y6, Y6
	VPSRLW $8, Y6, Y6    // 255 in each word
	VPXOR Y5, Y5, Y5     // eight int32 sums
dotavx:
	VMOVDQU (SI), Y0
	VPMAXSW Y7, Y0, Y0
	VPMINSW Y6, Y0, Y0
	VPMADDWD (DI), Y0, Y0
	VPADDD Y0, Y5, Y5
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ dotavx
	VEXTRACTI128 $1, Y5, X0
	VPADDD X0, X5, X5
	VPSHUFD $0x4e, X5, X0
	VPADDD X0, X5, X5
	VPSHUFD $0xb1, X5, X0
	VPADDD X0, X5, X5
	VMOVD X5, AX
	VZEROUPPER
	MOVL AX, ret+24(FP)
	RET
dotsse:
	PXOR X7, X7        // zeros
	PCMPEQW X6, X6
	PSRLW $8, X6       // 255 in each word
	PXOR X5, X5        // four int32 sums
dotloop:
	MOVOU (SI), X0
	PMAXSW X7, X0
	PMINSW X6, X0
	MOVOU (DI), X1
	PMADDWL X1, X0
	PADDL X0, X5
	ADDQ $16, SI
	ADDQ $16, DI
	SUBQ $8, CX
	JNZ dotloop
	PSHUFD $0x4e, X5, X0
	PADDL X0, X5
	PSHUFD $0xb1, X5, X0
	PADDL X0, X5
	MOVQ X5, AX
	MOVL AX, ret+24(FP)
	RET

// func addSub(dst, src, add, sub *int16, n int)
// sets dst[i] = src[i] + add[i] - sub[i] for i < n.
TEXT ·addSub(SB), NOSPLIT|NOFRAME, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub+24(FP), BX
	MOVQ n+32(FP), CX
	CMPB ·hasAVX2(SB), $0
	JEQ addsubloop
	TESTQ $15, CX
	JNZ addsubloop
addsubavx:
	VMOVDQU (SI), Y0
	VPADDW (AX), Y0, Y0
	VPSUBW (BX), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, AX
	ADDQ $32, BX
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ addsubavx
	VZEROUPPER
	RET
addsubloop:
	MOVOU (SI), X0
	MOVOU (AX), X1
	MOVOU (BX), X2
	PADDW X1, X0
	PSUBW X2, X0
	MOVOU X0, (DI)
	ADDQ $16, SI
	ADDQ $16, AX
	ADDQ $16, BX
	ADDQ $16, DI
	SUBQ $8, CX
	JNZ addsubloop
	RET

// func addSubSub(dst, src, add, sub1, sub2 *int16, n int)
// sets dst[i] = src[i] + add[i] - sub1[i] - sub2[i] for i < n.
TEXT ·addSubSub(SB), NOSPLIT|NOFRAME, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub1+24(FP), BX
	MOVQ sub2+32(FP), DX
	MOVQ n+40(FP), CX
	CMPB ·hasAVX2(SB), $0
	JEQ addsubsubloop
	TESTQ $15, CX
	JNZ addsubsubloop
addsubsubavx:
	VMOVDQU (SI), Y0
	VPADDW (AX), Y0, Y0
	VPSUBW (BX), Y0, Y0
	VPSUBW (DX), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, AX
	ADDQ $32, BX
	ADDQ $32, DX
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ addsubsubavx
	VZEROUPPER
	RET
addsubsubloop:
	MOVOU (SI), X0
	MOVOU (AX), X1
	MOVOU (BX), X2
	MOVOU (DX), X3
	PADDW X1, X0
	PSUBW X2, X0
	PSUBW X3, X0
	MOVOU X0, (DI)
	ADDQ $16, SI
	ADDQ $16, AX
	ADDQ $16, BX
	ADDQ $16, DX
	ADDQ $16, DI
	SUBQ $8, CX
	JNZ addsubsubloop
	RET

// func addTo(dst, w *int16, n int)
// adds w[i] to dst[i] for i < n.
TEXT ·addTo(SB), NOSPLIT|NOFRAME, $0-24
	MOVQ dst+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ n+16(FP), CX
	CMPB ·hasAVX2(SB), $0
	JEQ addtoloop
	TESTQ $15, CX
	JNZ addtoloop
addtoavx:
	VMOVDQU (DI), Y0
	VPADDW (SI), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ addtoavx
	VZEROUPPER
	RET
addtoloop:
	MOVOU (DI), X0
	MOVOU (SI), X1
	PADDW X1, X0
	MOVOU X0, (DI)
	ADDQ $16, SI
	ADDQ $16, DI
	SUBQ $8, CX
	JNZ addtoloop
	RET
