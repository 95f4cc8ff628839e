/*
** test_api_stack.c — the stack manipulation part of vm.h: vm_absindex,
** vm_gettop, vm_settop (closing to-be-closed slots), vm_pushvalue,
** vm_rotate and the vm_insert/vm_remove/vm_replace/vm_pop macros, vm_copy,
** vm_checkstack growth and its limit, vm_xmove, vm_toclose/vm_closeslot.
** Prints "test_api_stack: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

/* The stack as "1 2 nil x", for compact checks. */
static const char *stackstr(vm_State *S) {
  static char buf[512];
  int i, n = vm_gettop(S);
  size_t len = 0;
  buf[0] = '\0';
  for (i = 1; i <= n && len < sizeof buf - 32; i++) {
    const char *item;
    char num[32];
    switch (vm_type(S, i)) {
      case VM_TNIL: item = "nil"; break;
      case VM_TNUMBER: snprintf(num, sizeof num, "%lld", (long long)vm_tointeger(S, i)); item = num; break;
      case VM_TSTRING: item = vm_tostring(S, i); break;
      default: item = vm_typename(S, vm_type(S, i)); break;
    }
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i > 1 ? " " : "", item);
  }
  return buf;
}

static void pushints(vm_State *S, int from, int to) {
  for (int i = from; i <= to; i++) vm_pushinteger(S, i);
}

/* Pushes f and calls it protected with no arguments; returns the status
** and leaves the error message (if any) on the stack. */
static int runc(vm_State *S, vm_CFunction f) {
  vm_pushcfunction(S, f);
  return vm_pcall(S, 0, 0, 0);
}

/* ---------------------------------------------------------------------- */

static void test_indices(void) {
  vm_State *S = vm_newstate();
  CHECK(S != NULL);
  CHECK(vm_gettop(S) == 0);
  pushints(S, 1, 5);
  CHECK(vm_gettop(S) == 5);
  CHECK(vm_absindex(S, -1) == 5);
  CHECK(vm_absindex(S, -5) == 1);
  CHECK(vm_absindex(S, 3) == 3);
  CHECK(vm_absindex(S, VM_REGISTRYINDEX) == VM_REGISTRYINDEX);
  CHECK(vm_absindex(S, vm_upvalueindex(2)) == vm_upvalueindex(2));
  CHECK(vm_upvalueindex(1) == VM_REGISTRYINDEX - 1);
  /* vm_pushvalue copies, the original stays */
  vm_pushvalue(S, 2);
  CHECK_STR(stackstr(S), "1 2 3 4 5 2");
  vm_pushvalue(S, -1);
  CHECK(vm_gettop(S) == 7 && vm_tointeger(S, -1) == 2);
  /* settop down, then up (new slots are nil) */
  vm_settop(S, 3);
  CHECK_STR(stackstr(S), "1 2 3");
  vm_settop(S, 5);
  CHECK_STR(stackstr(S), "1 2 3 nil nil");
  vm_settop(S, -2); /* pops one */
  CHECK_STR(stackstr(S), "1 2 3 nil");
  vm_pop(S, 2);
  CHECK_STR(stackstr(S), "1 2");
  vm_pop(S, 0);
  CHECK(vm_gettop(S) == 2);
  /* an index past the top is "none", a pseudo index out of range too */
  CHECK(vm_type(S, 3) == VM_TNONE);
  CHECK(vm_isnone(S, 20)); /* acceptable: within the space granted */
  CHECK(vm_isnoneornil(S, 3));
  CHECK(vm_type(S, vm_upvalueindex(1)) == VM_TNONE); /* host level: no closure */
  vm_settop(S, 0);
  CHECK(vm_gettop(S) == 0);
  vm_close(S);
}

