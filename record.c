/*
** record.c — the recorder: each bytecode of the hot loop is turned into
** IR as it runs (rec_instruction, called by jit.c's jit_record),
** specialised to the types and values it sees, with a guard for every
** assumption. Frame slots are tracked in J->slot: a slot read for the
** first time becomes an SLOAD (which guards the slot's type); a write
** only updates the map, so values stay in SSA form, and each guard's
** snapshot (snap.c) lists the slots written since the trace began, which
** is what an exit must store back before the interpreter resumes at the
** guarded instruction.
**
** What is recorded so far: numeric `for` (integers, floats), `while` and
** `repeat` loops, generic `for` over ipairs; moves and constants; integer
** and float arithmetic with Lua 5.4's semantics (mixed operands convert to
** float), bitwise operators; comparisons and the branches they take, truth
** tests; array reads and writes, appends and new keys; constant-key
** fields, globals and upvalues, read and written; new tables; `#`;
** concatenation; calls of Lua functions, inlined (the callee's frame is
** recorded in the same trace; snapshots list the frames, so an exit
** rebuilds them: J->frame, IRBuf.frames) and of a few library functions
** (JIT_BUILTINS in jit.h, and ir.h's IRFPMS) as IR or as calls (rec_ccode);
** sequences of table tests decided without branches (rec_testseq).
** Everything else aborts with a reason (jit.h, JIT_ABORTS).
*/
#include "jitpriv.h"

/* ----------------------------------------------------------------------
** Recording bytecodes
** ---------------------------------------------------------------------- */

typedef struct Rec {
  JitState *J;
  const Instruction *pc;
  StkId base;
  const TValue *k;
  Instruction i;
  JitAbort abort; /* set when the instruction cannot be recorded */
} Rec;

#define emit(r, op, t, a, b) opt_emit(&(r)->J->opt, (op), (t), (a), (b))

static IRRef rec_kvalue(Rec *r, const TValue *v) {
  IRBuf *b = &r->J->ir;
  switch (rawtt(v)) {
    case T_INT: return ir_kint(b, ivalue(v));
    case T_FLT: return ir_knum(b, fltvalue(v));
    case T_NIL: case T_FALSE: case T_TRUE: return ir_kpri(b, (IRType)rawtt(v));
    case T_SHRSTR: case T_LNGSTR: return ir_kgc(b, val_(v).gc, (IRType)rawtt(v));
    default: r->abort = JA_NYI_TYPE; return REF_NONE;
  }
}

static IRType rec_reftype(Rec *r, IRRef ref) { return (IRType)ir_at(&r->J->ir, ref)->type; }

static IRRef rec_tonum(Rec *r, IRRef ref) {
  return rec_reftype(r, ref) == IRT_INT ? emit(r, IR_ITOF, IRT_NUM, ref, 0) : ref;
}

/* Arithmetic: the Lua opcode's integer and float IR ops (IR_NOP: none). */
static void rec_arithmm(Rec *r, int a, IRRef x, IRRef y, const TValue *vx, const TValue *vy);
static void rec_inlineframe(Rec *r, int a, int nargs, int nres, Proto *p, uint32_t retpc, int kind);
static int rec_framemoved(const JitFrame *f);

static void rec_arith(Rec *r, int a, IRRef x, IRRef y, const TValue *vx, const TValue *vy, IROp iop,
                  IROp fop) {
  IRType tx = rec_reftype(r, x), ty = rec_reftype(r, y);
  IRRef res;
  if ((ttistable(vx) || ttistable(vy)) && !ttisstring(vx) && !ttisstring(vy)) {
    rec_arithmm(r, a, x, y, vx, vy);
    return;
  }
  if (!ttisnumber(vx) || !ttisnumber(vy)) { r->abort = JA_NYI_TYPE; return; }
  if (tx == IRT_INT && ty == IRT_INT && iop != IR_NOP) {
    if (iop == IR_IDIV || iop == IR_MOD) { /* the divisor must stay nonzero */
      if (ivalue(vy) == 0) { r->abort = JA_NYI_TYPE; return; }
      emit(r, IR_NE, IRT_VOID, y, ir_kint(&r->J->ir, 0));
    }
    res = emit(r, iop, IRT_INT, x, y);
  } else if (fop != IR_NOP) {
    res = emit(r, fop, IRT_NUM, rec_tonum(r, x), rec_tonum(r, y));
  } else {
    r->abort = JA_NYI_TYPE;
    return;
  }
  setslot(r->J, a, res);
}

/* Guards that table t has no metatable (then no access consults one). A
** table the trace made has none, unless C code ran since (CALLC, CAT:
** setmetatable, or a metamethod that calls it). */
static void rec_nometa(Rec *r, IRRef t) {
  const IRBuf *b = &r->J->ir;
  IRRef meta, x;
  if (b->ins[t].op == IR_TNEW) {
    for (x = t + 1; x < b->n && b->ins[x].op != IR_CALLC && b->ins[x].op != IR_CAT && b->ins[x].op != IR_CALLL; x++) {}
    if (x == b->n) return;
  }
  meta = emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_META);
  emit(r, IR_EQ, IRT_VOID, meta, ir_kptr(&r->J->ir, NULL));
}

/* Guards that table t (vt when recorded) has no metamethod for event e:
** no metatable, or one without it (loaded: it may change). 0 when it
** has one. */
static int rec_nomm(Rec *r, IRRef t, const TValue *vt, TMS e) {
  Table *mt = hvalue(vt)->metatable;
  TString *name = G(r->J->thread)->tmname[e];
  TValue vname;
  IRRef m;
  if (mt == NULL) {
    rec_nometa(r, t);
    return 1;
  }
  if (!ttisnil(tab_getstr(mt, name))) return 0;
  setsvalue(r->J->thread, &vname, name);
  m = emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_META);
  emit(r, IR_NE, IRT_VOID, m, ir_kptr(&r->J->ir, NULL));
  emit(r, IR_EQ, IRT_VOID, emit(r, IR_TGETS, IRT_INT, m, rec_kvalue(r, &vname)), ir_kint(&r->J->ir, 0));
  return 1;
}

static void rec_comparemm(Rec *r, IRRef x, IRRef y, const TValue *vx, const TValue *vy, TMS e);

/* Comparison guard for the direction the interpreter will take. */
static void rec_compare(Rec *r, IRRef x, IRRef y, const TValue *vx, const TValue *vy, int opcode) {
  int eq = opcode == OP_EQ || opcode == OP_EQK || opcode == OP_EQI;
  int lt = opcode == OP_LT || opcode == OP_LTI || opcode == OP_GTI;
  int cond;
  IROp op;
  TValue fx, fy;
  if (eq && (!ttisnumber(vx) || !ttisnumber(vy))) {
    /* the operands' types are guarded already: different types are
    ** never equal, nil and booleans of one type always; short strings
    ** are equal when they are the same object, and so are any two
    ** objects (then no __eq runs) */
    if (rawtt(vx) != rawtt(vy) || rawtt(vx) <= T_TRUE) return;
    if (ttisshrstring(vx) || val_(vx).gc == val_(vy).gc) {
      emit(r, val_(vx).gc == val_(vy).gc ? IR_EQ : IR_NE, IRT_VOID, x, y);
      return;
    }
    if (ttisstring(vx)) { /* two long strings: their bytes */
      int same = str_eqlngstr(tsvalue(vx), tsvalue(vy));
      emit(r, same ? IR_NE : IR_EQ, IRT_VOID, emit(r, IR_STREQ, IRT_INT, x, y), ir_kint(&r->J->ir, 0));
      return;
    }
    if (ttistable(vx) && rec_nomm(r, x, vx, TM_EQ) && rec_nomm(r, y, vy, TM_EQ)) {
      /* two tables without __eq: never equal */
      emit(r, IR_NE, IRT_VOID, x, y);
      return;
    }
    if (ttistable(vx) && opcode == OP_EQ) { /* two tables, one with __eq */
      emit(r, IR_NE, IRT_VOID, x, y); /* (the same one: equal, no call) */
      rec_comparemm(r, x, y, vx, vy, TM_EQ);
      return;
    }
    r->abort = JA_NYI_META;
    return;
  }
  if ((opcode == OP_LT || opcode == OP_LE) && (ttistable(vx) || ttistable(vy)) &&
      (ttistable(vx) || ttisnumber(vx)) && (ttistable(vy) || ttisnumber(vy))) {
    rec_comparemm(r, x, y, vx, vy, opcode == OP_LT ? TM_LT : TM_LE);
    return;
  }
  if (ttisstring(vx) && ttisstring(vy)) { /* < and <= of strings: their order */
    int v = interp_strcmp(tsvalue(vx), tsvalue(vy));
    cond = lt ? v < 0 : v <= 0;
    op = lt ? (cond ? IR_LT : IR_GE) : (cond ? IR_LE : IR_GT);
    emit(r, op, IRT_VOID, emit(r, IR_STRCMP, IRT_INT, x, y), ir_kint(&r->J->ir, 0));
    return;
  }
  if (!ttisnumber(vx) || !ttisnumber(vy)) { r->abort = JA_NYI_TYPE; return; }
  if (ttisinteger(vx) != ttisinteger(vy)) {
    /* Lua compares an integer and a float exactly: converting is exact
    ** for an integer of at most 53 bits, guarded to be (a constant is) */
    IRRef iref = ttisinteger(vx) ? x : y;
    vm_Integer iv = ttisinteger(vx) ? ivalue(vx) : ivalue(vy);
    if (iv > (1LL << 53) || iv < -(1LL << 53)) {
      r->abort = JA_NYI_TYPE;
      return;
    }
    if (!ir_isconst(ir_at(&r->J->ir, iref)->op)) {
      emit(r, IR_GE, IRT_VOID, iref, ir_kint(&r->J->ir, -(1LL << 53)));
      emit(r, IR_LE, IRT_VOID, iref, ir_kint(&r->J->ir, 1LL << 53));
    }
    if (ttisinteger(vx)) { setfltvalue(&fx, (vm_Number)iv); vx = &fx; x = rec_tonum(r, x); }
    else { setfltvalue(&fy, (vm_Number)iv); vy = &fy; y = rec_tonum(r, y); }
  }
  if (ttisinteger(vx)) {
    vm_Integer a = ivalue(vx), b = ivalue(vy);
    cond = eq ? a == b : lt ? a < b : a <= b;
    op = eq ? (cond ? IR_EQ : IR_NE) : lt ? (cond ? IR_LT : IR_GE) : (cond ? IR_LE : IR_GT);
  } else {
    vm_Number a = fltvalue(vx), b = fltvalue(vy);
    cond = eq ? a == b : lt ? a < b : a <= b;
    op = eq ? (cond ? IR_FEQ : IR_FNE) : lt ? (cond ? IR_FLT : IR_FNLT) : (cond ? IR_FLE : IR_FNLE);
  }
  emit(r, op, IRT_VOID, x, y);
}

/* An operand swapped for GTI/GEI: `x > k` is `k < x`. */
static void rec_compareI(Rec *r, int opcode) {
  Instruction i = r->i;
  int a = GETARG_A(i);
  TValue kv;
  IRRef x = getslot(r->J, r->base, a), y;
  setivalue(&kv, GETARG_sB(i));
  if (ttisfloat(s2v(r->base + a))) setfltvalue(&kv, (vm_Number)GETARG_sB(i));
  y = rec_kvalue(r, &kv);
  if (opcode == OP_GTI || opcode == OP_GEI)
    rec_compare(r, y, x, &kv, s2v(r->base + a), opcode == OP_GTI ? OP_LT : OP_LE);
  else
    rec_compare(r, x, y, s2v(r->base + a), &kv, opcode == OP_LTI ? OP_LT : opcode == OP_LEI ? OP_LE : OP_EQ);
}

/* t[idx] for a table t and an integer idx inside its array part (vt and
** vk their values now). Returns the slot's address (AREF) after the
** bounds guard, and sets *now to the slot as it is; or REF_NONE with
** r->abort set. */
static IRRef rec_arrayref(Rec *r, IRRef t, IRRef idx, const TValue *vt, const TValue *vk,
                      const TValue **now) {
  IRBuf *b = &r->J->ir;
  Table *h;
  vm_Integer ik;
  IRRef asize, arr, i0, g;
  if (!ttistable(vt) || !ttisinteger(vk)) { r->abort = JA_NYI_TYPE; return REF_NONE; }
  h = hvalue(vt);
  ik = ivalue(vk);
  if (ik < 1 || (vm_Unsigned)(ik - 1) >= h->asize) { r->abort = JA_NYI_TYPE; return REF_NONE; }
  *now = &h->array[ik - 1];
  asize = emit(r, IR_FLOAD, IRT_INT, t, IRFL_TAB_ASIZE);
  i0 = emit(r, IR_SUB, IRT_INT, idx, ir_kint(b, 1));
  g = emit(r, IR_ULT, IRT_VOID, i0, asize);
  /* the length hint moves where the interpreter's lookup would move it,
  ** for tables whose hint is below the array's size when recorded (a
  ** table with holes, or # taken of a partly filled one). Not for the
  ** others: a hint kept in step costs a load and a test per access, half
  ** as much again on array loops (matrix_mul 1.6x). A table of the one
  ** kind met by a trace made with the other may then find another of its
  ** borders than lua5.4 (any border is one: the manual's #). */
  if (h->alimit < h->asize) emit(r, IR_AHINT, IRT_VOID, t, i0);
  if (g != REF_NONE && r->J->parent == NULL && r->J->depth == 0 && r->J->nabc < JIT_MAXABC) {
    r->J->abc[r->J->nabc].guard = g;
    r->J->abc[r->J->nabc].covered = 0;
    r->J->abc[r->J->nabc].nleaf = 0;
    r->J->abc[r->J->nabc].index = ik - 1;
    r->J->abc[r->J->nabc++].asize = h->asize;
  }
  arr = emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_ARRAY);
  return emit(r, IR_AREF, IRT_PTR, arr, i0);
}

/* A nil read from table t (vt when recorded) without __index to
** consult: no metatable (guarded); else 0, and the trace aborts */
static int rec_nilread(Rec *r, IRRef t, const TValue *vt) {
  if (!rec_nomm(r, t, vt, TM_INDEX)) {
    r->abort = JA_NYI_NILREAD;
    return 0;
  }
  return 1;
}

/* Keys HREF and TSLOT take: integers and collectable values */
static int rec_hashkey(const TValue *k) { return ttisinteger(k) || iscollectable(k); }

static void rec_indexchain(Rec *r, int a, IRRef t, IRRef key, const TValue *vt, const TValue *vk);

/* Whether table vt has a metatable with an __index */
static int rec_hasindex(Rec *r, const TValue *vt) {
  Table *mt = hvalue(vt)->metatable;
  const TValue *idx = mt != NULL ? tab_getstr(mt, G(r->J->thread)->tmname[TM_INDEX]) : NULL;
  return idx != NULL && !ttisnil(idx);
}

/* t[k] for a key the array part does not hold, or not an integer: the
** value's address in the table (HREF, a lookup), read with its type
** guarded. An absent key's nil: a table without a metatable (guarded), or
** the __index tables' (rec_indexchain). */
static void rec_gethashed(Rec *r, int a, IRRef t, IRRef key, const TValue *vt, const TValue *vk) {
  const TValue *v;
  IRRef ref;
  if (!ttistable(vt) || !rec_hashkey(vk)) { r->abort = JA_NYI_TYPE; return; }
  v = tab_get(hvalue(vt), vk);
  ref = emit(r, IR_HREF, IRT_PTR, t, key);
  if (ttisnil(v) && rec_hasindex(r, vt)) { /* absent here: along the __index tables */
    emit(r, IR_ALOAD, IRT_NIL, ref, 0);
    rec_indexchain(r, a, t, key, vt, vk);
    return;
  }
  if (ttisnil(v) && !rec_nilread(r, t, vt)) return;
  setslot(r->J, a, emit(r, IR_ALOAD, valtype(v), ref, 0));
}

