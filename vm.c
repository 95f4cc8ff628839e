/*
** vm.c — states, stacks, calls and returns, errors, coroutines, loading.
**
** Errors unwind with _setjmp/_longjmp to the nearest protected call
** (do_rawrunprotected); do_pcall adds the Lua semantics on top: restore the
** call chain, close to-be-closed variables with the error object, and put
** the error object where the caller expects it.
**
** Calls: do_precall prepares a frame; for a C function it also runs it and
** finishes the call; for a Lua function it returns the new CallInfo, which
** the interpreter enters without recursing in C. do_call is the C-recursive
** form used from C (metamethods, the API); nCcalls bounds that recursion
** ("C stack overflow"), the stack size bounds Lua recursion ("stack
** overflow").
**
** Coroutines run on their own Lua stack but on the C stack of whoever
** resumes them. A yield longjmps back to vm_resume, discarding the C frames
** in between; resuming then completes each interrupted frame: a Lua frame by
** finishing its interrupted instruction (interp_finishOp) and continuing, a
** C frame by calling its continuation (vm_callk/vm_pcallk with k), so
** yields work across pcall, metamethods and for-iterators as in Lua 5.4.
**
** The public stack API lives in api.c; this file holds the machinery it
** builds on, plus state creation and vm_close.
*/
#include <mimalloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
#include <time.h>

#include "internal.h"
#include "jit.h"

/* ======================================================================
** Error recovery
** ====================================================================== */

struct vm_longjmp {
  struct vm_longjmp *previous;
  jmp_buf b;
  volatile int status;
};

#define errorstatus(s) ((s) > VM_YIELD)

void do_seterrorobj(vm_State *S, int errcode, StkId oldtop) {
  switch (errcode) {
    case VM_ERRMEM: setsvalue(S, s2v(oldtop), G(S)->memerrmsg); break;
    case VM_ERRERR:
      setsvalue(S, s2v(oldtop), str_newlit(S, "error in error handling"));
      break;
    case VM_OK: setnilvalue(s2v(oldtop)); break;
    default: setobjs2s(S, oldtop, S->top - 1); break;
  }
  S->top = oldtop + 1;
}

void do_throw(vm_State *S, int errcode) {
  /* frames unwind: the recording's, if in its thread (a coroutine's error
  ** or yield inside a call it makes leaves them alone) */
  if (l_unlikely(G(S)->jit != NULL) && G(S)->jit->recording && G(S)->jit->thread == S) jit_cancel(S);
  if (S->errorJmp) {
    S->errorJmp->status = errcode;
    _longjmp(S->errorJmp->b, 1);
  } else {
    Global *g = G(S);
    errcode = thread_resetthread(S, errcode);
    if (g->mainthread->errorJmp != NULL) {
      setobjs2s(S, g->mainthread->top++, S->top - 1);
      do_throw(g->mainthread, errcode);
    } else {
      if (g->panic) g->panic(S);
      fprintf(stderr, "tide: PANIC: unprotected error in call to Tide API (%s)\n",
              ttisstring(s2v(S->top - 1)) ? svalue(s2v(S->top - 1)) : "error object is not a string");
      abort();
    }
  }
}

int do_rawrunprotected(vm_State *S, Pfunc f, void *ud) {
  uint32_t oldnCcalls = S->nCcalls;
  int oldblocked = G(S)->gcblocked;
  /* traces running, and calls they made (jit.c jit_calll): an error
  ** unwinds through them */
  const JitState *J = G(S)->jit;
  int oldrunning = J != NULL ? J->running : 0, oldnest = J != NULL ? J->callnest : 0;
  int oldwhere = J != NULL ? J->where : JW_INTERP;
  struct vm_longjmp lj;
  lj.status = VM_OK;
  lj.previous = S->errorJmp;
  S->errorJmp = &lj;
  if (_setjmp(lj.b) == 0) f(S, ud);
  S->errorJmp = lj.previous;
  S->nCcalls = oldnCcalls;
  G(S)->gcblocked = oldblocked;
  if (lj.status != VM_OK) jit_unwound(G(S), oldrunning, oldnest, oldwhere);
  return lj.status;
}

/* ======================================================================
** Stack
** ====================================================================== */

/* Pointers into the stack become offsets while it is reallocated. */
static void relstack(vm_State *S) {
  CallInfo *ci;
  UpVal *up;
  S->top = (StkId)(S->top - S->stack);
  for (up = S->openupval; up != NULL; up = up->u.open.next)
    up->v = s2v((StkId)(uplevel(up) - S->stack));
  for (ci = S->ci; ci != NULL; ci = ci->previous) {
    ci->top = (StkId)(ci->top - S->stack);
    ci->func = (StkId)(ci->func - S->stack);
  }
}

static void correctstack(vm_State *S) {
  CallInfo *ci;
  UpVal *up;
  S->top = S->stack + (ptrdiff_t)S->top;
  for (up = S->openupval; up != NULL; up = up->u.open.next)
    up->v = s2v(S->stack + (ptrdiff_t)up->v);
  for (ci = S->ci; ci != NULL; ci = ci->previous) {
    ci->top = S->stack + (ptrdiff_t)ci->top;
    ci->func = S->stack + (ptrdiff_t)ci->func;
  }
}

