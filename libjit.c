/*
** libjit.c — the `jit` module: control and statistics of the tracing JIT.
** `require "jit"` finds it in package.preload (vm_openlibs puts it there),
** so no global is added and lua5.4 programs that test for LuaJIT's global
** `jit` are unaffected. The tide binary's -jon, -joff, -jv, -jdump and
** -jhotloop=N, -jhotexit=N and -jstats options call these functions.
**
**   jit.on(), jit.off()   start or stop counting hot loops and recording
**   jit.flush()           drop every compiled trace, counters and backoff
**   jit.status()          true if the JIT is on
**   jit.backend           the machine code backend of this build ("x64"),
**                         or false: traces are recorded, never compiled
**   jit.verbose(on [, file]), jit.dump(on [, file])
**                         a line per trace start, abort and completion;
**                         the IR of each trace (to stderr or to file)
**   jit.hotloop(n)        back-edges before a loop is recorded
**   jit.hotexit(n)        exits through one guard before a side trace is
**                         recorded from there
**   jit.stats()           {traces=, aborts=, abort_reasons={[reason]=n},
**                         entries=, exits= (returns from machine code),
**                         iterations= (loop iterations
**                         run as machine code), interpreted= (loop
**                         iterations the interpreter ran, counted from
**                         samples of back-edges), dropped= (traces found
**                         unprofitable, or whose range checks hoisted out
**                         of the loop failed often), side=, links= (side traces and
**                         traces ending at another loop's, of traces),
**                         functions= (traces started at function entries),
**                         samples={interpreter=, traces=, ["recording and
**                         compiling"]=, collector=} (profiling timer
**                         samples, while jit.report("exit") is pending),
**                         rules={[rule]=n} (peephole rules fired)}
**   jit.report(["exit"])  writes those statistics as text to the verbose
**                         output (stderr or its file), now or when the
**                         state closes (tide -jstats; "exit" also starts
**                         the profiling timer that splits the time)
**
** Unlike the other libraries this one reaches into the VM (jit.h): the
** JIT has no public C API yet.
*/
#include <stdio.h>
#include <string.h>

#include "jit.h"
#include "vm.h"

static JitState *getjit(vm_State *S) {
  JitState *J = jit_state(S);
  if (J == NULL) vm_errorf(S, "not enough memory for the JIT");
  return J;
}

static int j_on(vm_State *S) {
  getjit(S);
  jit_seton(S, 1);
  return 0;
}

static int j_off(vm_State *S) {
  getjit(S);
  jit_seton(S, 0);
  return 0;
}

static int j_flush(vm_State *S) {
  JitState *J = getjit(S);
  jit_flush(G(S));
  memset(J->penalty, 0, sizeof(J->penalty));
  jit_setparam(S, "hotloop", (int)J->hotloop);
  return 0;
}

static int j_status(vm_State *S) {
  vm_pushboolean(S, G(S)->jit != NULL && G(S)->jit->on);
  return 1;
}

/* on/off, and an optional file name for the output (shared by -jv and
** -jdump: the last one named wins) */
static void setoutput(vm_State *S, JitState *J, int *flag) {
  *flag = vm_toboolean(S, 1);
  if (!vm_isnoneornil(S, 2)) {
    const char *name = vm_checkstring(S, 2);
    FILE *f = fopen(name, "w");
    if (f == NULL) vm_errorf(S, "cannot open %s", name);
    if (J->out != stderr) fclose(J->out);
    J->out = f;
  }
}

static int j_verbose(vm_State *S) {
  JitState *J = getjit(S);
  setoutput(S, J, &J->verbose);
  return 0;
}

static int j_dump(vm_State *S) {
  JitState *J = getjit(S);
  setoutput(S, J, &J->dump);
  return 0;
}

/* jit.hotloop(n), jit.hotexit(n) */
static int setthreshold(vm_State *S, const char *name) {
  vm_Integer n = vm_checkinteger(S, 1);
  vm_argcheck(S, n >= 1 && n <= 65535, 1, "threshold out of range (1-65535)");
  getjit(S);
  jit_setparam(S, name, (int)n);
  return 0;
}

static int j_hotloop(vm_State *S) { return setthreshold(S, "hotloop"); }
static int j_hotexit(vm_State *S) { return setthreshold(S, "hotexit"); }

/* t[name] = n for the table on top; a count of 0 is left out when
** `skipzero` (the tables of abort reasons and rules) */
static void setcount(vm_State *S, const char *name, uint64_t n, int skipzero) {
  if (n == 0 && skipzero) return;
  vm_pushinteger(S, (vm_Integer)n);
  vm_setfield(S, -2, name);
}

static int j_stats(vm_State *S) {
  JitState *J = getjit(S);
  int i;
  vm_createtable(S, 0, 11);
  setcount(S, "traces", J->ntraces, 0);
  setcount(S, "aborts", J->naborts, 0);
  setcount(S, "entries", J->nentries, 0);
  setcount(S, "exits", J->nexits, 0);
  setcount(S, "iterations", J->niters, 0);
  setcount(S, "interpreted", J->ninterp, 0);
  setcount(S, "dropped", J->ndropped, 0);
  setcount(S, "side", J->nside, 0);
  setcount(S, "links", J->nlink, 0);
  setcount(S, "functions", J->nfunc, 0);
  vm_createtable(S, 0, JW__MAX);
#define JW_COUNT(name, text) setcount(S, text, J->samples[JW_##name], 0);
  JIT_WHERE(JW_COUNT)
#undef JW_COUNT
  vm_setfield(S, -2, "samples");
  vm_createtable(S, 0, JA__MAX);
  for (i = 0; i < JA__MAX; i++) setcount(S, jit_abortmsg[i], J->aborts[i], 1);
  vm_setfield(S, -2, "abort_reasons");
  vm_createtable(S, 0, 0);
  for (i = 0; i < opt_nrules; i++) setcount(S, opt_rulename[i], J->rulefired[i], 1);
  vm_setfield(S, -2, "rules");
  return 1;
}

static int j_report(vm_State *S) {
  static const char *const when[] = {"now", "exit", NULL};
  JitState *J = getjit(S);
  if (vm_checkoption(S, 1, "now", when) == 1) {
    J->report = 1;
    jit_profile(J, 1); /* (the time split it reports) */
  }
  else jit_report(J, J->out);
  fflush(J->out);
  return 0;
}

int jit_openlib(vm_State *S) {
  static const vm_Reg funcs[] = {
    {"on", j_on}, {"off", j_off}, {"flush", j_flush}, {"status", j_status},
    {"verbose", j_verbose}, {"dump", j_dump}, {"hotloop", j_hotloop}, {"hotexit", j_hotexit}, {"stats", j_stats},
    {"report", j_report},
    {NULL, NULL}};
  vm_newlib(S, funcs);
  if (asm_backend() != NULL) vm_pushstring(S, asm_backend());
  else vm_pushboolean(S, 0);
  vm_setfield(S, -2, "backend");
  return 1;
}
