/*
** opt.c — the one-pass IR optimizer: every instruction the recorder emits
** goes through opt_emit, which in this order
**
**   1. puts the operands of a commutative opcode in a canonical order: a
**      constant second, otherwise the lower ref first (so x+y meets y+x);
**   2. folds it if its operands are constants, with Lua 5.4's semantics
**      (ir.h); a guard on constants either always holds (dropped) or
**      always fails (o->guardfails: the recorder stops the trace);
**   3. applies the peephole rules (opt.rules, compiled by tools/rulegen.c
**      into opt_rules.h) unless o->norules. A rule's result is emitted
**      through these same steps, so it folds and is rewritten further;
**      OPT_MAXDEPTH bounds how deep that goes;
**   4. forwards a store to a load (ALOAD, HLOAD, ULOAD) of the place the
**      last store that may alias it wrote, with nothing between that may
**      change it (opt_forward()): the load is the stored value;
**   5. looks for an identical earlier instruction (CSE): same opcode, type
**      and operands, found through the opcode's list (IRBuf.oplist, IRIns.prev). Pure
**      instructions only (no IRF_EFFECT, IRF_STORE, IRF_ALLOC); a load
**      (IRF_LOAD) is not matched across a store that may alias it, an
**      allocation or call (IRF_ALLOC), nor across the LOOP marker when such a
**      store is in the loop (its later stores run before the next
**      iteration's loads). A comparison guard identical to
**      an earlier one is redundant: nothing is emitted, REF_NONE returned;
**      a guard that has a value (SLOAD, ALOAD...) returns the earlier one;
**   6. appends it; a guard gets the current snapshot (o->cursnap).
**
** When memory runs out, whatever this call appended is taken back (refs
** and opcode lists), and REF_NONE is returned.
*/
#include <math.h>
#include <string.h>

#include "internal.h"
#include "opt.h"
#include "opt_rules.h"

#define OPT_MAXDEPTH 8 /* rule results rewritten by further rules, at most */

#define IR(ref) (&o->ir->ins[ref])
#define isk(o, ref) ((ref) != REF_NONE && ir_isconst((o)->ir->ins[ref].op))

void opt_init(OptState *o, IRBuf *ir, uint32_t *rulefired) {
  int k;
  memset(o, 0, sizeof(*o));
  o->ir = ir;
  o->rulefired = rulefired;
  for (k = 0; k < IR__MAX; k++)
    if (ir_opflags[k] & (IRF_STORE | IRF_ALLOC)) o->writers[o->nwriters++] = (uint8_t)k;
}

/* ----------------------------------------------------------------------
** Constant folding
** ---------------------------------------------------------------------- */

/* Folding computes with the interpreter's own arithmetic (interp.c), so a
** folded constant is what the instruction would have produced. Divisors
** are nonzero here, so the error paths (which need a state) never run. */

static IRRef opt_kint(OptState *o, int64_t v) {
  IRRef r = ir_kint(o->ir, v);
  return r == REF_NONE ? OPTR_OOM : r;
}

static IRRef opt_knum(OptState *o, double v) {
  IRRef r = ir_knum(o->ir, v);
  return r == REF_NONE ? OPTR_OOM : r;
}

/* A guard whose outcome is known: it emits nothing either way. */
static IRRef opt_guardis(OptState *o, int holds) {
  if (!holds) o->guardfails = 1;
  return REF_NONE;
}

static IRRef opt_foldint(OptState *o, IROp op, int64_t x, int64_t y) {
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
  switch (op) {
    case IR_ADD: return opt_kint(o, (int64_t)(ux + uy));
    case IR_SUB: return opt_kint(o, (int64_t)(ux - uy));
    case IR_MUL: return opt_kint(o, (int64_t)(ux * uy));
    case IR_NEG: return opt_kint(o, (int64_t)(0 - ux));
    case IR_IDIV: return y == 0 ? OPTR_NOMATCH : opt_kint(o, interp_idiv(NULL, x, y));
    case IR_MOD: return y == 0 ? OPTR_NOMATCH : opt_kint(o, interp_mod(NULL, x, y));
    case IR_UDIV: return y == 0 ? OPTR_NOMATCH : opt_kint(o, (int64_t)(ux / uy));
    case IR_BAND: return opt_kint(o, x & y);
    case IR_BOR: return opt_kint(o, x | y);
    case IR_BXOR: return opt_kint(o, x ^ y);
    case IR_BNOT: return opt_kint(o, ~x);
    case IR_SHL: return opt_kint(o, interp_shiftl(x, y));
    case IR_SHR: return opt_kint(o, interp_shiftr(x, y));
    default: return OPTR_NOMATCH;
  }
}

