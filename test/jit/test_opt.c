/*
** test/jit/test_opt.c — the optimizer (opt.c): constant folding against
** Lua 5.4's results (the edge cases of integer division, modulo, shifts,
** float modulo, conversions), CSE (commutative operands, loads and
** stores, guards), guards on constants, and the peephole rules: every rule
** of opt.rules must fire on instances of its pattern and give what its
** right side says, and the result must compute what the pattern computes.
**
** The instances come from `rulegen --examples` (opt_examples.h, generated
** into the build directory): for each rule, its pattern built with fresh
** SLOADs for its variables and every choice of its constants among ex_int
** and ex_num below that passes its checks. The value check runs both sides
** on random and boundary inputs through eval(), this file's own reading of
** ir.h, independent of opt.c and of the SMT-LIB2 meanings in rulegen.c.
*/
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt.h"
#include "test/c/check.h" /* CHECK, failures, checks */


static void out(void *ud, const char *s, size_t len) { fwrite(s, 1, len, (FILE *)ud); }

static uint64_t bitsof(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof(u));
  return u;
}

static double numof(uint64_t u) {
  double d;
  memcpy(&d, &u, sizeof(d));
  return d;
}

/* ----------------------------------------------------------------------
** An IR interpreter
** ---------------------------------------------------------------------- */

#define NSLOTS 8
typedef struct Env {
  uint64_t slot[NSLOTS]; /* SLOAD n reads slot[n] (floats as bits) */
} Env;

static int64_t floordiv(int64_t a, int64_t b) {
  if (b == -1) return (int64_t)(0 - (uint64_t)a);
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

static int64_t floormod(int64_t a, int64_t b) {
  if (b == -1) return 0;
  int64_t r = a % b;
  return (r != 0 && (r < 0) != (b < 0)) ? r + b : r;
}

static uint64_t shiftleft(uint64_t x, int64_t n) {
  if (n >= 64 || n <= -64) return 0;
  return n >= 0 ? x << n : x >> -n;
}

/* op applied to the values x and y (floats as bits, guards give 0/1);
** 0 when undefined (a division by zero, an opcode it does not know). */
static int apply(IROp op, uint64_t x, uint64_t y, uint64_t *v) {
  double fx = numof(x), fy = numof(y);
  switch (op) {
    case IR_LT: *v = (int64_t)x < (int64_t)y; break;
    case IR_GE: *v = (int64_t)x >= (int64_t)y; break;
    case IR_LE: *v = (int64_t)x <= (int64_t)y; break;
    case IR_GT: *v = (int64_t)x > (int64_t)y; break;
    case IR_ULT: *v = x < y; break;
    case IR_UGE: *v = x >= y; break;
    case IR_ULE: *v = x <= y; break;
    case IR_UGT: *v = x > y; break;
    case IR_FLT: *v = fx < fy; break;
    case IR_FNLT: *v = !(fx < fy); break;
    case IR_FLE: *v = fx <= fy; break;
    case IR_FNLE: *v = !(fx <= fy); break;
    case IR_EQ: *v = x == y; break;
    case IR_NE: *v = x != y; break;
    case IR_FEQ: *v = fx == fy; break;
    case IR_FNE: *v = fx != fy; break;
    case IR_ADD: *v = x + y; break;
    case IR_SUB: *v = x - y; break;
    case IR_MUL: *v = x * y; break;
    case IR_NEG: *v = 0 - x; break;
    case IR_IDIV:
      if (y == 0) return 0;
      *v = (uint64_t)floordiv((int64_t)x, (int64_t)y);
      break;
    case IR_MOD:
      if (y == 0) return 0;
      *v = (uint64_t)floormod((int64_t)x, (int64_t)y);
      break;
    case IR_UDIV:
      if (y == 0) return 0;
      *v = x / y;
      break;
    case IR_BAND: *v = x & y; break;
    case IR_BOR: *v = x | y; break;
    case IR_BXOR: *v = x ^ y; break;
    case IR_BNOT: *v = ~x; break;
    case IR_SHL: *v = shiftleft(x, (int64_t)y); break;
    case IR_SHR: *v = shiftleft(x, (int64_t)(0 - y)); break;
    case IR_FADD: *v = bitsof(fx + fy); break;
    case IR_FSUB: *v = bitsof(fx - fy); break;
    case IR_FMUL: *v = bitsof(fx * fy); break;
    case IR_FDIV: *v = bitsof(fx / fy); break;
    case IR_FNEG: *v = x ^ (UINT64_C(1) << 63); break;
    case IR_FLOOR: *v = bitsof(floor(fx)); break;
    case IR_CEIL: *v = bitsof(ceil(fx)); break;
    case IR_FSQRT: *v = bitsof(sqrt(fx)); break;
    case IR_FABS: *v = x & ~(UINT64_C(1) << 63); break;
    case IR_ITOF: *v = bitsof((double)(int64_t)x); break;
    default: return 0;
  }
  return 1;
}

/* The value of ref, 0 when undefined. */
static int eval(const IRBuf *b, IRRef ref, const Env *env, uint64_t *v) {
  const IRIns *ins = &b->ins[ref];
  uint64_t x = 0, y = 0;
  if (ins->op == IR_KINT || ins->op == IR_KNUM) {
    *v = ins->k.u;
    return 1;
  }
  if (ins->op == IR_SLOAD) {
    *v = env->slot[ins->op1];
    return 1;
  }
  if (ir_opmode[ins->op][0] == IRM_REF && !eval(b, ins->op1, env, &x)) return 0;
  if (ir_opmode[ins->op][1] == IRM_REF && !eval(b, ins->op2, env, &y)) return 0;
  return apply((IROp)ins->op, x, y, v);
}

/* Two values are the same: floats bit for bit, but any NaN is any NaN. */
static int same(IRType t, uint64_t x, uint64_t y) {
  if (t == IRT_NUM && isnan(numof(x)) && isnan(numof(y))) return 1;
  return x == y;
}

static uint64_t rngstate = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void) { /* xorshift64* */
  rngstate ^= rngstate >> 12;
  rngstate ^= rngstate << 25;
  rngstate ^= rngstate >> 27;
  return rngstate * UINT64_C(2685821657736338717);
}

