/*
** jit.c — the life of a trace: hot counters and backoff, starting a
** recording and aborting it (with a reason: jit.h JIT_ABORTS), driving
** the recorder instruction by instruction (jit_record: when the trace
** closes, links to another loop's trace, or gives up), installing the
** finished trace, running traces, their exits and the side traces that
** grow from hot exits, flushing. The recording itself is record.c, the
** loop it becomes loop.c, snapshots snap.c, machine code asm.c and asm_x64.c.
**
** A completed trace is peeled (loop_peel: the recorded iteration becomes
** the pre-loop, a copy through the optimizer the loop, with PHIs for what
** the loop carries), compiled (asm.c) and hung on its prototype.
** From then on the loop's back-edge runs it (its loop instruction is
** marked: jit_markloop; jit_runtrace); an exit writes its snapshot back into the
** frames and the interpreter goes on from there. A trace that reaches the
** back-edge of another loop with a trace ends there (linkpc), and that
** trace runs next; an exit taken often gets a side trace, recorded from
** where the exit leaves, which runs right after it (JitTrace.side). The
** machine code follows such paths itself (JitTrace.exitto). A side trace
** takes the values of its parent's exit where the parent left them
** (inherit, IR PVAL), and one that ends where its loop trace starts may go
** on into that loop's body past the peeled iteration (loop_link).
**
** Traces go across frames: a side trace may return from its loop's
** function and go on in the caller (record.c rec_returnbelow, IR RETF;
** J->shift says where frame 0 is then), and a trace whose inlined call
** enters a loop with a trace ends there, the calls' frames built as it
** goes on into that loop's trace (JitTrace.callee, jit_callframes):
** recursion with a loop around the call runs in machine code from call to
** call.
*/
#include <signal.h>
#include <sys/time.h>

#include "jitpriv.h"

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
static void jit_sethotloop(JitState *J, int value) {
  int i;
  J->hotloop = (uint32_t)(value > 0xffff ? 0xffff : value);
  for (i = 0; i < JIT_HOTSIZE; i++) J->hotcount[i] = (uint16_t)J->hotloop;
}

static vm_CFunction jit_libfunc(const vm_Reg *lib, const char *name) {
  for (; lib->name != NULL; lib++)
    if (strcmp(lib->name, name) == 0) return lib->func;
  return NULL;
}

JitState *jit_state(vm_State *S) {
  Global *g = G(S);
  int t;
  if (g->jit == NULL) {
    JitState *J = (JitState *)calloc(1, sizeof(JitState));
    if (J == NULL) return NULL;
    J->out = stderr;
    jit_sethotloop(J, JIT_HOTLOOP_DEFAULT);
    J->hotexit = JIT_HOTEXIT;
#define JB_FIND(id, lib, name) J->builtin[JB_##id] = jit_libfunc(lib, name);
    JIT_BUILTINS(JB_FIND)
#undef JB_FIND
    for (t = 0; t < IRFPM__MAX; t++) J->fpmfunc[t] = jit_libfunc(mathlib_funcs, ir_fpmname[t]);
#define JCC_FIND(lib, name, nres, args) \
    J->ccallres[J->nccall] = nres, J->ccallargs[J->nccall] = JCC_##args, J->ccall[J->nccall++] = jit_libfunc(lib, name);
    JIT_CCALLS(JCC_FIND)
#undef JCC_FIND
    for (t = 0; mathlib_funcs[t].name != NULL && J->nccall < JIT_MAXCCALLS; t++)
      if (mathlib_funcs[t].func != NULL) {
        const char *m = mathlib_funcs[t].name;
        J->ccallres[J->nccall] = strcmp(m, "modf") == 0 ? 2 : strcmp(m, "randomseed") == 0 ? -1 : 1;
        J->ccallargs[J->nccall] = JCC_RAW;
        J->ccall[J->nccall++] = mathlib_funcs[t].func;
      }
    J->ccallres[J->nccall] = -1;
    J->ccallargs[J->nccall] = JCC_RAW;
    J->ccall[J->nccall++] = stringlib_gmatchaux;
    J->rulefired = (uint32_t *)calloc((size_t)opt_nrules, sizeof(uint32_t));
    if (J->rulefired == NULL) {
      free(J);
      return NULL;
    }
    ir_init(&J->ir);
    g->jit = J;
    /* type()'s results: strings the traces of type() hold as constants,
    ** so they must never be collected (an error here leaves them NULL:
    ** type() is then not compiled) */
    for (t = 0; t < VM_NUMTYPES; t++) {
      J->typename[t] = str_newz(S, ttypename(t));
      gc_fix(S, obj2gco(J->typename[t]));
    }
  }
  return g->jit;
}

static void jit_burygraves(JitState *J);

void jit_closing(Global *g) {
  JitState *J = g->jit;
  if (J == NULL) return;
  jit_profile(J, 0);
  if (J->report) jit_report(J, J->out);
  J->report = 0;
}

void jit_free(Global *g) {
  JitState *J = g->jit;
  if (J == NULL) return;
  J->running = 0; /* (none runs now) */
  jit_closing(g);
  jit_flush(g);
  jit_burygraves(J);
  asm_mcode_free(J);
  snap_droplive(J, NULL);
  ir_free(&J->ir);
  free(J->bclog);
  free(J->rulefired);
  if (J->out != stderr && J->out != NULL) fclose(J->out);
  free(J);
  g->jit = NULL;
}

/* ----------------------------------------------------------------------
** Hot counters and backoff
** ---------------------------------------------------------------------- */

JitPenalty *jit_findpenalty(JitState *J, const Instruction *pc) {
  int i;
  for (i = 0; i < JIT_PENALTY_SLOTS; i++)
    if (J->penalty[i].pc == pc) return &J->penalty[i];
  return NULL;
}

/* The counter of the loop at pc starts again: the threshold, doubled for
** each abort there (capped: a loop is retried however often it failed). */
static void jit_resetcount(JitState *J, const Instruction *pc) {
  JitPenalty *p = jit_findpenalty(J, pc);
  uint32_t n = J->hotloop;
  if (p != NULL) n <<= p->backoff;
  if (n > 0xffff) n = 0xffff;
  if (n == 0) n = 1;
  J->hotcount[jit_hashpc(pc)] = (uint16_t)n;
}

static JitPenalty *jit_penalize(JitState *J, const Instruction *pc) {
  JitPenalty *p = jit_findpenalty(J, pc);
  if (p == NULL) {
    p = &J->penalty[J->penaltyround++ % JIT_PENALTY_SLOTS];
    p->pc = pc;
    p->backoff = 0;
    p->drops = 0;
    p->skip = 0;
    p->left = 0;
    p->noabc = 0;
  }
  if (p->backoff < JIT_MAXBACKOFF) p->backoff++;
  return p;
}

/* The chunk name as error messages show it */
static const char *jit_srcname(const Proto *pt, char *buf) {
  if (pt->source == NULL) return "?";
  obj_chunkid(buf, getstr(pt->source), tsslen(pt->source));
  return buf;
}

static int jit_pcline(const Proto *pt, const Instruction *pc) {
  return dbg_getfuncline(pt, (int)(pc - pt->code));
}

/* ----------------------------------------------------------------------
** Recording state
** ---------------------------------------------------------------------- */

static void jit_stoprecording(vm_State *S, JitState *J) {
  J->recording = 0;
  if (J->thread != NULL) J->thread->hookmask &= ~VM_MASKJIT;
  if (curci(J) != NULL && J->thread == S && !S->hookmask) curci(J)->u.l.trap = 0;
  J->thread = NULL;
  ir_free(&J->ir);
}

static int jit_runtrace(vm_State *S, CallInfo *ci, JitState *J, JitTrace *T);
static void jit_hotexit(vm_State *S, CallInfo *ci, JitState *J, JitTrace *T, uint32_t sn);
static int jit_isalive(JitState *J, const JitTrace *T);
static void jit_freetrace(JitTrace *T);

/* The trace of pt's loop whose loop instruction is at pc, or NULL */
JitTrace *jit_findtrace(const Proto *pt, const Instruction *pc) {
  JitTrace *T;
  for (T = pt->traces; T != NULL; T = T->next)
    if (T->startpc == pc) return T;
  return NULL;
}

/* The jump of the back-edge at pc: the loop instruction, or for a
** conditional back-edge (a test at pc, as in repeat-until) the jump
** after it */
static const Instruction *jit_loopjump(const Instruction *pc) {
  return (opflags[GET_OPCODE(op_unpatched(*pc))] & OPF_T) ? pc + 1 : pc;
}

/* Where the back-edge at pc leads: the loop body's first instruction */
static const Instruction *jit_backedgetarget(const Instruction *pc) {
  Instruction i;
  pc = jit_loopjump(pc);
  i = op_unpatched(*pc);
  switch (GET_OPCODE(i)) {
    case OP_JMP: return pc + 1 + GETARG_sJ(i);
    case OP_FORLOOP: case OP_TFORLOOP: return pc + 1 - GETARG_Bx(i);
    default: return NULL;
  }
}

/* A trace of pt whose loop body starts at pc, or NULL */
static JitTrace *jit_findbody(const Proto *pt, const Instruction *pc) {
  JitTrace *T;
  for (T = pt->traces; T != NULL; T = T->next)
    if (T->bodypc == pc) return T;
  return NULL;
}

/* The last instruction of the loop whose body starts at body (from its
** loop instruction at `from` on): the farthest jump back to body */
static const Instruction *jit_loopend(const Proto *pt, const Instruction *body, const Instruction *from) {
  const Instruction *end = from, *pc;
  for (pc = from; pc < pt->code + pt->sizecode; pc++)
    if (jit_backedgetarget(pc) == body) end = jit_loopjump(pc);
  return end;
}

