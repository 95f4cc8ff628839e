/*
** mod_hello.c — a C module for the package library's tests
** (test/lua/lib_cmodule.lua), built into $(BUILD)/test/mod_hello.so by
** test/test.mk. Its vm_* calls resolve against the host (tide is linked
** with -rdynamic).
**
**   vm_open_mod_hello      require "mod_hello": a table of functions
**   vm_open_mod_hello_sub  require "mod_hello.sub" (the all-in-one searcher)
**   mod_hello_add          a plain C function for package.loadlib
*/
#include "vm.h"

/* greet(name) -> "hello, NAME" */
static int greet(vm_State *S) {
  vm_pushfstring(S, "hello, %s", vm_checkstring(S, 1));
  return 1;
}

/* counter() -> a closure counting its calls in an upvalue */
static int count_step(vm_State *S) {
  vm_Integer n = vm_tointeger(S, vm_upvalueindex(1)) + 1;
  vm_pushinteger(S, n);
  vm_copy(S, -1, vm_upvalueindex(1));
  return 1;
}

static int counter(vm_State *S) {
  vm_pushinteger(S, 0);
  vm_pushcclosure(S, count_step, 1);
  return 1;
}

int mod_hello_add(vm_State *S) {
  vm_pushinteger(S, vm_checkinteger(S, 1) + vm_checkinteger(S, 2));
  return 1;
}

static const vm_Reg funcs[] = {
  {"greet", greet},
  {"counter", counter},
  {"add", mod_hello_add},
  {NULL, NULL}
};

/* The loader's arguments (module name and file) are kept in the table. */
int vm_open_mod_hello(vm_State *S) {
  vm_newlib(S, funcs);
  vm_pushvalue(S, 1);
  vm_setfield(S, -2, "name");
  vm_pushvalue(S, 2);
  vm_setfield(S, -2, "file");
  return 1;
}

int vm_open_mod_hello_sub(vm_State *S) {
  vm_pushfstring(S, "sub of %s", vm_checkstring(S, 1));
  return 1;
}