static const int64_t someints[] = {0, 1, -1, 2, -2, 3, 7, 63, 64, -64, 255, 1000, INT64_MAX, INT64_MIN,
                                   INT64_MIN + 1, (int64_t)0x5555555555555555, 9007199254740993};
static const double somenums[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -2.5, 3.0, 1e300, -1e300, 5e-324,
                                  0x1p-1022, 9007199254740993.0, 1e16, 0.1, INFINITY, -INFINITY, NAN};
#define NSOMEINTS (sizeof(someints) / sizeof(someints[0]))
#define NSOMENUMS (sizeof(somenums) / sizeof(somenums[0]))
#define NSAMPLES (NSOMENUMS * NSOMENUMS + 100)

/* Sample i's value of slot j: the first samples go through every pair of
** boundary values in slots 0 and 1 (and one in slot 2); the rest are
** random, often small. */
static uint64_t samplevalue(IRType t, int i, int j) {
  size_t n = t == IRT_INT ? NSOMEINTS : NSOMENUMS;
  size_t k = (size_t)i;
  uint64_t r;
  if (j < 3 && k < n * n) {
    k = j == 0 ? k % n : (k / n + (size_t)j - 1) % n;
    return t == IRT_INT ? (uint64_t)someints[k] : bitsof(somenums[k]);
  }
  r = rnd();
  if (t == IRT_INT) return r % 3 == 0 ? (uint64_t)((int64_t)(r >> 8) % 100 - 50) : rnd();
  return r % 3 == 0 ? bitsof((double)((int64_t)(r >> 8) % 100 - 50) / 4) : rnd();
}

/* ----------------------------------------------------------------------
** Constant folding
** ---------------------------------------------------------------------- */

static IRBuf B;
static OptState O;
static uint32_t *fired;

static void reset(int norules) {
  ir_free(&B);
  ir_init(&B);
  opt_init(&O, &B, fired);
  O.norules = norules;
}

static IRRef ki(int64_t v) { return ir_kint(&B, v); }
static IRRef kn(double v) { return ir_knum(&B, v); }
static IRRef slot(int n, IRType t) { return ir_append(&B, IR_SLOAD, t, (IRRef)n, SLOAD_NOCHECK); }

static int isunary(IROp op) { return ir_opmode[op][1] != IRM_REF; }

/* op(x, y) on integer constants must fold to `want` */
static void foldi(int line, IROp op, int64_t x, int64_t y, int64_t want) {
  IRRef r = opt_emit(&O, op, IRT_INT, ki(x), isunary(op) ? REF_NONE : ki(y));
  checks++;
  if (r == REF_NONE || B.ins[r].op != IR_KINT || B.ins[r].k.i != want) {
    fprintf(stderr, "test_opt: line %d: %s(%" PRId64 ", %" PRId64 ") gives %s %" PRId64 ", want %" PRId64 "\n", line,
            ir_opname[op], x, y, r != REF_NONE ? ir_opname[B.ins[r].op] : "none",
            r != REF_NONE ? B.ins[r].k.i : 0, want);
    failures++;
  }
}

/* op(x, y) on float constants must fold to `want`, bit for bit (NaN: any) */
static void foldn(int line, IROp op, double x, double y, double want) {
  IRRef r = opt_emit(&O, op, IRT_NUM, kn(x), isunary(op) ? REF_NONE : kn(y));
  checks++;
  if (r == REF_NONE || B.ins[r].op != IR_KNUM || !same(IRT_NUM, B.ins[r].k.u, bitsof(want))) {
    fprintf(stderr, "test_opt: line %d: %s(%.17g, %.17g) gives %.17g, want %.17g\n", line, ir_opname[op], x, y,
            r != REF_NONE ? B.ins[r].k.n : -999.0, want);
    failures++;
  }
}

/* a guard on constants: `holds` 1 (dropped) or 0 (always fails) */
static void foldg(int line, IROp op, IRRef a, IRRef b, int holds) {
  IRRef n0 = B.n, r;
  O.guardfails = 0;
  r = opt_emit(&O, op, IRT_VOID, a, b);
  checks++;
  if (r != REF_NONE || B.n != n0 || O.guardfails != !holds) {
    fprintf(stderr, "test_opt: line %d: %s on constants: %s, want %s\n", line, ir_opname[op],
            r != REF_NONE ? "emitted" : O.guardfails ? "always fails" : "always holds",
            holds ? "always holds" : "always fails");
    failures++;
  }
  O.guardfails = 0;
}

