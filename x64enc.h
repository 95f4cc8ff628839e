/*
** x64enc.h — the x86-64 instruction encoder of the tracing JIT.
**
** One function per instruction form appends that instruction's bytes to an
** X64Buf. The encoder knows nothing of IR, registers' contents or traces:
** the lowering of IR to machine code (asm_x64.c) decides what to emit and
** calls these functions; the register allocator hands it plain register
** numbers. test/jit/test_x64enc.c checks every form, over many operand
** combinations, against the bytes GNU as gives for the same instruction
** text; where x86 has two encodings of one instruction, the encoder picks
** the one GNU as picks, so that the two compare byte for byte.
**
** Names: x64_MNEMONIC[SIZE]_OPERANDS. The operand letters are in Intel
** order, destination first: r a general register, x an XMM register, m a
** memory operand (X64Mem), i an immediate. Without SIZE the operation is
** 64-bit; 32, 16 or 8 name a narrower one (x64_mov32_rm loads 32 bits and
** zero-extends, x64_mov8_mr stores the low byte of a register). Registers
** are ints: X64_RAX..X64_R15 or X64_XMM0..X64_XMM15, numbered as the
** hardware numbers them.
**
** Buffer: functions append at b->p. An instruction that does not fit sets
** b->overflow and writes nothing, nor does any later one: the caller
** checks overflow once, after emitting a whole trace, and retries with a
** bigger buffer. Nothing is ever written at or past b->end.
**
** Branches: code is encoded in place, at the address it will run at, so
** branch and call targets are real addresses. A rel32 branch or call
** returns the address of its 4-byte displacement (NULL after an overflow),
** and a NULL target leaves it 0, so that a forward branch is emitted first
** and patched with x64_patch_rel32 once its target is known. A
** RIP-relative operand's displacement counts from the end of the
** instruction, as in hardware; for an instruction without an immediate it
** is the last 4 bytes, which x64_patch_rel32 can also fill in.
**
** Invalid operands (RSP as an index, RIP with an index, a scale other than
** 1/2/4/8, a rel8 target out of range) are the caller's bug: they are
** asserted in builds with TIDE_ASSERT.
*/
#ifndef TIDE_X64ENC_H
#define TIDE_X64ENC_H

#include <stddef.h>
#include <stdint.h>

typedef struct X64Buf {
  uint8_t *p;      /* where the next instruction goes */
  uint8_t *start;
  uint8_t *end;    /* one past the last usable byte */
  int overflow;    /* an instruction did not fit; the code is incomplete */
} X64Buf;

void x64_init(X64Buf *b, uint8_t *mem, size_t len);

/* Registers, numbered as in ModRM/SIB/REX (bit 3 goes to REX) */
enum {
  X64_RAX, X64_RCX, X64_RDX, X64_RBX, X64_RSP, X64_RBP, X64_RSI, X64_RDI,
  X64_R8, X64_R9, X64_R10, X64_R11, X64_R12, X64_R13, X64_R14, X64_R15
};
enum {
  X64_XMM0, X64_XMM1, X64_XMM2, X64_XMM3, X64_XMM4, X64_XMM5, X64_XMM6, X64_XMM7,
  X64_XMM8, X64_XMM9, X64_XMM10, X64_XMM11, X64_XMM12, X64_XMM13, X64_XMM14, X64_XMM15
};
#define X64_NOREG (-1) /* no base or no index */
#define X64_RIP (-2)   /* base: RIP-relative */

/* Condition codes, numbered as in Jcc/SETcc/CMOVcc: cc ^ 1 negates. After
** ucomisd, "below" is B (carry) and unordered sets ZF, PF and CF. */
typedef enum X64CC {
  X64_CC_O, X64_CC_NO, X64_CC_B, X64_CC_AE, X64_CC_E, X64_CC_NE, X64_CC_BE, X64_CC_A,
  X64_CC_S, X64_CC_NS, X64_CC_P, X64_CC_NP, X64_CC_L, X64_CC_GE, X64_CC_LE, X64_CC_G
} X64CC;

/* A memory operand: [base + index*scale + disp]. base is a register,
** X64_NOREG (an absolute 32-bit address, sign-extended) or X64_RIP (disp
** relative to the end of the instruction; no index then); index is a
** register other than RSP, or X64_NOREG; scale is 1, 2, 4 or 8. */
typedef struct X64Mem {
  int base;
  int index;
  int scale;
  int32_t disp;
} X64Mem;