/* The line of pc: in the frame being recorded, or the trace's start */
static int jit_recline(const JitState *J, const Instruction *pc) {
  const Proto *pt = J->frame[J->depth].pt;
  if (pc < pt->code || pc >= pt->code + pt->sizecode) pt = J->startpt;
  return jit_pcline(pt, pc);
}

static int jit_jitabort(vm_State *S, JitState *J, JitAbort why, const Instruction *pc) {
  J->naborts++;
  J->aborts[why]++;
  if (J->verbose) {
    char src[VM_IDSIZE], what[80] = "";
    const char *name = NULL, *kind = NULL;
    const Proto *pt = J->frame[J->depth].pt;
    if (pc != NULL) {
      if (pc < pt->code || pc >= pt->code + pt->sizecode) pt = J->startpt;
      /* the call or metamethod it is about, named as error messages name it */
      if (why == JA_NYI_CALL || why == JA_NYI_META || why == JA_NYI_TYPE)
        kind = dbg_funcnamefromcode(S, pt, (int)(pc - pt->code), &name);
      if (kind != NULL) snprintf(what, sizeof what, " (%s %s '%s')", opnames[GET_OPCODE(op_unpatched(*pc))], kind, name);
      else snprintf(what, sizeof what, " (%s)", opnames[GET_OPCODE(op_unpatched(*pc))]);
    }
    fprintf(J->out, "[TRACE --- %s:%d -- abort at line %d: %s%s]\n", jit_srcname(J->startpt, src),
            jit_pcline(J->startpt, J->startpc), pc ? jit_recline(J, pc) : 0, jit_abortmsg[why], what);
  }
  {
    JitPenalty *p = jit_penalize(J, J->startpc);
    if (why == JA_LOOP_EXIT && J->parent == NULL && p->left < 255) p->left++;
  }
  /* an exit whose side trace would be a return the interpreter makes
  ** anyway (record.c rec_returnbelow): tried again only after the longest
  ** backoff */
  if (why == JA_LEFT_FRAME && J->parent != NULL && J->nbc == 0 && jit_isalive(J, J->parent))
    J->parent->ir.snap[J->parentsnap].tries = JIT_MAXBACKOFF;
  jit_resetcount(J, J->startpc);
  jit_stoprecording(S, J);
  return 0;
}

/* Whether the loop at pc is one whose recordings ended in the loop's exit
** at least twice (jit_jitabort): one with few iterations */
static int jit_shortloop(JitState *J, const Instruction *pc) {
  JitPenalty *p = jit_findpenalty(J, pc);
  return p != NULL && p->left >= 2;
}

static void jit_startrecording(vm_State *S, JitState *J, CallInfo *ci, const Instruction *pc,
                           JitTrace *parent, uint32_t sn);

/* Runs trace T from frame ci (jit_runtrace) unless hooks or an interrupt
** want the interpreter; returns as jit_runtrace */
static int jit_enter(vm_State *S, CallInfo *ci, JitState *J, JitTrace *T) {
  G(S)->jitstop = 0;
  if (S->hookmask || G(S)->interrupt_pending) return 0;
  return jit_runtrace(S, ci, J, T);
}

/* A sampled event at pc (a loop's back-edge, a function's entry), which
** stands for the checks counted since the last one (istep): whether the
** place is hot now and recording is to start there */
static int jit_hot(vm_State *S, JitState *J, const Instruction *pc) {
  uint16_t *cnt = &J->hotcount[jit_hashpc(pc)];
  JitPenalty *p;
  if (*cnt > G(S)->istep) {
    *cnt = (uint16_t)(*cnt - G(S)->istep);
    return 0;
  }
  jit_resetcount(J, pc);
  if (S->hookmask) return 0; /* hooks see every instruction: no traces */
  p = jit_findpenalty(J, pc);
  if (p != NULL && p->skip > 0) {
    p->skip--;
    return 0;
  }
  return 1;
}

int jit_backedge(vm_State *S, CallInfo *ci, const Instruction *pc) {
  JitState *J = G(S)->jit;
  if (J == NULL || !J->on) return 0;
  if (J->recording) {
    /* the frame a call the recorder waits for returns to runs untrapped:
    ** its return went unseen (jit_callreturned); but an iterator's
    ** TFORLOOP jumps back before the body's first instruction is seen */
    if (J->callwait && ci == J->waitci && J->waitpc != NULL) jit_jitabort(S, J, JA_LEFT_FRAME, NULL);
    return 0;
  }
  J->ninterp += (uint64_t)G(S)->istep;
  if (ci_func(ci)->p->traces != NULL) {
    /* the loop's trace, or one from another back-edge to the same body */
    JitTrace *T = jit_findtrace(ci_func(ci)->p, pc);
    if (T == NULL) T = jit_findbody(ci_func(ci)->p, jit_backedgetarget(pc));
    if (T != NULL) return jit_enter(S, ci, J, T);
  }
  if (jit_hot(S, J, pc)) jit_startrecording(S, J, ci, pc, NULL, 0);
  return 0;
}

/* Whether frame ci's function p is recursing: a frame of it among the
** few below. Only those get function traces: a function called from a
** loop is inlined into the loop's trace, which does better than a trace
** of its own, and one called from code without loops (a sample of its
** entries would run its trace) gains little for what recording costs.
** (A tail call tells nothing: it reuses the frame. Counting tail-called
** functions that make tail calls had ray_tracer's vector constructors,
** tail-called by metamethods, abort recording after recording.) */
static int jit_recursive(CallInfo *ci, const Proto *p) {
  int k;
  for (k = 0, ci = ci->previous; k < 8 && ci != NULL && isLua(ci); k++, ci = ci->previous)
    if (ci_func(ci)->p == p) return 1;
  return 0;
}

int jit_funcentry(vm_State *S, CallInfo *ci) {
  JitState *J = G(S)->jit;
  const Proto *p = ci_func(ci)->p;
  JitTrace *T;
  /* (interp_execute also starts a resumed coroutine's frames this way,
  ** in the middle of their function) */
  if (J == NULL || !J->on || J->recording || p->is_vararg || ci->u.l.savedpc != p->code) return 0;
  for (T = p->traces; T != NULL; T = T->next)
    if (T->functrace) return jit_enter(S, ci, J, T);
  if (jit_recursive(ci, p) && jit_hot(S, J, p->code)) {
    jit_startrecording(S, J, ci, p->code, NULL, 0);
    J->functrace = 1;
  }
  return 0;
}

/* The end of the last guard exiting through snapshot snap */
IRRef jit_guardsend(const IRBuf *ir, const IRSnap *snap) {
  uint32_t sn = (uint32_t)(snap - ir->snap);
  IRRef x, end = snap->ref;
  for (x = snap->ref; x < ir->n; x++)
    if (ir_isguard(ir->ins[x].op) && ir->ins[x].snap == sn) end = x + 1;
  return end;
}

/* The parent's value ref at the exit, for a side trace: a constant, the
** parent's register or spill slot of it (PVAL), or, for a value only the
** parent's exits compute (asm.c asm_findsinks), the same computation on
** the operands (which the parent keeps until its exits) */
static IRRef jit_parentvalue(JitState *J, const JitTrace *parent, IRRef ref, int pvalsonly) {
  const IRIns *p = &parent->ir.ins[ref];
  IRRef a, b;
  if (ir_isconst(p->op)) return pvalsonly ? REF_NONE : ir_kcopy(&J->ir, p);
  if (p->reg != REG_SINK) return opt_emit(&J->opt, IR_PVAL, (IRType)p->type, ref, 0);
  a = jit_parentvalue(J, parent, p->op1, pvalsonly);
  b = jit_parentvalue(J, parent, p->op2, pvalsonly);
  return pvalsonly ? REF_NONE : opt_emit(&J->opt, (IROp)p->op, (IRType)p->type, a, b);
}

/* A side trace starts where its parent's exit through snapshot sn left:
** the values that snapshot holds are in the parent's registers and spill
** slots, of the types the parent knew, so the side trace takes them from
** there (PVAL) instead of loading and checking the slots. The parent's
** exit goes to it without writing them (JitTrace.entryto): they are the
** side trace's to write, as if it had written the slots itself. (An exit
** into frames the parent returned below to is counted from another base:
** the exit writes those slots, and the side trace loads them.) A value
** the parent's exits compute (sunk) it computes again (jit_parentvalue). */
static void jit_inherit(JitState *J, const JitTrace *parent, uint32_t sn) {
  const IRSnap *snap = &parent->ir.snap[sn];
  IRRef loop = parent->ir.loopref, x;
  uint32_t k;
  if (snap->shift != 0) return;
  /* the PVALs first: the backend gives them the parent's registers, which
  ** nothing before may take */
  for (k = 0; k < snap->nent; k++) jit_parentvalue(J, parent, parent->ir.snapmap[snap->mapofs + k].ref, 1);
  /* an exit of a loop trace: what its body keeps from the peeled
  ** iteration, as far as it is there, in case the side trace goes on into
  ** the body (loop_link; unused, they cost nothing); an exit of a side
  ** trace: those of them it inherited and still has there */
  if (parent->parent == NULL && loop != REF_NONE && parent->lastuse != NULL) {
    uint8_t *carried = (uint8_t *)calloc(loop, 1);
    IRRef y;
    if (carried != NULL)
      for (y = loop + 1; y < parent->ir.n; y++)
        if (parent->ir.ins[y].op == IR_PHI && parent->ir.ins[y].op1 < loop) carried[parent->ir.ins[y].op1] = 1;
    for (x = REF_FIRST; x < loop && x < snap->ref; x++) {
      const IRIns *p = &parent->ir.ins[x];
      if (!ir_isconst(p->op) && parent->lastuse[x] == parent->ir.n && ir_haspayload((IRType)p->type)) {
        IRRef v = opt_emit(&J->opt, IR_PVAL, (IRType)p->type, x, 0);
        /* a slot the loop only reads (its SLOAD is not carried around it)
        ** holds that value still: the side trace reads it from there, its
        ** type known, instead of loading and checking the slot again */
        if (p->op == IR_SLOAD && carried != NULL && !carried[x] && (int32_t)p->op1 >= 0 &&
            p->op1 < JIT_MAXSLOTS && !jit_loopslot(parent, p->op1))
          J->slot[p->op1] = v;
      }
    }
    free(carried);
  } else if (parent->parent != NULL && parent->lastuse != NULL) {
    IRRef end = jit_guardsend(&parent->ir, snap);
    for (x = REF_FIRST; x < snap->ref; x++)
      if (parent->ir.ins[x].op == IR_PVAL && parent->lastuse[x] + 1 >= end)
        opt_emit(&J->opt, IR_PVAL, (IRType)parent->ir.ins[x].type, x, 0);
  }
  for (k = 0; k < snap->nent; k++) {
    const SnapEntry *e = &parent->ir.snapmap[snap->mapofs + k];
    J->slot[e->slot] = jit_parentvalue(J, parent, e->ref, 0);
    J->written[e->slot] = 1; /* not in the frame yet: its snapshots write them */
    /* (values past the frame's registers: a call's arguments up to the
    ** top, which a VARARG left) */
    rec_slotsto(J, e->slot + 1);
  }
  J->inherited = 1;
}