static IRRef opt_foldnum(OptState *o, IROp op, double x, double y) {
  switch (op) {
    case IR_FADD: return opt_knum(o, x + y);
    case IR_FSUB: return opt_knum(o, x - y);
    case IR_FMUL: return opt_knum(o, x * y);
    case IR_FDIV: return opt_knum(o, x / y);
    case IR_FNEG: return opt_knum(o, -x);
    case IR_FMOD: return opt_knum(o, interp_modf(NULL, x, y));
    case IR_FPOW: return opt_knum(o, interp_pow(x, y));
    case IR_FLOOR: return opt_knum(o, floor(x));
    case IR_CEIL: return opt_knum(o, ceil(x));
    case IR_FSQRT: return opt_knum(o, sqrt(x));
    case IR_FABS: return opt_knum(o, fabs(x));
    default: return OPTR_NOMATCH;
  }
}

static IRRef opt_foldguardint(OptState *o, IROp op, int64_t x, int64_t y) {
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
  switch (op) {
    case IR_LT: return opt_guardis(o, x < y);
    case IR_GE: return opt_guardis(o, x >= y);
    case IR_LE: return opt_guardis(o, x <= y);
    case IR_GT: return opt_guardis(o, x > y);
    case IR_ULT: return opt_guardis(o, ux < uy);
    case IR_UGE: return opt_guardis(o, ux >= uy);
    case IR_ULE: return opt_guardis(o, ux <= uy);
    case IR_UGT: return opt_guardis(o, ux > uy);
    default: return OPTR_NOMATCH;
  }
}

static IRRef opt_foldguardnum(OptState *o, IROp op, double x, double y) {
  switch (op) {
    case IR_FLT: return opt_guardis(o, x < y);
    case IR_FNLT: return opt_guardis(o, !(x < y));
    case IR_FLE: return opt_guardis(o, x <= y);
    case IR_FNLE: return opt_guardis(o, !(x <= y));
    case IR_FEQ: return opt_guardis(o, x == y);
    case IR_FNE: return opt_guardis(o, !(x == y));
    default: return OPTR_NOMATCH;
  }
}

/* Folds op(a, b) if its ref operands are constants: a constant's ref, or
** REF_NONE for a guard that was decided, or OPTR_NOMATCH. */
static IRRef opt_fold(OptState *o, IROp op, IRType t, IRRef a, IRRef b) {
  const IRIns *x, *y;
  IRRef r;
  int unary = ir_opmode[op][1] != IRM_REF;
  if (ir_opmode[op][0] != IRM_REF || !isk(o, a) || (!unary && !isk(o, b))) return OPTR_NOMATCH;
  x = IR(a);
  y = unary ? x : IR(b);
  if (x->op == IR_KINT && y->op == IR_KINT) {
    if (t == IRT_INT && (r = opt_foldint(o, op, x->k.i, y->k.i)) != OPTR_NOMATCH) return r;
    if (op == IR_ITOF && t == IRT_NUM) return opt_knum(o, (double)x->k.i);
    if (op == IR_EQ || op == IR_NE) return opt_guardis(o, (x->k.i == y->k.i) == (op == IR_EQ));
    return opt_foldguardint(o, op, x->k.i, y->k.i);
  }
  if (op == IR_FMATH && x->op == IR_KNUM && b < IRFPM__MAX) return opt_knum(o, ir_fpm[b](x->k.n));
  if (x->op == IR_KNUM && y->op == IR_KNUM) {
    if (t == IRT_NUM && (r = opt_foldnum(o, op, x->k.n, y->k.n)) != OPTR_NOMATCH) return r;
    if (op == IR_FTOI) { /* exact only: otherwise the guard always fails */
      double d = x->k.n;
      if (d >= -0x1p63 && d < 0x1p63 && d == floor(d)) return opt_kint(o, (int64_t)d);
      return opt_guardis(o, 0);
    }
    return opt_foldguardnum(o, op, x->k.n, y->k.n);
  }
  if (op == IR_SBYTE && x->op == IR_KGC && y->op == IR_KINT) { /* in bounds: guarded */
    const TString *s = (const TString *)x->k.p;
    if (y->k.i >= 0 && (size_t)y->k.i < tsslen(s)) return opt_kint(o, (uint8_t)getstr(s)[y->k.i]);
    return OPTR_NOMATCH;
  }
  /* EQ/NE of two GC objects or pointers: the same constant or not. Two
  ** primitive constants (nil, false, true) only when they are the same. */
  if ((op == IR_EQ || op == IR_NE) && x->op == y->op && (x->op == IR_KGC || x->op == IR_KPTR || a == b))
    return opt_guardis(o, (x->k.u == y->k.u) == (op == IR_EQ));
  return OPTR_NOMATCH;
}

/* ----------------------------------------------------------------------
** CSE
** ---------------------------------------------------------------------- */

/* Guards without a value: when redundant, nothing stands for them. */
static int opt_novalue(IROp op) {
  switch (op) {
    case IR_LT: case IR_GE: case IR_LE: case IR_GT:
    case IR_ULT: case IR_UGE: case IR_ULE: case IR_UGT:
    case IR_FLT: case IR_FNLT: case IR_FLE: case IR_FNLE:
    case IR_EQ: case IR_NE: case IR_FEQ: case IR_FNE:
      return 1;
    default:
      return 0;
  }
}

