/*
** api.c — the public stack API of vm.h (the core part; the auxiliary
** functions built on it are in auxlib.c).
**
** Values are addressed by stack index, never by pointer, so host code is
** never exposed to the moving nursery. Functions that create objects end
** with a GC safe point (gc_check) after the new object is anchored on the
** stack. Pushing onto a thread records that thread for the next minor
** collection (api_incr_top), so a host may fill a coroutine's stack before
** resuming it.
**
** Identity for tables and functions (vm_topointer, hence tostring's
** "table: 0x...") is derived from the object's id, not its address: young
** objects move, and Lua programs expect tostring(t) to be stable.
*/
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

/* API misuse that Lua leaves undefined (a bad index, pushing past the
** space vm_checkstack granted, a non-table where a table is required...)
** stops a debug build (make debug: -DTIDE_ASSERT) with a message instead of
** corrupting memory. Release builds check nothing. */
#ifdef TIDE_ASSERT
static void api_fail(const char *msg) {
  fprintf(stderr, "tide: API misuse: %s\n", msg);
  abort();
}
#define api_check(S, e, msg) ((void)(S), (void)((e) || (api_fail(msg), 0)))
#else
#define api_check(S, e, msg) ((void)0)
#endif
#define api_checknelems(S, n) \
  api_check(S, (n) < (S->top - S->ci->func), "not enough elements in the stack")

#define ispseudo(i) ((i) <= VM_REGISTRYINDEX)
#define isvalid(S, o) (!ttisnil(o) || o != &G(S)->nilvalue)
#define isupvalue(i) ((i) < VM_REGISTRYINDEX)

static inline void api_incr_top(vm_State *S) {
  S->top++;
  api_check(S, S->top <= S->ci->top, "stack overflow (missing vm_checkstack?)");
  gc_threadbarrier(S, S);
}

/* A push of a value that is never young. */
#define api_push(S) \
  ((S)->top++, api_check(S, (S)->top <= (S)->ci->top, "stack overflow (missing vm_checkstack?)"))

static TValue *index2value(vm_State *S, int idx) {
  CallInfo *ci = S->ci;
  if (idx > 0) {
    StkId o = ci->func + idx;
    api_check(S, idx <= ci->top - (ci->func + 1), "unacceptable index");
    if (o >= S->top) return &G(S)->nilvalue;
    return s2v(o);
  }
  if (!ispseudo(idx)) {
    api_check(S, idx != 0 && -idx <= S->top - (ci->func + 1), "invalid index");
    return s2v(S->top + idx);
  }
  if (idx == VM_REGISTRYINDEX) return &G(S)->registry;
  idx = VM_REGISTRYINDEX - idx;
  api_check(S, idx <= MAXUPVAL + 1, "upvalue index too large");
  if (ttisCclosure(s2v(ci->func))) {
    CClosure *func = clCvalue(s2v(ci->func));
    return (idx <= clnup(func)) ? &func->upvalue[idx - 1] : &G(S)->nilvalue;
  }
  return &G(S)->nilvalue;
}

static StkId index2stack(vm_State *S, int idx) {
  CallInfo *ci = S->ci;
  if (idx > 0) {
    api_check(S, ci->func + idx < S->top, "invalid index");
    return ci->func + idx;
  }
  api_check(S, idx != 0 && -idx <= S->top - (ci->func + 1) && !ispseudo(idx), "invalid index");
  return S->top + idx;
}

/* ======================================================================
** Stack manipulation
** ====================================================================== */

int vm_absindex(vm_State *S, int idx) {
  return (idx > 0 || ispseudo(idx)) ? idx : cast_int(S->top - S->ci->func) + idx;
}

int vm_gettop(vm_State *S) { return cast_int(S->top - (S->ci->func + 1)); }

void vm_settop(vm_State *S, int idx) {
  CallInfo *ci = S->ci;
  StkId func = ci->func, newtop;
  ptrdiff_t diff;
  if (idx >= 0) {
    api_check(S, idx <= ci->top - (func + 1), "new top too large");
    diff = ((func + 1) + idx) - S->top;
    for (; diff > 0; diff--) setnilvalue(s2v(S->top++));
  } else {
    api_check(S, -(idx + 1) <= (S->top - (func + 1)), "invalid new top");
    diff = idx + 1;
  }
  newtop = S->top + diff;
  if (diff < 0 && S->ntbc > 0 && S->tbclist[S->ntbc - 1] >= savestack(S, newtop))
    newtop = func_close(S, newtop, CLOSEKTOP, 0);
  S->top = newtop;
}

