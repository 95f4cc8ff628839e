/*
** asm.c — the backend layer shared by every architecture (asm.h): code
** memory, freeing a trace's code, the -jdump listing of machine code,
** parallel moves; then, where the machine has a backend (asm_target),
** liveness, sinking into exits, fused addresses, the register allocator,
** the exit stubs' plumbing and asm_trace, which drives the backend's
** emission of a trace's code and installs it.
*/
#include "asm.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

size_t asm_pageround(size_t n) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  return (n + page - 1) & ~(page - 1);
}

/* Code memory: traces are packed into areas (ASM_AREASIZE bytes, more for
** a bigger trace), one after the other on cache-line boundaries, so that
** many small traces share pages: fewer pages for the instruction TLB and
** no page's tail wasted (one mapping per trace made json's 700 traces
** take 700 pages and more). An area's pages are executable and never
** writable at the same time: those a new trace goes into are made
** writable while it is emitted (no trace runs meanwhile: the compiler
** runs in the interpreter), then executable again. Space is not reused:
** an area goes with its last trace, once the next one is in use. */
#define ASM_AREASIZE ((size_t)1 << 19)

struct McArea {
  uint8_t *base;
  size_t size, used;
  uint32_t ntraces;    /* traces whose code is in it */
  int current;         /* new traces go into it (JitState.mcarea) */
};

static void asm_areafree(McArea *a) {
  munmap(a->base, a->size);
  free(a);
}

/* The pages holding [p, p + n) */
static void asm_pagespan(uint8_t *p, size_t n, uint8_t **from, size_t *len) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  uintptr_t lo = (uintptr_t)p & ~(uintptr_t)(page - 1), hi = ((uintptr_t)p + n + page - 1) & ~(uintptr_t)(page - 1);
  *from = (uint8_t *)lo;
  *len = (size_t)(hi - lo);
}

uint8_t *asm_mcode_reserve(JitState *J, size_t size) {
  McArea *a = J->mcarea;
  uint8_t *from;
  size_t len;
  if (a == NULL || a->size - a->used < size) { /* a new area */
    McArea *n = (McArea *)malloc(sizeof(McArea));
    size_t asize = asm_pageround(size > ASM_AREASIZE ? size : ASM_AREASIZE);
    void *mem;
    if (n == NULL) return NULL;
    mem = mmap(NULL, asize, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) {
      free(n);
      return NULL;
    }
    n->base = (uint8_t *)mem;
    n->size = asize;
    n->used = 0;
    n->ntraces = 0;
    n->current = 1;
    if (a != NULL) {
      a->current = 0;
      if (a->ntraces == 0) asm_areafree(a);
    }
    J->mcarea = a = n;
  }
  asm_pagespan(a->base + a->used, size, &from, &len);
  if (mprotect(from, len, PROT_READ | PROT_WRITE) != 0) return NULL;
  return a->base + a->used;
}

int asm_mcode_commit(JitState *J, JitTrace *T, uint8_t *mem, size_t size, size_t used) {
  McArea *a = J->mcarea;
  uint8_t *from;
  size_t len;
  asm_pagespan(mem, size, &from, &len);
  /* (a no-op where instruction and data caches are coherent, as on x86) */
  __builtin___clear_cache((char *)mem, (char *)mem + size);
  if (mprotect(from, len, PROT_READ | PROT_EXEC) != 0) return 0;
  if (used == 0) return 1; /* (given up: the space stays free) */
  a->used += (used + 63) & ~(size_t)63;
  if (a->used > a->size) a->used = a->size;
  a->ntraces++;
  T->mcarea = a;
  return 1;
}

void asm_mcode_free(JitState *J) {
  if (J->mcarea != NULL && J->mcarea->ntraces == 0) asm_areafree(J->mcarea);
  else if (J->mcarea != NULL) J->mcarea->current = 0; /* (its last trace frees it) */
  J->mcarea = NULL;
}

void asm_freecode(JitTrace *T) {
  McArea *a = T->mcarea;
  if (a != NULL && --a->ntraces == 0 && !a->current) asm_areafree(a);
  T->mcarea = NULL;
  T->mcode = NULL;
  T->fn = NULL;
  free(T->exitto);
  T->exitto = NULL;
  T->entryto = NULL;
}