/* Whether t[k] is in t's array part */
static int rec_inarray(const TValue *vt, const TValue *vk) {
  return ttistable(vt) && ttisinteger(vk) && (vm_Unsigned)ivalue(vk) - 1u < hvalue(vt)->asize;
}

static void rec_getindex(Rec *r, int a, IRRef t, IRRef idx, const TValue *vt, const TValue *vk) {
  const TValue *v;
  IRRef ref;
  if (!rec_inarray(vt, vk)) {
    rec_gethashed(r, a, t, idx, vt, vk);
    return;
  }
  ref = rec_arrayref(r, t, idx, vt, vk, &v);
  if (ref == REF_NONE) return;
  if (ttisnil(v) && rec_hasindex(r, vt)) { /* absent here: along the __index tables */
    emit(r, IR_ALOAD, IRT_NIL, ref, 0);
    rec_indexchain(r, a, t, idx, vt, vk);
    return;
  }
  if (ttisnil(v) && !rec_nilread(r, t, vt)) return;
  setslot(r->J, a, emit(r, IR_ALOAD, valtype(v), ref, 0));
}

static int rec_iscollectabletype(IRType t) { return t >= IRT_SHRSTR && t <= IRT_THREAD; }

/* Whether the trace may allocate: not while an allocation sampler is on
** (its hook looks at the interpreter's frames, which a trace does not
** keep up to date; vm_setallocsampler drops the traces) */
static int rec_canalloc(Rec *r) {
  if (G(r->J->thread)->sample_hook == NULL) return 1;
  r->abort = JA_SAMPLED;
  return 0;
}

/* t[key] = val for a key that is not in the array part of t (a table
** without a metatable, so no __newindex): TSLOT finds the key or inserts
** it as the interpreter would, and the value is stored there. Storing nil
** is NYI (it would insert nothing). */
static void rec_newslot(Rec *r, IRRef t, IRRef key, IRRef val, const TValue *vt) {
  IRRef slot;
  if (!ttistable(vt)) { r->abort = JA_NYI_TYPE; return; }
  if (rec_reftype(r, val) == IRT_NIL) { r->abort = JA_NYI_NEWKEY; return; }
  if (!rec_canalloc(r)) return;
  if (!rec_nomm(r, t, vt, TM_NEWINDEX)) { r->abort = JA_NYI_NEWKEY; return; }
  slot = emit(r, IR_TSLOT, IRT_PTR, t, key);
  emit(r, IR_ASTORE, IRT_VOID, slot, val);
  if (rec_iscollectabletype(rec_reftype(r, val))) emit(r, IR_TBAR, IRT_VOID, t, val);
}

/* t[key] = nil for a key that is not in the array part of t: where the
** key has a value, the lookup (HREF) is guarded to find one of its type
** and nil is stored there; where it has none, the store does nothing
** (no __newindex: guarded) and the lookup is guarded to find none. Never
** an insertion: a dead key would take a free node, and the table would
** be rehashed sooner than the interpreter's, in another order for next. */
static void rec_nilstore(Rec *r, IRRef t, IRRef key, const TValue *vt, const TValue *vk) {
  const TValue *v;
  IRRef slot;
  if (!ttistable(vt) || !rec_hashkey(vk)) { r->abort = JA_NYI_TYPE; return; }
  v = tab_get(hvalue(vt), vk);
  if (ttisnil(v) && !rec_nomm(r, t, vt, TM_NEWINDEX)) { r->abort = JA_NYI_NEWKEY; return; }
  slot = emit(r, IR_HREF, IRT_PTR, t, key);
  emit(r, IR_ALOAD, valtype(v), slot, 0);
  if (!ttisnil(v)) emit(r, IR_ASTORE, IRT_VOID, slot, ir_kpri(&r->J->ir, IRT_NIL));
}

/* Whether a store to t[k] (vt, vk) appends to a full array part, which
** then grows: a loop filling a table does that in few iterations (the
** part doubles), and a root trace had better record one of the others,
** an array store; so it aborts and tries again after the backoff, twice,
** before it records this one. */
static int rec_growsnow(Rec *r, const TValue *vt, const TValue *vk) {
  JitPenalty *p;
  if (r->J->parent != NULL || !ttisinteger(vk) || (vm_Unsigned)ivalue(vk) != (vm_Unsigned)hvalue(vt)->asize + 1)
    return 0;
  p = jit_findpenalty(r->J, r->J->startpc);
  return p == NULL || p->backoff < 2;
}

static void rec_setindex(Rec *r, IRRef t, IRRef idx, IRRef val, const TValue *vt, const TValue *vk) {
  const TValue *old;
  IRRef ref;
  if (ttistable(vt) && rec_hashkey(vk) && !rec_inarray(vt, vk)) {
    if (rec_reftype(r, val) == IRT_NIL) {
      rec_nilstore(r, t, idx, vt, vk);
      return;
    }
    if (rec_growsnow(r, vt, vk)) { r->abort = JA_GROWS; return; }
    rec_newslot(r, t, idx, val, vt); /* appends, keys in the hash part */
    return;
  }
  ref = rec_arrayref(r, t, idx, vt, vk, &old);
  if (ref == REF_NONE) return;
  /* no __newindex: the table has no metatable (a guard the loop runs
  ** once), or the value is present, or the metatable has none */
  if (hvalue(vt)->metatable == NULL) rec_nometa(r, t);
  else if (!ttisnil(old)) emit(r, IR_ALOAD, valtype(old), ref, 0); /* guards that it is still not nil */
  else if (!rec_nomm(r, t, vt, TM_NEWINDEX)) { r->abort = JA_NYI_NEWKEY; return; }
  emit(r, IR_ASTORE, IRT_VOID, ref, val);
  if (rec_iscollectabletype(rec_reftype(r, val))) emit(r, IR_TBAR, IRT_VOID, t, val);
}

/* Whether a guard already says that the hash part whose log2 size lsz
** loads is at least 2^k nodes */
static int rec_sizeknown(const IRBuf *b, IRRef lsz, int64_t k) {
  IRRef x;
  for (x = b->oplist[IR_UGE]; x != REF_NONE; x = b->ins[x].prev)
    if (b->ins[x].op1 == lsz && b->ins[b->ins[x].op2].op == IR_KINT && b->ins[b->ins[x].op2].k.i >= k)
      return 1;
  return 0;
}

/* The node of constant key `key` in table t, whose value v is now in the
** hash part: HREFK of t's node array, which holds where the key is now
** (IRIns.k.i) for the backend to check first, after a guard that the
** hash part still has that node (unless an earlier one said so). The
** array is loaded once for all the keys of t, until t may grow or shrink
** (an allocation: the optimizer's load barrier). */
static IRRef rec_hrefk(Rec *r, IRRef t, const TValue *vt, const TValue *key, const TValue *v) {
  IRBuf *b = &r->J->ir;
  const Table *h = hvalue(vt);
  int64_t slot = (int64_t)((const Node *)(const void *)v - h->node), lsize = 0;
  IRRef nodes, node, lsz;
  while (((int64_t)1 << lsize) <= slot) lsize++;
  if (lsize > 0) {
    lsz = emit(r, IR_FLOAD, IRT_INT, t, IRFL_TAB_LSIZENODE);
    if (!rec_sizeknown(b, lsz, lsize)) emit(r, IR_UGE, IRT_VOID, lsz, ir_kint(b, lsize));
  }
  nodes = emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_NODE);
  node = emit(r, IR_HREFK, IRT_PTR, nodes, rec_kvalue(r, key));
  if (node == b->n - 1) ir_at(b, node)->k.i = slot; /* (new, not CSE'd) */
  return node;
}

/* The node of constant string key `key` in table t (vt its value now),
** present with the value *now; or REF_NONE with r->abort set (`absent`
** when the key is not there). */
static IRRef rec_fieldref(Rec *r, IRRef t, const TValue *vt, const TValue *key, JitAbort absent,
                      const TValue **now) {
  if (!ttistable(vt) || !ttisshrstring(key)) { r->abort = JA_NYI_TYPE; return REF_NONE; }
  *now = tab_getstr(hvalue(vt), tsvalue(key));
  if (ttisnil(*now)) { r->abort = absent; return REF_NONE; }
  return rec_hrefk(r, t, vt, key, *now);
}

#define JIT_MAXINDEX 4 /* __index tables followed for one field */

/* The __index table of metatable m (mt when recorded; idx its __index
** there, a table), loaded through m as the interpreter does: m guarded
** not NULL, the key there, the value a table */
static IRRef rec_metaindex(Rec *r, IRRef m, Table *mt, const TValue *idx) {
  vm_State *S = r->J->thread;
  TValue vmt, vname;
  sethvalue(S, &vmt, mt);
  setsvalue(S, &vname, G(S)->tmname[TM_INDEX]);
  emit(r, IR_NE, IRT_VOID, m, ir_kptr(&r->J->ir, NULL));
  return emit(r, IR_HLOAD, IRT_TAB, rec_hrefk(r, m, &vmt, &vname, idx), 0);
}

/* Table t's (vt's) metamethod for event e, guarded (its metatable's
** field, loaded: it may change; or its absence): *tm its value now, NULL
** when t has none. Numbers have none. */
static IRRef rec_mmget(Rec *r, IRRef t, const TValue *vt, TMS e, const TValue **tm) {
  vm_State *S = r->J->thread;
  Table *mt;
  const TValue *v;
  TValue vmt, vname;
  IRRef m;
  *tm = NULL;
  if (ttisnumber(vt)) return REF_NONE;
  mt = hvalue(vt)->metatable;
  v = mt != NULL ? tab_getstr(mt, G(S)->tmname[e]) : NULL;
  if (v == NULL || ttisnil(v)) {
    rec_nomm(r, t, vt, e);
    return REF_NONE;
  }
  sethvalue(S, &vmt, mt);
  setsvalue(S, &vname, G(S)->tmname[e]);
  m = emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_META);
  emit(r, IR_NE, IRT_VOID, m, ir_kptr(&r->J->ir, NULL));
  *tm = v;
  return emit(r, IR_HLOAD, valtype(v), rec_hrefk(r, m, &vmt, &vname, v), 0);
}

/* The call of p1's metamethod for event e, else p2's, written in Lua,
** inlined as the interpreter makes it (meta.c tm_callTMres: the function
** and the operands r1, r2 above the frame's registers, one result);
** finish: JitFrame.finish */
static void rec_mmcall(Rec *r, IRRef r1, IRRef r2, const TValue *p1, const TValue *p2, TMS e, int finish) {
  JitState *J = r->J;
  int top = J->frame[J->depth].pt->maxstacksize;
  const TValue *tm;
  IRRef fn = rec_mmget(r, r1, p1, e, &tm);
  if (tm == NULL) fn = rec_mmget(r, r2, p2, e, &tm);
  if (tm == NULL || !ttisLclosure(tm)) { r->abort = JA_NYI_META; return; }
  setslot(J, top, fn);
  setslot(J, top + 1, r1);
  setslot(J, top + 2, r2);
  rec_inlineframe(r, top, 2, 1, clLvalue(tm)->p, (uint32_t)(r->pc + 1 - J->frame[J->depth].pt->code), 2);
  if (r->abort == JA_OK) J->frame[J->depth].finish = finish;
}

/* The metamethod event of an arithmetic instruction, and whether its
** operands go to it flipped (a constant first: k of the K and I forms) */
static TMS rec_arithtm(Instruction i, int *flip) {
  static const struct { uint8_t op, tm, k; } map[] = {
    {OP_ADD, TM_ADD, 0}, {OP_SUB, TM_SUB, 0}, {OP_MUL, TM_MUL, 0}, {OP_DIV, TM_DIV, 0},
    {OP_MOD, TM_MOD, 0}, {OP_POW, TM_POW, 0}, {OP_IDIV, TM_IDIV, 0},
    {OP_ADDK, TM_ADD, 1}, {OP_SUBK, TM_SUB, 1}, {OP_MULK, TM_MUL, 1}, {OP_DIVK, TM_DIV, 1},
    {OP_MODK, TM_MOD, 1}, {OP_POWK, TM_POW, 1}, {OP_IDIVK, TM_IDIV, 1}, {OP_ADDI, TM_ADD, 1},
  };
  size_t k;
  for (k = 0; k < sizeof map / sizeof map[0]; k++)
    if (map[k].op == GET_OPCODE(i)) {
      *flip = map[k].k && GETARG_k(i);
      return (TMS)map[k].tm;
    }
  return TM_N;
}

/* Arithmetic on a table through its metamethod written in Lua (the first
** operand's, else the second's; rec_mmcall): the result goes to slot a
** of the frame when the call returns (JitFrame.finish) */
static void rec_arithmm(Rec *r, int a, IRRef x, IRRef y, const TValue *vx, const TValue *vy) {
  int flip;
  TMS e = rec_arithtm(r->i, &flip);
  const TValue *p1 = flip ? vy : vx, *p2 = flip ? vx : vy;
  IRRef r1 = flip ? y : x, r2 = flip ? x : y;
  if (e == TM_N || !(ttistable(p1) || ttisnumber(p1)) || !(ttistable(p2) || ttisnumber(p2))) {
    r->abort = JA_NYI_TYPE;
    return;
  }
  rec_mmcall(r, r1, r2, p1, p2, e, framebase(r->J) + a);
}

/* A comparison through a metamethod written in Lua (__eq, __lt, __le),
** the first operand's or the second's (rec_mmcall): when its frame returns, the interpreter takes the
** jump the result says, which the recording follows (the result's truth
** is fixed along the trace: its type is guarded); an exit inside it
** finishes the comparison in the interpreter (JitFrame.finish -2) */
static void rec_comparemm(Rec *r, IRRef x, IRRef y, const TValue *vx, const TValue *vy, TMS e) {
  rec_mmcall(r, x, y, vx, vy, e, -2);
}

/* Guards that reading an absent key of table t (vt when recorded) runs
** no Lua code: t's __index, if any, is a table, and so on along their
** metatables (as classes are). 0 when a function comes. */
static int rec_tableindex(Rec *r, IRRef t, const TValue *vt) {
  Global *g = G(r->J->thread);
  int depth;
  for (depth = 0; depth < JIT_MAXINDEX; depth++) {
    Table *mt = hvalue(vt)->metatable;
    const TValue *idx = mt != NULL ? tab_getstr(mt, g->tmname[TM_INDEX]) : NULL;
    if (idx == NULL || ttisnil(idx)) return rec_nomm(r, t, vt, TM_INDEX);
    if (!ttistable(idx)) return 0;
    t = rec_metaindex(r, emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_META), mt, idx);
    vt = idx;
  }
  return 0;
}

/* t.key where t (a table) has no value at key: nil, or the value of the
** first __index table along t's metatables that has one, each step
** guarded as the interpreter goes: the key still absent (TGETS), a
** metatable there (loaded: it may change), its __index a table. Classes
** (methods in the metatable's __index) are this. */
static IRRef rec_indexget(Rec *r, IRRef t, const TValue *vt, const TValue *key) {
  JitState *J = r->J;
  Global *g = G(J->thread);
  int depth;
  for (depth = 0; depth < JIT_MAXINDEX; depth++) {
    Table *mt = hvalue(vt)->metatable;
    const TValue *idx, *v;
    emit(r, IR_EQ, IRT_VOID, emit(r, IR_TGETS, IRT_INT, t, rec_kvalue(r, key)), ir_kint(&J->ir, 0));
    idx = mt != NULL ? tab_getstr(mt, g->tmname[TM_INDEX]) : NULL;
    if (idx == NULL || ttisnil(idx)) { /* absent, no __index: nil */
      if (!rec_nomm(r, t, vt, TM_INDEX)) break;
      return ir_kpri(&J->ir, IRT_NIL);
    }
    if (!ttistable(idx)) { r->abort = JA_NYI_META; return REF_NONE; }
    t = rec_metaindex(r, emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_META), mt, idx);
    vt = idx;
    v = tab_getstr(hvalue(vt), tsvalue(key));
    if (!ttisnil(v)) return emit(r, IR_HLOAD, valtype(v), rec_hrefk(r, t, vt, key, v), 0);
  }
  r->abort = JA_NYI_NILREAD;
  return REF_NONE;
}