/* Where the result of a metamethod called by instruction i of a frame
** based at slot base goes when it returns (JitFrame.finish): a
** comparison's decides its jump (-2), the others' goes to register A
** (as interp_finishOp) */
static int jit_finishslot(Instruction i, int base) {
  switch (GET_OPCODE(op_unpatched(i))) {
    case OP_LT: case OP_LE: case OP_EQ: case OP_LTI: case OP_LEI: case OP_GTI: case OP_GEI:
    case OP_EQI: case OP_EQK:
      return -2;
    default: return base + GETARG_A(i);
  }
}

/* A side trace from an exit inside inlined calls starts in the innermost:
** their frames, which the exit built (jit_buildframes: CallInfos above
** ci), are the recording's frames 1 to depth, as the snapshot describes
** them (a metamethod's: where its result goes from its caller's
** instruction). 0 if it cannot (out of memory). */
static int jit_inheritframes(JitState *J, const JitTrace *parent, uint32_t sn, CallInfo *ci) {
  const IRSnap *snap = &parent->ir.snap[sn];
  int d;
  for (d = 1; d <= (int)snap->depth; d++) {
    const SnapFrame *sf = &parent->ir.frames[snap->frameofs + d - 1];
    const Proto *caller = J->frame[d - 1].pt;
    JitFrame *f = &J->frame[d];
    Instruction call = caller->code[sf->retpc - 1];
    ci = ci->next;
    if (ci == NULL) return 0;
    f->ci = ci;
    f->pt = (const Proto *)sf->pt;
    f->base = sf->funcslot + 1;
    f->fn = REF_NONE;
    f->snap = *sf;
    f->finish = sf->finish ? jit_finishslot(call, J->frame[d - 1].base) : -1;
    /* an iterator's frame: its return makes the TFORLOOP */
    f->tforslot = GET_OPCODE(op_unpatched(call)) == OP_TFORCALL ? J->frame[d - 1].base + GETARG_A(call) : -1;
    f->stale = NULL;
    ci->u.l.trap = 1;
    J->depth = d;
    if (!rec_pushframes(J) || !rec_slotsto(J, f->base + f->pt->maxstacksize)) return 0;
  }
  J->maxdepth = J->depth;
  return 1;
}

/* Recording starts in frame ci: at the instruction after the loop
** instruction pc (a root trace: parent NULL), or at pc, where the exit
** through snapshot `sn` of trace `parent` left (a side trace). */
static void jit_startrecording(vm_State *S, JitState *J, CallInfo *ci, const Instruction *pc,
                           JitTrace *parent, uint32_t sn) {
  const Proto *pt = ci_func(ci)->p;
  int inlined = 1;
  ir_init(&J->ir);
  opt_init(&J->opt, &J->ir, J->rulefired);
  J->nbclog = 0;
  memset(J->slot, 0, sizeof(J->slot));
  memset(J->written, 0, sizeof(J->written));
  J->maxslot = pt->maxstacksize;
  J->maxroom = J->maxslot;
  J->recording = 1;
  J->thread = S;
  J->depth = 0;
  J->maxdepth = 0;
  J->multres = -1;
  J->pendslot = J->pendtfor = -1;
  J->pendpc = NULL;
  J->ncalll = J->callwait = 0;
  J->opt.gcbarrier = 0;
  J->unrolled = J->unrolledall = 0;
  J->unrollpc = NULL;
  J->ntailbelow = 0;
  J->startunlinks = J->unlinks;
  J->nbc = 0;
  J->frame[0].ci = ci;
  J->frame[0].pt = pt;
  J->frame[0].base = 0;
  J->frame[0].fn = REF_NONE;
  J->frame[0].frameofs = 0;
  J->frame[0].stale = NULL;
  S->hookmask |= VM_MASKJIT; /* called functions trap too */
  J->startpc = pc;
  J->startpt = pt;
  J->functrace = 0;
  J->shift = 0;
  J->bodypc = NULL;
  J->lastpc = NULL;
  J->closing = 0;
  J->parent = parent;
  J->parentsnap = sn;
  J->inherited = 0;
  J->linkpc = NULL;
  J->endexit = 0;
  J->callee = NULL;
  J->nabc = 0;
  J->abcfrom = REF_NONE;
  J->skipto = NULL;
  ci->u.l.trap = 1;
  if (parent != NULL) {
    jit_inherit(J, parent, sn);
    if (parent->ir.snap[sn].depth > 0 && !jit_inheritframes(J, parent, sn, ci)) inlined = 0;
    /* the exit's instruction takes the values up to the top (a call's
    ** results): where that is (the snapshot counts from the innermost
    ** frame's base) */
    if (parent->ir.snap[sn].top >= 0) J->multres = framebase(J) + parent->ir.snap[sn].top;
    if (parent->ir.snap[sn].top == JIT_TOPCALL) {
      /* the exit after a CALLL of all results (another count of them): the
      ** side trace guards their count and reads them as the parent did */
      J->pendslot = parent->ir.snap[sn].fresh;
      J->npend = -1;
    }
    J->startpt = J->frame[J->depth].pt; /* (pc is the innermost frame's) */
  }
  if (J->verbose) {
    char src[VM_IDSIZE];
    if (parent != NULL)
      fprintf(J->out, "[TRACE %llu start %llu/%u %s:%d]\n", (unsigned long long)J->ntraces + 1,
              (unsigned long long)parent->number, (unsigned)sn, jit_srcname(J->startpt, src), jit_pcline(J->startpt, pc));
    else
      fprintf(J->out, "[TRACE %llu start %s:%d]\n", (unsigned long long)J->ntraces + 1,
              jit_srcname(pt, src), jit_pcline(pt, pc));
  }
  if (!inlined) jit_jitabort(S, J, JA_NOMEM, pc);
}

/* ----------------------------------------------------------------------
** The trace is complete
** ---------------------------------------------------------------------- */

static void jit_fileout(void *ud, const char *s, size_t len) { fwrite(s, 1, len, (FILE *)ud); }

/* A root trace's loop is marked in the bytecode: its loop instruction
** (for a conditional back-edge, a test at startpc, the jump after it)
** becomes a J form (opcodes.h JITOPCODES), so the interpreter enters the
** trace at every back-edge rather than at sampled ones. */
static void jit_markloop(const JitTrace *T, int compiled) {
  static const uint8_t jform[][2] = {
#define JFORM(name, orig) {OP_##orig, OP_##name},
    JITOPCODES(JFORM)
#undef JFORM
  };
  Instruction *pc, i;
  size_t k;
  if (T->functrace) return; /* (entered at function entries: nothing marks it) */
  pc = (Instruction *)jit_loopjump(T->startpc);
  i = op_unpatched(*pc);
  for (k = 0; k < sizeof(jform) / sizeof(jform[0]); k++)
    if (GET_OPCODE(i) == jform[k][0]) {
      if (compiled) SET_OPCODE(i, jform[k][1]);
      *pc = i;
      return;
    }
}

/* Points the exit at the end of each trace in X's tree that leads to
** another loop's trace (linkpc) at that trace's entry, or back to jit.c
** when the loop has none (then the interpreter runs it) */
static void jit_relinktree(JitTrace *X) {
  uint32_t k;
  if (X->linkpc != NULL) {
    JitTrace *R = jit_findtrace(X->callee != NULL ? X->callee : X->pt, X->linkpc);
    X->linkto = R != NULL ? R->linkentry : NULL;
    if (X->loopfar) X->bodyok = R != NULL && R->number == X->looptonum;
    /* into an inlined call's loop through the code building its frames */
    X->exitto[X->endsnap] = R == NULL ? X->exitcommon : X->callee != NULL ? X->callentry : R->linkentry;
  }
  if (X->side != NULL)
    for (k = 0; k < X->ir.nsnap; k++)
      if (X->side[k] != NULL) jit_relinktree(X->side[k]);
}

/* After loop traces come or go, every link is pointed anew (a side trace
** that returned below its frame links to another prototype's loops) */
static void jit_relink(JitState *J) {
  JitTrace *T;
  for (T = J->traces; T != NULL; T = T->gnext) jit_relinktree(T);
}

static void jit_installtrace(vm_State *S, JitState *J, JitTrace *T) {
  Proto *pt = (Proto *)J->frame[0].pt;
  (void)S;
  T->pt = pt;
  T->next = pt->traces;
  pt->traces = T;
  T->gnext = J->traces;
  J->traces = T;
  jit_markloop(T, 1);
  jit_relink(J);
}

