/*
** x64enc.c — the x86-64 instruction encoder (see x64enc.h).
**
** An instruction is assembled into a 16-byte scratch array first and then
** copied to the buffer whole, so that one that does not fit leaves the
** buffer as it was (X64Buf.overflow set). Most instructions go through
** one routine, x64e_modrm_ins: [mandatory prefix] [REX] opcode ModRM [SIB]
** [disp] [imm]. The rest (opcode+register, branches) are spelled out.
**
** The ModRM/SIB cases (Intel SDM vol. 2, tables 2-2 and 2-3):
**   - rm = 100 means "a SIB byte follows", so a base of RSP or R12 always
**     takes a SIB byte (with index 100: none);
**   - mod = 00 with rm = 101 means RIP+disp32, so a base of RBP or R13
**     with no displacement takes mod = 01 and a zero disp8;
**   - in a SIB byte, base = 101 with mod = 00 means "no base, disp32":
**     that encodes both [index*scale + disp32] and (index 100) an absolute
**     [disp32];
**   - index 100 means "no index", so RSP cannot be an index (R12 can:
**     REX.X tells them apart);
**   - a displacement is omitted when 0, a disp8 when it fits -128..127,
**     else a disp32.
** A REX prefix is emitted when some bit of it is set, and also when a byte
** operand is SPL, BPL, SIL or DIL (registers 4-7, which without REX mean
** AH, CH, DH, BH).
*/
#include "x64enc.h"

#include <string.h>

#ifdef TIDE_ASSERT
#include <assert.h>
#define x64_assert(c) assert(c)
#else
#define x64_assert(c) ((void)0)
#endif

#define fits8(x) ((x) >= -128 && (x) <= 127)

void x64_init(X64Buf *b, uint8_t *mem, size_t len) {
  b->p = b->start = mem;
  b->end = mem + len;
  b->overflow = 0;
}

/* Copies a finished instruction to the buffer, or sets overflow. Returns
** where it went (NULL if it did not). */
static uint8_t *x64e_put(X64Buf *b, const uint8_t *ins, const uint8_t *q) {
  size_t n = (size_t)(q - ins);
  uint8_t *at = b->p;
  if (b->overflow || (size_t)(b->end - at) < n) {
    b->overflow = 1;
    return NULL;
  }
  memcpy(at, ins, n);
  b->p = at + n;
  return at;
}

static uint8_t *x64e_put32(uint8_t *q, uint32_t v) {
  q[0] = (uint8_t)v;
  q[1] = (uint8_t)(v >> 8);
  q[2] = (uint8_t)(v >> 16);
  q[3] = (uint8_t)(v >> 24);
  return q + 4;
}

/* ----------------------------------------------------------------------
** ModRM instructions
** ---------------------------------------------------------------------- */

/* Flags of x64e_modrm_ins */
#define F_W    0x01 /* REX.W: 64-bit operand size */
#define F_66   0x02 /* operand-size prefix (16-bit, or SSE's mandatory 66) */
#define F_F2   0x04 /* SSE's mandatory F2 */
#define F_BREG 0x08 /* the reg field is a byte register */
#define F_BRM  0x10 /* a register rm operand is a byte register */