void vm_closeslot(vm_State *S, int idx) {
  StkId level = index2stack(S, idx);
  level = func_close(S, level, CLOSEKTOP, 0);
  setnilvalue(s2v(level));
}

static void reverse(vm_State *S, StkId from, StkId to) {
  for (; from < to; from++, to--) {
    TValue temp;
    setobj(S, &temp, s2v(from));
    setobjs2s(S, from, to);
    setobj2s(S, to, &temp);
  }
}

void vm_rotate(vm_State *S, int idx, int n) {
  StkId p, t, m;
  t = S->top - 1;
  p = index2stack(S, idx);
  m = (n >= 0 ? t - n : p - n - 1);
  reverse(S, p, m);
  reverse(S, m + 1, t);
  reverse(S, p, t);
}

void vm_copy(vm_State *S, int fromidx, int toidx) {
  TValue *fr = index2value(S, fromidx);
  TValue *to = index2value(S, toidx);
  setobj(S, to, fr);
  if (isupvalue(toidx)) gc_barrier(S, clCvalue(s2v(S->ci->func)), fr);
}

void vm_pushvalue(vm_State *S, int idx) {
  setobj2s(S, S->top, index2value(S, idx));
  api_incr_top(S);
}

int vm_checkstack(vm_State *S, int n) {
  int res;
  CallInfo *ci = S->ci;
  if (S->stack_last - S->top > n) {
    res = 1;
  } else {
    /* refuse what can never fit before touching the stack: growing into
    ** the overflow reserve would leave the thread "handling an overflow" */
    int inuse = cast_int(S->top - S->stack) + EXTRA_STACK;
    res = (inuse > MAXSTACK - n) ? 0 : do_growstack(S, n, 0);
  }
  if (res && ci->top < S->top + n) ci->top = S->top + n;
  return res;
}

void vm_xmove(vm_State *from, vm_State *to, int n) {
  int i;
  if (from == to) return;
  api_checknelems(from, n);
  api_check(from, G(from) == G(to), "moving among independent states");
  api_check(from, to->ci->top - to->top >= n, "stack overflow");
  from->top -= n;
  for (i = 0; i < n; i++) {
    setobjs2s(to, to->top, from->top + i);
    to->top++;
  }
  gc_threadbarrier(to, to);
}

/* ======================================================================
** Access functions
** ====================================================================== */

int vm_type(vm_State *S, int idx) {
  const TValue *o = index2value(S, idx);
  return (isvalid(S, o) ? ttype(o) : VM_TNONE);
}

const char *vm_typename(vm_State *S, int t) {
  UNUSED(S);
  return ttypename(t);
}

int vm_iscfunction(vm_State *S, int idx) {
  const TValue *o = index2value(S, idx);
  return (ttislcf(o) || ttisCclosure(o));
}

int vm_isinteger(vm_State *S, int idx) { return ttisinteger(index2value(S, idx)); }

int vm_isnumber(vm_State *S, int idx) {
  vm_Number n;
  const TValue *o = index2value(S, idx);
  return tonumber(o, &n);
}

int vm_isstring(vm_State *S, int idx) {
  const TValue *o = index2value(S, idx);
  return (ttisstring(o) || ttisnumber(o));
}

int vm_isuserdata(vm_State *S, int idx) {
  const TValue *o = index2value(S, idx);
  return (ttisfulluserdata(o) || ttislightuserdata(o));
}

int vm_rawequal(vm_State *S, int index1, int index2) {
  const TValue *o1 = index2value(S, index1);
  const TValue *o2 = index2value(S, index2);
  return (isvalid(S, o1) && isvalid(S, o2)) ? interp_rawequalobj(o1, o2) : 0;
}

void vm_arith(vm_State *S, int op) {
  api_checknelems(S, (op == VM_OPUNM || op == VM_OPBNOT) ? 1 : 2);
  if (op == VM_OPUNM || op == VM_OPBNOT) { /* unary: fake second operand */
    setobjs2s(S, S->top, S->top - 1);
    api_incr_top(S);
  }
  interp_arith(S, op, s2v(S->top - 2), s2v(S->top - 1), S->top - 2);
  S->top--;
}

