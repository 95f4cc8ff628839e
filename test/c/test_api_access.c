/*
** test_api_access.c — access and push functions of vm.h: vm_type,
** vm_typename, the vm_is* functions and macros, vm_tonumberx and
** vm_tointegerx conversion rules, vm_toboolean, vm_tolstring, vm_rawlen,
** vm_tocfunction, vm_touserdata, vm_tothread, vm_topointer, every vm_push*
** (vm_pushfstring with each format), vm_stringtonumber, vm_arith for every
** operator (with metamethods), vm_rawequal, vm_compare, vm_concat, vm_len.
** Prints "test_api_access: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

static int c_nop(vm_State *S) {
  (void)S;
  return 0;
}

static int c_other(vm_State *S) {
  vm_pushinteger(S, 1);
  return 1;
}

/* ---------------------------------------------------------------------- */

static void test_types(void) {
  vm_State *S = vm_newstate();
  vm_State *T;
  int dummy;
  void *ud;
  vm_pushnil(S);                     /* 1 */
  vm_pushboolean(S, 0);              /* 2 */
  vm_pushlightuserdata(S, &dummy);   /* 3 */
  vm_pushinteger(S, 42);             /* 4 */
  vm_pushnumber(S, 4.5);             /* 5 */
  vm_pushstring(S, "str");           /* 6 */
  vm_newtable(S);                    /* 7 */
  vm_pushcfunction(S, c_nop);        /* 8 */
  ud = vm_newuserdatauv(S, 16, 1);   /* 9 */
  T = vm_newthread(S);               /* 10 */
  CHECK(vm_loadstring(S, "return 1") == VM_OK); /* 11: a Lua function */
  vm_pushinteger(S, 5);
  vm_pushcclosure(S, c_nop, 1);      /* 12: a C closure */
  CHECK(vm_type(S, 1) == VM_TNIL);
  CHECK(vm_type(S, 2) == VM_TBOOLEAN);
  CHECK(vm_type(S, 3) == VM_TLIGHTUSERDATA);
  CHECK(vm_type(S, 4) == VM_TNUMBER && vm_type(S, 5) == VM_TNUMBER);
  CHECK(vm_type(S, 6) == VM_TSTRING);
  CHECK(vm_type(S, 7) == VM_TTABLE);
  CHECK(vm_type(S, 8) == VM_TFUNCTION && vm_type(S, 11) == VM_TFUNCTION && vm_type(S, 12) == VM_TFUNCTION);
  CHECK(vm_type(S, 9) == VM_TUSERDATA);
  CHECK(vm_type(S, 10) == VM_TTHREAD);
  CHECK(vm_type(S, 13) == VM_TNONE);
  CHECK(vm_type(S, -1) == VM_TFUNCTION);
  CHECK_STR(vm_typename(S, VM_TNONE), "no value");
  CHECK_STR(vm_typename(S, VM_TNIL), "nil");
  CHECK_STR(vm_typename(S, VM_TBOOLEAN), "boolean");
  CHECK_STR(vm_typename(S, VM_TLIGHTUSERDATA), "userdata");
  CHECK_STR(vm_typename(S, VM_TNUMBER), "number");
  CHECK_STR(vm_typename(S, VM_TSTRING), "string");
  CHECK_STR(vm_typename(S, VM_TTABLE), "table");
  CHECK_STR(vm_typename(S, VM_TFUNCTION), "function");
  CHECK_STR(vm_typename(S, VM_TUSERDATA), "userdata");
  CHECK_STR(vm_typename(S, VM_TTHREAD), "thread");
  /* the is* functions */
  CHECK(vm_isnumber(S, 4) && vm_isnumber(S, 5) && !vm_isnumber(S, 6) && !vm_isnumber(S, 1));
  CHECK(vm_isstring(S, 6) && vm_isstring(S, 4) && vm_isstring(S, 5) && !vm_isstring(S, 7) && !vm_isstring(S, 13));
  CHECK(vm_iscfunction(S, 8) && vm_iscfunction(S, 12) && !vm_iscfunction(S, 11) && !vm_iscfunction(S, 7));
  CHECK(vm_isinteger(S, 4) && !vm_isinteger(S, 5) && !vm_isinteger(S, 6) && !vm_isinteger(S, 13));
  CHECK(vm_isuserdata(S, 3) && vm_isuserdata(S, 9) && !vm_isuserdata(S, 7));
  CHECK(vm_isfunction(S, 8) && vm_isfunction(S, 11) && !vm_isfunction(S, 7));
  CHECK(vm_istable(S, 7) && !vm_istable(S, 9));
  CHECK(vm_isnil(S, 1) && !vm_isnil(S, 2) && !vm_isnil(S, 13));
  CHECK(vm_isboolean(S, 2) && !vm_isboolean(S, 1));
  CHECK(vm_isthread(S, 10) && !vm_isthread(S, 9));
  CHECK(vm_isnone(S, 13) && !vm_isnone(S, 1));
  CHECK(vm_isnoneornil(S, 1) && vm_isnoneornil(S, 13) && !vm_isnoneornil(S, 2));
  CHECK(vm_islightuserdata(S, 3) && !vm_islightuserdata(S, 9));
  /* pointers out */
  CHECK(vm_touserdata(S, 3) == &dummy);
  CHECK(vm_touserdata(S, 9) == ud && ud != NULL);
  CHECK(vm_touserdata(S, 7) == NULL && vm_touserdata(S, 13) == NULL);
  CHECK(vm_tocfunction(S, 8) == c_nop && vm_tocfunction(S, 12) == c_nop);
  CHECK(vm_tocfunction(S, 11) == NULL && vm_tocfunction(S, 4) == NULL);
  CHECK(vm_tothread(S, 10) == T && vm_tothread(S, 7) == NULL);
  CHECK(vm_topointer(S, 3) == &dummy && vm_topointer(S, 9) == ud);
  CHECK(vm_topointer(S, 7) != NULL && vm_topointer(S, 11) != NULL && vm_topointer(S, 10) != NULL);
  CHECK(vm_topointer(S, 8) != NULL && vm_topointer(S, 12) != NULL && vm_topointer(S, 6) != NULL);
  CHECK(vm_topointer(S, 4) == NULL && vm_topointer(S, 1) == NULL && vm_topointer(S, 2) == NULL);
  {
    /* identities are stable across collections (objects may move) and
    ** distinct between objects */
    const void *pt = vm_topointer(S, 7), *pf = vm_topointer(S, 11), *pc = vm_topointer(S, 12);
    vm_newtable(S);
    CHECK(vm_topointer(S, -1) != pt);
    vm_pop(S, 1);
    vm_gc(S, VM_GCCOLLECT);
    CHECK(vm_topointer(S, 7) == pt && vm_topointer(S, 11) == pf && vm_topointer(S, 12) == pc);
    vm_pushvalue(S, 7);
    CHECK(vm_topointer(S, -1) == pt);
    vm_pop(S, 1);
  }
  /* toboolean */
  CHECK(vm_toboolean(S, 1) == 0 && vm_toboolean(S, 2) == 0 && vm_toboolean(S, 13) == 0);
  CHECK(vm_toboolean(S, 3) == 1 && vm_toboolean(S, 4) == 1 && vm_toboolean(S, 7) == 1);
  vm_pushinteger(S, 0);
  vm_pushstring(S, "");
  CHECK(vm_toboolean(S, -1) == 1 && vm_toboolean(S, -2) == 1);
  vm_pushboolean(S, 7); /* any non-zero is true */
  CHECK(vm_toboolean(S, -1) == 1 && vm_isboolean(S, -1));
  vm_close(S);
}