/* ModRM, SIB and displacement of memory operand m, with `reg` (a register
** or a /digit) in the reg field */
static uint8_t *x64e_put_mem(uint8_t *q, int reg, const X64Mem *m) {
  int r = (reg & 7) << 3;
  int ss, idx, mod;
  x64_assert(m->index != X64_RSP);
  x64_assert(m->scale == 1 || m->scale == 2 || m->scale == 4 || m->scale == 8);
  ss = m->scale == 8 ? 3 : m->scale == 4 ? 2 : m->scale == 2 ? 1 : 0;
  idx = m->index == X64_NOREG ? 4 : (m->index & 7);
  if (m->base == X64_RIP) {
    x64_assert(m->index == X64_NOREG);
    *q++ = (uint8_t)(r | 5);
    return x64e_put32(q, (uint32_t)m->disp);
  }
  if (m->base == X64_NOREG) { /* SIB with no base: [index*scale + disp32] */
    *q++ = (uint8_t)(r | 4);
    *q++ = (uint8_t)(ss << 6 | idx << 3 | 5);
    return x64e_put32(q, (uint32_t)m->disp);
  }
  if (m->disp == 0 && (m->base & 7) != X64_RBP) mod = 0;
  else if (fits8(m->disp)) mod = 1;
  else mod = 2;
  if (m->index != X64_NOREG || (m->base & 7) == X64_RSP) {
    *q++ = (uint8_t)(mod << 6 | r | 4);
    *q++ = (uint8_t)(ss << 6 | idx << 3 | (m->base & 7));
  } else {
    *q++ = (uint8_t)(mod << 6 | r | (m->base & 7));
  }
  if (mod == 1) *q++ = (uint8_t)m->disp;
  else if (mod == 2) q = x64e_put32(q, (uint32_t)m->disp);
  return q;
}

/* One instruction with a ModRM byte: flags F_*, opcode `opc` of 1-3 bytes
** (0x0f3a0b is 0F 3A 0B), `reg` in the reg field, and as the other operand
** register rm (m NULL) or memory *m; then an immediate of immlen (0, 1
** or 4) bytes. */
static void x64e_modrm_ins(X64Buf *b, unsigned f, uint32_t opc, int reg, int rm, const X64Mem *m,
                      int immlen, int32_t imm) {
  uint8_t ins[16], *q = ins;
  unsigned rex = 0;
  if (f & F_66) *q++ = 0x66;
  if (f & F_F2) *q++ = 0xf2;
  if (f & F_W) rex |= 8;
  if (reg & 8) rex |= 4;
  if (m != NULL) {
    if (m->index >= 0 && (m->index & 8)) rex |= 2;
    if (m->base >= 0 && (m->base & 8)) rex |= 1;
  } else if (rm & 8) {
    rex |= 1;
  }
  if (rex || ((f & F_BREG) && reg >= 4) || ((f & F_BRM) && m == NULL && rm >= 4))
    *q++ = (uint8_t)(0x40 | rex);
  if (opc > 0xffff) *q++ = (uint8_t)(opc >> 16);
  if (opc > 0xff) *q++ = (uint8_t)(opc >> 8);
  *q++ = (uint8_t)opc;
  if (m != NULL) q = x64e_put_mem(q, reg, m);
  else *q++ = (uint8_t)(0xc0 | (reg & 7) << 3 | (rm & 7));
  if (immlen == 1) *q++ = (uint8_t)imm;
  else if (immlen == 4) q = x64e_put32(q, (uint32_t)imm);
  x64e_put(b, ins, q);
}

#define rr(b, f, opc, reg, rm) x64e_modrm_ins(b, f, opc, reg, rm, NULL, 0, 0)
#define rmem(b, f, opc, reg, m) x64e_modrm_ins(b, f, opc, reg, 0, &(m), 0, 0)

/* An opcode with the register in its low 3 bits (push, pop, mov r, imm) */
static uint8_t *x64e_opreg(uint8_t *q, unsigned w, uint8_t opc, int r) {
  if (w || (r & 8)) *q++ = (uint8_t)(0x40 | w | (r & 8) >> 3);
  *q++ = (uint8_t)(opc | (r & 7));
  return q;
}

/* ----------------------------------------------------------------------
** Moves
** ---------------------------------------------------------------------- */

/* Register-to-register moves use the store opcodes (89, 01...) with the
** source in the reg field, as GNU as does. */
void x64_mov_rr(X64Buf *b, int dst, int src) { rr(b, F_W, 0x89, src, dst); }
void x64_mov32_rr(X64Buf *b, int dst, int src) { rr(b, 0, 0x89, src, dst); }

void x64_mov32_ri(X64Buf *b, int dst, uint32_t imm) {
  uint8_t ins[16], *q = x64e_opreg(ins, 0, 0xb8, dst);
  x64e_put(b, ins, x64e_put32(q, imm));
}

