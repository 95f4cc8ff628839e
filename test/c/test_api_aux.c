/*
** test_api_aux.c — the auxiliary library: vm_argerror messages (global,
** local, method and library names, "?"), vm_typeerror (with __name, light
** userdata, no value), vm_check... and vm_opt... and their errors, vm_checkoption,
** vm_checkstackaux, vm_checktype, vm_checkany, the vm_argcheck/
** vm_argexpected/vm_checkstring/vm_optstring macros, vm_where,
** vm_getmetafield, vm_callmeta, vm_tolstringmeta (__tostring, __name),
** vm_traceback (levels, long stacks, other threads), vm_getsubtable,
** vm_requiref, vm_setfuncs with upvalues, vm_newlib/vm_newlibtable,
** vm_gsub, vm_fileresult, vm_execresult.
** Prints "test_api_aux: all checks passed" or the failed checks; the exit
** status is non-zero on failure.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "vm.h"
#include "check.h"

/* Runs Lua code expected to fail; returns the error message (or a marker). */
static const char *fails(vm_State *S, const char *code) {
  vm_settop(S, 0);
  if (vm_loadbuffer(S, code, strlen(code), "=t") != VM_OK) return "(syntax error)";
  if (vm_pcall(S, 0, 0, 0) == VM_OK) return "(no error)";
  return vm_isstring(S, -1) ? vm_tostring(S, -1) : "(non-string error)";
}

/* Runs Lua code expected to succeed; returns its first result as a string. */
static const char *runs(vm_State *S, const char *code) {
  vm_settop(S, 0);
  if (vm_loadbuffer(S, code, strlen(code), "=t") != VM_OK) return "(syntax error)";
  if (vm_pcall(S, 0, 1, 0) != VM_OK) return vm_tostring(S, -1);
  return vm_tolstringmeta(S, -1, NULL);
}

/* ---------------------------------------------------------------------- */
/* argument checks                                                         */

static int c_checkint(vm_State *S) {
  vm_pushinteger(S, vm_checkinteger(S, 1) + vm_optinteger(S, 2, 100));
  return 1;
}

static int c_checknum(vm_State *S) {
  vm_pushnumber(S, vm_checknumber(S, 1) + vm_optnumber(S, 2, 0.5));
  return 1;
}

static int c_checkstr(vm_State *S) {
  size_t l1 = 0, l2 = 0;
  const char *a = vm_checklstring(S, 1, &l1);
  const char *b = vm_optlstring(S, 2, "dflt", &l2);
  const char *c = vm_optstring(S, 3, NULL);
  const char *d = vm_checkstring(S, 1);
  vm_pushfstring(S, "%s|%d|%s|%d|%s|%s", a, (int)l1, b, (int)l2, c ? c : "NULL", d);
  return 1;
}

static int c_checktype(vm_State *S) {
  vm_checktype(S, 1, VM_TTABLE);
  vm_checkany(S, 2);
  vm_pushboolean(S, 1);
  return 1;
}

static int c_checkoption(vm_State *S) {
  static const char *const opts[] = {"alpha", "beta", "gamma", NULL};
  int a = vm_checkoption(S, 1, NULL, opts);
  int b = vm_checkoption(S, 2, "gamma", opts);
  vm_pushinteger(S, a * 10 + b);
  return 1;
}

static int c_argcheck(vm_State *S) {
  vm_Integer n = vm_checkinteger(S, 1);
  vm_argcheck(S, n > 0, 1, "must be positive");
  vm_argexpected(S, vm_type(S, 2) == VM_TSTRING || vm_isnone(S, 2), 2, "widget");
  vm_pushinteger(S, n);
  return 1;
}

static int c_typeerror(vm_State *S) {
  return vm_typeerror(S, 1, "thing");
}

static int c_argerror_direct(vm_State *S) {
  return vm_argerror(S, 2, "custom reason");
}

static int c_checkstackaux(vm_State *S) {
  vm_checkstackaux(S, 50, "fine");
  vm_checkstackaux(S, 10, NULL);
  if (vm_toboolean(S, 1)) vm_checkstackaux(S, 5000000, vm_optstring(S, 2, NULL));
  vm_pushinteger(S, 1);
  return 1;
}

