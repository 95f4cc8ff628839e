/*
** test_api_coro.c — coroutines from C: vm_newthread, vm_resume (values in
** and out, nres), vm_status through a coroutine's life, vm_isyieldable,
** vm_yieldk/vm_yield with continuations resumed several times,
** vm_callk/vm_pcallk with continuations (after yields, after an error),
** yielding errors (outside a coroutine, across a C-call boundary),
** resuming dead/running coroutines, vm_closethread (tbc variables, errors,
** reuse), vm_xmove between a coroutine and its resumer, many threads.
** Prints "test_api_coro: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "vm.h"
#include "check.h"

/* A log of continuation calls: "k(status,ctx,top,topvalue)" entries. */
static char klog[1024];

static void logk(vm_State *S, const char *name, int status, vm_KContext ctx) {
  size_t len = strlen(klog);
  const char *top = vm_isstring(S, -1) ? vm_tostring(S, -1) : vm_typename(S, vm_type(S, -1));
  snprintf(klog + len, sizeof klog - len, "%s%s(%d,%ld,%d,%s)", len ? " " : "", name, status, (long)ctx,
           vm_gettop(S), top);
}

/* ---------------------------------------------------------------------- */

static void test_resume_basics(void) {
  vm_State *S = newstate_libs();
  vm_State *co = vm_newthread(S);
  int nres = -1, st;
  CHECK(vm_status(co) == VM_OK);
  CHECK(vm_isyieldable(co) == 1); /* a fresh thread could yield (as lua5.4) */
  CHECK(vm_loadstring(co, "local a, b = ...\n"
                          "local c = coroutine.yield(a + b, 'first')\n"
                          "local d, e = coroutine.yield(c * 2)\n"
                          "return d, e, 'end'") == VM_OK);
  vm_pushinteger(co, 1);
  vm_pushinteger(co, 2);
  st = vm_resume(co, S, 2, &nres);
  CHECK(st == VM_YIELD && nres == 2);
  CHECK(vm_status(co) == VM_YIELD);
  CHECK(vm_tointeger(co, -2) == 3);
  CHECK_STR(vm_tostring(co, -1), "first");
  vm_pop(co, nres);
  vm_pushinteger(co, 10);
  st = vm_resume(co, S, 1, &nres);
  CHECK(st == VM_YIELD && nres == 1 && vm_tointeger(co, -1) == 20);
  vm_pop(co, nres);
  vm_pushstring(co, "d");
  vm_pushnil(co);
  st = vm_resume(co, NULL, 2, &nres); /* from == NULL is allowed */
  CHECK(st == VM_OK && nres == 3);
  CHECK_STR(vm_tostring(co, -3), "d");
  CHECK(vm_isnil(co, -2));
  CHECK_STR(vm_tostring(co, -1), "end");
  CHECK(vm_status(co) == VM_OK);
  vm_settop(co, 0);
  /* resuming a dead coroutine */
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(co, -1), "cannot resume dead coroutine");
  vm_settop(co, 0);
  /* an error inside: the status sticks */
  co = vm_newthread(S);
  CHECK(vm_loadstring(co, "coroutine.yield(1) error('inside', 0)") == VM_OK);
  CHECK(vm_resume(co, S, 0, &nres) == VM_YIELD);
  vm_pop(co, nres);
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(co, -1), "inside");
  CHECK(vm_status(co) == VM_ERRRUN);
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(co, -1), "cannot resume dead coroutine");
  /* a traceback of the dead coroutine, taken from the main thread */
  vm_traceback(S, co, "msg", 0);
  {
    static const char want[] = "msg\nstack traceback:\n\t[C]: in function 'error'";
    CHECK(vm_isstring(S, -1) && strncmp(vm_tostring(S, -1), want, sizeof want - 1) == 0);
  }
  vm_settop(S, 0);
  vm_close(S);
}

