/*
** test_api_gc.c — the collector and memory limits: vm_gc with every
** option (and an invalid one), vm_setgcstress, vm_Options (nursery size,
** stress, memory limit), vm_setmemorylimit/vm_getmemorylimit, a memory
** limit hit inside C functions allocating strings or userdata in a loop
** (caught as VM_ERRMEM; the state stays usable), and many states at once.
** Prints "test_api_gc: all checks passed" or the failed checks; the exit
** status is non-zero on failure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "vm.h"

#include "check.h"

static size_t gcbytes(vm_State *S) {
  return (size_t)vm_gc(S, VM_GCCOUNT) * 1024 + (size_t)vm_gc(S, VM_GCCOUNTB);
}

static void test_gc_options(void) {
  vm_State *S = vm_newstate();
  size_t before, during, after;
  int i;
  vm_openlibs(S, VM_LIB_ALL);
  CHECK(vm_gc(S, VM_GCISRUNNING) == 1);
  vm_gc(S, VM_GCSTOP);
  CHECK(vm_gc(S, VM_GCISRUNNING) == 0);
  /* steps run even when stopped, and leave it stopped; in incremental
  ** mode (the default) a cycle over a heap larger than a step ends after
  ** a number of them */
  CHECK(vm_dostring(S, "big = {} for i = 1, 50000 do big[i] = {} end") == VM_OK);
  for (i = 1; i < 10000 && vm_gc(S, VM_GCSTEP, 0) == 0; i++) {}
  CHECK(i > 1 && i < 10000);
  CHECK(vm_gc(S, VM_GCSTEP, 1 << 20) == 1 || vm_gc(S, VM_GCSTEP, 1 << 20) == 1);
  CHECK(vm_gc(S, VM_GCISRUNNING) == 0);
  CHECK(vm_dostring(S, "big = nil") == VM_OK);
  vm_gc(S, VM_GCRESTART);
  CHECK(vm_gc(S, VM_GCISRUNNING) == 1);
  /* counts follow the live data */
  vm_gc(S, VM_GCCOLLECT);
  before = gcbytes(S);
  CHECK(before > 0);
  CHECK(vm_gc(S, VM_GCCOUNTB) >= 0 && vm_gc(S, VM_GCCOUNTB) < 1024);
  vm_createtable(S, 0, 0);
  for (i = 0; i < 20000; i++) {
    vm_pushfstring(S, "string number %d", i);
    vm_rawseti(S, -2, i + 1);
  }
  vm_gc(S, VM_GCCOLLECT);
  during = gcbytes(S);
  CHECK(during > before + 20000 * 16);
  vm_pop(S, 1);
  vm_gc(S, VM_GCCOLLECT);
  after = gcbytes(S);
  CHECK(after < during - 20000 * 16);
  /* Lua 5.3 compatibility parameters: the previous value, in units of 4 */
  CHECK(vm_gc(S, VM_GCSETPAUSE, 150) == 200);
  CHECK(vm_gc(S, VM_GCSETPAUSE, 200) == 148);
  CHECK(vm_gc(S, VM_GCSETSTEPMUL, 300) == 100);
  CHECK(vm_gc(S, VM_GCSETSTEPMUL, 100) == 300);
  /* modes: each returns the previous one. (lua_newstate starts in
  ** incremental mode, lua.c switches to generational; Tide's collector is
  ** generational and says so: either answer is accepted at first.) */
  i = vm_gc(S, VM_GCGEN, 0, 0);
  CHECK(i == VM_GCINC || i == VM_GCGEN);
  CHECK(vm_gc(S, VM_GCGEN, 20, 100) == VM_GCGEN);
  CHECK(vm_gc(S, VM_GCINC, 0, 0, 0) == VM_GCGEN);
  CHECK(vm_gc(S, VM_GCINC, 200, 100, 13) == VM_GCINC);
  /* an unknown option */
  CHECK(vm_gc(S, 99) == -1);
  CHECK(vm_gc(S, 8) == -1);
  /* and Lua's collectgarbage agrees */
  CHECK(vm_dostring(S, "assert(collectgarbage('isrunning') == true)\n"
                       "local k = collectgarbage('count') assert(k > 0)\n"
                       "local t = {} for i = 1, 50000 do t[i] = {} end\n"
                       "local n = 0 repeat n = n + 1 until collectgarbage('step') assert(n > 1)\n"
                       "t = nil repeat until collectgarbage('step', 1 << 20)\n"
                       "assert(collectgarbage() == 0)") == VM_OK);
  vm_close(S);
}

