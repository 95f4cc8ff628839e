/*
** asm_x64.c — the x86-64 backend: the lowering of a finished trace's IR
** to machine code (through x64enc.c), against the backend layer (asm.h:
** asm.c allocates the registers and drives the emission).
**
** A trace is a C function fn(base, ex) (jit.h): RDI holds the frame's
** first slot, RSI the JitExitState the caller gave it. Layout of the code:
**
**   prologue          save the callee-saved registers; R14 = base, R15 = ex
**   link entry:       where other traces' exits go on into this one (all
**                     traces share the prologue's frame): a back-edge's
**                     checks, then the body
**   pre-loop          the first, peeled iteration (refs below the LOOP)
**   loop:             the loop body (refs after the LOOP)
**                     back-edge: budget (and collection) checks, the PHI
**                     moves, jmp loop
**   exit stubs        one per snapshot some guard uses: jmp
**                     [T->entryto[n]], a side trace that inherited the
**                     values (PVAL), or on: write the snapshot's values
**                     into the frames, eax = its number, jmp
**                     [T->exitto[n]]: the return, or another trace's link
**                     entry (a side trace, a loop a link leads to)
**   return            ex->trace = T, epilogue, return eax
**   constant pool     the float constants the code reads (RIP-relative)
**
** Registers: asm.c allocates them (linear scan, spilling, splitting,
** PHI coalescing) from the lists asm_target gives, and sinks values only
** exits read into those exits. A value keeps its register through the
** instruction that uses it last, so a result never shares a register with
** an operand or with a value a guard's snapshot still needs. Three general
** registers (RAX, RDX, R11) and two XMM registers (XMM0, XMM1) are never
** allocated: they hold operands that are constants or spilled, and results
** to be spilled.
** Calls to C helpers (pow, fmod, integer division, variable shifts, the
** table write barrier) save the caller-saved registers live across them
** in ex and restore them after.
**
** An exit's stub writes its snapshot's values back into the frame (each
** from the register or spill slot the IR instruction records), so going
** on into another trace costs a few stores, none for a side trace that
** takes the values where they are (PVAL); jit.c rebuilds the frames of
** inlined calls the snapshot is inside of, and the interpreter resumes at
** the snapshot's bytecode.
**
** Code memory (asm.c) is mapped read+write while the trace is emitted, then
** switched to read+execute: never both at once.
*/
#include "asm.h"

#if defined(__x86_64__) && !defined(TIDE_NO_JIT)

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "x64enc.h"

#define R_BASE X64_R14 /* the frame's slot 0 */
#define R_EX X64_R15   /* the JitExitState */
#define R_TMP X64_RAX  /* scratch: first operand, result to spill */
#define R_TMP2 X64_RDX /* scratch: second operand */
#define R_TMP3 X64_R11 /* scratch: addresses, constants */
#define R_IC X64_R10   /* the back-edge budget left (JitExitState.budget):
                       ** carried from trace to trace, kept across calls */
#define X_TMP X64_XMM0
#define X_TMP2 X64_XMM1

/* Allocatable registers, callee-saved ones first (they survive calls) */
static const uint8_t gpr_alloc[] = {X64_RBX, X64_R12, X64_R13, X64_RBP, X64_RCX,
                                    X64_RSI, X64_RDI, X64_R8,  X64_R9};
#define callersaved(r) ((r) != X64_RBX && (r) != X64_R12 && (r) != X64_R13 && (r) != X64_RBP)
#define calleesaved_list {X64_RBX, X64_RBP, X64_R12, X64_R13, X64_R14, X64_R15}

#define TV_SIZE ((int32_t)sizeof(TValue))
#define TV_TT ((int32_t)offsetof(TValue, tt_))
#define EX_GPR(r) ((int32_t)(offsetof(JitExitState, gpr) + 8 * (size_t)(r)))
#define EX_FPR(r) ((int32_t)(offsetof(JitExitState, fpr) + 8 * (size_t)(r)))
#define EX_SPILL(s) ((int32_t)(offsetof(JitExitState, spill) + 8 * (size_t)(s)))

/* A back-edge check's way into its slow path, and back (ax_budgetcheck) */
typedef struct SlowCheck {
  uint8_t *jcc;
  uint8_t *back;
  uint32_t sn;
} SlowCheck;

typedef struct KPatch {
  uint8_t *field; /* an instruction's rel32 */
  uint64_t bits;  /* the constant it reads */
} KPatch;

typedef struct Asm {
  AsmCore *c;        /* the allocation, the exits (asm.c) */
  JitTrace *T;       /* the trace being emitted */
  X64Buf mc;
  KPatch *kpatch;    /* RIP-relative reads of float constants (ax_kpool) */
  uint32_t nkpatch, kpatchcap;
  int collects;      /* the trace has GC safe points (IRF_GCSTEP) */
  SlowCheck slow[2]; /* the link entry's and the back-edge's (ax_budgetcheck) */
  int nslow;
} Asm;

#define IR(ref) (&as->c->ir->ins[ref])

/* ----------------------------------------------------------------------
** What the allocator needs to know of x86-64 (asm.h AsmTarget)
** ---------------------------------------------------------------------- */

/* The opcodes lowered as calls to C helpers */
static int ax_iscall(const IRIns *ins) {
  switch (ins->op) {
    case IR_FPOW: case IR_FMOD: case IR_IDIV: case IR_MOD: case IR_UDIV: case IR_TBAR: case IR_TLEN:
    case IR_STRCMP: case IR_STREQ: case IR_FNEW: case IR_UCLO: case IR_SNEW:
    case IR_TNEW: case IR_TSLOT: case IR_CAT: case IR_CALLC: case IR_CALLL: case IR_TGETS: case IR_HREF:
    case IR_FMATH: case IR_TRESIZE:
      return 1;
    case IR_SHL: case IR_SHR: /* unless the count is a constant */
      return 1;
    default:
      return 0;
  }
}

static int ax_commutes(IROp op) {
  return op == IR_ADD || op == IR_MUL || op == IR_BAND || op == IR_BOR || op == IR_BXOR ||
         op == IR_FADD || op == IR_FMUL;
}

/* Whether instruction ref may compute into the register of its operand
** old: it reads nothing after writing its result (the lowerings of these
** copy the first operand into the result first, or, when the result is
** in the second's register, operate on it with the first), and old is
** one operand only. */
static int ax_intoop(const AsmCore *c, IRRef ref, IRRef old) {
  const IRIns *ins = &c->ir->ins[ref];
  switch (ins->op) {
    case IR_ADD: case IR_SUB: case IR_MUL: case IR_BAND: case IR_BOR: case IR_BXOR:
    case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV:
      return ins->op1 != ins->op2 && (ins->op1 == old || ax_commutes(ins->op));
    case IR_NEG: case IR_BNOT:
      return 1;
    default:
      return 0;
  }
}

/* ----------------------------------------------------------------------
** Operands and results
** ---------------------------------------------------------------------- */

#define spillmem(ins) x64mem(R_EX, EX_SPILL((ins)->spill - 1))

static int ax_fitsi32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

/* A constant's 64-bit payload */
static uint64_t ax_kbits(const IRIns *k) { return k->op == IR_KPRI ? 0 : k->k.u; }

/* The general register holding ref's value: its own, or `tmp` loaded
** with the constant or the spilled value. */
static int ax_gpr_of(Asm *as, IRRef ref, int tmp) {
  IRIns *ins = IR(ref);
  if (ir_isconst(ins->op)) {
    x64_mov_ri(&as->mc, tmp, (int64_t)ax_kbits(ins));
    return tmp;
  }
  if (ins->reg != REG_NONE) return ins->reg;
  x64_mov_rm(&as->mc, tmp, spillmem(ins));
  return tmp;
}

/* Float constants are read from the trace's constant pool, after its
** code (ax_kpool: 16 bytes each, aligned, for packed operations too), by
** RIP-relative operands: kmem, then ax_kread right after the instruction. */
#define kmem() x64mem(X64_RIP, 0)

static void ax_kread(Asm *as, uint64_t bits) {
  KPatch *p;
  if (as->mc.overflow) return;
  if ((p = (KPatch *)asm_grow(as->c, as->kpatch, as->nkpatch, &as->kpatchcap, sizeof(KPatch))) == NULL) return;
  as->kpatch = p;
  as->kpatch[as->nkpatch].field = as->mc.p - 4;
  as->kpatch[as->nkpatch++].bits = bits;
}

static void ax_kpool(Asm *as) {
  uint32_t k, j;
  uint8_t **at;
  if (as->nkpatch == 0) return;
  at = (uint8_t **)malloc(as->nkpatch * sizeof(uint8_t *));
  if (at == NULL) {
    as->c->oom = 1;
    return;
  }
  while (((uintptr_t)as->mc.p & 15) != 0 && as->mc.p < as->mc.end) *as->mc.p++ = 0xcc; /* int3 */
  for (k = 0; k < as->nkpatch && !as->mc.overflow; k++) {
    for (j = 0; j < k && as->kpatch[j].bits != as->kpatch[k].bits; j++) {}
    if (j < k) {
      at[k] = at[j];
    } else if (as->mc.end - as->mc.p < 16) {
      as->mc.overflow = 1;
    } else {
      at[k] = as->mc.p;
      memcpy(at[k], &as->kpatch[k].bits, 8);
      memset(at[k] + 8, 0, 8);
      as->mc.p += 16;
    }
    if (!as->mc.overflow) x64_patch_rel32(as->kpatch[k].field, at[k]);
  }
  free(at);
}

static int ax_xmm_of(Asm *as, IRRef ref, int tmp) {
  IRIns *ins = IR(ref);
  if (ir_isconst(ins->op)) {
    if (ins->k.u == 0) {
      x64_xorpd_xx(&as->mc, tmp, tmp);
    } else {
      x64_movsd_xm(&as->mc, tmp, kmem());
      ax_kread(as, ins->k.u);
    }
    return tmp;
  }
  if (ins->reg != REG_NONE) return ins->reg;
  x64_movsd_xm(&as->mc, tmp, spillmem(ins));
  return tmp;
}

/* Where to compute ref's result: its register, or the scratch one */
static int ax_dst_gpr(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  return ins->reg != REG_NONE ? ins->reg : R_TMP;
}
static int ax_dst_xmm(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  return ins->reg != REG_NONE ? ins->reg : X_TMP;
}

