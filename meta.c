/*
** meta.c — metamethods ("tag methods") and type names.
**
** The metamethod names are created once (tmname[], fixed strings). A table
** used as a metatable caches the absence of the fast events (__index ..
** __eq) in its flags byte, so the common "no metamethod" case costs one bit
** test; any raw store of a "__" key into a table clears that cache.
** This file also holds the fallbacks the interpreter calls when an
** operation's fast path does not apply: binary arithmetic/bitwise
** metamethods (with Lua's error messages when none exists) and the order
** metamethods (__lt, __le with the 5.3-compatible fallback to not __lt).
*/
#include "internal.h"

const char *const ttypename_[VM_NUMTYPES + 1] = {
    "no value", "nil", "boolean", "userdata", "number", "string",
    "table", "function", "userdata", "thread"};

const int8_t tag2type[T_NUMTAGS] = {
#define TAG_BASIC(name, basic) basic,
    TAGS(TAG_BASIC)
#undef TAG_BASIC
};

void tm_init(vm_State *S) {
  static const char *const names[] = {
#define TM_NAME(name, str) str,
      TMS(TM_NAME)
#undef TM_NAME
  };
  int i;
  for (i = 0; i < TM_N; i++) {
    G(S)->tmname[i] = str_newz(S, names[i]);
    gc_fix(S, obj2gco(G(S)->tmname[i]));
  }
}


Table *tm_getmetatable(vm_State *S, const TValue *o) {
  switch (rawtt(o)) {
    case T_TABLE: return hvalue(o)->metatable;
    case T_UDATA: return uvalue(o)->metatable;
    default: return G(S)->mt[ttype(o)];
  }
}

const TValue *tm_gettmbyobj(vm_State *S, const TValue *o, TMS event) {
  Table *mt = tm_getmetatable(S, o);
  return mt ? tab_getshortstr(mt, G(S)->tmname[event]) : &G(S)->nilvalue;
}

/* Type name for messages: a string __name in the metatable wins. */
const char *tm_objtypename(vm_State *S, const TValue *o) {
  Table *mt;
  if ((ttistable(o) && (mt = hvalue(o)->metatable) != NULL) ||
      (ttisfulluserdata(o) && (mt = uvalue(o)->metatable) != NULL)) {
    const TValue *name = tab_getshortstr(mt, str_newlit(S, "__name"));
    if (ttisstring(name)) return getstr(tsvalue(name));
  }
  return ttypename(ttype(o));
}

/* ======================================================================
** Calling metamethods
** ====================================================================== */

void tm_callTM(vm_State *S, const TValue *f, const TValue *p1, const TValue *p2,
               const TValue *p3) {
  StkId func = S->top;
  setobj2s(S, func, f);
  setobj2s(S, func + 1, p1);
  setobj2s(S, func + 2, p2);
  setobj2s(S, func + 3, p3);
  S->top = func + 4;
  if (isLua(S->ci)) do_call(S, func, 0);
  else do_callnoyield(S, func, 0);
}

void tm_callTMres(vm_State *S, const TValue *f, const TValue *p1, const TValue *p2,
                  StkId res) {
  ptrdiff_t result = savestack(S, res);
  StkId func = S->top;
  setobj2s(S, func, f);
  setobj2s(S, func + 1, p1);
  setobj2s(S, func + 2, p2);
  S->top = func + 3;
  if (isLua(S->ci)) do_call(S, func, 1);
  else do_callnoyield(S, func, 1);
  res = restorestack(S, result);
  setobjs2s(S, res, --S->top);
}

static int callbinTM(vm_State *S, const TValue *p1, const TValue *p2, StkId res,
                     TMS event) {
  const TValue *tm = tm_gettmbyobj(S, p1, event);
  if (ttisnil(tm)) tm = tm_gettmbyobj(S, p2, event);
  if (ttisnil(tm)) return 0;
  tm_callTMres(S, tm, p1, p2, res);
  return 1;
}

void tm_trybinTM(vm_State *S, const TValue *p1, const TValue *p2, StkId res, TMS event) {
  if (l_unlikely(!callbinTM(S, p1, p2, res, event))) {
    switch (event) {
      case TM_BAND: case TM_BOR: case TM_BXOR:
      case TM_SHL: case TM_SHR: case TM_BNOT:
        if (ttisnumber(p1) && ttisnumber(p2)) dbg_tointerror(S, p1, p2);
        else dbg_opinterror(S, p1, p2, "perform bitwise operation on");
      default: dbg_opinterror(S, p1, p2, "perform arithmetic on");
    }
  }
}

void tm_trybinassocTM(vm_State *S, const TValue *p1, const TValue *p2, int flip,
                      StkId res, TMS event) {
  if (flip) tm_trybinTM(S, p2, p1, res, event);
  else tm_trybinTM(S, p1, p2, res, event);
}

void tm_trybiniTM(vm_State *S, const TValue *p1, vm_Integer i2, int flip, StkId res,
                  TMS event) {
  TValue aux;
  setivalue(&aux, i2);
  tm_trybinassocTM(S, p1, &aux, flip, res, event);
}

/* Order metamethods. __le falls back to not __lt(b, a) (the 5.3
** compatibility behaviour of stock and Debian builds of Lua 5.4). */
int tm_callorderTM(vm_State *S, const TValue *p1, const TValue *p2, TMS event) {
  if (callbinTM(S, p1, p2, S->top, event)) return !l_isfalse(s2v(S->top));
  if (event == TM_LE) {
    S->ci->callstatus |= CIST_LEQ; /* a 'not __lt' in progress */
    if (callbinTM(S, p2, p1, S->top, TM_LT)) {
      S->ci->callstatus ^= CIST_LEQ;
      return l_isfalse(s2v(S->top));
    }
    S->ci->callstatus ^= CIST_LEQ;
  }
  dbg_ordererror(S, p1, p2);
}

int tm_callorderiTM(vm_State *S, const TValue *p1, int v2, int flip, int isfloat,
                    TMS event) {
  TValue aux;
  const TValue *p2;
  if (isfloat) {
    setfltvalue(&aux, cast_num(v2));
  } else {
    setivalue(&aux, v2);
  }
  if (flip) {
    p2 = p1;
    p1 = &aux;
  } else {
    p2 = &aux;
  }
  return tm_callorderTM(S, p1, p2, event);
}