static void test_stress_toggle(void) {
  vm_State *S = vm_newstate();
  int i;
  vm_openlibs(S, VM_LIB_ALL);
  vm_setgcstress(S, 1);
  CHECK(vm_dostring(S, "local t = {} for i = 1, 300 do t[i] = {tostring(i)} end\n"
                       "local s = 0 for i = 1, 300 do s = s + tonumber(t[i][1]) end\n"
                       "assert(s == 45150)") == VM_OK);
  /* C-side values stay valid while stressed */
  vm_newtable(S);
  for (i = 0; i < 100; i++) {
    char key[16];
    snprintf(key, sizeof key, "k%d", i);
    vm_pushfstring(S, "v%d", i);
    vm_setfield(S, -2, key);
  }
  CHECK(vm_getfield(S, -1, "k57") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "v57");
  vm_setgcstress(S, 0);
  CHECK(vm_eval(S, "1 + 2") == 1);
  vm_close(S);
}

static void test_options(void) {
  vm_Options opt;
  vm_State *S;
  memset(&opt, 0, sizeof opt);
  S = vm_newstate_opt(&opt); /* all defaults */
  CHECK(S != NULL);
  CHECK(vm_getmemorylimit(S) == 0);
  vm_close(S);
  S = vm_newstate_opt(NULL);
  CHECK(S != NULL);
  vm_close(S);
  /* a tiny nursery and stress mode */
  opt.nursery_size = 16 * 1024;
  opt.gc_stress = 1;
  S = vm_newstate_opt(&opt);
  CHECK(S != NULL);
  vm_openlibs(S, VM_LIB_ALL);
  CHECK(vm_dostring(S, "local t = {} for i = 1, 2000 do t[i] = ('x'):rep(i % 50) end\n"
                       "assert(#t[1999] == 1999 % 50)") == VM_OK);
  vm_close(S);
  /* a memory limit */
  memset(&opt, 0, sizeof opt);
  opt.memory_limit = 8u << 20;
  S = vm_newstate_opt(&opt);
  CHECK(vm_getmemorylimit(S) == (8u << 20));
  vm_setmemorylimit(S, 16u << 20);
  CHECK(vm_getmemorylimit(S) == (16u << 20));
  vm_setmemorylimit(S, 0);
  CHECK(vm_getmemorylimit(S) == 0);
  vm_close(S);
}

/* C functions allocating until the limit stops them; what they made is
** kept in a table (argument 1) so it cannot be collected. */
static int c_alloc_strings(vm_State *S) {
  vm_Integer i;
  char chunk[1000];
  memset(chunk, 'z', sizeof chunk);
  for (i = 1;; i++) {
    chunk[0] = (char)('a' + i % 26);
    chunk[1] = (char)('a' + (i / 26) % 26);
    chunk[2] = (char)('a' + (i / 676) % 26);
    vm_pushlstring(S, chunk, sizeof chunk);
    vm_pushinteger(S, i);
    vm_concat(S, 2); /* distinct strings */
    vm_rawseti(S, 1, i);
  }
  return 0;
}

static int c_alloc_udata(vm_State *S) {
  vm_Integer i;
  for (i = 1;; i++) {
    void *p = vm_newuserdatauv(S, 4096, 1);
    memset(p, 0x5a, 4096);
    vm_rawseti(S, 1, i);
  }
  return 0;
}

