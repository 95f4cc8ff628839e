/*
** userdata.c — a C struct exposed to Lua as a userdata type with methods
** and metamethods.
**
** The type is a ring buffer of integers with a fixed capacity: pushing
** onto a full ring drops the oldest item. The host registers it under
** the name "ring" and runs examples/userdata.lua (or the file given as
** argv[1]), which uses it:
**
**   local r = ring.new(3)      -- constructor (a plain function)
**   r:push(10)                 -- methods, found through __index
**   r[1], #r                   -- integer indexing (__index) and __len
**   tostring(r), r1 + r2       -- __tostring, __add
**   r1 == r2                   -- __eq (same items in the same order)
**   local r <close> = ...      -- __close: emptied at the end of the scope
**   -- and __gc, which prints when the collector frees a ring
**
** Every method checks its `self` with vm_checkudata(S, 1, "ring"), so
** passing anything else raises "bad argument #1 to 'push' (ring expected,
** got number)" instead of crashing.
**
**   cc -std=c99 userdata.c -ltide -lmimalloc -lm -ldl
*/
#include <stdio.h>

#include "vm.h"

#define RING "ring" /* the registry name of the metatable (and __name) */

typedef struct Ring {
  int id;            /* a serial number, to tell rings apart in the output */
  int cap;           /* capacity */
  int head;          /* index of the oldest item in items[] */
  int count;         /* number of items */
  vm_Integer items[]; /* cap slots (a C99 flexible array member) */
} Ring;

/* A real host would keep this in its own per-state data. */
static int next_id = 1;

/* The slot of item i (1 = oldest) of r, for i in 1..cap. */
static vm_Integer *item(Ring *r, int i) {
  return &r->items[(r->head + i - 1) % r->cap];
}

/* Creates a ring and pushes it. The userdata's memory is owned by the
** collector: it is freed after __gc ran, so the struct holds no pointers
** to C allocations (if it did, __gc would free them). */
static Ring *newring(vm_State *S, int cap) {
  Ring *r = vm_newuserdatauv(S, sizeof(Ring) + (size_t)cap * sizeof(vm_Integer), 0);
  r->id = next_id++;
  r->cap = cap;
  r->head = 0;
  r->count = 0;
  vm_setmetatablebyname(S, RING); /* the metatable open_ring registered */
  return r;
}

/* ring.new(capacity) */
static int ring_new(vm_State *S) {
  vm_Integer cap = vm_checkinteger(S, 1);
  vm_argcheck(S, cap >= 1 && cap <= 1000000, 1, "capacity out of range");
  newring(S, (int)cap);
  return 1;
}

/* r:push(x) -> the dropped oldest item, or nothing */
static int ring_push(vm_State *S) {
  Ring *r = vm_checkudata(S, 1, RING);
  vm_Integer x = vm_checkinteger(S, 2);
  int dropped = 0;
  if (r->count == r->cap) {       /* full: drop the oldest */
    vm_pushinteger(S, *item(r, 1));
    r->head = (r->head + 1) % r->cap;
    r->count--;
    dropped = 1;
  }
  r->count++;
  *item(r, r->count) = x;
  return dropped;
}

/* r:pop() -> the oldest item, or nil if empty */
static int ring_pop(vm_State *S) {
  Ring *r = vm_checkudata(S, 1, RING);
  if (r->count == 0) {
    vm_pushnil(S);
  } else {
    vm_pushinteger(S, *item(r, 1));
    r->head = (r->head + 1) % r->cap;
    r->count--;
  }
  return 1;
}

/* r:capacity() */
static int ring_capacity(vm_State *S) {
  Ring *r = vm_checkudata(S, 1, RING);
  vm_pushinteger(S, r->cap);
  return 1;
}

/* __index(r, key): r[i] is item i; any other key looks up the methods
** table, which is this closure's upvalue 1. */
static int ring_index(vm_State *S) {
  Ring *r = vm_checkudata(S, 1, RING);
  if (vm_isinteger(S, 2)) {
    vm_Integer i = vm_tointeger(S, 2);
    if (i >= 1 && i <= r->count)
      vm_pushinteger(S, *item(r, (int)i));
    else
      vm_pushnil(S);
  } else {
    vm_pushvalue(S, 2);
    vm_gettable(S, vm_upvalueindex(1));  /* methods[key] */
  }
  return 1;
}

/* __len: #r is the number of items */
static int ring_len(vm_State *S) {
  Ring *r = vm_checkudata(S, 1, RING);
  vm_pushinteger(S, r->count);
  return 1;
}