int do_reallocstack(vm_State *S, int newsize, int raiseerror) {
  int oldsize = stacksize(S);
  int i;
  StkId newstack;
  Global *g = G(S);
  if (newsize > oldsize && g->memlimit != 0 &&
      g->total_bytes + (size_t)(newsize - oldsize) * sizeof(TValue) > g->memlimit) {
    g->gcemergency = g->gcrequest = 1;
    if (raiseerror) mem_error(S);
    return 0;
  }
  relstack(S);
  /* (allocated and freed through mem_*: the size decides where a block lives) */
  newstack = (StkId)mem_rawrealloc(g, S->stack, (size_t)(oldsize + EXTRA_STACK) * sizeof(TValue),
                                   (size_t)(newsize + EXTRA_STACK) * sizeof(TValue));
  if (l_unlikely(newstack == NULL)) {
    correctstack(S);
    if (raiseerror) mem_error(S);
    return 0;
  }
  gc_addbytes(G(S), (ptrdiff_t)(newsize - oldsize) * (ptrdiff_t)sizeof(TValue));
  S->stack = newstack;
  correctstack(S);
  S->stack_last = S->stack + newsize;
  for (i = oldsize + EXTRA_STACK; i < newsize + EXTRA_STACK; i++) setnilvalue(s2v(newstack + i));
  return 1;
}

int do_growstack(vm_State *S, int n, int raiseerror) {
  int size = stacksize(S);
  if (l_unlikely(size > MAXSTACK)) {
    /* already using the extra space reserved for handling the overflow */
    if (raiseerror) do_throw(S, VM_ERRERR);
    return 0;
  } else if (n < MAXSTACK) {
    int newsize = 2 * size;
    int needed = cast_int(S->top - S->stack) + n;
    if (newsize > MAXSTACK) newsize = MAXSTACK;
    if (newsize < needed) newsize = needed;
    if (l_likely(newsize <= MAXSTACK))
      return do_reallocstack(S, newsize, raiseerror); /* 0 if memory refused it */
  }
  /* (a caller that handles the refusal itself, as the JIT's jit_traceroom,
  ** must not leave the stack in the overflow reserve: the next overflow
  ** would be taken for one while handling an overflow) */
  if (!raiseerror) return 0;
  do_reallocstack(S, ERRORSTACKSIZE, raiseerror);
  dbg_runerror(S, "stack overflow");
  return 0;
}

static int stackinuse(vm_State *S) {
  CallInfo *ci;
  int res;
  StkId lim = S->top;
  for (ci = S->ci; ci != NULL; ci = ci->previous)
    if (lim < ci->top) lim = ci->top;
  res = cast_int(lim - S->stack) + 1;
  if (res < VM_MINSTACK) res = VM_MINSTACK;
  return res;
}

/* After an overflow was handled, give the extra space back. */
void do_shrinkstack(vm_State *S) {
  int inuse = stackinuse(S);
  int max = (inuse > MAXSTACK / 3) ? MAXSTACK : inuse * 3;
  if (inuse <= MAXSTACK && stacksize(S) > max) {
    int nsize = (inuse > MAXSTACK / 2) ? MAXSTACK : inuse * 2;
    do_reallocstack(S, nsize, 0);
  }
}

void do_inctop(vm_State *S) {
  do_checkstack(S, 1);
  S->top++;
}

static CallInfo *linkCI(vm_State *S, CallInfo *prev, CallInfo *ci) {
  prev->next = ci;
  ci->previous = prev;
  ci->next = NULL;
  ci->u.l.trap = 0;
  S->nci++;
  return ci;
}

CallInfo *do_extendCI(vm_State *S) {
  return linkCI(S, S->ci, (CallInfo *)mem_alloc(S, sizeof(CallInfo)));
}

CallInfo *do_tryextendCI(vm_State *S, CallInfo *ci) {
  CallInfo *n = (CallInfo *)mem_rawrealloc(G(S), NULL, 0, sizeof(CallInfo));
  if (n == NULL) return NULL;
  gc_addbytes(G(S), (ptrdiff_t)sizeof(CallInfo));
  return linkCI(S, ci, n);
}

void do_freeCI(vm_State *S) {
  CallInfo *ci = &S->base_ci;
  CallInfo *next = ci->next;
  ci->next = NULL;
  while ((ci = next) != NULL) {
    next = ci->next;
    mem_free(S, ci, sizeof(CallInfo));
    S->nci--;
  }
}

void do_checkCstack(vm_State *S) {
  if (getCcalls(S) == MAXCCALLS) dbg_runerror(S, "C stack overflow");
  else if (getCcalls(S) >= (MAXCCALLS / 10 * 11)) do_throw(S, VM_ERRERR);
}

void do_incCstack(vm_State *S) {
  S->nCcalls++;
  if (l_unlikely(getCcalls(S) >= MAXCCALLS)) do_checkCstack(S);
}

/* ======================================================================
** Hooks
** ====================================================================== */

