/*
** interp.c — the bytecode interpreter and the semantics of Lua operators.
**
** interp_execute runs Lua functions with computed-goto dispatch. A call to
** a Lua function does not recurse in C: the new frame is entered with
** `goto startfunc`, and a return goes back to the caller's frame the same
** way; only calls that come from C (metamethods, pcall, the API) start a
** fresh interp_execute (CIST_FRESH), which returns when that frame ends.
**
** Register pointers (base, ra) are recomputed after anything that may run
** Lua code or reallocate the stack (the Protect macros). The running
** closure, cached in `cl`, is reloaded at the same points (updatebase):
** closures are young objects and a collection may move them. GC safe
** points (checkGC) sit after the instructions that allocate: NEWTABLE,
** CONCAT, CLOSURE; they set the stack top to the live registers first so
** the collector scans exactly those.
**
** Also here: Lua 5.4's number semantics (integer/float arithmetic,
** conversions, exact mixed comparisons), equality with __eq, the order
** operators, concatenation, the length operator, the get/set fallbacks
** that follow __index/__newindex chains, and interp_finishOp, which
** completes an instruction whose metamethod yielded.
*/
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "internal.h"
#include "jit.h"

#define MAXTAGLOOP 2000

/* ======================================================================
** Number conversions
** ====================================================================== */

int interp_flttointns(vm_Number n, vm_Integer *p, int mode) {
  vm_Number f = floor(n);
  if (n != f) {
    if (mode == F2Ieq) return 0;
    if (mode == F2Iceil) f += 1;
  }
  /* f in [-2^63, 2^63) ? */
  if (f >= -9223372036854775808.0 && f < 9223372036854775808.0) {
    *p = (vm_Integer)f;
    return 1;
  }
  return 0;
}

static int strton(const TValue *obj, TValue *result) {
  return cvt2num_str(obj, result);
}

/* Float or integer (no strings) to integer. */
int interp_tointegerns(const TValue *obj, vm_Integer *p, int mode) {
  if (ttisfloat(obj)) return interp_flttointns(fltvalue(obj), p, mode);
  if (ttisinteger(obj)) {
    *p = ivalue(obj);
    return 1;
  }
  return 0;
}

/* Any value to integer, strings included. */
int interp_tointeger(const TValue *obj, vm_Integer *p, int mode) {
  TValue v;
  if (strton(obj, &v)) obj = &v;
  return interp_tointegerns(obj, p, mode);
}

int interp_tonumber_(vm_State *S, const TValue *obj, vm_Number *n) {
  TValue v;
  UNUSED(S);
  if (ttisinteger(obj)) {
    *n = cast_num(ivalue(obj));
    return 1;
  }
  if (strton(obj, &v)) {
    *n = nvalue(&v);
    return 1;
  }
  return 0;
}

#define tonumberns(o, n) \
  (ttisfloat(o) ? ((n) = fltvalue(o), 1) : (ttisinteger(o) ? ((n) = cast_num(ivalue(o)), 1) : 0))

/* ======================================================================
** Integer and float arithmetic
** ====================================================================== */

vm_Integer interp_idiv(vm_State *S, vm_Integer m, vm_Integer n) {
  if (l_unlikely(l_castS2U(n) + 1u <= 1u)) { /* n is 0 or -1 */
    if (n == 0) {
      jit_stalepc(S);
      dbg_runerror(S, "attempt to divide by zero");
    }
    return intop(-, 0, m); /* avoid overflow of mininteger // -1 */
  } else {
    vm_Integer q = m / n;
    if ((m ^ n) < 0 && m % n != 0) q -= 1; /* round toward minus infinity */
    return q;
  }
}

vm_Integer interp_mod(vm_State *S, vm_Integer m, vm_Integer n) {
  if (l_unlikely(l_castS2U(n) + 1u <= 1u)) {
    if (n == 0) {
      jit_stalepc(S);
      dbg_runerror(S, "attempt to perform 'n%%0'");
    }
    return 0;
  } else {
    vm_Integer r = m % n;
    if (r != 0 && (r ^ n) < 0) r += n; /* result takes the divisor's sign */
    return r;
  }
}

vm_Number interp_modf(vm_State *S, vm_Number m, vm_Number n) {
  vm_Number r = fmod(m, n);
  UNUSED(S);
  /* a non-zero result takes the divisor's sign */
  if ((r > 0) ? n < 0 : (r < 0 && n > 0)) r += n;
  return r;
}

#define NBITS 64

vm_Integer interp_shiftl(vm_Integer x, vm_Integer y) {
  if (y < 0) {
    if (y <= -NBITS) return 0;
    return l_castU2S(l_castS2U(x) >> l_castS2U(-y));
  }
  if (y >= NBITS) return 0;
  return l_castU2S(l_castS2U(x) << l_castS2U(y));
}

vm_Number interp_pow(vm_Number a, vm_Number b) {
  return (b == 2) ? a * a : pow(a, b);
}

static vm_Number numidiv(vm_Number a, vm_Number b) { return floor(a / b); }
#define numidiv_(S, a, b) numidiv(a, b)

static vm_Integer intarith(vm_State *S, int op, vm_Integer v1, vm_Integer v2) {
  switch (op) {
    case VM_OPADD: return intop(+, v1, v2);
    case VM_OPSUB: return intop(-, v1, v2);
    case VM_OPMUL: return intop(*, v1, v2);
    case VM_OPMOD: return interp_mod(S, v1, v2);
    case VM_OPIDIV: return interp_idiv(S, v1, v2);
    case VM_OPBAND: return intop(&, v1, v2);
    case VM_OPBOR: return intop(|, v1, v2);
    case VM_OPBXOR: return intop(^, v1, v2);
    case VM_OPSHL: return interp_shiftl(v1, v2);
    case VM_OPSHR: return interp_shiftr(v1, v2);
    case VM_OPUNM: return intop(-, 0, v1);
    case VM_OPBNOT: return intop(^, ~l_castS2U(0), v1);
    default: return 0;
  }
}

static vm_Number numarith(vm_State *S, int op, vm_Number v1, vm_Number v2) {
  switch (op) {
    case VM_OPADD: return v1 + v2;
    case VM_OPSUB: return v1 - v2;
    case VM_OPMUL: return v1 * v2;
    case VM_OPDIV: return v1 / v2;
    case VM_OPPOW: return interp_pow(v1, v2);
    case VM_OPIDIV: return numidiv(v1, v2);
    case VM_OPUNM: return -v1;
    case VM_OPMOD: return interp_modf(S, v1, v2);
    default: return 0;
  }
}

/* Arithmetic on numbers only (no strings, no metamethods). Integer
** division or modulo by zero raise errors when S is not NULL; with S ==
** NULL (constant folding) they are reported as failures instead. */
int interp_rawarith(vm_State *S, int op, const TValue *p1, const TValue *p2, TValue *res) {
  switch (op) {
    case VM_OPBAND: case VM_OPBOR: case VM_OPBXOR:
    case VM_OPSHL: case VM_OPSHR: case VM_OPBNOT: {
      vm_Integer i1, i2;
      if (interp_tointegerns(p1, &i1, F2Ieq) && interp_tointegerns(p2, &i2, F2Ieq)) {
        setivalue(res, intarith(S, op, i1, i2));
        return 1;
      }
      return 0;
    }
    case VM_OPDIV: case VM_OPPOW: {
      vm_Number n1, n2;
      if (tonumberns(p1, n1) && tonumberns(p2, n2)) {
        setfltvalue(res, numarith(S, op, n1, n2));
        return 1;
      }
      return 0;
    }
    default: {
      vm_Number n1, n2;
      if (ttisinteger(p1) && ttisinteger(p2)) {
        if (S == NULL && (op == VM_OPMOD || op == VM_OPIDIV) && ivalue(p2) == 0) return 0;
        setivalue(res, intarith(S, op, ivalue(p1), ivalue(p2)));
        return 1;
      }
      if (tonumberns(p1, n1) && tonumberns(p2, n2)) {
        setfltvalue(res, numarith(S, op, n1, n2));
        return 1;
      }
      return 0;
    }
  }
}

void interp_arith(vm_State *S, int op, const TValue *p1, const TValue *p2, StkId res) {
  if (!interp_rawarith(S, op, p1, p2, s2v(res)))
    tm_trybinTM(S, p1, p2, res, (TMS)((op - VM_OPADD) + TM_ADD));
}

/* ======================================================================
** Comparison
** ====================================================================== */