void x64_mov_ri(X64Buf *b, int dst, int64_t imm) {
  uint8_t ins[16], *q;
  if (imm >= 0 && imm <= (int64_t)UINT32_MAX) {
    x64_mov32_ri(b, dst, (uint32_t)imm);
  } else if (imm >= INT32_MIN && imm <= INT32_MAX) {
    x64e_modrm_ins(b, F_W, 0xc7, 0, dst, NULL, 4, (int32_t)imm);
  } else {
    q = x64e_opreg(ins, 8, 0xb8, dst);
    q = x64e_put32(q, (uint32_t)imm);
    x64e_put(b, ins, x64e_put32(q, (uint32_t)((uint64_t)imm >> 32)));
  }
}

void x64_mov_rm(X64Buf *b, int dst, X64Mem m) { rmem(b, F_W, 0x8b, dst, m); }
void x64_mov32_rm(X64Buf *b, int dst, X64Mem m) { rmem(b, 0, 0x8b, dst, m); }
void x64_movzx8_rm(X64Buf *b, int dst, X64Mem m) { rmem(b, 0, 0x0fb6, dst, m); }
void x64_movzx16_rm(X64Buf *b, int dst, X64Mem m) { rmem(b, 0, 0x0fb7, dst, m); }
void x64_movzx8_rr(X64Buf *b, int dst, int src) { rr(b, F_BRM, 0x0fb6, dst, src); }
void x64_movsxd_rr(X64Buf *b, int dst, int src) { rr(b, F_W, 0x63, dst, src); }
void x64_movsxd_rm(X64Buf *b, int dst, X64Mem m) { rmem(b, F_W, 0x63, dst, m); }
void x64_mov_mr(X64Buf *b, X64Mem m, int src) { rmem(b, F_W, 0x89, src, m); }
void x64_mov32_mr(X64Buf *b, X64Mem m, int src) { rmem(b, 0, 0x89, src, m); }
void x64_mov16_mr(X64Buf *b, X64Mem m, int src) { rmem(b, F_66, 0x89, src, m); }
void x64_mov8_mr(X64Buf *b, X64Mem m, int src) { rmem(b, F_BREG, 0x88, src, m); }
void x64_mov_mi(X64Buf *b, X64Mem m, int32_t imm) { x64e_modrm_ins(b, F_W, 0xc7, 0, 0, &m, 4, imm); }
void x64_mov32_mi(X64Buf *b, X64Mem m, int32_t imm) { x64e_modrm_ins(b, 0, 0xc7, 0, 0, &m, 4, imm); }
void x64_mov8_mi(X64Buf *b, X64Mem m, int imm) { x64e_modrm_ins(b, 0, 0xc6, 0, 0, &m, 1, imm); }
void x64_lea(X64Buf *b, int dst, X64Mem m) { rmem(b, F_W, 0x8d, dst, m); }

/* ----------------------------------------------------------------------
** Integer arithmetic
** ---------------------------------------------------------------------- */

/* The ALU group at operand size `w` (F_W or 0). Opcodes: (op << 3) | 1
** r/m OP= reg, | 3 reg OP= r/m, | 5 accumulator OP= imm32; 83 /op imm8
** and 81 /op imm32. */
static void x64e_alu_ri(X64Buf *b, unsigned w, X64Alu op, int dst, int32_t imm) {
  if (fits8(imm)) {
    x64e_modrm_ins(b, w, 0x83, op, dst, NULL, 1, imm);
  } else if (dst == X64_RAX) {
    uint8_t ins[16], *q = ins;
    if (w) *q++ = 0x48;
    *q++ = (uint8_t)(op << 3 | 5);
    x64e_put(b, ins, x64e_put32(q, (uint32_t)imm));
  } else {
    x64e_modrm_ins(b, w, 0x81, op, dst, NULL, 4, imm);
  }
}

static void x64e_alu_mi(X64Buf *b, unsigned w, X64Alu op, X64Mem m, int32_t imm) {
  if (fits8(imm)) x64e_modrm_ins(b, w, 0x83, op, 0, &m, 1, imm);
  else x64e_modrm_ins(b, w, 0x81, op, 0, &m, 4, imm);
}

