/*
** func.c — prototypes, closures, upvalues and to-be-closed variables.
**
** Prototypes are made by the compiler in the old space. Closures and
** upvalues are young. An open upvalue points at its variable's stack slot;
** the thread keeps its open upvalues in a list sorted by stack level
** (highest first), so closing a block pops from the head. Closing copies
** the value into the upvalue itself (with a write barrier: a promoted
** upvalue may receive a young value).
**
** To-be-closed variables are recorded as stack offsets in the thread's
** tbclist (ascending). func_close closes upvalues and then calls the
** __close metamethods of tbc variables at or above a level, last first.
*/
#include "internal.h"
#include "jit.h"

/* ======================================================================
** Prototypes and closures
** ====================================================================== */

Proto *func_newproto(vm_State *S) {
  Proto *f = (Proto *)gc_newold(S, T_PROTO, sizeof(Proto));
  GCObject *next = f->gcnext;
  uint32_t id = f->id;
  memset((char *)f + offsetof(Proto, numparams), 0, sizeof(Proto) - offsetof(Proto, numparams));
  f->gcnext = next;
  f->id = id;
  return f;
}

void func_freeproto(vm_State *S, Proto *f) {
  if (f->traces != NULL || f->jitframe) jit_freeproto(G(S), f);
  mem_freearray(S, f->code, f->sizecode);
  mem_freearray(S, f->lineinfo, f->sizecode);
  mem_freearray(S, f->colinfo, f->sizecode);
  mem_freearray(S, f->p, f->sizep);
  mem_freearray(S, f->k, f->sizek);
  mem_freearray(S, f->locvars, f->sizelocvars);
  mem_freearray(S, f->upvalues, f->sizeupvalues);
  mem_free(S, f, sizeof(Proto));
}

CClosure *func_newCclosure(vm_State *S, int nupvals) {
  CClosure *c = (CClosure *)gc_newyoung(S, T_CCL, sizeCclosure(nupvals));
  c->u8 = (uint8_t)nupvals;
  return c;
}

LClosure *func_newLclosure(vm_State *S, int nupvals) {
  LClosure *c = (LClosure *)gc_newyoung(S, T_LCL, sizeLclosure(nupvals));
  int i;
  c->p = NULL;
  c->u8 = (uint8_t)nupvals;
  for (i = 0; i < nupvals; i++) c->upvals[i] = NULL;
  return c;
}

static UpVal *newclosedupval(vm_State *S) {
  UpVal *uv = (UpVal *)gc_newyoung(S, T_UPVAL, sizeof(UpVal));
  uv->v = &uv->u.value;
  setnilvalue(uv->v);
  return uv;
}

/* Fill a new closure's upvalues with fresh closed (nil) upvalues; used for
** main chunks. The closure must be young or remembered. */
void func_initupvals(vm_State *S, LClosure *cl) {
  int i;
  for (i = 0; i < clnup(cl); i++) {
    UpVal *uv = newclosedupval(S);
    cl->upvals[i] = uv;
    gc_objbarrier(S, cl, uv);
  }
}

/* ======================================================================
** Upvalues
** ====================================================================== */

UpVal *func_findupval(vm_State *S, StkId level) {
  UpVal **pp = &S->openupval;
  UpVal *p, *uv;
  while ((p = *pp) != NULL && uplevel(p) >= level) {
    if (uplevel(p) == level) return p;
    pp = &p->u.open.next;
  }
  uv = (UpVal *)gc_newyoung(S, T_UPVAL, sizeof(UpVal));
  uv->v = s2v(level);
  uv->u.open.next = p;
  *pp = uv;
  /* the thread (or an old upvalue in the list) now points to a young one */
  if (pp == &S->openupval) {
    gc_threadbarrier(S, S);
  } else {
    UpVal *prev = (UpVal *)((char *)pp - offsetof(UpVal, u.open.next));
    gc_objbarrier(S, prev, uv);
  }
  return uv;
}

void func_closeupval(vm_State *S, StkId level) {
  UpVal *uv;
  while ((uv = S->openupval) != NULL && uplevel(uv) >= level) {
    TValue *slot = &uv->u.value;
    S->openupval = uv->u.open.next;
    setobj(S, slot, uv->v);
    uv->v = slot;
    gc_barrier(S, uv, slot);
  }
}

/* ======================================================================
** To-be-closed variables
** ====================================================================== */

static void callclosemethod(vm_State *S, TValue *obj, TValue *err, int yy) {
  StkId top = S->top;
  const TValue *tm = tm_gettmbyobj(S, obj, TM_CLOSE);
  setobj2s(S, top, tm);
  setobj2s(S, top + 1, obj);
  setobj2s(S, top + 2, err);
  S->top = top + 3;
  if (yy) do_call(S, top, 0);
  else do_callnoyield(S, top, 0);
}

/* Raises the error for a tbc variable whose value has no __close, naming
** it as lua5.4 does: the local's name, else "(temporary)" (a stripped
** chunk), or "(C temporary)" for vm_toclose in a C function (whose frame
** has no prototype). */
static void checkclosemth(vm_State *S, StkId level) {
  const TValue *tm = tm_gettmbyobj(S, s2v(level), TM_CLOSE);
  if (ttisnil(tm)) {
    CallInfo *ci = S->ci;
    const char *vname = "(C temporary)";
    if (isLua(ci)) {
      const Proto *p = ci_func(ci)->p;
      vname = func_getlocalname(p, cast_int(level - ci->func), pcRel(ci->u.l.savedpc, p));
      if (vname == NULL) vname = "(temporary)";
    }
    dbg_runerror(S, "variable '%s' got a non-closable value", vname);
  }
}

void func_newtbcupval(vm_State *S, StkId level) {
  if (l_isfalse(s2v(level))) return; /* false and nil need no closing */
  checkclosemth(S, level);
  if (S->ntbc == S->sizetbc) {
    int ns = S->sizetbc ? S->sizetbc * 2 : 8;
    S->tbclist = (ptrdiff_t *)mem_realloc(S, S->tbclist, (size_t)S->sizetbc * sizeof(ptrdiff_t),
                                          (size_t)ns * sizeof(ptrdiff_t));
    S->sizetbc = ns;
  }
  S->tbclist[S->ntbc++] = savestack(S, level);
}

/* Prepares and calls the close method of the tbc variable at `level`: with
** a nil error object for a normal close, with the error object (already at
** level + 1 for errors) otherwise. */
static void prepcallclosemth(vm_State *S, StkId level, int status, int yy) {
  TValue *uv = s2v(level);
  TValue *errobj;
  if (status == CLOSEKTOP) {
    errobj = &G(S)->nilvalue;
  } else {
    errobj = s2v(level + 1);
    do_seterrorobj(S, status, level + 1);
  }
  callclosemethod(S, uv, errobj, yy);
}

StkId func_close(vm_State *S, StkId level, int status, int yy) {
  ptrdiff_t levelrel = savestack(S, level);
  func_closeupval(S, level);
  while (S->ntbc > 0 && S->tbclist[S->ntbc - 1] >= levelrel) {
    StkId tbc = restorestack(S, S->tbclist[--S->ntbc]);
    prepcallclosemth(S, tbc, status, yy);
    level = restorestack(S, levelrel);
  }
  return restorestack(S, levelrel);
}

const char *func_getlocalname(const Proto *f, int local_number, int pc) {
  int i;
  for (i = 0; i < f->sizelocvars && f->locvars[i].startpc <= pc; i++) {
    if (pc < f->locvars[i].endpc) {
      local_number--;
      if (local_number == 0) return getstr(f->locvars[i].varname);
    }
  }
  return NULL;
}