/* A hex listing, 16 bytes a line, offsets from the trace's start */
void asm_dump(const JitTrace *T, FILE *out) {
  size_t i;
  for (i = 0; i < T->mclen; i++) {
    if (i % 16 == 0) fprintf(out, "%s%04zx ", i ? "\n" : "", i);
    fprintf(out, " %02x", T->mcode[i]);
  }
  if (T->mclen) fputc('\n', out);
}

void asm_parallelmoves(void *as, AsmMove *mv, int n, AsmMoveFn move, int tmp, int ftmp) {
  int i, j;
  while (n > 0) {
    for (i = 0; i < n; i++) {
      for (j = 0; j < n; j++)
        if (j != i && mv[j].from == mv[i].to) break;
      if (j == n) break;
    }
    if (i == n) { /* every destination is still needed: a cycle */
      int t = mv[0].fp ? ftmp : tmp;
      move(as, t, mv[0].to, REF_NONE, mv[0].fp);
      for (j = 1; j < n; j++)
        if (mv[j].from == mv[0].to) mv[j].from = t;
      i = 0;
    }
    move(as, mv[i].to, mv[i].from, mv[i].k, mv[i].fp);
    mv[i] = mv[--n];
  }
}

#ifdef ASM_TARGET

#define IR(ref) (&c->ir->ins[ref])

/* ----------------------------------------------------------------------
** Liveness and register allocation
** ---------------------------------------------------------------------- */

static void asm_use(AsmCore *c, IRRef user, IRRef ref) {
  if (ref == REF_NONE || ir_isconst(IR(ref)->op)) return;
  if (c->lastuse[ref] < user) c->lastuse[ref] = user;
}

/* The recorder's guard on a table's hash part size (record.c rec_hrefk): UGE of
** its lsizenode and a constant, which compares the byte in the table
** (the backend's integer guards); the load has no code unless something else reads it */
int asm_sizeguard(const AsmCore *c, const IRIns *ins) {
  const IRIns *a, *k;
  if (ins->op != IR_UGE) return 0;
  a = &c->ir->ins[ins->op1];
  k = &c->ir->ins[ins->op2];
  return a->op == IR_FLOAD && a->op2 == IRFL_TAB_LSIZENODE && k->op == IR_KINT && k->k.i >= 0 && k->k.i < 256;
}

/* Addresses that only one instruction reads, which computes them itself
** (fused; the address has no code): a table's node array that only one
** HREFK reads (it loads it from the table), an array slot (AREF) that
** only one ALOAD, ATAG or ASTORE reads (it addresses the slot from the array
** and the index). Those instructions read the address's operands
** instead. */
static int asm_isaddr(const IRIns *x) { return (x->op == IR_FLOAD && x->op2 == IRFL_TAB_NODE) || x->op == IR_AREF; }

static int asm_fusable(const IRIns *x, const IRIns *user, int operand) {
  if (operand != 0) return 0;
  if (x->op == IR_AREF) return user->op == IR_ALOAD || user->op == IR_ASTORE || user->op == IR_ATAG;
  return user->op == IR_HREFK;
}

static void asm_findfused(AsmCore *c) {
  IRBuf *ir = c->ir;
  IRRef ref;
  uint8_t *uses = c->fused; /* (counts first, up to 2) */
  for (ref = REF_FIRST; ref < ir->n; ref++) {
    const IRIns *ins = IR(ref);
    int o;
    if (ir_isconst(ins->op) || ins->op == IR_NOP) continue;
    for (o = 0; o < 2; o++) {
      IRRef x = o == 0 ? ins->op1 : ins->op2;
      if (ir_opmode[ins->op][o] == IRM_REF && x != REF_NONE && uses[x] < 2 && asm_isaddr(IR(x)))
        uses[x] += asm_fusable(IR(x), ins, o) ? 1 : 2;
    }
  }
  for (ref = REF_FIRST; ref < ir->n; ref++) uses[ref] = uses[ref] == 1;
}

/* The fused address instruction ref reads (op1), or REF_NONE */
IRRef asm_fusedaddr(const AsmCore *c, IRRef ref) {
  const IRIns *ins = &c->ir->ins[ref];
  return (ins->op == IR_HREFK || ins->op == IR_ALOAD || ins->op == IR_ASTORE || ins->op == IR_ATAG) &&
                 c->fused[ins->op1]
             ? ins->op1 : REF_NONE;
}