#define FOLDI(op, x, y, want) foldi(__LINE__, IR_##op, x, y, want)
#define FOLDN(op, x, y, want) foldn(__LINE__, IR_##op, x, y, want)
#define FOLDG(op, a, b, holds) foldg(__LINE__, IR_##op, a, b, holds)

static void test_fold(void) {
  IRRef r, x;
  reset(1);
  /* wrapping arithmetic */
  FOLDI(ADD, INT64_MAX, 1, INT64_MIN);
  FOLDI(SUB, INT64_MIN, 1, INT64_MAX);
  FOLDI(MUL, INT64_MAX, 2, -2);
  FOLDI(MUL, INT64_MIN, -1, INT64_MIN);
  FOLDI(NEG, INT64_MIN, 0, INT64_MIN);
  FOLDI(NEG, 5, 0, -5);
  /* floor division and modulo: 7 // 2, -7 // 2 ... as lua5.4 prints them */
  FOLDI(IDIV, 7, 2, 3);
  FOLDI(IDIV, -7, 2, -4);
  FOLDI(IDIV, 7, -2, -4);
  FOLDI(IDIV, -7, -2, 3);
  FOLDI(IDIV, 6, -3, -2);
  FOLDI(IDIV, 0, -3, 0);
  FOLDI(IDIV, INT64_MIN, -1, INT64_MIN);
  FOLDI(IDIV, INT64_MIN, 1, INT64_MIN);
  FOLDI(IDIV, INT64_MIN, 2, INT64_MIN / 2);
  FOLDI(IDIV, 5, -1, -5);
  FOLDI(MOD, 7, 3, 1);
  FOLDI(MOD, -7, 3, 2);
  FOLDI(MOD, 7, -3, -2);
  FOLDI(MOD, -7, -3, -1);
  FOLDI(MOD, 6, -3, 0);
  FOLDI(MOD, INT64_MIN, -1, 0);
  FOLDI(MOD, 5, -1, 0);
  FOLDI(MOD, INT64_MIN, INT64_MAX, INT64_MAX - 1);
  FOLDI(MOD, INT64_MAX, INT64_MIN, -1);
  /* a zero divisor is not folded: the guard before it exits */
  r = opt_emit(&O, IR_IDIV, IRT_INT, ki(5), ki(0));
  CHECK(r != REF_NONE && B.ins[r].op == IR_IDIV);
  r = opt_emit(&O, IR_MOD, IRT_INT, ki(5), ki(0));
  CHECK(r != REF_NONE && B.ins[r].op == IR_MOD);
  /* bitwise operations and Lua's shifts */
  FOLDI(BAND, 0xf0, 0x3c, 0x30);
  FOLDI(BOR, 0xf0, 0x3c, 0xfc);
  FOLDI(BXOR, 0xf0, 0x3c, 0xcc);
  FOLDI(BNOT, 0, 0, -1);
  FOLDI(SHL, 1, 63, INT64_MIN);
  FOLDI(SHL, 1, 64, 0);
  FOLDI(SHL, 1, -1, 0);
  FOLDI(SHL, 4, -1, 2);
  FOLDI(SHL, -1, -63, 1);
  FOLDI(SHL, -1, -64, 0);
  FOLDI(SHL, 1, INT64_MIN, 0);
  FOLDI(SHL, 1, INT64_MAX, 0);
  FOLDI(SHR, -1, 1, INT64_MAX);
  FOLDI(SHR, -1, 63, 1);
  FOLDI(SHR, -1, 64, 0);
  FOLDI(SHR, 2, -1, 4);
  FOLDI(SHR, 1, -63, INT64_MIN);
  FOLDI(SHR, -1, INT64_MIN, 0);
  FOLDI(SHR, 8, 0, 8);
  /* floats: Lua's % takes the divisor's sign, ^ is pow */
  FOLDN(FADD, 0.1, 0.2, 0.30000000000000004);
  FOLDN(FADD, -0.0, 0.0, 0.0);
  FOLDN(FSUB, 1.0, 1.0, 0.0);
  FOLDN(FMUL, -0.0, 5.0, -0.0);
  FOLDN(FDIV, 1.0, 0.0, INFINITY);
  FOLDN(FDIV, -1.0, 0.0, -INFINITY);
  FOLDN(FDIV, 0.0, 0.0, NAN);
  FOLDN(FNEG, 0.0, 0.0, -0.0);
  FOLDN(FMOD, 5.5, 2.0, 1.5);
  FOLDN(FMOD, -5.5, 2.0, 0.5);
  FOLDN(FMOD, 5.5, -2.0, -0.5);
  FOLDN(FMOD, -5.5, -2.0, -1.5);
  FOLDN(FMOD, 5.0, INFINITY, 5.0);
  FOLDN(FMOD, -5.0, INFINITY, INFINITY);
  FOLDN(FMOD, 5.0, -INFINITY, -INFINITY);
  FOLDN(FMOD, -5.0, -INFINITY, -5.0);
  FOLDN(FMOD, -0.0, 2.0, -0.0);
  FOLDN(FMOD, 0.0, -2.0, 0.0);
  FOLDN(FMOD, 1.0, 0.0, NAN);
  FOLDN(FMOD, INFINITY, 2.0, NAN);
  FOLDN(FPOW, 2.0, 10.0, 1024.0);
  FOLDN(FPOW, 2.0, 0.5, sqrt(2.0));
  FOLDN(FPOW, -3.0, 2.0, 9.0);
  FOLDN(FPOW, -8.0, 1.0 / 3.0, NAN);
  FOLDN(FPOW, 0.0, -1.0, INFINITY);
  FOLDN(FLOOR, -0.5, 0, -1.0);
  FOLDN(FLOOR, 2.5, 0, 2.0);
  FOLDN(CEIL, -0.5, 0, -0.0);
  FOLDN(CEIL, 2.5, 0, 3.0);
  FOLDN(FSQRT, 2.0, 0, sqrt(2.0));
  FOLDN(FSQRT, -1.0, 0, NAN);
  FOLDN(FSQRT, -0.0, 0, -0.0);
  FOLDN(FABS, -0.0, 0, 0.0);
  FOLDN(FABS, -INFINITY, 0, INFINITY);
  /* conversions */
  r = opt_emit(&O, IR_ITOF, IRT_NUM, ki(INT64_MAX), REF_NONE);
  CHECK(B.ins[r].op == IR_KNUM && B.ins[r].k.n == 9223372036854775808.0);
  r = opt_emit(&O, IR_ITOF, IRT_NUM, ki((INT64_C(1) << 53) + 1), REF_NONE);
  CHECK(B.ins[r].op == IR_KNUM && B.ins[r].k.n == 9007199254740992.0);
  r = opt_emit(&O, IR_ITOF, IRT_NUM, ki(-3), REF_NONE);
  CHECK(B.ins[r].op == IR_KNUM && B.ins[r].k.n == -3.0);
  r = opt_emit(&O, IR_FTOI, IRT_INT, kn(3.0), REF_NONE);
  CHECK(B.ins[r].op == IR_KINT && B.ins[r].k.i == 3 && !O.guardfails);
  r = opt_emit(&O, IR_FTOI, IRT_INT, kn(-0.0), REF_NONE);
  CHECK(B.ins[r].op == IR_KINT && B.ins[r].k.i == 0 && !O.guardfails);
  r = opt_emit(&O, IR_FTOI, IRT_INT, kn(-9223372036854775808.0), REF_NONE);
  CHECK(B.ins[r].op == IR_KINT && B.ins[r].k.i == INT64_MIN && !O.guardfails);
  {
    const double inexact[] = {3.5, 9223372036854775808.0, -9223372036854777856.0, NAN, INFINITY, -INFINITY};
    size_t i;
    for (i = 0; i < sizeof(inexact) / sizeof(inexact[0]); i++) {
      IRRef n0;
      O.guardfails = 0;
      n0 = B.n;
      kn(inexact[i]);
      n0 = B.n;
      r = opt_emit(&O, IR_FTOI, IRT_INT, kn(inexact[i]), REF_NONE);
      CHECK(r == REF_NONE && O.guardfails && B.n == n0);
    }
    O.guardfails = 0;
  }
  /* results are the interned constants */
  CHECK(opt_emit(&O, IR_ADD, IRT_INT, ki(40), ki(2)) == ki(42));
  CHECK(opt_emit(&O, IR_FMUL, IRT_NUM, kn(0.5), kn(4.0)) == kn(2.0));
  /* a non-constant operand: nothing folds */
  x = slot(0, IRT_INT);
  r = opt_emit(&O, IR_ADD, IRT_INT, x, ki(0));
  CHECK(r != x && B.ins[r].op == IR_ADD); /* (rules are off) */
  /* guards on constants */
  FOLDG(LT, ki(1), ki(2), 1);
  FOLDG(LT, ki(2), ki(1), 0);
  FOLDG(LT, ki(-1), ki(1), 1);
  FOLDG(ULT, ki(-1), ki(1), 0);
  FOLDG(UGE, ki(-1), ki(1), 1);
  FOLDG(GE, ki(3), ki(3), 1);
  FOLDG(LE, ki(4), ki(3), 0);
  FOLDG(GT, ki(4), ki(3), 1);
  FOLDG(ULE, ki(0), ki(-1), 1);
  FOLDG(UGT, ki(0), ki(-1), 0);
  FOLDG(EQ, ki(5), ki(5), 1);
  FOLDG(EQ, ki(5), ki(6), 0);
  FOLDG(NE, ki(5), ki(6), 1);
  FOLDG(FLT, kn(NAN), kn(1.0), 0);
  FOLDG(FNLT, kn(NAN), kn(1.0), 1);
  FOLDG(FNLT, kn(2.0), kn(1.0), 1);
  FOLDG(FLE, kn(1.0), kn(1.0), 1);
  FOLDG(FNLE, kn(1.0), kn(1.0), 0);
  FOLDG(FNLE, kn(NAN), kn(NAN), 1);
  FOLDG(FEQ, kn(0.0), kn(-0.0), 1);
  FOLDG(FEQ, kn(NAN), kn(NAN), 0);
  FOLDG(FNE, kn(NAN), kn(NAN), 1);
  FOLDG(FNE, kn(1.0), kn(1.0), 0);
  {
    static int o1, o2;
    FOLDG(EQ, ir_kgc(&B, &o1, IRT_TAB), ir_kgc(&B, &o1, IRT_TAB), 1);
    FOLDG(EQ, ir_kgc(&B, &o1, IRT_TAB), ir_kgc(&B, &o2, IRT_TAB), 0);
    FOLDG(NE, ir_kgc(&B, &o1, IRT_TAB), ir_kgc(&B, &o2, IRT_TAB), 1);
    FOLDG(EQ, ir_kpri(&B, IRT_NIL), ir_kpri(&B, IRT_NIL), 1);
  }
}

