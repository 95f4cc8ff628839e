/*
** loop.c — what a recorded loop becomes before the backend sees it: the
** peeled loop (loop_peel: the recorded iteration is the pre-loop, a copy
** through the optimizer the loop body, with PHIs and the copies of the
** snapshots), the bounds checks hoisted out of the body when the index
** is the loop's induction variable (loop_abcguards), and links from a
** trace's end into another trace's loop body (loop_link: the recorded
** values replayed against the loop's entry snapshot).
*/
#include "jitpriv.h"

/* Loop peeling. The recorded body ran once; it becomes the pre-loop, and
** a copy of it, emitted through the optimizer after the LOOP marker, the
** loop proper. In the copy a slot the body wrote reads the value the body
** left there (the previous iteration's), and everything else is
** re-emitted with its operands substituted, so what does not depend on
** loop-carried values comes out of CSE as the pre-loop's instruction:
** invariant loads, type guards and bounds checks run once. Where a slot's
** value at the end of the copy differs from its value at the LOOP, a PHI
** says that the back-edge moves the new value into the old one's place.
** Guards in the copy get copies of their snapshots: the original's slots
** with the copy's values, and every other slot the loop leaves written
** with the previous iteration's value (slots of inlined calls are
** forgotten when they return). Returns JA_OK or why it failed. */
static JitAbort loop_copysnap(JitState *J, uint32_t sn, const IRRef *subst, uint32_t *out) {
  IRBuf *b = &J->ir;
  IRSnap orig = b->snap[sn]; /* a copy: adding one may move the array */
  uint32_t k = 0;
  SnapLive sl;
  int s;
  sl.live = NULL; /* (an inlined call's frame: the slots as they were) */
  if (orig.depth == 0) snap_live(J, &sl, J->frame[0].pt, orig.pc, 0);
  if (!ir_addsnap(b, orig.pc, orig.nslots)) return JA_NOMEM;
  b->snap[b->nsnap - 1].frameofs = orig.frameofs;
  b->snap[b->nsnap - 1].depth = orig.depth;
  b->snap[b->nsnap - 1].top = orig.top;
  b->snap[b->nsnap - 1].fresh = orig.fresh;
  b->snap[b->nsnap - 1].nfresh = orig.nfresh;
  b->snap[b->nsnap - 1].stale = orig.stale;
  b->snap[b->nsnap - 1].pt = orig.pt;
  for (s = 0; s < J->maxslot; s++) {
    IRRef ref;
    while (k < orig.nent && b->snapmap[orig.mapofs + k].slot < s) k++;
    if (k < orig.nent && b->snapmap[orig.mapofs + k].slot == s)
      ref = subst[b->snapmap[orig.mapofs + k].ref];
    else if (s - orig.fresh >= 0 && s - orig.fresh < orig.nfresh)
      continue; /* (C code's results: the frame's) */
    else if (J->written[s] && J->slot[s] != REF_NONE && snap_keepslot(&sl, s))
      ref = J->slot[s];
    else
      continue;
    if (!ir_addsnapentry(b, (uint16_t)s, ref)) return JA_NOMEM;
  }
  *out = b->nsnap - 1;
  return JA_OK;
}