/* Frees T, or while traces run (one may be T, or lead to it) puts it
** in the graveyard, freed when none runs any more (jit_runtrace) */
static void jit_dispose(JitState *J, JitTrace *T) {
  T->dead = 1; /* (its tree's exits may still be taken: jit_treedead) */
  if (J != NULL && J->running > 0) {
    T->grave = J->graveyard;
    J->graveyard = T;
  } else {
    jit_freetrace(T);
  }
}

static void jit_burygraves(JitState *J) {
  while (J->graveyard != NULL) {
    JitTrace *T = J->graveyard;
    J->graveyard = T->grave;
    jit_freetrace(T);
  }
}

static void jit_freetrace(JitTrace *T) {
  if (T->side != NULL) {
    uint32_t k;
    for (k = 0; k < T->ir.nsnap; k++)
      if (T->side[k] != NULL) jit_freetrace(T->side[k]);
    free(T->side);
  }
  asm_freecode(T);
  ir_free(&T->ir);
  free(T->lastuse);
  free(T->entry);
  free(T);
}

/* -jdump lists the instructions a trace was recorded from */
int jit_logins(JitState *J, const Instruction *pc) {
  JitBcLog *l;
  if (J->nbclog == J->bclogsize) {
    uint32_t n = J->bclogsize ? 2 * J->bclogsize : 256;
    l = (JitBcLog *)realloc(J->bclog, n * sizeof(JitBcLog));
    if (l == NULL) return 0;
    J->bclog = l;
    J->bclogsize = n;
  }
  l = &J->bclog[J->nbclog++];
  l->pt = J->frame[J->depth].pt;
  l->pc = pc;
  l->depth = J->depth;
  return 1;
}

static void jit_dumpbytecode(const JitState *J, FILE *out) {
  uint32_t i;
  for (i = 0; i < J->nbclog; i++) {
    const JitBcLog *l = &J->bclog[i];
    int d;
    for (d = 0; d < l->depth; d++) fputs(". ", out);
    bc_dumpins(out, l->pt, (int)(l->pc - l->pt->code));
  }
}

static void jit_finishtrace(vm_State *S, JitState *J) {
  char src[VM_IDSIZE];
  int line = jit_pcline(J->startpt, J->startpc);
  uint32_t endsnap = 0, loopsnap = 0;
  JitAbort why = JA_OK;
  JitTrace *T;
  if (J->linkpc == NULL && !J->endexit && J->ncalll > 0) {
    /* a loop making calls (CALLL) is not peeled: no value is carried
    ** across its calls, which may move objects, so none into the next
    ** iteration. It ends in a link to its own start (the end snapshot
    ** writes the slots, the start reads them). */
    J->linkpc = J->startpc;
    if (!snap_take(J, J->bodypc)) {
      jit_jitabort(S, J, JA_NOMEM, J->startpc);
      return;
    }
  }
  if (J->linkpc == NULL && !J->endexit) why = loop_peel(J, &endsnap, &loopsnap);
  else endsnap = J->ir.nsnap - 1; /* where the other loop's trace starts, or the exit */
  if (why != JA_OK) {
    jit_jitabort(S, J, why, J->startpc);
    return;
  }
  if (J->parent != NULL && !jit_isalive(J, J->parent)) {
    jit_jitabort(S, J, JA_ERROR, J->startpc); /* the parent went meanwhile */
    return;
  }
  T = (JitTrace *)calloc(1, sizeof(JitTrace));
  if (T == NULL) {
    jit_jitabort(S, J, JA_NOMEM, J->startpc);
    return;
  }
  T->startpc = J->startpc;
  T->bodypc = J->bodypc;
  T->abcfrom = J->abcfrom;
  T->endsnap = endsnap;
  T->loopsnap = loopsnap;
  if (J->linkpc != NULL && !loop_link(J, T)) {
    free(T);
    jit_jitabort(S, J, JA_NOMEM, J->startpc);
    return;
  }
  T->maxslot = J->maxroom;
  T->maxdepth = J->maxdepth;
  T->linkpc = J->linkpc;
  T->endexit = (uint8_t)J->endexit;
  T->functrace = (uint8_t)(J->functrace && J->parent == NULL);
  T->callee = J->callee;
  T->nbc = J->nbc;
  if (T->maxslot > J->roomslots) J->roomslots = T->maxslot;
  if (T->maxdepth > J->roomdepth) J->roomdepth = T->maxdepth;
  T->ir = J->ir; /* the trace takes the IR over */
  ir_init(&J->ir);
  why = asm_trace(J, T);
  if (why != JA_OK) {
    J->ir = T->ir; /* jit_stoprecording frees it */
    free(T);
    jit_jitabort(S, J, why, J->startpc);
    return;
  }
  T->number = ++J->ntraces;
  if (J->dump || J->verbose) jit_srcname(J->startpt, src);
  if (J->parent != NULL) J->nside++;
  if (T->linkpc != NULL) J->nlink++;
  if (T->functrace) J->nfunc++;
  if (J->dump) {
    fprintf(J->out, "---- TRACE %llu bytecode %s:%d\n", (unsigned long long)T->number, src, line);
    jit_dumpbytecode(J, J->out);
    fprintf(J->out, "---- TRACE %llu IR %s:%d\n", (unsigned long long)T->number, src, line);
    ir_dump(&T->ir, jit_fileout, J->out);
    fprintf(J->out, "---- TRACE %llu mcode %zu bytes at %p\n", (unsigned long long)T->number, T->mclen,
            (void *)T->mcode);
    asm_dump(T, J->out);
  }
  if (J->verbose)
    fprintf(J->out, "[TRACE %llu %s:%d %s%s%s, %u IR instructions, %u snapshots, %zu bytes]\n",
            (unsigned long long)T->number, src, line, J->parent ? "side" : "",
            J->parent && T->linkpc ? " " : "",
            T->loopto != NULL ? "link into the loop body" : T->linkpc ? (T->functrace ? "function, link" : "link")
            : T->endexit ? (T->functrace ? "function, exit" : " exit") : J->parent ? "" : "loop",
            (unsigned)(T->ir.n - REF_FIRST), (unsigned)T->ir.nsnap, T->mclen);
  if (J->parent != NULL) {
    JitTrace *P = J->parent;
    if (P->side == NULL) P->side = (JitTrace **)calloc(P->ir.nsnap, sizeof(JitTrace *));
    if (P->side == NULL) {
      jit_freetrace(T);
      jit_jitabort(S, J, JA_NOMEM, J->startpc);
      return;
    }
    T->parent = P;
    T->pt = (Proto *)J->frame[0].pt;
    P->side[J->parentsnap] = T;
    /* the parent's exit goes on there: at once, or after its stores */
    if (J->inherited) P->entryto[J->parentsnap] = T->linkentry;
    else P->exitto[J->parentsnap] = T->linkentry;
    jit_relinktree(T);
  } else {
    jit_installtrace(S, J, T);
    jit_resetcount(J, J->startpc);
  }
  jit_stoprecording(S, J);
}

/* Whether trace T is still compiled: a root trace, or a side trace of one */
static int jit_istree(const JitTrace *R, const JitTrace *T) {
  uint32_t k;
  if (R == T) return 1;
  if (R->side != NULL)
    for (k = 0; k < R->ir.nsnap; k++)
      if (R->side[k] != NULL && jit_istree(R->side[k], T)) return 1;
  return 0;
}

static int jit_isalive(JitState *J, const JitTrace *T) {
  const JitTrace *R;
  if (J->unlinks == J->startunlinks) return 1; /* (none went since the recording began) */
  for (R = J->traces; R != NULL; R = R->gnext)
    if (jit_istree(R, T)) return 1;
  return 0;
}

/* ----------------------------------------------------------------------
** Running traces and leaving them
** ---------------------------------------------------------------------- */

static void jit_unlinkglobal(JitState *J, JitTrace *T);
static void jit_unlinktrace(JitState *J, JitTrace *T);

/* Drops root trace T (the -jv line says why): its loop starts counting
** again; returns the loop's penalty for the caller to set how long it
** waits and how it is recorded next. */
static JitPenalty *jit_droptrace(JitState *J, JitTrace *T, const char *why) {
  JitPenalty *p = jit_penalize(J, T->startpc);
  if (J->verbose) {
    char src[VM_IDSIZE];
    fprintf(J->out, "[TRACE %llu %s:%d dropped: %s]\n", (unsigned long long)T->number,
            jit_srcname(T->pt, src), jit_pcline(T->pt, T->startpc), why);
  }
  jit_unlinktrace(J, T);
  jit_resetcount(J, T->startpc);
  J->ndropped++;
  jit_dispose(J, T);
  return p;
}

/* A trace whose runs from the interpreter (its own and those of the
** traces it leads to) do fewer bytecodes than entering and leaving cost
** (JIT_PROFIT_BC each) costs more than it saves: it goes, and its loop is
** not recorded again for a
** long while: 4^drops maximal backoffs, growing each time it happens. */
static void jit_unprofitable(JitState *J, JitTrace *T) {
  char why[64];
  JitPenalty *p;
  snprintf(why, sizeof why, "%llu bytecodes in %llu runs", (unsigned long long)T->nwork,
           (unsigned long long)T->nentries);
  p = jit_droptrace(J, T, why);
  p->backoff = JIT_MAXBACKOFF;
  if (p->drops < 20) p->drops++;
  p->skip = 1u << (2 * p->drops); /* 4, 16, 64... maximal backoffs */
}

/* Takes T off its prototype's list and the list of all traces */
static void jit_unlinktrace(JitState *J, JitTrace *T) {
  JitTrace **pp;
  jit_markloop(T, 0);
  for (pp = &T->pt->traces; *pp != NULL; pp = &(*pp)->next)
    if (*pp == T) {
      *pp = T->next;
      break;
    }
  jit_unlinkglobal(J, T);
  jit_relink(J);
}

