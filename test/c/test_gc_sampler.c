/*
** test_gc_sampler.c — the allocation sampler (vm_setallocsampler): the
** number of samples is within 25% of bytes/rate for rates 64 B, 1 KiB,
** 64 KiB, 512 KiB and 8 MiB (above the 2 MiB nursery, so the budget must
** carry over across collections), with the bytes allocated measured by a
** run at rate 1 (every allocation is a sample then, with its exact size;
** cross-checked with vm_gcmetrics when vm.h declares it);
** sampling is deterministic; the hook sees the Lua stack (vm_getstack level
** 0 + vm_getinfo "Sl": chunk name and the line of the loop) and, inside a
** coroutine, the coroutine; the type argument (VM_TTABLE, VM_TSTRING,
** VM_TFUNCTION); rate 0 or a NULL hook turns sampling off. The test also
** runs under TIDE_GC_STRESS=1 (make test does that for every C test).
** Also: a table constructor's line (test_table_line) and no aliasing
** between the rate and a repeating allocation pattern (test_aliasing).
** Prints "test_gc_sampler: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

#define NTYPES 10

/* What the hook saw. */
static struct {
  size_t calls;
  size_t bytes;               /* sum of the sizes reported */
  size_t minsize, maxsize;
  size_t types[NTYPES + 1];   /* by type + 1 (VM_TNONE = -1 at 0) */
  size_t type_bytes[NTYPES + 1];
  size_t badtype;
  /* stack expectations (checked when expect_src != NULL) */
  const char *expect_src;     /* short_src at level 0 */
  int expect_line;            /* its current line (0: any > 0) */
  size_t stack_ok, stack_bad;
  int last_bad_line;
  vm_State *expect_thread;    /* the S the hook must get (NULL: any) */
  size_t wrong_thread;
  /* string samples: made by string.rep (C at level 0, the chunk at level
  ** 1) or by the concatenation (the chunk at level 0) */
  int check_strings;
  size_t in_rep, in_concat, strings_bad;
} rec;

static void reset(void) {
  memset(&rec, 0, sizeof rec);
  rec.minsize = (size_t)-1;
}

static void hook(vm_State *S, void *ud, size_t bytes, int type) {
  CHECK(ud == &rec);
  rec.calls++;
  rec.bytes += bytes;
  if (bytes < rec.minsize) rec.minsize = bytes;
  if (bytes > rec.maxsize) rec.maxsize = bytes;
  if (type >= -1 && type < NTYPES) {
    rec.types[type + 1]++;
    rec.type_bytes[type + 1] += bytes;
  } else
    rec.badtype++;
  if (rec.expect_thread != NULL && S != rec.expect_thread) rec.wrong_thread++;
  if (rec.check_strings) {
    vm_Debug ar;
    if (!vm_getstack(S, 0, &ar) || !vm_getinfo(S, "Sln", &ar)) {
      rec.strings_bad++;
    } else if (strcmp(ar.what, "C") == 0) {
      if (ar.name != NULL && strcmp(ar.name, "rep") == 0 && ar.currentline == -1 &&
          vm_getstack(S, 1, &ar) && vm_getinfo(S, "Sl", &ar) &&
          strcmp(ar.short_src, "strings") == 0 && ar.currentline == 2)
        rec.in_rep++;
      else
        rec.strings_bad++;
    } else if (strcmp(ar.what, "main") == 0 &&
               strcmp(ar.short_src, "strings") == 0 && ar.currentline == 2) {
      rec.in_concat++;
    } else {
      rec.strings_bad++;
    }
  }
  if (rec.expect_src != NULL) {
    vm_Debug ar;
    if (vm_getstack(S, 0, &ar) && vm_getinfo(S, "Sl", &ar) &&
        strcmp(ar.short_src, rec.expect_src) == 0 &&
        (rec.expect_line == 0 ? ar.currentline > 0
                              : ar.currentline == rec.expect_line)) {
      rec.stack_ok++;
    } else {
      rec.stack_bad++;
      rec.last_bad_line = ar.currentline;
    }
  }
}

/* Chunks (named "=tables" etc., so short_src is the bare name). The loops
** are on one line each (test_table_line checks a multi-line one). */
static const char *const TABLES =
    "local n = ...\n"
    "for i = 1, n do local t = {} end\n";  /* line 2 */
static const char *const STRINGS =
    "local n = ...\n"
    "for i = 1, n do local s = string.rep('x', 100) .. i end\n";
/* closures with 40 upvalues: over 300 bytes of young object each */
#define NUPS 40
static char closures[4096];