/* The PHIs. A pre-loop value the loop uses stands, in the loop, for its
** own copy one iteration earlier: the pre-loop is the first iteration,
** so at the back-edge each such value that is not invariant (its copy is
** another instruction) takes its copy's value. That covers the values
** slots carry (a slot read in the loop reads the pre-loop's value), and
** pre-loop instructions the copy was CSE'd to. A PHI's new value, if a
** pre-loop one, is itself used in the loop, and so on: a worklist. */
static JitAbort loop_addphis(JitState *J, const IRRef *subst, IRRef nbody, uint32_t nsnap1) {
  IRBuf *b = &J->ir;
  IRRef loop = b->loopref, end = b->n, ref;
  uint8_t *need = (uint8_t *)calloc(nbody, 1);
  IRRef *work = (IRRef *)malloc(nbody * sizeof(IRRef));
  uint32_t nwork = 0, k;
  JitAbort why = JA_OK;
#define NEED(x) do { IRRef x_ = (x); \
    if (x_ < loop && !ir_isconst(b->ins[x_].op) && !need[x_]) { need[x_] = 1; work[nwork++] = x_; } \
  } while (0)
  if (need == NULL || work == NULL) { why = JA_NOMEM; goto done; }
  for (ref = loop + 1; ref < end; ref++) {
    const IRIns *ins = &b->ins[ref];
    if (ir_isconst(ins->op)) continue;
    if (ir_opmode[ins->op][0] == IRM_REF && ins->op1 != REF_NONE) NEED(ins->op1);
    if (ir_opmode[ins->op][1] == IRM_REF && ins->op2 != REF_NONE) NEED(ins->op2);
  }
  for (k = nsnap1; k < b->nsnap; k++) {
    uint32_t e;
    for (e = 0; e < b->snap[k].nent; e++) NEED(b->snapmap[b->snap[k].mapofs + e].ref);
  }
  while (nwork > 0) {
    IRRef x = work[--nwork];
    if (subst[x] == REF_NONE) { why = JA_NYI_IR; goto done; }
    if (subst[x] != x) NEED(subst[x]);
  }
  for (ref = REF_FIRST; ref < loop; ref++) {
    if (!need[ref] || subst[ref] == ref) continue;
    if (b->ins[ref].type != b->ins[subst[ref]].type) { why = JA_LOOP_UNSTABLE; goto done; }
    if (ir_append(b, IR_PHI, (IRType)b->ins[ref].type, ref, subst[ref]) == REF_NONE) {
      why = JA_NOMEM;
      goto done;
    }
  }
#undef NEED
done:
  free(need);
  free(work);
  return why;
}

/* A snapshot where the loop body starts: the written slots it needs, of
** the values in J->slot (through subst, the loop copy's, unless NULL).
** Returns 0 when memory ran out. */
static int loop_bodysnap(JitState *J, const IRRef *subst) {
  uint32_t pc = (uint32_t)(J->bodypc - J->frame[0].pt->code);
  SnapLive sl;
  int s;
  snap_live(J, &sl, J->frame[0].pt, pc, 0);
  if (!ir_addsnap(&J->ir, pc, (uint16_t)J->maxslot)) return 0;
  if (J->frame[0].stale != NULL) J->ir.snap[J->ir.nsnap - 1].stale = (int32_t)(J->frame[0].stale - J->frame[0].pt->code);
  J->ir.snap[J->ir.nsnap - 1].pt = J->frame[0].pt;
  for (s = 0; s < J->maxslot; s++)
    if (J->written[s] && J->slot[s] != REF_NONE && snap_keepslot(&sl, s) &&
        !ir_addsnapentry(&J->ir, (uint16_t)s, subst != NULL ? subst[J->slot[s]] : J->slot[s]))
      return 0;
  return 1;
}

/* The slots' values where the loop body starts (JitTrace.loopsnap): the
** values the peeled iteration left, which the body takes as the previous
** iteration's. After the PHIs, so that no PHI comes of it. */
static JitAbort loop_loopentry(JitState *J, uint32_t *loopsnap) {
  if (!loop_bodysnap(J, NULL)) return JA_NOMEM;
  *loopsnap = J->ir.nsnap - 1;
  return JA_OK;
}

/* An array index (0-based) as loop_abcguards takes it: s * i + the leaves
** with their signs + k, i the loop index (s = 1 or -1), the leaves other
** values (up to 3), k a constant (each below 2^31 in size) */
typedef struct AbcForm {
  int s, nleaf;
  IRRef leaf[3];
  int sign[3];
  int64_t k;
} AbcForm;

static int loop_abcform(const IRBuf *b, IRRef ref, IRRef v0, int sign, int depth, AbcForm *f) {
  const IRIns *x = &b->ins[ref];
  if (ref == v0) {
    if (f->s != 0) return 0;
    f->s = sign;
    return 1;
  }
  if (x->op == IR_KINT) {
    if (x->k.i <= -((int64_t)1 << 31) || x->k.i >= ((int64_t)1 << 31)) return 0;
    f->k += sign * x->k.i;
    return 1;
  }
  if ((x->op == IR_ADD || x->op == IR_SUB) && x->type == IRT_INT && depth < 3)
    return loop_abcform(b, x->op1, v0, sign, depth + 1, f) &&
           loop_abcform(b, x->op2, v0, x->op == IR_SUB ? -sign : sign, depth + 1, f);
  if (ir_isconst(x->op) || f->nleaf == 3) return 0;
  f->leaf[f->nleaf] = ref;
  f->sign[f->nleaf++] = sign;
  return 1;
}

