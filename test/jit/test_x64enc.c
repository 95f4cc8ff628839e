/*
** test/jit/test_x64enc.c — the x86-64 encoder (x64enc.c) against GNU as.
**
** Every instruction form of x64enc.h is emitted over many operand
** combinations: every register in each register position, memory operands
** with each base (RSP/R12 need a SIB byte, RBP/R13 a disp8 even for 0),
** displacements 0, +-1 and at the disp8/disp32 boundaries, each index with
** each scale, no base, RIP-relative; immediates at the imm8/imm32 (and for
** mov, uint32/int64) boundaries; every condition code; branch displacements
** at the rel8/rel32 limits. Next to each instruction the test writes the
** same instruction as AT&T text into a .s file, between labels, with a
** second section holding each instruction's length as `as` measured it.
** `as --64` assembles the file, objcopy extracts both sections, and the
** bytes are compared instruction by instruction; a mismatch prints the
** text, the bytes of `as` and the encoder's, and the test exits non-zero.
**
** It also checks what `as` cannot: an instruction that does not fit sets
** overflow and writes nothing (each instruction is re-emitted into a
** buffer one byte too small, and into one exactly its size), nothing is
** written once overflow is set, and the rel32/rel8 fields that branches
** return are where patching expects them.
**
** Usage: test_x64enc [-k] (-k keeps the temporary directory and says where).
*/
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "x64enc.h"