static int c_alloc_tables(vm_State *S) {
  vm_Integer i;
  for (i = 1;; i++) {
    vm_createtable(S, 64, 8);
    vm_rawseti(S, 1, i);
  }
  return 0;
}

static void limit_round(vm_State *S, vm_CFunction f, const char *what) {
  int st;
  vm_pushcfunction(S, f);
  vm_newtable(S);
  st = vm_pcall(S, 1, 0, 0);
  if (st != VM_ERRMEM) fprintf(stderr, "%s: status %d\n", what, st);
  CHECK(st == VM_ERRMEM);
  CHECK_STR(vm_tostring(S, -1), "not enough memory");
  CHECK(vm_gettop(S) == 1);
  vm_settop(S, 0);
  /* the state stays usable: the garbage goes, code runs */
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_dostring(S, "local t = {} for i = 1, 1000 do t[i] = tostring(i) end return #table.concat(t)") == VM_OK);
  CHECK(vm_tointeger(S, -1) == 2893);
  vm_settop(S, 0);
}

static void test_limit_in_c(void) {
  vm_Options opt;
  vm_State *S;
  int round;
  memset(&opt, 0, sizeof opt);
  opt.memory_limit = 12u << 20;
  S = vm_newstate_opt(&opt);
  vm_openlibs(S, VM_LIB_ALL);
  for (round = 0; round < 2; round++) { /* twice: the first failure leaves nothing behind */
    limit_round(S, c_alloc_strings, "strings");
    limit_round(S, c_alloc_udata, "userdata");
    limit_round(S, c_alloc_tables, "tables");
  }
  /* caught by Lua's pcall inside Lua code */
  vm_pushcfunction(S, c_alloc_udata);
  vm_setglobal(S, "eatmemory");
  CHECK(vm_dostring(S, "local ok, e = pcall(eatmemory, {}) assert(not ok and e == 'not enough memory')\n"
                       "collectgarbage() return 'survived'") == VM_OK);
  CHECK_STR(vm_tostring(S, -1), "survived");
  vm_settop(S, 0);
  /* lowering the limit below what is in use, then raising it again */
  vm_setmemorylimit(S, 1);
  CHECK(vm_dostring(S, "local t = {} for i = 1, 1e6 do t[i] = {} end") == VM_ERRMEM);
  vm_settop(S, 0);
  vm_setmemorylimit(S, 0);
  CHECK(vm_dostring(S, "local t = {} for i = 1, 1e4 do t[i] = {} end return #t") == VM_OK);
  CHECK(vm_tointeger(S, -1) == 10000);
  vm_close(S);
}

/* a memory error inside a coroutine */
static void test_limit_in_coroutine(void) {
  vm_State *S = vm_newstate();
  vm_State *co;
  int nres, st;
  vm_openlibs(S, VM_LIB_ALL);
  vm_setmemorylimit(S, 12u << 20);
  vm_pushcfunction(S, c_alloc_strings);
  vm_setglobal(S, "eatstrings");
  co = vm_newthread(S);
  CHECK(vm_loadstring(co, "coroutine.yield(1) eatstrings({})") == VM_OK);
  CHECK(vm_resume(co, S, 0, &nres) == VM_YIELD);
  vm_pop(co, nres);
  st = vm_resume(co, S, 0, &nres);
  CHECK(st == VM_ERRMEM);
  CHECK_STR(vm_tostring(co, -1), "not enough memory");
  vm_settop(S, 0);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_eval(S, "#('x'):rep(1000)") == 1 && vm_tointeger(S, -1) == 1000);
  vm_close(S);
}