/* Compares strings with strcoll, chunk by chunk across embedded zeros. */
static int l_strcmp(const TString *ts1, const TString *ts2) {
  const char *s1 = getstr(ts1);
  size_t rl1 = tsslen(ts1);
  const char *s2 = getstr(ts2);
  size_t rl2 = tsslen(ts2);
  for (;;) {
    int temp = strcoll(s1, s2);
    if (temp != 0) return temp;
    {
      size_t zl1 = strlen(s1), zl2 = strlen(s2);
      if (zl2 == rl2) return (zl1 == rl1) ? 0 : 1;
      if (zl1 == rl1) return -1;
      zl1++;
      zl2++;
      s1 += zl1;
      rl1 -= zl1;
      s2 += zl2;
      rl2 -= zl2;
    }
  }
}

/* Exact comparisons between an integer and a float. An integer fits a
** float exactly when |i| <= 2^53. */
#define intfitsf(i) ((l_castS2U(i) + (UINT64_C(1) << 53)) <= (UINT64_C(1) << 54))

static int LTintfloat(vm_Integer i, vm_Number f) {
  vm_Integer fi;
  if (intfitsf(i)) return cast_num(i) < f;
  if (interp_flttointns(f, &fi, F2Iceil)) return i < fi;
  return f > 0;
}

static int LEintfloat(vm_Integer i, vm_Number f) {
  vm_Integer fi;
  if (intfitsf(i)) return cast_num(i) <= f;
  if (interp_flttointns(f, &fi, F2Ifloor)) return i <= fi;
  return f > 0;
}

static int LTfloatint(vm_Number f, vm_Integer i) {
  vm_Integer fi;
  if (intfitsf(i)) return f < cast_num(i);
  if (interp_flttointns(f, &fi, F2Ifloor)) return fi < i;
  return f < 0;
}

static int LEfloatint(vm_Number f, vm_Integer i) {
  vm_Integer fi;
  if (intfitsf(i)) return f <= cast_num(i);
  if (interp_flttointns(f, &fi, F2Iceil)) return fi <= i;
  return f < 0;
}

static int LTnum(const TValue *l, const TValue *r) {
  if (ttisinteger(l)) {
    vm_Integer li = ivalue(l);
    if (ttisinteger(r)) return li < ivalue(r);
    return LTintfloat(li, fltvalue(r));
  } else {
    vm_Number lf = fltvalue(l);
    if (ttisfloat(r)) return lf < fltvalue(r);
    return LTfloatint(lf, ivalue(r));
  }
}

static int LEnum(const TValue *l, const TValue *r) {
  if (ttisinteger(l)) {
    vm_Integer li = ivalue(l);
    if (ttisinteger(r)) return li <= ivalue(r);
    return LEintfloat(li, fltvalue(r));
  } else {
    vm_Number lf = fltvalue(l);
    if (ttisfloat(r)) return lf <= fltvalue(r);
    return LEfloatint(lf, ivalue(r));
  }
}

int interp_strcmp(const TString *a, const TString *b) { return l_strcmp(a, b); }

int interp_lessthan(vm_State *S, const TValue *l, const TValue *r) {
  if (ttisnumber(l) && ttisnumber(r)) return LTnum(l, r);
  if (ttisstring(l) && ttisstring(r)) return l_strcmp(tsvalue(l), tsvalue(r)) < 0;
  return tm_callorderTM(S, l, r, TM_LT);
}

int interp_lessequal(vm_State *S, const TValue *l, const TValue *r) {
  if (ttisnumber(l) && ttisnumber(r)) return LEnum(l, r);
  if (ttisstring(l) && ttisstring(r)) return l_strcmp(tsvalue(l), tsvalue(r)) <= 0;
  return tm_callorderTM(S, l, r, TM_LE);
}

/* Equality; with S == NULL it is raw (no __eq). */
int interp_equalobj(vm_State *S, const TValue *t1, const TValue *t2) {
  const TValue *tm;
  if (rawtt(t1) != rawtt(t2)) {
    vm_Integer i1, i2;
    if (ttype(t1) != ttype(t2) || ttype(t1) != VM_TNUMBER) return 0;
    return interp_tointegerns(t1, &i1, F2Ieq) && interp_tointegerns(t2, &i2, F2Ieq) && i1 == i2;
  }
  switch (rawtt(t1)) {
    case T_NIL: case T_FALSE: case T_TRUE: return 1;
    case T_INT: return ivalue(t1) == ivalue(t2);
    case T_FLT: return fltvalue(t1) == fltvalue(t2);
    case T_LIGHTUD: return pvalue(t1) == pvalue(t2);
    case T_LCF: return fvalue(t1) == fvalue(t2);
    case T_SHRSTR: return tsvalue(t1) == tsvalue(t2);
    case T_LNGSTR: return str_eqlngstr(tsvalue(t1), tsvalue(t2));
    case T_UDATA:
      if (uvalue(t1) == uvalue(t2)) return 1;
      if (S == NULL) return 0;
      tm = fasttm(S, uvalue(t1)->metatable, TM_EQ);
      if (tm == NULL) tm = fasttm(S, uvalue(t2)->metatable, TM_EQ);
      break;
    case T_TABLE:
      if (hvalue(t1) == hvalue(t2)) return 1;
      if (S == NULL) return 0;
      tm = fasttm(S, hvalue(t1)->metatable, TM_EQ);
      if (tm == NULL) tm = fasttm(S, hvalue(t2)->metatable, TM_EQ);
      break;
    default: return gcvalue(t1) == gcvalue(t2);
  }
  if (tm == NULL) return 0;
  tm_callTMres(S, tm, t1, t2, S->top);
  return !l_isfalse(s2v(S->top));
}

/* ======================================================================
** Concatenation and length
** ====================================================================== */

#define cvt2str(o) ttisnumber(o)
#define tostring(S, o) (ttisstring(o) || (cvt2str(o) && (obj_tostring(S, o), 1)))
#define isemptystr(o) (ttisshrstring(o) && tsvalue(o)->len == 0)

static void copy2buff(StkId top, int n, char *buff) {
  size_t tl = 0;
  do {
    TString *st = tsvalue(s2v(top - n));
    size_t l = tsslen(st);
    memcpy(buff + tl, getstr(st), l * sizeof(char));
    tl += l;
  } while (--n > 0);
}

static void tryconcatTM(vm_State *S) {
  StkId top = S->top;
  const TValue *p1 = s2v(top - 2), *p2 = s2v(top - 1);
  const TValue *tm = tm_gettmbyobj(S, p1, TM_CONCAT);
  if (ttisnil(tm)) tm = tm_gettmbyobj(S, p2, TM_CONCAT);
  if (ttisnil(tm)) dbg_concaterror(S, p1, p2);
  tm_callTMres(S, tm, p1, p2, top - 2);
}

/* Concatenates the `total` values on the top of the stack, leaving the
** result in place of the first; strings never move, so no pointer here
** goes stale. */
void interp_concat(vm_State *S, int total) {
  if (total == 1) return;
  do {
    StkId top = S->top;
    int n = 2;
    if (!(ttisstring(s2v(top - 2)) || cvt2str(s2v(top - 2))) || !tostring(S, s2v(top - 1))) {
      tryconcatTM(S);
    } else if (isemptystr(s2v(top - 1))) {
      (void)tostring(S, s2v(top - 2));
    } else if (isemptystr(s2v(top - 2))) {
      setobjs2s(S, top - 2, top - 1);
    } else {
      size_t tl = tsslen(tsvalue(s2v(top - 1)));
      TString *ts;
      for (n = 1; n < total && tostring(S, s2v(top - n - 1)); n++) {
        size_t l = tsslen(tsvalue(s2v(top - n - 1)));
        if (l_unlikely(l >= MAX_SIZE - sizeof(TString) - tl)) {
          S->top = top - total;
          dbg_runerror(S, "string length overflow");
        }
        tl += l;
      }
      if (tl <= MAXSHORTLEN) {
        char buff[MAXSHORTLEN];
        copy2buff(top, n, buff);
        ts = str_new(S, buff, tl);
      } else {
        ts = str_createlong(S, tl);
        copy2buff(top, n, getstr(ts));
      }
      setsvalue(S, s2v(top - n), ts);
    }
    total -= n - 1;
    S->top -= n - 1;
  } while (total > 1);
}

void interp_objlen(vm_State *S, StkId ra, const TValue *rb) {
  const TValue *tm;
  switch (rawtt(rb)) {
    case T_TABLE: {
      Table *h = hvalue(rb);
      tm = fasttm(S, h->metatable, TM_LEN);
      if (tm) break;
      setivalue(s2v(ra), l_castU2S(tab_getn(h)));
      return;
    }
    case T_SHRSTR:
    case T_LNGSTR: setivalue(s2v(ra), (vm_Integer)tsvalue(rb)->len); return;
    default:
      tm = tm_gettmbyobj(S, rb, TM_LEN);
      if (l_unlikely(ttisnil(tm))) dbg_typeerror(S, rb, "get length of");
      break;
  }
  tm_callTMres(S, tm, rb, rb, ra);
}

/* ======================================================================
** Indexing with metamethods
** ====================================================================== */

