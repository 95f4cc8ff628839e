/*
** test_api.c — drives vm.h from C: states, values, tables, calls, errors,
** loading, coroutines from C, and the VM staying usable after errors.
** Every check prints what it expected on failure; the exit status is the
** number of failures.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

static int c_add(vm_State *S) {
  vm_Integer a = vm_checkinteger(S, 1), b = vm_checkinteger(S, 2);
  vm_pushinteger(S, a + b);
  return 1;
}

static int c_counter(vm_State *S) {
  vm_Integer n = vm_tointeger(S, vm_upvalueindex(1)) + 1;
  vm_pushinteger(S, n);
  vm_copy(S, -1, vm_upvalueindex(1));
  return 1;
}

static int c_fail(vm_State *S) { return vm_errorf(S, "failed with %d", 42); }

static int c_yielder(vm_State *S) { return vm_yield(S, vm_gettop(S)); }

static void test_values(void) {
  vm_State *S = vm_newstate();
  size_t len;
  const char *s;
  CHECK(S != NULL);
  vm_pushnil(S);
  vm_pushboolean(S, 1);
  vm_pushinteger(S, -7);
  vm_pushnumber(S, 2.5);
  vm_pushlstring(S, "a\0b", 3);
  CHECK(vm_gettop(S) == 5);
  CHECK(vm_type(S, 1) == VM_TNIL);
  CHECK(vm_toboolean(S, 2) == 1);
  CHECK(vm_isinteger(S, 3) && vm_tointeger(S, 3) == -7);
  CHECK(!vm_isinteger(S, 4) && vm_tonumber(S, 4) == 2.5);
  s = vm_tolstring(S, 5, &len);
  CHECK(len == 3 && memcmp(s, "a\0b", 3) == 0);
  CHECK(vm_type(S, 6) == VM_TNONE);
  /* number -> string conversion in place */
  s = vm_tolstring(S, 4, &len);
  CHECK_STR(s, "2.5");
  CHECK(vm_type(S, 4) == VM_TSTRING);
  vm_pushstring(S, "0x10");
  CHECK(vm_isnumber(S, -1) && vm_tointeger(S, -1) == 16);
  vm_settop(S, 0);
  CHECK(vm_gettop(S) == 0);
  vm_close(S);
}

static void test_tables_and_calls(void) {
  vm_State *S = vm_newstate();
  int i;
  vm_openlibs(S, VM_LIB_ALL);
  vm_createtable(S, 0, 0);
  for (i = 1; i <= 100; i++) {
    vm_pushinteger(S, i * i);
    vm_rawseti(S, -2, i);
  }
  vm_pushstring(S, "value");
  vm_setfield(S, -2, "key");
  CHECK(vm_rawlen(S, -1) == 100);
  CHECK(vm_geti(S, -1, 10) == VM_TNUMBER && vm_tointeger(S, -1) == 100);
  vm_pop(S, 1);
  CHECK(vm_getfield(S, -1, "key") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "value");
  vm_pop(S, 1);
  vm_setglobal(S, "T");
  /* C functions and closures called from Lua */
  vm_pushcfunction(S, c_add);
  vm_setglobal(S, "cadd");
  vm_pushinteger(S, 10);
  vm_pushcclosure(S, c_counter, 1);
  vm_setglobal(S, "counter");
  CHECK(vm_eval(S, "cadd(T[3], 1), counter(), counter(), #T, T.key") == 5);
  CHECK(vm_tointeger(S, 1) == 10);
  CHECK(vm_tointeger(S, 2) == 11 && vm_tointeger(S, 3) == 12);
  CHECK(vm_tointeger(S, 4) == 100);
  CHECK_STR(vm_tostring(S, 5), "value");
  vm_settop(S, 0);
  /* calling Lua from C */
  CHECK(vm_dostring(S, "function twice(x) return x, x * 2 end") == VM_OK);
  vm_getglobal(S, "twice");
  vm_pushinteger(S, 21);
  vm_call(S, 1, 2);
  CHECK(vm_tointeger(S, -1) == 42 && vm_tointeger(S, -2) == 21);
  vm_close(S);
}