/* Calls the hook for `event`, with the transfer information for call and
** return events. Hooks cannot be nested (allowhook), and the hook sees
** the whole frame of a Lua function as live. */
void do_hook(vm_State *S, int event, int line, int ftransfer, int ntransfer) {
  vm_Hook hook = S->hook;
  if (hook && S->allowhook) {
    int mask = CIST_HOOKED;
    CallInfo *ci = S->ci;
    ptrdiff_t top = savestack(S, S->top);
    ptrdiff_t ci_top = savestack(S, ci->top);
    vm_Debug ar;
    ar.event = event;
    ar.currentline = line;
    ar.i_ci = ci;
    if (ntransfer != 0) {
      mask |= CIST_TRAN;
      ci->u2.transferinfo.ftransfer = (unsigned short)ftransfer;
      ci->u2.transferinfo.ntransfer = (unsigned short)ntransfer;
    }
    if (isLua(ci) && S->top < ci->top) S->top = ci->top;
    do_checkstack(S, VM_MINSTACK);
    if (ci->top < S->top + VM_MINSTACK) ci->top = S->top + VM_MINSTACK;
    S->allowhook = 0;
    ci->callstatus |= (unsigned short)mask;
    (*hook)(S, &ar);
    S->allowhook = 1;
    ci->top = restorestack(S, ci_top);
    S->top = restorestack(S, top);
    ci->callstatus &= (unsigned short)~mask;
  }
}

void do_hookcall(vm_State *S, CallInfo *ci) {
  S->oldpc = 0; /* a new function: its first line is a new line */
  if (S->hookmask & VM_MASKCALL) {
    int event = (ci->callstatus & CIST_TAIL) ? VM_HOOKTAILCALL : VM_HOOKCALL;
    Proto *p = ci_func(ci)->p;
    ci->u.l.savedpc++; /* hooks assume the pc is already incremented */
    do_hook(S, event, -1, 1, p->numparams);
    ci->u.l.savedpc--;
  }
}

static void rethook(vm_State *S, CallInfo *ci, int nres) {
  if (S->hookmask & VM_MASKRET) {
    StkId firstres = S->top - nres;
    int delta = 0;
    int ftransfer;
    if (isLua(ci)) {
      Proto *p = ci_func(ci)->p;
      if (p->is_vararg) delta = ci->u.l.nextraargs + p->numparams + 1;
    }
    ci->func += delta; /* a vararg function: back to its virtual func */
    ftransfer = (unsigned short)(firstres - ci->func);
    do_hook(S, VM_HOOKRET, -1, ftransfer, nres);
    ci->func -= delta;
  }
  if (isLua(ci = ci->previous))
    S->oldpc = pcRel(ci->u.l.savedpc, ci_func(ci)->p); /* caller continues */
}

/* Every running Lua frame must notice new hooks at its next instruction. */
static void settraps(CallInfo *ci) {
  for (; ci != NULL; ci = ci->previous)
    if (isLua(ci)) ci->u.l.trap = 1;
}

void vm_sethook(vm_State *S, vm_Hook func, int mask, int count) {
  if (func == NULL || mask == 0) {
    mask = 0;
    func = NULL;
  }
  S->hook = func;
  S->basehookcount = count;
  resethookcount(S);
  S->hookmask = mask;
  if (mask) {
    Global *g = G(S);
    settraps(S->ci);
    g->jitstop = 1; /* a running trace stops at its next back-edge */
  }
}

vm_Hook vm_gethook(vm_State *S) { return S->hook; }
int vm_gethookmask(vm_State *S) { return S->hookmask & ~VM_MASKJIT; }
int vm_gethookcount(vm_State *S) { return S->basehookcount; }

/* ======================================================================
** Calls and returns
** ====================================================================== */

static void moveresults(vm_State *S, StkId res, int nres, int wanted) {
  StkId firstresult;
  int i;
  switch (wanted) {
    case 0: S->top = res; return;
    case 1:
      if (nres == 0) setnilvalue(s2v(res));
      else setobjs2s(S, res, S->top - nres);
      S->top = res + 1;
      return;
    case VM_MULTRET: wanted = nres; break;
    default: break;
  }
  firstresult = S->top - nres;
  if (nres > wanted) nres = wanted;
  for (i = 0; i < nres; i++) setobjs2s(S, res + i, firstresult + i);
  for (; i < wanted; i++) setnilvalue(s2v(res + i));
  S->top = res + wanted;
}

/* A C function that marked stack slots to be closed has them closed when
** it returns. */
static int hastbcabove(vm_State *S, StkId level) {
  return S->ntbc > 0 && S->tbclist[S->ntbc - 1] >= savestack(S, level);
}

void do_poscall(vm_State *S, CallInfo *ci, int nres) {
  if (l_unlikely(S->hookmask) && !(ci->callstatus & CIST_CLSRET)) rethook(S, ci, nres);
  if (l_unlikely(!isLua(ci) && hastbcabove(S, ci->func))) {
    ptrdiff_t savedtop = savestack(S, S->top);
    ci->callstatus |= CIST_CLSRET;
    ci->u2.nres = nres;
    func_close(S, ci->func + 1, CLOSEKTOP, 1);
    S->top = restorestack(S, savedtop);
    ci->callstatus &= (unsigned short)~CIST_CLSRET;
  }
  moveresults(S, ci->func, nres, ci->nresults);
  S->ci = ci->previous;
}