/* After computing into dst: a spilled result goes to its slot. */
static void ax_done_gpr(Asm *as, IRRef ref, int dst) {
  IRIns *ins = IR(ref);
  if ((ins->reg == REG_NONE || as->c->splitat[ref]) && ins->spill) x64_mov_mr(&as->mc, spillmem(ins), dst);
}
static void ax_done_xmm(Asm *as, IRRef ref, int dst) {
  IRIns *ins = IR(ref);
  if ((ins->reg == REG_NONE || as->c->splitat[ref]) && ins->spill) x64_movsd_mx(&as->mc, spillmem(ins), dst);
}

/* A constant that fits an instruction's 32-bit immediate */
static int ax_k32(const IRIns *k) {
  return (k->op == IR_KINT || k->op == IR_KPTR || k->op == IR_KGC) && ax_fitsi32((int64_t)k->k.u);
}
static int ax_isk32(Asm *as, IRRef ref) { return ax_k32(IR(ref)); }

/* ----------------------------------------------------------------------
** Guards
** ---------------------------------------------------------------------- */

/* A jump (its rel32 at field) to the exit stub of snapshot sn, patched
** when the stubs are there; forced: a back-edge check's exit (not a
** guard's: it sets ex->forced first) */
static void ax_exitvia(Asm *as, uint8_t *field, uint32_t sn, int forced) { asm_exitvia(as->c, field, sn, forced); }

/* The same for the snapshot of guard ref */
static void ax_exitpatch(Asm *as, uint8_t *field, IRRef ref) { ax_exitvia(as, field, IR(ref)->snap, 0); }

/* Exits through ref's snapshot when condition cc holds. */
static void ax_exitif(Asm *as, X64CC cc, IRRef ref) { ax_exitpatch(as, x64_jcc(&as->mc, cc, NULL), ref); }

/* The condition under which an integer comparison guard exits */
static X64CC ax_intexit(IROp op) {
  switch (op) {
    case IR_LT: return X64_CC_GE;
    case IR_GE: return X64_CC_L;
    case IR_LE: return X64_CC_G;
    case IR_GT: return X64_CC_LE;
    case IR_ULT: return X64_CC_AE;
    case IR_UGE: return X64_CC_B;
    case IR_ULE: return X64_CC_A;
    case IR_UGT: return X64_CC_BE;
    case IR_EQ: return X64_CC_NE;
    default: return X64_CC_E; /* NE */
  }
}

static void ax_intguard(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  int a;
  if (asm_sizeguard(as->c, ins)) { /* the byte compared in the table itself */
    int t = ax_gpr_of(as, IR(ins->op1)->op1, R_TMP);
    x64_cmp8_mi(&as->mc, x64mem(t, (int32_t)offsetof(Table, u8b)), (int)IR(ins->op2)->k.i);
    ax_exitif(as, ax_intexit((IROp)ins->op), ref);
    return;
  }
  a = ax_gpr_of(as, ins->op1, R_TMP);
  if (ax_isk32(as, ins->op2)) {
    x64_cmp_ri(&as->mc, a, (int32_t)IR(ins->op2)->k.i);
  } else {
    int b = ax_gpr_of(as, ins->op2, R_TMP2);
    x64_cmp_rr(&as->mc, a, b);
  }
  ax_exitif(as, ax_intexit((IROp)ins->op), ref);
}

/* ucomisd sets CF for "below" and ZF, PF and CF all for unordered. `a < b`
** is tested as `b > a` (CF and ZF clear), false when unordered. */
static void ax_fpguard(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  int a = ax_xmm_of(as, ins->op1, X_TMP), b = ax_xmm_of(as, ins->op2, X_TMP2);
  switch (ins->op) {
    case IR_FLT: x64_ucomisd_xx(&as->mc, b, a); ax_exitif(as, X64_CC_BE, ref); break;
    case IR_FNLT: x64_ucomisd_xx(&as->mc, b, a); ax_exitif(as, X64_CC_A, ref); break;
    case IR_FLE: x64_ucomisd_xx(&as->mc, b, a); ax_exitif(as, X64_CC_B, ref); break;
    case IR_FNLE: x64_ucomisd_xx(&as->mc, b, a); ax_exitif(as, X64_CC_AE, ref); break;
    case IR_FEQ: /* holds when ZF and not PF */
      x64_ucomisd_xx(&as->mc, a, b);
      ax_exitif(as, X64_CC_NE, ref);
      ax_exitif(as, X64_CC_P, ref);
      break;
    default: { /* FNE: exits when equal and ordered */
      uint8_t *skip;
      x64_ucomisd_xx(&as->mc, a, b);
      skip = x64_jcc8(&as->mc, X64_CC_P, NULL);
      ax_exitif(as, X64_CC_E, ref);
      if (skip != NULL) x64_patch_rel8(skip, as->mc.p);
      break;
    }
  }
}

/* Exits unless the tag at [base + disp] is t */
static void ax_tagguard(Asm *as, X64Mem tag, IRType t, IRRef ref) {
  x64_cmp8_mi(&as->mc, tag, (int)t);
  ax_exitif(as, X64_CC_NE, ref);
}

/* ----------------------------------------------------------------------
** Loads and stores of values
** ---------------------------------------------------------------------- */

/* The type tag of the TValue at m */
static X64Mem ax_tagof(X64Mem m) {
  m.disp += TV_TT;
  return m;
}

/* Loads the payload of a value of ref's type at m into ref's register */
static void ax_loadvalue(Asm *as, IRRef ref, X64Mem m) {
  IRIns *ins = IR(ref);
  if (!asm_hasvalue(ins) || as->c->lastuse[ref] == 0) return;
  if (asm_isfpr(ins)) {
    int d = ax_dst_xmm(as, ref);
    x64_movsd_xm(&as->mc, d, m);
    ax_done_xmm(as, ref, d);
  } else {
    int d = ax_dst_gpr(as, ref);
    x64_mov_rm(&as->mc, d, m);
    ax_done_gpr(as, ref, d);
  }
}

/* A sunk value (asm_findsinks) computed into R_TMP2 from its operands'
** registers, spill slots and constants, at an exit */
static void ax_sunkvalue(Asm *as, IRRef ref) {
  const IRIns *ins = IR(ref), *b = IR(asm_sinkoffset(as->c, ins));
  X64Alu alu = ins->op == IR_ADD ? X64_ADD : X64_SUB;
  IRRef a = asm_sinkbase(as->c, ins);
  if (as->c->sunk[a]) {
    ax_sunkvalue(as, a);
  } else {
    int r = ax_gpr_of(as, a, R_TMP2);
    if (r != R_TMP2) x64_mov_rr(&as->mc, R_TMP2, r);
  }
  if (ir_isconst(b->op)) x64_alu_ri(&as->mc, alu, R_TMP2, (int32_t)b->k.i);
  else if (b->reg != REG_NONE) x64_alu_rr(&as->mc, alu, R_TMP2, b->reg);
  else x64_alu_rm(&as->mc, alu, R_TMP2, spillmem(b));
}

/* Stores value ref (payload and tag) into the TValue at m; m's registers
** may be R_TMP and R_TMP3, which loading the value leaves alone. */
static void ax_storeat(Asm *as, X64Mem m, IRRef val) {
  IRIns *v = IR(val);
  IRType t = (IRType)v->type;
  if (asm_isfpr(v)) {
    int x = ax_xmm_of(as, val, X_TMP2);
    x64_movsd_mx(&as->mc, m, x);
  } else if (ir_haspayload(t)) {
    if (ir_isconst(v->op) && ax_fitsi32((int64_t)v->k.u)) {
      x64_mov_mi(&as->mc, m, (int32_t)v->k.i);
    } else if (v->reg == REG_SINK) {
      ax_sunkvalue(as, val);
      x64_mov_mr(&as->mc, m, R_TMP2);
    } else {
      int r = ax_gpr_of(as, val, R_TMP2);
      x64_mov_mr(&as->mc, m, r);
    }
  }
  x64_mov8_mi(&as->mc, ax_tagof(m), (int)t);
}

static void ax_storevalue(Asm *as, int base, int32_t disp, IRRef val) { ax_storeat(as, x64mem(base, disp), val); }

static const struct {
  int16_t ofs;
  uint8_t size; /* 0: not a plain field */
} fieldinfo[IRFL__MAX] = {
  [IRFL_TAB_META] = {offsetof(Table, metatable), 8},
  [IRFL_TAB_ARRAY] = {offsetof(Table, array), 8},
  [IRFL_TAB_ASIZE] = {offsetof(Table, asize), 4},
  [IRFL_TAB_NODE] = {offsetof(Table, node), 8},
  [IRFL_TAB_LSIZENODE] = {offsetof(Table, u8b), 1}, /* (lsizenode) */
  [IRFL_FUNC_PROTO] = {offsetof(LClosure, p), 8},
  [IRFL_CCL_F] = {offsetof(CClosure, f), 8},
  [IRFL_STR_LEN] = {offsetof(TString, len), 8},
  [IRFL_UPVAL_V] = {offsetof(UpVal, v), 8},
  [IRFL_G_STRMETA] = {offsetof(Global, mt) + VM_TSTRING * sizeof(Table *), 8},
};

/* ----------------------------------------------------------------------
** Calls to C helpers
** ---------------------------------------------------------------------- */

static void ax_saveregs(Asm *as, uint64_t mask, int restore) {
  int r;
  mask |= 1ull << R_IC;
  for (r = 0; r < 16; r++)
    if ((mask & (1ull << r)) && callersaved(r)) {
      if (restore) x64_mov_rm(&as->mc, r, x64mem(R_EX, EX_GPR(r)));
      else x64_mov_mr(&as->mc, x64mem(R_EX, EX_GPR(r)), r);
    }
  for (r = 0; r < 16; r++)
    if (mask & (1ull << (ASM_LOC_FPR + r))) {
      if (restore) x64_movsd_xm(&as->mc, r, x64mem(R_EX, EX_FPR(r)));
      else x64_movsd_mx(&as->mc, x64mem(R_EX, EX_FPR(r)), r);
    }
}

static void ax_callfn(Asm *as, const void *fn) {
  x64_mov_ri(&as->mc, R_TMP, (int64_t)(uintptr_t)fn);
  x64_call_r(&as->mc, R_TMP);
}

