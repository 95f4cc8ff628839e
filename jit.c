/*
** jit.c — hot counters, the trace recorder, snapshots, aborts.
**
** Recording (see jit.h for how the interpreter gets here): each bytecode
** of the hot loop is turned into IR as it runs, specialised to the types
** and values it sees, with a guard for every assumption. Frame slots are
** tracked in J->slot: a slot read for the first time becomes an SLOAD
** (which guards the slot's type); a write only updates the map, so values
** stay in SSA form, and each guard's snapshot lists the slots written
** since the trace began, which is what an exit must store back before
** the interpreter resumes at the guarded instruction.
**
** What is recorded so far: numeric `for` loops over integers; moves and
** constants; integer and float arithmetic with Lua 5.4's semantics (mixed
** operands convert to float); comparisons and the branches they take;
** array reads and writes of present values; string-keyed field reads.
** Everything else aborts with a reason (jit.h, JIT_ABORTS). There is no
** machine code backend yet: a completed trace is dumped and counted, and
** the interpreter runs the loop as before.
*/
#include "jit.h"

#include <stdlib.h>
#include <string.h>

#include "opcodes.h"

const char *const jit_abortmsg[JA__MAX] = {
#define JA_MSG(name, msg) msg,
  JIT_ABORTS(JA_MSG)
#undef JA_MSG
};

_Static_assert((int)IRT_NIL == T_NIL && (int)IRT_INT == T_INT && (int)IRT_NUM == T_FLT &&
                 (int)IRT_TAB == T_TABLE && (int)IRT_SHRSTR == T_SHRSTR && (int)IRT_LCL == T_LCL &&
                 (int)IRT_THREAD == T_THREAD,
               "IR types of tagged values are the interpreter's tags");

/* The threshold, and every counter restarted from it */
static void sethotloop(JitState *J, int value) {
  int i;
  J->hotloop = (uint32_t)(value > 0xffff ? 0xffff : value);
  for (i = 0; i < JIT_HOTSIZE; i++) J->hotcount[i] = (uint16_t)J->hotloop;
}

JitState *jit_state(vm_State *S) {
  Global *g = G(S);
  if (g->jit == NULL) {
    JitState *J = (JitState *)calloc(1, sizeof(JitState));
    if (J == NULL) return NULL;
    J->out = stderr;
    sethotloop(J, JIT_HOTLOOP_DEFAULT);
    ir_init(&J->ir);
    g->jit = J;
  }
  return g->jit;
}

void jit_free(Global *g) {
  JitState *J = g->jit;
  if (J == NULL) return;
  ir_free(&J->ir);
  if (J->out != stderr && J->out != NULL) fclose(J->out);
  free(J);
  g->jit = NULL;
}

/* ----------------------------------------------------------------------
** Hot counters and backoff
** ---------------------------------------------------------------------- */

static JitPenalty *findpenalty(JitState *J, const Instruction *pc) {
  int i;
  for (i = 0; i < JIT_PENALTY_SLOTS; i++)
    if (J->penalty[i].pc == pc) return &J->penalty[i];
  return NULL;
}

/* The counter of the loop at pc starts again: the threshold, doubled for
** each abort there (capped: a loop is retried however often it failed). */
static void resetcount(JitState *J, const Instruction *pc) {
  JitPenalty *p = findpenalty(J, pc);
  uint32_t n = J->hotloop;
  if (p != NULL) n <<= p->backoff;
  if (n > 0xffff) n = 0xffff;
  if (n == 0) n = 1;
  J->hotcount[jit_hashpc(pc)] = (uint16_t)n;
}

static JitPenalty *penalize(JitState *J, const Instruction *pc) {
  JitPenalty *p = findpenalty(J, pc);
  if (p == NULL) {
    p = &J->penalty[J->penaltyround++ % JIT_PENALTY_SLOTS];
    p->pc = pc;
    p->backoff = 0;
  }
  if (p->backoff < JIT_MAXBACKOFF) p->backoff++;
  return p;
}

/* The chunk name as error messages show it */
static const char *srcname(const Proto *pt, char *buf) {
  if (pt->source == NULL) return "?";
  obj_chunkid(buf, getstr(pt->source), tsslen(pt->source));
  return buf;
}

static int pcline(const Proto *pt, const Instruction *pc) {
  return dbg_getfuncline(pt, (int)(pc - pt->code));
}

/* ----------------------------------------------------------------------
** Recording state
** ---------------------------------------------------------------------- */