/* __tostring: "ring#ID(COUNT/CAP: ITEMS)" */
static int ring_tostring(vm_State *S) {
  Ring *r = vm_checkudata(S, 1, RING);
  vm_Buffer b;
  int i;
  vm_buffinit(S, &b);
  vm_pushfstring(S, "ring#%d(%d/%d:", r->id, r->count, r->cap);
  vm_addvalue(&b);
  for (i = 1; i <= r->count; i++) {
    vm_pushfstring(S, " %I", *item(r, i));
    vm_addvalue(&b);
  }
  vm_addchar(&b, ')');
  vm_pushresult(&b);
  return 1;
}

/* __add: a + b is a new ring holding a's items then b's */
static int ring_add(vm_State *S) {
  Ring *a = vm_checkudata(S, 1, RING);
  Ring *b = vm_checkudata(S, 2, RING);
  Ring *r = newring(S, a->cap + b->cap);
  int i;
  for (i = 1; i <= a->count; i++) *item(r, ++r->count) = *item(a, i);
  for (i = 1; i <= b->count; i++) *item(r, ++r->count) = *item(b, i);
  return 1;
}

/* __eq: called only when both operands are userdata (and not the same
** object); the same items in the same order, whatever the capacities. */
static int ring_eq(vm_State *S) {
  Ring *a = vm_checkudata(S, 1, RING);
  Ring *b = vm_checkudata(S, 2, RING);
  int i, eq = (a->count == b->count);
  for (i = 1; eq && i <= a->count; i++) eq = (*item(a, i) == *item(b, i));
  vm_pushboolean(S, eq);
  return 1;
}

/* __close(r, err): a ring in a `local r <close>` is emptied when the
** scope ends (normally or by an error, which is the second argument). */
static int ring_close(vm_State *S) {
  Ring *r = vm_checkudata(S, 1, RING);
  printf("[C] __close ring#%d: dropping %d item(s)%s\n", r->id, r->count,
         vm_isnil(S, 2) ? "" : " (scope left by an error)");
  r->count = 0;
  return 0;
}

/* __gc: called once, when the collector finds the ring unreachable (or
** at vm_close). It must not raise; here it only reports. */
static int ring_gc(vm_State *S) {
  Ring *r = vm_touserdata(S, 1);
  printf("[C] __gc ring#%d\n", r->id);
  return 0;
}

static const vm_Reg ring_methods[] = {
  {"push", ring_push},
  {"pop", ring_pop},
  {"capacity", ring_capacity},
  {NULL, NULL}
};

static const vm_Reg ring_meta[] = {
  {"__len", ring_len},
  {"__tostring", ring_tostring},
  {"__add", ring_add},
  {"__eq", ring_eq},
  {"__close", ring_close},
  {"__gc", ring_gc},
  {NULL, NULL}
};

/* Opens the type: registers the metatable "ring" and pushes the module
** table {new = ring_new}. Called in protected mode (see setup). */
static int open_ring(vm_State *S) {
  vm_newmetatable(S, RING);        /* registry.ring = {__name = "ring"} */
  vm_setfuncs(S, ring_meta, 0);
  vm_newlib(S, ring_methods);      /* the methods table ... */
  vm_pushcclosure(S, ring_index, 1);/* ... becomes __index's upvalue */
  vm_setfield(S, -2, "__index");
  vm_pop(S, 1);                    /* the metatable */
  vm_createtable(S, 0, 1);
  vm_pushcfunction(S, ring_new);
  vm_setfield(S, -2, "new");
  return 1;
}

/* Everything that may raise runs inside a protected call: the libraries
** and the ring type are opened by this function, called with vm_pcall. */
static int setup(vm_State *S) {
  vm_openlibs(S, VM_LIB_ALL);
  /* calls open_ring("ring"), stores its result in package.loaded.ring
  ** and, with glb = 1, in the global 'ring' */
  vm_requiref(S, "ring", open_ring, 1);
  return 0;
}

int main(int argc, char **argv) {
  const char *script = argc > 1 ? argv[1] : "examples/userdata.lua";
  vm_State *S = vm_newstate();
  if (S == NULL) {
    fprintf(stderr, "cannot create a state\n");
    return 1;
  }
  vm_pushcfunction(S, setup);
  if (vm_pcall(S, 0, 0, 0) != VM_OK || vm_dofile(S, script) != VM_OK) {
    fprintf(stderr, "error: %s\n", vm_tostring(S, -1));
    vm_close(S);
    return 1;
  }
  printf("[C] script done; closing the state\n");
  vm_close(S);                     /* rings still alive get their __gc now */
  return 0;
}
