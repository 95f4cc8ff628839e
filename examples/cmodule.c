/*
** cmodule.c — a Lua module written in C, loaded with require.
**
**   cc -std=c99 -shared -fPIC cmodule.c -o cmodule.so
**   tide examples/cmodule.lua DIR      (DIR holds cmodule.so)
**
** `require "cmodule"` searches package.cpath for cmodule.so, loads it and
** calls its exported function vm_open_cmodule (Lua's luaopen_NAME), whose
** return value becomes the module. The .so is not linked against Tide:
** its vm_* calls resolve against the host, which must export them (tide
** is linked with -rdynamic; so must be a host linking libtide.a that wants
** C modules — or it links libtide.so).
**
** The module provides:
**   cmodule.split(s [, sep])  -> a table of the parts of s between seps
**   cmodule.sum(...)          -> the sum of its arguments (integer if they
**                                all are: vm_arith keeps Lua's semantics)
**   cmodule.buffer()          -> a string buffer, a userdata that owns a
**                                malloc'ed block (freed by __gc or __close):
**     b:add(s, ...)  append strings or numbers; returns b, to chain calls
**     #b             its length;  tostring(b)  its contents
**     b:clear()      empty it
*/
#include <stdlib.h>
#include <string.h>

#include "vm.h"

/* ---------------------------------------------------------------- functions */
static int split(vm_State *S) {
  size_t len, seplen;
  const char *s = vm_checklstring(S, 1, &len);
  const char *sep = vm_optlstring(S, 2, ",", &seplen);
  const char *end = s + len;
  vm_Integer n = 0;
  vm_argcheck(S, seplen > 0, 2, "empty separator");
  vm_newtable(S);
  for (;;) {
    /* the next sep in s (s may contain zero bytes: no strstr) */
    const char *p = s;
    while (p + seplen <= end && memcmp(p, sep, seplen) != 0) p++;
    if (p + seplen > end) p = end;
    vm_pushlstring(S, s, (size_t)(p - s));
    vm_rawseti(S, -2, ++n);
    if (p == end) break;
    s = p + seplen;
  }
  return 1;
}

static int sum(vm_State *S) {
  int i, n = vm_gettop(S);
  vm_pushinteger(S, 0);
  for (i = 1; i <= n; i++) {
    vm_checknumber(S, i);            /* (accepts numeric strings, as Lua does) */
    vm_pushvalue(S, i);
    vm_arith(S, VM_OPADD);           /* pops two, pushes the sum */
  }
  return 1;
}

/* ---------------------------------------------------------------- the buffer */
#define BUFFER "cmodule.Buffer"      /* the metatable's registry name */

typedef struct Buffer {
  char *data;                        /* malloc'ed; NULL once freed */
  size_t len, cap;
} Buffer;

static Buffer *checkbuffer(vm_State *S) {
  Buffer *b = vm_checkudata(S, 1, BUFFER);
  if (b->data == NULL) vm_errorf(S, "attempt to use a closed buffer");
  return b;
}

static int buffer_new(vm_State *S) {
  Buffer *b = vm_newuserdatauv(S, sizeof(Buffer), 0);
  b->data = NULL;                    /* (safe for __gc if malloc fails below) */
  b->len = b->cap = 0;
  vm_setmetatablebyname(S, BUFFER);
  b->data = malloc(16);
  if (b->data == NULL) return vm_errorf(S, "out of memory");
  b->cap = 16;
  return 1;
}

static int buffer_add(vm_State *S) {
  Buffer *b = checkbuffer(S);
  int i, n = vm_gettop(S);
  for (i = 2; i <= n; i++) {
    size_t len;
    const char *s;
    if (vm_type(S, i) != VM_TSTRING && vm_type(S, i) != VM_TNUMBER)
      return vm_typeerror(S, i, "string or number");
    s = vm_tolstring(S, i, &len);
    if (b->len + len > b->cap) {     /* grow */
      size_t cap = b->cap;
      char *p;
      while (cap < b->len + len) cap *= 2;
      p = realloc(b->data, cap);
      if (p == NULL) return vm_errorf(S, "out of memory");
      b->data = p;
      b->cap = cap;
    }
    memcpy(b->data + b->len, s, len);
    b->len += len;
  }
  vm_settop(S, 1);                   /* return the buffer itself */
  return 1;
}

static int buffer_clear(vm_State *S) {
  checkbuffer(S)->len = 0;
  return 0;
}

static int buffer_len(vm_State *S) {
  vm_pushinteger(S, (vm_Integer)checkbuffer(S)->len);
  return 1;
}

static int buffer_tostring(vm_State *S) {
  Buffer *b = vm_checkudata(S, 1, BUFFER);
  if (b->data == NULL)
    vm_pushliteral(S, "(closed buffer)");
  else
    vm_pushlstring(S, b->data, b->len);
  return 1;
}

/* __gc and __close: free the C memory. Both may run for one buffer (a
** closed buffer is collected later), so the second call must be harmless. */
static int buffer_free(vm_State *S) {
  Buffer *b = vm_checkudata(S, 1, BUFFER);
  free(b->data);
  b->data = NULL;
  return 0;
}

static const vm_Reg buffer_methods[] = {
  {"add", buffer_add},
  {"clear", buffer_clear},
  {NULL, NULL}
};

static const vm_Reg buffer_meta[] = {
  {"__len", buffer_len},
  {"__tostring", buffer_tostring},
  {"__gc", buffer_free},
  {"__close", buffer_free},
  {NULL, NULL}
};

/* ---------------------------------------------------------------- opening */
static const vm_Reg module_funcs[] = {
  {"split", split},
  {"sum", sum},
  {"buffer", buffer_new},
  {NULL, NULL}
};

/* The entry point require calls with the module name and the file it was
** found in; what it returns is the module. Exported (not static). */
int vm_open_cmodule(vm_State *S) {
  /* the Buffer metatable: methods in __index, as a table */
  vm_newmetatable(S, BUFFER);
  vm_setfuncs(S, buffer_meta, 0);
  vm_newlib(S, buffer_methods);
  vm_setfield(S, -2, "__index");
  vm_pop(S, 1);
  /* the module table */
  vm_newlib(S, module_funcs);
  vm_pushliteral(S, "cmodule 1.0");
  vm_setfield(S, -2, "version");
  return 1;
}