static void stoprecording(vm_State *S, JitState *J) {
  J->recording = 0;
  if (J->ci != NULL && J->thread == S && !S->hookmask) J->ci->u.l.trap = 0;
  J->ci = NULL;
  J->thread = NULL;
  ir_free(&J->ir);
}

static int jitabort(vm_State *S, JitState *J, JitAbort why, const Instruction *pc) {
  J->naborts++;
  J->aborts[why]++;
  if (J->verbose) {
    char src[VM_IDSIZE];
    fprintf(J->out, "[TRACE --- %s:%d -- abort at line %d: %s]\n", srcname(J->pt, src),
            pcline(J->pt, J->startpc), pc ? pcline(J->pt, pc) : 0, jit_abortmsg[why]);
  }
  penalize(J, J->startpc);
  resetcount(J, J->startpc);
  stoprecording(S, J);
  return 0;
}

int jit_backedge(vm_State *S, CallInfo *ci, const Instruction *pc) {
  JitState *J = G(S)->jit;
  const Proto *pt;
  uint16_t *cnt;
  if (J == NULL || !J->on || J->recording) return 0;
  cnt = &J->hotcount[jit_hashpc(pc)];
  if (--*cnt != 0) return 0;
  resetcount(J, pc);
  if (S->hookmask) return 0; /* hooks see every instruction: no traces */
  pt = ci_func(ci)->p;
  ir_init(&J->ir);
  opt_init(&J->opt, &J->ir, NULL);
  memset(J->slot, 0, sizeof(J->slot));
  memset(J->written, 0, sizeof(J->written));
  J->maxslot = pt->maxstacksize;
  J->recording = 1;
  J->thread = S;
  J->ci = ci;
  J->pt = pt;
  J->startpc = pc;
  ci->u.l.trap = 1;
  if (J->verbose) {
    char src[VM_IDSIZE];
    fprintf(J->out, "[TRACE %llu start %s:%d]\n", (unsigned long long)J->ntraces + 1,
            srcname(pt, src), pcline(pt, pc));
  }
  return 1;
}

/* ----------------------------------------------------------------------
** Slots and snapshots
** ---------------------------------------------------------------------- */

/* The IR type of a value's tag (the same numbers for tagged types) */
static IRType valtype(const TValue *v) { return (IRType)rawtt(v); }

static IRRef getslot(JitState *J, StkId base, int s) {
  IRRef r = J->slot[s];
  if (r == REF_NONE) {
    IRType t = valtype(s2v(base + s));
    r = opt_emit(&J->opt, IR_SLOAD, t, (IRRef)s, 0);
    J->slot[s] = r;
  }
  return r;
}

static void setslot(JitState *J, int s, IRRef r) {
  J->slot[s] = r;
  J->written[s] = 1;
}

/* A snapshot for the guards of the instruction at pc: the written slots.
** The previous one is replaced when no guard came after it. */
static int snapshot(JitState *J, const Instruction *pc) {
  IRBuf *b = &J->ir;
  int s;
  if (b->nsnap > 0) {
    IRRef ref = b->snap[b->nsnap - 1].ref;
    while (ref < b->n && !ir_isguard(b->ins[ref].op)) ref++;
    if (ref == b->n) {
      b->nsnap--;
      b->nsnapmap = b->snap[b->nsnap].mapofs;
    }
  }
  if (!ir_addsnap(b, (uint32_t)(pc - J->pt->code), (uint16_t)J->maxslot)) return 0;
  for (s = 0; s < J->maxslot; s++)
    if (J->written[s] && J->slot[s] != REF_NONE && !ir_addsnapentry(b, (uint16_t)s, J->slot[s]))
      return 0;
  J->opt.cursnap = b->nsnap - 1;
  return 1;
}

/* ----------------------------------------------------------------------
** Recording bytecodes
** ---------------------------------------------------------------------- */

typedef struct Rec {
  JitState *J;
  StkId base;
  const TValue *k;
  Instruction i;
  JitAbort abort; /* set when the instruction cannot be recorded */
} Rec;

#define emit(r, op, t, a, b) opt_emit(&(r)->J->opt, (op), (t), (a), (b))

static IRRef kvalue(Rec *r, const TValue *v) {
  IRBuf *b = &r->J->ir;
  switch (rawtt(v)) {
    case T_INT: return ir_kint(b, ivalue(v));
    case T_FLT: return ir_knum(b, fltvalue(v));
    case T_NIL: case T_FALSE: case T_TRUE: return ir_kpri(b, (IRType)rawtt(v));
    case T_SHRSTR: case T_LNGSTR: return ir_kgc(b, val_(v).gc, (IRType)rawtt(v));
    default: r->abort = JA_NYI_TYPE; return REF_NONE;
  }
}