/* vm_yieldk from a C function, resumed several times through k */
static int k_countdown(vm_State *S, int status, vm_KContext ctx) {
  logk(S, "k", status, ctx);
  if (ctx > 0) {
    vm_pushinteger(S, ctx);
    return vm_yieldk(S, 1, ctx - 1, k_countdown);
  }
  vm_pushstring(S, "done");
  return 1;
}

static int c_countdown(vm_State *S) {
  vm_Integer n = vm_checkinteger(S, 1);
  vm_pushboolean(S, vm_isyieldable(S));
  vm_setglobal(S, "wasyieldable");
  vm_pushinteger(S, n);
  return vm_yieldk(S, 1, (vm_KContext)(n - 1), k_countdown);
}

/* vm_yield (no continuation) returns to the caller with the resume values */
static int c_plainyield(vm_State *S) {
  return vm_yield(S, vm_gettop(S));
}

static void test_yieldk(void) {
  vm_State *S = newstate_libs();
  vm_State *co = vm_newthread(S);
  int nres, st, round;
  klog[0] = '\0';
  /* the C function is the coroutine's body */
  vm_pushcfunction(co, c_countdown);
  vm_pushinteger(co, 3);
  st = vm_resume(co, S, 1, &nres);
  CHECK(st == VM_YIELD && nres == 1 && vm_tointeger(co, -1) == 3);
  CHECK(vm_getglobal(S, "wasyieldable") == VM_TBOOLEAN && vm_toboolean(S, -1));
  vm_pop(S, 1);
  for (round = 0; round < 3; round++) {
    vm_pop(co, nres);
    vm_pushfstring(co, "r%d", round);
    st = vm_resume(co, S, 1, &nres);
    if (round < 2) CHECK(st == VM_YIELD && nres == 1 && vm_tointeger(co, -1) == 2 - round);
  }
  CHECK(st == VM_OK && nres == 1);
  CHECK_STR(vm_tostring(co, -1), "done");
  /* k sees the stack of the yield minus the yielded values plus the
  ** resume values, so the resume values accumulate (as in lua5.4) */
  CHECK_STR(klog, "k(1,2,2,r0) k(1,1,3,r1) k(1,0,4,r2)");
  vm_settop(co, 0);
  /* the same function called from Lua inside a coroutine */
  vm_pushcfunction(S, c_countdown);
  vm_setglobal(S, "countdown");
  vm_pushcfunction(S, c_plainyield);
  vm_setglobal(S, "plainyield");
  klog[0] = '\0';
  CHECK(vm_dostring(S, "local co = coroutine.wrap(function(n)\n"
                       "  local r = countdown(n)\n"
                       "  local a, b = plainyield('p', 'q')\n"
                       "  return r .. ':' .. a .. b\n"
                       "end)\n"
                       "local got = {}\n"
                       "got[#got + 1] = co(2)\n"
                       "got[#got + 1] = co('x')\n"
                       "got[#got + 1] = co('y')\n"
                       "got[#got + 1] = co('A', 'B')\n"
                       "return table.concat(got, ',')") == VM_OK);
  CHECK_STR(vm_tostring(S, -1), "2,1,p,done:AB");
  CHECK_STR(klog, "k(1,1,2,x) k(1,0,3,y)");
  vm_close(S);
}

/* vm_callk: the continuation runs after the callee yielded and finished */
static int k_after_call(vm_State *S, int status, vm_KContext ctx) {
  logk(S, "kc", status, ctx);
  vm_pushfstring(S, "kc got %s", vm_tostring(S, -1));
  return 1;
}

static int c_callk(vm_State *S) {
  vm_getglobal(S, "gen");
  vm_callk(S, 0, 1, 55, k_after_call);
  /* reached only when gen did not yield */
  return k_after_call(S, VM_OK, 55);
}

/* vm_pcallk: the continuation sees the error status after yields */
static int k_after_pcall(vm_State *S, int status, vm_KContext ctx) {
  logk(S, "kp", status, ctx);
  vm_pushinteger(S, status);
  return 2;
}