/* Array bounds checks a numeric for loop's body need not repeat. The
** body runs with the loop index i taking the values first, first + step,
** ..., last: first and the count of iterations after it as the peeled
** iteration's FORLOOP leaves them, last = first + count * step (wrapping,
** which is exact: last is a valid integer). A bounds guard ULT(x, n) the
** peeled iteration made for an array access (J->abc), x = s * i + r with
** s = 1 or -1 and r a constant or a sum of values from outside the loop
** (t[i + 1], t[row + c], t[row - c + n]), holds in every iteration of the
** body when it holds for first and last, r stays and n stays: x moves one
** way, and no value between two that pass wraps (n < 2^32, |r| < 2^31,
** which a guard checks where r is not a constant). Those guards go at the
** end of the peeled iteration, with a snapshot of the body's start;
** loop_peel leaves the guard's copy out of the body when n and r's values
** are invariant there (CSE gave the peeled iteration's). Only when they
** hold now: a loop running past the array's end to a break keeps its
** check in the body rather than exit at every entry. Marks the covered
** guards; sets J->abcfrom to the first guard added. Returns 0 when
** memory ran out. */
static int loop_abcguards(JitState *J) {
  IRBuf *b = &J->ir;
  Instruction i = op_unpatched(*J->startpc);
  const TValue *ra;
  IRRef v0 = REF_NONE, last = REF_NONE, first, ref;
  uint64_t vfirst, vlast, vstep;
  uint32_t e;
  int a, l;
  JitPenalty *p = jit_findpenalty(J, J->startpc);
  if (J->parent != NULL || J->depth != 0 || J->shift != 0 || J->nabc == 0 ||
      GET_OPCODE(i) != OP_FORLOOP || (p != NULL && p->noabc))
    return 1;
  a = GETARG_A(i);
  ra = s2v(J->frame[0].ci->func + 1 + a); /* as the FORLOOP left them */
  first = J->slot[a];
  if (!ttisinteger(ra) || !ttisinteger(ra + 2) || first == REF_NONE || J->slot[a + 1] == REF_NONE ||
      J->slot[a + 2] == REF_NONE)
    return 1;
  vfirst = (uint64_t)ivalue(ra);
  vstep = (uint64_t)ivalue(ra + 2);
  vlast = vfirst + (uint64_t)ivalue(ra + 1) * vstep;
  for (ref = REF_FIRST; ref < b->n && v0 == REF_NONE; ref++)
    if (b->ins[ref].op == IR_SLOAD && b->ins[ref].op1 == (IRRef)(a + 3)) v0 = ref;
  for (e = 0; e < J->nabc && v0 != REF_NONE; e++) {
    const IRIns *g = &b->ins[J->abc[e].guard];
    IRRef n = g->op2, r, x;
    AbcForm f;
    uint64_t vr, s;
    memset(&f, 0, sizeof f);
    if (g->op != IR_ULT || !loop_abcform(b, g->op1, v0, 1, 0, &f) || f.s == 0) continue;
    /* r's value now: the index less s times the peeled iteration's i */
    s = (uint64_t)(int64_t)f.s;
    vr = (uint64_t)J->abc[e].index - s * (vfirst - vstep);
    if (f.nleaf > 0 && ((int64_t)vr < -((int64_t)1 << 31) || (int64_t)vr >= ((int64_t)1 << 31))) continue;
    if (vr + s * vfirst >= J->abc[e].asize || vr + s * vlast >= J->abc[e].asize) continue;
    if (last == REF_NONE) {
      if (!loop_bodysnap(J, NULL)) return 0;
      J->opt.cursnap = b->nsnap - 1;
      J->abcfrom = b->n;
      last = opt_emit(&J->opt, IR_ADD, IRT_INT, first,
                      opt_emit(&J->opt, IR_MUL, IRT_INT, J->slot[a + 1], J->slot[a + 2]));
    }
    r = ir_kint(b, f.k);
    for (l = 0; l < f.nleaf; l++) r = opt_emit(&J->opt, f.sign[l] > 0 ? IR_ADD : IR_SUB, IRT_INT, r, f.leaf[l]);
    if (f.nleaf > 0) {
      opt_emit(&J->opt, IR_GE, IRT_VOID, r, ir_kint(b, -((int64_t)1 << 31)));
      opt_emit(&J->opt, IR_LE, IRT_VOID, r, ir_kint(b, ((int64_t)1 << 31) - 1));
    }
    x = f.s > 0 ? opt_emit(&J->opt, IR_ADD, IRT_INT, first, r) : opt_emit(&J->opt, IR_SUB, IRT_INT, r, first);
    opt_emit(&J->opt, IR_ULT, IRT_VOID, x, n);
    x = f.s > 0 ? opt_emit(&J->opt, IR_ADD, IRT_INT, last, r) : opt_emit(&J->opt, IR_SUB, IRT_INT, r, last);
    opt_emit(&J->opt, IR_ULT, IRT_VOID, x, n);
    if (b->oom) return 0;
    J->abc[e].covered = 1;
    J->abc[e].nleaf = (uint8_t)f.nleaf;
    for (l = 0; l < f.nleaf; l++) J->abc[e].leaf[l] = f.leaf[l];
  }
  /* out of CSE's sight: in the body, first stands for the index of the
  ** iteration before, so the body's first + k is not this one */
  for (ref = b->n; last != REF_NONE && ref-- > J->abcfrom;)
    if (!ir_isconst(b->ins[ref].op) && b->oplist[b->ins[ref].op] == ref)
      b->oplist[b->ins[ref].op] = b->ins[ref].prev;
  return 1;
}