static void test_errors(void) {
  vm_State *S = vm_newstate();
  int st;
  vm_openlibs(S, VM_LIB_ALL);
  /* syntax error */
  st = vm_loadstring(S, "x = = 1");
  CHECK(st == VM_ERRSYNTAX);
  CHECK_STR(vm_tostring(S, -1), "[string \"x = = 1\"]:1: unexpected symbol near '='");
  vm_pop(S, 1);
  /* runtime error with variable name */
  st = vm_dostring(S, "local t = nil\nreturn t.x");
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"local t = nil...\"]:2: attempt to index a nil value (local 't')");
  vm_pop(S, 1);
  /* error from a C function, with position */
  vm_pushcfunction(S, c_fail);
  vm_setglobal(S, "cfail");
  st = vm_dostring(S, "cfail()");
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"cfail()\"]:1: failed with 42");
  vm_pop(S, 1);
  /* error objects of any type */
  st = vm_dostring(S, "error({code = 7})");
  CHECK(st == VM_ERRRUN && vm_type(S, -1) == VM_TTABLE);
  vm_getfield(S, -1, "code");
  CHECK(vm_tointeger(S, -1) == 7);
  vm_pop(S, 2);
  /* runaway recursion is a catchable error and the state stays usable */
  st = vm_dostring(S, "local function f() return 1 + f() end f()");
  CHECK(st == VM_ERRRUN);
  CHECK(strstr(vm_tostring(S, -1), "stack overflow") != NULL);
  vm_pop(S, 1);
  CHECK(vm_eval(S, "1 + 1") == 1 && vm_tointeger(S, -1) == 2);
  vm_pop(S, 1);
  /* message handler */
  vm_pushcfunction(S, c_add); /* handler that fails: error in error handling */
  CHECK(vm_loadstring(S, "error('x')") == VM_OK);
  st = vm_pcall(S, 0, 0, 1);
  CHECK(st == VM_ERRRUN || st == VM_ERRERR);
  vm_settop(S, 0);
  CHECK(vm_gettop(S) == 0);
  vm_close(S);
}

static void test_coroutines_from_c(void) {
  vm_State *S = vm_newstate();
  vm_State *co;
  int nres, st;
  vm_openlibs(S, VM_LIB_ALL);
  co = vm_newthread(S);
  CHECK(vm_loadstring(co, "local a = ... ; local b = coroutine.yield(a + 1); return b * 2") == VM_OK);
  vm_pushinteger(co, 10);
  st = vm_resume(co, S, 1, &nres);
  CHECK(st == VM_YIELD && nres == 1 && vm_tointeger(co, -1) == 11);
  vm_pop(co, nres);
  vm_pushinteger(co, 5);
  st = vm_resume(co, S, 1, &nres);
  CHECK(st == VM_OK && nres == 1 && vm_tointeger(co, -1) == 10);
  /* a C function yielding */
  vm_pushcfunction(S, c_yielder);
  vm_setglobal(S, "cyield");
  CHECK(vm_dostring(S, "local co = coroutine.wrap(function(a) local x = cyield(a, a) return x end)\n"
                       "local p, q = co(3) assert(p == 3 and q == 3) assert(co('done') == 'done')") == VM_OK);
  vm_close(S);
}

static void test_gc_stress_state(void) {
  vm_Options opt;
  vm_State *S;
  memset(&opt, 0, sizeof opt);
  opt.gc_stress = 1;
  opt.nursery_size = 64 * 1024;
  S = vm_newstate_opt(&opt);
  vm_openlibs(S, VM_LIB_ALL);
  CHECK(vm_dostring(S,
                    "local keep = {}\n"
                    "for i = 1, 3000 do local t = {i, tostring(i), {i}} keep[i % 50 + 1] = t end\n"
                    "local s = 0 for i = 1, 50 do s = s + keep[i][3][1] end\n"
                    "assert(s > 0)") == VM_OK);
  vm_close(S);
}