static int c_pcallk(vm_State *S) {
  int st;
  vm_getglobal(S, vm_tostring(S, 1)); /* the function to call, by name */
  st = vm_pcallk(S, 0, 1, 0, 77, k_after_pcall);
  return k_after_pcall(S, st, 77); /* no yield: finish here */
}

static void test_callk_pcallk(void) {
  vm_State *S = newstate_libs();
  vm_State *co;
  int nres, st, i;
  CHECK(vm_dostring(S, "function gen() coroutine.yield(1) coroutine.yield(2) return 'end' end\n"
                       "function genfail() coroutine.yield('y1') coroutine.yield('y2') error('fail!', 0) end\n"
                       "function noyield() return 'direct' end\n"
                       "function noyieldfail() error('direct fail', 0) end") == VM_OK);
  vm_pushcfunction(S, c_callk);
  vm_setglobal(S, "ccallk");
  vm_pushcfunction(S, c_pcallk);
  vm_setglobal(S, "cpcallk");
  /* callk, resumed three times from C */
  klog[0] = '\0';
  co = vm_newthread(S);
  vm_pushcfunction(co, c_callk);
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_YIELD && nres == 1 && vm_tointeger(co, -1) == 1);
  vm_pop(co, nres);
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_YIELD && nres == 1 && vm_tointeger(co, -1) == 2);
  vm_pop(co, nres);
  CHECK_STR(klog, ""); /* not yet */
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_OK && nres == 1);
  CHECK_STR(vm_tostring(co, -1), "kc got end");
  CHECK_STR(klog, "kc(1,55,1,end)");
  /* callk where nothing yields: k is not called by the VM */
  klog[0] = '\0';
  CHECK(vm_dostring(S, "gen = noyield return coroutine.wrap(ccallk)()") == VM_OK);
  CHECK_STR(vm_tostring(S, -1), "kc got direct");
  CHECK_STR(klog, "kc(0,55,1,direct)"); /* the direct call from c_callk */
  vm_settop(S, 0);
  /* pcallk: yields, then an error caught by the pcall */
  klog[0] = '\0';
  co = vm_newthread(S);
  vm_pushcfunction(co, c_pcallk);
  vm_pushstring(co, "genfail");
  st = vm_resume(co, S, 1, &nres);
  CHECK(st == VM_YIELD && nres == 1);
  CHECK_STR(vm_tostring(co, -1), "y1");
  for (i = 0; i < 2; i++) {
    vm_pop(co, nres);
    st = vm_resume(co, S, 0, &nres);
  }
  CHECK(st == VM_OK && nres == 2);
  CHECK_STR(vm_tostring(co, -2), "fail!");
  CHECK(vm_tointeger(co, -1) == VM_ERRRUN);
  CHECK_STR(klog, "kp(2,77,2,fail!)");
  CHECK(vm_status(co) == VM_OK);
  /* pcallk: yields, then success: status VM_YIELD for the continuation */
  klog[0] = '\0';
  co = vm_newthread(S);
  vm_pushcfunction(co, c_pcallk);
  vm_pushstring(co, "gen");
  CHECK(vm_dostring(S, "gen = function() coroutine.yield(1) coroutine.yield(2) return 'end' end") == VM_OK);
  st = vm_resume(co, S, 1, &nres);
  for (i = 0; i < 2 && st == VM_YIELD; i++) {
    vm_pop(co, nres);
    st = vm_resume(co, S, 0, &nres);
  }
  CHECK(st == VM_OK && nres == 2);
  CHECK_STR(vm_tostring(co, -2), "end");
  CHECK(vm_tointeger(co, -1) == VM_YIELD);
  CHECK_STR(klog, "kp(1,77,2,end)");
  /* pcallk without yields: plain statuses */
  klog[0] = '\0';
  CHECK(vm_dostring(S, "local a, sa = coroutine.wrap(cpcallk)('noyield')\n"
                       "local b, sb = coroutine.wrap(cpcallk)('noyieldfail')\n"
                       "return a, sa, b, sb") == VM_OK);
  CHECK_STR(vm_tostring(S, -4), "direct");
  CHECK(vm_tointeger(S, -3) == VM_OK);
  CHECK_STR(vm_tostring(S, -2), "direct fail");
  CHECK(vm_tointeger(S, -1) == VM_ERRRUN);
  vm_close(S);
}