/* An array index i + k (k a constant, |k| < AsmTarget.foldk) is folded into its
** slot's address, [array + 16 * i + 16 * k], rather than computed: in a
** loop whose bounds checks went out of the body, a[i] then costs no
** instruction for the 1-based index. That addition is left to the
** snapshots (sunk, asm_findsinks) unless other code reads it too. */
static int asm_foldedindex(const AsmCore *c, IRRef idx) {
  const IRIns *a = IR(idx), *k;
  if (a->op != IR_ADD || a->type != IRT_INT || ir_isconst(IR(a->op1)->op)) return 0;
  k = IR(a->op2);
  return k->op == IR_KINT && k->k.i > -asm_target.foldk && k->k.i < asm_target.foldk;
}

/* What the code of an AREF (or of its fused user) reads for index idx:
** i of a folded i + k, else idx */
IRRef asm_indexread(const AsmCore *c, IRRef idx) {
  return c->sunk[idx] && asm_foldedindex(c, idx) ? IR(idx)->op1 : idx;
}

/* The values instruction ref's code reads (r, up to 3; returns how many):
** its operands, those of a fused address in its place, the table of a
** hash part size guard in place of the size */
static int asm_reads(const AsmCore *c, IRRef ref, IRRef *r) {
  const IRIns *ins = IR(ref);
  int n = 0;
  if (asm_fusedaddr(c, ref) != REF_NONE) {
    const IRIns *a = IR(ins->op1);
    r[n++] = a->op1;
    if (ir_opmode[a->op][1] == IRM_REF) r[n++] = a->op == IR_AREF ? asm_indexread(c, a->op2) : a->op2;
  } else if (asm_sizeguard(c, ins)) {
    r[n++] = IR(ins->op1)->op1;
  } else if (ir_opmode[ins->op][0] == IRM_REF) {
    r[n++] = ins->op1;
  }
  if (ir_opmode[ins->op][1] == IRM_REF) r[n++] = ins->op == IR_AREF ? asm_indexread(c, ins->op2) : ins->op2;
  return n;
}

/* An exit at user reads ref: a sunk value's operands, in its place */
static void asm_snapuse(AsmCore *c, IRRef user, IRRef ref) {
  for (; c->sunk[ref]; ref = asm_sinkbase(c, IR(ref))) asm_use(c, user, asm_sinkoffset(c, IR(ref)));
  asm_use(c, user, ref);
}

static int asm_sinkable(const AsmCore *c, IRRef ref) {
  const IRIns *ins = &c->ir->ins[ref];
  return (ins->op == IR_ADD || ins->op == IR_SUB) && ins->type == IRT_INT;
}

/* Integer additions and subtractions whose results only snapshots take
** (the exits that write them, and side traces) are sunk: no code computes
** them where they are, every exit that needs one computes it (asm_x64.c ax_sunkvalue)
** and a side trace computes it again (jit.c jit_parentvalue), from operands
** that liveness then keeps until those exits. That frees a register, or
** a spill slot and its stores, for the whole trace: d1, d2 = row + c,
** row - c + n in a loop whose exits alone write them. One operand may be
** sunk itself (the first; of an addition, either), the other is a
** constant the target takes as an immediate (AsmTarget.sinkk), or a
** value in a register or spill slot: one
** scratch register computes it. Not sunk: what a PHI, a loop-body
** link (JitTrace.entry) or the loop's body reads from before its LOOP
** (the PHIs reuse those operands' registers as the loop goes round). */
static int asm_findsinks(AsmCore *c, const JitTrace *T) {
  IRBuf *ir = c->ir;
  IRRef ref, n = ir->n, loop = ir->loopref;
  uint8_t *real = (uint8_t *)calloc(n + 1, 1); /* read by code, or by a sink's second operand */
  uint32_t k;
  if (real == NULL) return 0;
  for (k = 0; k < T->nentry; k++) real[T->entry[k].from] = 1;
  if (loop != REF_NONE)
    for (ref = loop + 1; ref < n; ref++) {
      const IRIns *ins = IR(ref);
      const IRSnap *sn;
      if (!ir_isguard(ins->op) && ref != n - 1) continue; /* (n - 1: the back-edge checks) */
      sn = &ir->snap[ins->snap];
      for (k = 0; k < sn->nent; k++)
        if (ir->snapmap[sn->mapofs + k].ref < loop) real[ir->snapmap[sn->mapofs + k].ref] = 1;
    }
  for (ref = n - 1; ref >= REF_FIRST; ref--) {
    const IRIns *ins = IR(ref);
    int base2; /* the second operand may be the sunk base */
    if (ir_isconst(ins->op) || ins->op == IR_NOP) continue;
    c->sunk[ref] = !real[ref] && asm_sinkable(c, ref) && !ir_isconst(IR(ins->op1)->op) &&
                    (!ir_isconst(IR(ins->op2)->op) || asm_target.sinkk(IR(ins->op2)));
    if (ins->op == IR_AREF && asm_foldedindex(c, ins->op2)) { /* reads i of i + k */
      real[ins->op1] = 1;
      real[IR(ins->op2)->op1] = 1;
      continue;
    }
    base2 = c->sunk[ref] && ins->op == IR_ADD && asm_sinkable(c, ins->op2) && !asm_sinkable(c, ins->op1);
    if (ir_opmode[ins->op][0] == IRM_REF && ins->op1 != REF_NONE && (!c->sunk[ref] || base2))
      real[ins->op1] = 1;
    if (ir_opmode[ins->op][1] == IRM_REF && ins->op2 != REF_NONE && !base2) real[ins->op2] = 1;
  }
  free(real);
  return 1;
}