static inline X64Mem x64mem(int base, int32_t disp) {
  X64Mem m = {base, X64_NOREG, 1, disp};
  return m;
}
static inline X64Mem x64mem_idx(int base, int index, int scale, int32_t disp) {
  X64Mem m = {base, index, scale, disp};
  return m;
}
static inline X64Mem x64mem_rip(int32_t disp) { return x64mem(X64_RIP, disp); }
static inline X64Mem x64mem_abs(int32_t addr) { return x64mem(X64_NOREG, addr); }

/* ----------------------------------------------------------------------
** Moves
** ---------------------------------------------------------------------- */

void x64_mov_rr(X64Buf *b, int dst, int src);
void x64_mov32_rr(X64Buf *b, int dst, int src); /* zero-extends */
/* dst = imm, shortest first: mov r32, imm32 (zero-extends) when imm fits
** 32 bits unsigned, else mov r64, simm32 (sign-extends), else movabs */
void x64_mov_ri(X64Buf *b, int dst, int64_t imm);
void x64_mov32_ri(X64Buf *b, int dst, uint32_t imm);
void x64_mov_rm(X64Buf *b, int dst, X64Mem m);
void x64_mov32_rm(X64Buf *b, int dst, X64Mem m);     /* zero-extends */
void x64_movzx8_rm(X64Buf *b, int dst, X64Mem m);    /* movzbl */
void x64_movzx16_rm(X64Buf *b, int dst, X64Mem m);   /* movzwl */
void x64_movzx8_rr(X64Buf *b, int dst, int src);     /* movzbl from SPL..R15B too */
void x64_movsxd_rr(X64Buf *b, int dst, int src);     /* movslq */
void x64_movsxd_rm(X64Buf *b, int dst, X64Mem m);
void x64_mov_mr(X64Buf *b, X64Mem m, int src);
void x64_mov32_mr(X64Buf *b, X64Mem m, int src);
void x64_mov16_mr(X64Buf *b, X64Mem m, int src);
void x64_mov8_mr(X64Buf *b, X64Mem m, int src);
void x64_mov_mi(X64Buf *b, X64Mem m, int32_t imm);   /* sign-extended to 64 */
void x64_mov32_mi(X64Buf *b, X64Mem m, int32_t imm);
void x64_mov8_mi(X64Buf *b, X64Mem m, int imm);      /* low byte of imm */
void x64_lea(X64Buf *b, int dst, X64Mem m);

/* ----------------------------------------------------------------------
** Integer arithmetic
** ---------------------------------------------------------------------- */

/* The ALU group, X(name, NAME, ModRM /digit); the value of X64_ADD etc. is
** the /digit, and ((digit << 3) | 1) the opcode of the register form. */
#define X64ALU(X) X(add, ADD, 0) X(or, OR, 1) X(and, AND, 4) X(sub, SUB, 5) X(xor, XOR, 6) X(cmp, CMP, 7)
typedef enum X64Alu {
#define X64ALU_ENUM(name, NAME, digit) X64_##NAME = digit,
  X64ALU(X64ALU_ENUM)
#undef X64ALU_ENUM
} X64Alu;

/* dst = dst OP src (cmp: flags of dst - src). An immediate is an imm8 when
** it fits (sign-extended), else an imm32, in the accumulator's short form
** for RAX. */
void x64_alu_rr(X64Buf *b, X64Alu op, int dst, int src);
void x64_alu_ri(X64Buf *b, X64Alu op, int dst, int32_t imm);
void x64_alu_rm(X64Buf *b, X64Alu op, int dst, X64Mem m);
void x64_alu_mr(X64Buf *b, X64Alu op, X64Mem m, int src);
void x64_alu_mi(X64Buf *b, X64Alu op, X64Mem m, int32_t imm);
void x64_alu32_rr(X64Buf *b, X64Alu op, int dst, int src);
void x64_alu32_ri(X64Buf *b, X64Alu op, int dst, int32_t imm);
void x64_alu32_rm(X64Buf *b, X64Alu op, int dst, X64Mem m);
void x64_alu32_mr(X64Buf *b, X64Alu op, X64Mem m, int src);
void x64_alu32_mi(X64Buf *b, X64Alu op, X64Mem m, int32_t imm);
void x64_cmp8_mi(X64Buf *b, X64Mem m, int imm); /* cmpb: type tags */