/* ----------------------------------------------------------------------
** CSE and guards
** ---------------------------------------------------------------------- */

static void test_cse(void) {
  IRRef x, y, r1, r2, t1, l1, l2, n0;
  static int tab;
  reset(1);
  x = slot(0, IRT_INT);
  y = slot(1, IRT_INT);
  /* commutative operands: the constant second, else the lower ref first */
  r1 = opt_emit(&O, IR_ADD, IRT_INT, y, x);
  CHECK(B.ins[r1].op1 == x && B.ins[r1].op2 == y);
  CHECK(opt_emit(&O, IR_ADD, IRT_INT, x, y) == r1);
  CHECK(opt_emit(&O, IR_ADD, IRT_INT, y, x) == r1);
  r2 = opt_emit(&O, IR_MUL, IRT_INT, ki(3), x);
  CHECK(B.ins[r2].op1 == x && B.ins[r2].op2 == ki(3));
  CHECK(opt_emit(&O, IR_MUL, IRT_INT, x, ki(3)) == r2);
  /* not commutative: SUB(x, y) and SUB(y, x) differ */
  r1 = opt_emit(&O, IR_SUB, IRT_INT, x, y);
  r2 = opt_emit(&O, IR_SUB, IRT_INT, y, x);
  CHECK(r1 != r2 && B.ins[r2].op1 == y);
  CHECK(opt_emit(&O, IR_SUB, IRT_INT, x, y) == r1);
  /* another type is another instruction */
  r1 = opt_emit(&O, IR_ADD, IRT_PTR, x, y);
  CHECK(r1 != opt_emit(&O, IR_ADD, IRT_INT, x, y));
  /* loads: found again until a store that may alias them, an allocation,
  ** a call, or LOOP */
  t1 = ir_kgc(&B, &tab, IRT_TAB);
  l1 = opt_emit(&O, IR_FLOAD, IRT_PTR, t1, IRFL_TAB_ARRAY);
  CHECK(opt_emit(&O, IR_FLOAD, IRT_PTR, t1, IRFL_TAB_ARRAY) == l1);
  l2 = opt_emit(&O, IR_FLOAD, IRT_INT, t1, IRFL_TAB_ASIZE);
  CHECK(l2 != l1 && opt_emit(&O, IR_FLOAD, IRT_INT, t1, IRFL_TAB_ASIZE) == l2);
  r1 = opt_emit(&O, IR_ADD, IRT_INT, x, ki(7)); /* pure: CSE'd across stores */
  opt_emit(&O, IR_TNEW, IRT_TAB, 0, 0); /* (an allocation) */
  l2 = opt_emit(&O, IR_FLOAD, IRT_PTR, t1, IRFL_TAB_ARRAY);
  CHECK(l2 != l1 && B.ins[l2].op == IR_FLOAD);
  CHECK(opt_emit(&O, IR_FLOAD, IRT_PTR, t1, IRFL_TAB_ARRAY) == l2);
  CHECK(opt_emit(&O, IR_ADD, IRT_INT, x, ki(7)) == r1);
  opt_emit(&O, IR_CALLC, IRT_VOID, 0, 1); /* (a call) */
  l1 = opt_emit(&O, IR_FLOAD, IRT_PTR, t1, IRFL_TAB_ARRAY);
  CHECK(l1 != l2);
  r2 = opt_emit(&O, IR_AREF, IRT_PTR, l1, x);
  CHECK(opt_emit(&O, IR_AREF, IRT_PTR, l1, x) == r2);
  l2 = opt_emit(&O, IR_ALOAD, IRT_INT, r2, REF_NONE);
  CHECK(opt_emit(&O, IR_ALOAD, IRT_INT, r2, REF_NONE) == l2); /* a guard with a value */
  opt_emit(&O, IR_ASTORE, IRT_VOID, r2, y);
  CHECK(opt_emit(&O, IR_ALOAD, IRT_INT, r2, REF_NONE) != l2);
  l2 = opt_emit(&O, IR_HLOAD, IRT_INT, r2, REF_NONE);
  opt_emit(&O, IR_LOOP, IRT_VOID, REF_NONE, REF_NONE);
  CHECK(opt_emit(&O, IR_HLOAD, IRT_INT, r2, REF_NONE) != l2);
  CHECK(opt_emit(&O, IR_ADD, IRT_INT, x, ki(7)) == r1);
  /* stores and effects are never merged */
  r1 = opt_emit(&O, IR_USTORE, IRT_VOID, x, y);
  CHECK(opt_emit(&O, IR_USTORE, IRT_VOID, x, y) != r1);
  r1 = opt_emit(&O, IR_TBAR, IRT_VOID, t1, x);
  CHECK(opt_emit(&O, IR_TBAR, IRT_VOID, t1, x) != r1);

  /* alias classes: array stores leave table fields alone; LOOP stops a
  ** load only when a store of its class is in the loop */
  reset(1);
  t1 = ir_kgc(&B, &tab, IRT_TAB);
  x = slot(0, IRT_INT);
  l1 = opt_emit(&O, IR_FLOAD, IRT_PTR, t1, IRFL_TAB_ARRAY);
  r2 = opt_emit(&O, IR_AREF, IRT_PTR, l1, x);
  l2 = opt_emit(&O, IR_ALOAD, IRT_INT, r2, REF_NONE);
  opt_emit(&O, IR_ASTORE, IRT_VOID, r2, x);
  CHECK(opt_emit(&O, IR_FLOAD, IRT_PTR, t1, IRFL_TAB_ARRAY) == l1);
  CHECK(opt_emit(&O, IR_ALOAD, IRT_INT, r2, REF_NONE) != l2);
  opt_emit(&O, IR_LOOP, IRT_VOID, REF_NONE, REF_NONE);
  CHECK(opt_emit(&O, IR_FLOAD, IRT_PTR, t1, IRFL_TAB_ARRAY) == l1);
  r1 = opt_emit(&O, IR_ALOAD, IRT_INT, r2, REF_NONE);
  CHECK(r1 != l2 && B.ins[r1].op == IR_ALOAD);
  CHECK(opt_emit(&O, IR_ALOAD, IRT_INT, r2, REF_NONE) == r1);

  /* store-to-load forwarding: a load of the place the last store of its
  ** class wrote gives the stored value (of the load's type); not past a
  ** store elsewhere, a call, or the LOOP */
  reset(1);
  t1 = ir_kgc(&B, &tab, IRT_TAB);
  x = slot(0, IRT_INT);
  y = slot(1, IRT_NUM);
  l1 = opt_emit(&O, IR_FLOAD, IRT_PTR, t1, IRFL_TAB_ARRAY);
  r1 = opt_emit(&O, IR_AREF, IRT_PTR, l1, x);
  r2 = opt_emit(&O, IR_AREF, IRT_PTR, l1, ki(0));
  opt_emit(&O, IR_ASTORE, IRT_VOID, r1, y);
  CHECK(opt_emit(&O, IR_ALOAD, IRT_NUM, r1, REF_NONE) == y);
  n0 = B.n;
  CHECK(opt_emit(&O, IR_ALOAD, IRT_INT, r1, REF_NONE) != y && B.n == n0 + 1); /* another type */
  opt_emit(&O, IR_ASTORE, IRT_VOID, r2, x); /* r2 may be r1 (x == 0) */
  l2 = opt_emit(&O, IR_ALOAD, IRT_NUM, r1, REF_NONE);
  CHECK(B.ins[l2].op == IR_ALOAD);
  CHECK(opt_emit(&O, IR_ALOAD, IRT_INT, r2, REF_NONE) == x);
  l2 = opt_emit(&O, IR_HREFK, IRT_PTR, t1, ki(5));
  opt_emit(&O, IR_HSTORE, IRT_VOID, l2, x);
  CHECK(opt_emit(&O, IR_HLOAD, IRT_INT, l2, REF_NONE) == x);
  CHECK(opt_emit(&O, IR_HREFK, IRT_PTR, t1, ki(5)) == l2); /* values change, not keys */
  /* an array load may read a node's value (through HREF): loaded again */
  CHECK(B.ins[opt_emit(&O, IR_ALOAD, IRT_INT, r2, REF_NONE)].op == IR_ALOAD);
  r1 = opt_emit(&O, IR_HREF, IRT_PTR, t1, x);
  opt_emit(&O, IR_HSTORE, IRT_VOID, l2, y);
  CHECK(opt_emit(&O, IR_HREF, IRT_PTR, t1, x) == r1); /* where a key is survives stores */
  opt_emit(&O, IR_CALLC, IRT_VOID, 0, 1); /* (a call) */
  CHECK(B.ins[opt_emit(&O, IR_HLOAD, IRT_INT, l2, REF_NONE)].op == IR_HLOAD);
  l1 = opt_emit(&O, IR_UREF, IRT_PTR, t1, 0);
  opt_emit(&O, IR_USTORE, IRT_VOID, l1, y);
  CHECK(opt_emit(&O, IR_ULOAD, IRT_NUM, l1, REF_NONE) == y);
  opt_emit(&O, IR_LOOP, IRT_VOID, REF_NONE, REF_NONE);
  CHECK(B.ins[opt_emit(&O, IR_ULOAD, IRT_NUM, l1, REF_NONE)].op == IR_ULOAD);

  /* guards: the current snapshot; one identical to an earlier guard is
  ** redundant (nothing emitted), whatever the snapshot */
  reset(1);
  x = slot(0, IRT_INT);
  y = slot(1, IRT_INT);
  O.cursnap = 3;
  r1 = opt_emit(&O, IR_LT, IRT_INT, x, y);
  CHECK(r1 != REF_NONE && B.ins[r1].op == IR_LT && B.ins[r1].snap == 3);
  O.cursnap = 4;
  n0 = B.n;
  CHECK(opt_emit(&O, IR_LT, IRT_INT, x, y) == REF_NONE && B.n == n0 && !O.guardfails);
  r2 = opt_emit(&O, IR_LT, IRT_INT, y, x);
  CHECK(r2 != REF_NONE && B.ins[r2].snap == 4);
  r1 = opt_emit(&O, IR_EQ, IRT_INT, y, x); /* commutative guard */
  CHECK(B.ins[r1].op1 == x);
  CHECK(opt_emit(&O, IR_EQ, IRT_INT, x, y) == REF_NONE);
  r1 = opt_emit(&O, IR_FTOI, IRT_INT, slot(2, IRT_NUM), REF_NONE);
  CHECK(B.ins[r1].snap == 4);
  CHECK(opt_emit(&O, IR_FTOI, IRT_INT, B.ins[r1].op1, REF_NONE) == r1);
  /* values are not guards: no snapshot */
  r1 = opt_emit(&O, IR_ADD, IRT_INT, x, y);
  CHECK(B.ins[r1].snap == 0);
  CHECK(!O.guardfails);

  /* rules on or off */
  reset(1);
  x = slot(0, IRT_INT);
  r1 = opt_emit(&O, IR_ADD, IRT_INT, x, ki(0));
  CHECK(r1 != x && B.ins[r1].op == IR_ADD);
  O.norules = 0;
  CHECK(opt_emit(&O, IR_ADD, IRT_INT, x, ki(0)) == x);
  /* a rule's result is folded and rewritten further, and CSE'd:
  ** (x + 3) - 3 is x + 3 + -3 is x + 0 is x */
  r1 = opt_emit(&O, IR_ADD, IRT_INT, x, ki(3));
  CHECK(opt_emit(&O, IR_SUB, IRT_INT, r1, ki(3)) == x);
  /* x * 8 is x << 3, and x << 3 was there already */
  r1 = opt_emit(&O, IR_SHL, IRT_INT, x, ki(3));
  CHECK(opt_emit(&O, IR_MUL, IRT_INT, x, ki(8)) == r1);
  CHECK(opt_emit(&O, IR_MUL, IRT_INT, ki(8), x) == r1);
  /* float rules keep IEEE: x + 0.0 stays, x + -0.0 is x */
  y = slot(1, IRT_NUM);
  r1 = opt_emit(&O, IR_FADD, IRT_NUM, y, kn(0.0));
  CHECK(r1 != y && B.ins[r1].op == IR_FADD);
  CHECK(opt_emit(&O, IR_FADD, IRT_NUM, y, kn(-0.0)) == y);
  /* a guard rule: LT(x, x) always fails */
  CHECK(opt_emit(&O, IR_LT, IRT_INT, x, x) == REF_NONE && O.guardfails);
  O.guardfails = 0;
  /* counters */
  reset(0);
  {
    int i, n = 0;
    x = slot(0, IRT_INT);
    opt_emit(&O, IR_BXOR, IRT_INT, x, x);
    for (i = 0; i < opt_nrules; i++) {
      if (fired[i] && strcmp(opt_rulename[i], "bxor_self") == 0) n++;
      fired[i] = 0;
    }
    CHECK(n == 1);
  }
}