/* Last uses, found backwards, so that an instruction nothing live uses
** is dead (no code); then extended over the loop. */
static void asm_liveness(AsmCore *c) {
  IRBuf *ir = c->ir;
  IRRef ref, n = ir->n, loop = ir->loopref;
  for (ref = n - 1; ref >= REF_FIRST; ref--) {
    IRIns *ins = IR(ref);
    uint8_t f = ir_opflags[ins->op];
    int live = (f & (IRF_GUARD | IRF_STORE | IRF_EFFECT)) || ins->op == IR_PHI ||
               c->lastuse[ref] != 0;
    if (!live || ir_isconst(ins->op)) continue;
    if (ins->op == IR_PHI) { /* both sides live to the end */
      asm_use(c, n, ins->op1);
      asm_use(c, n, ins->op2);
      continue;
    }
    {
      IRRef r[3];
      int i, nr = asm_reads(c, ref, r);
      for (i = 0; i < nr; i++) {
        asm_use(c, ref, r[i]);
        if (c->nreads[r[i]] < UINT16_MAX) c->nreads[r[i]]++;
      }
    }
    if (ir_isguard(ins->op)) { /* an exit reads its snapshot's values */
      const IRSnap *sn = &ir->snap[ins->snap];
      uint32_t k;
      for (k = 0; k < sn->nent; k++) asm_snapuse(c, ref, ir->snapmap[sn->mapofs + k].ref);
    }
  }
  if (loop != REF_NONE)
    for (ref = REF_FIRST; ref < loop; ref++)
      if (c->lastuse[ref] > loop) c->lastuse[ref] = n;
}

typedef struct AsmActive {
  IRRef ref[ASM_MAXREGS];
  int n;
} AsmActive;

static void asm_expire(AsmCore *c, AsmActive *act, IRRef now) {
  int i = 0;
  while (i < act->n) {
    if (c->lastuse[act->ref[i]] < now) act->ref[i] = act->ref[--act->n];
    else i++;
  }
}

static int asm_regfree(AsmCore *c, const AsmActive *act, int r) {
  int i;
  for (i = 0; i < act->n; i++)
    if (IR(act->ref[i])->reg == r) return 0;
  return 1;
}

static int asm_newspill(AsmCore *c, IRRef ref) {
  if (c->nspill >= JIT_MAXSPILL) return 0;
  IR(ref)->spill = (uint8_t)(++c->nspill);
  return 1;
}

/* A value spilled for a value at `now` keeps its register until then
** (split): its definition stores it to its spill slot as well (for an
** inherited value, the trace's entry: asm_x64.c ax_pvalspills), the code before `now`
** reads the register, the code after and every exit the slot. Not a
** value from before the LOOP spilled in the loop (the loop's next round
** would read the register). */
static int asm_cansplit(const AsmCore *c, IRRef ref, IRRef now) {
  IRRef loop = c->ir->loopref;
  return !(loop != REF_NONE && ref < loop && now > loop);
}