static void test_tonumber_rules(void) {
  static const struct {
    const char *s;
    int isint;           /* vm_tointegerx accepts it */
    vm_Integer i;
    int isnum;           /* vm_tonumberx accepts it */
    double n;
    size_t s2n;          /* vm_stringtonumber's result */
    int s2n_int;         /* ... and the pushed number is an integer */
  } cases[] = {
    {"10", 1, 10, 1, 10, 3, 1},
    {" 10 ", 1, 10, 1, 10, 5, 1},
    {"0x10", 1, 16, 1, 16, 5, 1},
    {"0X1f", 1, 31, 1, 31, 5, 1},
    {"10a", 0, 0, 0, 0, 0, 0},
    {"", 0, 0, 0, 0, 0, 0},
    {"  ", 0, 0, 0, 0, 0, 0},
    {"0x", 0, 0, 0, 0, 0, 0},
    {"1 2", 0, 0, 0, 0, 0, 0},
    {"3.0", 1, 3, 1, 3.0, 4, 0},
    {"3.5", 0, 0, 1, 3.5, 4, 0},
    {"1e2", 1, 100, 1, 100.0, 4, 0},
    {" 0x1p4 ", 1, 16, 1, 16.0, 8, 0},
    {".5", 0, 0, 1, 0.5, 3, 0},
    {"5.", 1, 5, 1, 5.0, 3, 0},
    {"0x.8", 0, 0, 1, 0.5, 5, 0},
    {" -7\t\n", 1, -7, 1, -7, 6, 1},
    {"9223372036854775807", 1, INT64_MAX, 1, 9223372036854775807.0, 20, 1},
    {"9223372036854775808", 0, 0, 1, 9223372036854775808.0, 20, 0},
    {"-0x8000000000000000", 1, INT64_MIN, 1, -9223372036854775808.0, 20, 1},
    {"0xffffffffffffffff", 1, -1, 1, -1, 19, 1}, /* hex integers wrap around */
    {"inf", 0, 0, 0, 0, 0, 0},
    {"nan", 0, 0, 0, 0, 0, 0},
  };
  vm_State *S = vm_newstate();
  size_t k;
  for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    int isint = -1, isnum = -1;
    vm_Integer i;
    vm_Number n;
    size_t r;
    vm_pushstring(S, cases[k].s);
    i = vm_tointegerx(S, -1, &isint);
    n = vm_tonumberx(S, -1, &isnum);
    if (isint != cases[k].isint || (isint && i != cases[k].i) || (!isint && i != 0)) {
      fprintf(stderr, "tointegerx(\"%s\") = %lld, isnum %d\n", cases[k].s, (long long)i, isint);
      CHECK(0);
    }
    if (isnum != cases[k].isnum || (isnum && n != cases[k].n) || (!isnum && n != 0)) {
      fprintf(stderr, "tonumberx(\"%s\") = %.17g, isnum %d\n", cases[k].s, n, isnum);
      CHECK(0);
    }
    CHECK(vm_isnumber(S, -1) == cases[k].isnum);
    CHECK(vm_type(S, -1) == VM_TSTRING); /* the conversion does not change the slot */
    vm_pop(S, 1);
    r = vm_stringtonumber(S, cases[k].s);
    if (r != cases[k].s2n) {
      fprintf(stderr, "stringtonumber(\"%s\") = %zu\n", cases[k].s, r);
      CHECK(0);
    }
    if (r != 0) {
      CHECK(vm_gettop(S) == 1 && vm_type(S, 1) == VM_TNUMBER);
      CHECK(vm_isinteger(S, 1) == cases[k].s2n_int);
      CHECK(vm_tonumber(S, 1) == cases[k].n);
    } else {
      CHECK(vm_gettop(S) == 0); /* nothing pushed on failure */
    }
    vm_settop(S, 0);
  }
  /* numbers */
  {
    int isnum = -1;
    vm_pushnumber(S, 3.0);
    CHECK(vm_tointegerx(S, -1, &isnum) == 3 && isnum == 1);
    vm_pushnumber(S, 3.5);
    CHECK(vm_tointegerx(S, -1, &isnum) == 0 && isnum == 0);
    vm_pushnumber(S, 9223372036854775808.0);
    CHECK(vm_tointegerx(S, -1, &isnum) == 0 && isnum == 0);
    vm_pushnumber(S, -9223372036854775808.0);
    CHECK(vm_tointegerx(S, -1, &isnum) == INT64_MIN && isnum == 1);
    vm_pushnumber(S, -0.0);
    CHECK(vm_tointegerx(S, -1, &isnum) == 0 && isnum == 1);
    vm_pushnumber(S, NAN);
    CHECK(vm_tointegerx(S, -1, &isnum) == 0 && isnum == 0);
    CHECK(vm_tonumberx(S, -1, &isnum) != vm_tonumberx(S, -1, NULL) && isnum == 1);
    vm_pushnumber(S, HUGE_VAL);
    CHECK(vm_tointegerx(S, -1, &isnum) == 0 && isnum == 0);
    vm_pushinteger(S, INT64_MAX);
    CHECK(vm_tonumberx(S, -1, &isnum) == 9223372036854775807.0 && isnum == 1);
    CHECK(vm_tointeger(S, -1) == INT64_MAX);
    vm_pushboolean(S, 1);
    CHECK(vm_tonumberx(S, -1, &isnum) == 0 && isnum == 0);
    CHECK(vm_tointegerx(S, -1, &isnum) == 0 && isnum == 0);
    vm_newtable(S);
    CHECK(vm_tonumberx(S, -1, &isnum) == 0 && isnum == 0);
    vm_pushnil(S);
    CHECK(vm_tointegerx(S, -1, &isnum) == 0 && isnum == 0);
    /* absent but acceptable index (Lua's rule: within the space granted
    ** by vm_checkstack; beyond it, debug builds stop with "API misuse") */
    CHECK(vm_checkstack(S, 60));
    CHECK(vm_tonumberx(S, 19, &isnum) == 0 && isnum == 0); /* above the top, within the granted space */
    CHECK(vm_tointeger(S, 19) == 0 && vm_tonumber(S, 19) == 0);
    vm_settop(S, 0);
  }
  vm_close(S);
}