static IRType reftype(Rec *r, IRRef ref) { return (IRType)ir_at(&r->J->ir, ref)->type; }

static IRRef tonum(Rec *r, IRRef ref) {
  return reftype(r, ref) == IRT_INT ? emit(r, IR_ITOF, IRT_NUM, ref, 0) : ref;
}

/* Arithmetic: the Lua opcode's integer and float IR ops (IR_NOP: none). */
static void arith(Rec *r, int a, IRRef x, IRRef y, const TValue *vx, const TValue *vy, IROp iop,
                  IROp fop) {
  IRType tx = reftype(r, x), ty = reftype(r, y);
  IRRef res;
  if (!ttisnumber(vx) || !ttisnumber(vy)) { r->abort = JA_NYI_TYPE; return; }
  if (tx == IRT_INT && ty == IRT_INT && iop != IR_NOP) {
    if (iop == IR_IDIV || iop == IR_MOD) { /* the divisor must stay nonzero */
      if (ivalue(vy) == 0) { r->abort = JA_NYI_TYPE; return; }
      emit(r, IR_NE, IRT_VOID, y, ir_kint(&r->J->ir, 0));
    }
    res = emit(r, iop, IRT_INT, x, y);
  } else if (fop != IR_NOP) {
    res = emit(r, fop, IRT_NUM, tonum(r, x), tonum(r, y));
  } else {
    r->abort = JA_NYI_TYPE;
    return;
  }
  setslot(r->J, a, res);
}

/* Comparison guard for the direction the interpreter will take. */
static void compare(Rec *r, IRRef x, IRRef y, const TValue *vx, const TValue *vy, int opcode) {
  int isint = ttisinteger(vx) && ttisinteger(vy);
  int cond;
  IROp op;
  if (opcode == OP_EQ || opcode == OP_EQK || opcode == OP_EQI) {
    if (!ttisnumber(vx) || !ttisnumber(vy)) { r->abort = JA_NYI_TYPE; return; }
    if (isint) {
      cond = ivalue(vx) == ivalue(vy);
      op = cond ? IR_EQ : IR_NE;
    } else {
      x = tonum(r, x);
      y = tonum(r, y);
      cond = (ttisinteger(vx) ? (vm_Number)ivalue(vx) : fltvalue(vx)) ==
             (ttisinteger(vy) ? (vm_Number)ivalue(vy) : fltvalue(vy));
      op = cond ? IR_FEQ : IR_FNE;
    }
  } else {
    int lt = (opcode == OP_LT || opcode == OP_LTI || opcode == OP_GTI);
    TValue fx, fy;
    if (!ttisnumber(vx) || !ttisnumber(vy)) { r->abort = JA_NYI_TYPE; return; }
    if (ttisinteger(vx) != ttisinteger(vy)) {
      /* Lua orders an integer and a float exactly: converting is exact
      ** only for a constant integer of at most 53 bits; else NYI */
      IRRef iref = ttisinteger(vx) ? x : y;
      vm_Integer iv = ttisinteger(vx) ? ivalue(vx) : ivalue(vy);
      if (!ir_isconst(ir_at(&r->J->ir, iref)->op) || iv > (1LL << 53) || iv < -(1LL << 53)) {
        r->abort = JA_NYI_TYPE;
        return;
      }
      if (ttisinteger(vx)) { setfltvalue(&fx, (vm_Number)iv); vx = &fx; x = tonum(r, x); }
      else { setfltvalue(&fy, (vm_Number)iv); vy = &fy; y = tonum(r, y); }
    }
    if (isint) {
      vm_Integer a = ivalue(vx), b = ivalue(vy);
      cond = lt ? a < b : a <= b;
      op = lt ? (cond ? IR_LT : IR_GE) : (cond ? IR_LE : IR_GT);
    } else {
      vm_Number a = fltvalue(vx), b = fltvalue(vy);
      cond = lt ? a < b : a <= b;
      op = lt ? (cond ? IR_FLT : IR_FNLT) : (cond ? IR_FLE : IR_FNLE);
    }
  }
  emit(r, op, IRT_VOID, x, y);
}