int vm_compare(vm_State *S, int index1, int index2, int op) {
  const TValue *o1 = index2value(S, index1);
  const TValue *o2 = index2value(S, index2);
  if (!isvalid(S, o1) || !isvalid(S, o2)) return 0;
  switch (op) {
    case VM_OPEQ: return interp_equalobj(S, o1, o2);
    case VM_OPLT: return interp_lessthan(S, o1, o2);
    case VM_OPLE: return interp_lessequal(S, o1, o2);
    default: return 0;
  }
}

size_t vm_stringtonumber(vm_State *S, const char *s) {
  size_t sz = str2num(s, s2v(S->top));
  if (sz != 0) api_incr_top(S);
  return sz;
}

vm_Number vm_tonumberx(vm_State *S, int idx, int *pisnum) {
  vm_Number n = 0;
  const TValue *o = index2value(S, idx);
  int isnum = tonumber(o, &n);
  if (pisnum) *pisnum = isnum;
  return n;
}

vm_Integer vm_tointegerx(vm_State *S, int idx, int *pisnum) {
  vm_Integer res = 0;
  const TValue *o = index2value(S, idx);
  int isnum = tointeger(o, &res);
  if (pisnum) *pisnum = isnum;
  return res;
}

int vm_toboolean(vm_State *S, int idx) { return !l_isfalse(index2value(S, idx)); }

const char *vm_tolstring(vm_State *S, int idx, size_t *len) {
  TValue *o = index2value(S, idx);
  if (!ttisstring(o)) {
    if (!ttisnumber(o)) {
      if (len != NULL) *len = 0;
      return NULL;
    }
    obj_tostring(S, o); /* strings are old: no collection needed here */
  }
  if (len != NULL) *len = vslen(o);
  return svalue(o);
}

vm_Unsigned vm_rawlen(vm_State *S, int idx) {
  const TValue *o = index2value(S, idx);
  switch (rawtt(o)) {
    case T_SHRSTR:
    case T_LNGSTR: return tsvalue(o)->len;
    case T_UDATA: return uvalue(o)->len;
    case T_TABLE: return tab_getn(hvalue(o));
    default: return 0;
  }
}

vm_CFunction vm_tocfunction(vm_State *S, int idx) {
  const TValue *o = index2value(S, idx);
  if (ttislcf(o)) return fvalue(o);
  if (ttisCclosure(o)) return clCvalue(o)->f;
  return NULL;
}

void *vm_touserdata(vm_State *S, int idx) {
  const TValue *o = index2value(S, idx);
  if (ttisfulluserdata(o)) return getudatamem(uvalue(o));
  if (ttislightuserdata(o)) return pvalue(o);
  return NULL;
}

vm_State *vm_tothread(vm_State *S, int idx) {
  const TValue *o = index2value(S, idx);
  return (!ttisthread(o)) ? NULL : thvalue(o);
}

#define IDPOINTER_BASE UINT64_C(0x5a0000000000)

const void *vm_topointer(vm_State *S, int idx) {
  const TValue *o = index2value(S, idx);
  switch (rawtt(o)) {
    case T_LCF: return (void *)(uintptr_t)fvalue(o);
    case T_UDATA:
    case T_LIGHTUD: return vm_touserdata(S, idx);
    case T_TABLE:
    case T_LCL:
    case T_CCL: /* may move: a stable identity instead of the address */
      return (void *)(uintptr_t)(IDPOINTER_BASE + ((uint64_t)gcvalue(o)->id << 4));
    default:
      if (iscollectable(o)) return gcvalue(o);
      return NULL;
  }
}

/* ======================================================================
** Push functions
** ====================================================================== */

void vm_pushnil(vm_State *S) {
  setnilvalue(s2v(S->top));
  api_push(S);
}

void vm_pushnumber(vm_State *S, vm_Number n) {
  setfltvalue(s2v(S->top), n);
  api_push(S);
}

void vm_pushinteger(vm_State *S, vm_Integer n) {
  setivalue(s2v(S->top), n);
  api_push(S);
}

static const char *pushstr(vm_State *S, TString *ts) {
  setsvalue(S, s2v(S->top), ts);
  S->top++;
  gc_check(S);
  return getstr(ts);
}

const char *vm_pushlstring(vm_State *S, const char *s, size_t len) {
  return pushstr(S, (len == 0) ? str_new(S, "", 0) : str_new(S, s, len));
}

const char *vm_pushstring(vm_State *S, const char *s) {
  if (s == NULL) {
    setnilvalue(s2v(S->top));
    S->top++;
    return NULL;
  }
  return pushstr(S, str_newcached(S, s));
}