/* Fast get: slot is NULL when t is not a table; the value is usable when
** not nil. */
#define fastget(S, t, k, slot, f) \
  (!ttistable(t) ? (slot = NULL, 0) : (slot = f(hvalue(t), k), !ttisnil(slot)))

/* For a store, after a failed fastget: the key exists with a nil value (a
** slot of the array part not filled yet, say) in a table without a
** metatable, so no __newindex can intervene and the store is raw. The
** store makes a nil field non-nil: if the table is some object's
** metatable, its cached "metamethod absent" bits go (mt.__eq = nil, then
** mt.__eq = f reuses the key's node). */
#define emptyslot(t, slot) \
  ((slot) != NULL && !isabstkey(slot) && hvalue(t)->metatable == NULL && \
   (invalidateTMcache(hvalue(t)), 1))

void interp_finishget(vm_State *S, const TValue *t, TValue *key, StkId val, const TValue *slot) {
  int loop;
  const TValue *tm;
  for (loop = 0; loop < MAXTAGLOOP; loop++) {
    if (slot == NULL) {
      tm = tm_gettmbyobj(S, t, TM_INDEX);
      if (l_unlikely(ttisnil(tm))) dbg_typeerror(S, t, "index");
    } else {
      tm = fasttm(S, hvalue(t)->metatable, TM_INDEX);
      if (tm == NULL) {
        setnilvalue(s2v(val));
        return;
      }
    }
    if (ttisfunction(tm)) {
      tm_callTMres(S, tm, t, key, val);
      return;
    }
    t = tm;
    /* method and field names are short strings: the inline lookup */
    if (ttisshrstring(key) ? fastget(S, t, tsvalue(key), slot, tab_getshortstr)
                           : fastget(S, t, key, slot, tab_get)) {
      setobj2s(S, val, slot);
      return;
    }
  }
  dbg_runerror(S, "'__index' chain too long; possible loop");
}

void interp_finishset(vm_State *S, const TValue *t, TValue *key, TValue *val, const TValue *slot) {
  int loop;
  for (loop = 0; loop < MAXTAGLOOP; loop++) {
    const TValue *tm;
    if (slot != NULL) {
      Table *h = hvalue(t);
      tm = fasttm(S, h->metatable, TM_NEWINDEX);
      if (tm == NULL) {
        if (isabstkey(slot)) tab_newkey(S, h, key, val); /* (no second lookup) */
        else tab_setslot(S, h, slot, val);
        invalidateTMcache(h);
        return;
      }
    } else {
      tm = tm_gettmbyobj(S, t, TM_NEWINDEX);
      if (l_unlikely(ttisnil(tm))) dbg_typeerror(S, t, "index");
    }
    if (ttisfunction(tm)) {
      tm_callTM(S, tm, t, key, val);
      return;
    }
    t = tm;
    if (fastget(S, t, key, slot, tab_get)) {
      tab_setslot(S, hvalue(t), slot, val);
      return;
    }
  }
  dbg_runerror(S, "'__newindex' chain too long; possible loop");
}

void interp_gettable(vm_State *S, const TValue *t, TValue *key, StkId val) {
  const TValue *slot;
  if (fastget(S, t, key, slot, tab_get)) setobj2s(S, val, slot);
  else interp_finishget(S, t, key, val, slot);
}

void interp_settable(vm_State *S, const TValue *t, TValue *key, TValue *val) {
  const TValue *slot;
  if (fastget(S, t, key, slot, tab_get)) tab_setslot(S, hvalue(t), slot, val);
  else interp_finishset(S, t, key, val, slot);
}

/* ======================================================================
** Numeric for loops
** ====================================================================== */

/* Converts the limit of an integer loop; returns 1 when the loop must not
** run at all. A float limit out of integer range is clipped. */
static int forlimit(vm_State *S, vm_Integer init, const TValue *lim, vm_Integer *p,
                    vm_Integer step) {
  if (!interp_tointeger(lim, p, (step < 0 ? F2Iceil : F2Ifloor))) {
    vm_Number flim;
    if (!tonumber(lim, &flim)) dbg_forerror(S, lim, "limit");
    if (0 < flim) {
      if (step < 0) return 1;
      *p = INT64_MAX;
    } else {
      if (step > 0) return 1;
      *p = INT64_MIN;
    }
  }
  return (step > 0 ? init > *p : init < *p);
}

/* Prepares a numeric for loop; returns 1 to skip it. An integer loop
** precomputes its iteration count (in place of the limit), so it can never
** overflow. */
static int forprep(vm_State *S, StkId ra) {
  TValue *pinit = s2v(ra), *plimit = s2v(ra + 1), *pstep = s2v(ra + 2);
  if (ttisinteger(pinit) && ttisinteger(pstep)) {
    vm_Integer init = ivalue(pinit), step = ivalue(pstep), limit;
    vm_Unsigned count;
    if (step == 0) dbg_runerror(S, "'for' step is zero");
    setivalue(s2v(ra + 3), init);
    if (forlimit(S, init, plimit, &limit, step)) return 1;
    if (step > 0) {
      count = l_castS2U(limit) - l_castS2U(init);
      if (step != 1) count /= l_castS2U(step);
    } else {
      count = l_castS2U(init) - l_castS2U(limit);
      count /= l_castS2U(-(step + 1)) + 1u;
    }
    setivalue(plimit, l_castU2S(count));
  } else {
    vm_Number init, flimit, step;
    if (l_unlikely(!tonumber(plimit, &flimit))) dbg_forerror(S, plimit, "limit");
    if (l_unlikely(!tonumber(pstep, &step))) dbg_forerror(S, pstep, "step");
    if (l_unlikely(!tonumber(pinit, &init))) dbg_forerror(S, pinit, "initial value");
    if (step == 0) dbg_runerror(S, "'for' step is zero");
    if (step > 0 ? flimit < init : init < flimit) return 1;
    setfltvalue(plimit, flimit);
    setfltvalue(pstep, step);
    setfltvalue(s2v(ra), init);
    setfltvalue(s2v(ra + 3), init);
  }
  return 0;
}

static int floatforloop(StkId ra) {
  vm_Number step = fltvalue(s2v(ra + 2));
  vm_Number limit = fltvalue(s2v(ra + 1));
  vm_Number idx = fltvalue(s2v(ra)) + step;
  if (step > 0 ? idx <= limit : limit <= idx) {
    val_(s2v(ra)).n = idx;
    setfltvalue(s2v(ra + 3), idx);
    return 1;
  }
  return 0;
}

/* ======================================================================
** Varargs
** ====================================================================== */

static void adjustvarargs(vm_State *S, int nfixparams, CallInfo *ci, const Proto *p) {
  int i;
  int actual = cast_int(S->top - ci->func) - 1;
  int nextra = actual - nfixparams;
  ci->u.l.nextraargs = nextra;
  do_checkstack(S, p->maxstacksize + 1);
  setobjs2s(S, S->top++, ci->func); /* the function goes above the varargs */
  for (i = 1; i <= nfixparams; i++) {
    setobjs2s(S, S->top++, ci->func + i);
    setnilvalue(s2v(ci->func + i));
  }
  ci->func += actual + 1;
  ci->top += actual + 1;
}

static void getvarargs(vm_State *S, CallInfo *ci, StkId where, int wanted) {
  int i;
  int nextra = ci->u.l.nextraargs;
  if (wanted < 0) {
    wanted = nextra;
    checkstackGCp(S, nextra, where);
    S->top = where + nextra;
  }
  for (i = 0; i < wanted && i < nextra; i++) setobjs2s(S, where + i, ci->func - nextra + i);
  for (; i < wanted; i++) setnilvalue(s2v(where + i));
}

/* ======================================================================
** Finishing an instruction interrupted by a yield
** ====================================================================== */