/* An operand swapped for GTI/GEI: `x > k` is `k < x`. */
static void compareI(Rec *r, int opcode) {
  Instruction i = r->i;
  int a = GETARG_A(i);
  TValue kv;
  IRRef x = getslot(r->J, r->base, a), y;
  setivalue(&kv, GETARG_sB(i));
  if (ttisfloat(s2v(r->base + a))) setfltvalue(&kv, (vm_Number)GETARG_sB(i));
  y = kvalue(r, &kv);
  if (opcode == OP_GTI || opcode == OP_GEI)
    compare(r, y, x, &kv, s2v(r->base + a), opcode == OP_GTI ? OP_LT : OP_LE);
  else
    compare(r, x, y, s2v(r->base + a), &kv, opcode == OP_LTI ? OP_LT : opcode == OP_LEI ? OP_LE : OP_EQ);
}

/* t[idx] for an integer idx inside the array part. Returns the slot's
** address (AREF) after the bounds guard, or REF_NONE with r->abort set. */
static IRRef arrayref(Rec *r, IRRef t, IRRef idx, const TValue *vt, vm_Integer ik) {
  IRBuf *b = &r->J->ir;
  Table *h = hvalue(vt);
  IRRef asize, arr, i0;
  if (ik < 1 || (vm_Unsigned)(ik - 1) >= h->asize) { r->abort = JA_NYI_TYPE; return REF_NONE; }
  asize = emit(r, IR_FLOAD, IRT_INT, t, IRFL_TAB_ASIZE);
  i0 = emit(r, IR_SUB, IRT_INT, idx, ir_kint(b, 1));
  emit(r, IR_ULT, IRT_VOID, i0, asize);
  arr = emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_ARRAY);
  return emit(r, IR_AREF, IRT_PTR, arr, i0);
}

static void getindex(Rec *r, int a, IRRef t, IRRef idx, const TValue *vt, const TValue *vk) {
  const TValue *v;
  IRRef ref;
  if (!ttistable(vt) || !ttisinteger(vk)) { r->abort = JA_NYI_TYPE; return; }
  ref = arrayref(r, t, idx, vt, ivalue(vk));
  if (ref == REF_NONE) return;
  v = &hvalue(vt)->array[ivalue(vk) - 1];
  if (ttisnil(v)) { r->abort = JA_NYI_NILREAD; return; }
  setslot(r->J, a, emit(r, IR_ALOAD, valtype(v), ref, 0));
}

static void setindex(Rec *r, IRRef t, IRRef idx, IRRef val, const TValue *vt, const TValue *vk) {
  const TValue *old;
  IRRef ref;
  if (!ttistable(vt) || !ttisinteger(vk)) { r->abort = JA_NYI_TYPE; return; }
  ref = arrayref(r, t, idx, vt, ivalue(vk));
  if (ref == REF_NONE) return;
  old = &hvalue(vt)->array[ivalue(vk) - 1];
  /* a present value: no __newindex whatever the metatable */
  if (ttisnil(old)) { r->abort = JA_NYI_NEWKEY; return; }
  emit(r, IR_ALOAD, valtype(old), ref, 0); /* guards that the slot is still not nil */
  emit(r, IR_ASTORE, IRT_VOID, ref, val);
  emit(r, IR_TBAR, IRT_VOID, t, 0);
}

static void getfield(Rec *r, int a, IRRef t, const TValue *vt, const TValue *key) {
  const TValue *v;
  IRRef node;
  if (!ttistable(vt) || !ttisshrstring(key)) { r->abort = JA_NYI_TYPE; return; }
  v = tab_getstr(hvalue(vt), tsvalue(key));
  if (ttisnil(v)) { r->abort = JA_NYI_NILREAD; return; }
  node = emit(r, IR_HREFK, IRT_PTR, t, kvalue(r, key));
  setslot(r->J, a, emit(r, IR_HLOAD, valtype(v), node, 0));
}

static void forloop(Rec *r) {
  Instruction i = r->i;
  int a = GETARG_A(i);
  StkId ra = r->base + a;
  IRBuf *b = &r->J->ir;
  IRRef count, idx, step;
  if (!ttisinteger(s2v(ra + 2))) { r->abort = JA_NYI_TYPE; return; } /* float loops: NYI */
  if (ivalue(s2v(ra + 1)) == 0) { r->abort = JA_LOOP_EXIT; return; }
  count = getslot(r->J, r->base, a + 1);
  idx = getslot(r->J, r->base, a);
  step = getslot(r->J, r->base, a + 2);
  emit(r, IR_NE, IRT_VOID, count, ir_kint(b, 0)); /* the unsigned count > 0 */
  count = emit(r, IR_SUB, IRT_INT, count, ir_kint(b, 1));
  idx = emit(r, IR_ADD, IRT_INT, idx, step);
  setslot(r->J, a + 1, count);
  setslot(r->J, a, idx);
  setslot(r->J, a + 3, idx);
}