static void test_tolstring(void) {
  vm_State *S = vm_newstate();
  size_t len = 99;
  const char *s;
  vm_pushinteger(S, -7);
  s = vm_tolstring(S, 1, &len);
  CHECK_STR(s, "-7");
  CHECK(len == 2);
  CHECK(vm_type(S, 1) == VM_TSTRING); /* converted in place */
  CHECK(vm_tolstring(S, 1, NULL) == s);  /* same bytes again */
  vm_pushnumber(S, 2.0);
  CHECK_STR(vm_tostring(S, -1), "2.0");
  vm_pushnumber(S, 1e100);
  CHECK_STR(vm_tostring(S, -1), "1e+100");
  vm_pushnumber(S, -0.0);
  CHECK_STR(vm_tostring(S, -1), "-0.0");
  vm_pushnumber(S, 0.1);
  CHECK_STR(vm_tostring(S, -1), "0.1");
  vm_pushnumber(S, HUGE_VAL);
  CHECK_STR(vm_tostring(S, -1), "inf");
  vm_pushnumber(S, -HUGE_VAL);
  CHECK_STR(vm_tostring(S, -1), "-inf");
  vm_pushinteger(S, INT64_MIN);
  CHECK_STR(vm_tostring(S, -1), "-9223372036854775808");
  vm_pushnumber(S, 123456789012345.0);
  CHECK_STR(vm_tostring(S, -1), "1.2345678901234e+14");
  /* non-convertible values */
  len = 99;
  vm_pushboolean(S, 1);
  CHECK(vm_tolstring(S, -1, &len) == NULL && len == 0);
  vm_newtable(S);
  CHECK(vm_tostring(S, -1) == NULL);
  CHECK(vm_tostring(S, 20) == NULL);
  /* embedded zeros and lengths */
  s = vm_pushlstring(S, "a\0b\0", 4);
  CHECK(s != NULL && memcmp(s, "a\0b\0", 5) == 0); /* zero-terminated as well */
  CHECK(vm_tolstring(S, -1, &len) == s && len == 4);
  CHECK(vm_rawlen(S, -1) == 4);
  vm_close(S);
}