/* Gives ref a register of its class, or spills it or the active value
** that lives longest. Returns 0 when spill slots ran out. */
static int asm_allocreg(AsmCore *c, AsmActive *act, IRRef ref) {
  IRIns *ins = IR(ref);
  int fp = asm_isfpr(ins), i, victim = -1;
  int nregs = fp ? asm_target.nfpr : asm_target.ngpr;
  for (i = 0; i < nregs; i++) {
    int r = fp ? asm_target.fpr[i] : asm_target.gpr[i];
    if (asm_regfree(c, act, r)) {
      ins->reg = (uint8_t)r;
      act->ref[act->n++] = ref;
      return 1;
    }
  }
  for (i = 0; i < act->n; i++) { /* (of two living as long, the one read less) */
    IRRef x = act->ref[i];
    if (victim < 0 || c->lastuse[x] > c->lastuse[act->ref[victim]] ||
        (c->lastuse[x] == c->lastuse[act->ref[victim]] && c->nreads[x] < c->nreads[act->ref[victim]]))
      victim = i;
  }
  if (victim >= 0 && c->lastuse[act->ref[victim]] > c->lastuse[ref]) {
    IRRef vref = act->ref[victim];
    IRIns *v = IR(vref);
    ins->reg = v->reg;
    if (!asm_newspill(c, vref)) return 0;
    if (asm_cansplit(c, vref, ref)) {
      c->splitat[vref] = ref;
      c->splitreg[vref] = v->reg;
      c->splitq[c->nsplit++] = vref;
    } else {
      v->reg = REG_NONE;
    }
    act->ref[victim] = ref;
    return 1;
  }
  return asm_newspill(c, ref);
}

/* last[x] = at for the values an exit at `at` reads for ref: itself, or
** a sunk value's operands */
static void asm_snapread(AsmCore *c, IRRef *last, IRRef ref, IRRef at) {
  for (; c->sunk[ref]; ref = asm_sinkbase(c, IR(ref))) last[asm_sinkoffset(c, IR(ref))] = at;
  last[ref] = at;
}

/* The loop's new values that may take over the register of the value
** their PHI replaces, so that the back-edge has nothing to move:
** into[new] = old, where nothing in the loop body after new reads old
** (nor an exit there, nor the back-edge). The allocator does it if old
** still has its register then. */
static JitAbort asm_phicoalesce(AsmCore *c, IRRef *into) {
  IRBuf *ir = c->ir;
  IRRef ref, n = ir->n, *last;
  const IRSnap *end = &ir->snap[ir->ins[n - 1].snap]; /* the back-edge checks' NOP */
  uint32_t k;
  if (ir->loopref == REF_NONE) return JA_OK;
  last = (IRRef *)calloc(n + 1, sizeof(IRRef)); /* last reads in the body */
  if (last == NULL) return JA_NOMEM;
  for (ref = ir->loopref + 1; ref < n; ref++) {
    IRIns *ins = IR(ref);
    if (ir_isconst(ins->op) || asm_isdead(c, ref)) continue;
    if (ins->op == IR_PHI) {
      last[ins->op2] = n;
      continue;
    }
    {
      IRRef r[3];
      int i, nr = asm_reads(c, ref, r);
      for (i = 0; i < nr; i++) last[r[i]] = ref;
    }
    if (ir_isguard(ins->op)) {
      const IRSnap *sn = &ir->snap[ins->snap];
      for (k = 0; k < sn->nent; k++) asm_snapread(c, last, ir->snapmap[sn->mapofs + k].ref, ref);
    }
  }
  for (k = 0; k < end->nent; k++) asm_snapread(c, last, ir->snapmap[end->mapofs + k].ref, n);
  for (ref = ir->loopref + 1; ref < n; ref++) {
    const IRIns *phi = IR(ref);
    IRRef old, nw;
    if (phi->op != IR_PHI || !ir_haspayload((IRType)phi->type)) continue;
    old = phi->op1;
    nw = phi->op2;
    if (ir_isconst(IR(old)->op) || ir_isconst(IR(nw)->op) || nw <= ir->loopref || into[nw] != 0)
      continue;
    if (last[old] < nw || (last[old] == nw && asm_target.intoop(c, nw, old)))
      into[nw] = old;
  }
  free(last);
  return JA_OK;
}

/* Takes over old's register for ref (asm_phicoalesce), if old has one */
static int asm_takeover(AsmCore *c, AsmActive *act, IRRef ref, IRRef old) {
  int i;
  if (IR(old)->reg == REG_NONE) return 0;
  for (i = 0; i < act->n; i++)
    if (act->ref[i] == old) {
      act->ref[i] = ref;
      IR(ref)->reg = IR(old)->reg;
      return 1;
    }
  return 0;
}