static void recordins(Rec *r) {
  JitState *J = r->J;
  Instruction i = r->i;
  int op = GET_OPCODE(i);
  int a = GETARG_A(i);
  StkId base = r->base;
#define RB() getslot(J, base, GETARG_B(i))
#define RC() getslot(J, base, GETARG_C(i))
#define VB() s2v(base + GETARG_B(i))
#define VC() s2v(base + GETARG_C(i))
#define KCv() (&r->k[GETARG_C(i)])
  switch (op) {
    case OP_MOVE: setslot(J, a, RB()); break;
    case OP_LOADI: setslot(J, a, ir_kint(&J->ir, GETARG_sBx(i))); break;
    case OP_LOADF: setslot(J, a, ir_knum(&J->ir, (vm_Number)GETARG_sBx(i))); break;
    case OP_LOADK: setslot(J, a, kvalue(r, &r->k[GETARG_Bx(i)])); break;
    case OP_LOADFALSE: setslot(J, a, ir_kpri(&J->ir, IRT_FALSE)); break;
    case OP_LOADTRUE: setslot(J, a, ir_kpri(&J->ir, IRT_TRUE)); break;
    case OP_ADD: arith(r, a, RB(), RC(), VB(), VC(), IR_ADD, IR_FADD); break;
    case OP_SUB: arith(r, a, RB(), RC(), VB(), VC(), IR_SUB, IR_FSUB); break;
    case OP_MUL: arith(r, a, RB(), RC(), VB(), VC(), IR_MUL, IR_FMUL); break;
    case OP_DIV: arith(r, a, RB(), RC(), VB(), VC(), IR_NOP, IR_FDIV); break;
    case OP_IDIV: arith(r, a, RB(), RC(), VB(), VC(), IR_IDIV, IR_NOP); break;
    case OP_MOD: arith(r, a, RB(), RC(), VB(), VC(), IR_MOD, IR_FMOD); break;
    case OP_POW: arith(r, a, RB(), RC(), VB(), VC(), IR_NOP, IR_FPOW); break;
    case OP_ADDK: arith(r, a, RB(), kvalue(r, KCv()), VB(), KCv(), IR_ADD, IR_FADD); break;
    case OP_SUBK: arith(r, a, RB(), kvalue(r, KCv()), VB(), KCv(), IR_SUB, IR_FSUB); break;
    case OP_MULK: arith(r, a, RB(), kvalue(r, KCv()), VB(), KCv(), IR_MUL, IR_FMUL); break;
    case OP_DIVK: arith(r, a, RB(), kvalue(r, KCv()), VB(), KCv(), IR_NOP, IR_FDIV); break;
    case OP_MODK: arith(r, a, RB(), kvalue(r, KCv()), VB(), KCv(), IR_MOD, IR_FMOD); break;
    case OP_IDIVK: arith(r, a, RB(), kvalue(r, KCv()), VB(), KCv(), IR_IDIV, IR_NOP); break;
    case OP_ADDI: {
      TValue kv;
      setivalue(&kv, GETARG_sC(i));
      arith(r, a, RB(), kvalue(r, &kv), VB(), &kv, IR_ADD, IR_FADD);
      break;
    }
    case OP_UNM: {
      IRRef x = RB();
      if (ttisinteger(VB())) setslot(J, a, emit(r, IR_NEG, IRT_INT, x, 0));
      else if (ttisfloat(VB())) setslot(J, a, emit(r, IR_FNEG, IRT_NUM, x, 0));
      else r->abort = JA_NYI_TYPE;
      break;
    }
    case OP_LT: case OP_LE: case OP_EQ:
      compare(r, getslot(J, base, a), RB(), s2v(base + a), VB(), op);
      break;
    case OP_EQK: {
      const TValue *kv = &r->k[GETARG_B(i)];
      compare(r, getslot(J, base, a), kvalue(r, kv), s2v(base + a), kv, OP_EQ);
      break;
    }
    case OP_LTI: case OP_LEI: case OP_GTI: case OP_GEI: case OP_EQI: compareI(r, op); break;
    case OP_JMP: break; /* within the loop: the recorder follows the interpreter */
    case OP_GETI: {
      TValue kv;
      setivalue(&kv, GETARG_C(i));
      getindex(r, a, RB(), ir_kint(&J->ir, GETARG_C(i)), VB(), &kv);
      break;
    }
    case OP_GETTABLE: getindex(r, a, RB(), RC(), VB(), VC()); break;
    case OP_GETFIELD: getfield(r, a, RB(), VB(), KCv()); break;
    case OP_SETI: {
      TValue kv;
      const TValue *v = GETARG_k(i) ? KCv() : VC();
      IRRef val = GETARG_k(i) ? kvalue(r, v) : RC();
      setivalue(&kv, GETARG_B(i));
      setindex(r, getslot(J, base, a), ir_kint(&J->ir, GETARG_B(i)), val, s2v(base + a), &kv);
      break;
    }
    case OP_SETTABLE: {
      const TValue *v = GETARG_k(i) ? KCv() : VC();
      IRRef val = GETARG_k(i) ? kvalue(r, v) : RC();
      setindex(r, getslot(J, base, a), RB(), val, s2v(base + a), VB());
      break;
    }
    case OP_FORLOOP: forloop(r); break;
    default: r->abort = JA_NYI_BC; break;
  }
#undef RB
#undef RC
#undef VB
#undef VC
#undef KCv
}