/* Builds the frames of the calls snapshot `sn` is inside of, above ci,
** and points the innermost at the bytecode to resume at, the others at
** their call's return; it becomes S->ci. There are CallInfos and stack
** for them: jit_traceroom holds for every frame a trace runs in (jit_runtrace
** makes sure of it where it starts; a return below ci needs less;
** jit_callframes for the frames it builds). */
static CallInfo *jit_buildframes(vm_State *S, CallInfo *ci, const JitTrace *T, uint32_t sn) {
  const IRSnap *snap = &T->ir.snap[sn];
  const Proto *pt = ci_func(ci)->p;
  StkId base = ci->func + 1;
  uint32_t d;
  ci->top = base + pt->maxstacksize; /* (a tail call may have changed its function) */
  for (d = 0; d < snap->depth; d++) {
    const SnapFrame *f = &T->ir.frames[snap->frameofs + d];
    CallInfo *callee = ci->next;
    ci->u.l.savedpc = pt->code + f->retpc;
    pt = (const Proto *)f->pt;
    callee->func = base + f->funcslot;
    callee->u.l.nextraargs = f->nextra;
    callee->nresults = f->nresults;
    callee->callstatus = (f->tail ? CIST_TAIL : 0) | (f->finish ? CIST_JITFIN : 0); /* (interp.c ret) */
    callee->top = callee->func + 1 + pt->maxstacksize;
    callee->u.l.trap = 0;
    ci = callee;
  }
  ci->u.l.savedpc = pt->code + snap->pc;
  S->ci = ci;
  S->top = snap->top >= 0 ? ci->func + 1 + snap->top
           : snap->top == JIT_TOPCALL ? restorestack(S, G(S)->jit->calltop) : ci->top;
  return ci;
}

static int jit_traceroom(vm_State *S, CallInfo *ci, const JitState *J);

/* A link into the loop of an inlined call (JitTrace.callee), from X's end
** in machine code (its exit stub wrote the snapshot): builds the calls'
** frames and returns the callee's base, where that loop's trace runs; or
** NULL when there is no room for what the exits of traces running there
** rebuild (jit_traceroom). X's exit then returns to jit_runtrace, and the
** interpreter goes on in the call. */
TValue *jit_callframes(vm_State *S, const JitTrace *X) {
  CallInfo *ci = S->ci, *callee = jit_buildframes(S, ci, X, X->endsnap);
  if (!jit_traceroom(S, callee, G(S)->jit)) {
    S->ci = ci;
    return NULL;
  }
  return s2v(callee->func + 1);
}

/* Stack slots and CallInfos for whatever the exits of a run rebuild (it
** may go through any of the traces: enough for the largest); 0 when memory
** for them is not to be had (then no trace runs). */
static int jit_traceroom(vm_State *S, CallInfo *ci, const JitState *J) {
  int d;
  if (S->stack_last - (ci->func + 1) <= J->roomslots &&
      !do_growstack(S, J->roomslots - (int)(S->top - (ci->func + 1)) + 1, 0))
    return 0;
  for (d = 0; d < J->roomdepth; d++, ci = ci->next)
    if (ci->next == NULL && do_tryextendCI(S, ci) == NULL) return 0;
  return 1;
}

/* Whether X's tree was dropped while it ran (it is still there, in the
** graveyard until the run ends): no side trace is recorded from it */
static int jit_treedead(const JitTrace *X) {
  while (X->parent != NULL) X = X->parent;
  return X->dead;
}

/* Runs T from the loop body's start. Its exits write their snapshot's
** values into the frames and go on into the side trace attached there,
** the loop trace a link leads to (through jit_callframes into an inlined
** call's loop), if any: all in machine code, until an exit leads nowhere.
** Then the frames of the calls that exit is inside of are rebuilt,
** pointing at the bytecode to resume at, and a hot exit starts a side
** trace's recording. The traces may have returned below ci or called
** above it: the exit's frame is S->ci. Returns 0 if T could not run (no
** memory for the frames its exits may rebuild), else 1 or, when the
** traces ran GC safe points (a collection they asked for may wait), 2:
** interp.c's back-edge check then goes on in S->ci at its savedpc. */
static int jit_runtrace(vm_State *S, CallInfo *ci, JitState *J, JitTrace *T) {
  JitExitState ex;
  JitTrace *X, *abcdrop = NULL;
  IRSnap *snap;
  Global *g = G(S);
  int sn, where;
  int64_t budget, iters;
  if (!jit_traceroom(S, ci, J)) return 0;
  /* without the host's callback, the budget only counts: the traces look
  ** at jitstop for vm_interrupt and hooks (cleared before the caller's
  ** checks of what sets it, so that none is missed) */
  budget = g->intf != NULL ? g->icount : JIT_FREEBUDGET;
  ex.chunk = g->intf != NULL ? 1 : INTERRUPT_POLL; /* (1: the host's count is exact) */
  ex.S = S;
  ex.budget = budget - ex.chunk;
  ex.stop = &g->jitstop;
  ex.gcrequest = &g->gcrequest;
  ex.forced = 0;
  ex.gcstep = 0;
  J->nentries++;
  J->running++; /* (until the end: what it ran is looked at) */
  where = jit_setwhere(g, JW_TRACE);
  sn = T->fn(ci->func + 1, &ex);
  J->where = (uint8_t)where;
  ci = S->ci; /* (C code the traces called may have moved the stack) */
  X = ex.trace; /* the trace whose exit it is */
  snap = &X->ir.snap[sn];
  snap->count++;
  snap->total++;
  J->nexits++;
  iters = budget - ex.budget; /* the back-edges of the traces */
  if (g->intf != NULL) g->icount -= (int)iters; /* charge the host's budget */
  J->niters += (uint64_t)iters;
  jit_buildframes(S, ci, X, (uint32_t)sn);
  J->staleci = NULL;
  if (snap->stale >= 0) { /* (jit_stalepc) */
    J->staleci = S->ci;
    J->staleresume = S->ci->u.l.savedpc;
    J->stalepc = ci_func(S->ci)->p->code + snap->stale;
  }
  /* (interp_backedge collects when one is asked for) */
  if (ex.gcstep && g->gcrequest && snap->top == -1) S->top = snap_cleardead(J, S->ci);
  /* a hot exit starts a side trace, in the frames it built (inlined
  ** calls' too: jit_inheritframes); exits the back-edge checks forced (the
  ** budget, hooks, a collection to run) do not count */
  if (snap->count >= (J->hotexit << snap->tries) && !ex.forced && !jit_treedead(X) &&
      ((uint32_t)sn != X->endsnap || X->linkpc != NULL || X->endexit == 1) && !S->hookmask) {
    if (X->abcfrom != REF_NONE && snap->ref >= X->abcfrom && snap->ref < X->ir.loopref)
      abcdrop = X; /* (its hoisted range checks: see below) */
    else
      jit_hotexit(S, ci, J, X, (uint32_t)sn);
  }
  T->nentries++;
  T->nwork += (uint64_t)T->nbc * (1 + (uint64_t)iters) + (X != T ? X->nbc : 0);
  if (abcdrop != NULL) {
    /* the loop's range checks (loop_abcguards) fail often, a loop running past
    ** an array's end, say, that breaks before: its trace goes, and the
    ** next one checks the bounds in the body (a side trace from that exit
    ** would run the loop's first iteration each time, then fail again) */
    jit_droptrace(J, abcdrop, "its range checks fail")->noabc = 1;
  } else if (T->nentries == JIT_PROFIT_ENTRIES && T->nwork < JIT_PROFIT_BC * T->nentries) {
    jit_unprofitable(J, T);
  }
  if (--J->running == 0) jit_burygraves(J);
  return ex.gcstep ? 2 : 1;
}

/* An exit taken often: a side trace is recorded from where it leaves
** (the interpreter goes on meanwhile); each attempt there doubles the
** exits the next one waits for (up to a limit: never blacklisted). */
static void jit_hotexit(vm_State *S, CallInfo *ci, JitState *J, JitTrace *T, uint32_t sn) {
  IRSnap *snap = &T->ir.snap[sn];
  if (snap->tries < JIT_MAXBACKOFF) snap->tries++;
  snap->count = 0; /* (counting again to the doubled threshold) */
  jit_startrecording(S, J, ci, S->ci->u.l.savedpc, T, sn); /* (S->ci: the innermost frame) */
}

const Instruction *jit_savedpc(vm_State *S, CallInfo *ci) {
  JitState *J = G(S)->jit;
  if (J != NULL && J->staleci == ci && isLua(ci) && ci->u.l.savedpc == J->staleresume) return J->stalepc;
  return ci->u.l.savedpc;
}

void jit_stalepc(vm_State *S) { S->ci->u.l.savedpc = jit_savedpc(S, S->ci); }

vm_Integer jit_idiv(vm_Integer a, vm_Integer b) { return interp_idiv(NULL, a, b); }
vm_Integer jit_imod(vm_Integer a, vm_Integer b) { return interp_mod(NULL, a, b); }
vm_Integer jit_udiv(vm_Integer a, vm_Integer b) { return (vm_Integer)((vm_Unsigned)a / (vm_Unsigned)b); }
vm_Integer jit_shiftr(vm_Integer a, vm_Integer b) { return interp_shiftr(a, b); }
vm_Integer jit_tgets(Table *t, TString *key) { return !ttisnil(tab_getstr(t, key)); }
vm_Integer jit_strcmp(TString *a, TString *b) { return interp_strcmp(a, b); }
TString *jit_strnew(vm_State *S, const char *s, vm_Integer n) { return str_new(S, s, (size_t)n); }
vm_Integer jit_streq(TString *a, TString *b) { return str_eqlngstr(a, b); }