const char *vm_pushvfstring(vm_State *S, const char *fmt, va_list argp) {
  const char *ret = obj_pushvfstring(S, fmt, argp);
  gc_check(S);
  return ret;
}

const char *vm_pushfstring(vm_State *S, const char *fmt, ...) {
  const char *ret;
  va_list argp;
  va_start(argp, fmt);
  ret = obj_pushvfstring(S, fmt, argp);
  va_end(argp);
  gc_check(S);
  return ret;
}

void vm_pushcclosure(vm_State *S, vm_CFunction fn, int n) {
  if (n == 0) {
    setfvalue(s2v(S->top), fn);
    S->top++;
  } else {
    CClosure *cl = func_newCclosure(S, n);
    cl->f = fn;
    S->top -= n;
    while (n--) setobj(S, &cl->upvalue[n], s2v(S->top + n));
    setclCvalue(S, s2v(S->top), cl);
    api_incr_top(S);
    gc_check(S);
  }
}

void vm_pushboolean(vm_State *S, int b) {
  setbvalue(s2v(S->top), b);
  api_push(S);
}

void vm_pushlightuserdata(vm_State *S, void *p) {
  setpvalue(s2v(S->top), p);
  api_push(S);
}

int vm_pushthread(vm_State *S) {
  setthvalue(S, s2v(S->top), S);
  S->top++;
  return (G(S)->mainthread == S);
}

/* ======================================================================
** Get functions
** ====================================================================== */

#define fastget(S, t, k, slot, f) \
  (!ttistable(t) ? (slot = NULL, 0) : (slot = f(hvalue(t), k), !ttisnil(slot)))

static int auxgetstr(vm_State *S, const TValue *t, const char *k) {
  const TValue *slot;
  TString *str = str_newcached(S, k);
  if (fastget(S, t, str, slot, tab_getstr)) {
    setobj2s(S, S->top, slot);
    api_incr_top(S);
  } else {
    setsvalue(S, s2v(S->top), str);
    api_incr_top(S);
    interp_finishget(S, t, s2v(S->top - 1), S->top - 1, slot);
  }
  return ttype(s2v(S->top - 1));
}

static const TValue *getGtable(vm_State *S) {
  return tab_getint(hvalue(&G(S)->registry), VM_RIDX_GLOBALS);
}

int vm_getglobal(vm_State *S, const char *name) {
  TValue gt;
  setobj(S, &gt, getGtable(S));
  /* the globals table is reachable from the registry: a copy is safe */
  return auxgetstr(S, &gt, name);
}

int vm_gettable(vm_State *S, int idx) {
  const TValue *slot;
  TValue *t = index2value(S, idx);
  if (fastget(S, t, s2v(S->top - 1), slot, tab_get)) setobj2s(S, S->top - 1, slot);
  else interp_finishget(S, t, s2v(S->top - 1), S->top - 1, slot);
  return ttype(s2v(S->top - 1));
}

int vm_getfield(vm_State *S, int idx, const char *k) { return auxgetstr(S, index2value(S, idx), k); }

int vm_geti(vm_State *S, int idx, vm_Integer n) {
  TValue *t = index2value(S, idx);
  const TValue *slot;
  if (fastget(S, t, n, slot, tab_getint)) {
    setobj2s(S, S->top, slot);
    api_incr_top(S);
  } else {
    TValue aux;
    setivalue(&aux, n);
    api_incr_top(S);
    interp_finishget(S, t, &aux, S->top - 1, slot);
  }
  return ttype(s2v(S->top - 1));
}

static Table *gettable(vm_State *S, int idx) {
  TValue *t = index2value(S, idx);
  api_check(S, ttistable(t), "table expected");
  return hvalue(t);
}

static int finishrawget(vm_State *S, const TValue *val) {
  if (ttisnil(val)) setnilvalue(s2v(S->top));
  else setobj2s(S, S->top, val);
  api_incr_top(S);
  return ttype(s2v(S->top - 1));
}

int vm_rawget(vm_State *S, int idx) {
  Table *t = gettable(S, idx);
  const TValue *val = tab_get(t, s2v(S->top - 1));
  S->top--;
  return finishrawget(S, val);
}

int vm_rawgeti(vm_State *S, int idx, vm_Integer n) {
  return finishrawget(S, tab_getint(gettable(S, idx), n));
}

int vm_rawgetp(vm_State *S, int idx, const void *p) {
  TValue k;
  setpvalue(&k, (void *)p);
  return finishrawget(S, tab_get(gettable(S, idx), &k));
}

