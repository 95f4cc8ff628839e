/*
** snap.c — snapshots: which frame slots an exit must write back, at each
** guard of a trace being recorded. A slot the trace wrote goes into the
** snapshot when the interpreter may still read it after the exit: a
** register live at that pc (bclive.c, cached per function here), any
** register of an active local variable (debug.getlocal reads those), any
** slot of the frames below. Also what an exit that collects needs: the
** frame's dead registers cleared (snap_cleardead).
*/
#include "jitpriv.h"

const uint64_t *snap_livein(JitState *J, const Proto *pt, uint32_t pc) {
  JitLive *c = NULL;
  int k;
  for (k = 0; k < JIT_LIVECACHE; k++)
    if (J->live[k].pt == pt && J->live[k].code == pt->code) c = &J->live[k];
  if (c == NULL) {
    c = &J->live[J->livenext++ % JIT_LIVECACHE];
    free(c->live);
    c->pt = pt;
    c->code = pt->code;
    c->live = bclive(pt, &c->words);
    if (c->live == NULL) c->pt = NULL;
  }
  return c->live != NULL && pc < (uint32_t)pt->sizecode ? c->live + (size_t)pc * c->words : NULL;
}

void snap_live(JitState *J, SnapLive *sl, const Proto *pt, uint32_t pc, int base) {
  int i;
  sl->live = snap_livein(J, pt, pc);
  sl->base = base;
  sl->nreg = pt->maxstacksize;
  sl->nact = 0;
  for (i = 0; i < pt->sizelocvars && pt->locvars[i].startpc <= (int)pc; i++)
    if ((int)pc < pt->locvars[i].endpc) sl->nact++;
}

int snap_keepslot(const SnapLive *sl, int s) {
  int r = s - sl->base;
  if (sl->live == NULL || r < sl->nact || r >= sl->nreg) return 1;
  return (int)((sl->live[r >> 6] >> (r & 63)) & 1);
}

/* Before a collection at the pc of frame ci, after a trace's exit: its
** dead registers (snap_keepslot) are cleared, and the top set after the last
** live one, so that a register the program no longer reads does not keep
** an object alive that it dropped (a finalizer would never run). The
** interpreter's own safe points do the same with checkGC's top; the
** trace never wrote the registers that its snapshots leave out. */
StkId snap_cleardead(JitState *J, CallInfo *ci) {
  const Proto *pt = ci_func(ci)->p;
  StkId base = ci->func + 1;
  SnapLive sl;
  int r, top = 0;
  snap_live(J, &sl, pt, (uint32_t)(ci->u.l.savedpc - pt->code), 0);
  for (r = 0; r < pt->maxstacksize; r++) {
    if (snap_keepslot(&sl, r)) top = r + 1;
    else setnilvalue(s2v(base + r));
  }
  return base + top;
}

/* Forgets pt's liveness (it is being freed), or every function's (pt NULL) */
void snap_droplive(JitState *J, const Proto *pt) {
  int k;
  for (k = 0; k < JIT_LIVECACHE; k++)
    if (pt == NULL || J->live[k].pt == pt) {
      free(J->live[k].live);
      J->live[k].live = NULL;
      J->live[k].pt = NULL;
    }
}

/* A snapshot for the guards of the instruction at pc: the written slots
** it needs (snap_live), and the inlined frames. The previous one is
** replaced when no guard came after it, except the first: the trace's
** start, where entries from other traces exit when their checks fail
** (asm_x64.c). */
int snap_take(JitState *J, const Instruction *pc) {
  IRBuf *b = &J->ir;
  const Proto *pt = J->frame[J->depth].pt;
  SnapLive sl;
  int s;
  if (b->nsnap > 1) {
    IRRef ref = b->snap[b->nsnap - 1].ref;
    while (ref < b->n && !ir_isguard(b->ins[ref].op)) ref++;
    if (ref == b->n) {
      b->nsnap--;
      b->nsnapmap = b->snap[b->nsnap].mapofs;
    }
  }
  snap_live(J, &sl, pt, (uint32_t)(pc - pt->code), framebase(J));
  if (!ir_addsnap(b, (uint32_t)(pc - pt->code), (uint16_t)J->maxslot)) return 0;
  b->snap[b->nsnap - 1].frameofs = J->frame[J->depth].frameofs;
  b->snap[b->nsnap - 1].depth = (uint16_t)J->depth;
  b->snap[b->nsnap - 1].shift = (int16_t)J->shift;
  b->snap[b->nsnap - 1].pt = pt;
  if (J->frame[J->depth].stale != NULL) b->snap[b->nsnap - 1].stale = (int32_t)(J->frame[J->depth].stale - pt->code);
  /* the instruction takes the values a call or VARARG left up to the top:
  ** an exit there sets the top again (jit.c jit_buildframes) */
  if (J->multres >= 0) b->snap[b->nsnap - 1].top = (int16_t)(J->multres - framebase(J));
  for (s = 0; s < J->maxslot; s++)
    if (J->written[s] && J->slot[s] != REF_NONE && snap_keepslot(&sl, s) &&
        !ir_addsnapentry(b, (uint16_t)s, J->slot[s]))
      return 0;
  J->opt.cursnap = b->nsnap - 1;
  return 1;
}

int snap_takefresh(JitState *J, const Instruction *pc, int fresh, int nfresh) {
  if (!snap_take(J, pc)) return 0;
  J->ir.snap[J->ir.nsnap - 1].fresh = (int16_t)fresh;
  J->ir.snap[J->ir.nsnap - 1].nfresh = (uint16_t)nfresh;
  return 1;
}