static CallInfo *prepCallInfo(vm_State *S, StkId func, int nret, int mask, StkId top) {
  CallInfo *ci = S->ci = next_ci(S);
  ci->func = func;
  ci->nresults = (short)nret;
  ci->callstatus = (unsigned short)mask;
  ci->top = top;
  return ci;
}

static int precallC(vm_State *S, StkId func, int nresults, vm_CFunction f) {
  int n;
  CallInfo *ci;
  checkstackGCp(S, VM_MINSTACK, func);
  S->ci = ci = prepCallInfo(S, func, nresults, CIST_C, S->top + VM_MINSTACK);
  if (l_unlikely(S->hookmask & VM_MASKCALL)) {
    int narg = cast_int(S->top - func) - 1;
    do_hook(S, VM_HOOKCALL, -1, 1, narg);
  }
  n = (*f)(S);
  do_poscall(S, ci, n);
  return n;
}

/* The most __call metamethods one call goes through: each one shifts the
** arguments up a slot, so a table that is its own __call would otherwise
** fill the whole stack one slot at a time (minutes, as in lua5.4) */
#define MAXCALLCHAIN 2000

/* func is not a function: its __call metamethod takes its place, with
** func as the first argument; `chain` counts the ones this call went
** through. */
StkId do_tryfuncTM(vm_State *S, StkId func, int chain) {
  const TValue *tm;
  StkId p;
  if (l_unlikely(chain >= MAXCALLCHAIN)) dbg_runerror(S, "'__call' chain too long; possible loop");
  checkstackGCp(S, 1, func);
  tm = tm_gettmbyobj(S, s2v(func), TM_CALL);
  if (l_unlikely(ttisnil(tm))) dbg_callerror(S, s2v(func));
  for (p = S->top; p > func; p--) setobjs2s(S, p, p - 1);
  S->top++;
  setobj2s(S, func, tm);
  return func;
}

int do_pretailcall(vm_State *S, CallInfo *ci, StkId func, int narg1, int delta) {
  int chain = 0;
retry:
  switch (rawtt(s2v(func))) {
    case T_CCL: return precallC(S, func, VM_MULTRET, clCvalue(s2v(func))->f);
    case T_LCF: return precallC(S, func, VM_MULTRET, fvalue(s2v(func)));
    case T_LCL: {
      Proto *p = clLvalue(s2v(func))->p;
      int fsize = p->maxstacksize;
      int nfixparams = p->numparams;
      int i;
      checkstackGCp(S, fsize - delta, func);
      ci->func -= delta;
      for (i = 0; i < narg1; i++) setobjs2s(S, ci->func + i, func + i);
      func = ci->func;
      for (; narg1 <= nfixparams; narg1++) setnilvalue(s2v(func + narg1));
      ci->top = func + 1 + fsize;
      ci->u.l.savedpc = p->code;
      ci->callstatus |= CIST_TAIL;
      S->top = func + narg1;
      return -1;
    }
    default:
      func = do_tryfuncTM(S, func, chain++);
      narg1++;
      goto retry;
  }
}

CallInfo *do_precall(vm_State *S, StkId func, int nresults) {
  int chain = 0;
retry:
  switch (rawtt(s2v(func))) {
    case T_CCL: precallC(S, func, nresults, clCvalue(s2v(func))->f); return NULL;
    case T_LCF: precallC(S, func, nresults, fvalue(s2v(func))); return NULL;
    case T_LCL: {
      Proto *p = clLvalue(s2v(func))->p;
      checkstackGCp(S, p->maxstacksize, func);
      return do_enterlua(S, next_ci(S), func, nresults, p);
    }
    default:
      func = do_tryfuncTM(S, func, chain++);
      goto retry;
  }
}

static void ccall(vm_State *S, StkId func, int nResults, uint32_t inc) {
  CallInfo *ci;
  S->nCcalls += inc;
  if (l_unlikely(getCcalls(S) >= MAXCCALLS)) {
    checkstackaux(S, 0, ptrdiff_t t__ = savestack(S, func), func = restorestack(S, t__));
    do_checkCstack(S);
  }
  if ((ci = do_precall(S, func, nResults)) != NULL) {
    ci->callstatus = CIST_FRESH;
    interp_execute(S, ci);
  }
  S->nCcalls -= inc;
}

void do_call(vm_State *S, StkId func, int nResults) { ccall(S, func, nResults, 1); }

void do_callnoyield(vm_State *S, StkId func, int nResults) { ccall(S, func, nResults, nyci); }

/* ======================================================================
** Protected calls
** ====================================================================== */

struct CloseP {
  StkId level;
  int status;
};

static void closepaux(vm_State *S, void *ud) {
  struct CloseP *pcl = (struct CloseP *)ud;
  func_close(S, pcl->level, pcl->status, 0);
}

/* Closes tbc variables from `level` with an error status; an error in a
** closing method replaces the error and closing continues. */
static int closeprotected(vm_State *S, ptrdiff_t level, int status) {
  CallInfo *old_ci = S->ci;
  uint8_t old_allowhooks = S->allowhook;
  for (;;) {
    struct CloseP pcl;
    pcl.level = restorestack(S, level);
    pcl.status = status;
    status = do_rawrunprotected(S, closepaux, &pcl);
    if (l_likely(status == VM_OK)) return pcl.status;
    S->ci = old_ci;
    S->allowhook = old_allowhooks;
  }
}