/* ----------------------------------------------------------------------
** Every rule fires
** ---------------------------------------------------------------------- */

typedef struct Ex {
  IRBuf b;
  OptState o;
  int rule;
  IRType slottype[NSLOTS];
  IROp op;       /* the pattern's root */
  IRType t;
  IRRef a, rb;
  IRRef res;     /* what opt_emit returned for it */
  int guardfails;
  int fired;     /* rule fired on this instance */
  uint32_t *nfired;  /* per rule: instances it fired on */
  uint32_t *ntried;
  int *reported;
} Ex;

static const int64_t ex_int[] = {0, 1, 2, 3, 4, 5, 7, 8, 63, 64, 65, -1, -2, -63, -64, -65, 1000,
                                 INT64_MAX, INT64_MIN, (int64_t)0x5555555555555555};
#define EX_NINT (sizeof(ex_int) / sizeof(ex_int[0]))
static const double ex_num[] = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, 0.25, 3.0, 0.1, 1e300, 1e-310,
                                0x1p-1022, 0x1p1023, INFINITY, -INFINITY, NAN};
#define EX_NNUM (sizeof(ex_num) / sizeof(ex_num[0]))

static void ex_fail(Ex *e, const char *what) {
  failures++;
  if (e->reported[e->rule]++) return;
  fprintf(stderr, "test_opt: rule %s: %s\n  pattern root: %s %04u %04u; result %04u%s; IR:\n",
          opt_rulename[e->rule], what, ir_opname[e->op], (unsigned)e->a, (unsigned)e->rb, (unsigned)e->res,
          e->guardfails ? " (guard fails)" : "");
  ir_dump(&e->b, out, stderr);
}