/* vm_pcallk with a message handler: the handler still applies to an
** error raised after the callee yielded and was resumed */
static int h_wrap(vm_State *S) {
  vm_pushfstring(S, "H(%s)", vm_tostring(S, 1));
  return 1;
}

static int k_status(vm_State *S, int status, vm_KContext ctx) {
  (void)ctx;
  vm_pushinteger(S, status);
  return 2;
}

static int c_pcallk_msgh(vm_State *S) {
  vm_pushcfunction(S, h_wrap);
  vm_getglobal(S, "body");
  return k_status(S, vm_pcallk(S, 0, 1, 1, 0, k_status), 0);
}

static void test_pcallk_msgh(void) {
  vm_State *S = newstate_libs();
  vm_State *co = vm_newthread(S);
  int nres, st;
  CHECK(vm_dostring(S, "function body() coroutine.yield('y') error('boom', 0) end") == VM_OK);
  vm_pushcfunction(co, c_pcallk_msgh);
  CHECK(vm_resume(co, S, 0, &nres) == VM_YIELD);
  vm_pop(co, nres);
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_OK && nres == 2);
  CHECK_STR(vm_tostring(co, -2), "H(boom)");
  CHECK(vm_tointeger(co, -1) == VM_ERRRUN);
  vm_close(S);
}

/* yield errors */
static int c_yield_top(vm_State *S) {
  return vm_yield(S, 0);
}

static int c_pcall_then_yield(vm_State *S) {
  /* calls plain Lua that yields through vm_pcall (no continuation) */
  vm_getglobal(S, "yielder");
  if (vm_pcall(S, 0, 0, 0) != VM_OK) return vm_error(S);
  return 0;
}

static int c_isyieldable(vm_State *S) {
  vm_pushboolean(S, vm_isyieldable(S));
  return 1;
}

static int c_isyieldable_nested(vm_State *S) {
  /* inside a C function called without continuation: not yieldable */
  vm_pushcfunction(S, c_isyieldable);
  vm_call(S, 0, 1);
  return 1;
}

static void test_yield_errors(void) {
  vm_State *S = newstate_libs();
  vm_State *co;
  int nres, st;
  /* from the main thread */
  vm_pushcfunction(S, c_yield_top);
  st = vm_pcall(S, 0, 0, 0);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to yield from outside a coroutine");
  vm_settop(S, 0);
  /* across a C function that used vm_pcall without a continuation */
  CHECK(vm_dostring(S, "function yielder() coroutine.yield(1) end") == VM_OK);
  co = vm_newthread(S);
  vm_pushcfunction(co, c_pcall_then_yield);
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(co, -1), "attempt to yield across a C-call boundary");
  vm_settop(S, 0);
  /* vm_isyieldable in the various places */
  vm_pushcfunction(S, c_isyieldable);
  vm_setglobal(S, "isy");
  vm_pushcfunction(S, c_isyieldable_nested);
  vm_setglobal(S, "isynested");
  CHECK(vm_eval(S, "isy(), coroutine.wrap(isy)(), coroutine.wrap(isynested)(),\n"
                   "  coroutine.wrap(function() return pcall(isy) end)()") == 5);
  CHECK(vm_toboolean(S, 1) == 0);
  CHECK(vm_toboolean(S, 2) == 1);
  CHECK(vm_toboolean(S, 3) == 0);
  CHECK(vm_toboolean(S, 4) == 1 && vm_toboolean(S, 5) == 1); /* Lua's pcall is yieldable */
  vm_close(S);
}

/* resuming a running coroutine from inside itself */
static int c_resume_self(vm_State *S) {
  int nres;
  int st = vm_resume(S, S, 0, &nres);
  vm_pushinteger(S, st);
  return 2; /* message, status */
}