/* x64_add_rr, x64_add_ri, x64_add_rm, x64_add_mr, x64_add_mi and the same
** with add32, for each operation of X64ALU: or, and, sub, xor, cmp */
#define X64ALU_NAMED(name, NAME, digit) \
  static inline void x64_##name##_rr(X64Buf *b, int dst, int src) { x64_alu_rr(b, X64_##NAME, dst, src); } \
  static inline void x64_##name##_ri(X64Buf *b, int dst, int32_t i) { x64_alu_ri(b, X64_##NAME, dst, i); } \
  static inline void x64_##name##_rm(X64Buf *b, int dst, X64Mem m) { x64_alu_rm(b, X64_##NAME, dst, m); } \
  static inline void x64_##name##_mr(X64Buf *b, X64Mem m, int src) { x64_alu_mr(b, X64_##NAME, m, src); } \
  static inline void x64_##name##_mi(X64Buf *b, X64Mem m, int32_t i) { x64_alu_mi(b, X64_##NAME, m, i); } \
  static inline void x64_##name##32_rr(X64Buf *b, int dst, int src) { x64_alu32_rr(b, X64_##NAME, dst, src); } \
  static inline void x64_##name##32_ri(X64Buf *b, int dst, int32_t i) { x64_alu32_ri(b, X64_##NAME, dst, i); } \
  static inline void x64_##name##32_rm(X64Buf *b, int dst, X64Mem m) { x64_alu32_rm(b, X64_##NAME, dst, m); } \
  static inline void x64_##name##32_mr(X64Buf *b, X64Mem m, int src) { x64_alu32_mr(b, X64_##NAME, m, src); } \
  static inline void x64_##name##32_mi(X64Buf *b, X64Mem m, int32_t i) { x64_alu32_mi(b, X64_##NAME, m, i); }
X64ALU(X64ALU_NAMED)
#undef X64ALU_NAMED

/* flags of a & b; x64_test_ri has no imm8 form (GNU as: A9 for RAX, else F7) */
void x64_test_rr(X64Buf *b, int a, int c);
void x64_test_ri(X64Buf *b, int a, int32_t imm);
void x64_test32_rr(X64Buf *b, int a, int c);
void x64_test32_ri(X64Buf *b, int a, int32_t imm);
void x64_test8_mi(X64Buf *b, X64Mem m, int imm); /* testb: flag bits */

void x64_imul_rr(X64Buf *b, int dst, int src);             /* dst *= src */
void x64_imul_rm(X64Buf *b, int dst, X64Mem m);
void x64_imul_rri(X64Buf *b, int dst, int src, int32_t imm); /* dst = src*imm */
void x64_neg(X64Buf *b, int r);
void x64_not(X64Buf *b, int r);
void x64_cqo(X64Buf *b);             /* RDX:RAX = sign-extended RAX */
void x64_idiv(X64Buf *b, int r);     /* RAX = RDX:RAX / r, RDX = remainder */

/* Shifts, X(name, NAME, ModRM /digit): by CL (x64_shl_cl) or by an
** immediate 0..63 (x64_shl_ri; 1 takes the short D1 form) */
#define X64SHIFT(X) X(shl, SHL, 4) X(shr, SHR, 5) X(sar, SAR, 7)
typedef enum X64Shift {
#define X64SHIFT_ENUM(name, NAME, digit) X64_##NAME = digit,
  X64SHIFT(X64SHIFT_ENUM)
#undef X64SHIFT_ENUM
} X64Shift;
void x64_shift_cl(X64Buf *b, X64Shift op, int r);
void x64_shift_ri(X64Buf *b, X64Shift op, int r, int imm);
#define X64SHIFT_NAMED(name, NAME, digit) \
  static inline void x64_##name##_cl(X64Buf *b, int r) { x64_shift_cl(b, X64_##NAME, r); } \
  static inline void x64_##name##_ri(X64Buf *b, int r, int imm) { x64_shift_ri(b, X64_##NAME, r, imm); }
X64SHIFT(X64SHIFT_NAMED)
#undef X64SHIFT_NAMED

void x64_cmov_rr(X64Buf *b, X64CC cc, int dst, int src); /* if cc: dst = src */
void x64_setcc(X64Buf *b, X64CC cc, int r);              /* low byte of r = cc */

/* ----------------------------------------------------------------------
** Control flow
** ---------------------------------------------------------------------- */