static void make_closures_chunk(void) {
  char *p = closures;
  int i;
  p += sprintf(p, "local n = ...\nlocal ");
  for (i = 1; i <= NUPS; i++) p += sprintf(p, "%sa%d", i > 1 ? "," : "", i);
  p += sprintf(p, "\nfor i = 1, n do local f = function() return ");
  for (i = 1; i <= NUPS; i++) p += sprintf(p, "%sa%d", i > 1 ? "," : "", i);
  sprintf(p, " end end\n"); /* line 3 */
}

/* Bytes allocated during the last run() as vm_gcmetrics counts them (when
** vm.h has it), for a cross-check of the sampler's own count. */
#ifdef VM_GCPAUSE_BUCKETS
#define HAVE_GCMETRICS 1
static uint64_t metrics_bytes(vm_State *S) {
  vm_GCMetrics m;
  vm_gcmetrics(S, &m);
  return m.bytes_allocated;
}
#else
#define HAVE_GCMETRICS 0
static uint64_t metrics_bytes(vm_State *S) {
  (void)S;
  return 0;
}
#endif
static uint64_t run_metrics;

static vm_State *newstate(void) {
  vm_State *S = vm_newstate();
  CHECK(S != NULL);
  if (S == NULL) exit(1);
  vm_openlibs(S, VM_LIB_ALL);
  return S;
}

/* Loads code as `name` and runs it with argument n under the sampler at
** `rate`; the hook's record starts empty. Sampling is off again after. */
static void run(vm_State *S, const char *code, const char *name, long n,
                size_t rate) {
  int st = vm_loadbufferx(S, code, strlen(code), name, "t");
  CHECK(st == VM_OK);
  if (st != VM_OK) {
    fprintf(stderr, "load: %s\n", vm_tostring(S, -1));
    vm_pop(S, 1);
    return;
  }
  vm_pushinteger(S, n);
  vm_setallocsampler(S, rate, hook, &rec);
  run_metrics = metrics_bytes(S);
  st = vm_pcall(S, 1, 0, 0);
  run_metrics = metrics_bytes(S) - run_metrics;
  vm_setallocsampler(S, 0, NULL, NULL);
  CHECK(st == VM_OK);
  if (st != VM_OK) {
    fprintf(stderr, "run: %s\n", vm_tostring(S, -1));
    vm_pop(S, 1);
  }
}

/* Bytes allocated by the chunk with argument n: at rate 1 every
** allocation is reported with its size. */
static size_t measure(const char *code, const char *name, long n,
                      size_t *count) {
  vm_State *S = newstate();
  reset();
  run(S, code, name, n, 1);
  vm_close(S);
  if (count != NULL) *count = rec.calls;
  return rec.bytes;
}

/* The number of samples at `rate` is within 25% of total/rate. */
static void check_rate(const char *code, const char *name, long n,
                       size_t rate, int type, int line) {
  size_t total = measure(code, name, n, NULL);
  double expected = (double)total / (double)rate;
  vm_State *S = newstate();
  size_t again;
  reset();
  rec.expect_src = name + 1;
  rec.expect_line = line;
  run(S, code, name, n, rate);
  if (getenv("TEST_SAMPLER_VERBOSE"))
    fprintf(stderr, "%s n=%ld rate %zu: %zu samples, expected %.1f\n", name + 1,
            n, rate, rec.calls, expected);
  CHECK(expected >= 10);
  CHECK(rec.calls >= 0.75 * expected && rec.calls <= 1.25 * expected);
  if (!(rec.calls >= 0.75 * expected && rec.calls <= 1.25 * expected))
    fprintf(stderr, "  rate %zu: %zu samples, expected %.1f (%zu bytes)\n",
            rate, rec.calls, expected, total);
  /* every sample is of the expected type (but for the upvalues the first
  ** closure creates, VM_TNONE), seen at the loop's line */
  CHECK(rec.types[type + 1] + rec.types[VM_TNONE + 1] == rec.calls);
  CHECK(rec.types[VM_TNONE + 1] <= 2);
  CHECK(rec.badtype == 0);
  if (line >= 0) {
    CHECK(rec.stack_bad == 0);
    CHECK(rec.stack_ok == rec.calls);
    if (rec.stack_bad != 0)
      fprintf(stderr, "  rate %zu: %zu samples not at %s:%d (e.g. line %d)\n",
              rate, rec.stack_bad, name + 1, line, rec.last_bad_line);
  }
  /* deterministic: the same run in the same state gives the same count */
  again = rec.calls;
  reset();
  run(S, code, name, n, rate);
  CHECK(rec.calls == again);
  vm_close(S);
}

