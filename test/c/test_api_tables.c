/*
** test_api_tables.c — the table functions of vm.h: vm_createtable and
** vm_newtable, vm_getglobal/vm_setglobal, vm_gettable/vm_settable,
** vm_getfield/vm_setfield, vm_geti/vm_seti (all honouring __index and
** __newindex), the raw variants vm_rawget/vm_rawset/vm_rawgeti/vm_rawseti/
** vm_rawgetp/vm_rawsetp, vm_getmetatable/vm_setmetatable, and vm_next
** traversal; errors (indexing non-tables, nil and NaN keys, __index loops).
** Prints "test_api_tables: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

/* Calls f protected with the values on top (nargs of them); returns the
** status, leaving one result or the error message. */
static int pcallc(vm_State *S, vm_CFunction f, int nargs) {
  vm_pushcfunction(S, f);
  vm_insert(S, -(nargs + 1));
  return vm_pcall(S, nargs, 1, 0);
}

/* ---------------------------------------------------------------------- */

static void test_globals(void) {
  vm_State *S = newstate_libs();
  vm_pushinteger(S, 42);
  vm_setglobal(S, "answer");
  CHECK(vm_gettop(S) == 0);
  CHECK(vm_getglobal(S, "answer") == VM_TNUMBER && vm_tointeger(S, -1) == 42);
  CHECK(vm_getglobal(S, "nosuchglobal") == VM_TNIL && vm_isnil(S, -1));
  CHECK(vm_getglobal(S, "print") == VM_TFUNCTION);
  CHECK(vm_getglobal(S, "_G") == VM_TTABLE);
  vm_pushglobaltable(S);
  CHECK(vm_rawequal(S, -1, -2));
  vm_settop(S, 0);
  /* visible from Lua, and back */
  CHECK(vm_dostring(S, "assert(answer == 42) fromlua = 'yes'") == VM_OK);
  CHECK(vm_getglobal(S, "fromlua") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "yes");
  vm_pop(S, 1);
  /* a global set to nil disappears */
  vm_pushnil(S);
  vm_setglobal(S, "answer");
  CHECK(vm_getglobal(S, "answer") == VM_TNIL);
  vm_pop(S, 1);
  /* the global table's metatable is honoured */
  CHECK(vm_dostring(S, "setmetatable(_G, {__index = function(_, k) return 'dflt:' .. k end,\n"
                       "  __newindex = function(t, k, v) rawset(t, k, v * 2) end})") == VM_OK);
  CHECK(vm_getglobal(S, "missing") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "dflt:missing");
  vm_pop(S, 1);
  vm_pushinteger(S, 5);
  vm_setglobal(S, "doubled");
  CHECK(vm_getglobal(S, "doubled") == VM_TNUMBER && vm_tointeger(S, -1) == 10);
  vm_close(S);
}

