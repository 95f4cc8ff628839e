/*
** ir.c — the trace IR buffer: appending instructions, interning
** constants, snapshots' storage, and the text dump (-jdump, IR tests).
**
** The optimizer (opt.c) decides what to append; this file only stores.
** Memory comes from the C allocator, not the VM's heap: a trace's IR is
** scratch space of the JIT, freed when the trace is compiled or aborted.
*/
#include "ir.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const ir_opname[IR__MAX] = {
#define IROP_NAME(name, m1, m2, f) #name,
  IROPS(IROP_NAME)
#undef IROP_NAME
};

const uint8_t ir_opflags[IR__MAX] = {
#define IROP_FLAGS(name, m1, m2, f) (f),
  IROPS(IROP_FLAGS)
#undef IROP_FLAGS
};

const uint8_t ir_opmode[IR__MAX][2] = {
#define IROP_MODE(name, m1, m2, f) {m1, m2},
  IROPS(IROP_MODE)
#undef IROP_MODE
};

const char *const ir_typename[IRT__MAX] = {
#define IRT_NAME(name, str) str,
  IRTYPES(IRT_NAME)
#undef IRT_NAME
};

const char *const ir_fieldname[IRFL__MAX] = {
#define IRFL_NAME(name) #name,
  IRFIELDS(IRFL_NAME)
#undef IRFL_NAME
};

double (*const ir_fpm[IRFPM__MAX])(double) = {
#define IRFPM_FN(name, f) f,
  IRFPMS(IRFPM_FN)
#undef IRFPM_FN
};

const char *const ir_fpmname[IRFPM__MAX] = {
#define IRFPM_NAME(name, f) #f,
  IRFPMS(IRFPM_NAME)
#undef IRFPM_NAME
};

void ir_init(IRBuf *b) {
  memset(b, 0, sizeof(*b));
  b->n = REF_FIRST;
}

void ir_free(IRBuf *b) {
  free(b->ins);
  free(b->snap);
  free(b->snapmap);
  free(b->frames);
  ir_init(b);
}

/* Doubles *cap (from `min`) and reallocates; 0 (and b->oom set) when
** memory ran out. */
static int ir_grow(IRBuf *b, void **p, uint32_t *cap, size_t elsize, uint32_t min) {
  uint32_t ncap = *cap ? *cap * 2 : min;
  void *np = realloc(*p, (size_t)ncap * elsize);
  if (np == NULL) {
    b->oom = 1;
    return 0;
  }
  *p = np;
  *cap = ncap;
  return 1;
}

IRRef ir_append(IRBuf *b, IROp op, IRType t, IRRef op1, IRRef op2) {
  IRIns *ins;
  IRRef ref = b->n;
  if (ref >= b->cap && !ir_grow(b, (void **)&b->ins, &b->cap, sizeof(IRIns), 256)) return REF_NONE;
  ins = &b->ins[ref];
  memset(ins, 0, sizeof(*ins));
  ins->op = (uint8_t)op;
  ins->type = (uint8_t)t;
  ins->op1 = op1;
  ins->op2 = op2;
  ins->prev = b->oplist[op];
  b->oplist[op] = ref;
  b->n = ref + 1;
  return ref;
}

/* Constants are interned: the list of their opcode is searched for the
** same bits and type (bits, so that 0.0 and -0.0 stay two constants). */
static IRRef ir_kconst(IRBuf *b, IROp op, IRType t, uint64_t bits) {
  IRRef ref;
  for (ref = b->oplist[op]; ref != REF_NONE; ref = b->ins[ref].prev)
    if (b->ins[ref].k.u == bits && b->ins[ref].type == t) return ref;
  ref = ir_append(b, op, t, REF_NONE, REF_NONE);
  if (ref != REF_NONE) b->ins[ref].k.u = bits;
  return ref;
}

IRRef ir_kint(IRBuf *b, int64_t v) { return ir_kconst(b, IR_KINT, IRT_INT, (uint64_t)v); }

IRRef ir_knum(IRBuf *b, double v) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof(bits));
  return ir_kconst(b, IR_KNUM, IRT_NUM, bits);
}

IRRef ir_kgc(IRBuf *b, void *obj, IRType t) { return ir_kconst(b, IR_KGC, t, (uint64_t)(uintptr_t)obj); }
IRRef ir_kptr(IRBuf *b, void *p) { return ir_kconst(b, IR_KPTR, IRT_PTR, (uint64_t)(uintptr_t)p); }
IRRef ir_klcf(IRBuf *b, void *f) { return ir_kconst(b, IR_KPTR, IRT_LCF, (uint64_t)(uintptr_t)f); }
IRRef ir_kpri(IRBuf *b, IRType t) { return ir_kconst(b, IR_KPRI, t, 0); }
IRRef ir_kcopy(IRBuf *b, const IRIns *k) { return ir_kconst(b, (IROp)k->op, (IRType)k->type, k->k.u); }

int ir_addsnap(IRBuf *b, uint32_t pc, uint16_t nslots) {
  IRSnap *sn;
  if (b->nsnap == b->snapcap && !ir_grow(b, (void **)&b->snap, &b->snapcap, sizeof(IRSnap), 16))
    return 0;
  sn = &b->snap[b->nsnap++];
  sn->mapofs = b->nsnapmap;
  sn->nent = 0;
  sn->nslots = nslots;
  sn->pc = pc;
  sn->ref = b->n;
  sn->count = 0;
  sn->total = 0;
  sn->pt = NULL;
  sn->tries = 0;
  sn->frameofs = 0;
  sn->depth = 0;
  sn->shift = 0;
  sn->top = -1;
  sn->fresh = 0;
  sn->nfresh = 0;
  sn->stale = -1;
  return 1;
}