/* FNEW: the closure CLOSURE makes of p in the frame whose slot 0 is slot
** `base` counted from S->ci's (the trace wrote the frame's function slot,
** the enclosing closure): upvalues of the frame's registers found or
** opened (func_findupval), the others the enclosing closure's. It only
** allocates: collections wait for a safe point. */
LClosure *jit_closure(vm_State *S, Proto *p, int32_t base) {
  StkId b = S->ci->func + 1 + base;
  LClosure *enc = clLvalue(s2v(b - 1)), *cl = func_newLclosure(S, p->sizeupvalues);
  int k;
  cl->p = p;
  for (k = 0; k < p->sizeupvalues; k++)
    cl->upvals[k] = p->upvalues[k].instack ? func_findupval(S, b + p->upvalues[k].idx) : enc->upvals[p->upvalues[k].idx];
  return cl;
}

/* UCLO: CLOSE's closing of the open upvalues at or above slot `level`
** (from S->ci's base) */
void jit_uclose(vm_State *S, int32_t level) { func_closeupval(S, S->ci->func + 1 + level); }
vm_Number jit_fmod(vm_Number a, vm_Number b) { return interp_modf(NULL, a, b); }
void jit_tbar(vm_State *S, Table *t, GCObject *v) { gc_objbarrier(S, t, v); }

/* NEWTABLE's allocation (TNEW) */
Table *jit_tnew(vm_State *S, uint32_t asize, uint32_t hsize) {
  Table *t = tab_new(S);
  if (asize != 0 || hsize != 0) tab_resize(S, t, asize, hsize);
  return t;
}

/* TSLOT: where key's value is in t, inserted if absent as the interpreter
** inserts it (the same layout), with false until the trace's store. The
** key had no value: t's cache of absent metamethods goes (the key may be
** "__index" of a table used as a metatable), as the interpreter's store
** into an empty slot does. */
static TValue *jit_tslot(vm_State *S, Table *t, const TValue *key) {
  const TValue *slot = tab_get(t, key);
  invalidateTMcache(t);
  if (isabstkey(slot)) {
    TValue placeholder;
    setbfvalue(&placeholder);
    tab_newkey(S, t, key, &placeholder);
    slot = tab_get(t, key);
  }
  return (TValue *)slot;
}

/* CAT: the interpreter's concatenation of n values from first on (strings
** and numbers: no metamethods), slot `slot` of the trace; returns the
** trace's base, which may have moved */
TValue *jit_cat(vm_State *S, TValue *first, int n, int slot) {
  ptrdiff_t base = savestack(S, (StkId)first - slot);
  G(S)->gcblocked++; /* traces hold young objects: nothing may move */
  S->top = first + n;
  interp_concat(S, n);
  G(S)->gcblocked--; /* (an error unwinding restores it too) */
  return restorestack(S, base);
}

/* CALLC: the call that snapshot sn of T is at (call = JIT_CALLC(slot,
** nargs, want): the C function in that slot, its arguments after it;
** dest: CALLC's op1), made as the interpreter makes it: the frames of
** the inlined calls the trace is in are built as for an exit (an error's
** traceback and messages see them), the innermost one's pc is the
** call's, and the results go from the function's slot on, then to slot
** dest (a tail call's: the frame returns them). Slots count from the base
** of S->ci, where the snapshot's frames start (the trace may have
** returned below its own). The function runs no Lua code (jit.h
** JIT_CCALLS): no collection runs (the trace holds young objects in
** registers), and the frames go again after it. Returns the trace's
** base, which moves with the stack. */
/* The frames a call from the trace at snapshot sn of T is made in (S->ci,
** frame 0, and those of the inlined calls, built as for an exit), the
** innermost's pc past the call, as the interpreter's savepc */
static void jit_callsite(vm_State *S, CallInfo *ci, const JitTrace *T, uint32_t sn) {
  const IRSnap *snap = &T->ir.snap[sn];
  if (snap->depth == 0) /* (the frame is there: only its pc) */
    ci->u.l.savedpc = ci_func(ci)->p->code + snap->pc + 1;
  else
    jit_buildframes(S, ci, T, sn)->u.l.savedpc++;
}

TValue *jit_callc(vm_State *S, const JitTrace *T, uint32_t sn, uint32_t call, int32_t dest) {
  CallInfo *ci = S->ci;
  int slot = (int)(call & 0xff), nargs = (int)(call >> 8 & 0xff), want = (int)(call >> 16 & 0xff), k;
  StkId base;
  jit_callsite(S, ci, T, sn);
  G(S)->gcblocked++;
  S->top = ci->func + 1 + slot + 1 + nargs;
  /* as the interpreter calls a C function (no yield: JIT_CCALLS do not) */
  do_precall(S, ci->func + 1 + slot, want);
  G(S)->gcblocked--;
  base = ci->func + 1; /* (the stack may have moved) */
  for (k = 0; k < want && dest != slot; k++) setobj2s(S, base + dest + k, s2v(base + slot + k));
  S->ci = ci;
  S->top = ci->top;
  return s2v(base - T->ir.snap[sn].shift); /* the trace's base */
}

/* CALLL: the call that snapshot sn of T is at (call and dest as
** CALLC's), made as the interpreter makes it: from the frames of the
** inlined calls (built as for an exit), with every slot in the stack (the
** trace wrote them). Lua code runs, which may collect (the trace reads
** every slot again after it), run traces, and record them. Returns the
** trace's base, which moves with the stack; NULL when the call is not to
** be made from C: in a coroutine (the callee may yield), or too deep in
** C calls (Lua calls are not C calls in the interpreter: the error
** "C stack overflow" must not come sooner than there). The trace then
** exits before the call, and the interpreter makes it. */
TValue *jit_calll(vm_State *S, const JitTrace *T, uint32_t sn, uint32_t call, int32_t dest) {
  JitState *J = G(S)->jit;
  CallInfo *ci = S->ci;
  const IRSnap *snap = &T->ir.snap[sn];
  int slot = (int)(call & 0xff), nargs = (int)(call >> 8 & 0xff), want = (int)(call >> 16 & 0xff), where;
  (void)dest; /* (the results stay in the function's slot) */
  if (yieldable(S) || J->callnest >= JIT_MAXCALLNEST || getCcalls(S) + 2 * JIT_MAXCALLNEST >= MAXCCALLS) return NULL;
  jit_callsite(S, ci, T, sn);
  S->top = ci->func + 1 + slot + 1 + nargs;
  J->callnest++;
  where = jit_setwhere(G(S), JW_INTERP);
  if (want == JIT_CALLALL) {
    do_call(S, ci->func + 1 + slot, VM_MULTRET);
    J->callnres = (int)(S->top - (ci->func + 1 + slot));
    J->calltop = savestack(S, S->top);
  } else {
    do_call(S, ci->func + 1 + slot, want);
  }
  J->where = (uint8_t)where;
  J->callnest--;
  S->ci = ci;
  S->top = ci->top;
  if (J->recording) /* (begun in the callee, which returned: traces do not run while recording) */
    jit_jitabort(S, J, JA_LEFT_FRAME, NULL);
  if ((S->hookmask & ~VM_MASKJIT) || G(S)->interrupt_pending)
    G(S)->jitstop = 1; /* hooks set, an interrupt: the trace stops at its next check */
  return s2v(ci->func + 1 - snap->shift); /* the trace's base (the stack may have moved) */
}

/* A call the recorder waits for returns (interp.c, CIST_JITREC) */
int jit_callreturned(vm_State *S) {
  JitState *J = G(S)->jit;
  if (J != NULL && J->recording && J->callwait && J->thread == S) S->hookmask |= VM_MASKJIT;
  return S->hookmask != 0;
}

void jit_unwound(Global *g, int running, int callnest, int where) {
  JitState *J = g->jit;
  if (J == NULL) return;
  J->where = (uint8_t)where;
  J->callnest = callnest;
  J->running = running;
  if (running == 0) jit_burygraves(J);
}

/* TRESIZE: SETLIST's growth of a constructor's array part (never a
** shrink: as the interpreter's) */
TValue *jit_tresize(vm_State *S, Table *t, uint32_t asize) {
  if (asize > t->asize) tab_resizearray(S, t, asize);
  return t->array;
}

TValue *jit_tslotint(vm_State *S, Table *t, vm_Integer key) {
  TValue k;
  setivalue(&k, key);
  return jit_tslot(S, t, &k);
}

TValue *jit_tslotobj(vm_State *S, Table *t, GCObject *key) {
  TValue k;
  setgcovalue(&k, key);
  return jit_tslot(S, t, &k);
}

/* IR HREF of a collectable key (an integer's is tab_getint) */
const TValue *jit_hrefobj(Table *t, GCObject *key) {
  TValue k;
  setgcovalue(&k, key);
  return tab_get(t, &k);
}

static void jit_unlinkglobal(JitState *J, JitTrace *T) {
  JitTrace **pp;
  J->unlinks++;
  for (pp = &J->traces; *pp != NULL; pp = &(*pp)->gnext)
    if (*pp == T) {
      *pp = T->gnext;
      return;
    }
}

/* Whether T inlined a function of prototype p */
static int jit_inlines(const JitTrace *T, const Proto *p) {
  uint32_t i;
  for (i = 0; i < T->ir.nframes; i++)
    if (T->ir.frames[i].pt == p) return 1;
  if (T->side != NULL)
    for (i = 0; i < T->ir.nsnap; i++)
      if (T->side[i] != NULL && jit_inlines(T->side[i], p)) return 1;
  return 0;
}

/* Frees the traces of a prototype being collected, and those that inlined
** it (their guards compare with its address, which may be reused). */
void jit_freeproto(Global *g, Proto *p) {
  JitTrace *T = p->traces, *next;
  if (g->jit != NULL) snap_droplive(g->jit, p);
  for (; T != NULL; T = next) {
    next = T->next;
    if (g->jit != NULL) jit_unlinkglobal(g->jit, T);
    jit_dispose(g->jit, T);
  }
  p->traces = NULL;
  if (g->jit == NULL) return;
  for (T = g->jit->traces; T != NULL; T = next) {
    next = T->gnext;
    if (jit_inlines(T, p)) {
      jit_unlinktrace(g->jit, T);
      jit_dispose(g->jit, T);
    }
  }
}