void interp_finishOp(vm_State *S) {
  CallInfo *ci = S->ci;
  StkId base = ci->func + 1;
  Instruction inst = *(ci->u.l.savedpc - 1);
  OpCode op = GET_OPCODE(inst);
  switch (op) {
    case OP_ADDI: case OP_ADDK: case OP_SUBK: case OP_MULK: case OP_MODK:
    case OP_POWK: case OP_DIVK: case OP_IDIVK: case OP_BANDK: case OP_BORK:
    case OP_BXORK: case OP_SHRI: case OP_SHLI: case OP_ADD: case OP_SUB:
    case OP_MUL: case OP_MOD: case OP_POW: case OP_DIV: case OP_IDIV:
    case OP_BAND: case OP_BOR: case OP_BXOR: case OP_SHL: case OP_SHR:
    case OP_UNM: case OP_BNOT: case OP_LEN: case OP_GETTABUP: case OP_GETTABLE:
    case OP_GETI: case OP_GETFIELD: case OP_SELF:
      setobjs2s(S, base + GETARG_A(inst), --S->top);
      break;
    case OP_LT: case OP_LE: case OP_LTI: case OP_LEI:
    case OP_GTI: case OP_GEI: case OP_EQ: {
      int res = !l_isfalse(s2v(S->top - 1));
      S->top--;
      if (ci->callstatus & CIST_LEQ) { /* "<=" done as "not <" */
        ci->callstatus ^= CIST_LEQ;
        res = !res;
      }
      if (res != GETARG_k(inst)) ci->u.l.savedpc++; /* skip the jump */
      break;
    }
    case OP_CONCAT: {
      StkId top = S->top - 1;
      int a = GETARG_A(inst);
      int total = cast_int(top - 1 - (base + a));
      setobjs2s(S, top - 2, top);
      S->top = top - 1;
      interp_concat(S, total);
      break;
    }
    case OP_CLOSE: ci->u.l.savedpc--; break; /* repeat to close the rest */
    case OP_RETURN: {
      StkId ra = base + GETARG_A(inst);
      S->top = ra + ci->u2.nres;
      ci->u.l.savedpc--;
      break;
    }
    default: break; /* CALL, TAILCALL, TFORCALL and the sets need nothing */
  }
}

/* ======================================================================
** Interrupts
** ====================================================================== */

/* Every INTERRUPT_POLL (or the host's period) checks: consult the host's
** callback and vm_interrupt's flag. An interrupt stays in force until the
** host gets control back (api.c clears it), so a script cannot catch the
** error and carry on. */
/* A full period before the callback is due (a new period was set). */
void interp_restartbudget(Global *g) {
  g->icount = g->iperiod;
  g->istep = interrupt_step(g);
}

/* The host has control again: no interrupt in force, and a fresh budget. */
void interp_resetinterrupt(Global *g) {
  g->interrupt_pending = 0;
  interp_restartbudget(g);
}

int interp_checkinterrupt(vm_State *S) {
  Global *g = G(S);
  int step;
  if (!g->interrupt_pending) {
    g->icount -= g->istep; /* the checks the interpreter just counted */
    if (g->icount <= 0) {
      g->icount = g->iperiod;
      if (g->intf != NULL && g->intf(S, g->intud)) g->interrupt_pending = 1;
    }
  }
  if (g->interrupt_pending) dbg_runerror(S, "interrupted!"); /* at every check from now */
  step = interrupt_step(g);
  if (g->jit_on > 1) {
    /* The JIT samples back-edges every jit_on checks on average, the step
    ** varied so that it does not lock onto one phase of a loop: with one
    ** call and one back-edge an iteration, an even step would always
    ** land on the call (function entries share the count). */
    g->jitdither = g->jitdither * 1103515245u + 12345u;
    /* (0 to jit_on - 1 without a division: a mask when jit_on is a
    ** power of two, as it is but for thresholds below it) */
    step = g->jit_on / 2 + (int)((g->jit_on & (g->jit_on - 1)) == 0
                                     ? (g->jitdither >> 16) & (uint32_t)(g->jit_on - 1)
                                     : (((g->jitdither >> 16) & 0xffffu) * g->jit_on) >> 16);
  }
  g->istep = g->icount < step ? g->icount : step;
  return g->istep;
}

/* The interrupt check of a loop's back-edge (the loop instruction is the
** one before the saved pc). While the JIT is on, the check comes every
** jit_on back-edges (interrupt_step), and jit_backedge counts the loop's
** hotness, records, or runs the loop's trace; recording sets the frame's
** trap: the caller reloads it. Returns the next check's countdown,
** negated when a trace ran: the interpreter then goes on where it left
** (S->ci, its savedpc), which may even be the instruction after the
** back-edge (a loop's exit), so the pc alone cannot tell. */
int interp_backedge(vm_State *S, CallInfo *ci) {
  int ran = G(S)->jit_on ? jit_backedge(S, ci, ci->u.l.savedpc - 1) : 0;
  int n = interp_checkinterrupt(S);
  if (!ran) return n;
  /* after a trace, the next back-edge is checked, not sampled: where the
  ** trace left, the loop around it or the next one may have its own */
  G(S)->istep = 1;
  /* a collection the trace's safe points asked for; one that only table
  ** stores asked for waits for the next safe point, as it would have
  ** without the trace */
  if (ran == 2) gc_check(S);
  return -1;
}

/* The interrupt check of a Lua function's entry (ci's, at its first
** instruction): as a back-edge's, jit_funcentry counts the function's
** hotness, records, or runs its function trace. */
int interp_funcentry(vm_State *S, CallInfo *ci) {
  int ran = G(S)->jit_on ? jit_funcentry(S, ci) : 0;
  int n = interp_checkinterrupt(S);
  if (!ran) return n;
  G(S)->istep = 1;
  if (ran == 2) gc_check(S);
  return -1;
}

/* ======================================================================
** The interpreter loop
** ====================================================================== */

static void pushclosure(vm_State *S, Proto *p, UpVal **encup, StkId base, StkId ra) {
  int nup = p->sizeupvalues;
  Upvaldesc *uv = p->upvalues;
  int i;
  LClosure *ncl = func_newLclosure(S, nup);
  ncl->p = p;
  setclLvalue(S, s2v(ra), ncl);
  for (i = 0; i < nup; i++) {
    if (uv[i].instack) ncl->upvals[i] = func_findupval(S, base + uv[i].idx);
    else ncl->upvals[i] = encup[uv[i].idx];
  }
}

/* s:method(...): the string metatable's __index table, looked up inline
** instead of through interp_finishget's generic path (string_build -2.4%
** instructions); NULL when it is not a table holding the name. */
static inline const TValue *stringmethod(vm_State *S, TString *key) {
  Table *mt = G(S)->mt[VM_TSTRING];
  const TValue *index, *slot;
  if (mt == NULL || (index = fasttm(S, mt, TM_INDEX)) == NULL || !ttistable(index)) return NULL;
  slot = tab_getshortstr(hvalue(index), key);
  return ttisnil(slot) ? NULL : slot;
}

/* Operands A, B and C address 16-byte slots (stack or constants). Shifting
** the field to land already scaled by 16 and masking takes two
** instructions; GETARG's shift, zero-extension and scaling take three, and
** RA is computed at every dispatch. */
#define SLOTSHIFT 4
_Static_assert(sizeof(TValue) == (1 << SLOTSHIFT), "16-byte values");
#define argoffset(i, pos) ((size_t)(((i) >> ((pos) - SLOTSHIFT)) & (MASK1(8, 0) << SLOTSHIFT)))
#define slotat(p, i, pos) ((__typeof__(p))((char *)(p) + argoffset(i, pos)))
#define RA(i) slotat(base, i, POS_A)
#define RB(i) slotat(base, i, POS_B)
#define vRB(i) s2v(RB(i))
#define KB(i) slotat(k, i, POS_B)
#define RC(i) slotat(base, i, POS_C)
#define vRC(i) s2v(RC(i))
#define KC(i) slotat(k, i, POS_C)
#define RKC(i) ((TESTARG_k(i)) ? KC(i) : vRC(i))

/* The running closure is cached in `cl` and reloaded with base: both may
** move at the same points (a GC safe point, a stack reallocation). */
#define updatebase(ci) (base = (ci)->func + 1, cl = clLvalue(s2v((ci)->func)))
/* Lua's `trap` (hooks, or a pending stack change, want to see each
** instruction) is the choice of dispatch table: with it set, every
** instruction goes through L_TRACE first. */
#define settrap(t) (dt = (t) ? tracetab : disptab)
#define trapset() (dt == tracetab)
#define updatetrap(ci) settrap((ci)->u.l.trap)
#define savepc(ci) ((ci)->u.l.savedpc = pc)
#define savestate(S, ci) (savepc(ci), (S)->top = (ci)->top)
/* Anything that may call Lua, raise, or reallocate the stack. */
#define Protect(exp) (savestate(S, ci), (exp), updatebase(ci), updatetrap(ci))
/* Same, keeping the top (the operation needs it). */
#define ProtectNT(exp) (savepc(ci), (exp), updatebase(ci), updatetrap(ci))
/* Only raises errors: no need to reload anything afterwards. */
#define halfProtect(exp) (savestate(S, ci), (exp))
/* Runs `code` with this instruction's pc saved, for what may look at the
** stack (finalizers, the allocation sampler's hook), then puts the old
** saved pc back: lua5.4 does not save it at these instructions, and the
** stale position some errors report (see MODK) must not depend on when
** collections or samples happen. */
#define withpc(code) \
  { const Instruction *oldpc_ = ci->u.l.savedpc; savepc(ci); code; ci->u.l.savedpc = oldpc_; }