static void test_argchecks(void) {
  vm_State *S = newstate_libs();
  vm_pushcfunction(S, c_checkint);
  vm_setglobal(S, "ci");
  vm_pushcfunction(S, c_checknum);
  vm_setglobal(S, "cn");
  vm_pushcfunction(S, c_checkstr);
  vm_setglobal(S, "cs");
  vm_pushcfunction(S, c_checktype);
  vm_setglobal(S, "ct");
  vm_pushcfunction(S, c_checkoption);
  vm_setglobal(S, "co");
  vm_pushcfunction(S, c_argcheck);
  vm_setglobal(S, "ca");
  vm_pushcfunction(S, c_typeerror);
  vm_setglobal(S, "te");
  vm_pushcfunction(S, c_checkstackaux);
  vm_setglobal(S, "cst");
  /* successes and conversions */
  CHECK_STR(runs(S, "return ci(5)"), "105");
  CHECK_STR(runs(S, "return ci(5, 1)"), "6");
  CHECK_STR(runs(S, "return ci('10', nil)"), "110");
  CHECK_STR(runs(S, "return ci(3.0)"), "103");
  CHECK_STR(runs(S, "return ci(' 0x10 ')"), "116");
  CHECK_STR(runs(S, "return cn(1)"), "1.5");
  CHECK_STR(runs(S, "return cn('2', 1)"), "3.0");
  CHECK_STR(runs(S, "return cs('ab')"), "ab|2|dflt|4|NULL|ab");
  CHECK_STR(runs(S, "return cs(12, 3.5, 'c')"), "12|2|3.5|3|c|12");
  CHECK_STR(runs(S, "return cs('a\\0b', nil, nil)"), "a|3|dflt|4|NULL|a"); /* %s stops at the zero */
  CHECK_STR(runs(S, "return ct({}, false)"), "true");
  CHECK_STR(runs(S, "return ct({}, nil)"), "true"); /* nil is a value */
  CHECK_STR(runs(S, "return co('beta')"), "12");
  CHECK_STR(runs(S, "return co('alpha', 'beta')"), "1");
  CHECK_STR(runs(S, "return ca(4)"), "4");
  CHECK_STR(runs(S, "return ca(4, 'w')"), "4");
  CHECK_STR(runs(S, "return cst(false)"), "1");
  /* errors: "bad argument #n to 'name' (...)" */
  CHECK_STR(fails(S, "ci()"), "t:1: bad argument #1 to 'ci' (number expected, got no value)");
  CHECK_STR(fails(S, "ci(nil)"), "t:1: bad argument #1 to 'ci' (number expected, got nil)");
  CHECK_STR(fails(S, "ci('abc')"), "t:1: bad argument #1 to 'ci' (number expected, got string)");
  CHECK_STR(fails(S, "ci(1.5)"), "t:1: bad argument #1 to 'ci' (number has no integer representation)");
  CHECK_STR(fails(S, "ci('1.5')"), "t:1: bad argument #1 to 'ci' (number has no integer representation)");
  CHECK_STR(fails(S, "ci(2^63)"), "t:1: bad argument #1 to 'ci' (number has no integer representation)");
  CHECK_STR(fails(S, "ci(1, {})"), "t:1: bad argument #2 to 'ci' (number expected, got table)");
  CHECK_STR(fails(S, "cn(true)"), "t:1: bad argument #1 to 'cn' (number expected, got boolean)");
  CHECK_STR(fails(S, "cn('1x')"), "t:1: bad argument #1 to 'cn' (number expected, got string)");
  CHECK_STR(fails(S, "cs({})"), "t:1: bad argument #1 to 'cs' (string expected, got table)");
  CHECK_STR(fails(S, "cs('a', false)"), "t:1: bad argument #2 to 'cs' (string expected, got boolean)");
  CHECK_STR(fails(S, "cs(print)"), "t:1: bad argument #1 to 'cs' (string expected, got function)");
  CHECK_STR(fails(S, "ct(1)"), "t:1: bad argument #1 to 'ct' (table expected, got number)");
  CHECK_STR(fails(S, "ct({})"), "t:1: bad argument #2 to 'ct' (value expected)");
  CHECK_STR(fails(S, "co('delta')"), "t:1: bad argument #1 to 'co' (invalid option 'delta')");
  CHECK_STR(fails(S, "co('alpha', 'x')"), "t:1: bad argument #2 to 'co' (invalid option 'x')");
  CHECK_STR(fails(S, "co()"), "t:1: bad argument #1 to 'co' (string expected, got no value)");
  CHECK_STR(fails(S, "ca(0)"), "t:1: bad argument #1 to 'ca' (must be positive)");
  CHECK_STR(fails(S, "ca(1, 2)"), "t:1: bad argument #2 to 'ca' (widget expected, got number)");
  CHECK_STR(fails(S, "cst(true, 'too many')"), "t:1: stack overflow (too many)");
  CHECK_STR(fails(S, "cst(true)"), "t:1: stack overflow");
  /* vm_typeerror: __name, light userdata, no value */
  CHECK_STR(fails(S, "te()"), "t:1: bad argument #1 to 'te' (thing expected, got no value)");
  CHECK_STR(fails(S, "te(setmetatable({}, {__name = 'MyType'}))"),
            "t:1: bad argument #1 to 'te' (thing expected, got MyType)");
  CHECK_STR(fails(S, "te(setmetatable({}, {__name = 42}))"), "t:1: bad argument #1 to 'te' (thing expected, got table)");
  CHECK_STR(fails(S, "te(coroutine.create(print))"), "t:1: bad argument #1 to 'te' (thing expected, got thread)");
  vm_settop(S, 0);
  vm_pushcfunction(S, c_typeerror);
  vm_pushlightuserdata(S, S);
  CHECK(vm_pcall(S, 1, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "bad argument #1 to 'te' (thing expected, got light userdata)");
  vm_settop(S, 0);
  vm_close(S);
}

/* the function's name in argument errors */
static void test_argerror_names(void) {
  vm_State *S = newstate_libs();
  vm_pushcfunction(S, c_checkint);
  vm_setglobal(S, "gf");
  /* a local */
  CHECK_STR(fails(S, "local lf = gf lf('x')"), "t:1: bad argument #1 to 'lf' (number expected, got string)");
  /* a field and a method: self is not counted */
  CHECK_STR(fails(S, "local o = {m = gf} o.m('x')"), "t:1: bad argument #1 to 'm' (number expected, got string)");
  CHECK_STR(fails(S, "local o = {m = gf} o:m('x')"), "t:1: calling 'm' on bad self (number expected, got table)");
  CHECK_STR(fails(S, "local o = setmetatable({}, {__index = {m = function(self, a) return gf(a, self) end}})\n"
                     "o:m(1)"),
            "t:1: bad argument #2 to 'gf' (number expected, got table)");
  /* called from the host: found among the globals */
  vm_settop(S, 0);
  vm_getglobal(S, "gf");
  vm_pushboolean(S, 1);
  CHECK(vm_pcall(S, 1, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "bad argument #1 to 'gf' (number expected, got boolean)");
  vm_settop(S, 0);
  /* names from the calling code (as lua5.4.4 reports them) */
  CHECK_STR(fails(S, "local r = string.rep r()"), "t:1: bad argument #1 to 'r' (string expected, got no value)");
  CHECK_STR(fails(S, "local t = {string.rep} t[1]()"),
            "t:1: bad argument #1 to 'integer index' (string expected, got no value)");
  /* no name in the code: found in package.loaded */
  vm_settop(S, 0);
  vm_getglobal(S, "string");
  vm_getfield(S, -1, "rep");
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "bad argument #1 to 'string.rep' (string expected, got no value)");
  /* unknown: "?" */
  vm_settop(S, 0);
  vm_pushinteger(S, 0);
  vm_pushcclosure(S, c_argerror_direct, 1);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "bad argument #2 to '?' (custom reason)");
  vm_settop(S, 0);
  vm_close(S);
}