void vm_createtable(vm_State *S, int narray, int nrec) {
  Table *t = tab_new(S);
  sethvalue(S, s2v(S->top), t);
  api_incr_top(S);
  if (narray > 0 || nrec > 0) tab_resize(S, t, (unsigned)narray, (unsigned)nrec);
  gc_check(S);
}

int vm_getmetatable(vm_State *S, int objindex) {
  const TValue *obj = index2value(S, objindex);
  Table *mt = tm_getmetatable(S, obj);
  if (mt == NULL) return 0;
  sethvalue(S, s2v(S->top), mt);
  api_incr_top(S);
  return 1;
}

int vm_getiuservalue(vm_State *S, int idx, int n) {
  TValue *o = index2value(S, idx);
  int t;
  api_check(S, ttisfulluserdata(o), "full userdata expected");
  if (n <= 0 || n > uvalue(o)->nuvalue) {
    setnilvalue(s2v(S->top));
    t = VM_TNONE;
  } else {
    setobj2s(S, S->top, &uvalue(o)->uv[n - 1]);
    t = ttype(s2v(S->top));
  }
  api_incr_top(S);
  return t;
}

void *vm_newuserdatauv(vm_State *S, size_t size, int nuvalue) {
  Udata *u = udata_new(S, size, nuvalue);
  setuvalue(S, s2v(S->top), u);
  S->top++;
  gc_check(S);
  return getudatamem(u);
}

/* ======================================================================
** Set functions
** ====================================================================== */

static void auxsetstr(vm_State *S, const TValue *t, const char *k) {
  const TValue *slot;
  TString *str = str_newcached(S, k);
  if (fastget(S, t, str, slot, tab_getstr)) {
    tab_setslot(S, hvalue(t), slot, s2v(S->top - 1));
    S->top--;
  } else {
    setsvalue(S, s2v(S->top), str);
    api_incr_top(S);
    interp_finishset(S, t, s2v(S->top - 1), s2v(S->top - 2), slot);
    S->top -= 2;
  }
}

void vm_setglobal(vm_State *S, const char *name) {
  TValue gt;
  setobj(S, &gt, getGtable(S));
  auxsetstr(S, &gt, name);
}

void vm_settable(vm_State *S, int idx) {
  TValue *t = index2value(S, idx);
  const TValue *slot;
  if (fastget(S, t, s2v(S->top - 2), slot, tab_get))
    tab_setslot(S, hvalue(t), slot, s2v(S->top - 1));
  else
    interp_finishset(S, t, s2v(S->top - 2), s2v(S->top - 1), slot);
  S->top -= 2;
}

void vm_setfield(vm_State *S, int idx, const char *k) { auxsetstr(S, index2value(S, idx), k); }

void vm_seti(vm_State *S, int idx, vm_Integer n) {
  TValue *t = index2value(S, idx);
  const TValue *slot;
  if (fastget(S, t, n, slot, tab_getint)) {
    tab_setslot(S, hvalue(t), slot, s2v(S->top - 1));
  } else {
    TValue aux;
    setivalue(&aux, n);
    interp_finishset(S, t, &aux, s2v(S->top - 1), slot);
  }
  S->top--;
}

static void aux_rawset(vm_State *S, int idx, TValue *key, int n) {
  Table *t = gettable(S, idx);
  tab_set(S, t, key, s2v(S->top - 1));
  invalidateTMcache(t);
  S->top -= n;
}

void vm_rawset(vm_State *S, int idx) { aux_rawset(S, idx, s2v(S->top - 2), 2); }

void vm_rawsetp(vm_State *S, int idx, const void *p) {
  TValue k;
  setpvalue(&k, (void *)p);
  aux_rawset(S, idx, &k, 1);
}

void vm_rawseti(vm_State *S, int idx, vm_Integer n) {
  Table *t = gettable(S, idx);
  tab_setint(S, t, n, s2v(S->top - 1));
  S->top--;
}

