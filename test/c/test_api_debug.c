/*
** test_api_debug.c — the debug interface: vm_getstack (levels, beyond the
** stack), vm_getinfo with every option ("nSltur" "f" "L", '>' form,
** invalid options), vm_getlocal/vm_setlocal (locals, temporaries,
** varargs, C frames, parameters of a function not running),
** vm_getupvalue/vm_setupvalue (Lua and C closures), vm_upvalueid and
** vm_upvaluejoin, hooks (vm_sethook with call/return/line/count masks,
** tail calls, transfer info, hooks in coroutines, yields from hooks,
** errors in hooks) and vm_gethook/vm_gethookmask/vm_gethookcount.
** Prints "test_api_debug: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

static int run(vm_State *S, const char *code, const char *name) {
  int st = vm_loadbuffer(S, code, strlen(code), name);
  if (st == VM_OK) st = vm_pcall(S, 0, VM_MULTRET, 0);
  if (st != VM_OK) fprintf(stderr, "run: %s\n", vm_tostring(S, -1));
  return st;
}

/* ---------------------------------------------------------------------- */
/* vm_getstack / vm_getinfo                                                */

static char info[1024];

static int c_inspect(vm_State *S) {
  /* describes levels 0..3 and the function at level 1 */
  vm_Debug ar;
  int level;
  size_t len;
  info[0] = '\0';
  for (level = 0; vm_getstack(S, level, &ar); level++) {
    len = strlen(info);
    CHECK(vm_getinfo(S, "nSltu", &ar) == 1);
    snprintf(info + len, sizeof info - len, "[%d %s %s %s %s %d %d-%d u%d p%d v%d t%d]", level, ar.what,
             ar.short_src, ar.namewhat, ar.name ? ar.name : "-", ar.currentline, ar.linedefined,
             ar.lastlinedefined, ar.nups, ar.nparams, ar.isvararg, ar.istailcall);
  }
  CHECK(vm_getstack(S, level + 5, &ar) == 0);
  CHECK(vm_getstack(S, -1, &ar) == 0);
  /* 'f' pushes the function, 'L' its lines; an unknown option is 0 */
  CHECK(vm_getstack(S, 1, &ar) == 1);
  CHECK(vm_getinfo(S, "fL", &ar) == 1);
  CHECK(vm_isfunction(S, -2) && vm_istable(S, -1));
  vm_pushinteger(S, 0);
  {
    int nlines = 0;
    vm_pop(S, 1);
    vm_pushnil(S);
    while (vm_next(S, -2)) {
      nlines++;
      vm_pop(S, 1);
    }
    vm_pushinteger(S, nlines);
    vm_setglobal(S, "nlines");
  }
  vm_pop(S, 2);
  CHECK(vm_getinfo(S, "S?", &ar) == 0);
  CHECK(vm_getstack(S, 0, &ar) == 1);
  CHECK(vm_getinfo(S, "Sl", &ar) == 1);
  CHECK(ar.currentline == -1 && ar.currentcol == 0);
  CHECK_STR(ar.source, "=[C]");
  CHECK(ar.srclen == 4);
  CHECK(vm_getinfo(S, "L", &ar) == 1 && vm_isnil(S, -1)); /* a C function has no lines */
  vm_pop(S, 1);
  return 0;
}

