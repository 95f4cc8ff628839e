/*
** test_api_interrupt.c — interrupts and budgets: vm_interrupt (from a C
** function the script calls, from another OS thread, from a signal
** handler), inside loops and deep recursion, in coroutines; an interrupt
** cannot be caught by the script and is cleared when the host regains
** control; vm_setinterrupt callbacks (period, non-zero return, an error
** raised by the callback itself is catchable, removal with NULL).
** Prints "test_api_interrupt: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "vm.h"
#include "check.h"

/* the error message ends with "interrupted!" (after a position, if any) */
static int isinterrupted(vm_State *S) {
  const char *m = vm_tostring(S, -1);
  size_t n = m ? strlen(m) : 0;
  return n >= 12 && strcmp(m + n - 12, "interrupted!") == 0;
}

static int c_trigger(vm_State *S) {
  vm_interrupt(S);
  return 0;
}

static int c_count(vm_State *S) {
  /* how far the script got: a global counter */
  vm_getglobal(S, "progress");
  vm_pushinteger(S, vm_tointeger(S, -1) + 1);
  vm_setglobal(S, "progress");
  return 0;
}

static void test_interrupt_from_script(void) {
  vm_State *S = newstate_libs();
  int st;
  vm_pushcfunction(S, c_trigger);
  vm_setglobal(S, "trigger");
  vm_pushcfunction(S, c_count);
  vm_setglobal(S, "count");
  /* an endless loop */
  st = vm_dostring(S, "trigger() while true do end");
  CHECK(st == VM_ERRRUN);
  CHECK(isinterrupted(S));
  vm_settop(S, 0);
  /* cleared once the host has control: the next call runs normally */
  CHECK(vm_dostring(S, "local s = 0 for i = 1, 100000 do s = s + i end return s") == VM_OK);
  CHECK(vm_tointeger(S, -1) == 5000050000);
  vm_settop(S, 0);
  /* the script cannot catch it and carry on */
  st = vm_dostring(S, "progress = 0\n"
                      "trigger()\n"
                      "for i = 1, 100 do\n"
                      "  local ok, e = pcall(function() while true do end end)\n"
                      "  count()\n"
                      "end\n"
                      "return 'escaped'");
  CHECK(st == VM_ERRRUN && isinterrupted(S));
  vm_settop(S, 0);
  CHECK(vm_getglobal(S, "progress") == VM_TNUMBER && vm_tointeger(S, -1) <= 1);
  vm_settop(S, 0);
  /* deep recursion: stopped at a call, long before a stack overflow */
  st = vm_dostring(S, "progress = 0\n"
                      "local function f(n) if n == 100 then trigger() end count() return 1 + f(n + 1) end\n"
                      "return f(0)");
  CHECK(st == VM_ERRRUN && isinterrupted(S));
  vm_settop(S, 0);
  CHECK(vm_getglobal(S, "progress") == VM_TNUMBER && vm_tointeger(S, -1) >= 100 && vm_tointeger(S, -1) < 2000);
  vm_settop(S, 0);
  /* deep recursion that loops at the bottom */
  st = vm_dostring(S, "local function f(n) if n == 0 then trigger() while true do end end return f(n - 1) + 1 end\n"
                      "return f(5000)");
  CHECK(st == VM_ERRRUN && isinterrupted(S));
  vm_settop(S, 0);
  /* through a coroutine resumed by the script: the resumer is stopped too */
  st = vm_dostring(S, "local co = coroutine.create(function() trigger() while true do end end)\n"
                      "local ok, e = coroutine.resume(co)\n"
                      "caught = e\n"
                      "while true do end");
  CHECK(st == VM_ERRRUN && isinterrupted(S));
  vm_settop(S, 0);
  CHECK(vm_getglobal(S, "caught") == VM_TSTRING && isinterrupted(S));
  vm_settop(S, 0);
  /* a coroutine resumed by the host */
  {
    vm_State *co = vm_newthread(S);
    int nres;
    CHECK(vm_loadstring(co, "coroutine.yield(1) trigger() while true do end") == VM_OK);
    CHECK(vm_resume(co, S, 0, &nres) == VM_YIELD);
    vm_pop(co, nres);
    st = vm_resume(co, S, 0, &nres);
    CHECK(st == VM_ERRRUN && isinterrupted(co));
    CHECK(vm_status(co) == VM_ERRRUN);
    vm_settop(S, 0);
  }
  /* an interrupt requested while nothing runs is dropped by the next
  ** host call (the outermost vm_pcall clears it) */
  vm_interrupt(S);
  CHECK(vm_dostring(S, "for i = 1, 100000 do end return 'ran'") == VM_OK);
  CHECK_STR(vm_tostring(S, -1), "ran");
  vm_close(S);
}