/* Whether the body's copy of guard ref, of operands x and n there, may be
** left out (loop_abcguards): n and the leaves of x are the same there */
static int loop_abccovered(const JitState *J, IRRef ref, IRRef n, IRRef ncopy, const IRRef *subst) {
  uint32_t e;
  int l;
  for (e = 0; e < J->nabc; e++)
    if (J->abc[e].guard == ref) {
      if (!J->abc[e].covered || ncopy != n) return 0;
      for (l = 0; l < J->abc[e].nleaf; l++)
        if (subst[J->abc[e].leaf[l]] != J->abc[e].leaf[l]) return 0;
      return 1;
    }
  return 0;
}

JitAbort loop_peel(JitState *J, uint32_t *endsnap, uint32_t *loopsnap) {
  IRBuf *b = &J->ir;
  IRRef nbody, ref, loop;
  uint32_t nsnap1, k;
  IRRef *subst;
  uint32_t *snapcopy;
  uint8_t *opaque;
  JitAbort why = JA_OK;
  int s;
  if (!loop_abcguards(J)) return JA_NOMEM;
  nbody = b->n;
  nsnap1 = b->nsnap;
  subst = (IRRef *)calloc(nbody, sizeof(IRRef));
  snapcopy = (uint32_t *)malloc((nsnap1 ? nsnap1 : 1) * sizeof(uint32_t));
  opaque = (uint8_t *)calloc(nbody, 1);
  if (subst == NULL || snapcopy == NULL || opaque == NULL) { why = JA_NOMEM; goto done; }
  for (s = 0; s < J->maxslot; s++)
    if (J->written[s] && J->slot[s] != REF_NONE) opaque[J->slot[s]] = 1;
  J->opt.opaque = opaque;
  J->opt.nopaque = nbody;
  for (k = 0; k < nsnap1; k++) snapcopy[k] = UINT32_MAX;
  loop = ir_append(b, IR_LOOP, IRT_VOID, 0, 0);
  if (loop == REF_NONE) { why = JA_NOMEM; goto done; }
  b->loopref = loop;
  for (ref = REF_FIRST; ref < nbody; ref++) {
    IRIns ins = b->ins[ref]; /* a copy: emitting may move the array */
    IRRef x, y, nref;
    if (ir_isconst(ins.op) || (J->abcfrom != REF_NONE && ref >= J->abcfrom)) {
      subst[ref] = ref; /* (loop_abcguards' checks of the whole loop: not per iteration) */
      continue;
    }
    if (ins.op == IR_NOP) continue;
    if (ins.op == IR_ULT && loop_abccovered(J, ref, ins.op2, subst[ins.op2], subst)) continue;
    if (ins.op == IR_SLOAD) {
      int slot = (int)(int32_t)ins.op1;
      if (slot >= 0 && J->written[slot] && J->slot[slot] != REF_NONE) {
        if (b->ins[J->slot[slot]].type != ins.type) { why = JA_LOOP_UNSTABLE; goto done; }
        subst[ref] = J->slot[slot];
      } else {
        subst[ref] = ref; /* not written in the loop: invariant */
      }
      continue;
    }
    if (ir_isguard(ins.op)) {
      if (snapcopy[ins.snap] == UINT32_MAX) {
        why = loop_copysnap(J, ins.snap, subst, &snapcopy[ins.snap]);
        if (why != JA_OK) goto done;
      }
      J->opt.cursnap = snapcopy[ins.snap];
    }
    x = ir_opmode[ins.op][0] == IRM_REF ? subst[ins.op1] : ins.op1;
    y = ir_opmode[ins.op][1] == IRM_REF ? subst[ins.op2] : ins.op2;
    nref = opt_emit(&J->opt, (IROp)ins.op, (IRType)ins.type, x, y);
    if (b->oom) { why = JA_NOMEM; goto done; }
    if (J->opt.guardfails) { why = JA_GUARD_FAILS; goto done; }
    if (ins.op == IR_HREFK && nref == b->n - 1 && nref > loop) b->ins[nref].k = ins.k;
    subst[ref] = nref;
  }
  /* the back-edge's snapshot: the loop body starts again */
  if (!loop_bodysnap(J, subst)) {
    why = JA_NOMEM;
    goto done;
  }
  *endsnap = b->nsnap - 1;
  why = loop_addphis(J, subst, nbody, nsnap1);
  if (why == JA_OK) why = loop_loopentry(J, loopsnap);
done:
  J->opt.opaque = NULL;
  J->opt.nopaque = 0;
  free(subst);
  free(snapcopy);
  free(opaque);
  return why;
}