int vm_setmetatable(vm_State *S, int objindex) {
  TValue *obj = index2value(S, objindex);
  Table *mt;
  api_checknelems(S, 1);
  api_check(S, ttisnil(s2v(S->top - 1)) || ttistable(s2v(S->top - 1)), "table expected");
  mt = ttisnil(s2v(S->top - 1)) ? NULL : hvalue(s2v(S->top - 1));
  switch (rawtt(obj)) {
    case T_TABLE:
      hvalue(obj)->metatable = mt;
      if (mt) {
        gc_objbarrier(S, gcvalue(obj), mt);
        gc_checkfinalizer(S, gcvalue(obj), mt);
      }
      break;
    case T_UDATA:
      uvalue(obj)->metatable = mt;
      if (mt) {
        gc_objbarrier(S, uvalue(obj), mt);
        gc_checkfinalizer(S, gcvalue(obj), mt);
      }
      break;
    default: G(S)->mt[ttype(obj)] = mt; break;
  }
  S->top--;
  return 1;
}

int vm_setiuservalue(vm_State *S, int idx, int n) {
  TValue *o = index2value(S, idx);
  int res;
  api_checknelems(S, 1);
  api_check(S, ttisfulluserdata(o), "full userdata expected");
  if (!((unsigned)n - 1u < (unsigned)uvalue(o)->nuvalue)) {
    res = 0;
  } else {
    setobj(S, &uvalue(o)->uv[n - 1], s2v(S->top - 1));
    gc_barrier(S, uvalue(o), s2v(S->top - 1));
    res = 1;
  }
  S->top--;
  return res;
}

/* ======================================================================
** Calls and loading
** ====================================================================== */

#define adjustresults(S, nres) \
  { if ((nres) <= VM_MULTRET && (S)->ci->top < (S)->top) (S)->ci->top = (S)->top; }

void vm_callk(vm_State *S, int nargs, int nresults, vm_KContext ctx, vm_KFunction k) {
  StkId func;
  api_check(S, k == NULL || isLua(S->ci) == 0, "cannot use continuations inside hooks");
  api_checknelems(S, nargs + 1);
  api_check(S, S->status == VM_OK, "cannot do calls on non-normal thread");
  func = S->top - (nargs + 1);
  if (k != NULL && yieldable(S)) {
    S->ci->u.c.k = k;
    S->ci->u.c.ctx = ctx;
    do_call(S, func, nresults);
  } else {
    do_callnoyield(S, func, nresults);
  }
  adjustresults(S, nresults);
}

struct CallS {
  StkId func;
  int nresults;
};

static void f_call(vm_State *S, void *ud) {
  struct CallS *c = (struct CallS *)ud;
  do_callnoyield(S, c->func, c->nresults);
}

int vm_pcallk(vm_State *S, int nargs, int nresults, int errfunc, vm_KContext ctx,
              vm_KFunction k) {
  struct CallS c;
  int status;
  ptrdiff_t func;
  int fromhost = (S->ci == &S->base_ci);
  api_checknelems(S, nargs + 1);
  api_check(S, S->status == VM_OK, "cannot do calls on non-normal thread");
  /* An interrupt is in force until the host regains control: calls made
  ** by the host itself (no Lua frame below them) clear it before and after
  ** (vm_resume does the same). */
  if (fromhost) interp_resetinterrupt(G(S));
  if (errfunc == 0) func = 0;
  else func = savestack(S, index2stack(S, errfunc));
  c.func = S->top - (nargs + 1);
  if (k == NULL || !yieldable(S)) {
    c.nresults = nresults;
    status = do_pcall(S, f_call, &c, savestack(S, c.func), func);
  } else {
    CallInfo *ci = S->ci;
    ci->u.c.k = k;
    ci->u.c.ctx = ctx;
    ci->u2.funcidx = cast_int(savestack(S, c.func));
    ci->u.c.old_errfunc = S->errfunc;
    S->errfunc = func;
    ci->callstatus = (unsigned short)((ci->callstatus & ~CIST_OAH) | (S->allowhook ? CIST_OAH : 0));
    ci->callstatus |= CIST_YPCALL;
    do_call(S, c.func, nresults);
    ci->callstatus &= (unsigned short)~CIST_YPCALL;
    S->errfunc = ci->u.c.old_errfunc;
    status = VM_OK;
  }
  adjustresults(S, nresults);
  if (fromhost) interp_resetinterrupt(G(S));
  return status;
}

void vm_interrupt(vm_State *S) {
  Global *g = G(S);
  g->interrupt_pending = 1;
  g->jitstop = 1; /* a running trace stops at its next back-edge */
  /* the interpreter looks at the flag within INTERRUPT_POLL checks (the
  ** counter it decrements is a local of the running interp_execute) */
}

void vm_setinterrupt(vm_State *S, vm_InterruptFunction f, void *ud, int period) {
  Global *g = G(S);
  g->intf = f;
  g->intud = ud;
  g->iperiod = (f != NULL && period > 0) ? period : INTERRUPT_POLL;
  interp_restartbudget(g);
}