/* t[key] (any key) where t, with a metatable, has no value at key (its
** absence guarded): the value of the first __index table along its
** metatables that has one, or nil; each step guarded as in
** rec_indexget. A Peg's self[0] on an empty stack, say. */
static void rec_indexchain(Rec *r, int a, IRRef t, IRRef key, const TValue *vt, const TValue *vk) {
  JitState *J = r->J;
  Global *g = G(J->thread);
  int depth;
  for (depth = 0; depth < JIT_MAXINDEX; depth++) {
    Table *mt = hvalue(vt)->metatable;
    const TValue *idx = mt != NULL ? tab_getstr(mt, g->tmname[TM_INDEX]) : NULL, *v;
    IRRef ref;
    if (idx == NULL || ttisnil(idx)) { /* no __index: nil */
      if (!rec_nomm(r, t, vt, TM_INDEX)) break;
      setslot(J, a, ir_kpri(&J->ir, IRT_NIL));
      return;
    }
    if (!ttistable(idx)) { r->abort = JA_NYI_META; return; }
    t = rec_metaindex(r, emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_META), mt, idx);
    vt = idx;
    if (rec_inarray(vt, vk)) {
      ref = rec_arrayref(r, t, key, vt, vk, &v);
      if (ref == REF_NONE) return;
    } else {
      v = tab_get(hvalue(vt), vk);
      ref = emit(r, IR_HREF, IRT_PTR, t, key);
    }
    if (!ttisnil(v)) {
      setslot(J, a, emit(r, IR_ALOAD, valtype(v), ref, 0));
      return;
    }
    emit(r, IR_ALOAD, IRT_NIL, ref, 0); /* absent there too */
  }
  r->abort = JA_NYI_NILREAD;
}

static void rec_getfield(Rec *r, int a, IRRef t, const TValue *vt, const TValue *key) {
  const TValue *v;
  IRRef node;
  if (ttistable(vt) && ttisshrstring(key) && ttisnil(tab_getstr(hvalue(vt), tsvalue(key)))) {
    IRRef res = rec_indexget(r, t, vt, key);
    if (res != REF_NONE) setslot(r->J, a, res);
    return;
  }
  node = rec_fieldref(r, t, vt, key, JA_NYI_NILREAD, &v);
  if (node != REF_NONE) setslot(r->J, a, emit(r, IR_HLOAD, valtype(v), node, 0));
}

/* obj:name(...) (SELF): the object into slot a+1, the method into a: a
** table's own field, or a string's from the __index table of the strings'
** metatable, which the trace loads (and guards) as the interpreter does:
** both may be changed. */
static void rec_selfop(Rec *r, int a, IRRef obj, const TValue *vobj, const TValue *key) {
  JitState *J = r->J;
  Global *g = G(J->thread);
  if (ttisstring(vobj) && ttisshrstring(key) && g->mt[VM_TSTRING] != NULL) {
    Table *mt = g->mt[VM_TSTRING];
    const TValue *idx = tab_getstr(mt, g->tmname[TM_INDEX]);
    IRRef strmeta;
    if (!ttistable(idx)) { r->abort = JA_NYI_META; return; }
    strmeta = emit(r, IR_FLOAD, IRT_PTR, ir_kptr(&J->ir, g), IRFL_G_STRMETA);
    setslot(J, a + 1, obj);
    rec_getfield(r, a, rec_metaindex(r, strmeta, mt, idx), idx, key);
  } else if (ttistable(vobj)) {
    setslot(J, a + 1, obj);
    rec_getfield(r, a, obj, vobj, key);
  } else {
    r->abort = JA_NYI_TYPE;
  }
}

/* t[key] = val for a constant string key: present in t's hash part, or
** a new field (rec_newslot) */
static void rec_setfield(Rec *r, IRRef t, const TValue *vt, const TValue *key, IRRef val) {
  const TValue *old;
  IRRef node;
  if (ttistable(vt) && ttisshrstring(key) && ttisnil(tab_getstr(hvalue(vt), tsvalue(key)))) {
    if (rec_reftype(r, val) == IRT_NIL) rec_nilstore(r, t, rec_kvalue(r, key), vt, key); /* (no insertion) */
    else rec_newslot(r, t, rec_kvalue(r, key), val, vt); /* a new field */
    return;
  }
  node = rec_fieldref(r, t, vt, key, JA_NYI_NEWKEY, &old);
  if (node == REF_NONE) return;
  emit(r, IR_HLOAD, valtype(old), node, 0); /* still present: no __newindex */
  emit(r, IR_HSTORE, IRT_VOID, node, val);
  if (rec_iscollectabletype(rec_reftype(r, val))) emit(r, IR_TBAR, IRT_VOID, t, val);
}

/* The closure running in frame 0: the one a tail call there put in its
** slot (rec_tailbelow), or the slot itself (FUNC) */
static IRRef rec_frame0fn(Rec *r) {
  JitState *J = r->J;
  if (J->frame[0].fn != REF_NONE) return J->frame[0].fn;
  return emit(r, IR_FUNC, IRT_LCL, (IRRef)J->shift, 0);
}

/* The running closure's upvalue n: its UpVal (UREF). An open upvalue
** may be a slot of the trace's own frames, whose value the trace keeps in
** a register and writes back only at exits: such an upvalue is read and
** written as that slot (*slot >= 0). Guards make sure it is still the
** same kind of upvalue: closed, open below the trace's frames, or open
** at that very slot. */
static IRRef rec_upvalref(Rec *r, int n, int *slot) {
  JitState *J = r->J;
  UpVal *uv = ci_func(curci(J))->upvals[n];
  IRRef fn = J->depth > 0 ? J->frame[J->depth].fn : rec_frame0fn(r);
  if (fn == REF_NONE) /* (a call since: its function slot as it is now) */
    fn = J->frame[J->depth].fn = loadslot(J, J->frame[J->depth].snap.funcslot, IRT_LCL);
  IRRef uref = emit(r, IR_UREF, IRT_PTR, fn, (IRRef)n);
  IRRef v = emit(r, IR_FLOAD, IRT_PTR, uref, IRFL_UPVAL_V), base;
  ptrdiff_t s;
  *slot = -1;
  if (!upisopen(uv)) {
    emit(r, IR_EQ, IRT_VOID, v,
         emit(r, IR_ADD, IRT_PTR, uref, ir_kint(&J->ir, (int64_t)offsetof(UpVal, u.value))));
    return uref;
  }
  base = emit(r, IR_BASE, IRT_PTR, 0, 0);
  if (J->shift != 0) base = emit(r, IR_ADD, IRT_PTR, base, ir_kint(&J->ir, (int64_t)J->shift * (int64_t)sizeof(TValue)));
  s = uplevel(uv) - (J->frame[0].ci->func + 1);
  if (s < 0) {
    emit(r, IR_ULT, IRT_VOID, v, base);
  } else if (s < J->maxslot) {
    emit(r, IR_EQ, IRT_VOID, v, emit(r, IR_ADD, IRT_PTR, base, ir_kint(&J->ir, (int64_t)s * (int64_t)sizeof(TValue))));
    *slot = (int)s;
  } else {
    r->abort = JA_NYI_TYPE;
  }
  return uref;
}

static IRRef rec_getupval(Rec *r, int n) {
  JitState *J = r->J;
  const TValue *v = ci_func(curci(J))->upvals[n]->v;
  int s;
  IRRef uref = rec_upvalref(r, n, &s);
  return s < 0 ? emit(r, IR_ULOAD, valtype(v), uref, 0) : loadslot(J, s, valtype(v));
}

/* Integer bitwise operations; floats with integral values are NYI */
static void rec_bitop(Rec *r, int a, IRRef x, IRRef y, const TValue *vx, const TValue *vy, IROp op) {
  if (!ttisinteger(vx) || !ttisinteger(vy)) { r->abort = JA_NYI_TYPE; return; }
  setslot(r->J, a, emit(r, op, IRT_INT, x, y));
}

/* #v: a table without a metatable, or a string */
static void rec_len(Rec *r, int a, IRRef x, const TValue *v) {
  if (ttisstring(v)) {
    setslot(r->J, a, emit(r, IR_FLOAD, IRT_INT, x, IRFL_STR_LEN));
  } else if (ttistable(v) && rec_nomm(r, x, v, TM_LEN)) { /* (no metatable, or no __len in it) */
    setslot(r->J, a, emit(r, IR_TLEN, IRT_INT, x, 0));
  } else if (ttistable(v)) { /* __len written in Lua, called with the table twice (as lua5.4) */
    rec_mmcall(r, x, x, v, v, TM_LEN, framebase(r->J) + a);
  } else {
    r->abort = JA_NYI_TYPE;
  }
}

/* The guard on a float loop's step that decides which way it counts, as
** the interpreter decides (`step > 0`; a NaN step counts down); returns
** whether it counts up. */
static int rec_fltstepsign(Rec *r, IRRef step, vm_Number vstep) {
  int up = vstep > 0;
  emit(r, up ? IR_FLT : IR_FNLT, IRT_VOID, ir_knum(&r->J->ir, 0.0), step);
  return up;
}

/* A float loop's FORLOOP: idx + step, still within the limit? */
static void rec_fltforloop(Rec *r, int a) {
  StkId ra = r->base + a;
  vm_Number vstep = fltvalue(s2v(ra + 2)), vidx = fltvalue(s2v(ra)) + vstep;
  vm_Number vlimit = fltvalue(s2v(ra + 1));
  IRRef step = getslot(r->J, r->base, a + 2), limit = getslot(r->J, r->base, a + 1);
  IRRef idx = emit(r, IR_FADD, IRT_NUM, getslot(r->J, r->base, a), step);
  int up = rec_fltstepsign(r, step, vstep);
  int goes = up ? vidx <= vlimit : vlimit <= vidx;
  IRRef lo = up ? idx : limit, hi = up ? limit : idx;
  if (!goes && r->pc == r->J->startpc && r->J->parent == NULL) { r->abort = JA_LOOP_EXIT; return; }
  emit(r, goes ? IR_FLE : IR_FNLE, IRT_VOID, lo, hi);
  if (!goes) return;
  setslot(r->J, a, idx);
  setslot(r->J, a + 3, idx);
}

static void rec_forloop(Rec *r) {
  Instruction i = r->i;
  int a = GETARG_A(i);
  StkId ra = r->base + a;
  IRBuf *b = &r->J->ir;
  IRRef count, idx, step;
  if (ttisfloat(s2v(ra + 2))) { rec_fltforloop(r, a); return; }
  count = getslot(r->J, r->base, a + 1);
  if (ivalue(s2v(ra + 1)) == 0) { /* the loop ends */
    if (r->pc == r->J->startpc && r->J->parent == NULL) { r->abort = JA_LOOP_EXIT; return; }
    emit(r, IR_EQ, IRT_VOID, count, ir_kint(b, 0));
    return;
  }
  idx = getslot(r->J, r->base, a);
  step = getslot(r->J, r->base, a + 2);
  emit(r, IR_NE, IRT_VOID, count, ir_kint(b, 0)); /* the unsigned count > 0 */
  count = emit(r, IR_SUB, IRT_INT, count, ir_kint(b, 1));
  idx = emit(r, IR_ADD, IRT_INT, idx, step);
  setslot(r->J, a + 1, count);
  setslot(r->J, a, idx);
  setslot(r->J, a + 3, idx);
}

int rec_pushframes(JitState *J) {
  SnapFrame f[JIT_MAXDEPTH];
  uint32_t ofs;
  int d;
  for (d = 1; d <= J->depth; d++) f[d - 1] = J->frame[d].snap;
  ofs = ir_addframes(&J->ir, f, (uint32_t)J->depth);
  if (ofs == UINT32_MAX) return 0;
  J->frame[J->depth].frameofs = ofs;
  return 1;
}

/* The frame of a call of prototype p from slot a (function and
** arguments in the trace's slots there), returning to the caller's pc
** retpc; kind (bits) 1: a tail call's frame (CIST_TAIL once rebuilt), 2:
** a metamethod's, whose caller finishes its instruction when it returns */
static void rec_inlineframe(Rec *r, int a, int nargs, int nres, Proto *p, uint32_t retpc, int kind) {
  JitState *J = r->J;
  JitFrame *f;
  IRRef fn, proto;
  int k, newbase = framebase(J) + a + 1, moved = 0, nfix = p->numparams;
  if (J->depth >= JIT_MAXDEPTH) { r->abort = JA_TOO_DEEP; return; }
  if (p->is_vararg) moved = (nargs > nfix ? nargs : nfix) + 1;
  if (newbase + moved + p->maxstacksize >= JIT_MAXSLOTS) { r->abort = JA_TOO_DEEP; return; }
  fn = getslot(J, r->base, a);
  proto = emit(r, IR_FLOAD, IRT_PTR, fn, IRFL_FUNC_PROTO);
  emit(r, IR_EQ, IRT_VOID, proto, ir_kptr(&J->ir, p));
  for (k = nargs; k < nfix; k++) setslot(J, a + 1 + k, ir_kpri(&J->ir, IRT_NIL));
  if (moved) {
    int top = a + moved; /* the function's new slot */
    setslot(J, top, fn);
    for (k = 0; k < nfix; k++) {
      setslot(J, top + 1 + k, k < nargs ? getslot(J, r->base, a + 1 + k) : ir_kpri(&J->ir, IRT_NIL));
      setslot(J, a + 1 + k, ir_kpri(&J->ir, IRT_NIL));
    }
    newbase += moved;
  }
  p->jitframe = 1; /* (its address is in the guard above) */
  f = &J->frame[++J->depth];
  f->snap.nextra = moved ? moved - 1 - nfix : 0;
  f->ci = NULL; /* the callee's frame is not there yet */
  f->pt = p;
  f->base = newbase;
  f->fn = fn;
  f->snap.pt = p;
  f->snap.retpc = retpc;
  f->snap.funcslot = (uint16_t)(newbase - 1);
  f->snap.nresults = (int16_t)nres;
  f->snap.tail = (uint16_t)(kind & 1);
  f->snap.finish = (uint16_t)(kind >> 1 & 1);
  f->tforslot = -1;
  f->finish = -1;
  f->stale = p->code; /* (do_enterlua's) */
  if (!rec_pushframes(J)) { r->abort = JA_NOMEM; return; }
  J->lastpc = NULL;
  if (J->depth > J->maxdepth) J->maxdepth = J->depth;
  rec_slotsto(J, newbase + p->maxstacksize); /* (below JIT_MAXSLOTS: checked above) */
}

/* A call of the Lua function in slot a, inlined: the trace guards that
** the slot holds a closure of the same prototype and goes on recording in
** the callee's frame (jit_record sees its instructions: VM_MASKJIT makes
** it trap). Its arguments are the caller's slots above a; parameters
** without one are nil, as the interpreter's entry makes them. A vararg
** function's frame is where its VARARGPREP moves it (interp.c
** adjustvarargs): the function and its parameters above all arguments,
** the extra ones left below (the number is the call's: a constant). */
static void rec_inlinecall(Rec *r, int a, int nargs, int nres) {
  JitState *J = r->J;
  rec_inlineframe(r, a, nargs, nres, clLvalue(s2v(r->base + a))->p,
              (uint32_t)(r->pc + 1 - J->frame[J->depth].pt->code), 0);
}

