/*
** test_dump.c — vm_dump's contract (lua_dump's) and loading binary chunks
** through the C API: readers of any block size, modes, statuses.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "test_dump: %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

typedef struct Buf {
  char *p;
  size_t n, size;
  int calls, failat, collect;
} Buf;

static int writer(vm_State *S, const void *p, size_t sz, void *ud) {
  Buf *b = (Buf *)ud;
  b->calls++;
  if (b->failat && b->calls == b->failat) return 7;
  if (b->collect) vm_gc(S, VM_GCCOLLECT); /* the dumped function must stay anchored */
  if (sz == 0) return 0;
  if (b->n + sz > b->size) {
    b->size = (b->n + sz) * 2;
    b->p = realloc(b->p, b->size);
  }
  memcpy(b->p + b->n, p, sz);
  b->n += sz;
  return 0;
}

typedef struct Reader {
  const char *p;
  size_t n, block;
} Reader;

static const char *reader(vm_State *S, void *ud, size_t *size) {
  Reader *r = (Reader *)ud;
  size_t m = r->n < r->block ? r->n : r->block;
  (void)S;
  if (m == 0) return NULL;
  *size = m;
  r->p += m;
  r->n -= m;
  return r->p - m;
}

int main(void) {
  vm_State *S = vm_newstate();
  Buf b = {NULL, 0, 0, 0, 0, 0}, s = {NULL, 0, 0, 0, 0, 0}, f = {NULL, 0, 0, 0, 0, 0};
  size_t block;
  int top;
  vm_openlibs(S, VM_LIB_ALL);

  /* not a Lua function: 1, and the writer is never called */
  vm_pushcfunction(S, vm_open_base);
  CHECK(vm_dump(S, writer, &b, 0) == 1 && b.calls == 0);
  vm_pushinteger(S, 1);
  CHECK(vm_dump(S, writer, &b, 0) == 1 && b.calls == 0);
  vm_settop(S, 0);

  /* a Lua function: 0, the function stays on the stack */
  CHECK(vm_loadstring(S, "local a, b = ... local t = {} for i = a, b do t[#t + 1] = i * i end "
                         "return table.concat(t, ','), function() return a end") == VM_OK);
  top = vm_gettop(S);
  b.collect = 1;
  CHECK(vm_dump(S, writer, &b, 0) == 0);
  CHECK(vm_gettop(S) == top && vm_type(S, -1) == VM_TFUNCTION);
  CHECK(b.n > 31 && memcmp(b.p, "\x1bLua", 4) == 0);
  CHECK(vm_dump(S, writer, &s, 1) == 0 && s.n < b.n);

  vm_settop(S, 0);

  /* a failing writer: its status comes back and it is not called again
  ** (a chunk big enough for several writes) */
  CHECK(vm_loadstring(S, "return ('x'):rep(10), [[" "0123456789abcdef0123456789abcdef0123456789abcdef"
                         "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
                         "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
                         "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
                         "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
                         "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
                         "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
                         "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef]]") == VM_OK);
  CHECK(vm_dump(S, writer, &f, 0) == 0 && f.calls > 1);
  f.calls = 0;
  f.failat = 1;
  CHECK(vm_dump(S, writer, &f, 0) == 7 && f.calls == 1);
  vm_settop(S, 0);

  /* load the chunk back through readers of every block size */
  for (block = 1; block <= b.n + 1; block += (block < 64 ? 1 : 97)) {
    Reader r = {b.p, b.n, block};
    CHECK(vm_load(S, reader, &r, "=dumped", "b") == VM_OK);
    vm_pushinteger(S, 2);
    vm_pushinteger(S, 4);
    CHECK(vm_pcall(S, 2, 1, 0) == VM_OK && strcmp(vm_tostring(S, -1), "4,9,16") == 0);
    vm_settop(S, 0);
  }
  {
    Reader r = {s.p, s.n, 5};
    vm_Debug ar;
    CHECK(vm_load(S, reader, &r, "=stripped", "bt") == VM_OK);
    CHECK(vm_getinfo(S, ">S", &ar) && strcmp(ar.source, "=?") == 0);
    vm_settop(S, 0);
  }

  /* modes and malformed chunks: syntax errors with lua5.4's messages */
  CHECK(vm_loadbufferx(S, b.p, b.n, "=m", "t") == VM_ERRSYNTAX &&
        strcmp(vm_tostring(S, -1), "attempt to load a binary chunk (mode is 't')") == 0);
  vm_settop(S, 0);
  CHECK(vm_loadbufferx(S, b.p, b.n - 1, "=m", "b") == VM_ERRSYNTAX &&
        strcmp(vm_tostring(S, -1), "m: bad binary format (truncated chunk)") == 0);
  vm_settop(S, 0);
  b.p[b.n / 2] ^= 0x55; /* damaged somewhere in the middle: rejected or harmless */
  {
    int st = vm_loadbufferx(S, b.p, b.n, "=m", "b");
    CHECK(st == VM_OK || (st == VM_ERRSYNTAX && strstr(vm_tostring(S, -1), "bad binary format")));
    vm_settop(S, 0);
  }
  CHECK(vm_loadbufferx(S, "\x1bLua", 4, "=m", NULL) == VM_ERRSYNTAX);
  vm_settop(S, 0);

  free(b.p);
  free(s.p);
  free(f.p);
  vm_close(S);
  if (failures) return 1;
  printf("test_dump: all checks passed\n");
  return 0;
}