void x64_alu_rr(X64Buf *b, X64Alu op, int dst, int src) { rr(b, F_W, op << 3 | 1, src, dst); }
void x64_alu_ri(X64Buf *b, X64Alu op, int dst, int32_t imm) { x64e_alu_ri(b, F_W, op, dst, imm); }
void x64_alu_rm(X64Buf *b, X64Alu op, int dst, X64Mem m) { rmem(b, F_W, op << 3 | 3, dst, m); }
void x64_alu_mr(X64Buf *b, X64Alu op, X64Mem m, int src) { rmem(b, F_W, op << 3 | 1, src, m); }
void x64_alu_mi(X64Buf *b, X64Alu op, X64Mem m, int32_t imm) { x64e_alu_mi(b, F_W, op, m, imm); }
void x64_alu32_rr(X64Buf *b, X64Alu op, int dst, int src) { rr(b, 0, op << 3 | 1, src, dst); }
void x64_alu32_ri(X64Buf *b, X64Alu op, int dst, int32_t imm) { x64e_alu_ri(b, 0, op, dst, imm); }
void x64_alu32_rm(X64Buf *b, X64Alu op, int dst, X64Mem m) { rmem(b, 0, op << 3 | 3, dst, m); }
void x64_alu32_mr(X64Buf *b, X64Alu op, X64Mem m, int src) { rmem(b, 0, op << 3 | 1, src, m); }
void x64_alu32_mi(X64Buf *b, X64Alu op, X64Mem m, int32_t imm) { x64e_alu_mi(b, 0, op, m, imm); }
void x64_cmp8_mi(X64Buf *b, X64Mem m, int imm) { x64e_modrm_ins(b, 0, 0x80, X64_CMP, 0, &m, 1, imm); }

/* test: 85 /r; A9 imm32 for the accumulator, else F7 /0 imm32 */
static void x64e_test_ri(X64Buf *b, unsigned w, int a, int32_t imm) {
  if (a == X64_RAX) {
    uint8_t ins[16], *q = ins;
    if (w) *q++ = 0x48;
    *q++ = 0xa9;
    x64e_put(b, ins, x64e_put32(q, (uint32_t)imm));
  } else {
    x64e_modrm_ins(b, w, 0xf7, 0, a, NULL, 4, imm);
  }
}

void x64_test_rr(X64Buf *b, int a, int c) { rr(b, F_W, 0x85, c, a); }
void x64_test_ri(X64Buf *b, int a, int32_t imm) { x64e_test_ri(b, F_W, a, imm); }
void x64_test32_rr(X64Buf *b, int a, int c) { rr(b, 0, 0x85, c, a); }
void x64_test32_ri(X64Buf *b, int a, int32_t imm) { x64e_test_ri(b, 0, a, imm); }
void x64_test8_mi(X64Buf *b, X64Mem m, int imm) { x64e_modrm_ins(b, 0, 0xf6, 0, 0, &m, 1, imm); }

void x64_imul_rr(X64Buf *b, int dst, int src) { rr(b, F_W, 0x0faf, dst, src); }
void x64_imul_rm(X64Buf *b, int dst, X64Mem m) { rmem(b, F_W, 0x0faf, dst, m); }

void x64_imul_rri(X64Buf *b, int dst, int src, int32_t imm) {
  if (fits8(imm)) x64e_modrm_ins(b, F_W, 0x6b, dst, src, NULL, 1, imm);
  else x64e_modrm_ins(b, F_W, 0x69, dst, src, NULL, 4, imm);
}

void x64_neg(X64Buf *b, int r) { rr(b, F_W, 0xf7, 3, r); }
void x64_not(X64Buf *b, int r) { rr(b, F_W, 0xf7, 2, r); }
void x64_idiv(X64Buf *b, int r) { rr(b, F_W, 0xf7, 7, r); }

void x64_cqo(X64Buf *b) {
  static const uint8_t ins[2] = {0x48, 0x99};
  x64e_put(b, ins, ins + 2);
}