/* return g(...) of a Lua function g in an inlined frame (its upvalues
** closed first: k): as the interpreter does it (vm.c do_pretailcall),
** g's function and arguments move down to the caller's function slot
** (a vararg frame's goes back to where it was called: TAILCALL's C), the caller's frame goes, and
** g's frame returns where the caller's would, with its wanted results.
** Exits inside g rebuild the same frames as the interpreter had, g's
** marked a tail call (debug.getinfo, tracebacks, error messages). */
static void rec_tailcall(Rec *r, int a, int nargs) {
  JitState *J = r->J;
  JitFrame *f = &J->frame[J->depth];
  SnapFrame was = f->snap;
  int tfor = f->tforslot, finish = f->finish;
  Proto *p = clLvalue(s2v(r->base + a))->p;
  IRRef vals[JIT_MAXSLOTS];
  int k, s, func = f->base - 1 - rec_framemoved(f); /* (a vararg frame's: where it was called) */
  for (k = 0; k <= nargs; k++) vals[k] = getslot(J, r->base, a + k);
  for (s = func; s < J->maxslot; s++) {
    J->slot[s] = REF_NONE;
    J->written[s] = 0;
  }
  J->depth--;
  for (k = 0; k <= nargs; k++) {
    J->slot[func + k] = vals[k];
    J->written[func + k] = 1;
  }
  /* (the slots are set: rec_inlineframe reads none from the stack) */
  rec_inlineframe(r, func - framebase(J), nargs, was.nresults, p, was.retpc, 1 | was.finish << 1);
  if (r->abort == JA_OK) {
    J->frame[J->depth].tforslot = tfor;
    J->frame[J->depth].finish = finish;
  }
}

/* Where string.sub's position argument (slot s of the frame, value v
** now) is in a string of length len (an IR value; l now): start (end 0)
** counts from 1 as the library's posrelat/getendpos make it of a
** negative or too large position. The case seen is guarded; REF_NONE
** where there is none for it (the call is made as it is). */
static IRRef rec_strpos(Rec *r, int s, vm_Integer v, vm_Integer l, IRRef len, int end) {
  JitState *J = r->J;
  IRRef x = getslot(J, r->base, s), k0 = ir_kint(&J->ir, 0);
  if (v >= 1 && v <= l) {
    emit(r, IR_GE, IRT_VOID, x, ir_kint(&J->ir, 1));
    emit(r, IR_LE, IRT_VOID, x, len);
    return x;
  }
  if (v < 0 && v >= -l) { /* from the end: len + v + 1, at least 1 */
    emit(r, IR_LT, IRT_VOID, x, k0);
    x = emit(r, IR_ADD, IRT_INT, emit(r, IR_ADD, IRT_INT, len, x), ir_kint(&J->ir, 1));
    emit(r, IR_GE, IRT_VOID, x, ir_kint(&J->ir, 1));
    return x;
  }
  if (end && v > l) { /* past the end: the end */
    emit(r, IR_GT, IRT_VOID, x, len);
    return len;
  }
  return REF_NONE;
}

/* string.sub(s, i [, j]) of an integer i and j where the result is not
** empty: the bytes from start to end (rec_strpos), a new string (SNEW) */
static IRRef rec_strsub(Rec *r, int a, int nargs, IRRef s) {
  JitState *J = r->J;
  const TValue *vs = s2v(r->base + a + 1), *vi = s2v(r->base + a + 2), *vj = s2v(r->base + a + 3);
  vm_Integer l, i, j, n;
  IRRef len, start, end, cnt, at;
  if (!ttisstring(vs) || nargs < 2 || nargs > 3 || !ttisinteger(vi) || (nargs == 3 && !ttisinteger(vj)))
    return REF_NONE;
  l = (vm_Integer)tsslen(tsvalue(vs));
  i = ivalue(vi);
  j = nargs == 3 ? ivalue(vj) : -1;
  if (i < 1) i = i < -l ? 1 : i == 0 ? 1 : l + i + 1; /* (what the library makes of them) */
  if (j > l) j = l;
  else if (j < 0) j = j < -l ? 0 : l + j + 1;
  n = j - i + 1;
  if (n < 1 || !rec_canalloc(r)) return REF_NONE; /* (empty: made as it is) */
  len = emit(r, IR_FLOAD, IRT_INT, s, IRFL_STR_LEN);
  start = rec_strpos(r, a + 2, ivalue(vi), l, len, 0);
  end = nargs == 3 ? rec_strpos(r, a + 3, ivalue(vj), l, len, 1) : len;
  if (start == REF_NONE || end == REF_NONE) return REF_NONE;
  emit(r, IR_LE, IRT_VOID, start, end);
  cnt = emit(r, IR_ADD, IRT_INT, emit(r, IR_SUB, IRT_INT, end, start), ir_kint(&J->ir, 1));
  /* its type: a short string or a long one, as the count was */
  emit(r, n <= MAXSHORTLEN ? IR_LE : IR_GT, IRT_VOID, cnt, ir_kint(&J->ir, MAXSHORTLEN));
  at = emit(r, IR_ADD, IRT_PTR, s,
            emit(r, IR_ADD, IRT_INT, start, ir_kint(&J->ir, (int64_t)offsetof(TString, contents) - 1)));
  return emit(r, IR_SNEW, n <= MAXSHORTLEN ? IRT_SHRSTR : IRT_LNGSTR, at, cnt);
}

/* A call of a library function the recorder knows (JIT_BUILTINS): the
** slot is guarded to hold that function, its result computed by IR.
** Returns the result, or REF_NONE with r->abort set. */
static IRRef rec_builtin(Rec *r, int id, int a, int nargs) {
  JitState *J = r->J;
  const TValue *x = s2v(r->base + a + 1);
  IRRef arg;
  if (nargs < 1) { r->abort = JA_NYI_CALL; return REF_NONE; } /* the error, by the interpreter */
  arg = getslot(J, r->base, a + 1);
  switch (id) {
    case JB_MATH_SQRT:
      if (!ttisnumber(x)) break;
      return emit(r, IR_FSQRT, IRT_NUM, rec_tonum(r, arg), 0);
    case JB_MATH_ABS:
      if (!ttisfloat(x)) break; /* integers: NYI */
      return emit(r, IR_FABS, IRT_NUM, arg, 0);
    case JB_MATH_FLOOR: case JB_MATH_CEIL: {
      vm_Number v, fl;
      vm_Integer n;
      if (ttisinteger(x)) return arg; /* its own floor */
      if (!ttisfloat(x)) break;
      v = fltvalue(x);
      fl = id == JB_MATH_FLOOR ? floor(v) : ceil(v);
      /* an integer result when it fits: FTOI's guard exits when not */
      if (!interp_flttointns(fl, &n, F2Ieq)) break;
      return emit(r, IR_FTOI, IRT_INT, emit(r, id == JB_MATH_FLOOR ? IR_FLOOR : IR_CEIL, IRT_NUM, arg, 0), 0);
    }
    case JB_STRING_LEN:
      if (!ttisstring(x)) break;
      return emit(r, IR_FLOAD, IRT_INT, arg, IRFL_STR_LEN);
    case JB_STRING_BYTE: { /* string.byte(s [, i]): one byte, i >= 1 */
      const TValue *vi = s2v(r->base + a + 2);
      IRRef i0;
      vm_Integer i = 1;
      if (!ttisstring(x) || nargs > 2 || (nargs == 2 && !ttisinteger(vi))) break;
      if (nargs == 2) i = ivalue(vi);
      if (i < 1 || (size_t)i > tsslen(tsvalue(x))) break; /* no result, or from the end */
      i0 = nargs == 2 ? emit(r, IR_SUB, IRT_INT, getslot(J, r->base, a + 2), ir_kint(&J->ir, 1))
                      : ir_kint(&J->ir, 0);
      emit(r, IR_ULT, IRT_VOID, i0, emit(r, IR_FLOAD, IRT_INT, arg, IRFL_STR_LEN));
      return emit(r, IR_SBYTE, IRT_INT, arg, i0);
    }
    case JB_STRING_SUB: return rec_strsub(r, a, nargs, arg);
    case JB_TYPE: { /* a constant: the argument's type is guarded */
      TString *name = J->typename[ttype(x)];
      if (name == NULL) break;
      return ir_kgc(&J->ir, name, IRT_SHRSTR);
    }
    case JB_MATH_MIN: case JB_MATH_MAX: {
      /* two numbers of one type: min is `b < a and b or a`, max `a < b
      ** and b or a` (as the library compares); the trace guards the
      ** outcome it saw */
      const TValue *y = s2v(r->base + a + 2);
      IRRef arg2, lo, hi;
      int isint = ttisinteger(x), lt;
      if (nargs != 2 || !ttisnumber(x) || !ttisnumber(y) || isint != ttisinteger(y)) break;
      arg2 = getslot(J, r->base, a + 2);
      if (id == JB_MATH_MIN) lo = arg2, hi = arg; /* is b < a? */
      else lo = arg, hi = arg2;                  /* is a < b? */
      lt = isint ? (id == JB_MATH_MIN ? ivalue(y) < ivalue(x) : ivalue(x) < ivalue(y))
                 : (id == JB_MATH_MIN ? fltvalue(y) < fltvalue(x) : fltvalue(x) < fltvalue(y));
      emit(r, isint ? (lt ? IR_LT : IR_GE) : (lt ? IR_FLT : IR_FNLT), IRT_VOID, lo, hi);
      return lt ? arg2 : arg;
    }
  }
  r->abort = JA_NYI_TYPE;
  return REF_NONE;
}

/* math.sin, cos...: FMATH, a call of the libm function the library calls */
static IRRef rec_mathcall(Rec *r, IRFpm f, int a, int nargs) {
  const TValue *x = s2v(r->base + a + 1);
  if (nargs < 1) { r->abort = JA_NYI_CALL; return REF_NONE; } /* the error, by the interpreter */
  if (!ttisnumber(x) || (f == IRFPM_LOG && nargs > 1)) { r->abort = JA_NYI_TYPE; return REF_NONE; }
  return emit(r, IR_FMATH, IRT_NUM, rec_tonum(r, getslot(r->J, r->base, a + 1)), f);
}

int rec_slotsto(JitState *J, int upto) {
  if (upto > JIT_MAXSLOTS) return 0;
  if (upto > J->maxslot) J->maxslot = upto;
  if (J->shift + J->maxslot > J->maxroom) J->maxroom = J->shift + J->maxslot;
  return 1;
}

/* How many values from slot `from` of the frame being recorded on the
** call or VARARG before left up to the top (J->multres), for an
** instruction that takes them all; -1 with r->abort set when the
** recording does not know (the values came before it started) */
static int rec_uptotop(Rec *r, int from) {
  JitState *J = r->J;
  if (J->multres < framebase(J) + from) {
    r->abort = JA_NYI_CALL;
    return -1;
  }
  return J->multres - (framebase(J) + from);
}

/* A call's n results (vals) go where it wants them: from its function's
** slot dst (counted from the trace's base) on, `want` of them, missing
** ones nil; want < 0 is all of them, which the next instruction takes up
** to the top (J->multres). */
static int rec_placeresults(JitState *J, int dst, const IRRef *vals, int n, int want) {
  int k;
  if (want < 0) {
    want = n;
    J->multres = dst + n;
  }
  if (!rec_slotsto(J, dst + want)) return 0;
  for (k = 0; k < want; k++) {
    J->slot[dst + k] = k < n ? vals[k] : ir_kpri(&J->ir, IRT_NIL);
    J->written[dst + k] = 1;
  }
  return 1;
}

/* How many slots VARARGPREP moved inlined frame f up (its arguments and
** the function): 0 unless it is a vararg function's */
static int rec_framemoved(const JitFrame *f) {
  return f->pt->is_vararg ? f->snap.nextra + f->pt->numparams + 1 : 0;
}

/* C code (CAT, CALLC) runs on n slots of the frame being recorded from
** slot a on: their values go there (SSTORE), and the snapshot taken
** with them is the one CALLC builds its frames from. The operands are
** dead after it (temporaries); its nres results' types are known only
** once it ran: the next instruction's recording emits their RLOADs,
** after a snapshot there (an exit then does not run it again). */
static void rec_ccode(Rec *r, IROp op, int a, int n, IRRef op1, IRRef arg, int nres) {
  JitState *J = r->J;
  int k, s = framebase(J) + a;
  if (!rec_canalloc(r)) return;
  for (k = 0; k < n; k++) setslot(J, a + k, getslot(J, r->base, a + k));
  if (!snap_take(J, r->pc)) { r->abort = JA_NOMEM; return; }
  for (k = 0; k < n; k++) emit(r, IR_SSTORE, IRT_VOID, (IRRef)(J->shift + s + k), J->slot[s + k]);
  emit(r, op, IRT_VOID, op1, arg);
  for (k = 0; k < n; k++) {
    J->slot[s + k] = REF_NONE;
    J->written[s + k] = 0;
  }
  J->pendslot = s;
  J->npend = nres;
}

/* How many values table.unpack(t, i, j) in slot a returns (args: its
** arguments' values), guarded: j - i, or #t where j is left out; -1
** when not an integer range of at most 64 */
static int rec_unpackcount(Rec *r, int a, int nargs, const TValue *args) {
  JitState *J = r->J;
  vm_Integer i = 1, j;
  IRRef iref, jref;
  if (nargs < 1 || !ttistable(&args[0]) || (nargs >= 2 && !ttisinteger(&args[1])) ||
      (nargs >= 3 && !ttisinteger(&args[2])))
    return -1;
  if (nargs >= 2) i = ivalue(&args[1]);
  j = nargs >= 3 ? ivalue(&args[2]) : (vm_Integer)tab_getn(hvalue(&args[0]));
  if (j < i - 1 || j - i >= 64 || i < -(1 << 30) || i > (1 << 30)) return -1;
  iref = nargs >= 2 ? getslot(J, r->base, a + 2) : ir_kint(&J->ir, 1);
  jref = nargs >= 3 ? getslot(J, r->base, a + 3) : emit(r, IR_TLEN, IRT_INT, getslot(J, r->base, a + 1), 0);
  emit(r, IR_EQ, IRT_VOID, emit(r, IR_SUB, IRT_INT, jref, iref), ir_kint(&J->ir, j - i));
  return (int)(j - i + 1);
}

/* The index of C function f in J->ccall (JIT_CCALLS), or -1 */
static int rec_ccallid(const JitState *J, vm_CFunction f) {
  int c;
  for (c = 0; c < J->nccall; c++)
    if (J->ccall[c] == f) return c;
  return -1;
}

/* A call of a library function of JIT_CCALLS (index id in J->ccall) as
** it is (CALLC), when it runs no Lua code with these arguments: tables
** without a metatable (guarded), no userdata, no function for gsub to
** call. Its results go to slot dest (counted from frame 0's base): the
** function's, or for a tail call the inlined frame's, which returns them.
** args: the arguments' values (when the call is made: a generic for's
** are not in their slots yet). Returns 0 when it may not be called so. */
static int rec_ccall(Rec *r, int id, int a, int nargs, int want, int dest, const TValue *args) {
  JitState *J = r->J;
  int k, nres = J->ccallres[id], kind = J->ccallargs[id];
  for (k = 0; k < nargs; k++)
    if ((kind != JCC_RAW && ttisfulluserdata(&args[k])) ||
        (kind == JCC_META && ttistable(&args[k]) && hvalue(&args[k])->metatable != NULL) ||
        (ttisfunction(&args[k]) && J->ccall[id] == J->builtin[JB_STRING_GSUB]))
      return 0;
  if (want < 0) { /* all its results, for the next instruction: a known count */
    if (nres < 0 && J->ccall[id] == J->builtin[JB_TABLE_UNPACK]) nres = rec_unpackcount(r, a, nargs, args);
    if (nres < 0) return 0;
    want = nres;
    J->multres = dest + nres;
  }
  if (nargs > 0xff || want > 0x7f || !rec_slotsto(J, dest + want)) return 0;
  for (k = 0; k < nargs && kind != JCC_RAW; k++) {
    IRRef t;
    if (!ttistable(&args[k])) continue;
    t = getslot(J, r->base, a + 1 + k);
    if (hvalue(&args[k])->metatable == NULL) rec_nometa(r, t);
    else if (!rec_nomm(r, t, &args[k], TM_NEWINDEX) || !rec_nomm(r, t, &args[k], TM_LEN) ||
             !rec_tableindex(r, t, &args[k]))
      return 0;
  }
  rec_ccode(r, IR_CALLC, a, 1 + nargs, (IRRef)dest, (IRRef)JIT_CALLC(framebase(J) + a, nargs, want), want);
  for (k = 0; k < want && dest + k >= 0; k++) { /* (the results' RLOADs come next) */
    J->slot[dest + k] = REF_NONE;
    J->written[dest + k] = 0;
  }
  J->pendslot = dest;
  return 1;
}