/* A value inherited from the parent (PVAL) stays where the parent's exit
** left it: in its register, which is taken until its last use here, or
** its spill slot (a side trace's own spill slots come after those of
** its ancestors). PVALs come first in a trace: their registers are free.
** One in a register may still be spilled for a value that needs it
** (asm_allocreg): then the trace's entry stores it in its own spill slot
** (asm_x64.c ax_pvalspills). */
static void asm_inherited(AsmCore *c, AsmActive *act, IRRef ref) {
  IRIns *ins = IR(ref);
  const IRIns *p = &c->parent->ir.ins[ins->op1];
  ins->reg = p->reg;
  ins->spill = p->spill;
  if (ins->reg != REG_NONE) act->ref[act->n++] = ref;
}

static JitAbort asm_allocate(AsmCore *c) {
  IRRef ref, n = c->ir->n, *into;
  AsmActive gpr, fpr;
  JitAbort why;
  gpr.n = fpr.n = 0;
  c->nspill = c->parent != NULL ? c->parent->nspill : 0;
  for (ref = REF_FIRST; ref < n; ref++) {
    IRIns *ins = IR(ref);
    ins->reg = c->sunk[ref] ? REG_SINK : REG_NONE;
    ins->spill = 0;
  }
  into = (IRRef *)calloc(n + 1, sizeof(IRRef));
  if (into == NULL) return JA_NOMEM;
  why = asm_phicoalesce(c, into);
  for (ref = REF_FIRST; ref < n && why == JA_OK; ref++) {
    IRIns *ins = IR(ref);
    AsmActive *act = asm_isfpr(ins) ? &fpr : &gpr;
    asm_expire(c, &gpr, ref);
    asm_expire(c, &fpr, ref);
    if (ir_isconst(ins->op) || asm_isdead(c, ref)) continue;
    if (ins->op == IR_PVAL) {
      if (asm_hasvalue(ins)) asm_inherited(c, act, ref);
      continue;
    }
    if (asm_target.iscall(ins)) {
      uint64_t mask = 0;
      int i;
      for (i = 0; i < gpr.n; i++)
        if (IR(gpr.ref[i])->reg != REG_NONE) mask |= 1ull << IR(gpr.ref[i])->reg;
      for (i = 0; i < fpr.n; i++)
        if (IR(fpr.ref[i])->reg != REG_NONE) mask |= 1ull << (ASM_LOC_FPR + IR(fpr.ref[i])->reg);
      c->livemask[ref] = mask;
    }
    if (asm_hasvalue(ins) && c->lastuse[ref] != 0 &&
        !(into[ref] != 0 && asm_takeover(c, act, ref, into[ref])) && !asm_allocreg(c, act, ref))
      why = JA_TOO_MANY_SPILLS;
    /* the result's register may have been a value's that asm_allocreg just
    ** spilled (or that it took over): restoring it after the call would
    ** overwrite the result */
    if (asm_target.iscall(ins) && ins->reg != REG_NONE)
      c->livemask[ref] &= ~(1ull << asm_loc(ins));
  }
  free(into);
  return why;
}

/* ----------------------------------------------------------------------
** Helpers for the backend's emission
** ---------------------------------------------------------------------- */

void asm_splitstart(AsmCore *c, uint32_t *k) {
  uint32_t i;
  for (i = 0; i < c->nsplit; i++) IR(c->splitq[i])->reg = c->splitreg[c->splitq[i]]; /* (a retry) */
  *k = 0;
}

void asm_splitstep(AsmCore *c, uint32_t *k, IRRef ref) {
  for (; *k < c->nsplit && c->splitat[c->splitq[*k]] <= ref; (*k)++) IR(c->splitq[*k])->reg = REG_NONE;
}

void *asm_grow(AsmCore *c, void *arr, uint32_t n, uint32_t *cap, size_t size) {
  uint32_t nc = *cap ? 2 * *cap : 32;
  void *p;
  if (n < *cap) return arr;
  if ((p = realloc(arr, nc * size)) == NULL) {
    c->oom = 1;
    return NULL;
  }
  *cap = nc;
  return p;
}

void asm_exitvia(AsmCore *c, uint8_t *field, uint32_t sn, int forced) {
  AsmPatch *p;
  if (field == NULL) return; /* overflow: retried with more room */
  if ((p = (AsmPatch *)asm_grow(c, c->patch, c->npatch, &c->patchcap, sizeof(AsmPatch))) == NULL) return;
  c->patch = p;
  c->patch[c->npatch].field = field;
  c->patch[c->npatch].snap = sn;
  c->patch[c->npatch].forced = forced;
  c->npatch++;
}