int vm_load(vm_State *S, vm_Reader reader, void *data, const char *chunkname,
            const char *mode) {
  Zio z;
  int status;
  if (!chunkname) chunkname = "?";
  zio_init(S, &z, reader, data);
  status = do_protectedparser(S, &z, chunkname, mode);
  if (status == VM_OK) {
    LClosure *f = clLvalue(s2v(S->top - 1));
    if (clnup(f) >= 1) {
      const TValue *gt = getGtable(S);
      setobj(S, f->upvals[0]->v, gt);
      gc_barrier(S, f->upvals[0], gt);
    }
  }
  gc_check(S);
  return status;
}

/* ======================================================================
** Miscellaneous
** ====================================================================== */

int vm_error(vm_State *S) {
  TValue *errobj = s2v(S->top - 1);
  if (ttisshrstring(errobj) && tsvalue(errobj) == G(S)->memerrmsg) mem_error(S);
  dbg_errormsg(S);
  return 0;
}

int vm_next(vm_State *S, int idx) {
  Table *t = gettable(S, idx);
  int more = tab_next(S, t, S->top - 1);
  if (more) api_incr_top(S);
  else S->top -= 1;
  return more;
}

void vm_toclose(vm_State *S, int idx) { func_newtbcupval(S, index2stack(S, idx)); }

void vm_concat(vm_State *S, int n) {
  api_checknelems(S, n);
  if (n > 0) {
    interp_concat(S, n);
  } else {
    setsvalue(S, s2v(S->top), str_new(S, "", 0));
    api_incr_top(S);
  }
  gc_check(S);
}

void vm_len(vm_State *S, int idx) {
  TValue *t = index2value(S, idx);
  interp_objlen(S, S->top, t);
  api_incr_top(S);
}

vm_State *vm_newthread(vm_State *S) {
  vm_State *S1 = thread_new(S);
  setthvalue(S, s2v(S->top), S1);
  api_incr_top(S);
  gc_check(S);
  return S1;
}

int vm_gc(vm_State *S, int what, ...) {
  Global *g = G(S);
  int res = 0;
  va_list argp;
  /* inside a finalizer every option fails, as in lua5.4 (the collector
  ** must not be reentered from a __gc) */
  if (g->gcstopem || g->fin_running) return -1;
  va_start(argp, what);
  switch (what) {
    case VM_GCSTOP: g->gcstopped = 1; break;
    case VM_GCRESTART: g->gcstopped = 0; break;
    case VM_GCCOLLECT:
      /* a load's reader function may call this while the compiler holds
      ** raw pointers to what it builds: the collection waits for the end
      ** of the load (the next safe point) */
      if (g->gcblocked) {
        g->gcemergency = g->gcrequest = 1;
        break;
      }
      gc_full(S);
      gc_callfinalizers(S);
      break;
    case VM_GCCOUNT: {
      size_t total = g->total_bytes + (size_t)(g->nursery_free - g->nursery_start);
      res = cast_int(total >> 10);
      break;
    }
    case VM_GCCOUNTB: {
      size_t total = g->total_bytes + (size_t)(g->nursery_free - g->nursery_start);
      res = cast_int(total & 0x3ff);
      break;
    }
    case VM_GCSTEP: {
      int kb = va_arg(argp, int);
      if (g->gcblocked) { /* as for VM_GCCOLLECT: nothing can run now */
        res = -1;
        break;
      }
      res = gc_userstep(S, kb);
      gc_callfinalizers(S);
      break;
    }
    /* Lua keeps these parameters in units of 4 (150 reads back as 148);
    ** the same quantisation keeps the answers identical. */
    case VM_GCSETPAUSE:
      res = g->gcpause;
      g->gcpause = va_arg(argp, int) / 4 * 4;
      break;
    case VM_GCSETSTEPMUL:
      res = g->gcstepmul;
      g->gcstepmul = va_arg(argp, int) / 4 * 4;
      break;
    case VM_GCISRUNNING: res = !g->gcstopped; break;
    /* Both modes collect young objects with minor collections; they
    ** differ in the old space: incremental cycles paced by the pause
    ** (incremental mode) or a stop-the-world collection when it grew by
    ** majormul percent (generational mode). */
    case VM_GCGEN: {
      int minormul = va_arg(argp, int), majormul = va_arg(argp, int);
      if (minormul != 0) g->genminormul = minormul;
      if (majormul != 0) g->genmajormul = majormul;
      res = g->gcmode_incremental ? VM_GCINC : VM_GCGEN;
      g->gcmode_incremental = 0;
      break;
    }
    case VM_GCINC: {
      int pause = va_arg(argp, int), stepmul = va_arg(argp, int), stepsize = va_arg(argp, int);
      if (pause != 0) g->gcpause = pause / 4 * 4;
      if (stepmul != 0) g->gcstepmul = stepmul / 4 * 4;
      if (stepsize != 0) g->gcstepsize = stepsize;
      res = g->gcmode_incremental ? VM_GCINC : VM_GCGEN;
      g->gcmode_incremental = 1;
      break;
    }
    default: res = -1;
  }
  va_end(argp);
  return res;
}