static int c_resume_other(vm_State *S) {
  /* resumes the coroutine given as argument 1, nested inside this one */
  vm_State *co = vm_tothread(S, 1);
  int nres, st;
  vm_pushinteger(co, 5);
  st = vm_resume(co, S, 1, &nres);
  if (st != VM_YIELD && st != VM_OK) return vm_errorf(S, "nested resume failed: %d", st);
  vm_xmove(co, S, nres);
  return nres;
}

static void test_nested_and_running(void) {
  vm_State *S = newstate_libs();
  vm_State *co = vm_newthread(S), *inner;
  int nres, st;
  vm_pushcfunction(co, c_resume_self);
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_OK && nres == 2);
  CHECK_STR(vm_tostring(co, -2), "cannot resume non-suspended coroutine");
  CHECK(vm_tointeger(co, -1) == VM_ERRRUN);
  vm_settop(S, 0);
  /* a coroutine resuming another from C, values moved with vm_xmove */
  co = vm_newthread(S);
  inner = vm_newthread(S);
  CHECK(vm_loadstring(inner, "local x = ... coroutine.yield(x * 10, 'inner') return 'inner done'") == VM_OK);
  vm_pushcfunction(co, c_resume_other);
  vm_pushthread(inner);
  vm_xmove(inner, co, 1);
  st = vm_resume(co, S, 1, &nres);
  CHECK(st == VM_OK && nres == 2);
  CHECK(vm_tointeger(co, -2) == 50);
  CHECK_STR(vm_tostring(co, -1), "inner");
  CHECK(vm_status(inner) == VM_YIELD);
  /* move results from the coroutine to the main thread */
  vm_xmove(co, S, 2);
  CHECK(vm_gettop(co) == 0 && vm_gettop(S) == 4);
  CHECK(vm_tointeger(S, -2) == 50);
  vm_close(S);
}

static void test_closethread(void) {
  vm_State *S = newstate_libs();
  vm_State *co;
  int nres, st;
  CHECK(vm_dostring(S, "closed = {}\n"
                       "function closable(name, fail) return setmetatable({}, {__close = function(_, e)\n"
                       "  closed[#closed + 1] = name .. '/' .. tostring(e)\n"
                       "  if fail then error('close err', 0) end end}) end") == VM_OK);
  /* a suspended coroutine with a pending tbc variable */
  co = vm_newthread(S);
  CHECK(vm_loadstring(co, "local x <close> = closable('a') coroutine.yield(1) error('never')") == VM_OK);
  CHECK(vm_resume(co, S, 0, &nres) == VM_YIELD);
  CHECK(vm_status(co) == VM_YIELD);
  st = vm_closethread(co, S);
  CHECK(st == VM_OK);
  CHECK(vm_status(co) == VM_OK && vm_gettop(co) == 0);
  CHECK(vm_eval(S, "table.concat(closed, ',')") == 1);
  CHECK_STR(vm_tostring(S, -1), "a/nil");
  vm_settop(S, 0);
  /* the thread can be reused */
  CHECK(vm_loadstring(co, "return 'reused'") == VM_OK);
  CHECK(vm_resume(co, S, 0, &nres) == VM_OK && nres == 1);
  CHECK_STR(vm_tostring(co, -1), "reused");
  /* a coroutine dead by an error: the status and the error object */
  co = vm_newthread(S);
  CHECK(vm_loadstring(co, "error('died', 0)") == VM_OK);
  CHECK(vm_resume(co, S, 0, &nres) == VM_ERRRUN);
  st = vm_closethread(co, S);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(co, -1), "died");
  CHECK(vm_status(co) == VM_OK);
  /* an error in __close while closing */
  co = vm_newthread(S);
  CHECK(vm_loadstring(co, "local y <close> = closable('b', true) coroutine.yield()") == VM_OK);
  CHECK(vm_resume(co, S, 0, &nres) == VM_YIELD);
  st = vm_closethread(co, S);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(co, -1), "close err");
  /* a fresh thread: nothing to do */
  co = vm_newthread(S);
  CHECK(vm_closethread(co, NULL) == VM_OK);
  vm_close(S);
}