/* Memory or the frames changed, or something happened (a call, an
** allocation): what a loop-body link may not have on its way */
#define effectful(op) ((ir_opflags[op] & (IRF_STORE | IRF_ALLOC | IRF_EFFECT | IRF_GCSTEP)) != 0)

typedef struct LoopLink {
  JitState *J;
  const JitTrace *R;
  const IRSnap *entry;     /* R's loopsnap */
  IRRef *avail, *memo;     /* R's ref -> T's PVAL of it, or T's replay of it */
  uint8_t *changed;        /* per slot: written since R's exit */
  int variant;             /* replay met a slot R writes: not invariant */
  int stores;              /* table values or upvalues written since R's exit */
} LoopLink;

static int loop_inloopsnap(const JitTrace *R, const IRSnap *entry, uint32_t slot) {
  uint32_t k;
  for (k = 0; k < entry->nent; k++)
    if (R->ir.snapmap[entry->mapofs + k].slot == slot) return 1;
  return 0;
}

int jit_loopslot(const JitTrace *R, uint32_t slot) { return loop_inloopsnap(R, &R->ir.snap[R->loopsnap], slot); }

/* T's value of R's invariant x, or REF_NONE when x is not invariant (it
** reads a slot R writes: L->variant is set) or cannot be computed again
** (another type in a slot, a guard that always fails...) */
static IRRef loop_replay(LoopLink *L, IRRef x) {
  JitState *J = L->J;
  const IRIns *xi = &L->R->ir.ins[x];
  IRRef a, b, v;
  if (ir_isconst(xi->op)) return ir_kcopy(&J->ir, xi);
  if (L->avail[x] != REF_NONE) return L->avail[x];
  if (L->memo[x] != REF_NONE) return L->memo[x];
  if (xi->op == IR_SLOAD) {
    int32_t slot = (int32_t)xi->op1;
    if (slot >= 0 && slot < J->maxslot && loop_inloopsnap(L->R, L->entry, (uint32_t)slot)) {
      L->variant = 1;
      return REF_NONE;
    }
    if (slot < 0 || slot >= J->maxslot || L->changed[slot]) return REF_NONE;
    v = J->slot[slot] != REF_NONE ? J->slot[slot] : loadslot(J, slot, (IRType)xi->type);
    if (v == REF_NONE || J->ir.ins[v].type != xi->type) return REF_NONE;
  } else {
    if (effectful(xi->op) || xi->op == IR_PHI || xi->op == IR_RLOAD || xi->op == IR_LOOP || xi->op == IR_NOP)
      return REF_NONE;
    a = xi->op1;
    b = xi->op2;
    if (ir_opmode[xi->op][0] == IRM_REF && a != REF_NONE && (a = loop_replay(L, a)) == REF_NONE) return REF_NONE;
    if (ir_opmode[xi->op][1] == IRM_REF && b != REF_NONE && (b = loop_replay(L, b)) == REF_NONE) return REF_NONE;
    v = opt_emit(&J->opt, (IROp)xi->op, (IRType)xi->type, a, b);
    if (J->opt.guardfails || J->ir.oom) return REF_NONE;
    /* a comparison guard that holds (folded) or was checked (redundant)
    ** emits nothing: done, all the same */
    if (v == REF_NONE && ir_isguard(xi->op) && xi->type == IRT_VOID) v = ir_kint(&J->ir, 0);
    if (v == REF_NONE) return REF_NONE;
    if (xi->op == IR_HREFK && v == J->ir.n - 1) J->ir.ins[v].k = xi->k;
  }
  L->memo[x] = v;
  return v;
}