/* vm_checkstack under a memory limit: growing the stack may fail, and
** then vm_checkstack must say so (returning 1 promises the space). Run in
** a child process: writing past the stack crashes. */
static int child_checkstack_limit(void) {
  vm_State *S = vm_newstate();
  int i, ok;
  vm_setmemorylimit(S, 1); /* below what is in use: no growth possible */
  ok = vm_checkstack(S, 100000);
  vm_setmemorylimit(S, 0);
  if (ok) {
    for (i = 0; i < 100000; i++) vm_pushinteger(S, i);
    if (vm_gettop(S) != 100000 || vm_tointeger(S, -1) != 99999) return 2;
  }
  /* without the limit the same request succeeds */
  vm_settop(S, 0);
  if (!ok && !vm_checkstack(S, 100000)) return 3;
  vm_close(S);
  return ok ? 4 : 0; /* growing could not have succeeded */
}

static int run_in_child(int (*fn)(void)) {
  int status = 0;
  pid_t pid;
  fflush(stdout);
  fflush(stderr);
  pid = fork();
  if (pid == 0) {
    int fd = open("/dev/null", O_WRONLY);
    if (fd >= 0) dup2(fd, 2); /* crash reports are expected noise */
    _exit(fn());
  }
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

static void test_checkstack_limit(void) {
  int r = run_in_child(child_checkstack_limit);
  if (r != 0) fprintf(stderr, "vm_checkstack under a memory limit: child exit %d\n", r);
  CHECK(r == 0);
}

static void test_many_states(void) {
  enum { N = 24 };
  vm_State *st[N];
  int i, ok = 1;
  for (i = 0; i < N; i++) {
    st[i] = vm_newstate();
    CHECK(st[i] != NULL);
    vm_openlibs(st[i], i % 2 ? VM_LIB_ALL : VM_LIB_BASE | VM_LIB_STRING);
    vm_pushinteger(st[i], i);
    vm_setglobal(st[i], "id");
  }
  /* interleaved work */
  for (i = 0; i < N; i++)
    if (vm_dostring(st[i], "acc = {} for j = 1, 50 do acc[j] = id * j end") != VM_OK) ok = 0;
  for (i = N - 1; i >= 0; i--) {
    if (vm_eval(st[i], "acc[50], id") != 2 || vm_tointeger(st[i], -2) != i * 50 || vm_tointeger(st[i], -1) != i)
      ok = 0;
    vm_settop(st[i], 0);
  }
  CHECK(ok);
  /* the odd states have table; the even ones do not */
  CHECK(vm_getglobal(st[1], "table") == VM_TTABLE);
  CHECK(vm_getglobal(st[0], "table") == VM_TNIL);
  /* close in a scattered order, using the rest in between */
  for (i = 0; i < N; i += 3) vm_close(st[i]);
  for (i = 1; i < N; i += 3) CHECK(vm_eval(st[i], "id + 1") == 1 && vm_tointeger(st[i], -1) == i + 1);
  for (i = 1; i < N; i += 3) vm_close(st[i]);
  for (i = 2; i < N; i += 3) {
    vm_gc(st[i], VM_GCCOLLECT);
    vm_close(st[i]);
  }
}

/* A finalizer that falls due while the stack is full (a huge unpack, a
** deep recursion) does not raise "stack overflow" in the code that
** happened to run the collection: it runs, or fails as a warning. */
static int fin_ran;
static int c_fin(vm_State *S) {
  (void)S;
  fin_ran++;
  return 0;
}

static int c_fill_then_collect(vm_State *S) {
  int n = 0;
  while (vm_checkstack(S, 1000)) {
    int i;
    for (i = 0; i < 1000; i++) vm_pushinteger(S, n++);
  }
  while (vm_checkstack(S, 1)) vm_pushinteger(S, n++);
  vm_gc(S, VM_GCCOLLECT);
  vm_settop(S, 0);
  vm_pushinteger(S, n);
  return 1;
}

static void test_finalizer_full_stack(void) {
  vm_State *S = vm_newstate();
  vm_newuserdatauv(S, 8, 0);
  vm_newtable(S);
  vm_pushcfunction(S, c_fin);
  vm_setfield(S, -2, "__gc");
  vm_setmetatable(S, -2);
  vm_pop(S, 1); /* garbage with a finalizer */
  vm_pushcfunction(S, c_fill_then_collect);
  CHECK(vm_pcall(S, 0, 1, 0) == VM_OK);
  CHECK(vm_tointeger(S, -1) > 900000);
  vm_settop(S, 0);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(fin_ran <= 1);
  vm_close(S);
  CHECK(fin_ran == 1);
}

/* vm_pushstring, vm_getfield and vm_setfield find the strings of C
** pointers they saw before in a cache: the same address may hold other
** text later, and a cached string may die and be collected (ASan builds
** catch a stale entry). */
static void test_string_cache(void) {
  vm_State *S = vm_newstate();
  char buf[32];
  int i;
  strcpy(buf, "first");
  vm_pushstring(S, buf);
  strcpy(buf, "second");
  vm_pushstring(S, buf);
  CHECK_STR(vm_tostring(S, -2), "first");
  CHECK_STR(vm_tostring(S, -1), "second");
  strcpy(buf, "ab");
  vm_pushstring(S, buf);
  buf[1] = '\0'; /* "a": a prefix of the cached text */
  vm_pushstring(S, buf);
  CHECK(vm_rawlen(S, -1) == 1 && vm_rawlen(S, -2) == 2);
  vm_settop(S, 0);
  vm_newtable(S);
  for (i = 0; i < 20; i++) {
    snprintf(buf, sizeof buf, "key%d", i % 5);
    vm_pushinteger(S, i);
    vm_setfield(S, 1, buf);
    snprintf(buf, sizeof buf, "dying%d", i);
    vm_pushstring(S, buf);
    vm_pop(S, 1);
    vm_gc(S, VM_GCCOLLECT); /* the string just pushed is garbage now */
    vm_pushstring(S, buf);
    CHECK_STR(vm_tostring(S, -1), buf);
    vm_pop(S, 1);
  }
  for (i = 0; i < 5; i++) {
    snprintf(buf, sizeof buf, "key%d", i);
    CHECK(vm_getfield(S, 1, buf) == VM_TNUMBER && vm_tointeger(S, -1) == 15 + i);
    vm_pop(S, 1);
  }
  vm_close(S);
}

/* A big array built again and again (2^19 and 2^20 slots: 8 and 16 MiB)
** reuses the mapping the last one left (gc.c bigunmap keeps it) instead
** of faulting its pages in each time: the rounds after the first two
** fault in less than one array's pages in all. */
static long minorfaults(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_minflt;
}

static void test_big_reuse(void) {
  static const char *const chunks[] = {
    "local t = {} for i = 1, 1 << 19 do t[i] = false end return #t",
    "local t = {} for i = 1, 1 << 20 do t[i] = i end return #t",
  };
  size_t k;
  for (k = 0; k < sizeof(chunks) / sizeof(chunks[0]); k++) {
    vm_State *S = newstate_libs();
    long before = 0;
    int round;
    for (round = 0; round < 6; round++) {
      if (round == 2) before = minorfaults();
      CHECK(vm_dostring(S, chunks[k]) == VM_OK);
      vm_settop(S, 0);
      vm_gc(S, VM_GCCOLLECT);
    }
    CHECK(minorfaults() - before < (long)(((8u << k) << 20) / 4096)); /* one array's pages */
    vm_close(S);
  }
}

int main(void) {
  test_big_reuse();
  test_gc_options();
  test_string_cache();
  test_finalizer_full_stack();
  test_stress_toggle();
  test_options();
  test_limit_in_c();
  test_limit_in_coroutine();
  test_checkstack_limit();
  test_many_states();
  return check_report("test_api_gc");
}