void jit_flush(Global *g) {
  JitState *J = g->jit;
  JitTrace *T, *next;
  if (J == NULL) return;
  for (T = J->traces; T != NULL; T = next) {
    next = T->gnext;
    T->pt->traces = NULL;
    jit_markloop(T, 0);
    jit_dispose(J, T);
  }
  J->traces = NULL;
  J->unlinks++;
}

/* ----------------------------------------------------------------------
** -jstats' time split: a profiling timer (ITIMER_PROF, every 1 ms of CPU
** time asked; Linux delivers it at its scheduler's ticks, 4 ms at 250 Hz)
** whose signal counts a sample where the VM is (JitState.where, which
** jit_runtrace, jit_calll, jit_record and the collector set)
** ---------------------------------------------------------------------- */

static JitState *volatile jit_profiled; /* (the signal finds it here) */
static struct sigaction jit_oldprof;

static void jit_onprof(int sig) {
  JitState *J = jit_profiled;
  (void)sig;
  if (J != NULL) J->samples[J->where < JW__MAX ? J->where : JW_INTERP]++;
}

int jit_profile(JitState *J, int on) {
  struct itimerval tv;
  memset(&tv, 0, sizeof(tv));
  if (on) {
    struct sigaction sa;
    if (jit_profiled != NULL) return jit_profiled == J;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = jit_onprof;
    sa.sa_flags = SA_RESTART; /* (the program's system calls go on) */
    sigemptyset(&sa.sa_mask);
    jit_profiled = J;
    if (sigaction(SIGPROF, &sa, &jit_oldprof) != 0) {
      jit_profiled = NULL;
      return 0;
    }
    tv.it_interval.tv_usec = tv.it_value.tv_usec = 1000;
    return setitimer(ITIMER_PROF, &tv, NULL) == 0;
  }
  if (jit_profiled == J) {
    setitimer(ITIMER_PROF, &tv, NULL);
    sigaction(SIGPROF, &jit_oldprof, NULL);
    jit_profiled = NULL;
  }
  return 1;
}

static void jit_reportwhere(const JitState *J, FILE *out) {
  static const char *const name[] = {
#define JW_NAME(n, text) text,
    JIT_WHERE(JW_NAME)
#undef JW_NAME
  };
  uint64_t total = 0;
  int w;
  for (w = 0; w < JW__MAX; w++) total += J->samples[w];
  if (total == 0) return;
  fprintf(out, "time (%llu samples):", (unsigned long long)total);
  for (w = 0; w < JW__MAX; w++)
    fprintf(out, "%s %s %.1f%%", w ? "," : "", name[w], 100.0 * (double)J->samples[w] / (double)total);
  fprintf(out, "\n");
}

/* The exits that went to the interpreter most often (no side trace took
** them over): where the time in the interpreter may come from */
#define JIT_TOPEXITS 8
typedef struct JitTopExit { const JitTrace *T; uint32_t sn, n; } JitTopExit;

static void jit_topexits(const JitTrace *T, JitTopExit *top) {
  uint32_t k;
  int i, j;
  for (k = 0; k < T->ir.nsnap; k++) {
    uint32_t n = T->ir.snap[k].total;
    for (i = 0; i < JIT_TOPEXITS && top[i].n >= n; i++) continue;
    if (n == 0 || i == JIT_TOPEXITS) continue;
    for (j = JIT_TOPEXITS - 1; j > i; j--) top[j] = top[j - 1];
    top[i].T = T;
    top[i].sn = k;
    top[i].n = n;
  }
  if (T->side != NULL)
    for (k = 0; k < T->ir.nsnap; k++)
      if (T->side[k] != NULL) jit_topexits(T->side[k], top);
}

static void jit_reportexits(const JitState *J, FILE *out) {
  JitTopExit top[JIT_TOPEXITS];
  const JitTrace *T;
  int i;
  memset(top, 0, sizeof(top));
  for (T = J->traces; T != NULL; T = T->gnext) jit_topexits(T, top);
  if (top[0].n == 0) return;
  fprintf(out, "exits to the interpreter, most taken:\n");
  for (i = 0; i < JIT_TOPEXITS && top[i].n > 0; i++) {
    const IRSnap *sn = &top[i].T->ir.snap[top[i].sn];
    const Proto *pt = (const Proto *)sn->pt;
    char src[VM_IDSIZE];
    fprintf(out, "  %8lu  trace %llu exit %u, %s:%d\n", (unsigned long)top[i].n,
            (unsigned long long)top[i].T->number, (unsigned)top[i].sn, pt ? jit_srcname(pt, src) : "?",
            pt ? jit_pcline(pt, pt->code + sn->pc) : 0);
  }
}

void jit_report(JitState *J, FILE *out) {
  int i;
  fprintf(out, "---- JIT statistics\n");
  fprintf(out, "traces %llu (side %llu, ending in a link %llu, function %llu), dropped %llu, aborts %llu\n",
          (unsigned long long)J->ntraces, (unsigned long long)J->nside,
          (unsigned long long)J->nlink, (unsigned long long)J->nfunc, (unsigned long long)J->ndropped,
          (unsigned long long)J->naborts);
  for (i = 0; i < JA__MAX; i++)
    if (J->aborts[i] != 0)
      fprintf(out, "  %8llu  abort: %s\n", (unsigned long long)J->aborts[i], jit_abortmsg[i]);
  fprintf(out, "entries %llu, exits %llu, loop iterations in traces %llu, in the interpreter %llu\n",
          (unsigned long long)J->nentries, (unsigned long long)J->nexits,
          (unsigned long long)J->niters, (unsigned long long)J->ninterp);
  jit_reportwhere(J, out);
  jit_reportexits(J, out);
  fprintf(out, "peephole rules fired:\n");
  for (i = 0; i < opt_nrules; i++)
    if (J->rulefired[i] != 0)
      fprintf(out, "  %8lu  %s\n", (unsigned long)J->rulefired[i], opt_rulename[i]);
}

/* The trace ends at pc, where the trace starting at linkpc runs next: a
** loop's (of callee, an inlined call's function whose frames the end
** builds: jit_callframes; NULL: frame 0's) or a function's. Returns 0,
** jit_record's "recording stops". */
static int jit_linkto(vm_State *S, JitState *J, const Instruction *pc, const Instruction *linkpc,
                      const Proto *callee) {
  J->linkpc = linkpc;
  J->callee = callee;
  if (!snap_take(J, pc)) return jit_jitabort(S, J, JA_NOMEM, pc);
  jit_finishtrace(S, J);
  return 0;
}

/* Whether the recording is inside a metamethod's frame: links from there
** are not made (the frames they build in machine code do not say that
** the metamethod's caller finishes an instruction) */
static int jit_inmetamethod(const JitState *J) {
  int d;
  for (d = 1; d <= J->depth; d++)
    if (J->frame[d].snap.finish) return 1;
  return 0;
}

/* The trace an inlined call entering pc links to, or NULL: a loop's whose
** body starts there; a function's only where the call is recursive (else
** inlining goes on in the caller's trace, the better of the two) */
static JitTrace *jit_calleelink(const JitState *J, const Instruction *pc) {
  const Proto *pt = J->frame[J->depth].pt;
  JitTrace *L = jit_findbody(pt, pc);
  int d, again = 0;
  if (L == NULL || jit_inmetamethod(J)) return NULL;
  for (d = 0; d < J->depth; d++)
    if (J->frame[d].pt == pt) again = 1;
  return L->functrace && !again ? NULL : L;
}

static int jit_record1(vm_State *S, CallInfo *ci, const Instruction *pc);

/* A back-edge (to pc) of a short loop without a trace in an inlined call,
** followed: whether it may be, at most JIT_MAXUNROLL times in one run of
** the loop (a polygon's few points, say) and JIT_MAXUNROLLALL in the
** trace. (Inner loops of the trace's own function: JIT_MAXUNROLL in all,
** else side traces unroll their varying trip counts anew each, and
** fannkuch's reversal loop made 404 traces.) */
static int jit_unroll(JitState *J, const Instruction *pc) {
  if (pc != J->unrollpc) { /* (another loop, or another run of it) */
    J->unrollpc = pc;
    J->unrolled = 0;
  }
  return ++J->unrolled <= JIT_MAXUNROLL && ++J->unrolledall <= JIT_MAXUNROLLALL;
}

int jit_record(vm_State *S, CallInfo *ci, const Instruction *pc) {
  JitState *J = G(S)->jit;
  int was, more;
  if (J == NULL || !J->recording) return 0;
  was = jit_setwhere(G(S), JW_COMPILE);
  more = jit_record1(S, ci, pc);
  J->where = (uint8_t)was;
  return more;
}