int do_pcall(vm_State *S, Pfunc func, void *u, ptrdiff_t old_top, ptrdiff_t ef) {
  int status;
  CallInfo *old_ci = S->ci;
  uint8_t old_allowhooks = S->allowhook;
  ptrdiff_t old_errfunc = S->errfunc;
  S->errfunc = ef;
  status = do_rawrunprotected(S, func, u);
  if (l_unlikely(status != VM_OK)) {
    S->ci = old_ci;
    S->allowhook = old_allowhooks;
    status = closeprotected(S, old_top, status);
    do_seterrorobj(S, status, restorestack(S, old_top));
    do_shrinkstack(S);
    /* After a memory error, collect now: the frames that held raw
    ** pointers are gone, and the caller's next allocation must not fail
    ** on garbage the limit was reached with. */
    if (status == VM_ERRMEM && G(S)->gcemergency) gc_step(S);
  }
  S->errfunc = old_errfunc;
  return status;
}

/* ======================================================================
** Coroutines
** ====================================================================== */

static int finishpcallk(vm_State *S, CallInfo *ci) {
  int status = getcistrecst(ci);
  if (l_likely(status == VM_OK)) {
    status = VM_YIELD;
  } else {
    StkId func = restorestack(S, ci->u2.funcidx);
    S->allowhook = (uint8_t)getoah(ci->callstatus);
    func_close(S, func, status, 1);
    func = restorestack(S, ci->u2.funcidx);
    do_seterrorobj(S, status, func);
    do_shrinkstack(S);
    setcistrecst(ci, VM_OK);
  }
  ci->callstatus &= (unsigned short)~CIST_YPCALL;
  S->errfunc = ci->u.c.old_errfunc;
  return status;
}

static void finishCcall(vm_State *S, CallInfo *ci) {
  int n;
  if (ci->callstatus & CIST_CLSRET) {
    n = ci->u2.nres;
  } else {
    int status = VM_YIELD;
    if (ci->callstatus & CIST_YPCALL) status = finishpcallk(S, ci);
    if (ci->nresults <= VM_MULTRET && S->ci->top < S->top) S->ci->top = S->top;
    n = (*ci->u.c.k)(S, status, ci->u.c.ctx);
  }
  do_poscall(S, ci, n);
}

static void unroll(vm_State *S, void *ud) {
  CallInfo *ci;
  UNUSED(ud);
  while ((ci = S->ci) != &S->base_ci) {
    if (!isLua(ci)) {
      finishCcall(S, ci);
    } else {
      interp_finishOp(S);
      interp_execute(S, ci);
    }
  }
}

static CallInfo *findpcall(vm_State *S) {
  CallInfo *ci;
  for (ci = S->ci; ci != NULL; ci = ci->previous)
    if (ci->callstatus & CIST_YPCALL) return ci;
  return NULL;
}

static int resume_error(vm_State *S, const char *msg, int narg) {
  S->top -= narg;
  setsvalue(S, s2v(S->top), str_newz(S, msg));
  do_inctop(S);
  return VM_ERRRUN;
}

static void resume(vm_State *S, void *ud) {
  int n = *(int *)ud;
  StkId firstArg = S->top - n;
  CallInfo *ci = S->ci;
  if (S->status == VM_OK) {
    ccall(S, firstArg - 1, VM_MULTRET, 0);
  } else {
    S->status = VM_OK;
    if (isLua(ci)) {
      S->top = firstArg;
      interp_execute(S, ci);
    } else {
      if (ci->u.c.k != NULL) n = (*ci->u.c.k)(S, VM_YIELD, ci->u.c.ctx);
      do_poscall(S, ci, n);
    }
    unroll(S, NULL);
  }
}

/* After an error inside a coroutine, a pending vm_pcallk with continuation
** recovers: unwind to it and continue from its continuation. */
static int precover(vm_State *S, int status) {
  CallInfo *ci;
  while (errorstatus(status) && (ci = findpcall(S)) != NULL) {
    S->ci = ci;
    setcistrecst(ci, status);
    status = do_rawrunprotected(S, unroll, NULL);
  }
  return status;
}

int vm_resume(vm_State *S, vm_State *from, int nargs, int *nresults) {
  int status;
  int fromhost = (from == NULL || from->ci == &from->base_ci);
  if (S->status == VM_OK) {
    if (S->ci != &S->base_ci) return resume_error(S, "cannot resume non-suspended coroutine", nargs);
    if (S->top - (S->ci->func + 1) == nargs) return resume_error(S, "cannot resume dead coroutine", nargs);
  } else if (S->status != VM_YIELD) {
    return resume_error(S, "cannot resume dead coroutine", nargs);
  }
  S->nCcalls = (from) ? getCcalls(from) : 0;
  if (getCcalls(S) >= MAXCCALLS) return resume_error(S, "C stack overflow", nargs);
  S->nCcalls++;
  gc_threadbarrier(S, S);
  if (fromhost) interp_resetinterrupt(G(S)); /* as vm_pcallk does */
  status = do_rawrunprotected(S, resume, &nargs);
  status = precover(S, status);
  if (l_unlikely(errorstatus(status))) {
    S->status = (uint8_t)status;
    do_seterrorobj(S, status, S->top);
    S->ci->top = S->top;
    if (status == VM_ERRMEM && G(S)->gcemergency) gc_step(S); /* as in do_pcall */
  }
  *nresults = (status == VM_YIELD) ? S->ci->u2.nyield : cast_int(S->top - (S->ci->func + 1));
  /* both threads ran or received values since the last collection */
  gc_threadbarrier(S, S);
  if (from) gc_threadbarrier(from, from);
  if (fromhost) interp_resetinterrupt(G(S));
  return status;
}