/* return f(...) of a library function f (JIT_CCALLS) in an inlined
** frame: the call from that frame (as the interpreter makes it: a C
** function's tail call keeps its caller's frame), whose results the frame
** returns where its caller wants them */
static int rec_ctailcall(Rec *r, int id, int a, int nargs) {
  JitState *J = r->J;
  JitFrame *f = &J->frame[J->depth];
  int func = f->base - 1 - rec_framemoved(f), s;
  /* (a metamethod's result goes where its caller's instruction puts it,
  ** JitFrame.finish: an exit after the call finds it there; a
  ** comparison's decides a jump already taken: NYI) */
  if (f->finish == -2) return 0;
  if (!rec_ccall(r, id, a, nargs, f->finish >= 0 ? 1 : f->snap.nresults, f->finish >= 0 ? f->finish : func,
                 s2v(r->base + a + 1)))
    return 0;
  for (s = f->finish >= 0 ? func : func + J->npend; s < J->maxslot; s++) {
    J->slot[s] = REF_NONE;
    J->written[s] = 0;
  }
  J->lastpc = J->frame[J->depth - 1].pt->code + f->snap.retpc - 1; /* the call */
  if (f->tforslot >= 0) { /* a generic for's iterator: its TFORLOOP after the results */
    J->pendtfor = f->tforslot;
    J->pendpc = J->lastpc + 1;
  }
  J->depth--;
  return 1;
}

/* select(i, ...) wanting one value, of the trace's own frame's extra
** arguments (the slots after i are VARARG's SLOADs from below the frame,
** rec_varargbelow): the i-th, read from there whatever i is (guarded to
** be one of them; its type guarded), rather than a guard on i's value,
** which would make a side trace for each position a loop goes through */
static int rec_selectvararg(Rec *r, int a, int nargs, IRRef sel, vm_Integer i) {
  JitState *J = r->J;
  int nextra = nargs - 1, k, s = framebase(J) + a + 2;
  IRRef off, at;
  if (J->depth != 0 || !J->frame[0].pt->is_vararg || curci(J)->u.l.nextraargs != nextra || i > nextra)
    return 0;
  for (k = 0; k < nextra; k++) {
    const IRIns *v = J->slot[s + k] != REF_NONE ? &J->ir.ins[J->slot[s + k]] : NULL;
    if (v == NULL || v->op != IR_SLOAD || v->op1 != (IRRef)(J->shift + k - 1 - nextra)) return 0;
  }
  emit(r, IR_GE, IRT_VOID, sel, ir_kint(&J->ir, 1));
  emit(r, IR_LE, IRT_VOID, sel, ir_kint(&J->ir, nextra));
  /* the i-th extra argument is at slot i - 2 - nextra of the frame */
  off = emit(r, IR_ADD, IRT_INT, sel, ir_kint(&J->ir, J->shift - 2 - nextra));
  at = emit(r, IR_ADD, IRT_PTR, emit(r, IR_BASE, IRT_PTR, 0, 0),
            emit(r, IR_MUL, IRT_INT, off, ir_kint(&J->ir, (int64_t)sizeof(TValue))));
  sel = emit(r, IR_ALOAD, valtype(s2v(r->base + i - 2 - nextra)), at, 0);
  if (!rec_placeresults(J, framebase(J) + a, &sel, 1, 1)) r->abort = JA_TOO_LONG;
  return 1;
}

/* select('#', ...) and select(n, ...) for n >= 1: the count of the
** arguments is the call's (a constant; the varargs' when they come from
** VARARG), '#' a constant (LOADK's, or guarded after a call reloaded it)
** and n is guarded (but see rec_selectvararg). */
static void rec_selectcall(Rec *r, int a, int nargs, int want) {
  JitState *J = r->J;
  const TValue *n = s2v(r->base + a + 1);
  IRRef sel, vals[JIT_MAXSLOTS];
  int k, cnt = 0;
  if (nargs < 1) { r->abort = JA_NYI_CALL; return; } /* the error, by the interpreter */
  sel = getslot(J, r->base, a + 1);
  if (ttisstring(n) && tsslen(tsvalue(n)) == 1 && getstr(tsvalue(n))[0] == '#') {
    /* (a constant, or the slot reloaded after a call: the string guarded,
    ** an interned one) */
    if (J->ir.ins[sel].op != IR_KGC) emit(r, IR_EQ, IRT_VOID, sel, ir_kgc(&J->ir, tsvalue(n), IRT_SHRSTR));
    vals[0] = ir_kint(&J->ir, nargs - 1);
    if (!rec_placeresults(J, framebase(J) + a, vals, 1, want)) r->abort = JA_TOO_LONG;
    return;
  }
  if (!ttisinteger(n) || ivalue(n) < 1) { r->abort = JA_NYI_CALL; return; }
  if (want == 1 && rec_selectvararg(r, a, nargs, sel, ivalue(n))) return;
  emit(r, IR_EQ, IRT_VOID, sel, ir_kint(&J->ir, ivalue(n)));
  for (k = (int)ivalue(n); k < nargs; k++) vals[cnt++] = getslot(J, r->base, a + 1 + k);
  if (!rec_placeresults(J, framebase(J) + a, vals, cnt, want)) r->abort = JA_TOO_LONG;
}

/* Whether a call of a Lua function of prototype p is made (CALLL)
** rather than inlined: one nested too deep (recursion, say), one of a
** function with a short loop (jit.c: inlined, it aborted the trace). A
** recursive call is inlined while it can be: where it enters a loop with
** a trace, the trace links there (its frames built), and the loop's side
** traces return below, all in machine code. */
static int rec_makescall(const JitState *J, const Proto *p, int a) {
  return p->jitcall || J->depth >= JIT_MAXDEPTH || framebase(J) + a + 1 + p->maxstacksize + 2 >= JIT_MAXSLOTS;
}

/* Every slot from `from` on (counted from frame 0's base) that the trace
** changed, written to the stack (SSTORE): for C code and Lua code that
** read the stack */
static void rec_writeslots(Rec *r, int from) {
  JitState *J = r->J;
  int s;
  for (s = from; s < J->maxslot; s++)
    if (J->written[s] && J->slot[s] != REF_NONE) emit(r, IR_SSTORE, IRT_VOID, (IRRef)(J->shift + s), J->slot[s]);
}

/* A call made as it is (CALLL) from slot a, wanting `want` results: of a
** Lua function rec_makescall says so of, of a C function the recorder
** has nothing for, of anything with __call. Lua code runs in it and
** collections move objects: every slot the trace changed is written
** first (the snapshot's values), and after it every slot is read again
** (RLOAD: J->ncalll; the optimizer reuses nothing of before: gcbarrier);
** the frames' closures too. The interpreter makes the call meanwhile;
** jit_record waits for its return (J->callwait). Not in a coroutine: the
** callee may yield, which a call from C cannot (nor do traces made
** elsewhere make it there: jit_calll's guard). */
static void rec_luacall(Rec *r, int a, int nargs, int want) {
  JitState *J = r->J;
  int s, d, func = framebase(J) + a;
  IRRef call;
  if (nargs > 0xff || want > 0x7f || yieldable(J->thread) || !rec_slotsto(J, func + 1 + nargs) ||
      !rec_slotsto(J, func + (want > 0 ? want : 0))) {
    r->abort = JA_NYI_CALL;
    return;
  }
  if (!rec_canalloc(r)) return;
  for (s = 0; s <= nargs; s++) setslot(J, a + s, getslot(J, r->base, a + s));
  if (!snap_take(J, r->pc)) { r->abort = JA_NOMEM; return; }
  rec_writeslots(r, 0);
  /* (all its results: their count guarded once it returned, jit.c) */
  call = emit(r, IR_CALLL, IRT_VOID, (IRRef)func, (IRRef)JIT_CALLC(func, nargs, want < 0 ? JIT_CALLALL : want));
  J->opt.gcbarrier = call;
  J->ncalll++;
  memset(J->slot, 0, sizeof(J->slot));
  memset(J->written, 0, sizeof(J->written));
  for (d = 0; d <= J->depth; d++) J->frame[d].fn = REF_NONE;
  J->pendslot = func;
  J->npend = want;
  J->callwait = 1;
  J->waitci = curci(J);
  J->waitpc = r->pc + 1;
}

/* A call (tail: a TAILCALL's, which also returns unless r->abort) */
static void rec_recordcall(Rec *r, int want, int tail) {
  JitState *J = r->J;
  Instruction i = r->i;
  int a = GETARG_A(i), nargs = GETARG_B(i) - 1;
  const TValue *fv = s2v(r->base + a);
  if (nargs < 0 && (nargs = rec_uptotop(r, a + 1)) < 0) return; /* up to the top */
  J->multres = -1;
  if (ttisLclosure(fv)) {
    if (!tail && rec_makescall(J, clLvalue(fv)->p, a)) rec_luacall(r, a, nargs, want);
    else rec_inlinecall(r, a, nargs, want);
  } else if (ttislcf(fv)) {
    int id, f, c;
    IRRef fn, res;
    for (id = 0; id < JB__MAX && J->builtin[id] != fvalue(fv); id++) continue;
    for (f = 0; f < IRFPM__MAX && J->fpmfunc[f] != fvalue(fv); f++) continue;
    fn = getslot(J, r->base, a);
    emit(r, IR_EQ, IRT_VOID, fn, ir_kptr(&J->ir, (void *)fvalue(fv)));
    if (id == JB_IPAIRS) { /* three results: the iterator, t, 0 */
      IRRef res3[3];
      if (nargs < 1) { r->abort = JA_NYI_CALL; return; }
      res3[0] = ir_klcf(&J->ir, (void *)baselib_ipairsaux);
      res3[1] = getslot(J, r->base, a + 1);
      res3[2] = ir_kint(&J->ir, 0);
      if (!rec_placeresults(J, framebase(J) + a, res3, 3, want)) r->abort = JA_TOO_LONG;
      return;
    }
    if (id == JB_SELECT) {
      rec_selectcall(r, a, nargs, want);
      return;
    }
    res = id < JB__MAX ? rec_builtin(r, id, a, nargs) : f < IRFPM__MAX ? rec_mathcall(r, (IRFpm)f, a, nargs) : REF_NONE;
    if (res != REF_NONE) {
      if (!rec_placeresults(J, framebase(J) + a, &res, 1, want)) r->abort = JA_TOO_LONG;
      return;
    }
    if (r->abort != JA_OK && r->abort != JA_NYI_TYPE) return;
    r->abort = JA_OK; /* (no IR for it: the call itself) */
    c = rec_ccallid(J, fvalue(fv));
    if (tail) {
      if (c < 0 || !rec_ctailcall(r, c, a, nargs)) r->abort = JA_NYI_CALL;
    } else if (c < 0 || !rec_ccall(r, c, a, nargs, want, framebase(J) + a, s2v(r->base + a + 1))) {
      if (r->abort == JA_OK) rec_luacall(r, a, nargs, want); /* (any other C function) */
    }
  } else if (!tail) {
    rec_luacall(r, a, nargs, want); /* a C closure, a __call */
  } else {
    r->abort = JA_NYI_CALL;
  }
}

/* p, frame 0's prototype from now on, kept among the trace's frames so
** that the trace goes when it is collected (jit_freeproto) */
static void rec_keepproto(Rec *r, Proto *p) {
  SnapFrame q = {p, 0, 0, 0, 0, 0, 0};
  p->jitframe = 1;
  if (ir_addframes(&r->J->ir, &q, 1) == UINT32_MAX) r->abort = JA_NOMEM;
}

/* A side trace's return from its own frame (depth 0) with the n values
** from its slot a: the trace goes on in the caller, which becomes frame 0
** (based J->shift slots from the trace's base), after RETF made sure the
** call is the one recorded. The caller's slots are all unknown; its
** prototype is kept among the trace's frames so that the trace goes when
** it is collected (jit_freeproto). */
static void rec_returnbelow(Rec *r, int a, int n) {
  JitState *J = r->J;
  CallInfo *ci = curci(J), *caller = ci->previous;
  IRRef vals[JIT_MAXSLOTS];
  int k, funcslot, below, want = ci->nresults;
  if (J->parent == NULL || n < 0 || (ci->callstatus & CIST_FRESH) || caller == NULL || !isLua(caller)) {
    /* a side trace ends there, and the interpreter returns (to C, say: a
    ** call a trace made), unless nothing else was recorded; roots: the
    ** recording left the loop. A function trace that returns before
    ** its recursive call (the path of a leaf) would be only that path:
    ** it is recorded again from another entry. */
    if (J->parent != NULL && J->nbc > 0) J->endexit = 2;
    else r->abort = JA_LEFT_FRAME;
    return;
  }
  /* the caller's base is `below` slots below the frame's; the results go
  ** to the function's slot, which for a vararg function is where it was
  ** called: its extra arguments and parameters sit between (interp.c's
  ** RETURN with C), as many as there are now (guarded) */
  below = (int)(ci->func - (caller->func + 1)) + 1;
  funcslot = below - 1;
  if (J->frame[0].pt->is_vararg) {
    emit(r, IR_EQ, IRT_VOID, emit(r, IR_NVARG, IRT_INT, (IRRef)J->shift, 0),
         ir_kint(&J->ir, ci->u.l.nextraargs));
    funcslot -= ci->u.l.nextraargs + J->frame[0].pt->numparams + 1;
  }
  if (J->shift - below < -0x7000) { r->abort = JA_TOO_DEEP; return; }
  if (want >= 0 && n > want) n = want; /* (missing ones are nil; want -1: all, up to the top) */
  for (k = 0; k < n; k++) vals[k] = getslot(J, r->base, a + k);
  /* (after it, guards exit in the caller's frame: the next snapshot's) */
  emit(r, IR_RETF, IRT_VOID, ir_kptr(&J->ir, (void *)caller->u.l.savedpc),
       (IRRef)(uint16_t)want | (GET_OPCODE(r->i) == OP_RETURN && TESTARG_k(r->i) ? JIT_RETF_CLOSE : 0));
  memset(J->slot, 0, sizeof(J->slot));
  memset(J->written, 0, sizeof(J->written));
  J->shift -= below;
  J->frame[0].ci = caller;
  J->frame[0].pt = ci_func(caller)->p;
  J->frame[0].fn = REF_NONE;
  J->frame[0].stale = caller->u.l.savedpc; /* (its call's) */
  rec_keepproto(r, ci_func(caller)->p);
  J->maxslot = J->frame[0].pt->maxstacksize;
  if (J->shift + J->maxslot > J->maxroom) J->maxroom = J->shift + J->maxslot;
  if (r->abort != JA_OK) return;
  J->frame[0].frameofs = 0;
  caller->u.l.trap = 1; /* (its instructions are recorded) */
  J->lastpc = caller->u.l.savedpc - 1; /* the call */
  if (!rec_placeresults(J, funcslot, vals, n, want)) r->abort = JA_TOO_LONG;
}