void asm_exitstubs(AsmCore *c, void *as, JitTrace *T) {
  uint32_t k, nsnap = c->ir->nsnap;
  uint8_t **stub = c->stub, **forced = c->stub + nsnap;
  memset(stub, 0, 2 * (size_t)nsnap * sizeof(uint8_t *));
  for (k = 0; k < c->npatch; k++) {
    uint32_t s = c->patch[k].snap;
    if (stub[s] == NULL) stub[s] = asm_target.exitstub(as, T, s);
  }
  for (k = 0; k < c->npatch; k++) {
    uint32_t s = c->patch[k].snap;
    if (c->patch[k].forced && forced[s] == NULL) forced[s] = asm_target.forcedstub(as, stub[s]);
  }
  for (k = 0; k < c->npatch; k++)
    asm_target.patchjump(as, c->patch[k].field, (c->patch[k].forced ? forced : stub)[c->patch[k].snap]);
}

/* ----------------------------------------------------------------------
** Moves of the PHIs at a back-edge, and into a loop body
** ---------------------------------------------------------------------- */

int asm_phisettled(const AsmCore *c) {
  IRRef ref;
  for (ref = c->ir->loopref; ref < c->ir->n; ref++) {
    const IRIns *ins = IR(ref);
    if (ins->op == IR_PHI && ir_haspayload((IRType)ins->type) &&
        (ir_isconst(IR(ins->op2)->op) || asm_loc(IR(ins->op1)) != asm_loc(IR(ins->op2))))
      return 0;
  }
  return 1;
}

int asm_phimoves(const AsmCore *c, AsmMove *mv) {
  int n = 0;
  IRRef ref;
  for (ref = c->ir->loopref; ref < c->ir->n; ref++) {
    const IRIns *ins = IR(ref);
    int to, from;
    if (ins->op != IR_PHI || !ir_haspayload((IRType)ins->type)) continue;
    to = asm_loc(IR(ins->op1));
    from = ir_isconst(IR(ins->op2)->op) ? -1 : asm_loc(IR(ins->op2));
    if (to == from) continue;
    mv[n].to = to;
    mv[n].from = from;
    mv[n].k = ins->op2;
    mv[n].fp = asm_isfpr(ins);
    n++;
  }
  return n;
}

int asm_entrymoves(const AsmCore *c, const JitTrace *T, AsmMove *mv) {
  const JitTrace *R = T->loopto;
  uint32_t k;
  int n = 0;
  for (k = 0; k < T->nentry; k++) {
    const IRIns *x = &R->ir.ins[T->entry[k].ref];
    IRRef v = T->entry[k].from;
    mv[n].to = asm_loc(x);
    mv[n].from = ir_isconst(IR(v)->op) ? -1 : asm_loc(IR(v));
    mv[n].k = v;
    mv[n].fp = asm_isfpr(x);
    if (mv[n].to != mv[n].from) n++;
  }
  return n;
}

/* ----------------------------------------------------------------------
** The whole trace
** ---------------------------------------------------------------------- */

/* The per-ref and per-snapshot arrays, then liveness and allocation */
static JitAbort asm_prepare(AsmCore *c, JitTrace *T) {
  uint32_t n = T->ir.n + 1, k;
  const IRSnap *sn;
  c->lastuse = (IRRef *)calloc(n, sizeof(IRRef));
  c->nreads = (uint16_t *)calloc(n, sizeof(uint16_t));
  c->sunk = (uint8_t *)calloc(n, 1);
  c->fused = (uint8_t *)calloc(n, 1);
  c->livemask = (uint64_t *)calloc(n, sizeof(uint64_t));
  c->splitat = (IRRef *)calloc(n, sizeof(IRRef));
  c->splitq = (IRRef *)calloc(n, sizeof(IRRef));
  c->splitreg = (uint8_t *)calloc(n, 1);
  c->storesofs = (size_t *)calloc(T->ir.nsnap + 1, sizeof(size_t));
  c->stub = (uint8_t **)calloc(2 * ((size_t)T->ir.nsnap + 1), sizeof(uint8_t *));
  if (c->lastuse == NULL || c->nreads == NULL || c->sunk == NULL || c->fused == NULL || c->livemask == NULL ||
      c->splitat == NULL || c->splitq == NULL || c->splitreg == NULL || c->storesofs == NULL ||
      c->stub == NULL || !asm_findsinks(c, T))
    return JA_NOMEM;
  /* the end snapshot's values are read at the last exit: live to the
  ** end, and so are their operands (liveness sees them used) */
  sn = &T->ir.snap[T->endsnap];
  for (k = 0; k < sn->nent; k++) asm_snapuse(c, T->ir.n, T->ir.snapmap[sn->mapofs + k].ref);
  for (k = 0; k < T->nentry; k++) { /* and what a loop going on from there takes */
    IRRef r = T->entry[k].from;
    if (!ir_isconst(T->ir.ins[r].op)) c->lastuse[r] = T->ir.n;
  }
  asm_findfused(c);
  asm_liveness(c);
  return asm_allocate(c);
}