/* ---------------------------------------------------------------------- */

static int c_where(vm_State *S) {
  vm_where(S, (int)vm_checkinteger(S, 1));
  return 1;
}

static void test_where(void) {
  vm_State *S = newstate_libs();
  vm_pushcfunction(S, c_where);
  vm_setglobal(S, "where");
  CHECK_STR(runs(S, "local x = 1\nreturn where(1)"), "t:2: ");
  CHECK_STR(runs(S, "return where(0)"), ""); /* the C function itself */
  CHECK_STR(runs(S, "local function f()\n  return where(2)\nend\nreturn f()"), ""); /* tail call: no line */
  CHECK_STR(runs(S, "local function f()\n  return (where(2))\nend\nreturn (f())"), "t:4: ");
  CHECK_STR(runs(S, "return where(50)"), ""); /* no such level */
  /* from the host: nothing running */
  vm_settop(S, 0);
  vm_where(S, 1);
  CHECK_STR(vm_tostring(S, -1), "");
  vm_close(S);
}

static void test_metafields(void) {
  vm_State *S = newstate_libs();
  CHECK(vm_dostring(S, "return setmetatable({}, {__name = 'Obj', __index = {},\n"
                       "  __tostring = function(o) return 'custom<' .. tostring(rawlen(o)) .. '>' end,\n"
                       "  __len = function() return 7 end, count = 3})") == VM_OK);
  CHECK(vm_gettop(S) == 1);
  CHECK(vm_getmetafield(S, 1, "__name") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "Obj");
  vm_pop(S, 1);
  CHECK(vm_getmetafield(S, 1, "count") == VM_TNUMBER && vm_tointeger(S, -1) == 3);
  vm_pop(S, 1);
  CHECK(vm_getmetafield(S, 1, "absent") == VM_TNIL);
  CHECK(vm_gettop(S) == 1); /* nothing pushed */
  vm_pushinteger(S, 1);
  CHECK(vm_getmetafield(S, -1, "__index") == VM_TNIL); /* no metatable */
  CHECK(vm_gettop(S) == 2);
  vm_pop(S, 1);
  /* vm_callmeta */
  CHECK(vm_callmeta(S, 1, "__tostring") == 1);
  CHECK_STR(vm_tostring(S, -1), "custom<0>");
  vm_pop(S, 1);
  CHECK(vm_callmeta(S, 1, "__len") == 1 && vm_tointeger(S, -1) == 7);
  vm_pop(S, 1);
  CHECK(vm_callmeta(S, 1, "__absent") == 0);
  CHECK(vm_gettop(S) == 1);
  CHECK(vm_callmeta(S, -1, "__tostring") == 1); /* a relative index */
  vm_settop(S, 1);
  vm_close(S);
}