/* return f(...) of a library function f (JIT_CCALLS) in the trace's own
** frame, by a side trace: the call (CALLC), then the trace ends where
** the interpreter would return its results, the RETURN after the tail
** call, with the top after them (a side trace there returns below). */
static void rec_ctailbelow(Rec *r, int a) {
  JitState *J = r->J;
  const TValue *fv = s2v(r->base + a);
  int nargs = GETARG_B(r->i) - 1, c, nres;
  if (!ttislcf(fv) || J->parent == NULL || GET_OPCODE(r->pc[1]) != OP_RETURN) {
    r->abort = JA_LEFT_FRAME;
    return;
  }
  if (nargs < 0 && (nargs = rec_uptotop(r, a + 1)) < 0) return; /* up to the top */
  J->multres = -1;
  c = rec_ccallid(J, fvalue(fv));
  if (c < 0 || (nres = J->ccallres[c]) < 0) { r->abort = JA_NYI_CALL; return; }
  emit(r, IR_EQ, IRT_VOID, getslot(J, r->base, a), ir_kptr(&J->ir, (void *)fvalue(fv)));
  if (!rec_ccall(r, c, a, nargs, nres, framebase(J) + a, s2v(r->base + a + 1))) {
    if (r->abort == JA_OK) r->abort = JA_NYI_CALL;
    return;
  }
  J->pendslot = -1; /* (the results stay in the frame) */
  J->multres = framebase(J) + a + nres;
  if (!snap_takefresh(J, r->pc + 1, framebase(J) + a, nres)) { r->abort = JA_NOMEM; return; }
  J->endexit = 1;
}

/* return g(...) in the trace's own frame (depth 0), g a Lua function, as
** the interpreter makes it (vm.c do_pretailcall): the arguments become
** the parameters in the same frame (missing ones nil), which is marked
** tail-called (CITAIL). g the running closure itself, in a function (one
** whose trace starts at its entry: it is being recorded, or has one): tail
** recursion, jit_record links at its start to that trace. Any other
** function, in a side trace: its closure goes into the frame's function
** slot and the recording goes on in it, as in the function that returns
** to the frame's caller (rec_returnbelow). */
static void rec_tailbelow(Rec *r, int a) {
  JitState *J = r->J;
  const Proto *p0 = J->frame[0].pt;
  Proto *p = clLvalue(s2v(r->base + a))->p;
  int nargs = GETARG_B(r->i) - 1, k, s, self;
  IRRef vals[JIT_MAXSLOTS], fn;
  JitTrace *F;
  for (F = p->traces; F != NULL && !F->functrace; F = F->next) continue;
  self = p == p0 && (F != NULL || (J->functrace && J->parent == NULL && J->startpt == p));
  if (p->is_vararg || GETARG_C(r->i)) { r->abort = JA_NYI_CALL; return; } /* (frames that move) */
  if (!self && J->parent == NULL) { r->abort = JA_LEFT_FRAME; return; }
  if (!self && (++J->ntailbelow > JIT_MAXDEPTH || !rec_slotsto(J, p->maxstacksize))) {
    r->abort = JA_TOO_DEEP;
    return;
  }
  if (nargs < 0 && (nargs = rec_uptotop(r, a + 1)) < 0) return; /* up to the top */
  J->multres = -1;
  fn = getslot(J, r->base, a);
  if (self) emit(r, IR_EQ, IRT_VOID, fn, rec_frame0fn(r));
  else emit(r, IR_EQ, IRT_VOID, emit(r, IR_FLOAD, IRT_PTR, fn, IRFL_FUNC_PROTO), ir_kptr(&J->ir, p));
  for (k = 0; k < p->numparams; k++)
    vals[k] = k < nargs ? getslot(J, r->base, a + 1 + k) : ir_kpri(&J->ir, IRT_NIL);
  for (s = 0; s < J->maxslot; s++) { /* (the others are dead where it starts) */
    J->slot[s] = REF_NONE;
    J->written[s] = 0;
  }
  for (k = 0; k < p->numparams; k++) setslot(J, k, vals[k]);
  J->frame[0].stale = p->code; /* (do_pretailcall's) */
  if (!self) {
    /* (exits find the prototype in the slot: jit_buildframes) */
    emit(r, IR_SSTORE, IRT_VOID, (IRRef)(J->shift - 1), fn);
    J->frame[0].fn = fn;
    J->frame[0].pt = p;
    rec_keepproto(r, p);
    J->lastpc = NULL; /* (pcs of another function) */
  }
  emit(r, IR_CITAIL, IRT_VOID, 0, 0);
}

/* An inlined function returns the n values from its slot a: they go
** where the call wanted them (missing ones nil), and the callee's slots
** are forgotten: no snapshot restores them. */
static void rec_recordreturn(Rec *r, int a, int n) {
  JitState *J = r->J;
  JitFrame *f = &J->frame[J->depth];
  IRRef vals[JIT_MAXSLOTS];
  int want = f->snap.nresults, k, s, func;
  if (n < 0 && (n = rec_uptotop(r, a)) < 0) return; /* up to the top */
  J->multres = -1;
  if (J->depth == 0) {
    rec_returnbelow(r, a, n);
    return;
  }
  func = f->base - 1 - rec_framemoved(f);
  if (f->finish != -1) { /* a metamethod: its first result goes where the instruction puts it */
    J->lastpc = J->frame[J->depth - 1].pt->code + f->snap.retpc - 1;
    if (f->finish >= 0) { /* (a comparison's, -2: the interpreter's jump follows it) */
      J->slot[f->finish] = n > 0 ? getslot(J, r->base, a) : ir_kpri(&J->ir, IRT_NIL);
      J->written[f->finish] = 1;
    }
    for (s = func; s < J->maxslot; s++)
      if (s != f->finish) {
        J->slot[s] = REF_NONE;
        J->written[s] = 0;
      }
    J->depth--;
    return;
  }
  if (want >= 0 && n > want) n = want; /* the rest are dropped */
  for (k = 0; k < n; k++) vals[k] = getslot(J, r->base, a + k);
  for (s = func + 1; s < J->maxslot; s++) {
    J->slot[s] = REF_NONE;
    J->written[s] = 0;
  }
  J->lastpc = J->frame[J->depth - 1].pt->code + f->snap.retpc - 1; /* the call */
  J->depth--;
  if (!rec_placeresults(J, func, vals, n, want)) r->abort = JA_TOO_LONG;
  if (f->tforslot >= 0 && r->abort == JA_OK) { /* the TFORLOOP, which the interpreter runs next */
    J->lastpc++;
    if (n > 0 && !ttisnil(s2v(r->base + a))) {
      J->slot[f->tforslot + 2] = J->slot[f->tforslot + 4]; /* the control variable */
      J->written[f->tforslot + 2] = 1;
    } else if (J->lastpc == J->startpc && J->depth == 0 && J->parent == NULL) {
      r->abort = JA_LOOP_EXIT;
    }
  }
}

/* A numeric for loop over floats (any of its values a float, and not
** both start and step integers): all three become floats, a zero step
** exits (the interpreter raises the error), and the loop is entered or
** skipped as it is now. */
static void rec_fltforprep(Rec *r, int a) {
  JitState *J = r->J;
  StkId ra = r->base + a;
  vm_Number vinit, vlimit, vstep;
  IRRef init, limit, step;
  int up, skip;
  if (!ttisnumber(s2v(ra)) || !ttisnumber(s2v(ra + 1)) || !ttisnumber(s2v(ra + 2)) ||
      nvalue(s2v(ra + 2)) == 0) {
    r->abort = JA_NYI_TYPE; /* strings to convert, or the error */
    return;
  }
  vinit = nvalue(s2v(ra));
  vlimit = nvalue(s2v(ra + 1));
  vstep = nvalue(s2v(ra + 2));
  init = rec_tonum(r, getslot(J, r->base, a));
  limit = rec_tonum(r, getslot(J, r->base, a + 1));
  step = rec_tonum(r, getslot(J, r->base, a + 2));
  emit(r, IR_FNE, IRT_VOID, step, ir_knum(&J->ir, 0.0));
  up = rec_fltstepsign(r, step, vstep);
  skip = up ? vlimit < vinit : vinit < vlimit;
  emit(r, skip ? IR_FLT : IR_FNLT, IRT_VOID, up ? limit : init, up ? init : limit);
  if (skip) return;
  setslot(J, a, init);
  setslot(J, a + 1, limit);
  setslot(J, a + 2, step);
  setslot(J, a + 3, init);
}

/* A numeric for loop over integers: the count of further iterations is
** (limit - start) / |step|, unsigned, as the interpreter's FORPREP computes
** it (a logical shift for a constant step of +-2^k; a variable step has
** its sign guarded), and the loop is entered or skipped as it is now.
** Float limits are NYI. */
static void rec_forprep(Rec *r) {
  JitState *J = r->J;
  int a = GETARG_A(r->i);
  StkId ra = r->base + a;
  IRRef init, limit, count, step;
  vm_Integer vstep;
  vm_Unsigned mag;
  int shift = 0, up;
  if (!ttisinteger(s2v(ra)) || !ttisinteger(s2v(ra + 2))) { rec_fltforprep(r, a); return; }
  vstep = ivalue(s2v(ra + 2));
  if (!ttisinteger(s2v(ra + 1)) || vstep == 0) { r->abort = JA_NYI_TYPE; return; }
  up = vstep > 0;
  init = getslot(J, r->base, a);
  limit = getslot(J, r->base, a + 1);
  step = getslot(J, r->base, a + 2);
  if (!ir_isconst(ir_at(&J->ir, step)->op)) /* its sign (0 is an error) */
    emit(r, up ? IR_GT : IR_LT, IRT_VOID, step, ir_kint(&J->ir, 0));
  setslot(J, a + 3, init);
  if (up ? ivalue(s2v(ra)) > ivalue(s2v(ra + 1)) : ivalue(s2v(ra)) < ivalue(s2v(ra + 1))) {
    emit(r, up ? IR_GT : IR_LT, IRT_VOID, init, limit); /* skipped */
    return;
  }
  emit(r, up ? IR_LE : IR_GE, IRT_VOID, init, limit);
  count = up ? emit(r, IR_SUB, IRT_INT, limit, init) : emit(r, IR_SUB, IRT_INT, init, limit);
  mag = up ? (vm_Unsigned)vstep : 0u - (vm_Unsigned)vstep;
  if (ir_isconst(ir_at(&J->ir, step)->op) && (mag & (mag - 1)) == 0) {
    while ((mag >> shift) != 1) shift++;
    if (shift > 0) count = emit(r, IR_SHR, IRT_INT, count, ir_kint(&J->ir, shift));
  } else { /* the count divided by |step| (-minint too), unsigned */
    count = emit(r, IR_UDIV, IRT_INT, count, up ? step : emit(r, IR_NEG, IRT_INT, step, REF_NONE));
  }
  setslot(J, a + 1, count);
}

/* A generic for's call (TFORCALL at pc) of an iterator of JIT_CCALLS
** (next, gmatch's): CALLC on the copies of the function, state and
** control the interpreter makes above them; the next instruction's
** recording reads the results and makes the TFORLOOP's copy of the
** control variable, guards exiting at the TFORLOOP (jit.c jit_record). */
static void rec_tforcallc(Rec *r, const Instruction *pc) {
  JitState *J = r->J;
  int a = GETARG_A(*pc), nvars = GETARG_C(*pc), c, k;
  const TValue *fv = s2v(r->base + a);
  vm_CFunction f = ttislcf(fv) ? fvalue(fv) : ttisCclosure(fv) ? clCvalue(fv)->f : NULL;
  IRRef fn;
  if (ttisLclosure(fv)) { /* inlined as a call of the copies, whose return is the TFORLOOP */
    int slot = framebase(J) + a;
    for (k = 0; k < 3; k++) setslot(J, a + 4 + k, getslot(J, r->base, a + k));
    rec_inlineframe(r, a + 4, 2, nvars, clLvalue(fv)->p, (uint32_t)(pc + 1 - J->frame[J->depth].pt->code), 0);
    if (r->abort == JA_OK) J->frame[J->depth].tforslot = slot;
    return;
  }
  if (f == NULL || (c = rec_ccallid(J, f)) < 0) {
    /* any other: the call made (CALLL; its TFORLOOP as after CALLC) */
    for (k = 0; k < 3; k++) setslot(J, a + 4 + k, getslot(J, r->base, a + k));
    rec_luacall(r, a + 4, 2, nvars);
    if (r->abort != JA_OK) return;
    J->waitpc = NULL;
    J->pendpc = pc + 1;
    J->pendtfor = framebase(J) + a;
    J->lastpc = pc + 1;
    return;
  }
  fn = getslot(J, r->base, a);
  emit(r, IR_EQ, IRT_VOID, ttislcf(fv) ? fn : emit(r, IR_FLOAD, IRT_PTR, fn, IRFL_CCL_F), ir_kptr(&J->ir, (void *)f));
  for (k = 0; k < 3; k++) setslot(J, a + 4 + k, getslot(J, r->base, a + k));
  if (!rec_ccall(r, c, a + 4, 2, nvars, framebase(J) + a + 4, fv + 1)) {
    if (r->abort == JA_OK) r->abort = JA_NYI_CALL;
    return;
  }
  J->pendpc = pc + 1;
  J->pendtfor = framebase(J) + a;
  J->lastpc = pc + 1; /* the loop instruction: a back-edge may come next */
}

/* A generic for's iterator call (TFORCALL at pc) and the TFORLOOP after
** it, which the interpreter runs without dispatching it: an ipairs loop
** over a table without a metatable. The control variable goes up by one;
** the next element is in the array part (its type guarded: nil ends the
** loop), or past it in a table without a hash part (the end). */
static void rec_tforcall(Rec *r, const Instruction *pc) {
  JitState *J = r->J;
  int a = GETARG_A(*pc), nvars = GETARG_C(*pc), k;
  StkId ra = r->base + a;
  const TValue *vt = s2v(ra + 1), *v;
  TValue kv;
  IRRef t, idx, ref, vals[2];
  Table *h;
  if (!ttislcf(s2v(ra)) || fvalue(s2v(ra)) != baselib_ipairsaux) {
    rec_tforcallc(r, pc);
    return;
  }
  if (!ttistable(vt) || !ttisinteger(s2v(ra + 2))) { r->abort = JA_NYI_TYPE; return; }
  if (hvalue(vt)->metatable != NULL) { r->abort = JA_NYI_META; return; }
  emit(r, IR_EQ, IRT_VOID, getslot(J, r->base, a), ir_klcf(&J->ir, (void *)baselib_ipairsaux));
  t = getslot(J, r->base, a + 1);
  rec_nometa(r, t);
  idx = emit(r, IR_ADD, IRT_INT, getslot(J, r->base, a + 2), ir_kint(&J->ir, 1));
  setivalue(&kv, (vm_Integer)((vm_Unsigned)ivalue(s2v(ra + 2)) + 1u));
  h = hvalue(vt);
  if ((vm_Unsigned)ivalue(&kv) - 1u < h->asize) {
    ref = rec_arrayref(r, t, idx, vt, &kv, &v);
    if (ref == REF_NONE) return;
    vals[1] = emit(r, IR_ALOAD, valtype(v), ref, 0);
  } else if (h->node == tab_dummynode()) {
    IRRef asize = emit(r, IR_FLOAD, IRT_INT, t, IRFL_TAB_ASIZE);
    emit(r, IR_UGE, IRT_VOID, emit(r, IR_SUB, IRT_INT, idx, ir_kint(&J->ir, 1)), asize);
    emit(r, IR_EQ, IRT_VOID, emit(r, IR_FLOAD, IRT_PTR, t, IRFL_TAB_NODE),
         ir_kptr(&J->ir, tab_dummynode()));
    v = &absentkey;
  } else {
    r->abort = JA_NYI_NILREAD; /* it could be in the hash part */
    return;
  }
  J->lastpc = pc + 1; /* the loop instruction: a back-edge may come next */
  if (ttisnil(v)) { /* ipairs returns nil: the loop ends */
    if (J->lastpc == J->startpc && J->depth == 0 && J->parent == NULL) r->abort = JA_LOOP_EXIT;
    for (k = 0; k < nvars; k++) setslot(J, a + 4 + k, ir_kpri(&J->ir, IRT_NIL));
    return;
  }
  vals[0] = idx;
  for (k = 0; k < nvars; k++) setslot(J, a + 4 + k, k < 2 ? vals[k] : ir_kpri(&J->ir, IRT_NIL));
  setslot(J, a + 2, idx); /* TFORLOOP: the control variable */
}