static void test_rates(void) {
  size_t count, total;
  /* at rate 1 each table is one sample of one size */
  total = measure(TABLES, "=tables", 10000, &count);
  CHECK(count == 10000);
  CHECK(rec.types[VM_TTABLE + 1] == count);
  CHECK(rec.minsize == rec.maxsize && rec.minsize >= 32);
  CHECK(total == 10000 * rec.minsize);
  /* vm_gcmetrics agrees (an empty table owns no memory block) */
  if (getenv("TEST_SAMPLER_VERBOSE"))
    fprintf(stderr, "10000 tables: %zu bytes (%zu each); vm_gcmetrics: %s%llu\n",
            total, rec.minsize, HAVE_GCMETRICS ? "" : "absent ",
            (unsigned long long)run_metrics);
  if (HAVE_GCMETRICS) {
    CHECK(run_metrics >= total && run_metrics <= total + total / 100);
    if (!(run_metrics >= total && run_metrics <= total + total / 100))
      fprintf(stderr, "  vm_gcmetrics: %llu bytes allocated, sampler: %zu\n",
              (unsigned long long)run_metrics, total);
  }
  check_rate(TABLES, "=tables", 200000, 64, VM_TTABLE, 2);
  check_rate(TABLES, "=tables", 200000, 1024, VM_TTABLE, 2);
  check_rate(TABLES, "=tables", 500000, 64 << 10, VM_TTABLE, 2);
  check_rate(TABLES, "=tables", 1000000, 512 << 10, VM_TTABLE, 2);
  /* 8 MiB: >= 10 samples need > 80 MiB of tables, 40 nurseries */
  check_rate(TABLES, "=tables", 2000000, (size_t)8 << 20, VM_TTABLE, 2);
  /* strings are allocated in the old space directly; rates well above
  ** their size (a sample stands for one object at least) */
  check_rate(STRINGS, "=strings", 20000, 1024, VM_TSTRING, -1);
  check_rate(STRINGS, "=strings", 200000, 64 << 10, VM_TSTRING, -1);
  /* bigger young objects, across nurseries */
  make_closures_chunk();
  check_rate(closures, "=closures", 20000, 1024, VM_TFUNCTION, 3);
  check_rate(closures, "=closures", 20000, 64 << 10, VM_TFUNCTION, 3);
}

/* The hook sees the stack: level 0 is the chunk at the loop's line. For
** the strings string.rep makes, level 0 is that C function (named "rep",
** no line) and the chunk is at level 1; the concatenation's strings are
** made at level 0 by the chunk. */
static void test_stack(void) {
  vm_State *S = newstate();
  reset();
  rec.expect_src = "tables";
  rec.expect_line = 2;
  run(S, TABLES, "=tables", 1000, 64);
  CHECK(rec.calls == 1000);
  CHECK(rec.stack_ok == 1000);
  reset();
  rec.check_strings = 1;
  run(S, STRINGS, "=strings", 100, 64); /* strings > 64 B: all sampled */
  CHECK(rec.in_rep == 100);
  /* every concatenation result (> 64 B), and some of the short strings
  ** the loop index is converted to */
  CHECK(rec.in_concat >= 100 && rec.in_concat < 200);
  CHECK(rec.strings_bad == 0);
  CHECK(rec.types[VM_TSTRING + 1] == rec.calls);
  vm_close(S);
}

/* Inside a coroutine the hook gets the coroutine and its stack. */
static void test_coroutine(void) {
  vm_State *S = newstate();
  vm_State *T = vm_newthread(S);
  int nres = 0, st;
  st = vm_loadbufferx(T, TABLES, strlen(TABLES), "=tables", "t");
  CHECK(st == VM_OK);
  vm_pushinteger(T, 5000);
  reset();
  rec.expect_thread = T;
  rec.expect_src = "tables";
  rec.expect_line = 2;
  vm_setallocsampler(S, 640, hook, &rec);
  st = vm_resume(T, S, 1, &nres);
  vm_setallocsampler(S, 0, NULL, NULL);
  CHECK(st == VM_OK);
  CHECK(rec.calls >= 400 && rec.calls <= 600); /* 5000 * 64 / 640 */
  CHECK(rec.wrong_thread == 0);
  CHECK(rec.stack_ok == rec.calls);
  vm_close(S);
}

static int sampler_off(vm_State *S) {
  vm_setallocsampler(S, 0, NULL, NULL);
  return 0;
}