static void test_get_set(void) {
  vm_State *S = newstate_libs();
  int dummy, t;
  vm_createtable(S, 4, 4);
  t = vm_gettop(S);
  /* settable / gettable with keys of many types */
  vm_pushinteger(S, 1);
  vm_pushstring(S, "one");
  vm_settable(S, t);
  CHECK(vm_gettop(S) == t);
  vm_pushnumber(S, 2.0); /* float keys with integer values are integers */
  vm_pushstring(S, "two");
  vm_settable(S, t);
  vm_pushnumber(S, 2.5);
  vm_pushstring(S, "two and a half");
  vm_settable(S, t);
  vm_pushboolean(S, 1);
  vm_pushstring(S, "true");
  vm_settable(S, t);
  vm_pushlightuserdata(S, &dummy);
  vm_pushstring(S, "light");
  vm_settable(S, t);
  vm_pushvalue(S, t); /* the table as a key in itself */
  vm_pushstring(S, "self");
  vm_settable(S, t);
  vm_pushstring(S, "k");
  vm_pushinteger(S, 99);
  vm_settable(S, t);
  vm_pushinteger(S, 2);
  CHECK(vm_gettable(S, t) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "two");
  vm_pop(S, 1);
  vm_pushnumber(S, 1.0);
  CHECK(vm_gettable(S, t) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "one");
  vm_pop(S, 1);
  vm_pushnumber(S, 2.5);
  CHECK(vm_gettable(S, t) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "two and a half");
  vm_pop(S, 1);
  vm_pushboolean(S, 1);
  CHECK(vm_gettable(S, t) == VM_TSTRING);
  vm_pop(S, 1);
  vm_pushlightuserdata(S, &dummy);
  CHECK(vm_gettable(S, t) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "light");
  vm_pop(S, 1);
  vm_pushvalue(S, t);
  CHECK(vm_gettable(S, t) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "self");
  vm_pop(S, 1);
  vm_pushstring(S, "nokey");
  CHECK(vm_gettable(S, t) == VM_TNIL);
  CHECK(vm_gettop(S) == t + 1); /* key replaced by value */
  vm_pop(S, 1);
  /* getfield / setfield, with relative indices */
  CHECK(vm_getfield(S, t, "k") == VM_TNUMBER && vm_tointeger(S, -1) == 99);
  vm_pop(S, 1);
  vm_pushstring(S, "fv");
  vm_setfield(S, -2, "f");
  CHECK(vm_getfield(S, -1, "f") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "fv");
  vm_pop(S, 1);
  CHECK(vm_getfield(S, t, "") == VM_TNIL);
  vm_pop(S, 1);
  /* geti / seti, including 0, negative and huge keys */
  vm_pushstring(S, "zero");
  vm_seti(S, t, 0);
  vm_pushstring(S, "neg");
  vm_seti(S, -2, -5); /* relative index: the table is below the value */
  vm_pushstring(S, "big");
  vm_seti(S, t, INT64_MAX);
  CHECK(vm_geti(S, t, 0) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "zero");
  CHECK(vm_geti(S, t, -5) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "neg");
  CHECK(vm_geti(S, t, INT64_MAX) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "big");
  CHECK(vm_geti(S, t, 1) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "one");
  CHECK(vm_geti(S, t, 3) == VM_TNIL);
  vm_settop(S, t);
  /* many integer keys: array part growth */
  {
    int i, ok = 1;
    vm_newtable(S);
    for (i = 1; i <= 1000; i++) {
      vm_pushinteger(S, i * 3);
      vm_seti(S, -2, i);
    }
    CHECK(vm_rawlen(S, -1) == 1000);
    for (i = 1; i <= 1000; i += 37) {
      if (vm_geti(S, -1, i) != VM_TNUMBER || vm_tointeger(S, -1) != i * 3) ok = 0;
      vm_pop(S, 1);
    }
    CHECK(ok);
    vm_pop(S, 1);
  }
  /* the same through the raw functions */
  vm_pushstring(S, "rk");
  vm_pushstring(S, "rv");
  vm_rawset(S, t);
  vm_pushstring(S, "rk");
  CHECK(vm_rawget(S, t) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "rv");
  vm_pop(S, 1);
  vm_pushstring(S, "r7");
  vm_rawseti(S, t, 7);
  CHECK(vm_rawgeti(S, t, 7) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "r7");
  vm_pop(S, 1);
  CHECK(vm_rawgeti(S, t, 8) == VM_TNIL);
  vm_pop(S, 1);
  vm_pushstring(S, "p");
  vm_rawsetp(S, t, &dummy); /* same key as the light userdata above */
  CHECK(vm_rawgetp(S, t, &dummy) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "p");
  vm_pop(S, 1);
  vm_pushlightuserdata(S, &dummy);
  CHECK(vm_gettable(S, t) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "p");
  vm_pop(S, 1);
  CHECK(vm_rawgetp(S, t, &t) == VM_TNIL);
  vm_pop(S, 1);
  CHECK(vm_gettop(S) == t);
  /* values survive a collection */
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_getfield(S, t, "f") == VM_TSTRING);
  CHECK(vm_rawgeti(S, t, 7) == VM_TSTRING);
  vm_close(S);
}

static void test_metamethods(void) {
  vm_State *S = newstate_libs();
  CHECK(vm_dostring(S,
                    "log = {}\n"
                    "proxy = setmetatable({}, {\n"
                    "  __index = function(t, k) return 'idx:' .. tostring(k) end,\n"
                    "  __newindex = function(t, k, v) log[#log + 1] = tostring(k) .. '=' .. tostring(v) end})\n"
                    "base = {inherited = 'from base'}\n"
                    "child = setmetatable({}, {__index = base, __newindex = base})") == VM_OK);
  vm_getglobal(S, "proxy"); /* 1 */
  vm_getglobal(S, "child"); /* 2 */
  vm_getglobal(S, "base");  /* 3 */
  CHECK(vm_getfield(S, 1, "name") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "idx:name");
  vm_pop(S, 1);
  CHECK(vm_geti(S, 1, 3) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "idx:3");
  vm_pop(S, 1);
  vm_pushnumber(S, 1.5);
  CHECK(vm_gettable(S, 1) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "idx:1.5");
  vm_pop(S, 1);
  CHECK(vm_rawgeti(S, 1, 3) == VM_TNIL); /* raw access ignores __index */
  vm_pop(S, 1);
  vm_pushstring(S, "name");
  CHECK(vm_rawget(S, 1) == VM_TNIL);
  vm_pop(S, 1);
  vm_pushinteger(S, 1);
  vm_setfield(S, 1, "a");
  vm_pushinteger(S, 2);
  vm_seti(S, 1, 9);
  vm_pushstring(S, "k");
  vm_pushboolean(S, 1);
  vm_settable(S, 1);
  vm_pushinteger(S, 4);
  vm_rawseti(S, 1, 4); /* raw: no __newindex */
  CHECK(vm_eval(S, "table.concat(log, ',')") == 1);
  CHECK_STR(vm_tostring(S, -1), "a=1,9=2,k=true");
  vm_pop(S, 1);
  CHECK(vm_rawgeti(S, 1, 4) == VM_TNUMBER);
  vm_pop(S, 1);
  /* __index / __newindex tables */
  CHECK(vm_getfield(S, 2, "inherited") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "from base");
  vm_pop(S, 1);
  vm_pushstring(S, "x");
  vm_setfield(S, 2, "newkey");
  CHECK(vm_rawgeti(S, 2, 1) == VM_TNIL);
  vm_pop(S, 1);
  CHECK(vm_getfield(S, 3, "newkey") == VM_TSTRING); /* went to base */
  vm_pop(S, 1);
  vm_close(S);
}