static int c_tolstringmeta(vm_State *S) {
  size_t len;
  const char *s = vm_tolstringmeta(S, 1, &len);
  vm_pushinteger(S, (vm_Integer)len);
  (void)s;
  return 2;
}

static void test_tolstringmeta(void) {
  vm_State *S = newstate_libs();
  size_t len = 0;
  char want[64];
  const char *s;
  vm_pushinteger(S, 42);
  s = vm_tolstringmeta(S, 1, &len);
  CHECK_STR(s, "42");
  CHECK(len == 2);
  CHECK(vm_type(S, 1) == VM_TNUMBER); /* the original is not converted */
  CHECK(vm_gettop(S) == 2);
  vm_settop(S, 0);
  vm_pushnumber(S, 1.0);
  CHECK_STR(vm_tolstringmeta(S, 1, NULL), "1.0");
  vm_pushnil(S);
  CHECK_STR(vm_tolstringmeta(S, -1, NULL), "nil");
  vm_pushboolean(S, 0);
  CHECK_STR(vm_tolstringmeta(S, -1, NULL), "false");
  vm_pushboolean(S, 1);
  CHECK_STR(vm_tolstringmeta(S, -1, NULL), "true");
  vm_pushlstring(S, "a\0b", 3);
  s = vm_tolstringmeta(S, -1, &len);
  CHECK(len == 3 && memcmp(s, "a\0b", 3) == 0);
  vm_settop(S, 0);
  /* tables, functions and so on: "type: 0x..." with the identity */
  vm_newtable(S);
  snprintf(want, sizeof want, "table: %p", vm_topointer(S, 1));
  CHECK_STR(vm_tolstringmeta(S, 1, NULL), want);
  vm_settop(S, 0);
  vm_pushcfunction(S, c_tolstringmeta);
  snprintf(want, sizeof want, "function: %p", vm_topointer(S, 1));
  CHECK_STR(vm_tolstringmeta(S, 1, NULL), want);
  CHECK(strncmp(want, "function: 0x", 12) == 0 || strncmp(want, "function: builtin", 17) == 0);
  vm_settop(S, 0);
  /* __name and __tostring */
  CHECK(vm_dostring(S, "return setmetatable({}, {__name = 'Widget'})") == VM_OK);
  snprintf(want, sizeof want, "Widget: %p", vm_topointer(S, 1));
  CHECK_STR(vm_tolstringmeta(S, 1, NULL), want);
  CHECK(vm_gettop(S) == 2); /* just the result, the __name is gone */
  vm_settop(S, 0);
  CHECK(vm_dostring(S, "return setmetatable({}, {__name = 'W', __tostring = function() return 'shown' end})") == VM_OK);
  CHECK_STR(vm_tolstringmeta(S, 1, &len), "shown");
  CHECK(len == 5);
  vm_settop(S, 0);
  /* __tostring returning a number is accepted; a table is an error */
  CHECK(vm_dostring(S, "return setmetatable({}, {__tostring = function() return 12 end})") == VM_OK);
  CHECK_STR(vm_tolstringmeta(S, 1, NULL), "12");
  vm_settop(S, 0);
  vm_pushcfunction(S, c_tolstringmeta);
  CHECK(vm_dostring(S, "return setmetatable({}, {__tostring = function() return {} end})") == VM_OK);
  CHECK(vm_pcall(S, 1, 2, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "'__tostring' must return a string");
  vm_settop(S, 0);
  /* Lua's tostring agrees */
  vm_pushcfunction(S, c_tolstringmeta);
  vm_setglobal(S, "tls");
  CHECK_STR(runs(S, "local t = setmetatable({}, {__name = 'N'}) return tls(t) == tostring(t)"), "true");
  CHECK_STR(runs(S, "return tls(-0.0) .. tls(1e300) .. tls(2^63) .. tls(math.mininteger)"),
            "-0.01e+3009.2233720368548e+18-9223372036854775808");
  vm_close(S);
}

static int c_traceback_here(vm_State *S) {
  vm_traceback(S, S, vm_optstring(S, 1, NULL), (int)vm_optinteger(S, 2, 1));
  return 1;
}

static void test_traceback(void) {
  vm_State *S = newstate_libs();
  const char *tb;
  int lines = 0;
  vm_pushcfunction(S, c_traceback_here);
  vm_setglobal(S, "tb");
  CHECK_STR(runs(S, "local function f() return (tb('msg')) end\nreturn (f())"),
            "msg\nstack traceback:\n\tt:1: in local 'f'\n\tt:2: in main chunk");
  CHECK_STR(runs(S, "local function f() return (tb(nil, 0)) end\nreturn (f())"),
            "stack traceback:\n\t[C]: in function 'tb'\n\tt:1: in local 'f'\n\tt:2: in main chunk");
  CHECK_STR(runs(S, "return (tb('x', 2))"), "x\nstack traceback:");
  CHECK_STR(runs(S, "local function g() return tb('tail', 1) end\nreturn (g())"),
            "tail\nstack traceback:\n\tt:1: in local 'g'\n\tt:2: in main chunk"); /* C in tail position: a plain call */
  CHECK_STR(runs(S, "local function h() return (tb('t2', 1)) end\nlocal function g() return h() end\nreturn (g())"),
            "t2\nstack traceback:\n\tt:1: in function <t:1>\n\t(...tail calls...)\n\tt:3: in main chunk");
  /* long stacks show the first 10 and the last 11 levels */
  tb = runs(S, "local function r(n) if n == 0 then return (tb('deep')) end return (r(n - 1)) end\n"
               "return (r(40))");
  CHECK(tb != NULL && strstr(tb, "\n\t...\t(skipping 20 levels)\n") != NULL);
  for (; tb && *tb; tb++)
    if (*tb == '\n') lines++;
  CHECK(lines == 23);
  /* another (suspended) thread's stack */
  {
    vm_State *co = vm_newthread(S);
    int nres;
    CHECK(vm_loadbuffer(co, "local function w() coroutine.yield() end\nw()", 44, "=co") == VM_OK);
    CHECK(vm_resume(co, S, 0, &nres) == VM_YIELD);
    vm_traceback(S, co, "in co", 0);
    CHECK_STR(vm_tostring(S, -1), "in co\nstack traceback:\n\t[C]: in function 'coroutine.yield'\n"
                                  "\tco:1: in local 'w'\n\tco:2: in main chunk");
    CHECK(vm_gettop(co) == 0); /* the coroutine's stack was not touched */
  }
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* modules and function tables                                             */

static int opens = 0;

static int c_mod_hello(vm_State *S) {
  vm_pushfstring(S, "hello from %s", vm_tostring(S, vm_upvalueindex(1)));
  return 1;
}

static int c_mod_count(vm_State *S) {
  vm_Integer n = vm_tointeger(S, vm_upvalueindex(2)) + 1;
  vm_pushinteger(S, n);
  vm_replace(S, vm_upvalueindex(2));
  vm_pushinteger(S, n);
  return 1;
}

static int open_mymod(vm_State *S) {
  static const vm_Reg funcs[] = {{"hello", c_mod_hello}, {"count", c_mod_count}, {"later", NULL}, {NULL, NULL}};
  opens++;
  CHECK_STR(vm_tostring(S, 1), "mymod"); /* the module name is the argument */
  vm_newlibtable(S, funcs);
  vm_pushstring(S, "mymod-up");
  vm_pushinteger(S, 0);
  vm_setfuncs(S, funcs, 2); /* both functions share the two upvalues */
  return 1;
}

static int c_plain(vm_State *S) {
  vm_pushstring(S, "plain");
  return 1;
}

static int open_plainlib(vm_State *S) {
  static const vm_Reg funcs[] = {{"f", c_plain}, {"g", c_plain}, {NULL, NULL}};
  vm_newlib(S, funcs);
  return 1;
}

static void test_modules(void) {
  vm_State *S = newstate_libs();
  opens = 0;
  vm_requiref(S, "mymod", open_mymod, 1);
  CHECK(opens == 1 && vm_gettop(S) == 1 && vm_istable(S, 1));
  vm_requiref(S, "mymod", open_mymod, 0); /* loaded: not opened again */
  CHECK(opens == 1 && vm_gettop(S) == 2 && vm_rawequal(S, 1, 2));
  vm_settop(S, 0);
  CHECK_STR(runs(S, "return mymod.hello()"), "hello from mymod-up");
  CHECK_STR(runs(S, "return mymod.later"), "false"); /* a placeholder */
  CHECK_STR(runs(S, "mymod.count() mymod.count() return mymod.count()"), "3");
  CHECK_STR(runs(S, "return require('mymod') == mymod"), "true");
  CHECK_STR(runs(S, "return package.loaded.mymod == mymod"), "true");
  /* the two functions share upvalue 2 (the counter) */
  vm_settop(S, 0);
  vm_getglobal(S, "mymod");
  vm_getfield(S, 1, "count");
  CHECK(vm_getupvalue(S, -1, 2) != NULL && vm_tointeger(S, -1) == 3);
  vm_settop(S, 0);
  /* glb = 0: no global */
  vm_requiref(S, "plainlib", open_plainlib, 0);
  CHECK(vm_istable(S, -1) && vm_rawlen(S, -1) == 0);
  CHECK(vm_getglobal(S, "plainlib") == VM_TNIL);
  vm_settop(S, 0);
  CHECK_STR(runs(S, "return require('plainlib').g()"), "plain");
  /* vm_getsubtable */
  vm_settop(S, 0);
  vm_newtable(S);
  CHECK(vm_getsubtable(S, 1, "sub") == 0); /* created */
  CHECK(vm_istable(S, -1) && vm_gettop(S) == 2);
  vm_pushinteger(S, 5);
  vm_setfield(S, -2, "x");
  vm_pop(S, 1);
  CHECK(vm_getsubtable(S, -1, "sub") == 1); /* exists */
  CHECK(vm_getfield(S, -1, "x") == VM_TNUMBER);
  vm_settop(S, 1);
  vm_pushinteger(S, 1);
  vm_setfield(S, 1, "notatable");
  CHECK(vm_getsubtable(S, 1, "notatable") == 0); /* replaced by a table */
  CHECK(vm_istable(S, -1));
  vm_settop(S, 0);
  CHECK(vm_getsubtable(S, VM_REGISTRYINDEX, "_LOADED") == 1); /* the loaded table */
  CHECK(vm_getfield(S, -1, "mymod") == VM_TTABLE);
  vm_close(S);
}

static void test_gsub(void) {
  vm_State *S = vm_newstate();
  CHECK_STR(vm_gsub(S, "a.b.c", ".", "::"), "a::b::c");
  CHECK(vm_gettop(S) == 1);
  CHECK_STR(vm_tostring(S, 1), "a::b::c");
  CHECK_STR(vm_gsub(S, "xxabxx", "xx", ""), "ab");
  CHECK_STR(vm_gsub(S, "none here", "zz", "y"), "none here");
  CHECK_STR(vm_gsub(S, "aaa", "a", "aa"), "aaaaaa"); /* no rescanning */
  CHECK_STR(vm_gsub(S, "", "a", "b"), "");
  CHECK_STR(vm_gsub(S, "abc", "", "-"), "abc"); /* an empty pattern matches nothing */
  CHECK_STR(vm_gsub(S, "%d%s", "%", "%%"), "%%d%%s"); /* no format or pattern meaning */
  {
    /* a result longer than the buffer's inline part */
    char big[400];
    size_t len;
    const char *r;
    memset(big, '.', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    r = vm_gsub(S, big, ".", "ab");
    len = strlen(r);
    CHECK(len == 798 && r[0] == 'a' && r[797] == 'b');
  }
  CHECK(vm_gettop(S) == 8); /* one result per call */
  vm_close(S);
}

static void test_results(void) {
  vm_State *S = vm_newstate();
  char want[128];
  /* success */
  CHECK(vm_fileresult(S, 1, "f") == 1);
  CHECK(vm_gettop(S) == 1 && vm_isboolean(S, 1) && vm_toboolean(S, 1));
  vm_settop(S, 0);
  /* failure with errno */
  errno = ENOENT;
  CHECK(vm_fileresult(S, 0, "data.txt") == 3);
  CHECK(vm_isnil(S, 1));
  snprintf(want, sizeof want, "data.txt: %s", strerror(ENOENT));
  CHECK_STR(vm_tostring(S, 2), want);
  CHECK(vm_tointeger(S, 3) == ENOENT);
  vm_settop(S, 0);
  errno = EACCES;
  CHECK(vm_fileresult(S, 0, NULL) == 3);
  CHECK_STR(vm_tostring(S, 2), strerror(EACCES));
  CHECK(vm_tointeger(S, 3) == EACCES);
  vm_settop(S, 0);
  /* process statuses */
  errno = 0;
  CHECK(vm_execresult(S, 0) == 3);
  CHECK(vm_toboolean(S, 1) && vm_isboolean(S, 1));
  CHECK_STR(vm_tostring(S, 2), "exit");
  CHECK(vm_tointeger(S, 3) == 0);
  vm_settop(S, 0);
  errno = 0;
  CHECK(vm_execresult(S, 3 << 8) == 3); /* exited with status 3 */
  CHECK(vm_isnil(S, 1));
  CHECK_STR(vm_tostring(S, 2), "exit");
  CHECK(vm_tointeger(S, 3) == 3);
  vm_settop(S, 0);
  errno = 0;
  CHECK(vm_execresult(S, 9) == 3); /* killed by signal 9 */
  CHECK(vm_isnil(S, 1));
  CHECK_STR(vm_tostring(S, 2), "signal");
  CHECK(vm_tointeger(S, 3) == 9);
  vm_settop(S, 0);
  errno = ECHILD; /* the status could not be obtained */
  CHECK(vm_execresult(S, -1) == 3);
  CHECK(vm_isnil(S, 1));
  CHECK_STR(vm_tostring(S, 2), strerror(ECHILD));
  CHECK(vm_tointeger(S, 3) == ECHILD);
  vm_close(S);
}

int main(void) {
  test_argchecks();
  test_argerror_names();
  test_where();
  test_metafields();
  test_tolstringmeta();
  test_traceback();
  test_modules();
  test_gsub();
  test_results();
  return check_report("test_api_aux");
}