static void ex_begin(Ex *e, int rule) {
  ir_init(&e->b);
  opt_init(&e->o, &e->b, fired);
  e->rule = rule;
  e->fired = 0;
}

static IRRef ex_var(Ex *e, int i, IRType t) {
  e->slottype[i] = t;
  return ir_append(&e->b, IR_SLOAD, t, (IRRef)i, SLOAD_NOCHECK);
}

static IRRef ex_kint(Ex *e, int64_t v) { return ir_kint(&e->b, v); }
static IRRef ex_knum(Ex *e, double v) { return ir_knum(&e->b, v); }

static IRRef ex_node(Ex *e, IROp op, IRType t, IRRef a, IRRef b) {
  IRRef r;
  e->o.norules = 1;
  r = opt_emit(&e->o, op, t, a, b);
  e->o.norules = 0;
  return r;
}

static int ex_root(Ex *e, IROp op, IRType t, IRRef a, IRRef b) {
  uint32_t before = fired[e->rule];
  e->op = op;
  e->t = t;
  e->a = a;
  e->rb = b;
  e->res = opt_emit(&e->o, op, t, a, b);
  e->guardfails = e->o.guardfails;
  e->fired = fired[e->rule] != before;
  e->ntried[e->rule]++;
  if (e->fired) e->nfired[e->rule]++;
  return e->fired;
}