int vm_isyieldable(vm_State *S) { return yieldable(S); }

int vm_status(vm_State *S) { return S->status; }

int vm_yieldk(vm_State *S, int nresults, vm_KContext ctx, vm_KFunction k) {
  CallInfo *ci = S->ci;
  if (l_unlikely(!yieldable(S))) {
    if (S != G(S)->mainthread) dbg_runerror(S, "attempt to yield across a C-call boundary");
    else dbg_runerror(S, "attempt to yield from outside a coroutine");
  }
  S->status = VM_YIELD;
  ci->u2.nyield = nresults;
  if (isLua(ci)) return 0; /* inside a hook (debug library) */
  if ((ci->u.c.k = k) != NULL) ci->u.c.ctx = ctx;
  do_throw(S, VM_YIELD);
}

/* ======================================================================
** Threads
** ====================================================================== */

static void stack_init(vm_State *S1, vm_State *S) {
  int i;
  CallInfo *ci;
  S1->stack = (StkId)mem_alloc(S, (BASIC_STACK_SIZE + EXTRA_STACK) * sizeof(TValue));
  for (i = 0; i < BASIC_STACK_SIZE + EXTRA_STACK; i++) setnilvalue(s2v(S1->stack + i));
  S1->top = S1->stack;
  S1->stack_last = S1->stack + BASIC_STACK_SIZE;
  ci = &S1->base_ci;
  ci->next = ci->previous = NULL;
  ci->callstatus = CIST_C;
  ci->func = S1->top;
  ci->u.c.k = NULL;
  ci->nresults = 0;
  setnilvalue(s2v(S1->top));
  S1->top++;
  ci->top = S1->top + VM_MINSTACK;
  S1->ci = ci;
}

static void freestack(vm_State *S, vm_State *S1) {
  if (S1->stack == NULL) return;
  S1->ci = &S1->base_ci;
  do_freeCI(S1);
  mem_free(S, S1->stack, (size_t)(stacksize(S1) + EXTRA_STACK) * sizeof(TValue));
  S1->stack = NULL;
  mem_free(S, S1->tbclist, (size_t)S1->sizetbc * sizeof(ptrdiff_t));
  S1->tbclist = NULL;
}

static void preinit_thread(vm_State *S, Global *g) {
  S->g = g;
  S->stack = NULL;
  S->ci = NULL;
  S->nci = 0;
  S->errorJmp = NULL;
  S->hook = NULL;
  S->hookmask = 0;
  S->basehookcount = 0;
  S->allowhook = 1;
  S->hookcount = 0;
  S->openupval = NULL;
  S->status = VM_OK;
  S->errfunc = 0;
  S->oldpc = 0;
  S->tbclist = NULL;
  S->ntbc = S->sizetbc = 0;
  S->nCcalls = 0;
}

vm_State *thread_new(vm_State *S) {
  Global *g = G(S);
  vm_State *S1;
  GCVec *v = &g->threads;
  if (v->n == v->size) {
    size_t ns = v->size ? v->size * 2 : 16;
    v->items = mem_realloc(S, v->items, v->size * sizeof(GCObject *), ns * sizeof(GCObject *));
    v->size = ns;
  }
  S1 = (vm_State *)gc_newold(S, T_THREAD, sizeof(vm_State));
  preinit_thread(S1, g);
  v->items[v->n++] = obj2gco(S1);
  memcpy(S1->extraspace, G(S)->mainthread->extraspace, VM_EXTRASPACE);
  S1->hookmask = S->hookmask & ~VM_MASKJIT; /* a new thread inherits the hook */
  S1->basehookcount = S->basehookcount;
  S1->hook = S->hook;
  resethookcount(S1);
  stack_init(S1, S);
  gc_remember(S, obj2gco(S1)); /* its stack will receive young values */
  return S1;
}

void thread_free(vm_State *S, vm_State *th) {
  freestack(S, th);
  mem_free(S, th, sizeof(vm_State));
}

int thread_resetthread(vm_State *S, int status) {
  CallInfo *ci = S->ci = &S->base_ci;
  setnilvalue(s2v(S->stack));
  ci->func = S->stack;
  ci->callstatus = CIST_C;
  if (status == VM_YIELD) status = VM_OK;
  S->status = VM_OK;
  status = closeprotected(S, savestack(S, S->stack + 1), status);
  if (status != VM_OK) do_seterrorobj(S, status, S->stack + 1);
  else S->top = S->stack + 1;
  ci->top = S->top + VM_MINSTACK;
  do_reallocstack(S, cast_int(ci->top - S->stack), 0);
  return status;
}