/* Rate 0 or a NULL hook: no more calls; sampling can be turned on again. */
static void test_off(void) {
  vm_State *S = newstate();
  int st;
  reset();
  run(S, TABLES, "=tables", 1000, 64);
  CHECK(rec.calls == 1000);
  /* rate 0 with a hook */
  CHECK(vm_loadstring(S, TABLES) == VM_OK);
  vm_pushinteger(S, 100000);
  reset();
  vm_setallocsampler(S, 0, hook, &rec);
  st = vm_pcall(S, 1, 0, 0);
  CHECK(st == VM_OK);
  CHECK(rec.calls == 0);
  /* a rate with a NULL hook */
  CHECK(vm_loadstring(S, TABLES) == VM_OK);
  vm_pushinteger(S, 100000);
  vm_setallocsampler(S, 64, NULL, &rec);
  st = vm_pcall(S, 1, 0, 0);
  CHECK(st == VM_OK);
  CHECK(rec.calls == 0);
  /* turned off in the middle of a run, by a C function */
  vm_pushcfunction(S, sampler_off);
  vm_setglobal(S, "sampler_off");
  CHECK(vm_loadstring(S, "for i = 1, 100 do local t = {} end\n"
                         "sampler_off()\n"
                         "for i = 1, 1000 do local t = {} end\n") == VM_OK);
  reset();
  vm_setallocsampler(S, 64, hook, &rec);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_OK);
  CHECK(rec.calls == 100);
  /* on again */
  reset();
  run(S, TABLES, "=tables", 1000, 64);
  CHECK(rec.calls == 1000);
  vm_close(S);
}

/* A table constructor's sample names the constructor's line (line 3),
** not the line of the last instruction that saved the pc (the 'for'):
** NEWTABLE saves it around the allocation, then restores it so that
** error positions still match lua5.4's. */
static void test_table_line(void) {
  vm_State *S = newstate();
  reset();
  rec.expect_src = "multiline";
  rec.expect_line = 3;
  run(S, "local n = ...\nfor i = 1, n do\n  local t = {}\nend\n", "=multiline",
      100, 64);
  CHECK(rec.calls == 100);
  CHECK(rec.stack_bad == 0);
  vm_close(S);
}

/* The same with the loop compiled before the sampler is set: traces keep
** no line for the hook to see, so setting a sampler drops them (and
** recording does not compile allocations while one is on) */
static void test_table_line_jit(void) {
  static const char *const code = "local n = ...\nfor i = 1, n do\n  local t = {}\nend\n";
  vm_State *S = newstate();
  int k;
  CHECK(vm_dostring(S, "local jit = require 'jit' jit.hotloop(1) jit.on()") == VM_OK);
  CHECK(vm_loadbufferx(S, code, strlen(code), "=multiline", "t") == VM_OK);
  for (k = 0; k < 2; k++) { /* compiled, then run under the sampler */
    vm_pushvalue(S, -1);
    vm_pushinteger(S, 100);
    reset();
    rec.expect_src = "multiline";
    rec.expect_line = 3;
    if (k == 1) vm_setallocsampler(S, 64, hook, &rec);
    CHECK(vm_pcall(S, 1, 0, 0) == VM_OK);
    vm_setallocsampler(S, 0, NULL, NULL);
  }
  CHECK(rec.calls == 100);
  CHECK(rec.stack_bad == 0);
  vm_close(S);
}

/* Samples fall at every multiple of the rate in the allocation stream (the
** bytes past a sample point count toward the next), so a repeating pattern
** of allocations cannot hide a kind of object: string.rep('x', 300) makes
** a 560-byte userdata (the buffer's box) and a 325-byte string, and at
** rate 4096 the strings, 37% of the bytes, get their share of samples (a
** budget restarted at each sample once gave them none). */
static void test_aliasing(void) {
  static const char *const code =
      "local n = ...\nfor i = 1, n do local s = string.rep('x', 300) end\n";
  size_t type_bytes[NTYPES + 1], all;
  int t;
  vm_State *S = newstate();
  reset();
  run(S, code, "=aliasing", 10000, 1);
  all = rec.bytes;
  memcpy(type_bytes, rec.type_bytes, sizeof type_bytes);
  reset();
  run(S, code, "=aliasing", 10000, 4096);
  CHECK(rec.calls >= 0.75 * (double)all / 4096); /* the total is right */
  for (t = 0; t <= NTYPES; t++) {
    double share = (double)type_bytes[t] / (double)all;
    double got = rec.calls ? (double)rec.types[t] / (double)rec.calls : 0;
    if (share > 0.1) CHECK(got > share * 0.75 && got < share * 1.25);
  }
  vm_close(S);
}

int main(void) {
  test_rates();
  test_stack();
  test_coroutine();
  test_off();
  test_table_line();
  test_table_line_jit();
  test_aliasing();
  return check_report("test_gc_sampler");
}