/* D3 /op by CL; D1 /op by 1; C1 /op imm8 */
void x64_shift_cl(X64Buf *b, X64Shift op, int r) { rr(b, F_W, 0xd3, op, r); }

void x64_shift_ri(X64Buf *b, X64Shift op, int r, int imm) {
  x64_assert(imm >= 0 && imm <= 63);
  if (imm == 1) rr(b, F_W, 0xd1, op, r);
  else x64e_modrm_ins(b, F_W, 0xc1, op, r, NULL, 1, imm);
}

void x64_cmov_rr(X64Buf *b, X64CC cc, int dst, int src) { rr(b, F_W, 0x0f40 | cc, dst, src); }
void x64_setcc(X64Buf *b, X64CC cc, int r) { rr(b, F_BRM, 0x0f90 | cc, 0, r); }

/* ----------------------------------------------------------------------
** Control flow
** ---------------------------------------------------------------------- */

/* The displacement from the end of a field of `size` bytes at address
** `field` to target, computed on integers (the two need not be in one C
** object, and a field not yet written may lie past the buffer's end) */
static int64_t x64e_reldisp(uintptr_t field, int size, const uint8_t *target) {
  return (int64_t)((uintptr_t)target - (field + (uintptr_t)size));
}

int x64_rel32_ok(const uint8_t *field, const uint8_t *target) {
  int64_t d = x64e_reldisp((uintptr_t)field, 4, target);
  return d >= INT32_MIN && d <= INT32_MAX;
}

int x64_patch_rel32(uint8_t *field, const uint8_t *target) {
  if (!x64_rel32_ok(field, target)) return 0;
  x64e_put32(field, (uint32_t)x64e_reldisp((uintptr_t)field, 4, target));
  return 1;
}

int x64_patch_rel8(uint8_t *field, const uint8_t *target) {
  int64_t d = x64e_reldisp((uintptr_t)field, 1, target);
  if (!fits8(d)) return 0;
  *field = (uint8_t)d;
  return 1;
}

/* n (1 or 2) opcode bytes op0 [op1], then a rel32 to target (0 if NULL) */
static uint8_t *x64e_rel32_ins(X64Buf *b, uint8_t op0, uint8_t op1, int n, const uint8_t *target) {
  uint8_t ins[16], *q = ins, *at;
  int64_t d = 0;
  *q++ = op0;
  if (n == 2) *q++ = op1;
  if (target != NULL) {
    d = x64e_reldisp((uintptr_t)b->p + (uintptr_t)n, 4, target);
    x64_assert(d >= INT32_MIN && d <= INT32_MAX);
  }
  q = x64e_put32(q, (uint32_t)d);
  at = x64e_put(b, ins, q);
  return at != NULL ? at + n : NULL;
}

static uint8_t *x64e_rel8_ins(X64Buf *b, uint8_t op, const uint8_t *target) {
  uint8_t ins[2], *at;
  int64_t d = 0;
  if (target != NULL) {
    d = x64e_reldisp((uintptr_t)b->p + 1, 1, target);
    x64_assert(fits8(d));
  }
  ins[0] = op;
  ins[1] = (uint8_t)d;
  at = x64e_put(b, ins, ins + 2);
  return at != NULL ? at + 1 : NULL;
}

uint8_t *x64_jcc(X64Buf *b, X64CC cc, const uint8_t *target) {
  return x64e_rel32_ins(b, 0x0f, (uint8_t)(0x80 | cc), 2, target);
}
uint8_t *x64_jmp(X64Buf *b, const uint8_t *target) { return x64e_rel32_ins(b, 0xe9, 0, 1, target); }
uint8_t *x64_call(X64Buf *b, const uint8_t *target) { return x64e_rel32_ins(b, 0xe8, 0, 1, target); }
uint8_t *x64_jcc8(X64Buf *b, X64CC cc, const uint8_t *target) {
  return x64e_rel8_ins(b, (uint8_t)(0x70 | cc), target);
}
uint8_t *x64_jmp8(X64Buf *b, const uint8_t *target) { return x64e_rel8_ins(b, 0xeb, target); }