/* Upvalue access for the debug interface and load's env parameter. */
static const char *aux_upvalue(TValue *fi, int n, TValue **val, GCObject **owner) {
  switch (rawtt(fi)) {
    case T_CCL: {
      CClosure *f = clCvalue(fi);
      if (!((unsigned)n - 1u < (unsigned)clnup(f))) return NULL;
      *val = &f->upvalue[n - 1];
      if (owner) *owner = obj2gco(f);
      return "";
    }
    case T_LCL: {
      LClosure *f = clLvalue(fi);
      TString *name;
      Proto *p = f->p;
      if (!((unsigned)n - 1u < (unsigned)p->sizeupvalues)) return NULL;
      *val = f->upvals[n - 1]->v;
      if (owner) *owner = obj2gco(f->upvals[n - 1]);
      name = p->upvalues[n - 1].name;
      return (name == NULL) ? "(no name)" : getstr(name);
    }
    default: return NULL;
  }
}

const char *vm_getupvalue(vm_State *S, int funcindex, int n) {
  const char *name;
  TValue *val = NULL;
  name = aux_upvalue(index2value(S, funcindex), n, &val, NULL);
  if (name) {
    setobj2s(S, S->top, val);
    api_incr_top(S);
  }
  return name;
}

const char *vm_setupvalue(vm_State *S, int funcindex, int n) {
  const char *name;
  TValue *val = NULL;
  GCObject *owner = NULL;
  TValue *fi = index2value(S, funcindex);
  name = aux_upvalue(fi, n, &val, &owner);
  if (name) {
    S->top--;
    setobj(S, val, s2v(S->top));
    gc_barrier(S, owner, val);
  }
  return name;
}

/* Identities from object ids, not addresses: upvalues and closures are
** young objects that move. */
void *vm_upvalueid(vm_State *S, int fidx, int n) {
  TValue *fi = index2value(S, fidx);
  switch (rawtt(fi)) {
    case T_LCL: {
      LClosure *f = clLvalue(fi);
      if (n < 1 || n > clnup(f)) return NULL;
      return (void *)(uintptr_t)(IDPOINTER_BASE + ((uint64_t)f->upvals[n - 1]->id << 4));
    }
    case T_CCL: {
      CClosure *f = clCvalue(fi);
      if (n < 1 || n > clnup(f)) return NULL;
      return (void *)(uintptr_t)(IDPOINTER_BASE + ((uint64_t)f->id << 12) + (uint64_t)n);
    }
    default: return NULL;
  }
}

void vm_upvaluejoin(vm_State *S, int fidx1, int n1, int fidx2, int n2) {
  LClosure *f1, *f2;
  api_check(S, ttisLclosure(index2value(S, fidx1)) && ttisLclosure(index2value(S, fidx2)),
            "Lua function expected");
  f1 = clLvalue(index2value(S, fidx1));
  f2 = clLvalue(index2value(S, fidx2));
  api_check(S, n1 >= 1 && n1 <= clnup(f1) && n2 >= 1 && n2 <= clnup(f2), "invalid upvalue index");
  f1->upvals[n1 - 1] = f2->upvals[n2 - 1];
  gc_objbarrier(S, f1, f1->upvals[n1 - 1]);
}

/* What the memory limit counts: everything outside the nursery. */
size_t vm_memoryused(vm_State *S) { return G(S)->total_bytes; }

size_t vm_memorypeak(vm_State *S) { return G(S)->peak_bytes; }

void *vm_realloc(vm_State *S, void *block, size_t osize, size_t nsize) {
  return mem_realloc(S, block, osize, nsize);
}

void *vm_getextraspace(vm_State *S) { return S->extraspace; }