/* The snapshot of P's parent whose exit leads into P */
static const IRSnap *loop_exitsnap(const JitTrace *P) {
  uint32_t k;
  for (k = 0; k < P->parent->ir.nsnap; k++)
    if (P->parent->side != NULL && P->parent->side[k] == P) return &P->parent->ir.snap[k];
  return NULL;
}

/* Stores into table values and upvalues: a loop-body link may have them
** on its way, taking anew what of the loop's invariants they may change */
#define valuestore(op) ((op) == IR_ASTORE || (op) == IR_HSTORE || (op) == IR_USTORE || (op) == IR_AHINT)

/* Whether instructions from..to-1 have effects other than valuestores;
** sets *stores when they have those */
static int loop_hardeffects(const IRBuf *ir, IRRef from, IRRef to, int *stores) {
  IRRef x;
  for (x = from; x < to; x++) {
    if (valuestore(ir->ins[x].op)) *stores = 1;
    else if (effectful(ir->ins[x].op)) return 1;
  }
  return 0;
}

/* Whether instructions from..to-1 have effects */
static int loop_haseffects(const IRBuf *ir, IRRef from, IRRef to) {
  IRRef x;
  for (x = from; x < to; x++)
    if (effectful(ir->ins[x].op)) return 1;
  return 0;
}

/* Fills L->changed and L->avail from the path of side traces from R's
** exit to T; returns R's exit snapshot, or NULL when an exit on the path
** is not in the loop's frame or a trace in it has effects */
static const IRSnap *loop_path(LoopLink *L, const JitTrace *R) {
  JitState *J = L->J;
  const JitTrace *P;
  const IRSnap *ex = &J->parent->ir.snap[J->parentsnap];
  IRRef x;
  int s;
  for (s = 0; s < J->maxslot; s++) L->changed[s] = J->written[s];
  for (P = J->parent; P != R; P = P->parent) { /* the side traces between */
    const IRSnap *up = loop_exitsnap(P);
    uint32_t k;
    if (ex->shift != 0 || ex->depth != 0 || up == NULL ||
        loop_hardeffects(&P->ir, REF_FIRST, jit_guardsend(&P->ir, ex), &L->stores))
      return NULL;
    for (k = 0; k < ex->nent; k++) {
      uint32_t slot = P->ir.snapmap[ex->mapofs + k].slot;
      if (slot < JIT_MAXSLOTS) L->changed[slot] = 1;
    }
    ex = up;
  }
  if (ex->shift != 0 || ex->depth != 0) return NULL;
  if (ex->ref < R->ir.loopref && loop_haseffects(&R->ir, ex->ref, R->ir.loopref)) return NULL;
  for (x = REF_FIRST; x < J->ir.n; x++) {
    const IRIns *ins = &J->ir.ins[x];
    IRRef r;
    if (ins->op != IR_PVAL) continue;
    r = ins->op1;
    for (P = J->parent; P != R && P->ir.ins[r].op == IR_PVAL; P = P->parent) r = P->ir.ins[r].op1;
    if (P == R) L->avail[r] = x;
  }
  return ex;
}