/* TFORPREP jumps to the TFORCALL, which runs at once: both are recorded.
** A closing value (the fourth value of the for) is NYI. */
static void rec_tforprep(Rec *r) {
  int a = GETARG_A(r->i);
  if (!ttisnil(s2v(r->base + a + 3))) { r->abort = JA_NYI_TYPE; return; }
  getslot(r->J, r->base, a + 3); /* its type guard: nil */
  rec_tforcall(r, r->pc + 1 + GETARG_Bx(r->i));
}

/* Whether S has open upvalues or to-be-closed variables at or above level */
static int rec_toclose(vm_State *S, StkId level) {
  return (S->openupval != NULL && uplevel(S->openupval) >= level) ||
         (S->ntbc > 0 && S->tbclist[S->ntbc - 1] >= savestack(S, level));
}

/* What CLOSE does at register a of the frame being recorded (and RETURN
** and TAILCALL with k at 0): to-be-closed variables abort (not recorded
** yet); open upvalues (of closures the trace made: FNEW) are closed
** (UCLO), the slots' values written first. The slots a loop keeps in
** registers (read before, or not at all: a captured loop variable) are
** not written: a loop closing upvalues is not peeled (as one making calls,
** jit.c), each iteration starts from the stack. */
static void rec_close(Rec *r, int a) {
  JitState *J = r->J;
  vm_State *S = J->thread;
  StkId level = r->base + a;
  if (S->ntbc > 0 && S->tbclist[S->ntbc - 1] >= savestack(S, level)) {
    r->abort = JA_NYI_BC;
  } else if (rec_toclose(S, level)) {
    rec_writeslots(r, framebase(J) + a);
    emit(r, IR_UCLO, IRT_VOID, (IRRef)(framebase(J) + a), 0);
    J->ncalll++;
  }
}

/* VARARG in the trace's own frame (depth 0), of a vararg function: its
** extra arguments, below the frame's base, are as many as the frame's
** CallInfo says (guarded: NVARG); they are read from there (SLOAD of
** slots below 0: never written in the frame). */
static void rec_varargbelow(Rec *r, int a, int want) {
  JitState *J = r->J;
  CallInfo *ci = curci(J);
  int nextra = ci->u.l.nextraargs, k;
  if (!J->frame[0].pt->is_vararg || nextra > JIT_MAXSLOTS / 4) { r->abort = JA_NYI_VARARG; return; }
  emit(r, IR_EQ, IRT_VOID, emit(r, IR_NVARG, IRT_INT, (IRRef)J->shift, 0), ir_kint(&J->ir, nextra));
  if (want < 0) {
    want = nextra;
    J->multres = a + nextra;
  }
  if (!rec_slotsto(J, a + want)) { r->abort = JA_TOO_LONG; return; }
  for (k = 0; k < want; k++) {
    IRRef v = ir_kpri(&J->ir, IRT_NIL);
    if (k < nextra)
      v = opt_emit(&J->opt, IR_SLOAD, valtype(s2v(r->base + k - 1 - nextra)),
                   (IRRef)(J->shift + k - 1 - nextra), 0);
    setslot(J, a + k, v);
  }
}

static void rec_recordins(Rec *r) {
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
    case OP_LOADK: setslot(J, a, rec_kvalue(r, &r->k[GETARG_Bx(i)])); break;
    case OP_LOADFALSE: setslot(J, a, ir_kpri(&J->ir, IRT_FALSE)); break;
    case OP_LOADTRUE: setslot(J, a, ir_kpri(&J->ir, IRT_TRUE)); break;
    case OP_LOADNIL: { /* B + 1 nils */
      int k;
      for (k = 0; k <= GETARG_B(i); k++) setslot(J, a + k, ir_kpri(&J->ir, IRT_NIL));
      break;
    }
    case OP_LFALSESKIP: setslot(J, a, ir_kpri(&J->ir, IRT_FALSE)); break;
    case OP_ADD: rec_arith(r, a, RB(), RC(), VB(), VC(), IR_ADD, IR_FADD); break;
    case OP_SUB: rec_arith(r, a, RB(), RC(), VB(), VC(), IR_SUB, IR_FSUB); break;
    case OP_MUL: rec_arith(r, a, RB(), RC(), VB(), VC(), IR_MUL, IR_FMUL); break;
    case OP_DIV: rec_arith(r, a, RB(), RC(), VB(), VC(), IR_NOP, IR_FDIV); break;
    case OP_IDIV: rec_arith(r, a, RB(), RC(), VB(), VC(), IR_IDIV, IR_NOP); break;
    case OP_MOD: rec_arith(r, a, RB(), RC(), VB(), VC(), IR_MOD, IR_FMOD); break;
    case OP_POW: rec_arith(r, a, RB(), RC(), VB(), VC(), IR_NOP, IR_FPOW); break;
    case OP_ADDK: rec_arith(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_ADD, IR_FADD); break;
    case OP_SUBK: rec_arith(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_SUB, IR_FSUB); break;
    case OP_MULK: rec_arith(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_MUL, IR_FMUL); break;
    case OP_DIVK: rec_arith(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_NOP, IR_FDIV); break;
    case OP_POWK: rec_arith(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_NOP, IR_FPOW); break;
    case OP_MODK: rec_arith(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_MOD, IR_FMOD); break;
    case OP_IDIVK: rec_arith(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_IDIV, IR_NOP); break;
    case OP_ADDI: {
      TValue kv;
      setivalue(&kv, GETARG_sC(i));
      rec_arith(r, a, RB(), rec_kvalue(r, &kv), VB(), &kv, IR_ADD, IR_FADD);
      break;
    }
    case OP_UNM: {
      IRRef x = RB();
      if (ttisinteger(VB())) setslot(J, a, emit(r, IR_NEG, IRT_INT, x, 0));
      else if (ttisfloat(VB())) setslot(J, a, emit(r, IR_FNEG, IRT_NUM, x, 0));
      else if (ttistable(VB())) rec_mmcall(r, x, x, VB(), VB(), TM_UNM, framebase(J) + a); /* __unm(x, x) */
      else r->abort = JA_NYI_TYPE;
      break;
    }
    case OP_LT: case OP_LE: case OP_EQ:
      rec_compare(r, getslot(J, base, a), RB(), s2v(base + a), VB(), op);
      break;
    case OP_EQK: {
      const TValue *kv = &r->k[GETARG_B(i)];
      rec_compare(r, getslot(J, base, a), rec_kvalue(r, kv), s2v(base + a), kv, OP_EQ);
      break;
    }
    case OP_LTI: case OP_LEI: case OP_GTI: case OP_GEI: case OP_EQI: rec_compareI(r, op); break;
    case OP_JMP: break; /* within the loop: the recorder follows the interpreter */
    case OP_GETI: {
      TValue kv;
      setivalue(&kv, GETARG_C(i));
      rec_getindex(r, a, RB(), ir_kint(&J->ir, GETARG_C(i)), VB(), &kv);
      break;
    }
    case OP_GETTABLE: rec_getindex(r, a, RB(), RC(), VB(), VC()); break;
    case OP_GETFIELD: rec_getfield(r, a, RB(), VB(), KCv()); break;
    case OP_SELF: rec_selfop(r, a, RB(), VB(), GETARG_k(i) ? KCv() : VC()); break;
    case OP_SETI: {
      TValue kv;
      const TValue *v = GETARG_k(i) ? KCv() : VC();
      IRRef val = GETARG_k(i) ? rec_kvalue(r, v) : RC();
      setivalue(&kv, GETARG_B(i));
      rec_setindex(r, getslot(J, base, a), ir_kint(&J->ir, GETARG_B(i)), val, s2v(base + a), &kv);
      break;
    }
    case OP_SETTABLE: {
      const TValue *v = GETARG_k(i) ? KCv() : VC();
      IRRef val = GETARG_k(i) ? rec_kvalue(r, v) : RC();
      rec_setindex(r, getslot(J, base, a), RB(), val, s2v(base + a), VB());
      break;
    }
    case OP_FORLOOP: rec_forloop(r); break;
    case OP_FORPREP: rec_forprep(r); break;
    case OP_TFORPREP: rec_tforprep(r); break;
    case OP_CLOSE: rec_close(r, a); break;
    case OP_CLOSURE: { /* its upvalues: the frame's registers stay the trace's (rec_upvalref) */
      Proto *p = J->frame[J->depth].pt->p[GETARG_Bx(i)];
      int fs = framebase(J) - 1; /* (a vararg frame's: the moved copy) */
      if (!rec_canalloc(r)) break;
      if (J->depth > 0 && J->written[fs] && J->slot[fs] != REF_NONE) /* (the enclosing closure) */
        emit(r, IR_SSTORE, IRT_VOID, (IRRef)(J->shift + fs), J->slot[fs]);
      setslot(J, a, emit(r, IR_FNEW, IRT_LCL, ir_kptr(&J->ir, p), (IRRef)framebase(J)));
      break;
    }
    case OP_TFORCALL: rec_tforcall(r, r->pc); break;
    case OP_TFORLOOP: { /* on its own: where an exit after the call resumes */
      IRRef v = getslot(J, base, a + 4); /* (its type guarded: nil or not) */
      if (!ttisnil(s2v(base + a + 4))) setslot(J, a + 2, v);
      break;
    }
    case OP_CALL: rec_recordcall(r, GETARG_C(i) - 1, 0); break;
    case OP_TAILCALL: /* in an inlined call */
      if (GETARG_k(i)) rec_close(r, 0); /* the frame's upvalues closed first */
      if (r->abort != JA_OK) {
        break;
      } else if (J->depth == 0) {
        if (ttisLclosure(s2v(base + a))) rec_tailbelow(r, a);
        else rec_ctailbelow(r, a);
      } else if (ttislcf(s2v(base + a))) { /* a library function: the call, then the return */
        rec_recordcall(r, -1, 1);
        if (r->abort == JA_OK && J->pendslot < 0) rec_recordreturn(r, a, -1); /* (CALLC returned) */
      } else if (ttisLclosure(s2v(base + a))) { /* (C: a vararg frame's, which goes back down) */
        int nargs = GETARG_B(i) - 1;
        if (nargs < 0 && (nargs = rec_uptotop(r, a + 1)) < 0) break; /* up to the top */
        J->multres = -1;
        rec_tailcall(r, a, nargs);
      } else {
        r->abort = JA_NYI_BC;
      }
      break;
    case OP_RETURN0: rec_recordreturn(r, a, 0); break;
    case OP_RETURN1: rec_recordreturn(r, a, 1); break;
    case OP_RETURN: /* (C: a vararg function's, which moves its frame back: rec_returnbelow) */
      /* k: it closes upvalues and to-be-closed variables at or above
      ** its base (a function with a generic for has it on every return):
      ** what is open now is closed (rec_close), in frame 0 too (a side
      ** trace returning below it: RETF checks at run time that nothing
      ** else is to be closed there) */
      if (GETARG_k(i)) rec_close(r, 0);
      if (r->abort == JA_OK) rec_recordreturn(r, a, GETARG_B(i) - 1);
      break;
    case OP_VARARGPREP: break; /* (the call's recording moved the frame) */
    case OP_VARARG: { /* C - 1 values (C = 0: all) from the extra arguments */
      int nextra = J->frame[J->depth].snap.nextra, want = GETARG_C(i) - 1, k;
      if (J->depth == 0) { rec_varargbelow(r, a, want); break; }
      if (want < 0) {
        want = nextra;
        J->multres = framebase(J) + a + nextra;
      }
      if (!rec_slotsto(J, framebase(J) + a + want)) { r->abort = JA_TOO_LONG; break; }
      for (k = 0; k < want; k++) /* (they sit below the function's slot, -1) */
        setslot(J, a + k, k < nextra ? getslot(J, r->base, k - 1 - nextra) : ir_kpri(&J->ir, IRT_NIL));
      break;
    }
    case OP_GETUPVAL: setslot(J, a, rec_getupval(r, GETARG_B(i))); break;
    case OP_SETUPVAL: {
      int s;
      IRRef v = getslot(J, base, a), uref = rec_upvalref(r, GETARG_B(i), &s);
      if (s >= 0) {
        J->slot[s] = v; /* a slot of the trace's frames */
        J->written[s] = 1;
        break;
      }
      emit(r, IR_USTORE, IRT_VOID, uref, v);
      if (rec_iscollectabletype(rec_reftype(r, v))) emit(r, IR_TBAR, IRT_VOID, uref, v);
      break;
    }
    case OP_GETTABUP: {
      const TValue *env = ci_func(curci(J))->upvals[GETARG_B(i)]->v;
      rec_getfield(r, a, rec_getupval(r, GETARG_B(i)), env, KCv());
      break;
    }
    case OP_SETTABUP: {
      const TValue *env = ci_func(curci(J))->upvals[a]->v;
      IRRef val = GETARG_k(i) ? rec_kvalue(r, KCv()) : RC();
      rec_setfield(r, rec_getupval(r, a), env, &r->k[GETARG_B(i)], val);
      break;
    }
    case OP_SETFIELD: {
      IRRef val = GETARG_k(i) ? rec_kvalue(r, KCv()) : RC();
      rec_setfield(r, getslot(J, base, a), s2v(base + a), &r->k[GETARG_B(i)], val);
      break;
    }
    case OP_TEST: getslot(J, base, a); break; /* the type guard decides */
    case OP_TESTSET: {
      IRRef v = RB();
      if (l_isfalse(VB()) != GETARG_k(i)) setslot(J, a, v);
      break;
    }
    case OP_NOT:
      RB();
      setslot(J, a, ir_kpri(&J->ir, l_isfalse(VB()) ? IRT_TRUE : IRT_FALSE));
      break;
    case OP_LEN: rec_len(r, a, RB(), VB()); break;
    case OP_CONCAT: { /* strings and numbers: no metamethods */
      int n = GETARG_B(i), k;
      for (k = 0; k < n; k++)
        if (!ttisstring(s2v(base + a + k)) && !ttisnumber(s2v(base + a + k))) r->abort = JA_NYI_TYPE;
      if (r->abort == JA_OK) rec_ccode(r, IR_CAT, a, n, (IRRef)(J->shift + framebase(J) + a), (IRRef)n, 1);
      break;
    }
    case OP_NEWTABLE: { /* sizes as the interpreter computes them */
      unsigned int hsize = GETARG_B(i) > 0 ? 1u << (GETARG_B(i) - 1) : 0;
      uint64_t asize = (uint64_t)GETARG_C(i);
      if (GETARG_k(i)) asize += (uint64_t)GETARG_Ax(r->pc[1]) * (MAXARG_C + 1);
      if (asize > 0xffffff) { r->abort = JA_NYI_BC; break; }
      if (rec_canalloc(r)) setslot(J, a, emit(r, IR_TNEW, IRT_TAB, (IRRef)asize, (IRRef)hsize));
      break;
    }
    case OP_SETLIST: { /* a constructor's list items, into its preallocated array part */
      int n = GETARG_B(i), k;
      vm_Integer last = GETARG_C(i);
      const TValue *vt = s2v(base + a);
      IRRef t = getslot(J, base, a);
      if (n == 0 && (n = rec_uptotop(r, a + 1)) < 0) break; /* up to the top */
      J->multres = -1;
      if (TESTARG_k(i)) last += (vm_Integer)GETARG_Ax(r->pc[1]) * (MAXARG_C + 1);
      if (!ttistable(vt)) { r->abort = JA_NYI_TYPE; break; }
      if (last + n > (vm_Integer)hvalue(vt)->asize) {
        /* past the array part, which the interpreter grows first (to
        ** exactly last + n slots: the same layout); then the stores need
        ** no bounds checks */
        IRRef arr;
        if (last + n > 0xffffff || !rec_canalloc(r)) { r->abort = JA_NYI_BC; break; }
        arr = emit(r, IR_TRESIZE, IRT_PTR, t, (IRRef)(last + n));
        for (k = 1; k <= n; k++) {
          IRRef v = getslot(J, base, a + k);
          emit(r, IR_ASTORE, IRT_VOID, emit(r, IR_AREF, IRT_PTR, arr, ir_kint(&J->ir, last + k - 1)), v);
          if (rec_iscollectabletype(rec_reftype(r, v))) emit(r, IR_TBAR, IRT_VOID, t, v);
        }
        break;
      }
      for (k = 1; k <= n && r->abort == JA_OK; k++) {
        TValue kv;
        setivalue(&kv, last + k);
        rec_setindex(r, t, ir_kint(&J->ir, last + k), getslot(J, base, a + k), vt, &kv);
      }
      break;
    }
    case OP_BAND: rec_bitop(r, a, RB(), RC(), VB(), VC(), IR_BAND); break;
    case OP_BOR: rec_bitop(r, a, RB(), RC(), VB(), VC(), IR_BOR); break;
    case OP_BXOR: rec_bitop(r, a, RB(), RC(), VB(), VC(), IR_BXOR); break;
    case OP_SHL: rec_bitop(r, a, RB(), RC(), VB(), VC(), IR_SHL); break;
    case OP_SHR: rec_bitop(r, a, RB(), RC(), VB(), VC(), IR_SHR); break;
    case OP_BANDK: rec_bitop(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_BAND); break;
    case OP_BORK: rec_bitop(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_BOR); break;
    case OP_BXORK: rec_bitop(r, a, RB(), rec_kvalue(r, KCv()), VB(), KCv(), IR_BXOR); break;
    case OP_SHRI: {
      TValue kv;
      setivalue(&kv, GETARG_sC(i));
      rec_bitop(r, a, RB(), rec_kvalue(r, &kv), VB(), &kv, IR_SHR);
      break;
    }
    case OP_SHLI: {
      TValue kv;
      setivalue(&kv, GETARG_sC(i));
      rec_bitop(r, a, rec_kvalue(r, &kv), RB(), &kv, VB(), IR_SHL);
      break;
    }
    case OP_BNOT:
      if (ttisinteger(VB())) setslot(J, a, emit(r, IR_BNOT, IRT_INT, RB(), 0));
      else r->abort = JA_NYI_TYPE;
      break;
    default: r->abort = JA_NYI_BC; break;
  }