static void test_rotate_family(void) {
  vm_State *S = vm_newstate();
  pushints(S, 1, 5);
  vm_rotate(S, 2, 1);
  CHECK_STR(stackstr(S), "1 5 2 3 4");
  vm_rotate(S, 2, -1);
  CHECK_STR(stackstr(S), "1 2 3 4 5");
  vm_rotate(S, 1, 2);
  CHECK_STR(stackstr(S), "4 5 1 2 3");
  vm_rotate(S, 1, -2);
  CHECK_STR(stackstr(S), "1 2 3 4 5");
  vm_rotate(S, -3, 0);
  CHECK_STR(stackstr(S), "1 2 3 4 5");
  vm_rotate(S, -2, 1);
  CHECK_STR(stackstr(S), "1 2 3 5 4");
  vm_rotate(S, -1, 1); /* one element: no change */
  CHECK_STR(stackstr(S), "1 2 3 5 4");
  vm_rotate(S, 1, 5); /* full turn */
  CHECK_STR(stackstr(S), "1 2 3 5 4");
  vm_settop(S, 0);

  pushints(S, 1, 3);
  vm_pushinteger(S, 0);
  vm_insert(S, 1);
  CHECK_STR(stackstr(S), "0 1 2 3");
  vm_pushinteger(S, 9);
  vm_insert(S, -1); /* inserting at the top is a no-op */
  CHECK_STR(stackstr(S), "0 1 2 3 9");
  vm_pushinteger(S, 8);
  vm_insert(S, -3);
  CHECK_STR(stackstr(S), "0 1 2 8 3 9");
  vm_remove(S, 1);
  CHECK_STR(stackstr(S), "1 2 8 3 9");
  vm_remove(S, -1);
  CHECK_STR(stackstr(S), "1 2 8 3");
  vm_remove(S, -2);
  CHECK_STR(stackstr(S), "1 2 3");
  vm_pushinteger(S, 7);
  vm_replace(S, 1);
  CHECK_STR(stackstr(S), "7 2 3");
  vm_pushinteger(S, 6);
  vm_replace(S, -2); /* the index counts before the pop: replaces 3 */
  CHECK_STR(stackstr(S), "7 2 6");
  vm_copy(S, 1, 3);
  CHECK_STR(stackstr(S), "7 2 7");
  vm_copy(S, -2, -1);
  CHECK_STR(stackstr(S), "7 2 2");
  vm_copy(S, 2, 2);
  CHECK_STR(stackstr(S), "7 2 2");
  /* strings and tables survive rotations and a collection */
  vm_settop(S, 0);
  vm_pushstring(S, "a");
  vm_newtable(S);
  vm_pushstring(S, "inside");
  vm_setfield(S, -2, "k");
  vm_pushstring(S, "c");
  vm_rotate(S, 1, 1);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_type(S, 1) == VM_TSTRING && vm_type(S, 2) == VM_TSTRING && vm_istable(S, 3));
  CHECK_STR(vm_tostring(S, 1), "c");
  CHECK(vm_getfield(S, 3, "k") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "inside");
  vm_close(S);
}

static void test_checkstack(void) {
  vm_State *S = vm_newstate();
  int i, ok = 1;
  CHECK(vm_checkstack(S, 10) == 1);
  CHECK(vm_checkstack(S, 0) == 1);
  CHECK(vm_checkstack(S, 20000) == 1);
  for (i = 1; i <= 20000; i++) vm_pushinteger(S, i);
  CHECK(vm_gettop(S) == 20000);
  for (i = 1; i <= 20000; i += 997)
    if (vm_tointeger(S, i) != i) ok = 0;
  CHECK(ok);
  CHECK(vm_tointeger(S, -1) == 20000);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_tointeger(S, 12345) == 12345);
  vm_settop(S, 0);
  /* more than a thread's stack can ever hold: refused, state unharmed */
  CHECK(vm_checkstack(S, 5000000) == 0);
  CHECK(vm_checkstack(S, 1000) == 1);
  vm_close(S);
}

/* Lua 5.4's lua_checkstack refuses an impossible size without touching the
** stack; afterwards a runaway recursion is still an ordinary "stack
** overflow" (VM_ERRRUN), not an error in error handling. */
static void test_checkstack_refusal_keeps_state(void) {
  vm_State *S = vm_newstate();
  int st;
  vm_openlibs(S, VM_LIB_BASE);
  CHECK(vm_checkstack(S, 2000000) == 0);
  st = vm_dostring(S, "local function f() return 1 + f() end f()");
  CHECK(st == VM_ERRRUN);
  CHECK(vm_isstring(S, -1) && strstr(vm_tostring(S, -1), "stack overflow") != NULL);
  vm_settop(S, 0);
  CHECK(vm_eval(S, "40 + 2") == 1 && vm_tointeger(S, -1) == 42);
  vm_close(S);
}

static int c_checkstack_deep(vm_State *S) {
  /* a C function may grow its own frame well past VM_MINSTACK */
  int i;
  if (!vm_checkstack(S, 3001)) return vm_errorf(S, "checkstack refused");
  for (i = 0; i < 3000; i++) vm_pushinteger(S, i);
  vm_pushinteger(S, vm_tointeger(S, -1) + vm_tointeger(S, 1));
  return 1;
}