static void test_metamethods_existing_key(void) {
  vm_State *S = newstate_libs();
  CHECK(vm_dostring(S, "calls = 0 t = setmetatable({own = 1}, {__newindex = function() calls = calls + 1 end})") ==
        VM_OK);
  vm_getglobal(S, "t");
  vm_pushinteger(S, 2);
  vm_setfield(S, -2, "own"); /* present: no metamethod */
  vm_pushinteger(S, 3);
  vm_setfield(S, -2, "absent");
  CHECK(vm_eval(S, "calls, t.own, rawget(t, 'absent')") == 3);
  CHECK(vm_tointeger(S, -3) == 1 && vm_tointeger(S, -2) == 2 && vm_isnil(S, -1));
  vm_close(S);
}

/* Error paths, each run protected. */
static int c_index_number(vm_State *S) {
  vm_pushinteger(S, 3);
  vm_getfield(S, -1, "x");
  return 1;
}
static int c_newindex_nil(vm_State *S) {
  vm_pushnil(S);
  vm_pushinteger(S, 1);
  vm_setfield(S, -2, "x");
  return 0;
}
static int c_settable_nilkey(vm_State *S) {
  vm_newtable(S);
  vm_pushnil(S);
  vm_pushinteger(S, 1);
  vm_settable(S, -3);
  return 0;
}
static int c_settable_nankey(vm_State *S) {
  vm_newtable(S);
  vm_pushnumber(S, NAN);
  vm_pushinteger(S, 1);
  vm_settable(S, -3);
  return 0;
}
static int c_rawset_nilkey(vm_State *S) {
  vm_newtable(S);
  vm_pushnil(S);
  vm_pushinteger(S, 1);
  vm_rawset(S, -3);
  return 0;
}
static int c_geti_bool(vm_State *S) {
  vm_pushboolean(S, 1);
  vm_geti(S, -1, 1);
  return 1;
}
static int c_seti_string(vm_State *S) {
  vm_pushstring(S, "str");
  vm_pushinteger(S, 1);
  vm_seti(S, -2, 1);
  return 0;
}
static int c_index_loop(vm_State *S) {
  vm_newtable(S);
  vm_newtable(S);
  vm_pushvalue(S, -2);
  vm_setfield(S, -2, "__index");
  vm_setmetatable(S, -2); /* t.__index = t */
  vm_getfield(S, -1, "x");
  return 1;
}
static int c_next_badkey(vm_State *S) {
  vm_newtable(S);
  vm_pushstring(S, "nokey");
  vm_next(S, -2);
  return 0;
}
static int c_gettable_string_index(vm_State *S) {
  /* strings index through their metatable (the string library) */
  vm_pushstring(S, "abc");
  vm_getfield(S, -1, "upper");
  return 1;
}