/* rel32 forms: return the displacement's address (NULL after overflow);
** target NULL leaves it 0; target must be within +-2 GiB (x64_rel32_ok) */
uint8_t *x64_jcc(X64Buf *b, X64CC cc, const uint8_t *target);
uint8_t *x64_jmp(X64Buf *b, const uint8_t *target);
uint8_t *x64_call(X64Buf *b, const uint8_t *target);
/* rel8 forms: target within -128..127 of the instruction's end (or NULL,
** to patch); they return the displacement byte's address (or NULL) */
uint8_t *x64_jcc8(X64Buf *b, X64CC cc, const uint8_t *target);
uint8_t *x64_jmp8(X64Buf *b, const uint8_t *target);
void x64_jmp_r(X64Buf *b, int r);
void x64_jmp_m(X64Buf *b, X64Mem m);
void x64_call_r(X64Buf *b, int r);
void x64_call_m(X64Buf *b, X64Mem m);
void x64_ret(X64Buf *b);

/* Whether a rel32 field at `field` can reach target */
int x64_rel32_ok(const uint8_t *field, const uint8_t *target);
/* Point a rel32 field at target; 0 (and nothing written) if out of range */
int x64_patch_rel32(uint8_t *field, const uint8_t *target);
/* The same for a rel8 field */
int x64_patch_rel8(uint8_t *field, const uint8_t *target);

/* ----------------------------------------------------------------------
** Miscellaneous
** ---------------------------------------------------------------------- */

void x64_push(X64Buf *b, int r);
void x64_pop(X64Buf *b, int r);
void x64_nop(X64Buf *b, int len); /* len bytes of padding, in NOPs of <= 9 bytes */
void x64_ud2(X64Buf *b);
void x64_int3(X64Buf *b);

/* ----------------------------------------------------------------------
** SSE2 (and SSE4.1 roundsd) on scalar doubles
** ---------------------------------------------------------------------- */

/* Two-operand XMM instructions, X(name, NAME, mandatory prefix, opcode
** after 0F); the value of X64_ADDSD etc. is (prefix << 8) | opcode.
** x64_NAME_xx(b, dst, src) and x64_NAME_xm(b, dst, m): dst = dst OP src
** (movsd_xm and movaps_xx load/copy; ucomisd sets flags). */
#define X64SSE(X) \
  X(movsd, MOVSD, 0xf2, 0x10) X(movaps, MOVAPS, 0x00, 0x28) \
  X(addsd, ADDSD, 0xf2, 0x58) X(subsd, SUBSD, 0xf2, 0x5c) \
  X(mulsd, MULSD, 0xf2, 0x59) X(divsd, DIVSD, 0xf2, 0x5e) \
  X(sqrtsd, SQRTSD, 0xf2, 0x51) X(minsd, MINSD, 0xf2, 0x5d) \
  X(maxsd, MAXSD, 0xf2, 0x5f) X(ucomisd, UCOMISD, 0x66, 0x2e) \
  X(xorpd, XORPD, 0x66, 0x57) X(andpd, ANDPD, 0x66, 0x54) \
  X(andnpd, ANDNPD, 0x66, 0x55) X(pxor, PXOR, 0x66, 0xef)
typedef enum X64Sse {
#define X64SSE_ENUM(name, NAME, pfx, opc) X64_##NAME = ((pfx) << 8) | (opc),
  X64SSE(X64SSE_ENUM)
#undef X64SSE_ENUM
} X64Sse;
void x64_sse_xx(X64Buf *b, X64Sse op, int dst, int src);
void x64_sse_xm(X64Buf *b, X64Sse op, int dst, X64Mem m);
#define X64SSE_NAMED(name, NAME, pfx, opc) \
  static inline void x64_##name##_xx(X64Buf *b, int dst, int src) { x64_sse_xx(b, X64_##NAME, dst, src); } \
  static inline void x64_##name##_xm(X64Buf *b, int dst, X64Mem m) { x64_sse_xm(b, X64_##NAME, dst, m); }
X64SSE(X64SSE_NAMED)
#undef X64SSE_NAMED

void x64_movsd_mx(X64Buf *b, X64Mem m, int src);    /* store the low double */
void x64_movq_xr(X64Buf *b, int dst, int src);      /* the 64 bits of a GPR to XMM */
void x64_movq_rx(X64Buf *b, int dst, int src);      /* and back */
void x64_cvtsi2sd_xr(X64Buf *b, int dst, int src);  /* int64 to double (rounds) */
void x64_cvttsd2si_rx(X64Buf *b, int dst, int src); /* double to int64, truncating */
/* roundsd (SSE4.1): mode 0 nearest, 1 floor, 2 ceil, 3 truncate; +8
** suppresses the inexact exception */
void x64_roundsd_xxi(X64Buf *b, int dst, int src, int mode);

#endif