static void test_checkstack_in_c(void) {
  vm_State *S = vm_newstate();
  vm_pushcfunction(S, c_checkstack_deep);
  CHECK(vm_pcall(S, 0, 1, 0) == VM_OK);
  CHECK(vm_tointeger(S, -1) == 2999);
  vm_close(S);
}

static void test_xmove(void) {
  vm_State *S = vm_newstate();
  vm_State *T = vm_newthread(S);
  vm_State *U;
  CHECK(T != NULL && T != S);
  CHECK(vm_isthread(S, 1) && vm_tothread(S, 1) == T);
  vm_pushinteger(S, 1);
  vm_pushstring(S, "two");
  vm_newtable(S);
  vm_pushinteger(S, 33);
  vm_rawseti(S, -2, 1);
  vm_xmove(S, T, 2);
  CHECK(vm_gettop(S) == 2 && vm_tointeger(S, 2) == 1);
  CHECK(vm_gettop(T) == 2);
  CHECK_STR(vm_tostring(T, 1), "two");
  CHECK(vm_istable(T, 2));
  vm_gc(S, VM_GCCOLLECT); /* the moved values are reachable from T only */
  CHECK(vm_rawgeti(T, 2, 1) == VM_TNUMBER && vm_tointeger(T, -1) == 33);
  vm_pop(T, 1);
  /* back, and onto a third thread */
  U = vm_newthread(S);
  vm_xmove(T, U, 1);
  CHECK(vm_gettop(T) == 1 && vm_gettop(U) == 1 && vm_istable(U, 1));
  vm_xmove(T, S, 1);
  CHECK(vm_gettop(T) == 0);
  CHECK_STR(vm_tostring(S, -1), "two");
  /* moving zero values, and a thread to itself, change nothing */
  vm_xmove(S, T, 0);
  CHECK(vm_gettop(T) == 0);
  vm_xmove(S, S, 1);
  CHECK_STR(vm_tostring(S, -1), "two");
  /* a thread value itself moves like any value */
  vm_pushthread(T);
  CHECK(vm_tothread(T, -1) == T);
  vm_xmove(T, S, 1);
  CHECK(vm_tothread(S, -1) == T);
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* to-be-closed slots                                                      */


static const char *closelog(vm_State *S) {
  static char buf[256];
  int n = vm_eval(S, "table.concat(log, ' ')");
  buf[0] = '\0';
  if (n == 1 && vm_isstring(S, -1)) snprintf(buf, sizeof buf, "%s", vm_tostring(S, -1));
  vm_pop(S, n > 0 ? n : 1);
  return buf;
}

static void pushclosable(vm_State *S, const char *name) {
  vm_getglobal(S, "mk");
  vm_pushstring(S, name);
  vm_call(S, 1, 1);
}

static vm_State *newclosestate(void) {
  vm_State *S = vm_newstate();
  vm_openlibs(S, VM_LIB_ALL);
  CHECK(vm_dostring(S, "log = {}\n"
                       "local mt = {__close = function(o, e)\n"
                       "  log[#log + 1] = o.name .. (e == nil and '' or ':' .. tostring(e))\n"
                       "  if o.name == 'boom' then error('close failed', 0) end\n"
                       "end}\n"
                       "function mk(name) return setmetatable({name = name}, mt) end") == VM_OK);
  vm_settop(S, 0);
  return S;
}

static int c_tbc_return(vm_State *S) {
  pushclosable(S, "r1");
  vm_toclose(S, -1);
  pushclosable(S, "r2");
  vm_toclose(S, -1);
  vm_pushinteger(S, 5);
  return 1; /* both closed on return, r2 first; the result survives */
}

static int c_tbc_error(vm_State *S) {
  pushclosable(S, "e1");
  vm_toclose(S, -1);
  vm_pushstring(S, "oops");
  return vm_error(S);
}

static int c_tbc_settop(vm_State *S) {
  pushclosable(S, "s1");
  vm_toclose(S, 1);
  vm_pushinteger(S, 1);
  pushclosable(S, "s2");
  vm_toclose(S, -1);
  vm_settop(S, 2); /* closes s2 only */
  vm_pushinteger(S, (vm_Integer)vm_gettop(S));
  vm_closeslot(S, 1); /* closes s1 and sets the slot to nil */
  vm_pushboolean(S, vm_isnil(S, 1));
  vm_settop(S, 0); /* nothing left to close */
  return 0;
}

static int c_tbc_nonclosable(vm_State *S) {
  vm_pushinteger(S, 1);
  vm_toclose(S, -1);
  return 0;
}

static int c_tbc_nilfalse(vm_State *S) {
  vm_pushnil(S);
  vm_toclose(S, -1);
  vm_pushboolean(S, 0);
  vm_toclose(S, -1);
  vm_settop(S, 0);
  vm_pushinteger(S, 3);
  return 1;
}

static int c_tbc_closeerror(vm_State *S) {
  pushclosable(S, "boom");
  vm_toclose(S, -1);
  vm_settop(S, 0); /* __close raises */
  vm_pushstring(S, "not reached");
  vm_setglobal(S, "reached");
  return 0;
}

static void test_toclose(void) {
  vm_State *S = newclosestate();
  int st;
  /* on the host's own frame */
  pushclosable(S, "a");
  vm_toclose(S, -1);
  pushclosable(S, "b");
  vm_toclose(S, -1);
  vm_pushinteger(S, 10);
  vm_pop(S, 1); /* not a tbc slot: nothing closed */
  CHECK_STR(closelog(S), "");
  vm_pop(S, 1); /* closes b */
  CHECK_STR(closelog(S), "b");
  vm_closeslot(S, 1);
  CHECK_STR(closelog(S), "b a");
  CHECK(vm_gettop(S) == 1 && vm_isnil(S, 1));
  vm_settop(S, 0);
  CHECK_STR(closelog(S), "b a");
  CHECK(vm_dostring(S, "log = {}") == VM_OK);

  /* closed when a C function returns */
  vm_pushcfunction(S, c_tbc_return);
  st = vm_pcall(S, 0, 1, 0);
  CHECK(st == VM_OK && vm_tointeger(S, -1) == 5);
  vm_pop(S, 1);
  CHECK_STR(closelog(S), "r2 r1");
  CHECK(vm_dostring(S, "log = {}") == VM_OK);

  /* closed with the error object when a C function raises */
  st = runc(S, c_tbc_error);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "oops");
  vm_pop(S, 1);
  CHECK_STR(closelog(S), "e1:oops");
  CHECK(vm_dostring(S, "log = {}") == VM_OK);

  /* settop and closeslot inside a C function */
  vm_pushcfunction(S, c_tbc_settop);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_OK);
  CHECK_STR(closelog(S), "s2 s1");
  CHECK(vm_dostring(S, "log = {}") == VM_OK);

  /* a value without __close cannot be marked */
  st = runc(S, c_tbc_nonclosable);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "variable '(C temporary)' got a non-closable value");
  vm_pop(S, 1);
  /* nil and false are accepted and need no closing */
  vm_pushcfunction(S, c_tbc_nilfalse);
  CHECK(vm_pcall(S, 0, 1, 0) == VM_OK && vm_tointeger(S, -1) == 3);
  vm_pop(S, 1);
  /* an error in __close raised by vm_settop propagates */
  st = runc(S, c_tbc_closeerror);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "close failed");
  vm_pop(S, 1);
  CHECK_STR(closelog(S), "boom");
  CHECK(vm_getglobal(S, "reached") == VM_TNIL);
  vm_pop(S, 1);
  CHECK(vm_gettop(S) == 0);
  /* Lua code calling a C function that closes works as well */
  vm_pushcfunction(S, c_tbc_return);
  vm_setglobal(S, "ctbc");
  CHECK(vm_dostring(S, "log = {} local x = ctbc() assert(x == 5) assert(#log == 2)") == VM_OK);
  vm_close(S);
}

/* A tbc slot on a coroutine's stack is closed by vm_closethread. */
static void test_toclose_thread(void) {
  vm_State *S = newclosestate();
  vm_State *T = vm_newthread(S);
  pushclosable(T, "t1");
  vm_toclose(T, -1);
  CHECK(vm_closethread(T, S) == VM_OK);
  CHECK(vm_gettop(T) == 0);
  CHECK_STR(closelog(S), "t1");
  vm_close(S);
}

int main(void) {
  test_indices();
  test_rotate_family();
  test_checkstack();
  test_checkstack_refusal_keeps_state();
  test_checkstack_in_c();
  test_xmove();
  test_toclose();
  test_toclose_thread();
  return check_report("test_api_stack");
}