/* from another OS thread, while the script spins */
static void *interrupter(void *arg) {
  struct timespec ts = {0, 30 * 1000 * 1000};
  nanosleep(&ts, NULL);
  vm_interrupt((vm_State *)arg);
  return NULL;
}

static void test_interrupt_from_thread(void) {
  vm_State *S = newstate_libs();
  pthread_t th;
  int st;
  CHECK(pthread_create(&th, NULL, interrupter, S) == 0);
  st = vm_dostring(S, "local x = 0 while true do x = x + 1 end");
  pthread_join(th, NULL);
  CHECK(st == VM_ERRRUN && isinterrupted(S));
  vm_settop(S, 0);
  CHECK(vm_eval(S, "'after'") == 1);
  vm_close(S);
}

/* from a signal handler */
static vm_State *sigstate;

static void on_alarm(int sig) {
  (void)sig;
  vm_interrupt(sigstate);
}

/* SIGALRM runs handler on S in 30 ms; the old action goes to *old */
static void alarm_soon(vm_State *S, void (*handler)(int), struct sigaction *old) {
  struct sigaction sa;
  struct itimerval it;
  sigstate = S;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  CHECK(sigaction(SIGALRM, &sa, old) == 0);
  memset(&it, 0, sizeof it);
  it.it_value.tv_usec = 30000;
  CHECK(setitimer(ITIMER_REAL, &it, NULL) == 0);
}

static void test_interrupt_from_signal(void) {
  vm_State *S = newstate_libs();
  struct sigaction old;
  int st;
  alarm_soon(S, on_alarm, &old);
  st = vm_dostring(S, "local t = {} local i = 0 while true do i = i + 1 t[i % 100 + 1] = i end");
  CHECK(st == VM_ERRRUN && isinterrupted(S));
  sigaction(SIGALRM, &old, NULL);
  vm_close(S);
}

/* Compiled loops look at the flag vm_interrupt sets (here without a
** host callback: their back-edges count nothing but themselves) */
static void test_interrupt_compiled_from_signal(void) {
  vm_State *S = newstate_libs();
  struct sigaction old;
  int st;
  alarm_soon(S, on_alarm, &old);
  st = vm_dostring(S, "local jit = require 'jit' jit.hotloop(1) jit.on()\n"
                      "local x = 0 while x < 1000000000000000 do x = x + 1 end return x");
  CHECK(st == VM_ERRRUN && isinterrupted(S));
  sigaction(SIGALRM, &old, NULL);
  vm_settop(S, 0);
  CHECK(vm_dostring(S, "local x = 0 for i = 1, 1000 do x = x + i end return x") == VM_OK);
  CHECK(vm_tointeger(S, -1) == 500500);
  vm_close(S);
}

/* A hook set from a signal handler stops a compiled loop (vm_sethook
** raises the flag traces look at), and then runs: this one raises an
** error. With a host budget of a long period, the traces count each
** back-edge against it; without one, they count only to look at the flag
** every few back-edges. The loop would end on its own only long after. */
static int never(vm_State *S, void *ud) {
  (void)S;
  (void)ud;
  return 0;
}

static void hook_raise(vm_State *S, vm_Debug *ar) {
  (void)ar;
  vm_sethook(S, NULL, 0, 0);
  vm_getglobal(S, "i");
  vm_errorf(S, "hooked at %d", (int)(vm_tointeger(S, -1) < 1000000000 ? 1 : 0));
}

static void on_alarm_hook(int sig) {
  (void)sig;
  vm_sethook(sigstate, hook_raise, VM_MASKCOUNT, 1);
}