/* The limit the memory-limit test runs under: 32 MiB, or 8 MiB under GC
** stress, whose major collection every 256th safe point makes filling a
** heap up to the limit quadratic (49 s at 32 MiB; make test's budget). */
static size_t test_limit(void) {
  const char *stress = getenv("TIDE_GC_STRESS");
  return (stress != NULL && stress[0] == '1' ? 8u : 32u) << 20;
}

static void test_memory_limit(void) {
  vm_Options opt;
  vm_State *S;
  int st, i;
  size_t limit = test_limit();
  memset(&opt, 0, sizeof opt);
  opt.memory_limit = limit;
  S = vm_newstate_opt(&opt);
  vm_openlibs(S, VM_LIB_ALL);
  CHECK(vm_getmemorylimit(S) == limit);
  /* one huge allocation */
  st = vm_dostring(S, "local s = ('x'):rep(1e9)");
  CHECK(st == VM_ERRMEM);
  CHECK_STR(vm_tostring(S, -1), "not enough memory");
  vm_pop(S, 1);
  /* caught inside Lua, then the state keeps working */
  CHECK(vm_dostring(S,
                    "local ok, e = pcall(string.rep, 'x', 1e9)\n"
                    "assert(not ok and e == 'not enough memory')\n"
                    "local t = {} for i = 1, 1e6 do t[#t + 1] = {i} end\n"
                    "assert(#t == 1e6)") == VM_ERRMEM);
  vm_pop(S, 1);
  /* slow growth hits the limit too; afterwards garbage is reclaimed */
  st = vm_dostring(S, "local t = {} for i = 1, 1e8 do t[i] = 'str' .. i end");
  CHECK(st == VM_ERRMEM);
  vm_pop(S, 1);
  for (i = 0; i < 20; i++) {
    st = vm_dostring(S, "local parts = {} for i = 1, 50000 do parts[i] = tostring(i) end "
                        "return #table.concat(parts)");
    CHECK(st == VM_OK);
    vm_settop(S, 0);
  }
  /* the very next call after a memory error works: the garbage the limit
  ** was reached with is collected when the error is caught */
  st = vm_dostring(S, "local t = {} while true do t[#t+1] = ('x'):rep(1000) .. #t end");
  CHECK(st == VM_ERRMEM);
  vm_pop(S, 1);
  CHECK(vm_dostring(S, "local x = {} for i = 1, 100 do x[i] = 'y' .. i end") == VM_OK);
  /* promotion may overshoot the limit by at most one nursery (2 MiB + reserve) */
  CHECK(vm_memoryused(S) < limit && vm_memorypeak(S) <= limit + (3u << 20));
  vm_setmemorylimit(S, 0);
  CHECK(vm_dostring(S, "local s = ('x'):rep(64 * 1024 * 1024) assert(#s == 67108864)") == VM_OK);
  vm_close(S);
}

static void test_many_states(void) {
  vm_State *a = vm_newstate(), *b = vm_newstate();
  vm_openlibs(a, VM_LIB_ALL);
  vm_openlibs(b, VM_LIB_ALL);
  CHECK(vm_dostring(a, "x = 1") == VM_OK);
  CHECK(vm_dostring(b, "x = 2") == VM_OK);
  CHECK(vm_eval(a, "x") == 1 && vm_tointeger(a, -1) == 1);
  CHECK(vm_eval(b, "x") == 1 && vm_tointeger(b, -1) == 2);
  vm_close(a);
  vm_close(b);
}

int main(void) {
  test_values();
  test_tables_and_calls();
  test_errors();
  test_coroutines_from_c();
  test_gc_stress_state();
  test_memory_limit();
  test_many_states();
  return check_report("test_api");
}