static void test_getinfo(void) {
  vm_State *S = newstate_libs();
  vm_Debug ar;
  vm_pushcfunction(S, c_inspect);
  vm_setglobal(S, "inspect");
  CHECK(run(S, "local function helper(a, b, ...)\n"
               "  local up = nil\n"
               "  inspect()\n"
               "  return up\n"
               "end\n"
               "helper(1)",
            "=chunk") == VM_OK);
  CHECK_STR(info, "[0 C [C] global inspect -1 -1--1 u0 p0 v1 t0]"
                  "[1 Lua chunk local helper 3 1-5 u1 p2 v1 t0]"
                  "[2 main chunk  - 6 0-0 u1 p0 v1 t0]");
  CHECK(vm_getglobal(S, "nlines") == VM_TNUMBER && vm_tointeger(S, -1) == 4); /* lines 2, 3, 4, 5 */
  vm_settop(S, 0);
  /* methods, fields, upvalues, tail calls */
  CHECK(run(S, "local obj = {}\n"
               "function obj:m() inspect() end\n"
               "obj:m()",
            "=m") == VM_OK);
  CHECK(strstr(info, "[1 Lua m method m 2 2-2 u1 p1 v0 t0]") != NULL);
  CHECK(run(S, "local t = {f = function() inspect() end}\nt.f()", "=f") == VM_OK);
  CHECK(strstr(info, "[1 Lua f field f 1 1-1 u1 p0 v0 t0]") != NULL);
  CHECK(run(S, "local function g() inspect() end\nlocal function h() return g() end\nh()", "=tc") == VM_OK);
  CHECK(strstr(info, "[1 Lua tc  - 1 1-1 u1 p0 v0 t1]") != NULL);
  /* the '>' form: a function from the stack, popped */
  CHECK(vm_loadbuffer(S, "local x = ...\n\nreturn x", 23, "@some/file.lua") == VM_OK);
  vm_pushvalue(S, -1);
  CHECK(vm_getinfo(S, ">Su", &ar) == 1);
  CHECK(vm_gettop(S) == 1);
  CHECK_STR(ar.what, "main");
  CHECK_STR(ar.source, "@some/file.lua");
  CHECK_STR(ar.short_src, "some/file.lua");
  CHECK(ar.linedefined == 0 && ar.nups == 1 && ar.nparams == 0 && ar.isvararg == 1);
  CHECK(vm_getinfo(S, ">fL", &ar) == 1); /* pops it, pushes it back and its lines */
  CHECK(vm_gettop(S) == 2 && vm_isfunction(S, 1) && vm_istable(S, 2));
  CHECK(vm_rawgeti(S, 2, 3) == VM_TBOOLEAN && vm_rawgeti(S, 2, 2) == VM_TNIL);
  vm_settop(S, 0);
  vm_pushcfunction(S, c_inspect);
  CHECK(vm_getinfo(S, ">Sln", &ar) == 1);
  CHECK_STR(ar.what, "C");
  CHECK_STR(ar.short_src, "[C]");
  CHECK(ar.currentline == -1);
  CHECK(ar.name == NULL);
  CHECK(vm_gettop(S) == 0);
  /* a long source name is abbreviated to VM_IDSIZE */
  {
    char longname[200];
    memset(longname, 'n', sizeof longname);
    longname[0] = '@';
    longname[sizeof longname - 1] = '\0';
    CHECK(vm_loadbuffer(S, "return", 6, longname) == VM_OK);
    CHECK(vm_getinfo(S, ">S", &ar) == 1);
    CHECK(strlen(ar.short_src) == VM_IDSIZE - 1 && strncmp(ar.short_src, "...", 3) == 0);
  }
  /* the host level: no frames */
  CHECK(vm_getstack(S, 0, &ar) == 0);
  vm_close(S);
}

/* vm_getinfo 'l' reports the column as well */
static int c_column(vm_State *S) {
  vm_Debug ar;
  CHECK(vm_getstack(S, 1, &ar) == 1);
  CHECK(vm_getinfo(S, "l", &ar) == 1);
  vm_pushinteger(S, ar.currentline);
  vm_pushinteger(S, ar.currentcol);
  return 2;
}