static void test_push(void) {
  vm_State *S = vm_newstate();
  char src[8] = "hello";
  const char *s;
  size_t len = 99;
  /* vm_pushstring copies: the source may change afterwards */
  s = vm_pushstring(S, src);
  CHECK(s != src);
  src[0] = 'j';
  CHECK_STR(s, "hello");
  CHECK_STR(vm_tostring(S, -1), "hello");
  /* NULL pushes nil */
  CHECK(vm_pushstring(S, NULL) == NULL);
  CHECK(vm_isnil(S, -1));
  /* empty strings, also from a NULL pointer with length 0 */
  s = vm_pushlstring(S, NULL, 0);
  CHECK(s != NULL && s[0] == '\0');
  CHECK(vm_tolstring(S, -1, &len) != NULL && len == 0);
  s = vm_pushliteral(S, "lit");
  CHECK_STR(s, "lit");
  /* a long string */
  {
    char big[1000];
    memset(big, 'x', sizeof big);
    s = vm_pushlstring(S, big, sizeof big);
    CHECK(vm_rawlen(S, -1) == 1000 && s[999] == 'x' && s[1000] == '\0');
  }
  vm_pushnumber(S, 0.5);
  CHECK(vm_tonumber(S, -1) == 0.5 && !vm_isinteger(S, -1));
  vm_pushinteger(S, INT64_MIN);
  CHECK(vm_tointeger(S, -1) == INT64_MIN && vm_isinteger(S, -1));
  vm_pushboolean(S, 0);
  CHECK(vm_isboolean(S, -1) && !vm_toboolean(S, -1));
  vm_pushlightuserdata(S, NULL);
  CHECK(vm_islightuserdata(S, -1) && vm_touserdata(S, -1) == NULL);
  /* pushthread: 1 on the main thread only */
  CHECK(vm_pushthread(S) == 1);
  CHECK(vm_tothread(S, -1) == S);
  {
    vm_State *T = vm_newthread(S);
    CHECK(vm_pushthread(T) == 0);
    CHECK(vm_tothread(T, -1) == T);
  }
  /* the global table */
  vm_pushglobaltable(S);
  CHECK(vm_istable(S, -1));
  vm_rawgeti(S, VM_REGISTRYINDEX, VM_RIDX_GLOBALS);
  CHECK(vm_rawequal(S, -1, -2));
  vm_rawgeti(S, VM_REGISTRYINDEX, VM_RIDX_MAINTHREAD);
  CHECK(vm_tothread(S, -1) == S);
  /* C functions */
  vm_pushcfunction(S, c_nop);
  vm_pushcfunction(S, c_nop);
  CHECK(vm_rawequal(S, -1, -2)); /* light C functions compare by pointer */
  vm_pushcfunction(S, c_other);
  CHECK(!vm_rawequal(S, -1, -2));
  vm_close(S);
}

static const char *vfmt(vm_State *S, const char *fmt, ...) {
  va_list ap;
  const char *r;
  va_start(ap, fmt);
  r = vm_pushvfstring(S, fmt, ap);
  va_end(ap);
  return r;
}

static int c_badformat(vm_State *S) {
  vm_pushfstring(S, "x%qy", 1);
  return 1;
}