static int jit_record1(vm_State *S, CallInfo *ci, const Instruction *pc) {
  JitState *J = G(S)->jit;
  JitAbort why;
  if (J->callwait) { /* a call the trace makes (CALLL) runs */
    if (S != J->thread) return 0;
    if (ci != J->waitci) {
      /* its first instruction (or that of a Lua function a C function
      ** it called calls): it runs untrapped, its calls too, and its
      ** return has the caller trap again (jit_callreturned) */
      CallInfo *up = ci->previous;
      while (up != NULL && up != J->waitci) up = up->previous;
      if (up == NULL) return jit_jitabort(S, J, JA_LEFT_FRAME, pc); /* (its return went unseen) */
      ci->callstatus |= CIST_JITREC;
      S->hookmask &= ~VM_MASKJIT;
      return 0;
    }
    if (J->waitpc != NULL ? pc != J->waitpc
                          : pc != J->pendpc + 1 && pc != J->pendpc + 1 - GETARG_Bx(*J->pendpc))
      return jit_jitabort(S, J, JA_LEFT_FRAME, pc);
    J->callwait = 0;
  }
  if (J->pendslot >= 0) { /* C code ran on the last instruction: its results */
    int k, all = J->npend < 0;
    if (all) { /* all of a CALLL's results, up to the top: their count guarded */
      J->npend = (int)(S->top - (J->frame[0].ci->func + 1 + J->pendslot));
      if (J->npend < 0 || !rec_slotsto(J, J->pendslot + J->npend)) return jit_jitabort(S, J, JA_TOO_LONG, pc);
    }
    /* their guards exit after that instruction: it is not done again */
    if (!snap_takefresh(J, J->pendpc != NULL ? J->pendpc : pc, J->pendslot, J->npend))
      return jit_jitabort(S, J, JA_NOMEM, pc);
    if (all) {
      J->ir.snap[J->ir.nsnap - 1].top = JIT_TOPCALL;
      if (opt_emit(&J->opt, IR_EQ, IRT_VOID, opt_emit(&J->opt, IR_NRES, IRT_INT, J->opt.gcbarrier, 0),
                   ir_kint(&J->ir, J->npend)) == REF_NONE && J->ir.oom)
        return jit_jitabort(S, J, JA_NOMEM, pc);
      J->multres = J->pendslot + J->npend;
    }
    for (k = 0; k < J->npend; k++) {
      int s = J->pendslot + k;
      const TValue *v = s2v(J->frame[0].ci->func + 1 + s);
      IRRef res = opt_emit(&J->opt, IR_RLOAD, valtype(v), (IRRef)(J->shift + s), 0);
      if (res == REF_NONE) return jit_jitabort(S, J, JA_NOMEM, pc);
      J->slot[s] = res;
      J->written[s] = 1;
    }
    if (J->pendtfor >= 0) { /* the TFORLOOP after an iterator's call */
      int s = J->pendtfor;
      if (!ttisnil(s2v(J->frame[0].ci->func + 1 + s + 4))) {
        J->slot[s + 2] = J->slot[s + 4]; /* the control variable */
        J->written[s + 2] = 1;
      } else if (J->pendpc == J->startpc && J->depth == 0 && J->parent == NULL) {
        return jit_jitabort(S, J, JA_LOOP_EXIT, J->startpc); /* the loop ended */
      }
    }
    J->pendslot = J->pendtfor = -1;
    J->pendpc = NULL;
  }
  if (J->closing) {
    /* the loop instruction ran: the trace is a loop only if it jumped
    ** back to the body (a loop's condition may also fall through into an
    ** inner loop: `while` compiles its exit as a jump back to the outer
    ** loop's condition) */
    if (S == J->thread && ci == curci(J) && pc == J->bodypc) {
      jit_finishtrace(S, J);
      return 0;
    }
    return jit_jitabort(S, J, JA_LOOP_EXIT, J->startpc);
  }
  if (J->skipto != NULL) { /* the interpreter runs a test sequence recorded at once (rec_testseq) */
    if (S == J->thread && ci == curci(J) && pc >= J->skipfrom && pc < J->skipto) return 1;
    if (S != J->thread || ci != curci(J) || pc != J->skipto) return jit_jitabort(S, J, JA_NYI_BC, pc);
    J->skipto = NULL;
  }
  if (S == J->thread && curci(J) == NULL && ci->previous == J->frame[J->depth - 1].ci &&
      ci_func(ci)->p == J->frame[J->depth].pt &&
      ci->func + 1 - (J->frame[0].ci->func + 1) == framebase(J)) {
    curci(J) = ci; /* the inlined call's first instruction */
  } else if (S != J->thread || ci != curci(J)) {
    return jit_jitabort(S, J, JA_LEFT_FRAME, NULL);
  } else if (J->lastpc != NULL && pc <= J->lastpc) { /* a loop's back-edge was taken */
    JitTrace *L;
    if (J->depth > 0 && (L = jit_calleelink(J, pc)) != NULL) {
      /* (a generic for enters its body by its back-edge) */
      return jit_linkto(S, J, pc, L->startpc, J->frame[J->depth].pt);
    } else if (J->depth > 0) {
      /* a loop in an inlined call without a trace: followed a few times
      ** (a short one: a polygon's points, say; its own recordings keep
      ** ending in its exit, or it never runs in the interpreter, so it
      ** never gets a trace to link to) */
      if (!jit_unroll(J, pc)) {
        /* a short loop has no trace to link to (it never closes): traces
        ** call its function from now on (record.c rec_makescall) */
        if (jit_shortloop(J, J->lastpc)) ((Proto *)J->frame[J->depth].pt)->jitcall = 1;
        return jit_jitabort(S, J, JA_NYI_INNERLOOP, pc);
      }
    } else {
      if (J->functrace && J->parent == NULL && pc == J->startpc && J->frame[0].pt == J->startpt)
        /* a tail call of the function itself (record.c rec_tailbelow): a
        ** link to the function's start, this trace */
        return jit_linkto(S, J, pc, J->startpc, NULL);
      if (J->parent == NULL && !J->functrace && pc == J->bodypc) {
        /* another back-edge of this loop (Lua compiles the jump at the end
        ** of an if's branch that ends the loop's body as a jump back) */
        jit_finishtrace(S, J);
        return 0;
      }
      if (J->parent == NULL && !J->functrace && (J->lastpc < J->bodypc || J->lastpc > J->loopend))
        /* a loop around this one: the recorded iteration left the loop (a
        ** break); linking there would make every iteration of this loop
        ** that does not break an exit. Later iterations may not break. */
        return jit_jitabort(S, J, JA_LOOP_EXIT, pc);
      if ((L = jit_findbody(J->frame[0].pt, pc)) != NULL)
        /* another loop with a trace: this one ends where that one starts */
        return jit_linkto(S, J, pc, L->startpc, NULL);
      /* an inner loop without a trace: a root trace waits for it to get
      ** one (its iterations then run there, and this trace links to it),
      ** unless its recordings keep ending in the loop's exit (a short loop,
      ** which never gets one); then, as in side traces, it is followed a
      ** few times */
      if (J->parent == NULL && !jit_shortloop(J, J->lastpc)) return jit_jitabort(S, J, JA_INNERLOOP, pc);
      if (++J->unrolledall > JIT_MAXUNROLL) return jit_jitabort(S, J, JA_INNERLOOP, pc);
    }
  }
  if (J->depth > 0) {
    /* an inlined call enters a loop with a trace (its frames built, the
    ** loop's trace runs); a function trace's recursive call: a link to
    ** itself, the same way */
    JitTrace *L = jit_calleelink(J, pc);
    if (L != NULL) return jit_linkto(S, J, pc, L->startpc, J->frame[J->depth].pt);
    if (J->functrace && J->parent == NULL && pc == J->startpc && J->frame[J->depth].pt == J->startpt &&
        !jit_inmetamethod(J))
      return jit_linkto(S, J, pc, J->startpc, J->startpt);
  }
  J->lastpc = pc;
  J->frame[J->depth].stale = J->wassaved; /* (snapshots keep it) */
  if (S->hookmask & ~VM_MASKJIT) return jit_jitabort(S, J, JA_HOOK, pc);
  if (J->ir.n > JIT_MAXINS) return jit_jitabort(S, J, JA_TOO_LONG, pc);
  if (J->bodypc == NULL) {
    J->bodypc = pc;
    /* (a scan of the function from the loop on: only a root loop's end is
    ** looked at) */
    J->loopend = J->parent == NULL && !J->functrace ? jit_loopend(J->frame[0].pt, pc, J->startpc) : NULL;
  }
  if (!snap_take(J, pc)) return jit_jitabort(S, J, JA_NOMEM, pc);
  if (J->dump && !jit_logins(J, pc)) return jit_jitabort(S, J, JA_NOMEM, pc);
  why = rec_instruction(J, ci, pc);
  J->nbc++;
  if (why != JA_OK) return jit_jitabort(S, J, why, pc);
  if (J->opt.guardfails) return jit_jitabort(S, J, JA_GUARD_FAILS, pc);
  if (J->ir.oom) return jit_jitabort(S, J, JA_NOMEM, pc);
  if (J->endexit) { /* (its end snapshot is taken) */
    jit_finishtrace(S, J);
    return 0;
  }
  /* the loop instruction was recorded (a TFORCALL runs its TFORLOOP, the
  ** loop instruction): the trace closes if the next one is the body's */
  if ((pc == J->startpc || (GET_OPCODE(op_unpatched(*pc)) == OP_TFORCALL && pc + 1 == J->startpc)) &&
      J->depth == 0 && J->parent == NULL && !J->functrace)
    J->closing = 1;
  return 1;
}

void jit_cancel(vm_State *S) {
  JitState *J = G(S)->jit;
  curci(J) = NULL; /* its frame is being unwound: leave it alone */
  jit_jitabort(S, J, JA_ERROR, NULL);
}

/* Back-edges are sampled every JIT_SAMPLESTEP, or every hotloop when that
** is less (hotloop 1 sees them all) */
static uint8_t jit_samplestep(const JitState *J) {
  return (uint8_t)(J->hotloop < JIT_SAMPLESTEP ? J->hotloop : JIT_SAMPLESTEP);
}

void jit_seton(vm_State *S, int on) {
  JitState *J = jit_state(S);
  Global *g = G(S);
  if (J == NULL) return;
  J->on = on;
  g->jit_on = on ? jit_samplestep(J) : 0;
  g->istep = interrupt_step(g); /* from the next back-edge on */
}

void jit_setparam(vm_State *S, const char *name, int value) {
  JitState *J = jit_state(S);
  if (J == NULL) return;
  if (strcmp(name, "hotloop") == 0 && value > 0) {
    jit_sethotloop(J, value);
    if (J->on) jit_seton(S, 1);
  } else if (strcmp(name, "hotexit") == 0 && value > 0) {
    J->hotexit = (uint32_t)value;
  }
}