int vm_closethread(vm_State *S, vm_State *from) {
  S->nCcalls = (from) ? getCcalls(from) : 0;
  return thread_resetthread(S, S->status);
}

/* Before a major collection sweeps: dead threads close their open upvalues
** (live closures may still use them), and leave the thread list. */
void thread_sweepdead(vm_State *S) {
  GCVec *v = &G(S)->threads;
  size_t i, j = 0;
  for (i = 0; i < v->n; i++) {
    vm_State *th = (vm_State *)v->items[i];
    if (th->gcflags & GCF_MARK) v->items[j++] = obj2gco(th);
    else if (th->stack) func_closeupval(th, th->stack);
  }
  v->n = j;
}

/* ======================================================================
** Loading
** ====================================================================== */

int zio_fill(Zio *z) {
  size_t size;
  vm_State *S = z->S;
  const char *buff = z->reader(S, z->data, &size);
  if (buff == NULL || size == 0) return EOZ;
  z->n = size - 1;
  z->p = buff;
  return cast_uchar(*(z->p++));
}

void zio_init(vm_State *S, Zio *z, vm_Reader reader, void *data) {
  z->S = S;
  z->reader = reader;
  z->data = data;
  z->n = 0;
  z->p = NULL;
}

struct SParser {
  Zio *z;
  Mbuffer buff;
  const char *mode;
  const char *name;
};

static void checkmode(vm_State *S, const char *mode, const char *x) {
  if (mode && strchr(mode, x[0]) == NULL) {
    obj_pushfstring(S, "attempt to load a %s chunk (mode is '%s')", x, mode);
    do_throw(S, VM_ERRSYNTAX);
  }
}

static void f_parser(vm_State *S, void *ud) {
  struct SParser *p = (struct SParser *)ud;
  Proto *f;
  LClosure *cl;
  int c = zgetc(p->z);
  checkmode(S, p->mode, c == BC_SIGNATURE[0] ? "binary" : "text");
  /* No collection may run while the compiler or the loader holds raw
  ** pointers to the objects it is building; a reader function calling Lua
  ** code only defers collections to the end of the load. */
  G(S)->gcblocked++;
  if (c == BC_SIGNATURE[0]) f = undump_chunk(S, p->z, p->name); /* verified */
  else f = parse_chunk(S, p->z, &p->buff, p->name, c);
  cl = func_newLclosure(S, f->sizeupvalues);
  cl->p = f;
  setclLvalue(S, s2v(S->top), cl);
  do_inctop(S);
  func_initupvals(S, cl);
  G(S)->gcblocked--;
}

int do_protectedparser(vm_State *S, Zio *z, const char *name, const char *mode) {
  struct SParser p;
  int status;
  incnny(S);
  p.z = z;
  p.name = name;
  p.mode = mode;
  p.buff.buffer = NULL;
  p.buff.buffsize = 0;
  p.buff.n = 0;
  G(S)->synerr_line = G(S)->synerr_col = 0;
  status = do_pcall(S, f_parser, &p, savestack(S, S->top), S->errfunc);
  mem_free(S, p.buff.buffer, p.buff.buffsize);
  decnny(S);
  return status;
}

/* ======================================================================
** State creation and destruction
** ====================================================================== */

typedef struct LG {
  vm_State s;
  Global g;
} LG;

/* The string-hash seed is random per state (hash flooding); the
** environment variable TIDE_HASH_SEED fixes it, so that instruction
** counts are repeatable (benchmarks under callgrind). */
static uint64_t makeseed(void *addr) {
  uint64_t seed = 0;
  const char *fixed = getenv("TIDE_HASH_SEED");
  if (fixed != NULL && *fixed != '\0') return strtoull(fixed, NULL, 0);
  if (getrandom(&seed, sizeof seed, GRND_NONBLOCK) != (ssize_t)sizeof seed) {
    seed = (uint64_t)time(NULL) ^ ((uint64_t)(uintptr_t)addr << 16) ^ (uint64_t)clock();
  }
  return seed;
}

static void f_luaopen(vm_State *S, void *ud) {
  Global *g = G(S);
  Table *registry, *globals;
  TValue v;
  size_t nursery = *(size_t *)ud;
  gc_init(S, nursery);
  stack_init(S, S);
  str_inittable(S);
  registry = tab_new(S);
  sethvalue(S, &g->registry, registry);
  tab_resize(S, registry, 2, 0);
  setthvalue(S, &v, S);
  tab_setint(S, registry, VM_RIDX_MAINTHREAD, &v);
  globals = tab_new(S);
  sethvalue(S, &v, globals);
  tab_setint(S, registry, VM_RIDX_GLOBALS, &v);
  tm_init(S);
  lex_init(S);
  g->memerrmsg = str_newlit(S, "not enough memory");
  gc_fix(S, obj2gco(g->memerrmsg));
  setnilvalue(&g->nilvalue); /* state is complete */
}

