/*
** test_api_buffer.c — the string buffer: vm_buffinit, vm_addchar,
** vm_addlstring, vm_addstring, vm_addvalue, vm_prepbuffsize with
** vm_addsize/vm_buffsub, vm_pushresult, vm_buffree; small (inline) and
** large (> 256 bytes, in a box's block) contents, values pushed above the
** buffer slot, collections while building, errors while building
** ("buffer too large", memory limits), when the blocks are freed
** (vm_realloc's accounting), buffers in coroutines.
** Prints "test_api_buffer: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

static void test_small(void) {
  vm_State *S = vm_newstate();
  vm_Buffer b;
  size_t len;
  const char *s;
  vm_pushstring(S, "below");
  vm_buffinit(S, &b);
  CHECK(vm_gettop(S) == 2); /* the buffer's slot */
  CHECK(b.n == 0 && b.S == S);
  vm_addchar(&b, 'a');
  vm_addstring(&b, "bc");
  vm_addlstring(&b, "d\0e", 3);
  vm_addlstring(&b, "ignored", 0);
  vm_pushinteger(S, 42);
  vm_addvalue(&b); /* numbers are converted */
  vm_pushstring(S, "|s");
  vm_addvalue(&b);
  CHECK(vm_gettop(S) == 2); /* addvalue popped them */
  CHECK(b.n == 10);
  vm_pushresult(&b);
  CHECK(vm_gettop(S) == 2); /* slot replaced by the result */
  s = vm_tolstring(S, 2, &len);
  CHECK(len == 10 && memcmp(s, "abcd\0e42|s", 10) == 0);
  CHECK_STR(vm_tostring(S, 1), "below");
  vm_settop(S, 0);
  /* an empty buffer gives an empty string */
  vm_buffinit(S, &b);
  vm_pushresult(&b);
  CHECK(vm_gettop(S) == 1 && vm_isstring(S, 1) && vm_rawlen(S, 1) == 0);
  vm_settop(S, 0);
  /* vm_buffree drops the slot and everything is as before */
  vm_pushinteger(S, 1);
  vm_buffinit(S, &b);
  vm_addstring(&b, "discarded");
  vm_buffree(&b);
  CHECK(vm_gettop(S) == 1 && vm_tointeger(S, 1) == 1);
  vm_close(S);
}

static void test_large(void) {
  vm_State *S = vm_newstate();
  vm_Buffer b;
  size_t len;
  const char *s;
  char *p;
  int i, ok = 1;
  vm_buffinit(S, &b);
  for (i = 0; i < 1000; i++) vm_addchar(&b, (char)('a' + i % 26));
  CHECK(b.n == 1000 && b.size >= 1000);
  /* values above the slot between operations */
  vm_pushstring(S, "temp");
  vm_pushinteger(S, 7);
  vm_addstring(&b, "<mid>");
  vm_pop(S, 2);
  /* a collection while the contents live in the userdata */
  vm_gc(S, VM_GCCOLLECT);
  /* direct writes */
  p = vm_prepbuffsize(&b, 300);
  CHECK(p == b.b + b.n);
  memset(p, 'X', 300);
  vm_addsize(&b, 300);
  vm_buffsub(&b, 100); /* take back the last 100 */
  vm_pushlstring(S, "0123456789", 10);
  vm_addvalue(&b);
  vm_pushresult(&b);
  CHECK(vm_gettop(S) == 1);
  s = vm_tolstring(S, 1, &len);
  CHECK(len == 1000 + 5 + 200 + 10);
  for (i = 0; i < 1000; i++)
    if (s[i] != (char)('a' + i % 26)) ok = 0;
  CHECK(ok);
  CHECK(memcmp(s + 1000, "<mid>", 5) == 0);
  CHECK(s[1005] == 'X' && s[1204] == 'X' && memcmp(s + 1205, "0123456789", 10) == 0);
  vm_settop(S, 0);
  /* one big piece, then a big value */
  vm_buffinit(S, &b);
  {
    char *big = malloc(100000);
    memset(big, 'q', 100000);
    vm_addlstring(&b, big, 100000);
    vm_pushlstring(S, big, 50000);
    vm_addvalue(&b);
    free(big);
  }
  vm_pushresult(&b);
  CHECK(vm_rawlen(S, -1) == 150000);
  CHECK(vm_tostring(S, -1)[149999] == 'q');
  vm_settop(S, 0);
  /* a large buffer freed */
  vm_buffinit(S, &b);
  vm_prepbuffsize(&b, 5000);
  vm_buffree(&b);
  CHECK(vm_gettop(S) == 0);
  vm_close(S);
}

/* Under GC stress, every allocation of the buffer's growth collects. */
static void test_stress(void) {
  vm_Options opt;
  vm_State *S;
  vm_Buffer b;
  int i;
  memset(&opt, 0, sizeof opt);
  opt.gc_stress = 1;
  opt.nursery_size = 32 * 1024;
  S = vm_newstate_opt(&opt);
  vm_buffinit(S, &b);
  for (i = 0; i < 200; i++) {
    vm_pushfstring(S, "[%d]", i);
    vm_addvalue(&b);
    vm_newtable(S); /* garbage */
    vm_pop(S, 1);
  }
  vm_pushresult(&b);
  CHECK(strncmp(vm_tostring(S, -1), "[0][1][2]", 9) == 0);
  CHECK(strstr(vm_tostring(S, -1), "[198][199]") != NULL);
  vm_close(S);
}

/* errors while a buffer is being built */
static int c_build_then_fail(vm_State *S) {
  vm_Buffer b;
  int i;
  vm_buffinit(S, &b);
  for (i = 0; i < 100; i++) vm_addstring(&b, "0123456789");
  return vm_errorf(S, "failed after %d bytes", (int)b.n);
}

static int c_too_large(vm_State *S) {
  vm_Buffer b;
  vm_buffinit(S, &b);
  vm_addchar(&b, 'x');
  vm_prepbuffsize(&b, ((size_t)-1 >> 1)); /* more than can ever exist */
  return 0;
}

static int c_huge(vm_State *S) {
  vm_Buffer b;
  vm_buffinit(S, &b);
  vm_prepbuffsize(&b, (size_t)1 << 40); /* a terabyte: past the limit */
  return 0;
}

static int c_limit(vm_State *S) {
  vm_Buffer b;
  int i;
  vm_buffinit(S, &b);
  for (i = 0; i < 100000; i++) vm_addlstring(&b, "........................................", 40);
  vm_pushresult(&b);
  return 1;
}

static void test_errors(void) {
  vm_State *S = vm_newstate();
  int st;
  vm_pushcfunction(S, c_build_then_fail);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "failed after 1000 bytes");
  CHECK(vm_gettop(S) == 1);
  vm_settop(S, 0);
  vm_pushcfunction(S, c_too_large);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "buffer too large");
  vm_settop(S, 0);
  vm_setmemorylimit(S, 64u << 20); /* (without a limit, overcommit may grant it) */
  vm_pushcfunction(S, c_huge);
  st = vm_pcall(S, 0, 0, 0);
  CHECK(st == VM_ERRMEM);
  CHECK_STR(vm_tostring(S, -1), "not enough memory");
  vm_settop(S, 0);
  /* a memory limit reached while growing */
  vm_setmemorylimit(S, 2u << 20);
  vm_pushcfunction(S, c_limit);
  st = vm_pcall(S, 0, 1, 0);
  CHECK(st == VM_ERRMEM);
  vm_settop(S, 0);
  vm_setmemorylimit(S, 0);
  vm_pushcfunction(S, c_limit);
  CHECK(vm_pcall(S, 0, 1, 0) == VM_OK && vm_rawlen(S, -1) == 4000000);
  vm_settop(S, 0);
  vm_gc(S, VM_GCCOLLECT);
  vm_close(S);
}

/* Builds `n` bytes; fails before finishing when `fail` is true. */
static int c_build_mb(vm_State *S) {
  vm_Buffer b;
  size_t i, n = (size_t)vm_tointeger(S, 1);
  int fail = vm_toboolean(S, 2);
  vm_buffinit(S, &b);
  for (i = 0; i < n; i += 1000) {
    char *p = vm_prepbuffsize(&b, 1000);
    memset(p, 'm', 1000);
    vm_addsize(&b, 1000);
  }
  if (fail) return vm_errorf(S, "abandoned");
  vm_pushresult(&b);
  return 1;
}

/* vm_realloc counts its blocks as the state's memory; a buffer's block is
** freed when the buffer finishes, not when a collection finds its box, and
** an abandoned one when the box is collected. */
static void test_memory(void) {
  vm_State *S = vm_newstate();
  size_t used0, used1;
  char *p;
  vm_gc(S, VM_GCCOLLECT);
  vm_gc(S, VM_GCSTOP);
  used0 = vm_memoryused(S);
  p = vm_realloc(S, NULL, 0, 1000);
  CHECK(p != NULL && vm_memoryused(S) == used0 + 1000);
  p = vm_realloc(S, p, 1000, 3u << 20);
  memset(p, 1, 3u << 20);
  CHECK(vm_memoryused(S) == used0 + (3u << 20));
  p = vm_realloc(S, p, 3u << 20, 100);
  CHECK(vm_memoryused(S) == used0 + 100);
  CHECK(vm_realloc(S, p, 100, 0) == NULL && vm_memoryused(S) == used0);
  /* 4 MB built, collector stopped: the string and little else stays */
  vm_pushcfunction(S, c_build_mb);
  vm_pushinteger(S, 4000000);
  CHECK(vm_pcall(S, 1, 1, 0) == VM_OK && vm_rawlen(S, -1) == 4000000);
  used1 = vm_memoryused(S);
  CHECK(used1 > used0 + 4000000 && used1 < used0 + 4500000);
  vm_settop(S, 0);
  /* abandoned by an error: the box's finalizer gives the block back */
  vm_gc(S, VM_GCCOLLECT);
  used0 = vm_memoryused(S);
  vm_pushcfunction(S, c_build_mb);
  vm_pushinteger(S, 4000000);
  vm_pushboolean(S, 1);
  CHECK(vm_pcall(S, 2, 0, 0) == VM_ERRRUN);
  CHECK(vm_memoryused(S) > used0 + 4000000);
  vm_settop(S, 0);
  vm_gc(S, VM_GCCOLLECT);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_memoryused(S) < used0 + 100000);
  /* beyond the memory limit: a memory error, nothing held */
  vm_setmemorylimit(S, used0 + (1u << 20));
  vm_pushcfunction(S, c_build_mb);
  vm_pushinteger(S, 2000000);
  CHECK(vm_pcall(S, 1, 1, 0) == VM_ERRMEM);
  vm_settop(S, 0);
  vm_setmemorylimit(S, 0);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_memoryused(S) < used0 + 100000);
  vm_close(S);
}

/* a buffer kept across a yield (the slot lives on the coroutine's stack) */
static int k_buffer(vm_State *S, int status, vm_KContext ctx) {
  vm_Buffer *b = (vm_Buffer *)ctx;
  (void)status;
  vm_addvalue(b); /* the value passed to resume */
  if (b->n < 600) return vm_yieldk(S, 0, ctx, k_buffer);
  vm_pushresult(b);
  free(b);
  return 1;
}

static int c_buffer_yield(vm_State *S) {
  vm_Buffer *b = malloc(sizeof *b);
  vm_buffinit(S, b);
  return vm_yieldk(S, 0, (vm_KContext)b, k_buffer);
}

static void test_yield(void) {
  vm_State *S = vm_newstate();
  vm_State *co = vm_newthread(S);
  int nres, st = VM_YIELD, rounds = 0;
  char piece[101];
  memset(piece, 'p', 100);
  piece[100] = '\0';
  vm_pushcfunction(co, c_buffer_yield);
  st = vm_resume(co, S, 0, &nres);
  while (st == VM_YIELD && rounds < 20) {
    piece[0] = (char)('0' + rounds);
    vm_pushstring(co, piece);
    vm_gc(S, VM_GCCOLLECT);
    st = vm_resume(co, S, 1, &nres);
    rounds++;
  }
  CHECK(st == VM_OK && nres == 1);
  CHECK(rounds == 6 && vm_rawlen(co, -1) == 600);
  CHECK(vm_tostring(co, -1)[0] == '0' && vm_tostring(co, -1)[500] == '5');
  vm_close(S);
}

int main(void) {
  test_small();
  test_large();
  test_stress();
  test_errors();
  test_memory();
  test_yield();
  return check_report("test_api_buffer");
}