#undef RB
#undef RC
#undef VB
#undef VC
#undef KCv
}

/* ----------------------------------------------------------------------
** Test sequences without branches (if-conversion)
** ---------------------------------------------------------------------- */

/* `if not a[i] and not b[j] and not c[k] then ... end` compiles to tests
** that each jump to the same place, T, when their value is true (TEST
** with k set, then JMP). When the values vary from one iteration of a
** loop to the next, a trace following one way through exits at another
** test each time (and the processor mispredicts each such branch). So
** when such a sequence of array reads comes, the recorder reads every tested
** slot's type tag (ATAG, no type guard) and one guard decides the sequence:
** all the values are false or nil when the tags' OR is at most T_FALSE.
** Reading what Lua would skip is safe: the sequence's instructions are pure
** (upvalue and array reads of tables without metatables, integer
** arithmetic on temporaries), and their guards (types, bounds) exit to
** the sequence's start, where the interpreter evaluates it as Lua does. The
** interpreter then runs the sequence itself while the recorder waits for it
** at T or after the sequence (J->skipto). */


#define SEQ_MAXTESTS 8
#define SEQ_MAXLEN 48

typedef struct TestSeq {
  const Instruction *start, *end;  /* its instructions */
  const Instruction *target;       /* where a true value jumps */
  const Instruction *load[SEQ_MAXTESTS]; /* each test's array read */
  int ntests;
} TestSeq;

/* Instructions a sequence may hold besides its tests: pure, and evaluated by
** rec_seqstep when they cannot fail */
static int rec_seqop(OpCode op) {
  switch (op) {
    case OP_MOVE: case OP_LOADI: case OP_LOADK: case OP_GETUPVAL: case OP_GETTABLE: case OP_GETI:
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_MOD: case OP_ADDI: case OP_ADDK: case OP_SUBK:
    case OP_MULK: case OP_MODK:
      return 1;
    default:
      return 0;
  }
}

/* Whether instruction i reads register reg */
static int rec_seqreads(Instruction i, int reg) {
  switch (GET_OPCODE(i)) {
    case OP_MOVE: case OP_GETI: case OP_ADDI: case OP_ADDK: case OP_SUBK: case OP_MULK: case OP_MODK:
      return GETARG_B(i) == reg;
    case OP_GETTABLE: case OP_ADD: case OP_SUB: case OP_MUL: case OP_MOD:
      return GETARG_B(i) == reg || GETARG_C(i) == reg;
    default: return 0;
  }
}

/* Active local variables of pt at pc (their registers are below) */
static int rec_nactive(const Proto *pt, const Instruction *pc) {
  int i, n = 0, at = (int)(pc - pt->code);
  for (i = 0; i < pt->sizelocvars && pt->locvars[i].startpc <= at; i++)
    if (at < pt->locvars[i].endpc) n++;
  return n;
}

/* A sequence of at least two tests starting at pc, whose registers no one
** reads after it (dead at T and after the sequence, and no local's) */
static int rec_findseq(JitState *J, const Proto *pt, const Instruction *pc, TestSeq *c) {
  const Instruction *p = pc, *seg = pc, *limit = pt->code + pt->sizecode, *w;
  const uint64_t *atend, *attarget;
  int tested = -1, low;
  c->ntests = 0;
  c->start = pc;
  c->end = NULL;
  c->target = NULL;
  while (p + 1 < limit && p - pc < SEQ_MAXLEN && c->ntests < SEQ_MAXTESTS) {
    Instruction i = op_unpatched(*p);
    OpCode op = GET_OPCODE(i);
    if (op == OP_TEST) {
      Instruction j = op_unpatched(p[1]);
      const Instruction *to = p + 2 + GETARG_sJ(j);
      int a = GETARG_A(i);
      if (!GETARG_k(i) || GET_OPCODE(j) != OP_JMP || (c->target != NULL && to != c->target)) break;
      for (w = p - 1; w >= seg && GETARG_A(op_unpatched(*w)) != a; w--) {}
      if (w < seg || (GET_OPCODE(op_unpatched(*w)) != OP_GETTABLE && GET_OPCODE(op_unpatched(*w)) != OP_GETI))
        break;
      c->target = to;
      c->load[c->ntests++] = w;
      tested = a;
      p += 2;
      seg = c->end = p;
      continue;
    }
    if (!rec_seqop(op) || (tested >= 0 && rec_seqreads(i, tested))) break;
    if (GETARG_A(i) == tested) tested = -1; /* (the tested value is gone) */
    p++;
  }
  if (c->ntests < 2 || c->target <= c->end || c->target >= limit) return 0;
  atend = snap_livein(J, pt, (uint32_t)(c->end - pt->code));
  attarget = snap_livein(J, pt, (uint32_t)(c->target - pt->code));
  if (atend == NULL || attarget == NULL) return 0;
  low = rec_nactive(pt, pc);
  if (rec_nactive(pt, c->end) > low) low = rec_nactive(pt, c->end);
  if (rec_nactive(pt, c->target) > low) low = rec_nactive(pt, c->target);
  for (w = pc; w < c->end; w++) {
    Instruction i = op_unpatched(*w);
    int a = GETARG_A(i);
    if (GET_OPCODE(i) == OP_TEST || GET_OPCODE(i) == OP_JMP) continue;
    if (a < low || ((atend[a >> 6] >> (a & 63)) & 1) || ((attarget[a >> 6] >> (a & 63)) & 1)) return 0;
  }
  return 1;
}

/* Runs pure instruction i on the stack at base as the interpreter would,
** when it can neither fail nor consult a metamethod; else returns 0 */
static int rec_seqstep(CallInfo *ci, StkId base, const TValue *k, Instruction i) {
  TValue *ra = s2v(base + GETARG_A(i)), *rb = s2v(base + GETARG_B(i)), *rc = s2v(base + GETARG_C(i));
  TValue kv;
  vm_Integer key;
  Table *t;
  switch (GET_OPCODE(i)) {
    case OP_MOVE: setobj(NULL, ra, rb); return 1;
    case OP_LOADI: setivalue(ra, GETARG_sBx(i)); return 1;
    case OP_LOADK: setobj(NULL, ra, &k[GETARG_Bx(i)]); return 1;
    case OP_GETUPVAL: setobj(NULL, ra, ci_func(ci)->upvals[GETARG_B(i)]->v); return 1;
    case OP_GETTABLE: case OP_GETI:
      if (GET_OPCODE(i) == OP_GETTABLE && !ttisinteger(rc)) return 0;
      key = GET_OPCODE(i) == OP_GETI ? GETARG_C(i) : ivalue(rc);
      if (!ttistable(rb)) return 0;
      t = hvalue(rb);
      if (t->metatable != NULL || (vm_Unsigned)key - 1u >= t->asize) return 0;
      setobj(NULL, ra, &t->array[key - 1]);
      return 1;
    case OP_ADDI: setivalue(&kv, GETARG_sC(i)); rc = &kv; goto add;
    case OP_ADDK: rc = (TValue *)&k[GETARG_C(i)]; goto add;
    case OP_SUBK: rc = (TValue *)&k[GETARG_C(i)]; goto sub;
    case OP_ADD:
    add:
      if (!ttisinteger(rb) || !ttisinteger(rc)) return 0;
      setivalue(ra, (vm_Integer)((vm_Unsigned)ivalue(rb) + (vm_Unsigned)ivalue(rc)));
      return 1;
    case OP_SUB:
    sub:
      if (!ttisinteger(rb) || !ttisinteger(rc)) return 0;
      setivalue(ra, (vm_Integer)((vm_Unsigned)ivalue(rb) - (vm_Unsigned)ivalue(rc)));
      return 1;
    case OP_MULK: rc = (TValue *)&k[GETARG_C(i)]; /* FALLTHROUGH */
    case OP_MUL:
      if (!ttisinteger(rb) || !ttisinteger(rc)) return 0;
      setivalue(ra, (vm_Integer)((vm_Unsigned)ivalue(rb) * (vm_Unsigned)ivalue(rc)));
      return 1;
    case OP_MODK: rc = (TValue *)&k[GETARG_C(i)]; /* FALLTHROUGH */
    case OP_MOD: /* (a zero divisor is an error) */
      if (!ttisinteger(rb) || !ttisinteger(rc) || ivalue(rc) == 0) return 0;
      setivalue(ra, interp_mod(NULL, ivalue(rb), ivalue(rc)));
      return 1;
    default: return 0;
  }
}

/* Puts back what the sequence's first nsaved instructions overwrote (in
** the stack, and in J->slot: its registers are dead after the sequence) */
static void rec_sequndo(Rec *r, const TestSeq *c, const TValue *saved, const IRRef *savedslot,
                      const uint8_t *savedwritten, int nsaved) {
  JitState *J = r->J;
  const Instruction *w;
  int k = 0, a[SEQ_MAXLEN];
  for (w = c->start; w < c->end && k < nsaved; w++) {
    if (GET_OPCODE(op_unpatched(*w)) == OP_TEST) { w++; continue; }
    a[k++] = GETARG_A(op_unpatched(*w));
  }
  while (k-- > 0) {
    setobj(NULL, s2v(r->base + a[k]), &saved[k]);
    J->slot[framebase(J) + a[k]] = savedslot[k];
    J->written[framebase(J) + a[k]] = savedwritten[k];
  }
}

/* Records the sequence starting at r->pc, if there is one: returns 1 when it
** did (or failed: r->abort), 0 when the instruction is to be recorded as
** usual. */
static int rec_testseq(Rec *r, CallInfo *ci) {
  JitState *J = r->J;
  const Proto *pt = J->frame[J->depth].pt;
  TestSeq c;
  TValue saved[SEQ_MAXLEN];
  IRRef savedslot[SEQ_MAXLEN], tags = REF_NONE;
  uint8_t savedwritten[SEQ_MAXLEN];
  const Instruction *w;
  int n = 0, t = 0, pass = 1;
  if (!rec_findseq(J, pt, r->pc, &c)) return 0;
  memset(saved, 0, sizeof(saved)); /* (only the first n are read: for the compiler) */
  memset(savedslot, 0, sizeof(savedslot));
  memset(savedwritten, 0, sizeof(savedwritten));
  /* a dry run: can every instruction run, and which way does the sequence go? */
  for (w = c.start; w < c.end; w++) {
    Instruction i = op_unpatched(*w);
    if (GET_OPCODE(i) == OP_TEST) {
      if (!l_isfalse(s2v(r->base + GETARG_A(i)))) pass = 0;
      w++;
      continue;
    }
    setobj(NULL, &saved[n], s2v(r->base + GETARG_A(i)));
    savedslot[n] = J->slot[framebase(J) + GETARG_A(i)];
    savedwritten[n++] = J->written[framebase(J) + GETARG_A(i)];
    if (!rec_seqstep(ci, r->base, r->k, i)) {
      rec_sequndo(r, &c, saved, savedslot, savedwritten, n);
      return 0;
    }
  }
  rec_sequndo(r, &c, saved, savedslot, savedwritten, n);
  /* the recording: the tested reads as tags, the rest as usual; every
  ** guard exits to the sequence's start (the snapshot taken there) */
  for (w = c.start; w < c.end && r->abort == JA_OK; w++) {
    Instruction i = op_unpatched(*w);
    if (GET_OPCODE(i) == OP_TEST) { w++; continue; }
    if (J->dump && w != c.start && !jit_logins(J, w)) r->abort = JA_NOMEM;
    if (t < c.ntests && w == c.load[t]) {
      StkId base = r->base;
      TValue kv;
      const TValue *vk = s2v(base + GETARG_C(i)), *v;
      IRRef tab = getslot(J, base, GETARG_B(i)), key, ref;
      if (GET_OPCODE(i) == OP_GETI) {
        setivalue(&kv, GETARG_C(i));
        vk = &kv;
        key = ir_kint(&J->ir, GETARG_C(i));
      } else {
        key = getslot(J, base, GETARG_C(i));
      }
      ref = rec_arrayref(r, tab, key, s2v(base + GETARG_B(i)), vk, &v);
      if (ref == REF_NONE) break;
      rec_nometa(r, tab); /* (a nil read would consult a metatable's __index) */
      ref = emit(r, IR_ATAG, IRT_INT, ref, 0);
      tags = tags == REF_NONE ? ref : emit(r, IR_BOR, IRT_INT, tags, ref);
      t++;
    } else {
      Rec rr = *r;
      rr.pc = w;
      rr.i = i;
      rec_recordins(&rr);
      r->abort = rr.abort;
    }
    rec_seqstep(ci, r->base, r->k, i);
  }
  rec_sequndo(r, &c, saved, savedslot, savedwritten, n);
  if (r->abort != JA_OK || J->ir.oom || J->opt.guardfails) return 1;
  /* the one guard: every value false (tags <= T_FALSE), or not */
  if (!snap_take(J, pass ? c.target : c.end)) {
    r->abort = JA_NOMEM;
    return 1;
  }
  emit(r, pass ? IR_ULE : IR_UGT, IRT_VOID, tags, ir_kint(&J->ir, T_FALSE));
  J->skipfrom = c.start;
  J->skipto = pass ? c.end : c.target;
  return 1;
}

/* The instruction at pc of frame ci (being recorded: jit_record) into IR:
** with the test sequence it starts, if it starts one the interpreter may
** take at once; JA_OK or why it cannot be recorded */
JitAbort rec_instruction(JitState *J, CallInfo *ci, const Instruction *pc) {
  Rec r;
  r.J = J;
  r.pc = pc;
  r.base = ci->func + 1;
  r.k = ci_func(ci)->p->k;
  r.i = op_unpatched(*pc);
  r.abort = JA_OK;
  if (!rec_testseq(&r, ci)) rec_recordins(&r);
  return r.abort;
}