/* The stores that may change what a load of opcode op reads. Array
** stores do not move the array or change its size (the recorder only
** stores into present slots), so FLOAD survives them; node stores only
** change values of present keys, so HREFK and HREF (where a key is)
** survive them; an array load may read a node's value (through HREF);
** no store writes an object's fields (FLOAD); calls and allocations
** change anything (IRF_ALLOC: opt_loadbarrier). */
static int opt_aliases(IROp load, IROp store) {
  if (store == IR_AHINT) return load == IR_TLEN; /* (the length hint) */
  switch (load) {
    case IR_FLOAD: return 0;
    case IR_ALOAD: case IR_ATAG: return store == IR_ASTORE || store == IR_HSTORE;
    case IR_HREFK: case IR_HREF: return 0;
    case IR_HLOAD: return store == IR_HSTORE;
    case IR_UREF: case IR_ULOAD: return store == IR_USTORE;
    default: return 1;
  }
}

/* The last instruction a load of opcode op cannot be moved across: a
** store that may alias it, or an allocation. The loop marker too when
** such a store is anywhere in the loop: the loop's later stores run
** before its next iteration's loads. */
static IRRef opt_loadbarrier(const OptState *o, IROp op) {
  const IRBuf *ir = o->ir;
  IRRef lim = 0;
  int k;
  for (k = 0; k < o->nwriters; k++) {
    IROp s = (IROp)o->writers[k];
    if (((ir_opflags[s] & IRF_ALLOC) || opt_aliases(op, s)) && ir->oplist[s] > lim) lim = ir->oplist[s];
  }
  if (lim != 0 && lim < ir->oplist[IR_LOOP]) lim = ir->oplist[IR_LOOP];
  return lim;
}

/* Store-to-load forwarding: a load of the very place the last store that
** may alias it wrote (the same AREF, node or upvalue ref) reads the stored
** value, when no call or allocation came between. Not across the LOOP
** marker: the loop's own later stores run before the next iteration's
** loads (opt_loadbarrier's reason). */
static IRRef opt_forward(OptState *o, IROp op, IRType t, IRRef a) {
  IROp st = op == IR_ALOAD ? IR_ASTORE : op == IR_HLOAD ? IR_HSTORE : op == IR_ULOAD ? IR_USTORE : IR_NOP;
  IRRef s, lim = opt_loadbarrier(o, op);
  const IRIns *store;
  if (st == IR_NOP) return OPTR_NOMATCH;
  s = o->ir->oplist[st];
  if (s == 0 || s < lim) return OPTR_NOMATCH; /* a call, allocation or the LOOP after it */
  store = IR(s);
  if (store->op1 != a || IR(store->op2)->type != t) return OPTR_NOMATCH;
  return store->op2;
}

static IRRef opt_cse(OptState *o, IROp op, IRType t, IRRef a, IRRef b) {
  uint8_t f = ir_opflags[op];
  IRRef ref, lim = 0;
  if ((f & (IRF_EFFECT | IRF_STORE | IRF_ALLOC | IRF_CONST)) || op == IR_NOP) return OPTR_NOMATCH;
  if (f & IRF_LOAD) lim = opt_loadbarrier(o, op);
  if (lim < o->gcbarrier) lim = o->gcbarrier;
  for (ref = o->ir->oplist[op]; ref > lim; ref = IR(ref)->prev) {
    const IRIns *ins = IR(ref);
    if (ins->op1 == a && ins->op2 == b && ins->type == t) return opt_novalue(op) ? REF_NONE : ref;
  }
  return OPTR_NOMATCH;
}

/* ----------------------------------------------------------------------
** Emitting
** ---------------------------------------------------------------------- */

static IRRef opt_emitrec(OptState *o, IROp op, IRType t, IRRef a, IRRef b, int depth) {
  IRRef r;
  if (ir_opflags[op] & IRF_COMM) {
    int ka = isk(o, a), kb = isk(o, b);
    if (ka != kb ? ka : a > b) {
      r = a;
      a = b;
      b = r;
    }
  }
  r = opt_fold(o, op, t, a, b);
  if (r != OPTR_NOMATCH) return r;
  if (!o->norules && depth < OPT_MAXDEPTH) {
    r = optr_match(o, op, t, a, b, depth);
    if (r != OPTR_NOMATCH) return r;
  }
  r = opt_forward(o, op, t, a);
  if (r != OPTR_NOMATCH) return r;
  r = opt_cse(o, op, t, a, b);
  if (r != OPTR_NOMATCH) return r;
  r = ir_append(o->ir, op, t, a, b);
  if (r == REF_NONE) return OPTR_OOM;
  if (ir_isguard(op)) IR(r)->snap = o->cursnap;
  return r;
}

IRRef opt_emit(OptState *o, IROp op, IRType t, IRRef a, IRRef b) {
  IRBuf *ir = o->ir;
  IRRef n0 = ir->n;
  IRRef r = opt_emitrec(o, op, t, a, b, 0);
  if (r != OPTR_OOM) return r;
  while (ir->n > n0) { /* take back what was appended, newest first */
    IRIns *ins = &ir->ins[--ir->n];
    ir->oplist[ins->op] = ins->prev;
  }
  return REF_NONE;
}