static IRRef ex_rhs(Ex *e, IROp op, IRType t, IRRef a, IRRef b) { return opt_emit(&e->o, op, t, a, b); }

static void ex_expect(Ex *e, IRRef want) {
  checks++;
  if (e->res != want || e->guardfails) ex_fail(e, "the result is not the rule's right side");
}

static void ex_expect_holds(Ex *e) {
  checks++;
  if (e->res != REF_NONE || e->guardfails) ex_fail(e, "the guard was not dropped");
}

static void ex_expect_fails(Ex *e) {
  checks++;
  if (e->res != REF_NONE || !e->guardfails) ex_fail(e, "the guard was not found to always fail");
}

/* The rule's guard, emitted again, must add nothing: it is what the rule
** emitted (or it folds the same way). */
static void ex_expect_guard(Ex *e, IROp op, IRType t, IRRef a, IRRef b) {
  IRRef n0 = e->b.n, r;
  e->o.guardfails = 0;
  r = opt_emit(&e->o, op, t, a, b);
  checks++;
  if (r != REF_NONE || e->b.n != n0 || e->o.guardfails != e->guardfails)
    ex_fail(e, "the resulting guard is not the rule's right side");
}

/* Both sides compute the same on boundary and random inputs. */
static void ex_end(Ex *e) {
  Env env;
  int i, j;
  int guard = ir_isguard(e->op);
  for (i = 0; i < (int)NSAMPLES; i++) {
    uint64_t va = 0, vb = 0, lhs, rhs;
    for (j = 0; j < NSLOTS; j++) env.slot[j] = samplevalue(e->slottype[j], i, j);
    /* the root as it was given, evaluated on its operands */
    if (!eval(&e->b, e->a, &env, &va)) continue;
    if (ir_opmode[e->op][1] == IRM_REF && !eval(&e->b, e->rb, &env, &vb)) continue;
    if (!apply(e->op, va, vb, &lhs)) continue; /* undefined: a zero divisor */
    if (guard && e->res == REF_NONE) {
      rhs = !e->guardfails;
    } else if (e->res == REF_NONE || (guard && e->guardfails)) {
      ex_fail(e, "no result");
      return;
    } else if (!eval(&e->b, e->res, &env, &rhs)) {
      ex_fail(e, "the result cannot be evaluated");
      return;
    }
    checks++;
    if (!same(e->t, lhs, rhs)) {
      char msg[200];
      snprintf(msg, sizeof(msg), "computes 0x%" PRIx64 " where the pattern computes 0x%" PRIx64
               " (slots 0x%" PRIx64 " 0x%" PRIx64 ")", rhs, lhs, env.slot[0], env.slot[1]);
      ex_fail(e, msg);
      break;
    }
  }
  ir_free(&e->b);
}