/* GC safe point: registers from c up are dead; finalizers may run. */
#define checkGC(S, c) \
  { if (l_unlikely(G(S)->gcrequest)) \
      withpc({ (S)->top = (c); gc_step(S); updatebase(ci); updatetrap(ci); }); }

/* A loop with a compiled trace (a J form of its loop instruction): the
** back-edge's interrupt check comes at once, with the checks counted so
** far, and runs the trace (interp_backedge). */
static inline int jitentry(vm_State *S, int ic) {
  Global *g = G(S);
  if (ic > 1) {
    int uncounted = ic - 1 < g->istep ? ic - 1 : g->istep - 1;
    g->istep -= uncounted;
    ic = 1;
  }
  return ic;
}

/* Interrupt check on loop back-edges and function entries: one decrement
** and branch; the rest happens every `period` checks. A compiled trace
** may have run the loop meanwhile (interp_backedge): it leaves the frame
** at another instruction, where the interpreter goes on, or inside a call
** it had inlined: then in the frames it rebuilt (S->ci is the innermost). */
#define checkinterrupt(S) \
  { if (l_unlikely(--ic <= 0)) { \
      savestate(S, ci); ic = interp_backedge(S, ci); updatebase(ci); updatetrap(ci); \
      if (l_unlikely(ic < 0)) { \
        ic = -ic; ci = S->ci; updatebase(ci); updatetrap(ci); k = cl->p->k; \
        pc = ci->u.l.savedpc; vmbreak; } } }

#define dojump(ci, i, e) (pc += GETARG_sJ(i) + (e))
/* A conditional jump back (`repeat ... until`) is a loop's back-edge too;
** the check comes before the jump, so an interrupt reports the loop's line. */
#define donextjump(ci) { Instruction ni = *pc; \
  if (l_unlikely(GETARG_sJ(ni) < 0)) { \
    if (GET_OPCODE(ni) == OP_JJMP) ic = jitentry(S, ic); \
    checkinterrupt(S); } \
  dojump(ci, ni, 1); }
#define docondjump() if (cond != GETARG_k(i)) pc++; else donextjump(ci);

/* The arithmetic macros, like the table access instructions, end each fast
** path with its own dispatch (vmbreak) rather than a jump to a shared one:
** a fast path laid out of line then costs one taken branch fewer. */

/* Arithmetic with an immediate operand (ADDI). */
#define op_arithI(S, iop, fop, tm) { \
  TValue *v1 = vRB(i); \
  int imm = GETARG_sC(i); \
  if (ttisinteger(v1)) { setivalue(s2v(ra), intop(iop, ivalue(v1), imm)); vmbreak; } \
  else if (ttisfloat(v1)) { setfltvalue(s2v(ra), fop(fltvalue(v1), cast_num(imm))); vmbreak; } \
  else Protect(tm_trybiniTM(S, v1, imm, GETARG_k(i), ra, tm)); }

#define l_add(a, b) ((a) + (b))
#define l_sub(a, b) ((a) - (b))
#define l_mul(a, b) ((a) * (b))
#define l_div(a, b) ((a) / (b))
#define l_band(a, b) intop(&, a, b)
#define l_bor(a, b) intop(|, a, b)
#define l_bxor(a, b) intop(^, a, b)

/* Generic arithmetic: integers stay integers, mixed go float; strings and
** everything else go to the metamethod (the string metatable provides the
** arithmetic coercions of strings). */
#define op_arith_aux(S, v1, v2, iop, fop, tm, flip) { \
  vm_Number n1, n2; \
  if (ttisinteger(v1) && ttisinteger(v2)) { \
    vm_Integer i1 = ivalue(v1), i2 = ivalue(v2); setivalue(s2v(ra), iop(S, i1, i2)); vmbreak; } \
  else if (tonumberns(v1, n1) && tonumberns(v2, n2)) { setfltvalue(s2v(ra), fop(S, n1, n2)); vmbreak; } \
  else Protect(tm_trybinassocTM(S, v1, v2, flip, ra, tm)); }

#define op_arithf_aux(S, v1, v2, fop, tm, flip) { \
  vm_Number n1, n2; \
  if (tonumberns(v1, n1) && tonumberns(v2, n2)) { setfltvalue(s2v(ra), fop(n1, n2)); vmbreak; } \
  else Protect(tm_trybinassocTM(S, v1, v2, flip, ra, tm)); }

#define iadd(S, a, b) intop(+, a, b)
#define isub(S, a, b) intop(-, a, b)
#define imul(S, a, b) intop(*, a, b)
#define fadd(S, a, b) ((a) + (b))
#define fsub(S, a, b) ((a) - (b))
#define fmul(S, a, b) ((a) * (b))

#define op_bitwise_aux(S, v1, v2, op, tm, flip) { \
  vm_Integer i1, i2; \
  if (tointegerns(v1, &i1) && tointegerns(v2, &i2)) { setivalue(s2v(ra), op(i1, i2)); } \
  else Protect(tm_trybinassocTM(S, v1, v2, flip, ra, tm)); }

#define op_order(S, opi, opn, other) { \
  int cond; \
  TValue *rb = vRB(i); \
  if (ttisinteger(s2v(ra)) && ttisinteger(rb)) { \
    vm_Integer ia = ivalue(s2v(ra)), ib = ivalue(rb); cond = opi(ia, ib); } \
  else if (ttisfloat(s2v(ra)) && ttisfloat(rb)) /* inline too: no call */ \
    cond = opi(fltvalue(s2v(ra)), fltvalue(rb)); \
  else if (ttisnumber(s2v(ra)) && ttisnumber(rb)) cond = opn(s2v(ra), rb); \
  else Protect(cond = other(S, s2v(ra), rb)); \
  docondjump(); }

#define op_orderI(S, opi, opf, inv, tm) { \
  int cond; \
  int im = GETARG_sB(i); \
  if (ttisinteger(s2v(ra))) cond = opi(ivalue(s2v(ra)), im); \
  else if (ttisfloat(s2v(ra))) { vm_Number fa = fltvalue(s2v(ra)); vm_Number fim = cast_num(im); cond = opf(fa, fim); } \
  else { int isf = GETARG_C(i); Protect(cond = tm_callorderiTM(S, s2v(ra), im, inv, isf, tm)); } \
  docondjump(); }

#define l_lti(a, b) ((a) < (b))
#define l_lei(a, b) ((a) <= (b))
#define l_gti(a, b) ((a) > (b))
#define l_gei(a, b) ((a) >= (b))

/* The trap path (L_TRACE): debug hooks, then the trace recorder, which
** sees each instruction before it runs. Returns whether to keep trapping.
** Out of line, so that interp_execute's register allocation does not
** change for it (inline, the recorder's part cost 5% more instructions on
** fib and loop_arith with the JIT off). */
static l_noinline int tracehook(vm_State *S, CallInfo *ci, const Instruction *pc) {
  int t = dbg_traceexec(S, pc);
  if (l_unlikely(G(S)->jit != NULL) && G(S)->jit->recording) {
    /* the recorder sees the frame at pc; the instruction then runs with
    ** the saved pc it had (as lua5.4 has: the recorder notes it, see
    ** JitFrame.stale), unless the recorder moved it */
    const Instruction *was = ci->u.l.savedpc;
    G(S)->jit->wassaved = jit_savedpc(S, ci);
    ci->u.l.savedpc = pc;
    if (jit_record(S, ci, pc)) ci->u.l.trap = t = 1;
    if (ci->u.l.savedpc == pc) ci->u.l.savedpc = was;
  }
  return t;
}

/* Each instruction ends with its own fetch and indirect jump: the branch
** predictor then learns which instruction follows which. GCC's
** cross-jumping merges those identical tails into one shared jump (79
** indirect jumps become 2), which made float-heavy loops 10-20% slower
** than lua5.4 while executing fewer instructions.
** Handler entries are reached only by jumps: align-jumps=32 starts each on
** a 32-byte boundary. The loop benchmarks' speed swung by up to 17% with
** where handlers happened to fall; aligned, they are stable and faster.
** (align-labels would also pad labels that code falls into: 3.5% more
** instructions, executed nops.) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-crossjumping", "align-jumps=32")
#endif
void interp_execute(vm_State *S, CallInfo *ci) {
  TValue *k;
  StkId base;
  const Instruction *pc;
  const void *const *dt; /* disptab, or tracetab while trap is set */
  /* Interrupt checks count down in a local, not in the global state: one
  ** decrement and branch per check (GCC keeps it in a stack slot; the
  ** registers go to pc, base, ra, i, the dispatch table and cl). An
  ** interrupt in force (interrupt_pending) zeroes it, here and whenever a
  ** C function (pcall, which may have caught "interrupted!") returns. */
  int ic = G(S)->interrupt_pending ? 0 : G(S)->istep;
  LClosure *cl;
  static const void *const disptab[NUM_ALLOPCODES] = {
#define OP_LABEL(name, fmt, flags, desc) &&L_OP_##name,
      OPCODES(OP_LABEL)
#undef OP_LABEL
#define OP_JLABEL(name, orig) &&L_OP_##name,
      JITOPCODES(OP_JLABEL)
#undef OP_JLABEL
  };
  /* Every entry leads to L_TRACE. Swapping tables when trap changes takes
  ** the trap test out of every instruction's dispatch (two instructions of
  ** about ten). */
  static const void *const tracetab[NUM_ALLOPCODES] = {[0 ... NUM_ALLOPCODES - 1] = &&L_TRACE};