static int failures;
#define CHECK(c) \
  do { if (!(c)) { fprintf(stderr, "test_x64enc: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

/* ----------------------------------------------------------------------
** Operands
** ---------------------------------------------------------------------- */

/* The operands of one instruction, by position in Intel order (0 is the
** destination): r[] registers, m the memory operand, imm the immediate or
** branch displacement, cc the condition. */
typedef struct Opnd {
  int r[3];
  X64Mem m;
  int64_t imm;
  int cc;
} Opnd;

static const char *const regname[5][16] = {
  {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
   "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"},
  {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
   "r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"},
  {"ax", "cx", "dx", "bx", "sp", "bp", "si", "di",
   "r8w", "r9w", "r10w", "r11w", "r12w", "r13w", "r14w", "r15w"},
  {"al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil",
   "r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b"},
  {"xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
   "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"},
};
static const char *const ccname[16] = {
  "o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g"
};

/* Immediate sets */
enum { I_NONE, I_S32, I_U32, I_S64, I_8, I_SH, I_RND, I_REL32, I_REL8, I_NOP, I__MAX };
static const int64_t imm_s32[] = {0, 1, -1, 2, 127, -128, 128, -129, 255, 256, 32767, -32768,
                                  0x12345678, -0x12345678, INT32_MAX, INT32_MIN};
static const int64_t imm_u32[] = {0, 1, 127, 128, 0x12345678, INT32_MAX, 0x80000000, UINT32_MAX};
static const int64_t imm_s64[] = {0, 1, -1, 127, -128, INT32_MAX, (int64_t)INT32_MAX + 1,
                                  UINT32_MAX, (int64_t)UINT32_MAX + 1, INT32_MIN,
                                  (int64_t)INT32_MIN - 1, -0x123456789, 0x123456789abcdef0,
                                  INT64_MAX, INT64_MIN};
static const int64_t imm_8[] = {0, 1, -1, 2, 0x5a, 127, -128, 255};
static const int64_t imm_sh[] = {0, 1, 2, 7, 8, 31, 32, 33, 63};
static const int64_t imm_rnd[] = {0, 1, 2, 3, 4, 8, 9, 10, 11, 12};
static const int64_t imm_rel32[] = {0, 1, -1, 2, 127, -128, 128, -129, -5, -6,
                                    0x12345678, -0x12345678, INT32_MAX, INT32_MIN};
static const int64_t imm_rel8[] = {0, 1, -1, 2, -2, 100, -100, 127, -128};
static const int64_t imm_nop[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 17, 18, 19, 27, 30};
static const struct { const int64_t *v; int n; } immset[I__MAX] = {
#define IS(a) {a, (int)(sizeof(a) / sizeof(a[0]))}
  {NULL, 0}, IS(imm_s32), IS(imm_u32), IS(imm_s64), IS(imm_8), IS(imm_sh), IS(imm_rnd),
  IS(imm_rel32), IS(imm_rel8), IS(imm_nop),
#undef IS
};

/* Memory operands, built once by make_mems */
static X64Mem mems[512];
static int nmem;

static void add_mem(int base, int index, int scale, int32_t disp) {
  if (nmem < (int)(sizeof(mems) / sizeof(mems[0]))) mems[nmem++] = x64mem_idx(base, index, scale, disp);
}

static void make_mems(void) {
  static const int32_t disps[] = {0, 1, -1, 127, -128, 128, -129, 0x1234, INT32_MAX, INT32_MIN};
  static const int special[] = {X64_RSP, X64_R12, X64_RBP, X64_R13};
  static const int idxs[] = {X64_RAX, X64_RBP, X64_R12, X64_R13, X64_R9};
  static const int32_t sdisps[] = {0, 8, -128, 127, 128, -1000};
  const int nd = (int)(sizeof(disps) / sizeof(disps[0]));
  int base, index, s, i, j, k = 0;
  for (base = 0; base < 16; base++) /* every base, every displacement class */
    for (i = 0; i < nd; i++) add_mem(base, X64_NOREG, 1, disps[i]);
  for (index = 0; index < 16; index++) /* every index and scale, bases rotating */
    if (index != X64_RSP)
      for (s = 1; s <= 8; s *= 2, k++) add_mem((index * 5 + s + k) % 16, index, s, disps[k % nd]);
  for (i = 0; i < 4; i++) /* the special bases with an index */
    for (j = 0; j < 5; j++) add_mem(special[i], idxs[j], 1 << ((i + j) % 4), sdisps[(i * 5 + j) % 6]);
  for (i = 0; i < 4; i++)
    for (j = 0; j < 6; j++) add_mem(special[i], X64_R12 - (j & 1) * 12, 8, sdisps[j]);
  add_mem(X64_NOREG, X64_NOREG, 1, 0); /* absolute */
  add_mem(X64_NOREG, X64_NOREG, 1, 0x1000);
  add_mem(X64_NOREG, X64_NOREG, 1, -8);
  add_mem(X64_NOREG, X64_NOREG, 1, INT32_MAX);
  add_mem(X64_NOREG, X64_NOREG, 1, INT32_MIN);
  for (j = 0; j < 5; j++) { /* index, no base */
    add_mem(X64_NOREG, idxs[j], 1 << j % 4, 0);
    add_mem(X64_NOREG, idxs[j] == X64_R12 ? X64_RSI : idxs[j] ^ 8, 8, j * 100 - 64);
  }
  add_mem(X64_RIP, X64_NOREG, 1, 0);
  add_mem(X64_RIP, X64_NOREG, 1, 1);
  add_mem(X64_RIP, X64_NOREG, 1, -1);
  add_mem(X64_RIP, X64_NOREG, 1, -256);
  add_mem(X64_RIP, X64_NOREG, 1, 0x12345678);
  add_mem(X64_RIP, X64_NOREG, 1, INT32_MAX);
  add_mem(X64_RIP, X64_NOREG, 1, INT32_MIN);
}

/* ----------------------------------------------------------------------
** Forms
** ---------------------------------------------------------------------- */

/* The target of a branch of `len` bytes with displacement d, emitted at
** b->p (an address only: it need not be inside any object) */
static const uint8_t *target(X64Buf *b, int len, int64_t d) {
  return (const uint8_t *)((uintptr_t)b->p + (uintptr_t)(intptr_t)(len + d));
}

/* A branch must return its displacement field: the last `size` bytes */
static void check_field(X64Buf *b, const uint8_t *field, int size, const char *name) {
  if (!b->overflow && field != b->p - size) {
    fprintf(stderr, "test_x64enc: %s did not return its displacement field\n", name);
    failures++;
  }
  if (b->overflow && field != NULL) {
    fprintf(stderr, "test_x64enc: %s returned a field after an overflow\n", name);
    failures++;
  }
}

/* One thunk per form, by its C signature: it calls the encoder with the
** operands of an Opnd. */
#define T_N(fn) static void t_##fn(X64Buf *b, const Opnd *o) { (void)o; fn(b); }
#define T_R(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->r[0]); }
#define T_M(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->m); }
#define T_RR(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->r[0], o->r[1]); }
#define T_RI(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->r[0], o->imm); }
#define T_RM(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->r[0], o->m); }
#define T_MR(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->m, o->r[1]); }
#define T_MI(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->m, o->imm); }
#define T_RRI(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->r[0], o->r[1], o->imm); }
#define T_CR(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->cc, o->r[1]); }
#define T_CRR(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, o->cc, o->r[1], o->r[2]); }
#define T_NOP(fn) static void t_##fn(X64Buf *b, const Opnd *o) { fn(b, (int)o->imm); }
#define T_J(fn, len, size) \
  static void t_##fn(X64Buf *b, const Opnd *o) { check_field(b, fn(b, target(b, len, o->imm)), size, #fn); }
#define T_CJ(fn, len, size) \
  static void t_##fn(X64Buf *b, const Opnd *o) { check_field(b, fn(b, o->cc, target(b, len, o->imm)), size, #fn); }
#define T_J5(fn) T_J(fn, 5, 4)
#define T_J2(fn) T_J(fn, 2, 1)
#define T_CJ6(fn) T_CJ(fn, 6, 4)
#define T_CJ2(fn) T_CJ(fn, 2, 1)

/* X(thunk kind, encoder function, operand kinds, AT&T text, immediates).
** Operand kinds, in Intel order: q l w b 64/32/16/8-bit register, x an
** XMM register, m memory, i an immediate, j a branch displacement, c a
** condition code. In the text, {1} {2} {3} are those operands; a text
** starting with @ is built by a function (asm_text). */
#define ALU_FORMS(X, op) \
  X(RR, x64_##op##_rr, "qq", #op "q {2}, {1}", I_NONE) \
  X(RI, x64_##op##_ri, "qi", #op "q {2}, {1}", I_S32) \
  X(RM, x64_##op##_rm, "qm", #op "q {2}, {1}", I_NONE) \
  X(MR, x64_##op##_mr, "mq", #op "q {2}, {1}", I_NONE) \
  X(MI, x64_##op##_mi, "mi", #op "q {2}, {1}", I_S32) \
  X(RR, x64_##op##32_rr, "ll", #op "l {2}, {1}", I_NONE) \
  X(RI, x64_##op##32_ri, "li", #op "l {2}, {1}", I_S32) \
  X(RM, x64_##op##32_rm, "lm", #op "l {2}, {1}", I_NONE) \
  X(MR, x64_##op##32_mr, "ml", #op "l {2}, {1}", I_NONE) \
  X(MI, x64_##op##32_mi, "mi", #op "l {2}, {1}", I_S32)
#define SHIFT_FORMS(X, op) \
  X(R, x64_##op##_cl, "q", #op "q %cl, {1}", I_NONE) \
  X(RI, x64_##op##_ri, "qi", #op "q {2}, {1}", I_SH)
#define SSE_FORMS(X, op) \
  X(RR, x64_##op##_xx, "xx", #op " {2}, {1}", I_NONE) \
  X(RM, x64_##op##_xm, "xm", #op " {2}, {1}", I_NONE)

#define FORMS(X) \
  X(RR, x64_mov_rr, "qq", "movq {2}, {1}", I_NONE) \
  X(RR, x64_mov32_rr, "ll", "movl {2}, {1}", I_NONE) \
  X(RI, x64_mov_ri, "qi", "@mov_ri", I_S64) \
  X(RI, x64_mov32_ri, "li", "movl {2}, {1}", I_U32) \
  X(RM, x64_mov_rm, "qm", "movq {2}, {1}", I_NONE) \
  X(RM, x64_mov32_rm, "lm", "movl {2}, {1}", I_NONE) \
  X(RM, x64_movzx8_rm, "lm", "movzbl {2}, {1}", I_NONE) \
  X(RM, x64_movzx16_rm, "lm", "movzwl {2}, {1}", I_NONE) \
  X(RR, x64_movzx8_rr, "lb", "movzbl {2}, {1}", I_NONE) \
  X(RR, x64_movsxd_rr, "ql", "movslq {2}, {1}", I_NONE) \
  X(RM, x64_movsxd_rm, "qm", "movslq {2}, {1}", I_NONE) \
  X(MR, x64_mov_mr, "mq", "movq {2}, {1}", I_NONE) \
  X(MR, x64_mov32_mr, "ml", "movl {2}, {1}", I_NONE) \
  X(MR, x64_mov16_mr, "mw", "movw {2}, {1}", I_NONE) \
  X(MR, x64_mov8_mr, "mb", "movb {2}, {1}", I_NONE) \
  X(MI, x64_mov_mi, "mi", "movq {2}, {1}", I_S32) \
  X(MI, x64_mov32_mi, "mi", "movl {2}, {1}", I_S32) \
  X(MI, x64_mov8_mi, "mi", "movb {2}, {1}", I_8) \
  X(RM, x64_lea, "qm", "leaq {2}, {1}", I_NONE) \
  ALU_FORMS(X, add) ALU_FORMS(X, or) ALU_FORMS(X, and) \
  ALU_FORMS(X, sub) ALU_FORMS(X, xor) ALU_FORMS(X, cmp) \
  X(MI, x64_cmp8_mi, "mi", "cmpb {2}, {1}", I_8) \
  X(RR, x64_test_rr, "qq", "testq {2}, {1}", I_NONE) \
  X(RI, x64_test_ri, "qi", "testq {2}, {1}", I_S32) \
  X(RR, x64_test32_rr, "ll", "testl {2}, {1}", I_NONE) \
  X(RI, x64_test32_ri, "li", "testl {2}, {1}", I_S32) \
  X(MI, x64_test8_mi, "mi", "testb {2}, {1}", I_8) \
  X(RR, x64_imul_rr, "qq", "imulq {2}, {1}", I_NONE) \
  X(RM, x64_imul_rm, "qm", "imulq {2}, {1}", I_NONE) \
  X(RRI, x64_imul_rri, "qqi", "imulq {3}, {2}, {1}", I_S32) \
  X(R, x64_neg, "q", "negq {1}", I_NONE) \
  X(R, x64_not, "q", "notq {1}", I_NONE) \
  X(N, x64_cqo, "", "cqto", I_NONE) \
  X(R, x64_idiv, "q", "idivq {1}", I_NONE) \
  SHIFT_FORMS(X, shl) SHIFT_FORMS(X, shr) SHIFT_FORMS(X, sar) \
  X(CRR, x64_cmov_rr, "cqq", "cmov{1}q {3}, {2}", I_NONE) \
  X(CR, x64_setcc, "cb", "set{1} {2}", I_NONE) \
  X(CJ6, x64_jcc, "cj", "{disp32} j{1} .+6+{2}", I_REL32) \
  X(CJ2, x64_jcc8, "cj", "j{1} .+2+{2}", I_REL8) \
  X(J5, x64_jmp, "j", "{disp32} jmp .+5+{1}", I_REL32) \
  X(J2, x64_jmp8, "j", "jmp .+2+{1}", I_REL8) \
  X(J5, x64_call, "j", "call .+5+{1}", I_REL32) \
  X(R, x64_jmp_r, "q", "jmp *{1}", I_NONE) \
  X(M, x64_jmp_m, "m", "jmp *{1}", I_NONE) \
  X(R, x64_call_r, "q", "call *{1}", I_NONE) \
  X(M, x64_call_m, "m", "call *{1}", I_NONE) \
  X(N, x64_ret, "", "ret", I_NONE) \
  X(R, x64_push, "q", "pushq {1}", I_NONE) \
  X(R, x64_pop, "q", "popq {1}", I_NONE) \
  X(NOP, x64_nop, "i", "@nop", I_NOP) \
  X(N, x64_ud2, "", "ud2", I_NONE) \
  X(N, x64_int3, "", "int3", I_NONE) \
  SSE_FORMS(X, movsd) SSE_FORMS(X, movaps) SSE_FORMS(X, addsd) SSE_FORMS(X, subsd) \
  SSE_FORMS(X, mulsd) SSE_FORMS(X, divsd) SSE_FORMS(X, sqrtsd) SSE_FORMS(X, minsd) \
  SSE_FORMS(X, maxsd) SSE_FORMS(X, ucomisd) SSE_FORMS(X, xorpd) SSE_FORMS(X, andpd) \
  SSE_FORMS(X, andnpd) SSE_FORMS(X, pxor) \
  X(MR, x64_movsd_mx, "mx", "movsd {2}, {1}", I_NONE) \
  X(RR, x64_movq_xr, "xq", "movq {2}, {1}", I_NONE) \
  X(RR, x64_movq_rx, "qx", "movq {2}, {1}", I_NONE) \
  X(RR, x64_cvtsi2sd_xr, "xq", "cvtsi2sdq {2}, {1}", I_NONE) \
  X(RR, x64_cvttsd2si_rx, "qx", "cvttsd2si {2}, {1}", I_NONE) \
  X(RRI, x64_roundsd_xxi, "xxi", "roundsd {3}, {2}, {1}", I_RND)

#define FORM_THUNK(kind, fn, ops, text, imms) T_##kind(fn)
FORMS(FORM_THUNK)

typedef struct Form {
  const char *name;
  void (*emit)(X64Buf *b, const Opnd *o);
  const char *ops, *text;
  int imms;
} Form;

static const Form forms[] = {
#define FORM_ENTRY(kind, fn, ops, text, imms) {#fn, t_##fn, ops, text, imms},
  FORMS(FORM_ENTRY)
#undef FORM_ENTRY
};
#define NFORMS ((int)(sizeof(forms) / sizeof(forms[0])))

/* Every SSE operation of x64enc.h's X64SSE list has its two forms here */
#define SSE_COUNT(name, NAME, pfx, opc) +1
_Static_assert(0 X64SSE(SSE_COUNT) == 14, "X64SSE changed: update SSE_FORMS in FORMS");
#define ALU_COUNT(name, NAME, digit) +1
_Static_assert(0 X64ALU(ALU_COUNT) == 6, "X64ALU changed: update ALU_FORMS in FORMS");

/* ----------------------------------------------------------------------
** Assembly text
** ---------------------------------------------------------------------- */

typedef struct Str {
  char *p;
  size_t n, cap;
} Str;

static void str_add(Str *s, const char *t, size_t n) {
  if (s->n + n + 1 > s->cap) {
    s->cap = (s->n + n + 1) * 2;
    s->p = realloc(s->p, s->cap);
    if (s->p == NULL) { fprintf(stderr, "test_x64enc: out of memory\n"); exit(1); }
  }
  memcpy(s->p + s->n, t, n);
  s->n += n;
  s->p[s->n] = '\0';
}

static void str_puts(Str *s, const char *t) { str_add(s, t, strlen(t)); }

static void str_printf(Str *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void str_printf(Str *s, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  str_add(s, buf, (size_t)n);
}

static void mem_text(Str *s, const X64Mem *m) {
  if (m->base == X64_RIP) { str_printf(s, "%" PRId32 "(%%rip)", m->disp); return; }
  str_printf(s, "%" PRId32, m->disp);
  if (m->base == X64_NOREG && m->index == X64_NOREG) return;
  str_puts(s, "(");
  if (m->base != X64_NOREG) str_printf(s, "%%%s", regname[0][m->base]);
  if (m->index != X64_NOREG) str_printf(s, ",%%%s,%d", regname[0][m->index], m->scale);
  str_puts(s, ")");
}

/* Operand `pos` (0-based) of kind k */
static void opnd_text(Str *s, char k, int pos, const Opnd *o) {
  switch (k) {
    case 'q': str_printf(s, "%%%s", regname[0][o->r[pos]]); break;
    case 'l': str_printf(s, "%%%s", regname[1][o->r[pos]]); break;
    case 'w': str_printf(s, "%%%s", regname[2][o->r[pos]]); break;
    case 'b': str_printf(s, "%%%s", regname[3][o->r[pos]]); break;
    case 'x': str_printf(s, "%%%s", regname[4][o->r[pos]]); break;
    case 'm': mem_text(s, &o->m); break;
    case 'i': str_printf(s, "$%" PRId64, o->imm); break;
    case 'j': str_printf(s, "%" PRId64, o->imm); break;
    case 'c': str_puts(s, ccname[o->cc]); break;
  }
}

/* The recommended NOPs, as text that makes GNU as emit them ({disp8} and
** {disp32} force a displacement of that size) */
static const char *const noptext[9] = {
  "nop", "xchg %ax, %ax", "nopl (%rax)", "{disp8} nopl 0(%rax)", "{disp8} nopl 0(%rax,%rax,1)",
  "{disp8} nopw 0(%rax,%rax,1)", "{disp32} nopl 0(%rax)", "{disp32} nopl 0(%rax,%rax,1)",
  "{disp32} nopw 0(%rax,%rax,1)",
};

/* The text of one instruction */
static void asm_text(Str *s, const Form *f, const Opnd *o) {
  const char *t;
  if (strcmp(f->text, "@mov_ri") == 0) { /* the choice x64_mov_ri documents */
    if (o->imm >= 0 && o->imm <= (int64_t)UINT32_MAX)
      str_printf(s, "movl $%" PRId64 ", %%%s", o->imm, regname[1][o->r[0]]);
    else if (o->imm >= INT32_MIN && o->imm <= INT32_MAX)
      str_printf(s, "movq $%" PRId64 ", %%%s", o->imm, regname[0][o->r[0]]);
    else
      str_printf(s, "movabsq $%" PRId64 ", %%%s", o->imm, regname[0][o->r[0]]);
    return;
  }
  if (strcmp(f->text, "@nop") == 0) { /* runs of 9-byte NOPs, then the rest */
    int64_t len = o->imm;
    for (; len > 0; len -= 9) str_printf(s, "%s%s", noptext[(len > 9 ? 9 : len) - 1], len > 9 ? "; " : "");
    return;
  }
  for (t = f->text; *t; t++) {
    if (t[0] == '{' && t[1] >= '1' && t[1] <= '3' && t[2] == '}') {
      int pos = t[1] - '1';
      opnd_text(s, f->ops[pos], pos, o);
      t += 2;
    } else {
      str_add(s, t, 1);
    }
  }
}

/* ----------------------------------------------------------------------
** Emitting every form
** ---------------------------------------------------------------------- */

typedef struct Rec {
  uint32_t off, len; /* in the encoder's buffer */
  uint32_t text;     /* in the text arena */
  int form;
} Rec;

static Rec *recs;
static int nrec, caprec;
static Str texts;
static X64Buf code;

static void fail_one(const Rec *r, const char *what) {
  fprintf(stderr, "test_x64enc: %s: %s: %s\n", forms[r->form].name, texts.p + r->text, what);
  failures++;
}

/* Emits one instruction into `code` and records it, then checks the
** overflow behaviour on it */
static void emit_one(int fi, const Opnd *o) {
  const Form *f = &forms[fi];
  uint8_t *at = code.p, small[64];
  uint32_t len, i;
  X64Buf sb;
  Rec *r;
  f->emit(&code, o);
  if (code.overflow) { fprintf(stderr, "test_x64enc: code buffer too small\n"); exit(1); }
  len = (uint32_t)(code.p - at);
  if (nrec == caprec) {
    caprec = caprec ? caprec * 2 : 4096;
    recs = realloc(recs, (size_t)caprec * sizeof(Rec));
    if (recs == NULL) { fprintf(stderr, "test_x64enc: out of memory\n"); exit(1); }
  }
  r = &recs[nrec++];
  r->off = (uint32_t)(at - code.start);
  r->len = len;
  r->form = fi;
  r->text = (uint32_t)texts.n;
  asm_text(&texts, f, o);
  str_add(&texts, "", 1);
  if (len < 1 || (len > 15 && f->emit != t_x64_nop)) fail_one(r, "impossible length");
  /* into exactly its size: the same bytes */
  memset(small, 0xa5, sizeof(small));
  x64_init(&sb, small, len);
  f->emit(&sb, o);
  if (sb.overflow || sb.p != small + len || memcmp(small, at, len) != 0)
    fail_one(r, "different bytes in a buffer of its size");
  /* one byte short: overflow, nothing written; and nothing after that */
  memset(small, 0xa5, sizeof(small));
  x64_init(&sb, small, len - 1);
  f->emit(&sb, o);
  if (!sb.overflow || sb.p != small) fail_one(r, "no overflow in a buffer one byte short");
  sb.end = small + sizeof(small);
  x64_ret(&sb);
  if (!sb.overflow || sb.p != small) fail_one(r, "emitted after an overflow");
  for (i = 0; i < sizeof(small); i++)
    if (small[i] != 0xa5) {
      fail_one(r, "wrote to a buffer too small");
      break;
    }
}

/* The operand combinations of a form: the registers, the condition and
** the immediate make one list (all their combinations), the memory
** operands another; the two are crossed when the product is small, else
** paired off so that every element of each is used. */
#define FULL_LIMIT 4096

static void emit_form(int fi) {
  const Form *f = &forms[fi];
  int nops = (int)strlen(f->ops), na = 1, nb = 1, nimm = 0, k;
  int64_t i, n, full;
  for (k = 0; k < nops; k++) {
    char c = f->ops[k];
    if (c == 'm') nb = nmem;
    else if (c == 'i' || c == 'j') na *= (nimm = immset[f->imms].n);
    else na *= 16; /* a register or the condition */
  }
  full = (int64_t)na * nb;
  n = full <= FULL_LIMIT ? full : (na > nb ? na : nb);
  for (i = 0; i < n; i++) {
    int64_t a, bi;
    Opnd o;
    memset(&o, 0, sizeof(o));
    if (full <= FULL_LIMIT) {
      a = i / nb;
      bi = i % nb;
    } else { /* skewed, so that the pairs change from one round to the next */
      a = (i + i / na) % na;
      bi = (i + i / nb) % nb;
    }
    for (k = nops - 1; k >= 0; k--) {
      char c = f->ops[k];
      if (c == 'm') {
        o.m = mems[bi];
      } else if (c == 'i' || c == 'j') {
        o.imm = immset[f->imms].v[a % nimm];
        a /= nimm;
      } else if (c == 'c') {
        o.cc = (int)(a % 16);
        a /= 16;
      } else {
        o.r[k] = (int)(a % 16);
        a /= 16;
      }
    }
    emit_one(fi, &o);
  }
}

/* ----------------------------------------------------------------------
** Checks that need no assembler
** ---------------------------------------------------------------------- */

static void check_patching(void) {
  uint8_t mem[64], ref[64];
  X64Buf b, r;
  uint8_t *f1, *f2, *f3, *f4;
  /* forward branches emitted with no target, patched: the same bytes as
  ** branches emitted with their targets */
  x64_init(&b, mem, sizeof(mem));
  f1 = x64_jcc(&b, X64_CC_NE, NULL);
  f2 = x64_jmp8(&b, NULL);
  f3 = x64_call(&b, NULL);
  f4 = x64_jcc8(&b, X64_CC_L, NULL);
  x64_nop(&b, 7);
  CHECK(f1 == mem + 2 && f2 == mem + 7 && f3 == mem + 9 && f4 == mem + 14);
  CHECK(x64_patch_rel32(f1, b.p) && x64_patch_rel8(f2, b.p));
  CHECK(x64_patch_rel32(f3, mem) && x64_patch_rel8(f4, mem));
  x64_init(&r, ref, sizeof(ref));
  x64_jcc(&r, X64_CC_NE, ref + 22);
  x64_jmp8(&r, ref + 22);
  x64_call(&r, ref);
  x64_jcc8(&r, X64_CC_L, ref);
  x64_nop(&r, 7);
  CHECK(b.p - mem == 22 && r.p - ref == 22 && memcmp(mem, ref, 22) == 0);
  /* out of range: refused, nothing written */
  CHECK(!x64_patch_rel8(f2, f2 + 1 + 128) && !x64_patch_rel8(f2, f2 + 1 - 129));
  CHECK(x64_patch_rel8(f2, f2 + 1 + 127) && x64_patch_rel8(f2, f2 + 1 - 128) && *f2 == 0x80);
  CHECK(x64_rel32_ok(f1, (const uint8_t *)((uintptr_t)f1 + 4 + INT32_MAX)));
  CHECK(!x64_rel32_ok(f1, (const uint8_t *)((uintptr_t)f1 + 4 + INT32_MAX + 1)));
  CHECK(x64_rel32_ok(f1, (const uint8_t *)((uintptr_t)f1 + 4 - 0x80000000u)));
  CHECK(!x64_rel32_ok(f1, (const uint8_t *)((uintptr_t)f1 + 4 - 0x80000001u)));
  memcpy(ref, mem, sizeof(mem));
  CHECK(!x64_patch_rel32(f1, (const uint8_t *)((uintptr_t)f1 + 0x100000000u)) && memcmp(ref, mem, sizeof(mem)) == 0);
  /* a RIP-relative operand of an instruction without immediate is patched
  ** like a branch: movsd xmm0, [rip + d] reaching the byte after it */
  x64_init(&b, mem, sizeof(mem));
  x64_movsd_xm(&b, X64_XMM0, x64mem_rip(0));
  CHECK(x64_patch_rel32(b.p - 4, b.p + 1) && b.p[-4] == 1 && b.p[-1] == 0);
}

/* ----------------------------------------------------------------------
** Running as
** ---------------------------------------------------------------------- */

static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *p = NULL;
  size_t cap = 0, n = 0, got;
  if (f == NULL) return NULL;
  do {
    if (n == cap) {
      cap = cap ? cap * 2 : 1 << 16;
      p = realloc(p, cap);
      if (p == NULL) { fclose(f); return NULL; }
    }
    got = fread(p + n, 1, cap - n, f);
    n += got;
  } while (got > 0);
  fclose(f);
  *len = n;
  return p;
}

static void hex(FILE *out, const uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) fprintf(out, "%s%02x", i ? " " : "", p[i]);
}

int main(int argc, char **argv) {
  const char *tmp = getenv("TMPDIR");
  int keep = argc > 1 && strcmp(argv[1], "-k") == 0;
  char dir[4096], path[4200], cmd[16384];
  const char *files[] = {"t.s", "t.o", "text.bin", "lens.bin", "as.err"};
  size_t codecap = (size_t)64 << 20, textlen = 0, lenslen = 0, aoff = 0;
  uint8_t *mem = malloc(codecap);
  char *text, *lens;
  FILE *s;
  int fi, i, bad = 0;

  if (mem == NULL) { fprintf(stderr, "test_x64enc: out of memory\n"); return 1; }
  x64_init(&code, mem, codecap);
  make_mems();
  for (fi = 0; fi < NFORMS; fi++) emit_form(fi);
  check_patching();

  snprintf(dir, sizeof(dir), "%s/test_x64enc.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (mkdtemp(dir) == NULL) { perror("test_x64enc: mkdtemp"); return 1; }
  snprintf(path, sizeof(path), "%s/t.s", dir);
  s = fopen(path, "w");
  if (s == NULL) { perror("test_x64enc: t.s"); return 1; }
  fprintf(s, "\t.text\n");
  for (i = 0; i < nrec; i++) fprintf(s, ".L%d:\n\t%s\n", i, texts.p + recs[i].text);
  fprintf(s, ".L%d:\n\t.section .lens, \"a\"\n", nrec);
  for (i = 0; i < nrec; i++) fprintf(s, "\t.byte .L%d-.L%d\n", i + 1, i);
  if (fclose(s) != 0) { perror("test_x64enc: t.s"); return 1; }

  snprintf(cmd, sizeof(cmd),
           "cd '%s' && as --64 -o t.o t.s 2>as.err && objcopy -O binary -j .text t.o text.bin && "
           "objcopy -O binary -j .lens t.o lens.bin", dir);
  if (system(cmd) != 0) {
    fprintf(stderr, "test_x64enc: as or objcopy failed (binutils installed?):\n");
    snprintf(cmd, sizeof(cmd), "head -20 '%s/as.err' >&2", dir);
    if (system(cmd) != 0) fprintf(stderr, "(no as.err)\n");
    return 1;
  }
  snprintf(path, sizeof(path), "%s/text.bin", dir);
  text = read_all(path, &textlen);
  snprintf(path, sizeof(path), "%s/lens.bin", dir);
  lens = read_all(path, &lenslen);
  if (text == NULL || lens == NULL || lenslen != (size_t)nrec) {
    fprintf(stderr, "test_x64enc: could not read what as made (%zu lengths for %d instructions)\n",
            lenslen, nrec);
    return 1;
  }

  for (i = 0; i < nrec; i++) {
    const Rec *r = &recs[i];
    size_t alen = (uint8_t)lens[i];
    if (aoff + alen > textlen) { fprintf(stderr, "test_x64enc: as's .text is short\n"); return 1; }
    if (alen != r->len || memcmp(text + aoff, code.start + r->off, alen) != 0) {
      if (++bad <= 20) {
        fprintf(stderr, "test_x64enc: %s: %s\n  as:      ", forms[r->form].name, texts.p + r->text);
        hex(stderr, (const uint8_t *)text + aoff, alen);
        fprintf(stderr, "\n  encoder: ");
        hex(stderr, code.start + r->off, r->len);
        fprintf(stderr, "\n");
      }
    }
    aoff += alen;
  }
  if (aoff != textlen) { fprintf(stderr, "test_x64enc: as's .text has extra bytes\n"); bad++; }

  if (keep) {
    printf("test_x64enc: files kept in %s\n", dir);
  } else {
    for (i = 0; i < (int)(sizeof(files) / sizeof(files[0])); i++) {
      snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
      unlink(path);
    }
    rmdir(dir);
  }
  if (bad) fprintf(stderr, "test_x64enc: %d of %d instructions differ from as\n", bad, nrec);
  if (failures) fprintf(stderr, "test_x64enc: %d checks failed\n", failures);
  if (bad || failures) return 1;
  printf("test_x64enc: %d instructions in %d forms match as\n", nrec, NFORMS);
  free(mem);
  free(text);
  free(lens);
  free(recs);
  free(texts.p);
  return 0;
}