static void asm_release(AsmCore *c) {
  free(c->lastuse);
  free(c->nreads);
  free(c->sunk);
  free(c->fused);
  free(c->livemask);
  free(c->splitat);
  free(c->splitq);
  free(c->splitreg);
  free(c->storesofs);
  free(c->stub);
  free(c->patch);
}

/* Emits T into code memory of `size` bytes, bigger until it fits, and
** installs it */
static JitAbort asm_install(JitState *J, AsmCore *c, JitTrace *T, size_t size) {
  for (;;) {
    int overflow = 0;
    uint8_t *mem = asm_mcode_reserve(J, size);
    JitAbort why;
    uint32_t k;
    if (mem == NULL) return JA_NOMEM;
    c->npatch = 0;
    why = asm_target.emit(c, T, mem, size, &overflow);
    if (why == JA_OK && c->oom) why = JA_NOMEM;
    if (why == JA_OK && overflow) {
      if (!asm_mcode_commit(J, T, mem, size, 0)) return JA_NOMEM;
      size *= 2;
      continue;
    }
    if (why != JA_OK) {
      asm_mcode_commit(J, T, mem, size, 0);
      return why;
    }
    if (!asm_mcode_commit(J, T, mem, size, T->mclen)) return JA_NOMEM;
    T->mcode = mem;
    T->fn = (JitTraceFn)(void *)mem;
    T->linkentry = mem + c->linkentryofs;
    T->exitcommon = mem + c->commonofs;
    if (T->callee != NULL) T->callentry = mem + c->callentryofs;
    if (T->ir.loopref != REF_NONE) T->loop = mem + c->loopofs;
    for (k = 0; k < T->ir.nsnap; k++) {
      T->exitto[k] = T->exitcommon;
      T->entryto[k] = c->storesofs[k] != 0 ? mem + c->storesofs[k] : T->exitcommon;
    }
    return JA_OK;
  }
}

JitAbort asm_trace(JitState *J, JitTrace *T) {
  AsmCore c;
  JitAbort why;
  size_t size = asm_pageround((size_t)T->ir.n * 48 + (size_t)T->ir.nsnap * 24 + (size_t)T->ir.nsnapmap * 16 + 1024);
  memset(&c, 0, sizeof(c));
  c.ir = &T->ir;
  c.g = G(J->thread);
  c.parent = J->parent;
  /* the back-edge checks are guards of their own, on the end snapshot */
  c.endguard = ir_append(&T->ir, IR_NOP, IRT_VOID, 0, 0);
  if (c.endguard == REF_NONE) return JA_NOMEM;
  T->ir.ins[c.endguard].snap = T->endsnap;
  T->exitto = (void **)calloc(2 * ((size_t)T->ir.nsnap + 1), sizeof(void *));
  why = T->exitto == NULL ? JA_NOMEM : asm_prepare(&c, T);
  if (why == JA_OK) {
    T->entryto = T->exitto + T->ir.nsnap + 1; /* (the stubs have its address) */
    T->nspill = c.nspill;
    why = asm_install(J, &c, T, size);
  }
  if (why == JA_OK) {
    T->lastuse = c.lastuse; /* for its side traces (jit.c jit_inherit, loop.c loop_link) */
    c.lastuse = NULL;
  } else {
    free(T->exitto);
    T->exitto = NULL;
    T->entryto = NULL;
  }
  asm_release(&c);
  return why;
}

const char *asm_backend(void) { return asm_target.name; }

#else /* no backend for this machine */

JitAbort asm_trace(JitState *J, JitTrace *T) {
  (void)J;
  (void)T;
  return JA_NO_BACKEND;
}

const char *asm_backend(void) { return NULL; }

#endif

#undef IR