/* many threads alive at once, resumed in turns across collections */
static void test_many_threads(void) {
  enum { N = 60 };
  vm_State *S = newstate_libs();
  vm_State *th[N];
  int i, round, nres, ok = 1;
  CHECK(vm_dostring(S, "function worker(id) local acc = {} for r = 1, 3 do acc[r] = id * r coroutine.yield(#acc) end\n"
                       "  return table.concat(acc, '-') end") == VM_OK);
  vm_newtable(S); /* anchor for the threads */
  for (i = 0; i < N; i++) {
    th[i] = vm_newthread(S);
    vm_rawseti(S, 1, i + 1);
    vm_getglobal(th[i], "worker");
    vm_pushinteger(th[i], i);
  }
  for (round = 1; round <= 4; round++) {
    for (i = 0; i < N; i++) {
      int st = vm_resume(th[i], S, round == 1 ? 1 : 0, &nres);
      if (round <= 3) {
        if (st != VM_YIELD || nres != 1 || vm_tointeger(th[i], -1) != round) ok = 0;
      } else {
        char want[64];
        snprintf(want, sizeof want, "%d-%d-%d", i, i * 2, i * 3);
        if (st != VM_OK || nres != 1 || strcmp(vm_tostring(th[i], -1), want) != 0) ok = 0;
      }
      vm_pop(th[i], nres);
    }
    vm_gc(S, VM_GCCOLLECT);
  }
  CHECK(ok);
  /* unanchored threads are collected without trouble */
  vm_settop(S, 0);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_eval(S, "1") == 1);
  vm_close(S);
}

/* The main thread is not yieldable (lua_newstate makes it so): a host
** calling vm_pcallk with a continuation at the top level gets an ordinary
** protected call. Run in a child process: a failure aborts. */
static int k_host(vm_State *S, int status, vm_KContext ctx) {
  (void)S;
  (void)status;
  (void)ctx;
  return 0;
}

static int child_pcallk_error(void) {
  vm_State *S = newstate_libs();
  int st;
  if (vm_loadstring(S, "error('x', 0)") != VM_OK) return 1;
  st = vm_pcallk(S, 0, 0, 0, 0, k_host);
  if (st != VM_ERRRUN || !vm_isstring(S, -1) || strcmp(vm_tostring(S, -1), "x") != 0) return 2;
  vm_settop(S, 0);
  /* a yield inside it is an error too, caught by that pcall */
  if (vm_loadstring(S, "coroutine.yield(1)") != VM_OK) return 1;
  st = vm_pcallk(S, 0, 0, 0, 0, k_host);
  if (st != VM_ERRRUN || !vm_isstring(S, -1) ||
      strcmp(vm_tostring(S, -1), "attempt to yield from outside a coroutine") != 0)
    return 3;
  vm_close(S);
  return 0;
}

static int run_in_child(int (*fn)(void)) {
  int status = 0;
  pid_t pid;
  fflush(stdout);
  fflush(stderr);
  pid = fork();
  if (pid == 0) {
    int fd = open("/dev/null", O_WRONLY);
    if (fd >= 0) dup2(fd, 2); /* the panic message is expected noise */
    _exit(fn());
  }
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

static void test_main_thread_not_yieldable(void) {
  vm_State *S = vm_newstate();
  int r;
  CHECK(vm_isyieldable(S) == 0);
  vm_close(S);
  r = run_in_child(child_pcallk_error);
  if (r != 0) fprintf(stderr, "vm_pcallk from the host on the main thread: child exit %d\n", r);
  CHECK(r == 0);
}

int main(void) {
  test_resume_basics();
  test_yieldk();
  test_callk_pcallk();
  test_pcallk_msgh();
  test_yield_errors();
  test_nested_and_running();
  test_closethread();
  test_many_threads();
  test_main_thread_not_yieldable();
  return check_report("test_api_coro");
}