int ir_addsnapentry(IRBuf *b, uint16_t slot, IRRef ref) {
  SnapEntry *e;
  if (b->nsnapmap == b->snapmapcap &&
      !ir_grow(b, (void **)&b->snapmap, &b->snapmapcap, sizeof(SnapEntry), 64))
    return 0;
  e = &b->snapmap[b->nsnapmap++];
  e->slot = slot;
  e->flags = 0;
  e->ref = ref;
  b->snap[b->nsnap - 1].nent++;
  return 1;
}

uint32_t ir_addframes(IRBuf *b, const SnapFrame *f, uint32_t n) {
  uint32_t ofs = b->nframes;
  while (b->nframes + n > b->framecap)
    if (!ir_grow(b, (void **)&b->frames, &b->framecap, sizeof(SnapFrame), 16)) return UINT32_MAX;
  memcpy(b->frames + ofs, f, n * sizeof(SnapFrame));
  b->nframes += n;
  return ofs;
}

/* ----------------------------------------------------------------------
** Dump
** ---------------------------------------------------------------------- */

typedef struct Out {
  void (*out)(void *ud, const char *s, size_t len);
  void *ud;
} Out;

static void ir_emitf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ir_emitf(Out *o, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof(buf)) n = sizeof(buf) - 1;
  o->out(o->ud, buf, (size_t)n);
}

/* A constant as it appears in an operand position */
static void ir_dumpconst(Out *o, const IRIns *k) {
  switch (k->op) {
    case IR_KINT: ir_emitf(o, "%" PRId64, k->k.i); break;
    case IR_KNUM: { /* with a point or exponent, so that 1.0 is not read as 1 */
      char num[40];
      snprintf(num, sizeof num, "%.17g", k->k.n);
      ir_emitf(o, "%s%s", num, strpbrk(num, ".eninf") ? "" : ".0");
      break;
    }
    case IR_KPRI: ir_emitf(o, "%s", k->type == IRT_NIL ? "nil" : k->type == IRT_FALSE ? "false" : "true"); break;
    case IR_KGC: ir_emitf(o, "%s@%p", ir_typename[k->type], k->k.p); break;
    default: ir_emitf(o, "ptr@%p", k->k.p); break;
  }
}

static void ir_dumpoperand(Out *o, const IRBuf *b, IROp op, int which, IRRef v) {
  int mode = ir_opmode[op][which];
  if (mode == IRM_NONE) return;
  ir_emitf(o, "  ");
  if (mode == IRM_LIT) {
    if (op == IR_FLOAD && which == 1 && v < IRFL__MAX) ir_emitf(o, "%s", ir_fieldname[v]);
    else if (op == IR_FMATH && which == 1 && v < IRFPM__MAX) ir_emitf(o, "%s", ir_fpmname[v]);
    else ir_emitf(o, "#%d", (int)(int32_t)v);
  } else if (v == REF_NONE) {
    ir_emitf(o, "-");
  } else if (ir_isconst(b->ins[v].op)) {
    ir_dumpconst(o, &b->ins[v]);
  } else {
    ir_emitf(o, "%04u", (unsigned)v);
  }
}

static void ir_dumpsnap(Out *o, const IRBuf *b, uint32_t s) {
  const IRSnap *sn = &b->snap[s];
  uint32_t i;
  ir_emitf(o, "....        SNAP   #%u pc %u", (unsigned)s, (unsigned)sn->pc);
  if (sn->shift != 0) ir_emitf(o, " base %d", (int)sn->shift);
  /* inlined frames: the function's slot and the caller's return pc */
  for (i = 0; i < sn->depth; i++)
    ir_emitf(o, " {%u>%u}", (unsigned)b->frames[sn->frameofs + i].funcslot,
          (unsigned)b->frames[sn->frameofs + i].retpc);
  ir_emitf(o, " [");
  for (i = 0; i < sn->nent; i++) {
    const SnapEntry *e = &b->snapmap[sn->mapofs + i];
    ir_emitf(o, " %u=", (unsigned)e->slot);
    if (ir_isconst(b->ins[e->ref].op)) ir_dumpconst(o, &b->ins[e->ref]);
    else ir_emitf(o, "%04u", (unsigned)e->ref);
  }
  ir_emitf(o, " ]\n");
}

void ir_dump(const IRBuf *b, void (*out)(void *ud, const char *s, size_t len), void *ud) {
  Out o = {out, ud};
  IRRef ref;
  uint32_t s = 0;
  for (ref = REF_FIRST; ref < b->n; ref++) {
    const IRIns *ins = &b->ins[ref];
    IROp op = (IROp)ins->op;
    /* snapshots are listed before the first instruction they cover */
    while (s < b->nsnap && b->snap[s].ref <= ref) ir_dumpsnap(&o, b, s++);
    if (ir_isconst(op) || op == IR_NOP) continue; /* shown where used */
    if (op == IR_LOOP) {
      ir_emitf(&o, "%04u ------ LOOP ------------\n", (unsigned)ref);
      continue;
    }
    ir_emitf(&o, "%04u %s %-3s %-6s", (unsigned)ref, ir_isguard(op) ? ">" : " ",
          ir_typename[ins->type], ir_opname[op]);
    ir_dumpoperand(&o, b, op, 0, ins->op1);
    ir_dumpoperand(&o, b, op, 1, ins->op2);
    ir_emitf(&o, "\n");
  }
  while (s < b->nsnap) ir_dumpsnap(&o, b, s++);
}