static void hook_from_signal(int withbudget) {
  vm_State *S = newstate_libs();
  struct sigaction old;
  int st;
  const char *msg;
  if (withbudget) vm_setinterrupt(S, never, NULL, 2000000000);
  alarm_soon(S, on_alarm_hook, &old);
  st = vm_dostring(S, "local jit = require 'jit' jit.hotloop(1) jit.on()\n"
                      "for _ = 1, 100 do end\n"
                      "i = 0 while i < 10000000000 do i = i + 1 end return i");
  msg = vm_tostring(S, -1);
  CHECK(st == VM_ERRRUN && msg != NULL && strstr(msg, "hooked at 1") != NULL); /* inside the loop */
  sigaction(SIGALRM, &old, NULL);
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* budgets: vm_setinterrupt                                                */

typedef struct Budget {
  int calls;
  int stop_at;     /* return non-zero on this call */
  int raise_at;    /* raise an error on this call */
} Budget;

static int budget_cb(vm_State *S, void *ud) {
  Budget *b = ud;
  b->calls++;
  if (b->raise_at && b->calls == b->raise_at) vm_errorf(S, "budget error at %d", b->calls);
  return b->stop_at && b->calls >= b->stop_at;
}

static void test_setinterrupt(void) {
  vm_State *S = newstate_libs();
  Budget b;
  int st;
  /* a budget of about 5 x 1000 checks */
  memset(&b, 0, sizeof b);
  b.stop_at = 5;
  vm_setinterrupt(S, budget_cb, &b, 1000);
  st = vm_dostring(S, "n = 0 while true do n = n + 1 end");
  CHECK(st == VM_ERRRUN && isinterrupted(S));
  CHECK(b.calls == 5);
  vm_settop(S, 0);
  CHECK(vm_getglobal(S, "n") == VM_TNUMBER);
  CHECK(vm_tointeger(S, -1) >= 3000 && vm_tointeger(S, -1) <= 5000); /* one check per iteration */
  vm_settop(S, 0);
  /* the callback keeps being called for short scripts without stopping them */
  memset(&b, 0, sizeof b);
  b.stop_at = 0;
  CHECK(vm_dostring(S, "local s = 0 for i = 1, 10000 do s = s + i end return s") == VM_OK);
  CHECK(b.calls >= 9 && b.calls <= 11);
  vm_settop(S, 0);
  /* function calls count as checks too */
  memset(&b, 0, sizeof b);
  CHECK(vm_dostring(S, "local function f(n) if n > 0 then return 1 + f(n - 1) end return 0 end\n"
                       "return f(5000)") == VM_OK);
  CHECK(b.calls >= 4 && b.calls <= 6);
  vm_settop(S, 0);
  /* an error raised by the callback is an ordinary error: catchable */
  memset(&b, 0, sizeof b);
  b.raise_at = 2;
  st = vm_dostring(S, "local ok, e = pcall(function() while true do end end)\n"
                      "return ok, e");
  CHECK(st == VM_OK);
  CHECK(vm_toboolean(S, 1) == 0);
  CHECK(vm_isstring(S, 2) && strstr(vm_tostring(S, 2), "budget error at 2") != NULL);
  vm_settop(S, 0);
  /* with a stop: not catchable */
  memset(&b, 0, sizeof b);
  b.stop_at = 3;
  st = vm_dostring(S, "for i = 1, 10 do pcall(function() while true do end end) end return 'escaped'");
  CHECK(st == VM_ERRRUN && isinterrupted(S));
  vm_settop(S, 0);
  /* removed: loops run to completion */
  vm_setinterrupt(S, NULL, NULL, 0);
  memset(&b, 0, sizeof b);
  b.stop_at = 1;
  CHECK(vm_dostring(S, "local s = 0 for i = 1, 200000 do s = s + 1 end return s") == VM_OK);
  CHECK(b.calls == 0 && vm_tointeger(S, -1) == 200000);
  vm_settop(S, 0);
  /* a period of 1: every check */
  memset(&b, 0, sizeof b);
  b.stop_at = 10;
  vm_setinterrupt(S, budget_cb, &b, 1);
  CHECK(vm_dostring(S, "n = 0 while true do n = n + 1 end") == VM_ERRRUN);
  CHECK(b.calls == 10);
  vm_settop(S, 0);
  CHECK(vm_getglobal(S, "n") == VM_TNUMBER && vm_tointeger(S, -1) >= 8 && vm_tointeger(S, -1) <= 10);
  vm_setinterrupt(S, NULL, NULL, 0);
  vm_close(S);
}

/* an interrupt of a budget inside a coroutine the host resumes, which
** then stays usable as a state */
static void test_budget_coroutine(void) {
  vm_State *S = newstate_libs();
  vm_State *co = vm_newthread(S);
  Budget b;
  int nres, st;
  memset(&b, 0, sizeof b);
  b.stop_at = 2;
  vm_setinterrupt(S, budget_cb, &b, 500);
  CHECK(vm_loadstring(co, "while true do end") == VM_OK);
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_ERRRUN && isinterrupted(co));
  vm_setinterrupt(S, NULL, NULL, 0);
  CHECK(vm_eval(S, "'fine'") == 1);
  vm_close(S);
}