static void test_errors(void) {
  vm_State *S = newstate_libs();
  CHECK(pcallc(S, c_index_number, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to index a number value");
  vm_settop(S, 0);
  CHECK(pcallc(S, c_newindex_nil, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to index a nil value");
  vm_settop(S, 0);
  CHECK(pcallc(S, c_settable_nilkey, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "table index is nil");
  vm_settop(S, 0);
  CHECK(pcallc(S, c_settable_nankey, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "table index is NaN");
  vm_settop(S, 0);
  CHECK(pcallc(S, c_rawset_nilkey, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "table index is nil");
  vm_settop(S, 0);
  CHECK(pcallc(S, c_geti_bool, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to index a boolean value");
  vm_settop(S, 0);
  CHECK(pcallc(S, c_seti_string, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to index a string value");
  vm_settop(S, 0);
  CHECK(pcallc(S, c_index_loop, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "'__index' chain too long; possible loop");
  vm_settop(S, 0);
  CHECK(pcallc(S, c_next_badkey, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "invalid key to 'next'");
  vm_settop(S, 0);
  CHECK(pcallc(S, c_gettable_string_index, 0) == VM_OK && vm_isfunction(S, -1));
  vm_settop(S, 0);
  /* the state is fine afterwards */
  CHECK(vm_eval(S, "1 + 1") == 1 && vm_tointeger(S, -1) == 2);
  vm_close(S);
}

static void test_metatables(void) {
  vm_State *S = newstate_libs();
  vm_newtable(S); /* 1: object */
  vm_newtable(S); /* 2: metatable */
  CHECK(vm_getmetatable(S, 1) == 0);
  CHECK(vm_gettop(S) == 2); /* nothing pushed */
  vm_pushvalue(S, 2);
  CHECK(vm_setmetatable(S, 1) == 1);
  CHECK(vm_gettop(S) == 2);
  CHECK(vm_getmetatable(S, 1) == 1);
  CHECK(vm_rawequal(S, -1, 2));
  vm_pop(S, 1);
  /* nil removes it */
  vm_pushnil(S);
  CHECK(vm_setmetatable(S, 1) == 1);
  CHECK(vm_getmetatable(S, 1) == 0);
  /* values without a metatable */
  vm_pushinteger(S, 1);
  CHECK(vm_getmetatable(S, -1) == 0);
  vm_pop(S, 1);
  CHECK(vm_getmetatable(S, 19) == 0);
  /* strings share the string library's metatable */
  vm_pushstring(S, "s");
  CHECK(vm_getmetatable(S, -1) == 1);
  CHECK(vm_getfield(S, -1, "__index") == VM_TTABLE);
  vm_getglobal(S, "string");
  CHECK(vm_rawequal(S, -1, -2));
  vm_settop(S, 2);
  /* a metatable for all numbers, set from C */
  vm_pushinteger(S, 1);
  vm_newtable(S);
  vm_newtable(S);
  vm_pushstring(S, "number method");
  vm_setfield(S, -2, "anything");
  vm_setfield(S, -2, "__index");
  CHECK(vm_setmetatable(S, -2) == 1);
  CHECK(vm_eval(S, "(5).anything") == 1);
  CHECK_STR(vm_tostring(S, -1), "number method");
  vm_pop(S, 1);
  vm_pushnil(S);
  vm_setmetatable(S, -2);
  CHECK(vm_getmetatable(S, -1) == 0);
  vm_settop(S, 0);
  /* __metatable does not hide it from the C API */
  CHECK(vm_dostring(S, "return setmetatable({}, {__metatable = 'locked'})") == VM_OK);
  CHECK(vm_getmetatable(S, -1) == 1);
  CHECK(vm_getfield(S, -1, "__metatable") == VM_TSTRING);
  vm_close(S);
}

static void test_next(void) {
  vm_State *S = newstate_libs();
  int i, count = 0;
  vm_Integer isum = 0;
  int strkeys = 0;
  vm_newtable(S);
  for (i = 1; i <= 20; i++) {
    vm_pushinteger(S, i);
    vm_rawseti(S, 1, i);
  }
  for (i = 0; i < 15; i++) {
    char k[16];
    snprintf(k, sizeof k, "k%d", i);
    vm_pushinteger(S, 100);
    vm_setfield(S, 1, k);
  }
  vm_pushboolean(S, 1);
  vm_pushboolean(S, 0);
  vm_settable(S, 1);
  vm_pushnil(S);
  while (vm_next(S, 1)) {
    count++;
    CHECK(vm_gettop(S) == 3);
    if (vm_type(S, -2) == VM_TNUMBER) isum += vm_tointeger(S, -1);
    else if (vm_type(S, -2) == VM_TSTRING) strkeys++;
    vm_pop(S, 1);
  }
  CHECK(vm_gettop(S) == 1); /* the key was popped at the end */
  CHECK(count == 36);
  CHECK(isum == 210);
  CHECK(strkeys == 15);
  /* clearing fields during the traversal is allowed */
  count = 0;
  vm_pushnil(S);
  while (vm_next(S, 1)) {
    count++;
    vm_pop(S, 1);
    vm_pushvalue(S, -1);
    vm_pushnil(S);
    vm_settable(S, 1);
  }
  CHECK(count == 36);
  vm_pushnil(S);
  CHECK(vm_next(S, 1) == 0);
  CHECK(vm_gettop(S) == 1);
  /* an empty table, with a relative index */
  vm_newtable(S);
  vm_pushnil(S);
  CHECK(vm_next(S, -2) == 0);
  CHECK(vm_gettop(S) == 2);
  vm_close(S);
}

int main(void) {
  test_globals();
  test_get_set();
  test_metamethods();
  test_metamethods_existing_key();
  test_errors();
  test_metatables();
  test_next();
  return check_report("test_api_tables");
}