#include "opt_examples.h"

static void test_rules(void) {
  Ex e;
  int i;
  memset(&e, 0, sizeof(e));
  e.nfired = calloc((size_t)opt_nrules, sizeof(uint32_t));
  e.ntried = calloc((size_t)opt_nrules, sizeof(uint32_t));
  e.reported = calloc((size_t)opt_nrules, sizeof(int));
  CHECK(EX_NRULES == opt_nrules);
  for (i = 0; i < EX_NRULES && i < opt_nrules; i++) ex_rules[i](&e);
  for (i = 0; i < opt_nrules; i++) {
    checks++;
    if (e.nfired[i] == 0) {
      fprintf(stderr, "test_opt: rule %s never fired (%u instances of its pattern tried)\n", opt_rulename[i],
              (unsigned)e.ntried[i]);
      failures++;
    }
  }
  /* names: unique, non-empty */
  for (i = 0; i < opt_nrules; i++) {
    int j;
    CHECK(opt_rulename[i] != NULL && opt_rulename[i][0] != '\0');
    for (j = 0; j < i; j++) CHECK(strcmp(opt_rulename[i], opt_rulename[j]) != 0);
  }
  if (getenv("TEST_OPT_VERBOSE"))
    for (i = 0; i < opt_nrules; i++)
      printf("%-16s fired on %u of %u instances\n", opt_rulename[i], (unsigned)e.nfired[i], (unsigned)e.ntried[i]);
  free(e.nfired);
  free(e.ntried);
  free(e.reported);
}

int main(void) {
  fired = calloc((size_t)opt_nrules, sizeof(uint32_t));
  ir_init(&B);
  test_fold();
  test_cse();
  test_rules();
  ir_free(&B);
  free(fired);
  if (failures) {
    fprintf(stderr, "test_opt: %d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("test_opt: all %d checks passed (%d rules, each fired)\n", checks, opt_nrules);
  return 0;
}