/* fn(op1, op2), or with withS fn(S, op1, op2): the operands (refs or
** literals; op2 if the opcode has one) as integer or pointer arguments,
** the result in ref's register */
static void ax_callint(Asm *as, IRRef ref, const void *fn, int withS) {
  IRIns *ins = IR(ref);
  uint64_t mask = as->c->livemask[ref];
  int k, d;
  ax_saveregs(as, mask, 0);
  for (k = 0; k < 2; k++) { /* op1 into RAX, op2 into RDX (neither allocated) */
    IRRef op = k == 0 ? ins->op1 : ins->op2;
    int tmp = k == 0 ? R_TMP : R_TMP2;
    if (ir_opmode[ins->op][k] == IRM_LIT) {
      x64_mov_ri(&as->mc, tmp, (int64_t)op);
    } else if (ir_opmode[ins->op][k] == IRM_REF) {
      int r = ax_gpr_of(as, op, tmp);
      if (r != tmp) x64_mov_rr(&as->mc, tmp, r);
    }
  }
  if (withS) { /* op2 is the third argument already */
    x64_mov_rr(&as->mc, X64_RSI, R_TMP);
    x64_mov_rm(&as->mc, X64_RDI, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
  } else {
    x64_mov_rr(&as->mc, X64_RDI, R_TMP);
    x64_mov_rr(&as->mc, X64_RSI, R_TMP2);
  }
  ax_callfn(as, fn);
  d = ax_dst_gpr(as, ref);
  if (d != X64_RAX) x64_mov_rr(&as->mc, d, X64_RAX);
  ax_done_gpr(as, ref, d);
  ax_saveregs(as, mask, 1);
}

static void ax_callnn(Asm *as, IRRef ref, const void *fn) {
  IRIns *ins = IR(ref);
  uint64_t mask = as->c->livemask[ref];
  int a, d;
  ax_saveregs(as, mask, 0);
  a = ax_xmm_of(as, ins->op1, X64_XMM0);
  if (a != X64_XMM0) x64_movaps_xx(&as->mc, X64_XMM0, a);
  if (ir_opmode[ins->op][1] == IRM_REF) { /* FMATH has one argument */
    int b = ax_xmm_of(as, ins->op2, X64_XMM1);
    if (b != X64_XMM1) x64_movaps_xx(&as->mc, X64_XMM1, b);
  }
  ax_callfn(as, fn);
  d = ax_dst_xmm(as, ref);
  if (d != X64_XMM0) x64_movaps_xx(&as->mc, d, X64_XMM0);
  ax_done_xmm(as, ref, d);
  ax_saveregs(as, mask, 1);
}

/* C code on frame slots, which returns the trace's base (moved if the
** stack did): CAT is jit_cat(S, &base[op1], op2, op1), CALLC
** jit_callc(S, T, its snapshot, op2, op1), the call made on the slots,
** and CALLL the same with jit_calll, which returns NULL when it made no
** call: then its guard exits */
static void ax_onslots(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  uint64_t mask = as->c->livemask[ref];
  const void *fn;
  ax_saveregs(as, mask, 0);
  x64_mov_rm(&as->mc, X64_RDI, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
  if (ins->op == IR_CAT) {
    x64_lea(&as->mc, X64_RSI, x64mem(R_BASE, (int32_t)ins->op1 * TV_SIZE));
    x64_mov32_ri(&as->mc, X64_RDX, ins->op2);
    x64_mov32_ri(&as->mc, X64_RCX, ins->op1);
    fn = (const void *)jit_cat;
  } else {
    x64_mov_ri(&as->mc, X64_RSI, (int64_t)(uintptr_t)as->T);
    x64_mov32_ri(&as->mc, X64_RDX, ins->snap);
    x64_mov32_ri(&as->mc, X64_RCX, ins->op2);
    x64_mov32_ri(&as->mc, X64_R8, ins->op1);
    fn = ins->op == IR_CALLL ? (const void *)jit_calll : (const void *)jit_callc;
  }
  ax_callfn(as, fn);
  ax_saveregs(as, mask, 1); /* (RAX is not allocated) */
  if (ins->op == IR_CALLL) { /* (the exit finds the registers as they were) */
    x64_test_rr(&as->mc, X64_RAX, X64_RAX);
    ax_exitif(as, X64_CC_E, ref);
  }
  x64_mov_rr(&as->mc, R_BASE, X64_RAX);
}

/* The end of an inline fast path that left ref's value in R_TMP, then
** the call fn(S, op1, op2) that the path's jump `slow` goes to instead */
static void ax_inlineorcall(Asm *as, IRRef ref, uint8_t *slow, const void *fn) {
  int d = ax_dst_gpr(as, ref);
  uint8_t *done;
  if (d != R_TMP) x64_mov_rr(&as->mc, d, R_TMP);
  ax_done_gpr(as, ref, d);
  done = x64_jmp(&as->mc, NULL);
  if (slow != NULL) x64_patch_rel32(slow, as->mc.p);
  ax_callint(as, ref, fn, 1);
  if (done != NULL) x64_patch_rel32(done, as->mc.p);
}

/* TNEW of an empty table: the nursery's bump allocation inline (as
** gc_newyoung and tab_new do it), the call when the nursery's top (or a
** sample point, or stress mode) is in the way, and for sized tables. */
static void ax_tnew(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  Global *g = as->c->g;
  uint8_t *slow;
#define GOFS(f) ((int32_t)((char *)&g->f - (char *)&g->nursery_free))
  if (ins->op1 != 0 || ins->op2 != 0) {
    ax_callint(as, ref, (const void *)jit_tnew, 1);
    return;
  }
  x64_mov_ri(&as->mc, R_TMP3, (int64_t)(uintptr_t)&g->nursery_free);
  x64_mov_rm(&as->mc, R_TMP, x64mem(R_TMP3, 0));
  x64_lea(&as->mc, R_TMP2, x64mem(R_TMP, (int32_t)sizeof(Table)));
  x64_alu_rm(&as->mc, X64_CMP, R_TMP2, x64mem(R_TMP3, GOFS(nursery_top)));
  slow = x64_jcc(&as->mc, X64_CC_A, NULL);
  x64_mov_mr(&as->mc, x64mem(R_TMP3, 0), R_TMP2);
  /* the header: tt, gcflags 0 (young), u8 (no metamethods known), u8b
  ** (no hash part), id; then the table's fields, but for the dirty range */
  x64_mov32_rm(&as->mc, R_TMP2, x64mem(R_TMP3, GOFS(next_id)));
  x64_mov32_mr(&as->mc, x64mem(R_TMP, (int32_t)offsetof(Table, id)), R_TMP2);
  x64_alu32_mi(&as->mc, X64_ADD, x64mem(R_TMP3, GOFS(next_id)), 1);
  x64_mov32_mi(&as->mc, x64mem(R_TMP, 0), (int32_t)(T_TABLE | (uint32_t)maskflags << 16));
  x64_mov_ri(&as->mc, R_TMP3, (int64_t)(uintptr_t)tab_dummynode());
  x64_mov_mr(&as->mc, x64mem(R_TMP, (int32_t)offsetof(Table, node)), R_TMP3);
  x64_xor32_rr(&as->mc, R_TMP2, R_TMP2);
  x64_mov_mr(&as->mc, x64mem(R_TMP, (int32_t)offsetof(Table, gcnext)), R_TMP2);
  x64_mov_mr(&as->mc, x64mem(R_TMP, (int32_t)offsetof(Table, asize)), R_TMP2); /* and alimit */
  x64_mov_mr(&as->mc, x64mem(R_TMP, (int32_t)offsetof(Table, lastfree)), R_TMP2);
  x64_mov_mr(&as->mc, x64mem(R_TMP, (int32_t)offsetof(Table, array)), R_TMP2);
  x64_mov_mr(&as->mc, x64mem(R_TMP, (int32_t)offsetof(Table, metatable)), R_TMP2);
  ax_inlineorcall(as, ref, slow, (const void *)jit_tnew);
#undef GOFS
}

/* TSLOT of an integer key: below the length hint, the slot's address is
** computed inline (an append loop's stores, once the array has grown);
** else the call finds or inserts the key */
static void ax_tslotint(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  int t = ax_gpr_of(as, ins->op1, R_TMP3);
  uint8_t *slow;
  x64_lea(&as->mc, R_TMP, x64mem(ax_gpr_of(as, ins->op2, R_TMP2), -1));
  /* (past the length hint, the call's lookup moves it: tab_getint) */
  x64_mov32_rm(&as->mc, R_TMP2, x64mem(t, (int32_t)offsetof(Table, alimit)));
  x64_cmp_rr(&as->mc, R_TMP, R_TMP2);
  slow = x64_jcc(&as->mc, X64_CC_AE, NULL);
  x64_shl_ri(&as->mc, R_TMP, 4);
  x64_add_rm(&as->mc, R_TMP, x64mem(t, (int32_t)offsetof(Table, array)));
  ax_inlineorcall(as, ref, slow, (const void *)jit_tslotint);
}

/* The table barrier: only an old table not yet remembered needs the call */
static void ax_tbar(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  uint64_t mask = as->c->livemask[ref];
  int t = ax_gpr_of(as, ins->op1, R_TMP2);
  uint8_t *skip;
  x64_movzx8_rm(&as->mc, R_TMP, x64mem(t, (int32_t)offsetof(Table, gcflags)));
  x64_and32_ri(&as->mc, R_TMP, GCF_OLD | GCF_REMEMBERED);
  x64_cmp32_ri(&as->mc, R_TMP, GCF_OLD);
  skip = x64_jcc(&as->mc, X64_CC_NE, NULL);
  ax_saveregs(as, mask, 0);
  t = ax_gpr_of(as, ins->op1, R_TMP);
  if (t != R_TMP) x64_mov_rr(&as->mc, R_TMP, t);
  t = ax_gpr_of(as, ins->op2, R_TMP2); /* RDX, the third argument */
  if (t != R_TMP2) x64_mov_rr(&as->mc, R_TMP2, t);
  x64_mov_rr(&as->mc, X64_RSI, R_TMP);
  x64_mov_rm(&as->mc, X64_RDI, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
  ax_callfn(as, (const void *)jit_tbar);
  ax_saveregs(as, mask, 1);
  if (skip != NULL) x64_patch_rel32(skip, as->mc.p);
}

/* ----------------------------------------------------------------------
** Lowering, one instruction at a time
** ---------------------------------------------------------------------- */

/* dst = op1 OP op2 for the two-operand ALU group */
static void ax_alu(Asm *as, IRRef ref, X64Alu alu) {
  IRIns *ins = IR(ref);
  int d = ax_dst_gpr(as, ref), a = ax_gpr_of(as, ins->op1, R_TMP);
  int ax_k32 = ax_isk32(as, ins->op2);
  if (d != a && (alu == X64_ADD || alu == X64_SUB)) { /* into another register: lea */
    int64_t k = ax_k32 ? IR(ins->op2)->k.i : 0;
    if (alu == X64_SUB) k = -k;
    if (ax_k32 ? ax_fitsi32(k) : alu == X64_ADD) {
      x64_lea(&as->mc, d, ax_k32 ? x64mem(a, (int32_t)k) : x64mem_idx(a, ax_gpr_of(as, ins->op2, R_TMP2), 1, 0));
      ax_done_gpr(as, ref, d);
      return;
    }
  }
  if (d != a && !ax_k32 && alu != X64_SUB && IR(ins->op2)->reg == d) {
    /* into the second operand's register (asm_phicoalesce): it commutes */
    x64_alu_rr(&as->mc, alu, d, a);
    ax_done_gpr(as, ref, d);
    return;
  }
  if (d != a) x64_mov_rr(&as->mc, d, a);
  if (ax_k32) {
    x64_alu_ri(&as->mc, alu, d, (int32_t)IR(ins->op2)->k.i);
  } else {
    int b = ax_gpr_of(as, ins->op2, R_TMP2);
    x64_alu_rr(&as->mc, alu, d, b);
  }
  ax_done_gpr(as, ref, d);
}

static void ax_mul(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  int d = ax_dst_gpr(as, ref), a = ax_gpr_of(as, ins->op1, R_TMP);
  if (ax_isk32(as, ins->op2)) {
    x64_imul_rri(&as->mc, d, a, (int32_t)IR(ins->op2)->k.i);
  } else {
    int b = ax_gpr_of(as, ins->op2, R_TMP2);
    if (b == d) b = a; /* (ax_commutes) */
    else if (d != a) x64_mov_rr(&as->mc, d, a);
    x64_imul_rr(&as->mc, d, b);
  }
  ax_done_gpr(as, ref, d);
}

/* IDIV and MOD (Lua's, rounding toward minus infinity) by a constant
** other than 0 and -1 (where idiv would trap: the calls decide), inline:
** idiv truncates, so when the remainder is not 0 and its sign is not the
** divisor's, the quotient is one less and the remainder k more. */
static void ax_divmod(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  const IRIns *k = IR(ins->op2);
  int a, d;
  X64CC off;
  if (k->op != IR_KINT || k->k.i == 0 || k->k.i == -1) {
    ax_callint(as, ref, ins->op == IR_MOD ? (const void *)jit_imod : (const void *)jit_idiv, 0);
    return;
  }
  off = k->k.i > 0 ? X64_CC_S : X64_CC_G; /* the remainder's sign is not k's */
  a = ax_gpr_of(as, ins->op1, R_TMP);
  if (a != R_TMP) x64_mov_rr(&as->mc, R_TMP, a);
  x64_cqo(&as->mc);
  x64_mov_ri(&as->mc, R_TMP3, k->k.i);
  x64_idiv(&as->mc, R_TMP3); /* RAX quotient, RDX remainder */
  if (ins->op == IR_MOD) {
    x64_add_rr(&as->mc, R_TMP3, R_TMP2); /* k + remainder */
    x64_test_rr(&as->mc, R_TMP2, R_TMP2);
    x64_cmov_rr(&as->mc, off, R_TMP2, R_TMP3);
    d = ax_dst_gpr(as, ref);
    x64_mov_rr(&as->mc, d, R_TMP2);
  } else {
    x64_lea(&as->mc, R_TMP3, x64mem(R_TMP, -1));
    x64_test_rr(&as->mc, R_TMP2, R_TMP2);
    x64_cmov_rr(&as->mc, off, R_TMP, R_TMP3);
    d = ax_dst_gpr(as, ref);
    if (d != R_TMP) x64_mov_rr(&as->mc, d, R_TMP);
  }
  ax_done_gpr(as, ref, d);
}

/* A shift by a constant count: Lua's rules for big and negative counts
** are decided here (the optimizer folds most); otherwise a call. */
static void ax_shift(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  const IRIns *k = IR(ins->op2);
  if (k->op == IR_KINT) {
    int64_t n = ins->op == IR_SHL ? k->k.i : -k->k.i;
    int d = ax_dst_gpr(as, ref);
    if (n <= -64 || n >= 64) {
      x64_xor32_rr(&as->mc, d, d);
    } else {
      int a = ax_gpr_of(as, ins->op1, R_TMP);
      if (d != a) x64_mov_rr(&as->mc, d, a);
      if (n > 0) x64_shl_ri(&as->mc, d, (int)n);
      else if (n < 0) x64_shr_ri(&as->mc, d, (int)-n);
    }
    ax_done_gpr(as, ref, d);
    return;
  }
  ax_callint(as, ref, ins->op == IR_SHL ? (const void *)interp_shiftl : (const void *)jit_shiftr, 0);
}

static void ax_fparith(Asm *as, IRRef ref, X64Sse op) {
  IRIns *ins = IR(ref);
  int d = ax_dst_xmm(as, ref), a = ax_xmm_of(as, ins->op1, X_TMP), b;
  if ((op == X64_ADDSD || op == X64_MULSD) && !ir_isconst(IR(ins->op2)->op) && IR(ins->op2)->reg == d) {
    /* into the second operand's register (asm_phicoalesce): it commutes */
    x64_sse_xx(&as->mc, op, d, a);
    ax_done_xmm(as, ref, d);
    return;
  }
  if (d != a) x64_movaps_xx(&as->mc, d, a);
  if (ir_isconst(IR(ins->op2)->op)) {
    x64_sse_xm(&as->mc, op, d, kmem());
    ax_kread(as, IR(ins->op2)->k.u);
  } else {
    b = ax_xmm_of(as, ins->op2, X_TMP2);
    x64_sse_xx(&as->mc, op, d, b);
  }
  ax_done_xmm(as, ref, d);
}

/* FNEG and FABS: flip or clear the sign bit */
static void ax_fpsign(Asm *as, IRRef ref, X64Sse op, uint64_t mask) {
  IRIns *ins = IR(ref);
  int d = ax_dst_xmm(as, ref), a = ax_xmm_of(as, ins->op1, X_TMP);
  if (d != a) x64_movaps_xx(&as->mc, d, a);
  x64_sse_xm(&as->mc, op, d, kmem());
  ax_kread(as, mask);
  ax_done_xmm(as, ref, d);
}

static void ax_fpunary(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  int d = ax_dst_xmm(as, ref), a = ax_xmm_of(as, ins->op1, X_TMP);
  switch (ins->op) {
    case IR_FLOOR: x64_roundsd_xxi(&as->mc, d, a, 1 + 8); break;
    case IR_CEIL: x64_roundsd_xxi(&as->mc, d, a, 2 + 8); break;
    default: x64_sqrtsd_xx(&as->mc, d, a); break;
  }
  ax_done_xmm(as, ref, d);
}

/* FTOI: truncate, convert back, and exit unless that gives the same
** number (not integral, out of range, or NaN) */
static void ax_ftoi(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  int d = ax_dst_gpr(as, ref), a = ax_xmm_of(as, ins->op1, X_TMP);
  x64_cvttsd2si_rx(&as->mc, d, a);
  x64_cvtsi2sd_xr(&as->mc, X_TMP2, d);
  x64_ucomisd_xx(&as->mc, X_TMP2, a);
  ax_exitif(as, X64_CC_NE, ref);
  ax_exitif(as, X64_CC_P, ref);
  ax_done_gpr(as, ref, d);
}

/* HREFK: the node a constant key was in when the trace was recorded
** (IRIns.k.i) of the node array op1, if it still holds that key (the
** recorder's guard on the hash part's size keeps it inside the array). */
static void ax_hrefk(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  int32_t nofs = (int32_t)(ins->k.i * (int64_t)sizeof(Node));
  int nodes, d = ax_dst_gpr(as, ref);
  if (asm_fusedaddr(as->c, ref) != REF_NONE) {
    nodes = d;
    x64_mov_rm(&as->mc, d, x64mem(ax_gpr_of(as, IR(ins->op1)->op1, R_TMP3), (int32_t)offsetof(Table, node)));
  } else {
    nodes = ax_gpr_of(as, ins->op1, R_TMP);
  }
  x64_cmp8_mi(&as->mc, x64mem(nodes, nofs + (int32_t)offsetof(Node, key_tt)), IR(ins->op2)->type);
  ax_exitif(as, X64_CC_NE, ref);
  x64_mov_ri(&as->mc, R_TMP3, (int64_t)IR(ins->op2)->k.u);
  x64_cmp_rm(&as->mc, R_TMP3, x64mem(nodes, nofs + (int32_t)offsetof(Node, key_val)));
  ax_exitif(as, X64_CC_NE, ref);
  x64_lea(&as->mc, d, x64mem(nodes, nofs));
  ax_done_gpr(as, ref, d);
}

/* AHINT: t->alimit = index + 1 where the index is at or past it */
static void ax_ahint(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  int t = ax_gpr_of(as, ins->op1, R_TMP), i = ax_gpr_of(as, ins->op2, R_TMP2);
  X64Mem limit = x64mem(t, (int32_t)offsetof(Table, alimit));
  uint8_t *below;
  uint8_t *past;
  x64_alu32_rm(&as->mc, X64_CMP, i, limit);
  below = x64_jcc8(&as->mc, X64_CC_B, NULL);
  x64_alu32_rm(&as->mc, X64_CMP, i, x64mem(t, (int32_t)offsetof(Table, asize)));
  past = x64_jcc8(&as->mc, X64_CC_AE, NULL);
  x64_lea(&as->mc, R_TMP3, x64mem(i, 1));
  x64_mov32_mr(&as->mc, limit, R_TMP3);
  x64_patch_rel8(below, as->mc.p);
  x64_patch_rel8(past, as->mc.p);
}

/* RETF's check that the frame S->ci (in RAX; S in R_TMP3) has nothing
** to close: the innermost open upvalue and to-be-closed variable (both
** lists are ordered) are below its base, func + 1 */
static void ax_noclose_above(Asm *as, IRRef ref) { /* (RDX: a stack address) */
  x64_alu_rm(&as->mc, X64_SUB, X64_RDX, x64mem(X64_RAX, (int32_t)offsetof(CallInfo, func)));
  x64_alu_ri(&as->mc, X64_CMP, X64_RDX, (int32_t)sizeof(TValue)); /* (base = func + 1) */
  ax_exitif(as, X64_CC_GE, ref);
}

static void ax_noclose(Asm *as, IRRef ref) {
  uint8_t *none;
  X64Mem lasttbc = {R_TMP3, X64_RDX, 8, -(int32_t)sizeof(ptrdiff_t)};
  x64_mov_rm(&as->mc, X64_RDX, x64mem(R_TMP3, (int32_t)offsetof(vm_State, openupval)));
  x64_test_rr(&as->mc, X64_RDX, X64_RDX);
  none = x64_jcc8(&as->mc, X64_CC_E, NULL);
  x64_mov_rm(&as->mc, X64_RDX, x64mem(X64_RDX, (int32_t)offsetof(UpVal, v)));
  ax_noclose_above(as, ref);
  x64_patch_rel8(none, as->mc.p);
  x64_mov32_rm(&as->mc, X64_RDX, x64mem(R_TMP3, (int32_t)offsetof(vm_State, ntbc)));
  x64_test32_rr(&as->mc, X64_RDX, X64_RDX);
  none = x64_jcc8(&as->mc, X64_CC_E, NULL);
  x64_mov_rm(&as->mc, R_TMP3, x64mem(R_TMP3, (int32_t)offsetof(vm_State, tbclist)));
  x64_mov_rm(&as->mc, X64_RDX, lasttbc); /* (a stack offset) */
  x64_mov_rm(&as->mc, R_TMP3, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
  x64_alu_rm(&as->mc, X64_ADD, X64_RDX, x64mem(R_TMP3, (int32_t)offsetof(vm_State, stack)));
  ax_noclose_above(as, ref);
  x64_patch_rel8(none, as->mc.p);
}

/* RETF: S->ci (in RAX) is left for its caller (in RAX after the guards),
** which the guards make sure is the one the trace was recorded with */
static void ax_retf(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  x64_mov_rm(&as->mc, R_TMP3, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
  x64_mov_rm(&as->mc, X64_RAX, x64mem(R_TMP3, (int32_t)offsetof(vm_State, ci)));
  x64_test8_mi(&as->mc, x64mem(X64_RAX, (int32_t)offsetof(CallInfo, callstatus)), CIST_FRESH);
  /* called from C, the return goes there (a C function's frame below has
  ** no savedpc to match, so this is the cheap check first) */
  ax_exitif(as, X64_CC_NE, ref);
  x64_movzx16_rm(&as->mc, X64_RDX, x64mem(X64_RAX, (int32_t)offsetof(CallInfo, nresults)));
  x64_cmp32_ri(&as->mc, X64_RDX, (int32_t)(uint16_t)ins->op2);
  ax_exitif(as, X64_CC_NE, ref);
  if (ins->op2 & JIT_RETF_CLOSE) ax_noclose(as, ref);
  x64_mov_rm(&as->mc, X64_RAX, x64mem(X64_RAX, (int32_t)offsetof(CallInfo, previous)));
  x64_mov_ri(&as->mc, X64_RDX, (int64_t)IR(ins->op1)->k.u);
  x64_cmp_rm(&as->mc, X64_RDX, x64mem(X64_RAX, (int32_t)offsetof(CallInfo, u.l.savedpc)));
  ax_exitif(as, X64_CC_NE, ref);
  x64_mov_mr(&as->mc, x64mem(R_TMP3, (int32_t)offsetof(vm_State, ci)), X64_RAX);
}

/* The register still holding UpVal.v for the ULOAD or USTORE ref: the
** upvalue's guard right before it compared it (record.c rec_upvalref), or REG_NONE */
static int ax_upvalreg(Asm *as, IRRef ref) {
  const IRIns *g = IR(ref - 1), *v;
  if (!ir_isguard(g->op) || ir_opmode[g->op][0] != IRM_REF) return REG_NONE;
  v = IR(g->op1);
  if (v->op != IR_FLOAD || v->op1 != IR(ref)->op1 || v->op2 != IRFL_UPVAL_V) return REG_NONE;
  return v->reg;
}

/* The array slot AREF ref addresses (for the AREF itself, or for the one
** ALOAD or ASTORE that reads it when fused): [array + 16 * index], the
** doubled index in R_TMP3, the array in `tmp` if it is spilled */
static X64Mem ax_slotmem(Asm *as, IRRef ref, int tmp) {
  const IRIns *ins = IR(ref), *k = IR(ins->op2);
  int arr = ax_gpr_of(as, ins->op1, tmp);
  if (k->op == IR_KINT && k->k.i >= 0 && k->k.i < (1 << 26)) return x64mem(arr, (int32_t)k->k.i * TV_SIZE);
  {
    IRRef idx = asm_indexread(as->c, ins->op2);
    int32_t disp = idx != ins->op2 ? (int32_t)IR(IR(ins->op2)->op2)->k.i * TV_SIZE : 0;
    int i = ax_gpr_of(as, idx, R_TMP3);
    X64Mem twice = {i, i, 1, 0}, slot = {arr, R_TMP3, 8, disp};
    x64_lea(&as->mc, R_TMP3, twice);
    return slot;
  }
}

static JitAbort ax_ins(Asm *as, IRRef ref) {
  IRIns *ins = IR(ref);
  switch (ins->op) {
    case IR_PVAL: break; /* in the parent's register or spill slot */
    case IR_SLOAD: case IR_RLOAD: {
      int32_t disp = (int32_t)ins->op1 * TV_SIZE;
      if (!(ins->op2 & SLOAD_NOCHECK)) ax_tagguard(as, x64mem(R_BASE, disp + TV_TT), (IRType)ins->type, ref);
      ax_loadvalue(as, ref, x64mem(R_BASE, disp));
      break;
    }
    case IR_LT: case IR_GE: case IR_LE: case IR_GT:
    case IR_ULT: case IR_UGE: case IR_ULE: case IR_UGT:
    case IR_EQ: case IR_NE:
      ax_intguard(as, ref);
      break;
    case IR_FLT: case IR_FNLT: case IR_FLE: case IR_FNLE: case IR_FEQ: case IR_FNE:
      ax_fpguard(as, ref);
      break;
    case IR_ADD: ax_alu(as, ref, X64_ADD); break;
    case IR_SUB: ax_alu(as, ref, X64_SUB); break;
    case IR_BAND: ax_alu(as, ref, X64_AND); break;
    case IR_BOR: ax_alu(as, ref, X64_OR); break;
    case IR_BXOR: ax_alu(as, ref, X64_XOR); break;
    case IR_MUL: ax_mul(as, ref); break;
    case IR_NEG: case IR_BNOT: {
      int d = ax_dst_gpr(as, ref), a = ax_gpr_of(as, ins->op1, R_TMP);
      if (d != a) x64_mov_rr(&as->mc, d, a);
      if (ins->op == IR_NEG) x64_neg(&as->mc, d);
      else x64_not(&as->mc, d);
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_IDIV: case IR_MOD: ax_divmod(as, ref); break;
    case IR_UDIV: ax_callint(as, ref, (const void *)jit_udiv, 0); break;
    case IR_SHL: case IR_SHR: ax_shift(as, ref); break;
    case IR_FADD: ax_fparith(as, ref, X64_ADDSD); break;
    case IR_FSUB: ax_fparith(as, ref, X64_SUBSD); break;
    case IR_FMUL: ax_fparith(as, ref, X64_MULSD); break;
    case IR_FDIV: ax_fparith(as, ref, X64_DIVSD); break;
    case IR_FNEG: ax_fpsign(as, ref, X64_XORPD, 0x8000000000000000ull); break;
    case IR_FABS: ax_fpsign(as, ref, X64_ANDPD, 0x7fffffffffffffffull); break;
    case IR_FMOD: ax_callnn(as, ref, (const void *)jit_fmod); break;
    case IR_FPOW: ax_callnn(as, ref, (const void *)interp_pow); break;
    case IR_FMATH:
      if (ins->op2 >= IRFPM__MAX) return JA_NYI_IR;
      ax_callnn(as, ref, (const void *)ir_fpm[ins->op2]);
      break;
    case IR_FLOOR: case IR_CEIL: case IR_FSQRT: ax_fpunary(as, ref); break;
    case IR_ITOF: {
      int d = ax_dst_xmm(as, ref), a = ax_gpr_of(as, ins->op1, R_TMP);
      x64_xorpd_xx(&as->mc, d, d); /* no dependency on d's old value */
      x64_cvtsi2sd_xr(&as->mc, d, a);
      ax_done_xmm(as, ref, d);
      break;
    }
    case IR_FTOI: ax_ftoi(as, ref); break;
    case IR_FLOAD: {
      int t = ax_gpr_of(as, ins->op1, R_TMP3), d = ax_dst_gpr(as, ref);
      if (fieldinfo[ins->op2].size == 0) return JA_NYI_IR;
      if (fieldinfo[ins->op2].size == 1) x64_movzx8_rm(&as->mc, d, x64mem(t, fieldinfo[ins->op2].ofs));
      else if (fieldinfo[ins->op2].size == 4) x64_mov32_rm(&as->mc, d, x64mem(t, fieldinfo[ins->op2].ofs));
      else x64_mov_rm(&as->mc, d, x64mem(t, fieldinfo[ins->op2].ofs));
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_AREF: {
      int d = ax_dst_gpr(as, ref);
      x64_lea(&as->mc, d, ax_slotmem(as, ref, R_TMP2));
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_ALOAD: case IR_HLOAD: {
      /* a node's value is a TValue at its start, as an array slot is */
      X64Mem m = asm_fusedaddr(as->c, ref) != REF_NONE ? ax_slotmem(as, ins->op1, R_TMP2)
                                                : x64mem(ax_gpr_of(as, ins->op1, R_TMP3), 0);
      ax_tagguard(as, ax_tagof(m), (IRType)ins->type, ref);
      ax_loadvalue(as, ref, m);
      break;
    }
    case IR_ATAG: {
      X64Mem m = asm_fusedaddr(as->c, ref) != REF_NONE ? ax_slotmem(as, ins->op1, R_TMP2)
                                                : x64mem(ax_gpr_of(as, ins->op1, R_TMP3), 0);
      int d = ax_dst_gpr(as, ref);
      x64_movzx8_rm(&as->mc, d, ax_tagof(m));
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_ASTORE: case IR_HSTORE:
      ax_storeat(as, asm_fusedaddr(as->c, ref) != REF_NONE ? ax_slotmem(as, ins->op1, R_TMP)
                                                 : x64mem(ax_gpr_of(as, ins->op1, R_TMP3), 0), ins->op2);
      break;
    case IR_HREFK: ax_hrefk(as, ref); break;
    case IR_FUNC: {
      int d = ax_dst_gpr(as, ref);
      x64_mov_rm(&as->mc, d, x64mem(R_BASE, ((int32_t)ins->op1 - 1) * TV_SIZE));
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_RETF: ax_retf(as, ref); break;
    case IR_BASE: {
      int d = ax_dst_gpr(as, ref);
      x64_mov_rr(&as->mc, d, R_BASE);
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_TLEN: ax_callint(as, ref, (const void *)tab_getn, 0); break;
    case IR_STRCMP: ax_callint(as, ref, (const void *)jit_strcmp, 0); break;
    case IR_SNEW: ax_callint(as, ref, (const void *)jit_strnew, 1); break;
    case IR_NRES: {
      int d = ax_dst_gpr(as, ref);
      x64_mov_ri(&as->mc, d, (int64_t)(uintptr_t)&as->c->g->jit->callnres);
      x64_movsxd_rm(&as->mc, d, x64mem(d, 0));
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_NVARG: {
      int d = ax_dst_gpr(as, ref);
      x64_mov_rm(&as->mc, d, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
      x64_mov_rm(&as->mc, d, x64mem(d, (int32_t)offsetof(vm_State, ci)));
      x64_movsxd_rm(&as->mc, d, x64mem(d, (int32_t)offsetof(CallInfo, u.l.nextraargs)));
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_FNEW: ax_callint(as, ref, (const void *)jit_closure, 1); break;
    case IR_UCLO: {
      uint64_t mask = as->c->livemask[ref];
      ax_saveregs(as, mask, 0);
      x64_mov_rm(&as->mc, X64_RDI, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
      x64_mov32_ri(&as->mc, X64_RSI, ins->op1);
      ax_callfn(as, (const void *)jit_uclose);
      ax_saveregs(as, mask, 1);
      break;
    }
    case IR_STREQ: ax_callint(as, ref, (const void *)jit_streq, 0); break;
    case IR_AHINT: ax_ahint(as, ref); break;
    case IR_CITAIL: /* (callstatus is the high half of the word at nresults) */
      x64_mov_rm(&as->mc, R_TMP3, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
      x64_mov_rm(&as->mc, R_TMP3, x64mem(R_TMP3, (int32_t)offsetof(vm_State, ci)));
      x64_alu32_mi(&as->mc, X64_OR, x64mem(R_TMP3, (int32_t)offsetof(CallInfo, nresults)), (int32_t)CIST_TAIL << 16);
      break;
    case IR_TGETS: ax_callint(as, ref, (const void *)jit_tgets, 0); break;
    case IR_SBYTE: {
      int s = ax_gpr_of(as, ins->op1, R_TMP3), d = ax_dst_gpr(as, ref);
      int32_t ofs = (int32_t)offsetof(TString, contents);
      if (ax_isk32(as, ins->op2)) {
        x64_movzx8_rm(&as->mc, d, x64mem(s, ofs + (int32_t)IR(ins->op2)->k.i));
      } else {
        int i = ax_gpr_of(as, ins->op2, R_TMP2);
        x64_movzx8_rm(&as->mc, d, x64mem_idx(s, i, 1, ofs));
      }
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_UREF: {
      int f = ax_gpr_of(as, ins->op1, R_TMP3), d = ax_dst_gpr(as, ref);
      x64_mov_rm(&as->mc, d, x64mem(f, (int32_t)(offsetof(LClosure, upvals) + 8 * ins->op2)));
      ax_done_gpr(as, ref, d);
      break;
    }
    case IR_ULOAD: case IR_USTORE: { /* through UpVal.v: open or closed */
      int u = ax_gpr_of(as, ins->op1, R_TMP3), v = ax_upvalreg(as, ref);
      if (v == REG_NONE) {
        x64_mov_rm(&as->mc, R_TMP3, x64mem(u, (int32_t)offsetof(UpVal, v)));
        v = R_TMP3;
      }
      if (ins->op == IR_USTORE) {
        ax_storevalue(as, v, 0, ins->op2);
      } else {
        ax_tagguard(as, x64mem(v, TV_TT), (IRType)ins->type, ref);
        ax_loadvalue(as, ref, x64mem(v, 0));
      }
      break;
    }
    case IR_TBAR: ax_tbar(as, ref); break;
    case IR_TNEW: ax_tnew(as, ref); break;
    case IR_SSTORE: ax_storevalue(as, R_BASE, (int32_t)ins->op1 * TV_SIZE, ins->op2); break;
    case IR_CAT: case IR_CALLC: case IR_CALLL: ax_onslots(as, ref); break;
    case IR_TSLOT:
      if (IR(ins->op2)->type == IRT_INT) ax_tslotint(as, ref);
      else ax_callint(as, ref, (const void *)jit_tslotobj, 1);
      break;
    case IR_TRESIZE: ax_callint(as, ref, (const void *)jit_tresize, 1); break;
    case IR_HREF:
      ax_callint(as, ref, IR(ins->op2)->type == IRT_INT ? (const void *)tab_getint : (const void *)jit_hrefobj, 0);
      break;
    case IR_NOP: case IR_LOOP: case IR_PHI: break;
    default:
      if (ir_isconst(ins->op)) break;
      return JA_NYI_IR;
  }
  return JA_OK;
}

/* ----------------------------------------------------------------------
** The loop's back-edge: moving each PHI's new value into its old place
** ---------------------------------------------------------------------- */

/* Copies the value at location `from` (or constant k when from < 0) into
** location to; fp: an XMM value. */
static void ax_moveloc(Asm *as, int to, int from, IRRef k, int fp) {
  if (from < 0) { /* a constant */
    if (fp) {
      int x = ax_xmm_of(as, k, X_TMP);
      if (to >= ASM_LOC_SPILL) x64_movsd_mx(&as->mc, x64mem(R_EX, EX_SPILL(to - ASM_LOC_SPILL)), x);
      else x64_movaps_xx(&as->mc, to - ASM_LOC_FPR, x);
    } else {
      int r = ax_gpr_of(as, k, R_TMP);
      if (to >= ASM_LOC_SPILL) x64_mov_mr(&as->mc, x64mem(R_EX, EX_SPILL(to - ASM_LOC_SPILL)), r);
      else x64_mov_rr(&as->mc, to, r);
    }
    return;
  }
  if (fp) {
    int x = from;
    if (from >= ASM_LOC_SPILL) {
      x64_movsd_xm(&as->mc, X_TMP, x64mem(R_EX, EX_SPILL(from - ASM_LOC_SPILL)));
      x = ASM_LOC_FPR + X_TMP;
    }
    if (to >= ASM_LOC_SPILL) x64_movsd_mx(&as->mc, x64mem(R_EX, EX_SPILL(to - ASM_LOC_SPILL)), x - ASM_LOC_FPR);
    else x64_movaps_xx(&as->mc, to - ASM_LOC_FPR, x - ASM_LOC_FPR);
  } else {
    int r = from;
    if (from >= ASM_LOC_SPILL) {
      x64_mov_rm(&as->mc, R_TMP, x64mem(R_EX, EX_SPILL(from - ASM_LOC_SPILL)));
      r = R_TMP;
    }
    if (to >= ASM_LOC_SPILL) x64_mov_mr(&as->mc, x64mem(R_EX, EX_SPILL(to - ASM_LOC_SPILL)), r);
    else x64_mov_rr(&as->mc, to, r);
  }
}

/* (ax_moveloc as asm_parallelmoves calls it) */
static void ax_movefn(void *as, int to, int from, IRRef k, int fp) { ax_moveloc((Asm *)as, to, from, k, fp); }

/* The n moves mv at once; a cycle is broken through a scratch register
** (XMM1 or R11, which no value is allocated to). */
static void ax_parallelmoves(Asm *as, AsmMove *mv, int n) {
  asm_parallelmoves(as, mv, n, ax_movefn, R_TMP3, ASM_LOC_FPR + X_TMP2);
}

/* All PHIs at once */
static JitAbort ax_phimoves(Asm *as) {
  IRBuf *ir = as->c->ir;
  AsmMove *mv = (AsmMove *)malloc((ir->n - ir->loopref) * sizeof(AsmMove)); /* at most one a PHI */
  if (mv == NULL) return JA_NOMEM;
  ax_parallelmoves(as, mv, asm_phimoves(as->c, mv));
  free(mv);
  return JA_OK;
}

/* ----------------------------------------------------------------------
** The whole trace
** ---------------------------------------------------------------------- */

static const int calleesaved[] = calleesaved_list;
#define NSAVED ((int)(sizeof(calleesaved) / sizeof(calleesaved[0])))

static void ax_prologue(Asm *as) {
  int i;
  for (i = 0; i < NSAVED; i++) x64_push(&as->mc, calleesaved[i]);
  x64_sub_ri(&as->mc, X64_RSP, 8); /* 16-byte alignment for calls */
  x64_mov_rr(&as->mc, R_BASE, X64_RDI);
  x64_mov_rr(&as->mc, R_EX, X64_RSI);
  x64_mov_rm(&as->mc, R_IC, x64mem(R_EX, (int32_t)offsetof(JitExitState, chunk)));
}

/* The return to jit.c: which trace it leaves (ex->trace; EAX holds the
** snapshot's number), then the epilogue */
static void ax_exitcode(Asm *as, JitTrace *T) {
  int r;
  x64_mov_ri(&as->mc, R_TMP3, (int64_t)(uintptr_t)T);
  x64_mov_mr(&as->mc, x64mem(R_EX, (int32_t)offsetof(JitExitState, trace)), R_TMP3);
  x64_alu_mr(&as->mc, X64_ADD, x64mem(R_EX, (int32_t)offsetof(JitExitState, budget)), R_IC);
  x64_add_ri(&as->mc, X64_RSP, 8);
  for (r = NSAVED - 1; r >= 0; r--) x64_pop(&as->mc, calleesaved[r]);
  x64_ret(&as->mc);
}

/* At a side trace's entry: the inherited values in the parent's
** registers that asm_allocreg spilled, into their spill slots */
static void ax_pvalspills(Asm *as) {
  IRRef ref;
  for (ref = REF_FIRST; ref < as->c->ir->n; ref++) {
    const IRIns *ins = IR(ref);
    int r = ins->op == IR_PVAL ? as->c->parent->ir.ins[ins->op1].reg : REG_NONE;
    if ((ins->reg != REG_NONE && !as->c->splitat[ref]) || r == REG_NONE || ins->spill == 0 || asm_isdead(as->c, ref))
      continue;
    if (asm_isfpr(ins)) x64_movsd_mx(&as->mc, spillmem(ins), r);
    else x64_mov_mr(&as->mc, spillmem(ins), r);
  }
}

/* The checks of a back-edge, and of an entry from another trace (which
** may be the only back-edge of a loop that runs through several): one
** decrement of R_IC, the back-edges left of the chunk of the budget it
** holds (in a register: a decrement in memory would chain each iteration
** to the last one's store). When the chunk runs out, the slow path
** (ax_budgetslow, out of line) exits through snapshot sn if the flag
** vm_interrupt and vm_sethook set is up, else takes the next chunk, or
** exits if there is none: R_IC + ex->budget is always what is left. */
static void ax_slowpath(Asm *as, uint8_t *jump, uint8_t *back, uint32_t sn) {
  SlowCheck *c = &as->slow[as->nslow++];
  c->jcc = jump;
  c->back = back;
  c->sn = sn;
}

static void ax_budgetcheck(Asm *as, uint32_t sn) {
  uint8_t *jump;
  x64_sub_ri(&as->mc, R_IC, 1);
  jump = x64_jcc(&as->mc, X64_CC_LE, NULL);
  ax_slowpath(as, jump, as->mc.p, sn);
}

static void ax_budgetslow(Asm *as) {
  int k;
  for (k = 0; k < as->nslow; k++) {
    const SlowCheck *c = &as->slow[k];
    if (as->mc.overflow) return;
    x64_patch_rel32(c->jcc, as->mc.p);
    x64_mov_rm(&as->mc, R_TMP3, x64mem(R_EX, (int32_t)offsetof(JitExitState, stop)));
    x64_cmp32_mi(&as->mc, x64mem(R_TMP3, 0), 0);
    ax_exitvia(as, x64_jcc(&as->mc, X64_CC_NE, NULL), c->sn, 1);
    x64_mov_rm(&as->mc, R_IC, x64mem(R_EX, (int32_t)offsetof(JitExitState, chunk)));
    x64_alu_mr(&as->mc, X64_SUB, x64mem(R_EX, (int32_t)offsetof(JitExitState, budget)), R_IC);
    ax_exitvia(as, x64_jcc(&as->mc, X64_CC_L, NULL), c->sn, 1);
    x64_jmp(&as->mc, c->back);
  }
}

/* At the link entry and back-edge of a trace with GC safe points
** (ax_collects): a collection they asked for (interp.c runs it). Any loop
** through traces passes one of them in each trace it runs through. A
** trace without them does not check: the interpreter does not collect at
** back-edges either, nor after table stores (which may ask for one). */
static void ax_gccheck(Asm *as, uint32_t sn) {
  x64_mov_rm(&as->mc, R_TMP3, x64mem(R_EX, (int32_t)offsetof(JitExitState, gcrequest)));
  x64_cmp32_mi(&as->mc, x64mem(R_TMP3, 0), 0);
  ax_exitvia(as, x64_jcc(&as->mc, X64_CC_NE, NULL), sn, 1);
}

static int ax_collects(const IRBuf *ir) {
  IRRef ref;
  for (ref = REF_FIRST; ref < ir->n; ref++)
    if (ir_opflags[ir->ins[ref].op] & IRF_GCSTEP) return 1;
  return 0;
}

/* A snapshot's values into the frames, each from its register, spill
** slot or constant */
static void ax_snapstores(Asm *as, const IRSnap *snap) {
  uint32_t k;
  for (k = 0; k < snap->nent; k++) {
    const SnapEntry *e = &as->c->ir->snapmap[snap->mapofs + k];
    ax_storevalue(as, R_BASE, ((int32_t)snap->shift + e->slot) * TV_SIZE, e->ref);
  }
}

/* Exit stub of snapshot sn: jumps where T->entryto[sn] says, a side
** trace that inherited the snapshot's values (needing none written) or,
** by default, its own stores: the snapshot's values into the frames, EAX
** = sn, and on where T->exitto[sn] says: the return to jit.c, or the side
** trace or loop trace that goes on from there. */
static uint8_t *ax_exitstub(void *a, JitTrace *T, uint32_t sn) {
  Asm *as = (Asm *)a;
  const IRSnap *snap = &as->c->ir->snap[sn];
  uint8_t *stub = as->mc.p;
  x64_mov_ri(&as->mc, R_TMP3, (int64_t)(uintptr_t)&T->entryto[sn]);
  x64_jmp_m(&as->mc, x64mem(R_TMP3, 0));
  as->c->storesofs[sn] = (size_t)(as->mc.p - as->mc.start);
  ax_snapstores(as, snap);
  /* after returns below the trace's frame, the base of the frame left in
  ** (S->ci's), for the trace that goes on there */
  if (snap->shift != 0) x64_lea(&as->mc, R_BASE, x64mem(R_BASE, (int32_t)snap->shift * TV_SIZE));
  x64_mov32_ri(&as->mc, X64_RAX, sn);
  x64_mov_ri(&as->mc, R_TMP3, (int64_t)(uintptr_t)&T->exitto[sn]);
  x64_jmp_m(&as->mc, x64mem(R_TMP3, 0));
  return stub;
}

/* The stub of a back-edge check's exit: says so, and on into stub */
static uint8_t *ax_forcedstub(void *a, uint8_t *stub) {
  Asm *as = (Asm *)a;
  uint8_t *p = as->mc.p;
  x64_mov32_mi(&as->mc, x64mem(R_EX, (int32_t)offsetof(JitExitState, forced)), 1);
  x64_jmp(&as->mc, stub);
  return p;
}

static void ax_patchjump(void *a, uint8_t *field, uint8_t *to) {
  if (!((Asm *)a)->mc.overflow) x64_patch_rel32(field, to);
}

/* The end of a side trace going on into a loop trace's body (jit.c
** loop_link). Of its end snapshot's slots it writes those the loop's body
** does not start with values of its own (its exits write those); the
** values the body starts with go from this trace's places into the
** loop's, all at once as the PHIs at a back-edge (the invariants it
** inherited are in place already: its PVALs). Then the loop body. */
static JitAbort ax_loopjump(Asm *as, const JitTrace *T) {
  const JitTrace *R = T->loopto;
  const IRSnap *snap = &as->c->ir->snap[T->endsnap];
  AsmMove *mv = (AsmMove *)malloc((T->nentry + 1) * sizeof(AsmMove));
  uint32_t k;
  if (mv == NULL) return JA_NOMEM;
  if (T->loopfar) { /* into another loop's trace while it is there (jit.c jit_relinktree) */
    x64_mov_ri(&as->mc, R_TMP3, (int64_t)(uintptr_t)&T->bodyok);
    x64_cmp8_mi(&as->mc, x64mem(R_TMP3, 0), 0);
    ax_exitvia(as, x64_jcc(&as->mc, X64_CC_E, NULL), T->endsnap, 0);
  }
  for (k = 0; k < snap->nent; k++) {
    const SnapEntry *e = &as->c->ir->snapmap[snap->mapofs + k];
    if (!jit_loopslot(R, e->slot)) ax_storevalue(as, R_BASE, (int32_t)e->slot * TV_SIZE, e->ref);
  }
  ax_parallelmoves(as, mv, asm_entrymoves(as->c, T, mv));
  free(mv);
  x64_mov_ri(&as->mc, R_TMP3, (int64_t)(uintptr_t)R->loop);
  x64_jmp_r(&as->mc, R_TMP3);
  return JA_OK;
}

_Static_assert(offsetof(CallInfo, callstatus) == offsetof(CallInfo, nresults) + 2,
               "callframes writes nresults and callstatus in one store");

/* The frames of the calls T's end snapshot is inside of, built as
** jit.c's jit_buildframes does, and the room jit_traceroom makes sure of there,
** before the link into the callee's loop trace (at T->linkto, with
** R_BASE the callee's base): in machine code when the CallInfos and the
** stack are there already (else the jumps slow[0], slow[1] go to the call of
** jit_callframes, which makes room). Before it, the exit stub wrote the
** snapshot's values; nothing but R_BASE, R_EX and R_IC is live. */
static void ax_callframes(Asm *as, const JitTrace *T, uint8_t **slow) {
  const IRSnap *snap = &as->c->ir->snap[T->endsnap];
  const JitState *J = as->c->g->jit;
  X64Buf *mc = &as->mc;
  const SnapFrame *f;
  const Proto *pt = NULL;
  /* the innermost frame's base, from R_BASE (a frame's function slot is
  ** counted from the outermost frame's base) */
  int32_t top = (as->c->ir->frames[snap->frameofs + snap->depth - 1].funcslot + 1) * TV_SIZE;
  uint8_t *again;
  uint32_t d;
  /* CallInfos: depth of them above S->ci, then J->roomdepth more */
  x64_mov_rm(mc, X64_RAX, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
  x64_mov_rm(mc, X64_RCX, x64mem(X64_RAX, (int32_t)offsetof(vm_State, ci)));
  x64_mov_rr(mc, X64_RDX, X64_RCX);
  x64_mov_ri(mc, R_TMP3, (int64_t)(uintptr_t)&J->roomdepth);
  x64_mov32_rm(mc, X64_R8, x64mem(R_TMP3, 0));
  x64_alu32_ri(mc, X64_ADD, X64_R8, (int32_t)snap->depth);
  again = mc->p;
  x64_mov_rm(mc, X64_RDX, x64mem(X64_RDX, (int32_t)offsetof(CallInfo, next)));
  x64_test_rr(mc, X64_RDX, X64_RDX);
  slow[0] = x64_jcc(mc, X64_CC_E, NULL);
  x64_alu32_ri(mc, X64_SUB, X64_R8, 1);
  x64_jcc(mc, X64_CC_G, again);
  /* stack: more than J->roomslots slots from the innermost base */
  x64_mov_rm(mc, X64_RDX, x64mem(X64_RAX, (int32_t)offsetof(vm_State, stack_last)));
  x64_lea(mc, X64_R8, x64mem(R_BASE, top));
  x64_alu_rr(mc, X64_SUB, X64_RDX, X64_R8);
  x64_movsxd_rm(mc, X64_R8, x64mem(R_TMP3, (int32_t)(offsetof(JitState, roomslots) - offsetof(JitState, roomdepth))));
  x64_shift_ri(mc, X64_SHL, X64_R8, 4);
  x64_alu_rr(mc, X64_CMP, X64_RDX, X64_R8);
  slow[1] = x64_jcc(mc, X64_CC_LE, NULL);
  for (d = 0; d < snap->depth; d++) {
    f = &as->c->ir->frames[snap->frameofs + d];
    /* the caller's pc after the call: its prototype's code, from its
    ** closure in the outermost frame, else a constant */
    if (pt == NULL) {
      x64_mov_rm(mc, R_TMP3, x64mem(X64_RCX, (int32_t)offsetof(CallInfo, func)));
      x64_mov_rm(mc, R_TMP3, x64mem(R_TMP3, 0));
      x64_mov_rm(mc, R_TMP3, x64mem(R_TMP3, (int32_t)offsetof(LClosure, p)));
      x64_mov_rm(mc, R_TMP3, x64mem(R_TMP3, (int32_t)offsetof(Proto, code)));
      x64_lea(mc, R_TMP3, x64mem(R_TMP3, (int32_t)(f->retpc * sizeof(Instruction))));
    } else {
      x64_mov_ri(mc, R_TMP3, (int64_t)(uintptr_t)(pt->code + f->retpc));
    }
    x64_mov_mr(mc, x64mem(X64_RCX, (int32_t)offsetof(CallInfo, u.l.savedpc)), R_TMP3);
    pt = (const Proto *)f->pt;
    x64_mov_rm(mc, X64_RDX, x64mem(X64_RCX, (int32_t)offsetof(CallInfo, next)));
    x64_lea(mc, R_TMP3, x64mem(R_BASE, f->funcslot * TV_SIZE));
    x64_mov_mr(mc, x64mem(X64_RDX, (int32_t)offsetof(CallInfo, func)), R_TMP3);
    x64_lea(mc, R_TMP3, x64mem(R_TMP3, (1 + pt->maxstacksize) * TV_SIZE));
    x64_mov_mr(mc, x64mem(X64_RDX, (int32_t)offsetof(CallInfo, top)), R_TMP3);
    x64_mov32_mi(mc, x64mem(X64_RDX, (int32_t)offsetof(CallInfo, u.l.nextraargs)), f->nextra);
    x64_mov32_mi(mc, x64mem(X64_RDX, (int32_t)offsetof(CallInfo, u.l.trap)), 0);
    /* nresults and callstatus (0, or CIST_TAIL) in one store */
    x64_mov32_mi(mc, x64mem(X64_RDX, (int32_t)offsetof(CallInfo, nresults)),
                 (int32_t)((uint32_t)(uint16_t)f->nresults | (f->tail ? (uint32_t)CIST_TAIL << 16 : 0)));
    x64_mov_rr(mc, X64_RCX, X64_RDX);
  }
  x64_lea(mc, R_BASE, x64mem(R_BASE, top));
  x64_mov_ri(mc, R_TMP3, (int64_t)(uintptr_t)(pt->code + snap->pc));
  x64_mov_mr(mc, x64mem(X64_RCX, (int32_t)offsetof(CallInfo, u.l.savedpc)), R_TMP3);
  x64_mov_mr(mc, x64mem(X64_RAX, (int32_t)offsetof(vm_State, ci)), X64_RCX);
  x64_mov_rm(mc, R_TMP3, x64mem(X64_RCX, (int32_t)offsetof(CallInfo, top)));
  x64_mov_mr(mc, x64mem(X64_RAX, (int32_t)offsetof(vm_State, top)), R_TMP3);
  x64_mov_ri(mc, R_TMP3, (int64_t)(uintptr_t)&T->linkto);
  x64_jmp_m(mc, x64mem(R_TMP3, 0));
}

/* The code of instructions from..to-1; *k: the splits done (asm.h) */
static JitAbort ax_body(Asm *as, IRRef from, IRRef to, uint32_t *k, uint8_t **loopstart) {
  AsmCore *c = as->c;
  IRRef ref;
  for (ref = from; ref < to; ref++) {
    IRIns *ins = IR(ref);
    JitAbort why;
    asm_splitstep(c, k, ref);
    if (ref == c->ir->loopref) {
      x64_nop(&as->mc, (int)((16 - ((uintptr_t)as->mc.p & 15)) & 15));
      *loopstart = as->mc.p;
      c->loopofs = (size_t)(*loopstart - as->mc.start);
      continue;
    }
    if (ir_isconst(ins->op) || asm_isdead(c, ref)) continue;
    why = ax_ins(as, ref);
    if (why != JA_OK) return why;
    if (ir_opflags[ins->op] & IRF_GCSTEP) /* a collection may wait from here on */
      x64_mov32_mi(&as->mc, x64mem(R_EX, (int32_t)offsetof(JitExitState, gcstep)), 1);
  }
  return JA_OK;
}

static JitAbort ax_emittrace(Asm *as, JitTrace *T) {
  AsmCore *c = as->c;
  IRBuf *ir = c->ir;
  IRRef endguard = c->endguard, first = REF_FIRST;
  uint8_t *loopstart = NULL;
  uint8_t *skip, *common;
  uint32_t k;
  JitAbort why;
  as->collects = ax_collects(ir);
  ax_prologue(as);
  /* the entry from other traces, after the prologue: a back-edge's
  ** checks, exiting through the first snapshot (before anything ran) */
  skip = x64_jmp8(&as->mc, NULL);
  c->linkentryofs = (size_t)(as->mc.p - as->mc.start);
  if (ir->nsnap == 0 || (c->parent == NULL && ir->snap[0].nent != 0)) return JA_NYI_IR;
  asm_splitstart(c, &k);
  if (c->parent != NULL) {
    /* a side trace's first snapshot has the values it inherited, which
    ** are where the parent left them, and those it computes again from
    ** them (jit.c jit_parentvalue): before the checks that may exit
    ** through it (and after the spills an exit may read) */
    ax_pvalspills(as);
    first = ir->snap[0].ref;
    why = ax_body(as, REF_FIRST, first, &k, &loopstart);
    if (why != JA_OK) return why;
  }
  ax_budgetcheck(as, 0);
  if (as->collects) ax_gccheck(as, 0);
  if (skip != NULL) x64_patch_rel8(skip, as->mc.p);
  why = ax_body(as, first, ir->n, &k, &loopstart);
  if (why != JA_OK) return why;
  if (ir->loopref != REF_NONE && !as->collects && asm_phisettled(c)) {
    /* nothing to move: the budget's decrement is the loop's branch */
    x64_sub_ri(&as->mc, R_IC, 1);
    x64_jcc(&as->mc, X64_CC_G, loopstart);
    ax_slowpath(as, x64_jmp(&as->mc, NULL), loopstart, IR(endguard)->snap);
  } else if (ir->loopref != REF_NONE) {
    ax_budgetcheck(as, IR(endguard)->snap);
    if (as->collects) ax_gccheck(as, IR(endguard)->snap);
    why = ax_phimoves(as);
    if (why != JA_OK) return why;
    x64_jmp(&as->mc, loopstart);
  } else if (T->loopto != NULL) {
    why = ax_loopjump(as, T);
    if (why != JA_OK) return why;
  } else { /* a trace without a loop leaves through its end snapshot */
    ax_exitpatch(as, x64_jmp(&as->mc, NULL), endguard);
  }
  ax_budgetslow(as);
  /* stubs, for the snapshots guards use; then those of the back-edge
  ** checks' exits, which say so and go on into the first ones */
  asm_exitstubs(c, as, T);
  common = as->mc.p;
  c->commonofs = (size_t)(common - as->mc.start);
  ax_exitcode(as, T);
  if (T->callee != NULL) { /* the end's link into an inlined call's loop */
    uint8_t *noroom, *slow[2];
    c->callentryofs = (size_t)(as->mc.p - as->mc.start);
    ax_callframes(as, T, slow);
    if (!as->mc.overflow) {
      x64_patch_rel32(slow[0], as->mc.p);
      x64_patch_rel32(slow[1], as->mc.p);
    }
    x64_mov_rm(&as->mc, X64_RDI, x64mem(R_EX, (int32_t)offsetof(JitExitState, S)));
    x64_mov_ri(&as->mc, X64_RSI, (int64_t)(uintptr_t)T);
    ax_saveregs(as, 0, 0); /* (R_IC) */
    ax_callfn(as, (const void *)jit_callframes);
    ax_saveregs(as, 0, 1);
    x64_test_rr(&as->mc, X64_RAX, X64_RAX);
    noroom = x64_jcc(&as->mc, X64_CC_E, NULL);
    x64_mov_rr(&as->mc, R_BASE, X64_RAX);
    x64_mov_ri(&as->mc, R_TMP3, (int64_t)(uintptr_t)&T->linkto);
    x64_jmp_m(&as->mc, x64mem(R_TMP3, 0));
    if (!as->mc.overflow) x64_patch_rel32(noroom, as->mc.p);
    x64_mov32_ri(&as->mc, X64_RAX, T->endsnap);
    x64_jmp(&as->mc, common);
  }
  ax_kpool(as);
  T->mclen = (size_t)(as->mc.p - as->mc.start);
  return JA_OK;
}

static JitAbort ax_emit(AsmCore *c, JitTrace *T, uint8_t *mem, size_t size, int *overflow) {
  Asm as;
  JitAbort why;
  memset(&as, 0, sizeof(as));
  as.c = c;
  as.T = T;
  x64_init(&as.mc, mem, size);
  why = ax_emittrace(&as, T);
  *overflow = as.mc.overflow;
  free(as.kpatch);
  return why;
}

static const uint8_t fpr_alloc[] = {X64_XMM2,  X64_XMM3,  X64_XMM4,  X64_XMM5,  X64_XMM6,
                                    X64_XMM7,  X64_XMM8,  X64_XMM9,  X64_XMM10, X64_XMM11,
                                    X64_XMM12, X64_XMM13, X64_XMM14, X64_XMM15};

const AsmTarget asm_target = {
  .name = "x64",
  .gpr = gpr_alloc,
  .ngpr = (int)sizeof(gpr_alloc),
  .fpr = fpr_alloc,
  .nfpr = (int)sizeof(fpr_alloc),
  .foldk = 1 << 26, /* 16 * k fits a displacement */
  .iscall = ax_iscall,
  .sinkk = ax_k32,
  .intoop = ax_intoop,
  .emit = ax_emit,
  .exitstub = ax_exitstub,
  .forcedstub = ax_forcedstub,
  .patchjump = ax_patchjump,
};

#endif