#define vmdispatch(o) goto *dt[o];
#define vmcase(l) L_OP_##l:
#define vmfetch() { i = *(pc++); ra = RA(i); }
#define vmbreak { vmfetch(); vmdispatch(GET_OPCODE(i)); }

startfunc:
  /* A call: interrupt check. The top stays where the call left it: a
  ** vararg function's VARARGPREP counts its arguments from it. A function
  ** trace may run from here (interp_funcentry): the interpreter then goes
  ** on where it left, S->ci at its savedpc. */
  if (l_unlikely(--ic <= 0)) {
    ic = interp_funcentry(S, ci);
    if (l_unlikely(ic < 0)) {
      ic = -ic;
      ci = S->ci;
      settrap(S->hookmask);
      goto returning;
    }
  }
  settrap(S->hookmask);
returning:
  updatebase(ci);
  k = cl->p->k;
  pc = ci->u.l.savedpc;
  if (l_unlikely(trapset())) {
    if (pc == cl->p->code) { /* entering, not resuming */
      if (cl->p->is_vararg) {
        settrap(0); /* the call hook runs after VARARGPREP */
      } else {
        do_hookcall(S, ci);
        updatebase(ci); /* (the hook may have run a collection) */
      }
    }
    ci->u.l.trap = 1;
  }
  {
    Instruction i;
    StkId ra;
    vmfetch();
    vmdispatch(GET_OPCODE(i));

  L_TRACE: /* hooks: the instruction at pc - 1 was fetched but not run */
    pc--;
    settrap(tracehook(S, ci, pc));
    updatebase(ci);
    i = *(pc++);
    ra = RA(i);
    goto *disptab[GET_OPCODE(i)];

    vmcase(MOVE) {
      setobjs2s(S, ra, RB(i));
      vmbreak;
    }
    vmcase(LOADI) {
      setivalue(s2v(ra), GETARG_sBx(i));
      vmbreak;
    }
    vmcase(LOADF) {
      setfltvalue(s2v(ra), cast_num(GETARG_sBx(i)));
      vmbreak;
    }
    vmcase(LOADK) {
      setobj2s(S, ra, k + GETARG_Bx(i));
      vmbreak;
    }
    vmcase(LOADKX) {
      setobj2s(S, ra, k + GETARG_Ax(*pc));
      pc++;
      vmbreak;
    }
    vmcase(LOADFALSE) {
      setbfvalue(s2v(ra));
      vmbreak;
    }
    vmcase(LFALSESKIP) {
      setbfvalue(s2v(ra));
      pc++;
      vmbreak;
    }
    vmcase(LOADTRUE) {
      setbtvalue(s2v(ra));
      vmbreak;
    }
    vmcase(LOADNIL) {
      int b = GETARG_B(i);
      do {
        setnilvalue(s2v(ra++));
      } while (b--);
      vmbreak;
    }
    vmcase(GETUPVAL) {
      setobj2s(S, ra, cl->upvals[GETARG_B(i)]->v);
      vmbreak;
    }
    vmcase(SETUPVAL) {
      UpVal *uv = cl->upvals[GETARG_B(i)];
      setobj(S, uv->v, s2v(ra));
      gc_barrier(S, uv, s2v(ra));
      vmbreak;
    }
    vmcase(GETTABUP) {
      const TValue *slot;
      TValue *upval = cl->upvals[GETARG_B(i)]->v;
      TValue *rc = KC(i);
      TString *key = tsvalue(rc);
      if (fastget(S, upval, key, slot, tab_getshortstr)) {
        setobj2s(S, ra, slot);
        vmbreak;
      } else {
        Protect(interp_finishget(S, upval, rc, ra, slot));
      }
      vmbreak;
    }
    vmcase(GETTABLE) {
      const TValue *slot;
      TValue *rb = vRB(i);
      TValue *rc = vRC(i);
      if (ttistable(rb)) {
        slot = ttisinteger(rc) ? tab_getintfast(hvalue(rb), ivalue(rc)) : tab_get(hvalue(rb), rc);
        if (!ttisnil(slot)) {
          setobj2s(S, ra, slot);
          vmbreak;
        }
      } else {
        slot = NULL;
      }
      Protect(interp_finishget(S, rb, rc, ra, slot));
      vmbreak;
    }
    vmcase(GETI) {
      const TValue *slot;
      TValue *rb = vRB(i);
      int c = GETARG_C(i);
      if (fastget(S, rb, c, slot, tab_getintfast)) {
        setobj2s(S, ra, slot);
        vmbreak;
      } else {
        TValue key;
        setivalue(&key, c);
        Protect(interp_finishget(S, rb, &key, ra, slot));
      }
      vmbreak;
    }
    vmcase(GETFIELD) {
      const TValue *slot;
      TValue *rb = vRB(i);
      TValue *rc = KC(i);
      TString *key = tsvalue(rc);
      if (fastget(S, rb, key, slot, tab_getshortstr)) {
        setobj2s(S, ra, slot);
        vmbreak;
      } else {
        Protect(interp_finishget(S, rb, rc, ra, slot));
      }
      vmbreak;
    }
    vmcase(SETTABUP) {
      const TValue *slot;
      TValue *upval = cl->upvals[GETARG_A(i)]->v;
      TValue *rb = KB(i);
      TValue *rc = RKC(i);
      TString *key = tsvalue(rb);
      if (fastget(S, upval, key, slot, tab_getshortstr) || emptyslot(upval, slot)) {
        tab_setslot(S, hvalue(upval), slot, rc);
        vmbreak;
      } else {
        Protect(interp_finishset(S, upval, rb, rc, slot));
      }
      vmbreak;
    }
    vmcase(SETTABLE) {
      const TValue *slot;
      TValue *rb = vRB(i);
      TValue *rc = RKC(i);
      if (ttistable(s2v(ra))) {
        Table *h = hvalue(s2v(ra));
        slot = ttisinteger(rb) ? tab_getintfast(h, ivalue(rb)) : tab_get(h, rb);
        if (!ttisnil(slot) || emptyslot(s2v(ra), slot)) {
          tab_setslot(S, h, slot, rc);
          vmbreak;
        }
      } else {
        slot = NULL;
      }
      Protect(interp_finishset(S, s2v(ra), rb, rc, slot));
      vmbreak;
    }
    vmcase(SETI) {
      const TValue *slot;
      int c = GETARG_B(i);
      TValue *rc = RKC(i);
      if (fastget(S, s2v(ra), c, slot, tab_getintfast) || emptyslot(s2v(ra), slot)) {
        tab_setslot(S, hvalue(s2v(ra)), slot, rc);
        vmbreak;
      } else {
        TValue key;
        setivalue(&key, c);
        Protect(interp_finishset(S, s2v(ra), &key, rc, slot));
      }
      vmbreak;
    }
    vmcase(SETFIELD) {
      const TValue *slot;
      TValue *rb = KB(i);
      TValue *rc = RKC(i);
      TString *key = tsvalue(rb);
      if (fastget(S, s2v(ra), key, slot, tab_getshortstr) || emptyslot(s2v(ra), slot)) {
        tab_setslot(S, hvalue(s2v(ra)), slot, rc);
        vmbreak;
      } else {
        Protect(interp_finishset(S, s2v(ra), rb, rc, slot));
      }
      vmbreak;
    }
    vmcase(NEWTABLE) {
      int b = GETARG_B(i);
      unsigned int c = (unsigned int)GETARG_C(i);
      Table *t;
      if (b > 0) b = 1 << (b - 1);
      if (TESTARG_k(i)) c += (unsigned int)GETARG_Ax(*pc) * (MAXARG_C + 1);
      pc++; /* skip the extra argument */
      withpc({ /* the allocation sampler's hook sees this line */
        t = tab_new(S);
        sethvalue(S, s2v(ra), t);
        if (b != 0 || c != 0) tab_resize(S, t, c, (unsigned)b);
      });
      checkGC(S, ra + 1);
      vmbreak;
    }
    vmcase(SELF) {
      const TValue *slot;
      TValue *rb = vRB(i);
      TValue *rc = RKC(i);
      TString *key = tsvalue(rc);
      setobj2s(S, ra + 1, rb);
      if (key->tt == T_SHRSTR ? fastget(S, rb, key, slot, tab_getshortstr)
                              : fastget(S, rb, key, slot, tab_getstr)) {
        setobj2s(S, ra, slot);
        vmbreak;
      } else if (ttisstring(rb) && key->tt == T_SHRSTR && (slot = stringmethod(S, key)) != NULL) {
        setobj2s(S, ra, slot);
        vmbreak;
      } else {
        Protect(interp_finishget(S, rb, rc, ra, slot));
      }
      vmbreak;
    }
    vmcase(ADDI) {
      op_arithI(S, +, l_add, TM_ADD);
      vmbreak;
    }
    vmcase(ADDK) {
      op_arith_aux(S, vRB(i), KC(i), iadd, fadd, TM_ADD, GETARG_k(i));
      vmbreak;
    }
    vmcase(SUBK) {
      op_arith_aux(S, vRB(i), KC(i), isub, fsub, TM_SUB, 0);
      vmbreak;
    }
    vmcase(MULK) {
      op_arith_aux(S, vRB(i), KC(i), imul, fmul, TM_MUL, GETARG_k(i));
      vmbreak;
    }
    /* Like lua5.4 (5.4.4), integer % and // by zero report the position of
    ** the last saved pc: the pc is deliberately not saved here. */
    vmcase(MODK) {
      op_arith_aux(S, vRB(i), KC(i), interp_mod, interp_modf, TM_MOD, 0);
      vmbreak;
    }
    vmcase(POWK) {
      op_arithf_aux(S, vRB(i), KC(i), interp_pow, TM_POW, 0);
      vmbreak;
    }
    vmcase(DIVK) {
      op_arithf_aux(S, vRB(i), KC(i), l_div, TM_DIV, 0);
      vmbreak;
    }
    vmcase(IDIVK) {
      op_arith_aux(S, vRB(i), KC(i), interp_idiv, numidiv_, TM_IDIV, 0);
      vmbreak;
    }
    vmcase(BANDK) {
      op_bitwise_aux(S, vRB(i), KC(i), l_band, TM_BAND, GETARG_k(i));
      vmbreak;
    }
    vmcase(BORK) {
      op_bitwise_aux(S, vRB(i), KC(i), l_bor, TM_BOR, GETARG_k(i));
      vmbreak;
    }
    vmcase(BXORK) {
      op_bitwise_aux(S, vRB(i), KC(i), l_bxor, TM_BXOR, GETARG_k(i));
      vmbreak;
    }
    vmcase(SHRI) {
      TValue *rb = vRB(i);
      int ic = GETARG_sC(i);
      vm_Integer ib;
      if (tointegerns(rb, &ib)) {
        setivalue(s2v(ra), interp_shiftl(ib, -ic));
      } else if (GETARG_k(i)) { /* source was `x << -sC` */
        Protect(tm_trybiniTM(S, rb, -ic, 0, ra, TM_SHL));
      } else {
        Protect(tm_trybiniTM(S, rb, ic, 0, ra, TM_SHR));
      }
      vmbreak;
    }
    vmcase(SHLI) {
      TValue *rb = vRB(i);
      int ic = GETARG_sC(i);
      vm_Integer ib;
      if (tointegerns(rb, &ib)) {
        setivalue(s2v(ra), interp_shiftl(ic, ib));
      } else {
        Protect(tm_trybiniTM(S, rb, ic, 1, ra, TM_SHL));
      }
      vmbreak;
    }
    vmcase(ADD) {
      op_arith_aux(S, vRB(i), vRC(i), iadd, fadd, TM_ADD, 0);
      vmbreak;
    }
    vmcase(SUB) {
      op_arith_aux(S, vRB(i), vRC(i), isub, fsub, TM_SUB, 0);
      vmbreak;
    }
    vmcase(MUL) {
      op_arith_aux(S, vRB(i), vRC(i), imul, fmul, TM_MUL, 0);
      vmbreak;
    }
    vmcase(MOD) {
      op_arith_aux(S, vRB(i), vRC(i), interp_mod, interp_modf, TM_MOD, 0);
      vmbreak;
    }
    vmcase(POW) {
      op_arithf_aux(S, vRB(i), vRC(i), interp_pow, TM_POW, 0);
      vmbreak;
    }
    vmcase(DIV) {
      op_arithf_aux(S, vRB(i), vRC(i), l_div, TM_DIV, 0);
      vmbreak;
    }
    vmcase(IDIV) {
      op_arith_aux(S, vRB(i), vRC(i), interp_idiv, numidiv_, TM_IDIV, 0);
      vmbreak;
    }
    vmcase(BAND) {
      op_bitwise_aux(S, vRB(i), vRC(i), l_band, TM_BAND, 0);
      vmbreak;
    }
    vmcase(BOR) {
      op_bitwise_aux(S, vRB(i), vRC(i), l_bor, TM_BOR, 0);
      vmbreak;
    }
    vmcase(BXOR) {
      op_bitwise_aux(S, vRB(i), vRC(i), l_bxor, TM_BXOR, 0);
      vmbreak;
    }
    vmcase(SHL) {
      op_bitwise_aux(S, vRB(i), vRC(i), interp_shiftl, TM_SHL, 0);
      vmbreak;
    }
    vmcase(SHR) {
      op_bitwise_aux(S, vRB(i), vRC(i), interp_shiftr, TM_SHR, 0);
      vmbreak;
    }
    vmcase(UNM) {
      TValue *rb = vRB(i);
      vm_Number nb;
      if (ttisinteger(rb)) {
        vm_Integer ib = ivalue(rb);
        setivalue(s2v(ra), intop(-, 0, ib));
      } else if (tonumberns(rb, nb)) {
        setfltvalue(s2v(ra), -nb);
      } else {
        Protect(tm_trybinTM(S, rb, rb, ra, TM_UNM));
      }
      vmbreak;
    }
    vmcase(BNOT) {
      TValue *rb = vRB(i);
      vm_Integer ib;
      if (tointegerns(rb, &ib)) {
        setivalue(s2v(ra), intop(^, ~l_castS2U(0), ib));
      } else {
        Protect(tm_trybinTM(S, rb, rb, ra, TM_BNOT));
      }
      vmbreak;
    }
    vmcase(NOT) {
      TValue *rb = vRB(i);
      if (l_isfalse(rb)) setbtvalue(s2v(ra));
      else setbfvalue(s2v(ra));
      vmbreak;
    }
    vmcase(LEN) {
      Protect(interp_objlen(S, ra, vRB(i)));
      vmbreak;
    }
    vmcase(CONCAT) {
      int n = GETARG_B(i);
      S->top = ra + n;
      ProtectNT(interp_concat(S, n));
      checkGC(S, S->top);
      vmbreak;
    }
    vmcase(CLOSE) {
      Protect(func_close(S, ra, CLOSEKTOP, 1));
      vmbreak;
    }
    vmcase(TBC) {
      halfProtect(func_newtbcupval(S, ra));
      vmbreak;
    }
    vmcase(JMP) {
      int offset = GETARG_sJ(i);
      if (offset < 0) checkinterrupt(S); /* a loop's back-edge (before it: the loop's line) */
      pc += offset;
      vmbreak;
    }
    vmcase(EQ) {
      int cond;
      TValue *rb = vRB(i);
      if (ttisinteger(s2v(ra)) && ttisinteger(rb)) /* the common case, inline */
        cond = (ivalue(s2v(ra)) == ivalue(rb));
      else
        Protect(cond = interp_equalobj(S, s2v(ra), rb));
      docondjump();
      vmbreak;
    }
    vmcase(LT) {
      op_order(S, l_lti, LTnum, interp_lessthan);
      vmbreak;
    }
    vmcase(LE) {
      op_order(S, l_lei, LEnum, interp_lessequal);
      vmbreak;
    }
    vmcase(EQK) {
      TValue *rb = KB(i);
      int cond = interp_rawequalobj(s2v(ra), rb);
      docondjump();
      vmbreak;
    }
    vmcase(EQI) {
      int cond;
      int im = GETARG_sB(i);
      if (ttisinteger(s2v(ra))) cond = (ivalue(s2v(ra)) == im);
      else if (ttisfloat(s2v(ra))) cond = fltvalue(s2v(ra)) == cast_num(im);
      else cond = 0;
      docondjump();
      vmbreak;
    }
    vmcase(LTI) {
      op_orderI(S, l_lti, l_lti, 0, TM_LT);
      vmbreak;
    }
    vmcase(LEI) {
      op_orderI(S, l_lei, l_lei, 0, TM_LE);
      vmbreak;
    }
    vmcase(GTI) {
      op_orderI(S, l_gti, l_gti, 1, TM_LT);
      vmbreak;
    }
    vmcase(GEI) {
      op_orderI(S, l_gei, l_gei, 1, TM_LE);
      vmbreak;
    }
    vmcase(TEST) {
      int cond = !l_isfalse(s2v(ra));
      docondjump();
      vmbreak;
    }
    vmcase(TESTSET) {
      TValue *rb = vRB(i);
      if (l_isfalse(rb) == GETARG_k(i)) {
        pc++;
      } else {
        setobj2s(S, ra, rb);
        donextjump(ci);
      }
      vmbreak;
    }
    vmcase(CALL) {
      CallInfo *newci;
      int b = GETARG_B(i);
      int nresults = GETARG_C(i) - 1;
      if (b != 0) S->top = ra + b;
      savepc(ci);
      /* A Lua function with a CallInfo and stack space ready: do_precall's
      ** work inline, which saves a call per call. */
      if (ttisLclosure(s2v(ra)) && l_likely(ci->next != NULL)) {
        Proto *p = clLvalue(s2v(ra))->p;
        if (l_likely(S->stack_last - S->top > p->maxstacksize)) {
          ci = do_enterlua(S, ci->next, ra, nresults, p);
          goto startfunc;
        }
      }
      if ((newci = do_precall(S, ra, nresults)) == NULL) {
        updatebase(ci); /* C call done; the stack may have moved */
        updatetrap(ci);
        if (l_unlikely(G(S)->interrupt_pending)) ic = 0;
      } else {
        ci = newci;
        goto startfunc;
      }
      vmbreak;
    }
    vmcase(TAILCALL) {
      int b = GETARG_B(i);
      int n;
      int nparams1 = GETARG_C(i);
      int delta = (nparams1) ? ci->u.l.nextraargs + nparams1 : 0;
      if (b != 0) S->top = ra + b;
      else b = cast_int(S->top - ra);
      savepc(ci);
      if (TESTARG_k(i)) func_closeupval(S, base);
      if ((n = do_pretailcall(S, ci, ra, b, delta)) < 0) goto startfunc;
      ci->func -= delta; /* restore after a C function */
      do_poscall(S, ci, n);
      updatetrap(ci);
      goto ret;
    }
    vmcase(RETURN) {
      int n = GETARG_B(i) - 1;
      int nparams1 = GETARG_C(i);
      if (n < 0) n = cast_int(S->top - ra);
      savepc(ci);
      if (TESTARG_k(i)) {
        ci->u2.nres = n;
        if (S->top < ci->top) S->top = ci->top;
        func_close(S, base, CLOSEKTOP, 1);
        updatebase(ci);
        ra = RA(i);
      }
      if (nparams1) ci->func -= ci->u.l.nextraargs + nparams1;
      S->top = ra + n;
      do_poscall(S, ci, n);
      updatetrap(ci);
      goto ret;
    }
    vmcase(RETURN0) {
      if (l_unlikely(S->hookmask)) {
        S->top = ra;
        savepc(ci);
        do_poscall(S, ci, 0);
        settrap(1);
      } else {
        int nres;
        S->ci = ci->previous;
        S->top = base - 1;
        for (nres = ci->nresults; l_unlikely(nres > 0); nres--) setnilvalue(s2v(S->top++));
      }
      goto ret;
    }
    vmcase(RETURN1) {
      if (l_unlikely(S->hookmask)) {
        S->top = ra + 1;
        savepc(ci);
        do_poscall(S, ci, 1);
        settrap(1);
      } else {
        int nres = ci->nresults;
        S->ci = ci->previous;
        if (nres == 0) {
          S->top = base - 1;
        } else {
          setobjs2s(S, base - 1, ra);
          S->top = base;
          for (; l_unlikely(nres > 1); nres--) setnilvalue(s2v(S->top++));
        }
      }
      goto ret;
    }
    vmcase(FORLOOP) {
      if (ttisinteger(s2v(ra + 2))) {
        vm_Unsigned count = l_castS2U(ivalue(s2v(ra + 1)));
        if (count > 0) {
          vm_Integer step = ivalue(s2v(ra + 2));
          vm_Integer idx = ivalue(s2v(ra));
          val_(s2v(ra + 1)).i = l_castU2S(count - 1);
          idx = intop(+, idx, step);
          val_(s2v(ra)).i = idx;
          setivalue(s2v(ra + 3), idx);
          checkinterrupt(S);
          pc -= GETARG_Bx(i);
        }
      } else if (floatforloop(ra)) {
        checkinterrupt(S);
        pc -= GETARG_Bx(i);
      }
      vmbreak;
    }
    vmcase(FORPREP) {
      TValue *plimit = s2v(ra + 1);
      /* `for i = a, b` over integers: the count is b - a, inline */
      if (ttisinteger(s2v(ra)) && ttisinteger(plimit) && ttisinteger(s2v(ra + 2)) &&
          ivalue(s2v(ra + 2)) == 1) {
        vm_Integer init = ivalue(s2v(ra)), limit = ivalue(plimit);
        setivalue(s2v(ra + 3), init);
        if (init > limit) pc += GETARG_Bx(i) + 1;
        else setivalue(plimit, l_castU2S(l_castS2U(limit) - l_castS2U(init)));
      } else {
        savestate(S, ci);
        if (forprep(S, ra)) pc += GETARG_Bx(i) + 1;
      }
      vmbreak;
    }
    vmcase(TFORPREP) {
      halfProtect(func_newtbcupval(S, ra + 3));
      pc += GETARG_Bx(i);
      i = *(pc++);
      goto l_tforcall;
    }
    vmcase(TFORCALL) {
    l_tforcall:
      /* copy function, state and control to the call area */
      memcpy(ra + 4, ra, 3 * sizeof(*ra));
      S->top = ra + 4 + 3;
      ProtectNT(do_call(S, ra + 4, GETARG_C(i)));
      ra = RA(i);
      i = *(pc++);
      if (l_unlikely(GET_OPCODE(i) == OP_JTFORLOOP)) ic = jitentry(S, ic);
      goto l_tforloop;
    }
    vmcase(TFORLOOP) {
    l_tforloop:
      if (!ttisnil(s2v(ra + 4))) {
        setobjs2s(S, ra + 2, ra + 4);
        checkinterrupt(S);
        pc -= GETARG_Bx(i);
      }
      vmbreak;
    }
    /* the J forms: the original with the trace entered at the back-edge */
    vmcase(JFORLOOP) {
      ic = jitentry(S, ic);
      goto L_OP_FORLOOP;
    }
    vmcase(JTFORLOOP) {
      ic = jitentry(S, ic);
      goto L_OP_TFORLOOP;
    }
    vmcase(JJMP) {
      ic = jitentry(S, ic);
      goto L_OP_JMP;
    }
    vmcase(SETLIST) {
      int n = GETARG_B(i);
      unsigned int last = (unsigned int)GETARG_C(i);
      Table *h = hvalue(s2v(ra));
      if (n == 0) n = cast_int(S->top - ra) - 1;
      else S->top = ci->top;
      last += (unsigned int)n;
      if (TESTARG_k(i)) {
        last += (unsigned int)GETARG_Ax(*pc) * (MAXARG_C + 1);
        pc++;
      }
      if (last > h->asize) withpc(tab_resizearray(S, h, last)); /* as in NEWTABLE */
      for (; n > 0; n--) {
        TValue *val = s2v(ra + n);
        setobj2t(S, &h->array[last - 1], val);
        last--;
        gc_barrier(S, h, val);
      }
      vmbreak;
    }
    vmcase(CLOSURE) {
      Proto *p = cl->p->p[GETARG_Bx(i)];
      halfProtect(pushclosure(S, p, cl->upvals, base, ra));
      checkGC(S, ra + 1);
      vmbreak;
    }
    vmcase(VARARG) {
      int n = GETARG_C(i) - 1;
      Protect(getvarargs(S, ci, ra, n));
      vmbreak;
    }
    vmcase(VARARGPREP) {
      ProtectNT(adjustvarargs(S, GETARG_A(i), ci, cl->p));
      if (l_unlikely(trapset())) {
        do_hookcall(S, ci);
        S->oldpc = 1; /* the next instruction is a "new" line */
      }
      updatebase(ci);
      vmbreak;
    }
    vmcase(EXTRAARG) {
      vm_assert(0);
      vmbreak;
    }
  }
ret:
  if (l_unlikely(ci->callstatus & (CIST_FRESH | CIST_JITFIN | CIST_JITREC))) {
    if (ci->callstatus & CIST_JITREC) { /* (jit.c: the recorder waited for it) */
      ci->callstatus &= (unsigned short)~CIST_JITREC;
      settrap(jit_callreturned(S));
    }
    if (ci->callstatus & CIST_FRESH) return;
    if (ci->callstatus & CIST_JITFIN) {
      ci = ci->previous; /* (jit.c jit_buildframes: a metamethod returns) */
      interp_finishOp(S);
      goto returning;
    }
  }
  ci = ci->previous;
  goto returning;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif
