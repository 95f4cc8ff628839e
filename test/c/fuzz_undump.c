/*
** fuzz_undump.c — feeds damaged binary chunks to the loader, and runs
** whatever it accepts.
**
** Seeds are the main functions of the Lua files named on the command line,
** compiled (vm_loadfilex) and dumped (vm_dump), plain and stripped. Each
** round damages a seed (bit flips, bytes set to edge values, small byte
** increments, insertions, deletions, truncation, splices of two chunks,
** random instructions written over random 32-bit windows, windows copied
** elsewhere) and loads it with mode "b". Then:
**   - a rejection must be VM_ERRSYNTAX (VM_ERRMEM under the memory limit)
**     with a "bad binary format" message;
**   - an accepted chunk must dump again, load again, and dump again to the
**     same bytes: what passed verification passes it again;
**   - and it runs, in a protected call, with an instruction budget (a count
**     hook that, once the budget is spent, fails every instruction, so code
**     that catches errors in a loop still ends), under a memory limit, with
**     only the base (no file access, print silenced), string, table, math,
**     coroutine and utf8 libraries. Any outcome but a crash is fine: the
**     verifier promises that bytecode it accepts cannot corrupt the VM, and
**     this runs under ASan + UBSan in `make test`.
** A count hook cannot stop C code, so what loops there for as long as its
** arguments say is left out of the sandbox: table.move (2^40 slots),
** table.insert/remove (they shift #t elements, and one big key makes #t
** huge), the backtracking pattern functions, finalizers (they run with
** hooks off, as in Lua: setmetatable refuses a __gc field) and __call
** chains (a table whose __call is a table: lua5.4 too takes quadratic time
** on them). A watchdog alarm ends the fuzzer, without failing, should an
** input still get stuck (FUZZ_STUCK_ABORT=1 makes it abort instead, to
** debug). The state is replaced now and then (a run may have damaged its
** globals).
** FUZZ_SEED=N replays a run's mutations (the printed seed; runs are not
** fully deterministic: each state seeds math.random and string hashing).
**
**   fuzz_undump SECONDS FILE.lua...
**   fuzz_undump --replay CHUNK      (one chunk, as FUZZ_SAVE=CHUNK kept it)
**
** Built with -DTIDE_LIBFUZZER and -fsanitize=fuzzer it is a libFuzzer
** target instead (seed it with string.dump output). Link test/c/asan_alloc.c
** with it, as `make test` does, so ASan sees inside Tide's heap.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "vm.h"

#define BUDGET 2000          /* count-hook ticks of 100 instructions */
#define MEMLIMIT (64u << 20)

static vm_State *S;
static unsigned long ninputs, naccepted, nruns_ok;
static long budget;
static unsigned watchdog; /* seconds per input before giving up (0: none) */

/* ---------------------------------------------------------------- buffers */
typedef struct Buf {
  unsigned char *p;
  size_t n, size;
} Buf;

static int bufwriter(vm_State *L, const void *p, size_t sz, void *ud) {
  Buf *b = (Buf *)ud;
  (void)L;
  if (b->n + sz > b->size) {
    size_t ns = b->size ? b->size : 1024;
    while (ns < b->n + sz) ns *= 2;
    b->p = realloc(b->p, ns);
    if (b->p == NULL) abort();
    b->size = ns;
  }
  memcpy(b->p + b->n, p, sz);
  b->n += sz;
  return 0;
}

static void fail(const char *what) {
  fprintf(stderr, "fuzz_undump: %s\n", what);
  abort();
}

/* ---------------------------------------------------------------- the state */
static int nothing(vm_State *L) {
  (void)L;
  return 0;
}

static void budgethook(vm_State *L, vm_Debug *ar) {
  (void)ar;
  if (--budget > 0) return;
  vm_sethook(L, budgethook, VM_MASKCOUNT, 1); /* from now on, every instruction fails */
  vm_errorf(L, "instruction budget spent");
}

static void removefield(vm_State *L, const char *lib, const char *name) {
  vm_getglobal(L, lib);
  vm_pushnil(L);
  vm_setfield(L, -2, name);
  vm_pop(L, 1);
}

static vm_State *newstate(void) {
  vm_State *L = vm_newstate();
  if (L == NULL) fail("no state");
  vm_openlibs(L, VM_LIB_BASE | VM_LIB_STRING | VM_LIB_TABLE | VM_LIB_MATH | VM_LIB_COROUTINE | VM_LIB_UTF8);
  vm_pushcfunction(L, nothing);
  vm_setglobal(L, "print");
  vm_pushnil(L);
  vm_setglobal(L, "dofile");
  vm_pushnil(L);
  vm_setglobal(L, "loadfile");
  removefield(L, "table", "move");
  removefield(L, "table", "insert"); /* both shift #t elements: any number */
  removefield(L, "table", "remove");
  removefield(L, "string", "find");
  removefield(L, "string", "match");
  removefield(L, "string", "gmatch");
  removefield(L, "string", "gsub");
  if (vm_dostring(L, "local setmt, rawget, type, error = setmetatable, rawget, type, error\n"
                     "function setmetatable(t, mt)\n"
                     "  if type(mt) == 'table' and rawget(mt, '__gc') ~= nil then error('no finalizers') end\n"
                     "  if type(mt) == 'table' and type(rawget(mt, '__call')) == 'table' then\n"
                     "    error('no __call chains') -- lua5.4 too takes quadratic time on them\n"
                     "  end\n"
                     "  return setmt(t, mt)\n"
                     "end") != VM_OK)
    fail("sandbox setup");
  vm_setmemorylimit(L, MEMLIMIT);
  budget = 0;
  vm_sethook(L, budgethook, VM_MASKCOUNT, 1);
  return L;
}

static void stuck(int sig) {
  static const char msg[] =
      "fuzz_undump: a run is stuck inside a library call (a hang, not a crash); stopping\n";
  (void)sig;
  if (write(2, msg, sizeof msg - 1) < 0) _exit(0);
  if (getenv("FUZZ_STUCK_ABORT")) abort(); /* to debug the hang */
  if (getenv("FUZZ_STUCK_WAIT")) for (;;) pause(); /* to attach a debugger */
  _exit(0);
}

/* ---------------------------------------------------------------- one input */
static int check_one(const unsigned char *data, size_t size) {
  int st;
  alarm(watchdog);
  if (S == NULL) S = newstate();
  ninputs++;
  st = vm_loadbufferx(S, (const char *)data, size, "=fuzz", "b");
  if (st != VM_OK) {
    const char *msg;
    if (st != VM_ERRSYNTAX && st != VM_ERRMEM) fail("unexpected load status");
    if (vm_type(S, -1) != VM_TSTRING) fail("error message is not a string");
    msg = vm_tostring(S, -1);
    if (st == VM_ERRSYNTAX && strstr(msg, "bad binary format") == NULL &&
        strstr(msg, "attempt to load a text chunk") == NULL) {
      fprintf(stderr, "fuzz_undump: odd message: %s\n", msg);
      abort();
    }
    vm_settop(S, 0);
  } else {
    Buf b1 = {NULL, 0, 0}, b2 = {NULL, 0, 0};
    naccepted++;
    /* verified once, verified again */
    if (vm_dump(S, bufwriter, &b1, 0) != 0) fail("dump failed");
    if (vm_loadbufferx(S, (const char *)b1.p, b1.n, "=redump", "b") != VM_OK) {
      fprintf(stderr, "fuzz_undump: a re-dumped chunk fails to load: %s\n", vm_tostring(S, -1));
      abort();
    }
    if (vm_dump(S, bufwriter, &b2, 0) != 0) fail("dump failed");
    if (b1.n != b2.n || memcmp(b1.p, b2.p, b1.n) != 0) fail("dump of a loaded chunk differs");
    free(b1.p);
    free(b2.p);
    vm_settop(S, 1);
    /* run it (FUZZ_SAVE=FILE keeps the chunk being run, to replay a crash) */
    if (getenv("FUZZ_SAVE")) {
      FILE *out = fopen(getenv("FUZZ_SAVE"), "wb");
      if (out) {
        fwrite(data, 1, size, out);
        fclose(out);
      }
    }
    budget = BUDGET;
    vm_sethook(S, budgethook, VM_MASKCOUNT, 100);
    vm_pushinteger(S, 3);
    vm_pushliteral(S, "arg");
    st = vm_pcall(S, 2, 0, 0);
    budget = 0; /* what runs between runs (finalizers) fails at once */
    vm_sethook(S, budgethook, VM_MASKCOUNT, 1);
    if (st == VM_OK) nruns_ok++;
    vm_settop(S, 0);
    if ((naccepted & 15) == 0) vm_gc(S, VM_GCCOLLECT);
    /* a fresh state now and then: runs may have wrecked its globals or
    ** left big structures behind (near the memory limit every allocation
    ** would then cost a full collection) */
    if ((naccepted & 63) == 0) {
      if (vm_loadstring(S, "return 1 + 1") != VM_OK) fail("state unusable");
      vm_close(S);
      S = NULL;
    }
  }
  alarm(0);
  return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) { return check_one(data, size); }

#ifndef TIDE_LIBFUZZER

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static unsigned long long rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static const unsigned char edges[] = {0x00, 0x01, 0x02, 0x7f, 0x80, 0x81, 0xfe, 0xff};

/* An instruction with a random opcode and small operands (Lua 5.4's
** layout: op 7 bits, A 8, k 1, B 8, C 8; Bx 17 bits from bit 15, sBx and sJ
** in excess-K). */
static unsigned int randinstr(void) {
  unsigned int op = (unsigned)(rnd() % 80), a = (unsigned)(rnd() % 8);
  unsigned int b = (unsigned)(rnd() % 8), c = (unsigned)(rnd() % 8), k = (unsigned)(rnd() % 2);
  switch (rnd() % 4) {
    case 0: return op | (a << 7) | ((unsigned)(rnd() % 16) << 15);                /* small Bx */
    case 1: return op | (a << 7) | ((unsigned)(65535 + rnd() % 17 - 8) << 15);    /* small sBx */
    case 2: return op | ((unsigned)(16777215 + rnd() % 17 - 8) << 7);             /* small sJ */
    default: return op | (a << 7) | (k << 15) | (b << 16) | (c << 24);
  }
}

static size_t mutate(unsigned char *buf, size_t len, size_t cap, const unsigned char *other, size_t olen) {
  int rounds = 1 + (int)(rnd() % 4), r;
  for (r = 0; r < rounds; r++) {
    switch (rnd() % 9) {
      case 0: if (len) buf[rnd() % len] ^= (unsigned char)(1u << (rnd() % 8)); break;
      case 1: if (len) buf[rnd() % len] = edges[rnd() % sizeof edges]; break;
      case 2: if (len) buf[rnd() % len] += (unsigned char)(rnd() % 5 - 2); break;
      case 3: if (len < cap) { size_t p = rnd() % (len + 1); memmove(buf + p + 1, buf + p, len - p); buf[p] = (unsigned char)rnd(); len++; } break;
      case 4: if (len) { size_t p = rnd() % len; memmove(buf + p, buf + p + 1, len - p - 1); len--; } break;
      case 5: if (len && rnd() % 4 == 0) len = rnd() % len; break;
      case 6: if (olen) {
        size_t from = rnd() % olen, n = rnd() % (olen - from + 1), p = rnd() % (len + 1);
        if (n > 64) n = 64;
        if (p + n <= len) memcpy(buf + p, other + from, n); /* overwrite: keeps the layout */
      }
      break;
      case 7: if (len >= 4) { unsigned int i = randinstr(); memcpy(buf + rnd() % (len - 3), &i, 4); } break;
      case 8: if (len >= 8) { size_t from = rnd() % (len - 3), to = rnd() % (len - 3); memmove(buf + to, buf + from, 4); } break;
    }
  }
  return len;
}

int main(int argc, char **argv) {
  double seconds;
  if (argc == 3 && strcmp(argv[1], "--replay") == 0) { /* one saved chunk */
    Buf b = {NULL, 0, 0};
    FILE *in = fopen(argv[2], "rb");
    char block[4096];
    size_t n;
    if (in == NULL) fail("cannot open the chunk to replay");
    while ((n = fread(block, 1, sizeof block, in)) > 0) bufwriter(NULL, block, n, &b);
    fclose(in);
    check_one(b.p, b.n);
    printf("fuzz_undump: replayed %s, no crash\n", argv[2]);
    return 0;
  }
  seconds = argc > 1 ? atof(argv[1]) : 5;
  int nfiles = argc > 2 ? argc - 2 : 0, i, nseeds = 0;
  Buf *seeds = calloc((size_t)(2 * nfiles + 1), sizeof(Buf));
  size_t cap = 1 << 20;
  unsigned char *buf = malloc(cap);
  clock_t start = clock();
  vm_State *L = newstate();
  for (i = 0; i < nfiles; i++) {
    int strip;
    for (strip = 0; strip <= 1; strip++) {
      if (vm_loadfilex(L, argv[i + 2], "t") != VM_OK) break;
      if (vm_dump(L, bufwriter, &seeds[nseeds], strip) == 0 && seeds[nseeds].n <= cap) nseeds++;
      vm_settop(L, 0);
    }
    vm_settop(L, 0);
  }
  if (nseeds == 0) { /* no files: a small function */
    static const char src[] = "local t = {...} for i = 1, #t do t[i] = t[i] .. i end return table.concat(t)";
    if (vm_loadstring(L, src) != VM_OK || vm_dump(L, bufwriter, &seeds[0], 0) != 0) fail("no seed");
    nseeds = 1;
  }
  vm_close(L);
  {
    unsigned long long seed = getenv("FUZZ_SEED") ? strtoull(getenv("FUZZ_SEED"), NULL, 0)
                                                  : (unsigned long long)time(NULL);
    printf("fuzz_undump: FUZZ_SEED=%llu (to replay)\n", seed);
    fflush(stdout);
    rng_state ^= seed;
    if (rng_state == 0) rng_state = 1;
  }
  signal(SIGALRM, stuck);
  watchdog = 10;
  while ((double)(clock() - start) / CLOCKS_PER_SEC < seconds) {
    int a = (int)(rnd() % (unsigned)nseeds), b = (int)(rnd() % (unsigned)nseeds);
    size_t len = seeds[a].n;
    memcpy(buf, seeds[a].p, len);
    len = mutate(buf, len, cap, seeds[b].p, seeds[b].n);
    check_one(buf, len);
  }
  printf("fuzz_undump: %lu chunks from %d seeds, %lu accepted and run (%lu ran to completion), no crash\n",
         ninputs, nseeds, naccepted, nruns_ok);
  if (S) vm_close(S);
  for (i = 0; i < nseeds; i++) free(seeds[i].p);
  free(seeds);
  free(buf);
  return 0;
}
#endif