/* FF /4 and FF /2: 64-bit without REX.W */
void x64_jmp_r(X64Buf *b, int r) { rr(b, 0, 0xff, 4, r); }
void x64_jmp_m(X64Buf *b, X64Mem m) { rmem(b, 0, 0xff, 4, m); }
void x64_call_r(X64Buf *b, int r) { rr(b, 0, 0xff, 2, r); }
void x64_call_m(X64Buf *b, X64Mem m) { rmem(b, 0, 0xff, 2, m); }

static void x64e_byte1(X64Buf *b, uint8_t op) { x64e_put(b, &op, &op + 1); }

void x64_ret(X64Buf *b) { x64e_byte1(b, 0xc3); }

/* ----------------------------------------------------------------------
** Miscellaneous
** ---------------------------------------------------------------------- */

void x64_push(X64Buf *b, int r) {
  uint8_t ins[2];
  x64e_put(b, ins, x64e_opreg(ins, 0, 0x50, r));
}

void x64_pop(X64Buf *b, int r) {
  uint8_t ins[2];
  x64e_put(b, ins, x64e_opreg(ins, 0, 0x58, r));
}

void x64_ud2(X64Buf *b) {
  static const uint8_t ins[2] = {0x0f, 0x0b};
  x64e_put(b, ins, ins + 2);
}

void x64_int3(X64Buf *b) { x64e_byte1(b, 0xcc); }

/* The recommended NOPs of 1 to 9 bytes (Intel SDM vol. 2, NOP): 90,
** 66 90, then 0F 1F /0 with ever longer memory operands. Longer padding
** is a run of 9-byte NOPs and one shorter, emitted whole or not at all. */
void x64_nop(X64Buf *b, int len) {
  static const uint8_t nops[9][9] = {
    {0x90},
    {0x66, 0x90},
    {0x0f, 0x1f, 0x00},
    {0x0f, 0x1f, 0x40, 0x00},
    {0x0f, 0x1f, 0x44, 0x00, 0x00},
    {0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00},
    {0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00},
    {0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
    {0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
  };
  if (b->overflow || b->end - b->p < len) {
    b->overflow = 1;
    return;
  }
  while (len > 0) {
    int n = len > 9 ? 9 : len;
    x64e_put(b, nops[n - 1], nops[n - 1] + n);
    len -= n;
  }
}

/* ----------------------------------------------------------------------
** SSE2
** ---------------------------------------------------------------------- */

/* Mandatory prefix and 0F opcode of an X64Sse value as x64e_modrm_ins flags */
#define SSEF(op) (((op) >> 8) == 0xf2 ? F_F2 : ((op) >> 8) == 0x66 ? F_66 : 0u)
#define SSEOP(op) (0x0f00u | ((op) & 0xff))

void x64_sse_xx(X64Buf *b, X64Sse op, int dst, int src) { rr(b, SSEF(op), SSEOP(op), dst, src); }
void x64_sse_xm(X64Buf *b, X64Sse op, int dst, X64Mem m) { rmem(b, SSEF(op), SSEOP(op), dst, m); }

void x64_movsd_mx(X64Buf *b, X64Mem m, int src) { rmem(b, F_F2, 0x0f11, src, m); }
void x64_movq_xr(X64Buf *b, int dst, int src) { rr(b, F_66 | F_W, 0x0f6e, dst, src); }
void x64_movq_rx(X64Buf *b, int dst, int src) { rr(b, F_66 | F_W, 0x0f7e, src, dst); }
void x64_cvtsi2sd_xr(X64Buf *b, int dst, int src) { rr(b, F_F2 | F_W, 0x0f2a, dst, src); }
void x64_cvttsd2si_rx(X64Buf *b, int dst, int src) { rr(b, F_F2 | F_W, 0x0f2c, dst, src); }

void x64_roundsd_xxi(X64Buf *b, int dst, int src, int mode) {
  x64e_modrm_ins(b, F_66, 0x0f3a0b, dst, src, NULL, 1, mode);
}