static void test_pushfstring(void) {
  vm_State *S = vm_newstate();
  char ptr[64];
  int st;
  const char *s;
  s = vm_pushfstring(S, "%s|%d|%I|%f|%c|%U|%%|%s", "str", -5, (vm_Integer)INT64_MIN, 3.0, 'A',
                     (long)0x20AC, (char *)NULL);
  CHECK_STR(s, "str|-5|-9223372036854775808|3.0|A|\xE2\x82\xAC|%|(null)");
  CHECK_STR(vm_tostring(S, -1), s);
  CHECK_STR(vm_pushfstring(S, "%f %f %f %f %f", 0.1, 1e300, -0.0, HUGE_VAL, 1e15),
            "0.1 1e+300 -0.0 inf 1e+15");
  CHECK_STR(vm_pushfstring(S, "%d %d", 2147483647, -2147483647 - 1), "2147483647 -2147483648");
  CHECK_STR(vm_pushfstring(S, "%I", (vm_Integer)INT64_MAX), "9223372036854775807");
  snprintf(ptr, sizeof ptr, "%p", (void *)ptr);
  CHECK_STR(vm_pushfstring(S, "%p", (void *)ptr), ptr);
  snprintf(ptr, sizeof ptr, "%p", (void *)NULL);
  CHECK_STR(vm_pushfstring(S, "%p", (void *)NULL), ptr);
  s = vm_pushfstring(S, "%U%U%U", (long)0x7F, (long)0x7FF, (long)0x7FFFFFFF);
  CHECK(vm_rawlen(S, -1) == 1 + 2 + 6);
  CHECK((unsigned char)s[0] == 0x7F && (unsigned char)s[1] == 0xDF && (unsigned char)s[2] == 0xBF);
  CHECK((unsigned char)s[3] == 0xFD);
  CHECK_STR(vm_pushfstring(S, "no formats"), "no formats");
  CHECK_STR(vm_pushfstring(S, ""), "");
  CHECK_STR(vm_pushfstring(S, "%%%%"), "%%");
  CHECK_STR(vm_pushfstring(S, "%c%c", 'o', 'k'), "ok");
  {
    /* results longer than any internal buffer */
    char big[700];
    memset(big, 'y', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    s = vm_pushfstring(S, "<%s|%s>", big, big);
    CHECK(s != NULL && strlen(s) == 2 * 699 + 3 && s[0] == '<' && s[700] == '|' && s[1400] == '>');
  }
  CHECK_STR(vfmt(S, "%s=%d (%I) %f%%", "v", 7, (vm_Integer)8, 0.25), "v=7 (8) 0.25%");
  /* an invalid option is an error */
  vm_pushcfunction(S, c_badformat);
  st = vm_pcall(S, 0, 1, 0);
  CHECK(st == VM_ERRRUN);
  CHECK(vm_isstring(S, -1) && strstr(vm_tostring(S, -1), "invalid option '%q'") != NULL);
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* vm_arith                                                                */

static void pushnum(vm_State *S, double v, int isint) {
  if (isint) vm_pushinteger(S, (vm_Integer)v);
  else vm_pushnumber(S, v);
}

/* a OP b: checks the result's value and subtype */
static void arith_ok(vm_State *S, int line, int op, double a, int ai, double b, int bi, double want,
                     int wantint) {
  int top = vm_gettop(S);
  pushnum(S, a, ai);
  if (op != VM_OPUNM && op != VM_OPBNOT) pushnum(S, b, bi);
  vm_arith(S, op);
  checks++;
  if (vm_gettop(S) != top + 1 || vm_isinteger(S, -1) != wantint ||
      (!isnan(want) && vm_tonumber(S, -1) != want) || (isnan(want) && !isnan(vm_tonumber(S, -1)))) {
    fprintf(stderr, "%s:%d: arith op %d: got %.17g (int %d), want %.17g (int %d)\n", __FILE__, line, op,
            vm_tonumber(S, -1), vm_isinteger(S, -1), want, wantint);
    failures++;
  }
  vm_settop(S, top);
}
#define ARITH(op, a, ai, b, bi, want, wi) arith_ok(S, __LINE__, op, a, ai, b, bi, want, wi)

static int c_arith_err(vm_State *S) {
  /* arguments: a, b, op */
  int op = (int)vm_tointeger(S, 3);
  vm_settop(S, 2);
  vm_arith(S, op);
  return 1;
}

static const char *arith_err(vm_State *S, int op) {
  /* operands are on the stack top (two of them); returns the error */
  vm_pushcfunction(S, c_arith_err);
  vm_insert(S, -3);
  vm_pushinteger(S, op);
  if (vm_pcall(S, 3, 1, 0) == VM_OK) return "(no error)";
  return vm_tostring(S, -1);
}

static void test_arith(void) {
  vm_State *S = newstate_libs();
  const char *e;
  int i;
  ARITH(VM_OPADD, 2, 1, 3, 1, 5, 1);
  ARITH(VM_OPADD, 2, 1, 0.5, 0, 2.5, 0);
  ARITH(VM_OPADD, (double)INT64_MAX, 1, 1, 1, (double)INT64_MIN, 1); /* wraps around */
  ARITH(VM_OPSUB, 2, 1, 3, 1, -1, 1);
  ARITH(VM_OPSUB, 2.5, 0, 3, 1, -0.5, 0);
  ARITH(VM_OPMUL, 6, 1, 7, 1, 42, 1);
  ARITH(VM_OPMUL, 1.5, 0, 2, 1, 3.0, 0);
  ARITH(VM_OPMOD, 7, 1, 3, 1, 1, 1);
  ARITH(VM_OPMOD, -7, 1, 3, 1, 2, 1);
  ARITH(VM_OPMOD, 7, 1, -3, 1, -2, 1);
  ARITH(VM_OPMOD, 5.5, 0, 2, 1, 1.5, 0);
  ARITH(VM_OPMOD, -5.5, 0, 2, 1, 0.5, 0);
  ARITH(VM_OPMOD, 5, 1, 0, 0, NAN, 0);
  ARITH(VM_OPPOW, 2, 1, 10, 1, 1024.0, 0); /* always a float */
  ARITH(VM_OPPOW, 4, 1, 0.5, 0, 2.0, 0);
  ARITH(VM_OPDIV, 7, 1, 2, 1, 3.5, 0);
  ARITH(VM_OPDIV, 6, 1, 3, 1, 2.0, 0); /* always a float */
  ARITH(VM_OPDIV, 1, 1, 0, 1, HUGE_VAL, 0);
  ARITH(VM_OPIDIV, 7, 1, 2, 1, 3, 1);
  ARITH(VM_OPIDIV, -7, 1, 2, 1, -4, 1);
  ARITH(VM_OPIDIV, 7.5, 0, 2, 1, 3.0, 0);
  ARITH(VM_OPIDIV, (double)INT64_MIN, 1, -1, 1, (double)INT64_MIN, 1);
  ARITH(VM_OPBAND, 12, 1, 10, 1, 8, 1);
  ARITH(VM_OPBAND, 12.0, 0, 10, 1, 8, 1); /* floats with integer values convert */
  ARITH(VM_OPBOR, 12, 1, 10, 1, 14, 1);
  ARITH(VM_OPBXOR, 12, 1, 10, 1, 6, 1);
  ARITH(VM_OPSHL, 1, 1, 4, 1, 16, 1);
  ARITH(VM_OPSHL, 1, 1, 64, 1, 0, 1);
  ARITH(VM_OPSHL, 16, 1, -2, 1, 4, 1);
  ARITH(VM_OPSHR, 16, 1, 2, 1, 4, 1);
  ARITH(VM_OPSHR, -1, 1, 63, 1, 1, 1); /* logical shift */
  ARITH(VM_OPUNM, 5, 1, 0, 0, -5, 1);
  ARITH(VM_OPUNM, 2.5, 0, 0, 0, -2.5, 0);
  ARITH(VM_OPUNM, (double)INT64_MIN, 1, 0, 0, (double)INT64_MIN, 1);
  ARITH(VM_OPBNOT, 0, 1, 0, 0, -1, 1);
  ARITH(VM_OPBNOT, 5.0, 0, 0, 0, -6, 1);
  /* numeric strings: arithmetic through the string library */
  vm_pushstring(S, "10");
  vm_pushinteger(S, 1);
  vm_arith(S, VM_OPADD);
  CHECK(vm_isinteger(S, -1) && vm_tointeger(S, -1) == 11);
  vm_pushstring(S, "0x10");
  vm_pushstring(S, "2.5");
  vm_arith(S, VM_OPMUL);
  CHECK(!vm_isinteger(S, -1) && vm_tonumber(S, -1) == 40.0);
  vm_pushstring(S, " 3 ");
  vm_arith(S, VM_OPUNM);
  CHECK(vm_isinteger(S, -1) && vm_tointeger(S, -1) == -3);
  vm_settop(S, 0);
  /* errors */
  vm_pushinteger(S, 1);
  vm_pushinteger(S, 0);
  CHECK_STR(arith_err(S, VM_OPIDIV), "attempt to divide by zero"); /* lua5.4.4's text */
  vm_settop(S, 0);
  vm_pushinteger(S, 1);
  vm_pushinteger(S, 0);
  CHECK_STR(arith_err(S, VM_OPMOD), "attempt to perform 'n%0'");
  vm_settop(S, 0);
  vm_pushnumber(S, 1.5);
  vm_pushinteger(S, 1);
  CHECK_STR(arith_err(S, VM_OPBAND), "number has no integer representation");
  vm_settop(S, 0);
  vm_pushstring(S, "3");
  vm_pushinteger(S, 1);
  CHECK_STR(arith_err(S, VM_OPBOR), "attempt to perform bitwise operation on a string value");
  vm_settop(S, 0);
  vm_newtable(S);
  vm_pushinteger(S, 1);
  CHECK_STR(arith_err(S, VM_OPADD), "attempt to perform arithmetic on a table value");
  vm_settop(S, 0);
  vm_pushinteger(S, 1);
  vm_pushboolean(S, 1);
  CHECK_STR(arith_err(S, VM_OPSUB), "attempt to perform arithmetic on a boolean value");
  vm_settop(S, 0);
  vm_pushstring(S, "abc");
  vm_pushinteger(S, 1);
  e = arith_err(S, VM_OPADD);
  CHECK_STR(e, "attempt to add a 'string' with a 'number'"); /* the string library's __add */
  vm_settop(S, 0);
  /* metamethods: every operator reaches its event; unary ones get the
  ** operand twice */
  CHECK(vm_dostring(S,
                    "local mt = {}\n"
                    "for _, e in ipairs{'add','sub','mul','mod','pow','div','idiv','band','bor',\n"
                    "                   'bxor','shl','shr','unm','bnot'} do\n"
                    "  mt['__' .. e] = function(a, b) return e .. ':' .. (rawequal(a, b) and 'same' or type(a) .. ',' .. type(b)) end\n"
                    "end\n"
                    "obj = setmetatable({}, mt)") == VM_OK);
  {
    static const char *const names[] = {"add", "sub", "mul", "mod", "pow", "div", "idiv",
                                        "band", "bor", "bxor", "shl", "shr", "unm", "bnot"};
    for (i = VM_OPADD; i <= VM_OPBNOT; i++) {
      char want[40];
      vm_getglobal(S, "obj");
      if (i == VM_OPUNM || i == VM_OPBNOT) {
        snprintf(want, sizeof want, "%s:same", names[i]);
      } else {
        vm_pushinteger(S, 2);
        snprintf(want, sizeof want, "%s:table,number", names[i]);
      }
      vm_arith(S, i);
      CHECK_STR(vm_tostring(S, -1), want);
      vm_settop(S, 0);
    }
    /* the object as the second operand */
    vm_pushnumber(S, 1.5);
    vm_getglobal(S, "obj");
    vm_arith(S, VM_OPSHL);
    CHECK_STR(vm_tostring(S, -1), "shl:number,table");
    vm_settop(S, 0);
  }
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* comparison, concatenation, length                                       */

static int c_compare_err(vm_State *S) {
  vm_pushboolean(S, vm_compare(S, 1, 2, VM_OPLT));
  return 1;
}

static int c_concat_err(vm_State *S) {
  vm_concat(S, vm_gettop(S));
  return 1;
}

static int c_len_err(vm_State *S) {
  vm_len(S, 1);
  return 1;
}

static int c_lenof(vm_State *S) {
  vm_pushinteger(S, vm_lenof(S, 1));
  return 1;
}

static void test_compare(void) {
  vm_State *S = newstate_libs();
  /* 1: 1, 2: 1.0, 3: 2, 4: "a", 5: "b", 6: {}, 7: {} */
  vm_pushinteger(S, 1);
  vm_pushnumber(S, 1.0);
  vm_pushinteger(S, 2);
  vm_pushstring(S, "a");
  vm_pushstring(S, "b");
  vm_newtable(S);
  vm_newtable(S);
  CHECK(vm_rawequal(S, 1, 2));
  CHECK(!vm_rawequal(S, 1, 3));
  CHECK(!vm_rawequal(S, 6, 7) && vm_rawequal(S, 6, 6));
  CHECK(!vm_rawequal(S, 1, 19) && !vm_rawequal(S, 19, 19)); /* absent indices */
  vm_pushstring(S, "a");
  CHECK(vm_rawequal(S, 4, -1));
  vm_pop(S, 1);
  CHECK(vm_compare(S, 1, 2, VM_OPEQ));
  CHECK(vm_compare(S, 1, 3, VM_OPLT) && !vm_compare(S, 3, 1, VM_OPLT));
  CHECK(vm_compare(S, 1, 2, VM_OPLE) && !vm_compare(S, 1, 2, VM_OPLT));
  CHECK(vm_compare(S, 4, 5, VM_OPLT) && vm_compare(S, 4, 4, VM_OPLE) && !vm_compare(S, 5, 4, VM_OPLE));
  CHECK(!vm_compare(S, 6, 7, VM_OPEQ));
  CHECK(!vm_compare(S, 1, 4, VM_OPEQ)); /* different types are never equal */
  CHECK(!vm_compare(S, 1, 19, VM_OPEQ) && !vm_compare(S, 19, 1, VM_OPLT)); /* absent: 0 */
  vm_pushnumber(S, NAN);
  CHECK(!vm_compare(S, -1, -1, VM_OPEQ) && !vm_compare(S, -1, 1, VM_OPLE) && !vm_compare(S, 1, -1, VM_OPLT));
  vm_pop(S, 1);
  vm_pushinteger(S, INT64_MAX);
  vm_pushnumber(S, 9223372036854775808.0);
  CHECK(vm_compare(S, -2, -1, VM_OPLT)); /* exact integer/float comparison */
  CHECK(!vm_compare(S, -2, -1, VM_OPEQ));
  vm_pop(S, 2);
  /* metamethods __eq, __lt, __le */
  CHECK(vm_dostring(S, "local mt = {__eq = function(a, b) return a.v == b.v end,\n"
                       "            __lt = function(a, b) return a.v < b.v end,\n"
                       "            __le = function(a, b) return a.v <= b.v end}\n"
                       "function V(v) return setmetatable({v = v}, mt) end") == VM_OK);
  vm_settop(S, 0);
  CHECK(vm_eval(S, "V(1), V(1), V(2)") == 3);
  CHECK(vm_compare(S, 1, 2, VM_OPEQ) && !vm_rawequal(S, 1, 2));
  CHECK(vm_compare(S, 1, 3, VM_OPLT) && !vm_compare(S, 3, 1, VM_OPLT));
  CHECK(vm_compare(S, 1, 2, VM_OPLE) && !vm_compare(S, 3, 2, VM_OPLE));
  vm_settop(S, 0);
  /* errors: ordering values of different types */
  vm_pushcfunction(S, c_compare_err);
  vm_pushinteger(S, 1);
  vm_pushstring(S, "x");
  CHECK(vm_pcall(S, 2, 1, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to compare number with string");
  vm_settop(S, 0);
  vm_pushcfunction(S, c_compare_err);
  vm_newtable(S);
  vm_newtable(S);
  CHECK(vm_pcall(S, 2, 1, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to compare two table values");
  vm_close(S);
}

static void test_concat(void) {
  vm_State *S = newstate_libs();
  vm_concat(S, 0);
  CHECK(vm_gettop(S) == 1 && vm_type(S, 1) == VM_TSTRING && vm_rawlen(S, 1) == 0);
  vm_settop(S, 0);
  vm_pushinteger(S, 7);
  vm_concat(S, 1); /* a single value is left as it is */
  CHECK(vm_gettop(S) == 1 && vm_type(S, 1) == VM_TNUMBER && vm_tointeger(S, 1) == 7);
  vm_settop(S, 0);
  vm_pushstring(S, "x");
  vm_concat(S, 1);
  CHECK(vm_gettop(S) == 1);
  CHECK_STR(vm_tostring(S, 1), "x");
  vm_settop(S, 0);
  vm_pushstring(S, "a");
  vm_pushnumber(S, 2.5);
  vm_pushinteger(S, 1);
  vm_pushnumber(S, 3.0);
  vm_concat(S, 4);
  CHECK(vm_gettop(S) == 1);
  CHECK_STR(vm_tostring(S, 1), "a2.513.0");
  vm_settop(S, 0);
  vm_pushinteger(S, 1);
  vm_pushinteger(S, 2);
  vm_concat(S, 2);
  CHECK(vm_type(S, -1) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "12");
  vm_settop(S, 0);
  /* many pieces, with embedded zeros */
  {
    int i;
    size_t len;
    const char *s;
    CHECK(vm_checkstack(S, 300));
    for (i = 0; i < 300; i++) vm_pushlstring(S, "a\0", 2);
    vm_concat(S, 300);
    s = vm_tolstring(S, -1, &len);
    CHECK(len == 600 && s[0] == 'a' && s[1] == '\0' && s[598] == 'a');
    vm_settop(S, 0);
  }
  /* __concat */
  CHECK(vm_dostring(S, "cc = setmetatable({}, {__concat = function(a, b)\n"
                       "  return (type(a) == 'table' and 'T' or a) .. '+' .. (type(b) == 'table' and 'T' or b) end})") ==
        VM_OK);
  vm_settop(S, 0);
  vm_pushstring(S, "x");
  vm_getglobal(S, "cc");
  vm_pushstring(S, "y");
  vm_concat(S, 3);
  CHECK_STR(vm_tostring(S, -1), "xT+y"); /* right associative: cc .. "y" first */
  vm_settop(S, 0);
  /* error */
  vm_pushcfunction(S, c_concat_err);
  vm_pushstring(S, "x");
  vm_newtable(S);
  CHECK(vm_pcall(S, 2, 1, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to concatenate a table value");
  vm_close(S);
}

static void test_len(void) {
  vm_State *S = newstate_libs();
  int i;
  vm_pushstring(S, "hello");
  vm_len(S, 1);
  CHECK(vm_isinteger(S, -1) && vm_tointeger(S, -1) == 5);
  CHECK(vm_lenof(S, 1) == 5);
  vm_settop(S, 0);
  vm_newtable(S);
  for (i = 1; i <= 10; i++) {
    vm_pushinteger(S, i);
    vm_rawseti(S, 1, i);
  }
  vm_len(S, 1);
  CHECK(vm_tointeger(S, -1) == 10);
  vm_pop(S, 1);
  CHECK(vm_rawlen(S, 1) == 10 && vm_lenof(S, 1) == 10);
  /* __len: vm_len and vm_lenof use it, vm_rawlen does not */
  CHECK(vm_dostring(S, "return setmetatable({1, 2, 3}, {__len = function() return 42 end})") == VM_OK);
  vm_len(S, -1);
  CHECK(vm_tointeger(S, -1) == 42);
  vm_pop(S, 1);
  CHECK(vm_lenof(S, -1) == 42);
  CHECK(vm_rawlen(S, -1) == 3);
  vm_settop(S, 0);
  vm_newuserdatauv(S, 24, 0);
  CHECK(vm_rawlen(S, -1) == 24);
  vm_pushinteger(S, 12345);
  CHECK(vm_rawlen(S, -1) == 0); /* numbers have no raw length */
  vm_settop(S, 0);
  /* errors */
  vm_pushcfunction(S, c_len_err);
  vm_pushinteger(S, 3);
  CHECK(vm_pcall(S, 1, 1, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to get length of a number value");
  vm_settop(S, 0);
  vm_pushcfunction(S, c_lenof);
  CHECK(vm_dostring(S, "return setmetatable({}, {__len = function() return 'x' end})") == VM_OK);
  CHECK(vm_pcall(S, 1, 1, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "object length is not an integer");
  vm_settop(S, 0);
  vm_pushcfunction(S, c_lenof);
  CHECK(vm_dostring(S, "return setmetatable({}, {__len = function() return 2.0 end})") == VM_OK);
  CHECK(vm_pcall(S, 1, 1, 0) == VM_OK && vm_tointeger(S, -1) == 2);
  vm_close(S);
}

int main(void) {
  test_types();
  test_tonumber_rules();
  test_tolstring();
  test_push();
  test_pushfstring();
  test_arith();
  test_compare();
  test_concat();
  test_len();
  return check_report("test_api_access");
}