static int budget_stop_after_100(vm_State *S, void *ud) {
  (void)S;
  return ++*(int *)ud >= 100;
}

static int count_cb(vm_State *S, void *ud) {
  (void)S;
  ++*(int *)ud;
  return 0;
}

/* The check at a function's entry runs before a vararg function has
** collected its arguments: it must leave the stack top alone (it once set
** it to the frame's top, and the function saw stale slots as extra
** arguments whenever the check fell on its call). */
static void test_check_at_vararg_entry(void) {
  vm_State *S = newstate_libs();
  int calls = 0;
  vm_setinterrupt(S, count_cb, &calls, 1);
  CHECK(vm_eval(S, "(function() "
                   "  local function f(...) return select('#', ...) end "
                   "  local function g(a, b, ...) return a, b, select('#', ...) end "
                   "  local t = {} for i = 1, 30 do t[i] = i end "
                   "  local r = {} "
                   "  for i = 1, 5 do r[#r + 1] = f(1, 2) .. g(7, nil, 3) .. f() .. f(table.unpack(t)) end "
                   "  return table.concat(r, ' ') end)()") == 1);
  CHECK_STR(vm_tostring(S, -1), "27030 27030 27030 27030 27030");
  CHECK(calls > 10);
  vm_setinterrupt(S, NULL, NULL, 0);
  vm_close(S);
}

/* Every loop form reaches a check: `repeat ... until` back-edges are
** conditional jumps (they once escaped every interrupt), and the error
** names the loop's line. */
static void test_every_loop_form(void) {
  static const char *const loops[] = {
    "local n = 0\nrepeat n = n + 1 until false",
    "local n = 0\nrepeat n = n + 1 until n < 0",
    "local n = 0\nwhile true do n = n + 1 end",
    "local n = 0\nwhile n >= 0 do n = n + 1 end",
    "local n = 0\nfor i = 1, math.maxinteger do n = n + 1 end",
    "local n = 0\nfor i = 1.0, math.huge do n = n + 1 end",
    "local n = 0\nfor k in function() return 1 end do n = n + 1 end",
    "local n = 0\n::top:: n = n + 1 goto top",
  };
  size_t i;
  for (i = 0; i < sizeof loops / sizeof loops[0]; i++) {
    vm_State *S = newstate_libs();
    int calls = 0;
    vm_setinterrupt(S, budget_stop_after_100, &calls, 1000);
    CHECK(vm_dostring(S, loops[i]) == VM_ERRRUN);
    CHECK_STR(vm_tostring(S, -1), "[string \"local n = 0...\"]:2: interrupted!");
    vm_close(S);
  }
}

/* Compiled loops stop too, also one whose iterations go from trace to
** trace without passing a back-edge of their own: the loop's trace exits
** at every other iteration into a side trace, which leads back to the
** loop's trace (entries from other traces are checked like back-edges).
** The loop ends on its own long after the budget should have stopped it. */
static void test_compiled_loops(void) {
  vm_State *S = newstate_libs();
  int calls = 0;
  vm_setinterrupt(S, budget_stop_after_100, &calls, 1000);
  CHECK(vm_dostring(S, "local jit = require 'jit'\n"
                       "jit.hotloop(1) jit.hotexit(1) jit.on()\n"
                       "for _ = 1, 100 do end\n"
                       "local n = 0\n"
                       "while n < 400000000 do\n"
                       "  if n % 2 == 0 then n = n + 1 else n = n + 3 end\n"
                       "end\n"
                       "return n") == VM_ERRRUN);
  CHECK(isinterrupted(S));
  vm_settop(S, 0);
  /* the traces run again once the host has control */
  CHECK(vm_dostring(S, "local n = 0 while n < 1000 do if n % 2 == 0 then n = n + 1 else n = n + 3 end end return n, "
                       "require('jit').stats().side") == VM_OK);
  CHECK(vm_tointeger(S, -2) == 1000 && vm_tointeger(S, -1) >= 1);
  vm_close(S);
}

int main(void) {
  test_every_loop_form();
  test_compiled_loops();
  test_check_at_vararg_entry();
  test_interrupt_from_script();
  test_interrupt_from_thread();
  test_interrupt_from_signal();
  test_interrupt_compiled_from_signal();
  hook_from_signal(1);
  hook_from_signal(0);
  test_setinterrupt();
  test_budget_coroutine();
  return check_report("test_api_interrupt");
}