/* A side trace T ending where the loop trace R it hangs from (through
** other side traces, maybe) starts goes on into R's loop body, past the
** peeled iteration, when the body finds there everything it takes from
** that iteration. The slots it carries from one iteration to the next
** (its PHIs) are loaded from the frame, where the exits left them, into
** R's registers for them (of the same types). Every other value it reads
** from before its LOOP is invariant: T inherited it (PVAL, where R keeps
** it), or T computes it again at its end as R's peeled iteration does
** (replay; guards included, those R did not run before its exit: they
** check the state R's start would check). That needs the traces from R's
** exit on to leave memory as it was but for stores into table values and
** upvalues (no calls or allocations: R's invariant loads of table sizes,
** arrays and metatables still hold; an invariant that loaded a table
** value or upvalue, or came of one, T computes again after its stores),
** and the slots R reads as invariant as they were; and, for an exit in
** R's peeled iteration, no store in R after it (the body's loads may
** take values R stores there). Else T goes on at R's start, as any other
** link. */
int loop_link(JitState *J, JitTrace *T) {
  const JitTrace *R = J->parent;
  const IRSnap *ex = NULL;
  IRRef x, n, loop, exref = REF_FIRST;
  IRRef *carried = NULL;
  uint8_t *phiold = NULL;
  JitLoopEntry *e = NULL;
  LoopLink L;
  uint32_t ne = 0, k;
  int ok = 1, far, abcload = 0;
  if (R != NULL)
    while (R->parent != NULL) R = R->parent;
  /* another loop's trace: its peeled iteration never ran */
  far = R == NULL || J->linkpc != R->startpc;
  if (far && (J->shift != 0 || J->depth != 0 || (R = jit_findtrace(J->frame[0].pt, J->linkpc)) == NULL))
    return 1;
  n = R->ir.n;
  loop = R->ir.loopref;
  L.stores = 0;
  if (loop == REF_NONE || R->lastuse == NULL || R->loop == NULL || J->linkpc != R->startpc ||
      J->callee != NULL || J->shift != 0 || J->depth != 0 || J->frame[0].pt != R->pt ||
      loop_hardeffects(&J->ir, REF_FIRST, J->ir.n, &L.stores))
    return 1;
  L.J = J;
  L.R = R;
  L.variant = 0;
  L.entry = &R->ir.snap[R->loopsnap];
  L.avail = (IRRef *)calloc(n, sizeof(IRRef));
  L.memo = (IRRef *)calloc(n, sizeof(IRRef));
  L.changed = (uint8_t *)calloc(JIT_MAXSLOTS, 1);
  carried = (IRRef *)calloc(n, sizeof(IRRef)); /* a PHI's old value -> T's value of its slot */
  phiold = (uint8_t *)calloc(n, 1);
  e = (JitLoopEntry *)malloc(loop * sizeof(JitLoopEntry));
  if (L.avail == NULL || L.memo == NULL || L.changed == NULL || carried == NULL || phiold == NULL ||
      e == NULL) {
    ok = 0;
    goto done;
  }
  if (!far) {
    if ((ex = loop_path(&L, R)) == NULL) goto done;
    exref = ex->ref;
  }
  if (L.stores && !far) /* R's values that loaded table values or upvalues, or came of such: anew */
    for (x = REF_FIRST; x < loop; x++) {
      const IRIns *xi = &R->ir.ins[x];
      int op = xi->op;
      phiold[x] = op == IR_ALOAD || op == IR_HLOAD || op == IR_ULOAD || op == IR_ATAG ||
                  (ir_opmode[op][0] == IRM_REF && xi->op1 != REF_NONE && phiold[xi->op1]) ||
                  (ir_opmode[op][1] == IRM_REF && xi->op2 != REF_NONE && phiold[xi->op2]);
      if (phiold[x]) L.avail[x] = REF_NONE;
      if (phiold[x] && R->abcfrom != REF_NONE && x >= R->abcfrom) abcload = 1;
    }
  memset(phiold, 0, n); /* (borrowed above) */
  for (x = loop + 1; x < n; x++)
    if (R->ir.ins[x].op == IR_PHI) phiold[R->ir.ins[x].op1] = 1;
  /* slots R never writes: R's values of them hold only if the path left them */
  for (x = REF_FIRST; x < loop && !far; x++) {
    const IRIns *xi = &R->ir.ins[x];
    if (xi->op == IR_SLOAD && ((int32_t)xi->op1 < 0 || (int32_t)xi->op1 >= JIT_MAXSLOTS ||
                               (L.changed[xi->op1] && !loop_inloopsnap(R, L.entry, xi->op1))))
      goto done;
  }
  /* the slots R's body starts from, as T leaves them */
  for (k = 0; k < L.entry->nent; k++) {
    const SnapEntry *se = &R->ir.snapmap[L.entry->mapofs + k];
    const IRIns *xi = &R->ir.ins[se->ref];
    IRRef v = J->slot[se->slot];
    if (!ir_isconst(xi->op) && R->lastuse[se->ref] != n)
      continue; /* the body writes the slot before anything reads it */
    if (v == REF_NONE) v = loadslot(J, se->slot, (IRType)xi->type);
    if (J->ir.oom) {
      ok = 0;
      goto done;
    }
    if (phiold[se->ref]) { /* loop-carried: the same type, one value for all its slots */
      if (J->ir.ins[v].type != xi->type || (carried[se->ref] != REF_NONE && carried[se->ref] != v))
        goto done;
      carried[se->ref] = v;
    } else if (ir_isconst(xi->op) ? v != ir_kcopy(&J->ir, xi)
                                   : v != (far ? loop_replay(&L, se->ref) : L.avail[se->ref])) {
      goto done; /* invariant: T must have left the very value */
    }
  }
  /* an exit in R's peeled iteration: the guards R did not run (all of
  ** them for another loop's trace) */
  if (exref < loop)
    for (x = exref; x < loop; x++) {
      L.variant = 0;
      if (ir_isguard(R->ir.ins[x].op) && loop_replay(&L, x) == REF_NONE && !L.variant)
        goto done; /* (a guard on a loop-carried value: the body checks it) */
    }
  /* every value R's body reads from before its LOOP */
  for (x = REF_FIRST; x < loop; x++) {
    const IRIns *xi = &R->ir.ins[x];
    IRRef v;
    if (ir_isconst(xi->op) || R->lastuse[x] != n || !ir_haspayload((IRType)xi->type)) continue;
    if (phiold[x]) {
      if ((v = carried[x]) == REF_NONE) goto done; /* carried, but not in a slot */
    } else if ((v = loop_replay(&L, x)) == REF_NONE) {
      goto done;
    }
    e[ne].ref = x;
    e[ne++].from = v;
  }
  /* R's checks of the loop index's range (loop_abcguards), which its body
  ** relies on, for the index and count T leaves, unless R's exit was in
  ** its body: then the body's iterations so far ran in that range, and
  ** the next ones T goes on with do (T's way back through the loop
  ** instruction goes on as the body does, and the size stays: T and the
  ** traces before it stored into table values at most), and stored into
  ** no value the range's offsets load (abcload: those are loaded anew,
  ** and the range moves with them: an upvalue a called function bumps) */
  if (R->abcfrom != REF_NONE && (exref < loop || abcload)) {
    for (x = REF_FIRST; x < loop; x++)
      if (phiold[x] && carried[x] != REF_NONE) L.memo[x] = carried[x];
    for (x = R->abcfrom; x < loop; x++)
      if (ir_isguard(R->ir.ins[x].op) && loop_replay(&L, x) == REF_NONE) goto done;
  }
  if (J->ir.oom || J->opt.guardfails) goto done;
  T->loopto = R;
  T->entry = e;
  T->nentry = ne;
  T->loopfar = (uint8_t)far;
  T->bodyok = 1;
  T->looptonum = R->number;
  e = NULL;
done:
  J->opt.guardfails = 0;
  free(L.avail);
  free(L.memo);
  free(L.changed);
  free(carried);
  free(phiold);
  free(e);
  return ok && !J->ir.oom;
}