/* ----------------------------------------------------------------------
** The trace is complete
** ---------------------------------------------------------------------- */

static void fileout(void *ud, const char *s, size_t len) { fwrite(s, 1, len, (FILE *)ud); }

static void finishtrace(vm_State *S, JitState *J) {
  char src[VM_IDSIZE];
  int line = pcline(J->pt, J->startpc);
  J->ntraces++;
  ir_append(&J->ir, IR_LOOP, IRT_VOID, 0, 0);
  if (J->dump || J->verbose) srcname(J->pt, src);
  if (J->dump) {
    fprintf(J->out, "---- TRACE %llu IR %s:%d\n", (unsigned long long)J->ntraces, src, line);
    ir_dump(&J->ir, fileout, J->out);
  }
  if (J->verbose)
    fprintf(J->out, "[TRACE %llu %s:%d loop, %u IR instructions, %u snapshots]\n",
            (unsigned long long)J->ntraces, src, line, (unsigned)(J->ir.n - REF_FIRST),
            (unsigned)J->ir.nsnap);
  /* No backend yet: the loop goes on in the interpreter. Back off so that
  ** the same loop is not recorded again and again meanwhile. */
  J->aborts[JA_NO_BACKEND]++;
  penalize(J, J->startpc)->backoff = JIT_MAXBACKOFF;
  resetcount(J, J->startpc);
  stoprecording(S, J);
}

int jit_record(vm_State *S, CallInfo *ci, const Instruction *pc) {
  JitState *J = G(S)->jit;
  Rec r;
  if (J == NULL || !J->recording) return 0;
  if (S != J->thread || ci != J->ci) return jitabort(S, J, JA_LEFT_FRAME, NULL);
  if (S->hookmask) return jitabort(S, J, JA_HOOK, pc);
  if (J->ir.n > JIT_MAXINS) return jitabort(S, J, JA_TOO_LONG, pc);
  r.J = J;
  r.base = ci->func + 1;
  r.k = ci_func(ci)->p->k;
  r.i = *pc;
  r.abort = JA__MAX;
  if (!snapshot(J, pc)) return jitabort(S, J, JA_NOMEM, pc);
  recordins(&r);
  if (r.abort != JA__MAX) return jitabort(S, J, r.abort, pc);
  if (J->opt.guardfails) return jitabort(S, J, JA_GUARD_FAILS, pc);
  if (J->ir.oom) return jitabort(S, J, JA_NOMEM, pc);
  if (pc == J->startpc) { /* the loop instruction: the loop closes */
    finishtrace(S, J);
    return 0;
  }
  return 1;
}

void jit_cancel(vm_State *S) {
  JitState *J = G(S)->jit;
  J->ci = NULL; /* its frame is being unwound: leave it alone */
  jitabort(S, J, JA_ERROR, NULL);
}

void jit_setparam(vm_State *S, const char *name, int value) {
  JitState *J = jit_state(S);
  if (J == NULL) return;
  if (strcmp(name, "hotloop") == 0 && value > 0) sethotloop(J, value);
}