static void test_column(void) {
  vm_State *S = newstate_libs();
  vm_pushcfunction(S, c_column);
  vm_setglobal(S, "col");
  CHECK(run(S, "local a\n   local l, c = col()\n return l, c", "=col") == VM_OK);
  CHECK(vm_gettop(S) == 2 && vm_tointeger(S, 1) == 2);
  CHECK(vm_tointeger(S, 2) >= 4 && vm_tointeger(S, 2) <= 21); /* within the statement */
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* locals                                                                  */

static int c_locals(vm_State *S) {
  vm_Debug ar;
  const char *name;
  int n;
  char buf[512] = "";
  size_t len;
  CHECK(vm_getstack(S, 1, &ar) == 1);
  for (n = 1; (name = vm_getlocal(S, &ar, n)) != NULL; n++) {
    len = strlen(buf);
    snprintf(buf + len, sizeof buf - len, "%s%s=%s", n > 1 ? " " : "", name,
             vm_isstring(S, -1) ? vm_tostring(S, -1) : vm_typename(S, vm_type(S, -1)));
    vm_pop(S, 1);
  }
  /* varargs: negative indices */
  for (n = -1; (name = vm_getlocal(S, &ar, n)) != NULL; n--) {
    len = strlen(buf);
    snprintf(buf + len, sizeof buf - len, " %s=%s", name, vm_tostring(S, -1));
    vm_pop(S, 1);
  }
  /* change the second local, and a vararg */
  vm_pushstring(S, "changed");
  CHECK_STR(vm_setlocal(S, &ar, 2), "b");
  vm_pushstring(S, "VA");
  CHECK_STR(vm_setlocal(S, &ar, -1), "(vararg)");
  vm_pushstring(S, "nobody");
  CHECK(vm_setlocal(S, &ar, 99) == NULL);
  vm_pop(S, 1); /* vm_setlocal pops only on success */
  /* this C function's own frame */
  CHECK(vm_getstack(S, 0, &ar) == 1);
  vm_pushinteger(S, 5);
  name = vm_getlocal(S, &ar, vm_gettop(S));
  CHECK_STR(name, "(C temporary)");
  CHECK(vm_tointeger(S, -1) == 5);
  vm_pop(S, 2);
  CHECK(vm_getlocal(S, &ar, vm_gettop(S) + 1) == NULL);
  vm_pushstring(S, buf);
  return 1;
}

static void test_locals(void) {
  vm_State *S = newstate_libs();
  vm_pushcfunction(S, c_locals);
  vm_setglobal(S, "locals");
  CHECK(run(S, "local function f(a, ...)\n"
               "  local b = 'bee'\n"
               "  do local hidden = 1 end\n"
               "  local r = locals()\n"
               "  return r, b, ...\n"
               "end\n"
               "return f('A', 'v1', 'v2')",
            "=loc") == VM_OK);
  CHECK(vm_gettop(S) == 4);
  CHECK_STR(vm_tostring(S, 1), "a=A b=bee (vararg)=v1 (vararg)=v2"); /* as lua5.4 */
  CHECK_STR(vm_tostring(S, 2), "changed");
  CHECK_STR(vm_tostring(S, 3), "VA");
  CHECK_STR(vm_tostring(S, 4), "v2");
  vm_settop(S, 0);
  /* parameter names of a function that is not running */
  CHECK(vm_loadstring(S, "return function(alpha, beta, ...) local gamma end") == VM_OK);
  vm_call(S, 0, 1);
  CHECK_STR(vm_getlocal(S, NULL, 1), "alpha");
  CHECK_STR(vm_getlocal(S, NULL, 2), "beta");
  CHECK(vm_getlocal(S, NULL, 3) == NULL); /* only parameters */
  CHECK(vm_gettop(S) == 1);                /* nothing pushed */
  vm_pushcfunction(S, c_locals);
  CHECK(vm_getlocal(S, NULL, 1) == NULL);   /* C functions have none */
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* upvalues                                                                */

static int c_two_up(vm_State *S) {
  vm_pushvalue(S, vm_upvalueindex(1));
  vm_pushvalue(S, vm_upvalueindex(2));
  return 2;
}

static void test_upvalues(void) {
  vm_State *S = newstate_libs();
  void *id1, *id2, *id3;
  CHECK(run(S, "local shared, own = 10, 'own'\n"
               "local function f1() return shared, own end\n"
               "local function f2() shared = shared + 1 return shared end\n"
               "local function f3() return own end\n"
               "return f1, f2, f3",
            "=up") == VM_OK);
  CHECK(vm_gettop(S) == 3);
  /* names and values */
  CHECK_STR(vm_getupvalue(S, 1, 1), "shared");
  CHECK(vm_tointeger(S, -1) == 10);
  vm_pop(S, 1);
  CHECK_STR(vm_getupvalue(S, 1, 2), "own");
  vm_pop(S, 1);
  CHECK(vm_getupvalue(S, 1, 3) == NULL && vm_gettop(S) == 3);
  CHECK(vm_getupvalue(S, 1, 0) == NULL && vm_getupvalue(S, 1, -1) == NULL);
  /* identities: f1 and f2 share 'shared' */
  id1 = vm_upvalueid(S, 1, 1);
  id2 = vm_upvalueid(S, 2, 1);
  id3 = vm_upvalueid(S, 1, 2);
  CHECK(id1 != NULL && id1 == id2 && id1 != id3);
  CHECK(vm_upvalueid(S, 3, 1) == id3);
  CHECK(vm_upvalueid(S, 1, 3) == NULL);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_upvalueid(S, 1, 1) == id1 && vm_upvalueid(S, 3, 1) == id3); /* stable */
  /* setupvalue through f1 is seen by f2 */
  vm_pushinteger(S, 100);
  CHECK_STR(vm_setupvalue(S, 1, 1), "shared");
  CHECK(vm_gettop(S) == 3);
  vm_pushvalue(S, 2);
  vm_call(S, 0, 1);
  CHECK(vm_tointeger(S, -1) == 101);
  vm_pop(S, 1);
  vm_pushinteger(S, 1);
  CHECK(vm_setupvalue(S, 1, 5) == NULL);
  vm_pop(S, 1); /* not popped on failure */
  /* join: f3's upvalue 1 becomes f1's upvalue 1 */
  vm_upvaluejoin(S, 3, 1, 1, 1);
  CHECK(vm_upvalueid(S, 3, 1) == id1);
  vm_pushvalue(S, 3);
  vm_call(S, 0, 1);
  CHECK(vm_tointeger(S, -1) == 101);
  vm_pop(S, 1);
  vm_pushvalue(S, 2);
  vm_call(S, 0, 0); /* shared = 102 */
  vm_pushvalue(S, 3);
  vm_call(S, 0, 1);
  CHECK(vm_tointeger(S, -1) == 102);
  vm_settop(S, 0);
  /* C closures: names are "" */
  vm_pushstring(S, "u1");
  vm_newtable(S);
  vm_pushcclosure(S, c_two_up, 2);
  CHECK_STR(vm_getupvalue(S, 1, 1), "");
  CHECK_STR(vm_tostring(S, -1), "u1");
  vm_pop(S, 1);
  CHECK_STR(vm_getupvalue(S, 1, 2), "");
  CHECK(vm_istable(S, -1));
  vm_pop(S, 1);
  CHECK(vm_getupvalue(S, 1, 3) == NULL);
  vm_pushstring(S, "new");
  CHECK_STR(vm_setupvalue(S, 1, 1), "");
  id1 = vm_upvalueid(S, 1, 1);
  id2 = vm_upvalueid(S, 1, 2);
  CHECK(id1 != NULL && id2 != NULL && id1 != id2);
  CHECK(vm_upvalueid(S, 1, 3) == NULL);
  vm_pushvalue(S, 1);
  vm_call(S, 0, 2);
  CHECK_STR(vm_tostring(S, -2), "new");
  vm_settop(S, 0);
  /* no upvalues at all: light C functions and non-functions */
  vm_pushcfunction(S, c_two_up);
  CHECK(vm_getupvalue(S, 1, 1) == NULL);
  CHECK(vm_upvalueid(S, 1, 1) == NULL);
  vm_pushinteger(S, 3);
  CHECK(vm_getupvalue(S, -1, 1) == NULL);
  vm_settop(S, 0);
  /* a loaded chunk's _ENV: replace it to sandbox the chunk */
  CHECK(vm_loadstring(S, "return x") == VM_OK);
  CHECK_STR(vm_getupvalue(S, -1, 1), "_ENV");
  vm_pop(S, 1);
  vm_newtable(S);
  vm_pushstring(S, "sandboxed");
  vm_setfield(S, -2, "x");
  CHECK_STR(vm_setupvalue(S, -2, 1), "_ENV");
  vm_call(S, 0, 1);
  CHECK_STR(vm_tostring(S, -1), "sandboxed");
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* hooks                                                                   */

static char hooklog[2048];
static int hookcounts;

static void hook_lines(vm_State *S, vm_Debug *ar) {
  size_t len = strlen(hooklog);
  CHECK(ar->event == VM_HOOKLINE);
  CHECK(vm_getinfo(S, "S", ar) == 1);
  if (strcmp(ar->source, "=h") == 0) snprintf(hooklog + len, sizeof hooklog - len, "%s%d", len ? " " : "", ar->currentline);
}

static void hook_calls(vm_State *S, vm_Debug *ar) {
  size_t len = strlen(hooklog);
  const char *ev = ar->event == VM_HOOKCALL ? "c" : ar->event == VM_HOOKRET ? "r" : ar->event == VM_HOOKTAILCALL ? "t" : "?";
  CHECK(vm_getinfo(S, "nSr", ar) == 1);
  if (strcmp(ar->source, "=g") == 0)
    snprintf(hooklog + len, sizeof hooklog - len, "%s%s:%s(%d,%d)", len ? " " : "", ev, ar->name ? ar->name : "nil",
             ar->ftransfer, ar->ntransfer);
  else if (ar->what[0] == 'C' && ar->event == VM_HOOKCALL)
    snprintf(hooklog + len, sizeof hooklog - len, "%sC", len ? " " : "");
}

static void hook_count(vm_State *S, vm_Debug *ar) {
  (void)S;
  CHECK(ar->event == VM_HOOKCOUNT);
  hookcounts++;
}

static void hook_error(vm_State *S, vm_Debug *ar) {
  (void)ar;
  if (++hookcounts == 3) vm_errorf(S, "stopped by hook");
}

static void hook_yield(vm_State *S, vm_Debug *ar) {
  (void)ar;
  hookcounts++;
  vm_yield(S, 0); /* from a count hook: the coroutine suspends */
}

static int c_nop(vm_State *S) {
  (void)S;
  return 0;
}

static void test_hooks(void) {
  vm_State *S = newstate_libs();
  const char *src;
  /* defaults */
  CHECK(vm_gethook(S) == NULL && vm_gethookmask(S) == 0 && vm_gethookcount(S) == 0);
  /* line events */
  hooklog[0] = '\0';
  vm_sethook(S, hook_lines, VM_MASKLINE, 0);
  CHECK(vm_gethook(S) == hook_lines && vm_gethookmask(S) == VM_MASKLINE);
  CHECK(run(S, "local a = 1\nlocal b = 2\nfor i = 1, 2 do\n  a = a + i\nend\nreturn a + b", "=h") == VM_OK);
  vm_sethook(S, NULL, 0, 0);
  CHECK(vm_gethook(S) == NULL && vm_gethookmask(S) == 0);
  CHECK_STR(hooklog, "1 2 3 4 3 4 3 6"); /* as lua5.4's debug.sethook reports */
  CHECK(vm_tointeger(S, -1) == 6);
  vm_settop(S, 0);
  /* call and return events with names and transfer information */
  hooklog[0] = '\0';
  vm_pushcfunction(S, c_nop);
  vm_setglobal(S, "cnop");
  vm_sethook(S, hook_calls, VM_MASKCALL | VM_MASKRET, 0);
  CHECK(vm_gethookmask(S) == (VM_MASKCALL | VM_MASKRET));
  src = "local function sq(x) return x * x end\n"
        "local function t(x) return sq(x) end\n"
        "cnop()\n"
        "return t(3) + sq(2)";
  CHECK(run(S, src, "=g") == VM_OK);
  vm_sethook(S, NULL, 0, 0);
  /* (names and transfers as lua5.4's debug.getinfo(2, "nSr") reports them) */
  CHECK_STR(hooklog, "c:nil(0,0) C c:t(1,1) t:nil(1,1) r:nil(2,1) c:sq(1,1) r:sq(2,1) r:nil(3,1)");
  vm_settop(S, 0);
  /* count events */
  hookcounts = 0;
  vm_sethook(S, hook_count, VM_MASKCOUNT, 10);
  CHECK(vm_gethookcount(S) == 10 && vm_gethookmask(S) == VM_MASKCOUNT);
  CHECK(run(S, "local s = 0 for i = 1, 1000 do s = s + i end return s", "=cnt") == VM_OK);
  vm_sethook(S, NULL, 0, 0);
  CHECK(hookcounts == 200); /* as lua5.4: 2 instructions per iteration */
  vm_settop(S, 0);
  /* a mask without a function, or a function without a mask, turns hooks off */
  vm_sethook(S, hook_count, 0, 5);
  CHECK(vm_gethook(S) == NULL && vm_gethookmask(S) == 0);
  vm_sethook(S, NULL, VM_MASKLINE, 0);
  CHECK(vm_gethook(S) == NULL && vm_gethookmask(S) == 0);
  /* an error raised by a hook */
  hookcounts = 0;
  vm_sethook(S, hook_error, VM_MASKLINE, 0);
  CHECK(vm_loadstring(S, "local x = 1\nx = 2\nx = 3\nx = 4") == VM_OK);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  /* level 1 of a hook is the hooked function's caller: no position (as lua5.4) */
  CHECK_STR(vm_tostring(S, -1), "stopped by hook");
  vm_sethook(S, NULL, 0, 0);
  vm_settop(S, 0);
  CHECK(vm_eval(S, "1 + 1") == 1); /* fine afterwards */
  vm_close(S);
}

/* hooks are per thread; new threads inherit the creator's hook */
static void test_hooks_threads(void) {
  vm_State *S = newstate_libs();
  vm_State *co;
  int nres, st, rounds = 0;
  hookcounts = 0;
  vm_sethook(S, hook_count, VM_MASKCOUNT, 1);
  co = vm_newthread(S);
  CHECK(vm_gethook(co) == hook_count && vm_gethookmask(co) == VM_MASKCOUNT && vm_gethookcount(co) == 1);
  vm_sethook(S, NULL, 0, 0);
  CHECK(vm_gethook(co) == hook_count); /* unchanged */
  vm_sethook(co, NULL, 0, 0);
  vm_settop(S, 0);
  /* a count hook yielding: the coroutine suspends every 100 instructions */
  co = vm_newthread(S);
  vm_sethook(co, hook_yield, VM_MASKCOUNT, 100);
  CHECK(vm_loadstring(co, "local s = 0 for i = 1, 1000 do s = s + i end return s") == VM_OK);
  hookcounts = 0;
  st = vm_resume(co, S, 0, &nres);
  while (st == VM_YIELD && rounds < 1000) {
    CHECK(nres == 0);
    rounds++;
    st = vm_resume(co, S, 0, &nres);
  }
  CHECK(st == VM_OK && nres == 1 && vm_tointeger(co, -1) == 500500);
  CHECK(rounds == hookcounts && rounds >= 20 && rounds <= 60);
  vm_close(S);
}

int main(void) {
  test_getinfo();
  test_column();
  test_locals();
  test_upvalues();
  test_hooks();
  test_hooks_threads();
  return check_report("test_api_debug");
}