static void close_state(vm_State *S) {
  Global *g = G(S);
  size_t i;
  if (!ttisnil(&g->nilvalue)) { /* construction never finished */
    S->ci = &S->base_ci;
  } else {
    S->ci = &S->base_ci;
    S->errorJmp = NULL;
    closeprotected(S, savestack(S, S->stack + 1), VM_OK); /* main thread's tbc variables */
    gc_finalizeall(S);
  }
  /* open upvalues of every thread get their values before memory goes */
  for (i = 0; i < g->threads.n; i++) {
    vm_State *th = (vm_State *)g->threads.items[i];
    if (th->stack) func_closeupval(th, th->stack);
  }
  if (S->stack) func_closeupval(S, S->stack);
  jit_closing(g); /* (its report sees the traces, which go with their functions) */
  if (g->nursery_start) gc_freeall(S);
  jit_free(g);
  mem_free(S, g->threads.items, g->threads.size * sizeof(GCObject *));
  if (g->strt.slots) mem_freearray(S, g->strt.slots, g->strt.size);
  freestack(S, S);
  mi_free((LG *)S);
}

static int openlibs_cf(vm_State *S) {
  vm_openlibs(S, (unsigned)vm_tointeger(S, 1));
  return 0;
}

vm_State *vm_newstate_opt(const vm_Options *opt) {
  LG *l = (LG *)mi_zalloc(sizeof(LG));
  vm_State *S;
  Global *g;
  size_t nursery = (opt && opt->nursery_size) ? opt->nursery_size : DEFAULT_NURSERY;
  if (l == NULL) return NULL;
  S = &l->s;
  g = &l->g;
  S->tt = T_THREAD;
  S->gcflags = GCF_OLD | GCF_FIXED | GCF_REMEMBERED; /* always a root */
  preinit_thread(S, g);
  g->mainthread = S;
  incnny(S); /* the main thread is never yieldable */
  g->seed = makeseed(S);
  setbfvalue(&g->nilvalue); /* "state not complete" until f_luaopen ends */
  g->warn_on = 0;
  g->gcblocked = 1; /* no collection while building the state */
  g->next_id = 1;
  g->iperiod = INTERRUPT_POLL;
  interp_restartbudget(g);
  if (do_rawrunprotected(S, f_luaopen, &nursery) != VM_OK) {
    close_state(S);
    return NULL;
  }
  g->gcblocked = 0;
  /* TIDE_GC_STRESS=1 turns stress mode on for every state (test suites). */
  if ((opt && opt->gc_stress) || (getenv("TIDE_GC_STRESS") && *getenv("TIDE_GC_STRESS") == '1'))
    gc_setstress(S, 1);
  if (opt) {
    g->memlimit = opt->memory_limit;
    g->warnf = opt->warnf;
    g->ud_warn = opt->warn_ud;
    g->panic = opt->panic;
    if (opt->libs != 0) {
      vm_pushcfunction(S, openlibs_cf);
      vm_pushinteger(S, (vm_Integer)opt->libs);
      if (vm_pcall(S, 1, 0, 0) != VM_OK) { /* e.g. beyond the memory limit */
        vm_close(S);
        return NULL;
      }
    }
  }
  return S;
}

vm_State *vm_newstate(void) { return vm_newstate_opt(NULL); }

void vm_close(vm_State *S) { close_state(G(S)->mainthread); }

void vm_setgcstress(vm_State *S, int on) { gc_setstress(S, on); }

void vm_setmemorylimit(vm_State *S, size_t limit) {
  Global *g = G(S);
  g->memlimit = limit;
  gc_capthreshold(g); /* collect before reaching the new limit */
}

size_t vm_getmemorylimit(vm_State *S) { return G(S)->memlimit; }

/* ======================================================================
** Warnings
** ====================================================================== */

void vm_setwarnf(vm_State *S, vm_WarnFunction f, void *ud) {
  G(S)->warnf = f;
  G(S)->ud_warn = ud;
}

/* Default warning output: "Lua warning: " + pieces on stderr, controlled
** by "@on"/"@off" control messages, with lua5.4's states: a control
** message is a whole message in one piece (warn("@off", "x") is a
** warning); while off, every piece is looked at on its own, so the last
** piece of warn("@on", "x", "@on") turns warnings on. */
static void defaultwarn(vm_State *S, const char *msg, int tocont) {
  Global *g = G(S);
  if (!g->warn_cont) { /* a new message; or any piece while off */
    if (!tocont && *msg == '@') {
      if (strcmp(msg, "@off") == 0) g->warn_on = 0;
      else if (strcmp(msg, "@on") == 0) g->warn_on = 1;
      return;
    }
    if (!g->warn_on) return;
    fputs("Lua warning: ", stderr);
  }
  fputs(msg, stderr);
  if (!tocont) fputs("\n", stderr);
  fflush(stderr);
  g->warn_cont = tocont;
}

void vm_warning(vm_State *S, const char *msg, int tocont) {
  Global *g = G(S);
  if (g->warnf) g->warnf(g->ud_warn, msg, tocont);
  else defaultwarn(S, msg, tocont);
}

void vm_warnerror(vm_State *S, const char *where) {
  TValue *errobj = s2v(S->top - 1);
  const char *msg = ttisstring(errobj) ? svalue(errobj) : "error object is not a string";
  vm_warning(S, "error in ", 1);
  vm_warning(S, where, 1);
  vm_warning(S, " (", 1);
  vm_warning(S, msg, 1);
  vm_warning(S, ")", 0);
}
