/*
** libtable.c — Lua 5.4's table library: insert, remove, move, concat,
** pack, unpack, sort.
**
** Every element access goes through vm_geti/vm_seti, so metamethods are
** honoured as in 5.4, and "table expected" accepts any value whose
** metatable provides the metamethods the function needs.
**
** sort is an introsort: quicksort with median-of-three pivots, switching
** to heapsort for a range once the partitions have gone too deep, so no
** input (nor a malicious comparator) makes it quadratic. The partition
** loops check their bounds and report an inconsistent comparator with
** "invalid order function for sorting" instead of walking off the array.
*/
#include <limits.h>
#include <string.h>

#include "vm.h"

/* What checktab requires of a non-table. */
#define TAB_R 1                   /* __index */
#define TAB_W 2                   /* __newindex */
#define TAB_L 4                   /* __len */
#define TAB_RW (TAB_R | TAB_W)

static int hasfield(vm_State *S, const char *key, int n) {
  vm_pushstring(S, key);
  return vm_rawget(S, -n) != VM_TNIL;   /* -n: the metatable */
}

static void checktab(vm_State *S, int arg, int what) {
  if (vm_type(S, arg) == VM_TTABLE) return;
  int n = 1;                      /* values to pop: metatable + fields */
  if (vm_getmetatable(S, arg) &&
      (!(what & TAB_R) || hasfield(S, "__index", ++n)) &&
      (!(what & TAB_W) || hasfield(S, "__newindex", ++n)) &&
      (!(what & TAB_L) || hasfield(S, "__len", ++n)))
    vm_pop(S, n);
  else
    vm_checktype(S, arg, VM_TTABLE);  /* raises the usual message */
}

static vm_Integer getn(vm_State *S, int arg, int what) {
  checktab(S, arg, what | TAB_L);
  return vm_lenof(S, arg);
}

static int t_insert(vm_State *S) {
  vm_Integer e = getn(S, 1, TAB_RW);
  vm_Integer pos;
  e = (vm_Integer)((vm_Unsigned)e + 1u);  /* first empty slot */
  switch (vm_gettop(S)) {
    case 2:
      pos = e;
      break;
    case 3:
      pos = vm_checkinteger(S, 2);
      /* 1 <= pos <= e, in one unsigned comparison */
      vm_argcheck(S, (vm_Unsigned)pos - 1u < (vm_Unsigned)e, 2, "position out of bounds");
      for (vm_Integer i = e; i > pos; i--) {
        vm_geti(S, 1, i - 1);
        vm_seti(S, 1, i);
      }
      break;
    default:
      return vm_errorf(S, "wrong number of arguments to 'insert'");
  }
  vm_seti(S, 1, pos);
  return 0;
}

static int t_remove(vm_State *S) {
  vm_Integer size = getn(S, 1, TAB_RW);
  vm_Integer pos = vm_optinteger(S, 2, size);
  if (pos != size)                /* 1 <= pos <= size + 1 (5.4 reports arg #1) */
    vm_argcheck(S, (vm_Unsigned)pos - 1u <= (vm_Unsigned)size, 1, "position out of bounds");
  vm_geti(S, 1, pos);             /* the result */
  for (; pos < size; pos++) {
    vm_geti(S, 1, pos + 1);
    vm_seti(S, 1, pos);
  }
  vm_pushnil(S);
  vm_seti(S, 1, pos);
  return 1;
}

static int t_move(vm_State *S) {
  vm_Integer f = vm_checkinteger(S, 2);
  vm_Integer e = vm_checkinteger(S, 3);
  vm_Integer t = vm_checkinteger(S, 4);
  int tt = !vm_isnoneornil(S, 5) ? 5 : 1;   /* destination */
  checktab(S, 1, TAB_R);
  checktab(S, tt, TAB_W);
  if (e >= f) {
    vm_argcheck(S, f > 0 || e < INT64_MAX + f, 3, "too many elements to move");
    vm_Integer n = e - f + 1;
    vm_argcheck(S, t <= INT64_MAX - n + 1, 4, "destination wrap around");
    /* overlapping move to the right within one table: copy backwards */
    if (t > e || t <= f || (tt != 1 && !vm_compare(S, 1, tt, VM_OPEQ))) {
      for (vm_Integer i = 0; i < n; i++) {
        vm_geti(S, 1, f + i);
        vm_seti(S, tt, t + i);
      }
    } else {
      for (vm_Integer i = n - 1; i >= 0; i--) {
        vm_geti(S, 1, f + i);
        vm_seti(S, tt, t + i);
      }
    }
  }
  vm_pushvalue(S, tt);
  return 1;
}

/* concat's buffer is a vm_Buffer: anchored in a stack slot, so a failing
** element (or __index) leaks nothing. */
static void addfield(vm_State *S, vm_Buffer *b, vm_Integer i) {
  vm_geti(S, 1, i);
  if (!vm_isstring(S, -1))
    vm_errorf(S, "invalid value (%s) at index %I in table for 'concat'",
              vm_typename(S, vm_type(S, -1)), i);
  size_t l;
  const char *s = vm_tolstring(S, -1, &l);
  vm_addlstring(b, s, l);
  vm_pop(S, 1);
}

static int t_concat(vm_State *S) {
  vm_Integer last = getn(S, 1, TAB_R);
  size_t lsep;
  const char *sep = vm_optlstring(S, 2, "", &lsep);
  vm_Integer i = vm_optinteger(S, 3, 1);
  last = vm_optinteger(S, 4, last);
  vm_Buffer b;
  vm_settop(S, 4);
  vm_buffinit(S, &b);
  for (; i < last; i++) {
    addfield(S, &b, i);
    vm_addlstring(&b, sep, lsep);
  }
  if (i == last) addfield(S, &b, i);
  vm_pushresult(&b);
  return 1;
}

static int t_pack(vm_State *S) {
  int n = vm_gettop(S);
  vm_createtable(S, n, 1);
  vm_insert(S, 1);
  for (int i = n; i >= 1; i--) vm_seti(S, 1, i);
  vm_pushinteger(S, n);
  vm_setfield(S, 1, "n");
  return 1;
}

static int t_unpack(vm_State *S) {
  vm_Integer i = vm_optinteger(S, 2, 1);
  vm_Integer e = vm_isnoneornil(S, 3) ? vm_lenof(S, 1) : vm_checkinteger(S, 3);
  if (i > e) return 0;
  vm_Unsigned n = (vm_Unsigned)e - (vm_Unsigned)i;  /* count - 1, no overflow */
  if (n >= (vm_Unsigned)INT_MAX || !vm_checkstack(S, (int)(++n)))
    return vm_errorf(S, "too many results to unpack");
  for (; i < e; i++) vm_geti(S, 1, i);
  vm_geti(S, 1, e);
  return (int)n;
}

/* ======================================================================
** sort
** ====================================================================== */
typedef unsigned int Idx;

/* a < b, for stack indices (absolute or negative) of the two values. */
static int lessthan(vm_State *S, int a, int b) {
  if (vm_isnil(S, 2)) return vm_compare(S, a, b, VM_OPLT);
  a = vm_absindex(S, a);
  b = vm_absindex(S, b);
  vm_pushvalue(S, 2);
  vm_pushvalue(S, a);
  vm_pushvalue(S, b);
  vm_call(S, 2, 1);
  int res = vm_toboolean(S, -1);
  vm_pop(S, 1);
  return res;
}

/* t[i] = top, t[j] = value below it; pops both. */
static void set2(vm_State *S, Idx i, Idx j) {
  vm_seti(S, 1, i);
  vm_seti(S, 1, j);
}

static void sortraise(vm_State *S) {
  vm_errorf(S, "invalid order function for sorting");
}

/* Partitions t[lo..up] around the pivot P on the stack top, which is also
** at t[up-1], with t[lo] <= P <= t[up] already. Returns P's final index
** (and pops P). */
static Idx partition(vm_State *S, Idx lo, Idx up) {
  Idx i = lo;
  Idx j = up - 1;
  for (;;) {
    /* t[lo..i] <= P <= t[j..up] */
    while (vm_geti(S, 1, ++i), lessthan(S, -1, -2)) {
      if (i == up - 1) sortraise(S);  /* t[i] < P but t[up-1] == P */
      vm_pop(S, 1);
    }
    while (vm_geti(S, 1, --j), lessthan(S, -3, -1)) {
      if (j < i) sortraise(S);        /* P < t[j] below i: impossible */
      vm_pop(S, 1);
    }
    if (j < i) {
      vm_pop(S, 1);               /* t[j] */
      set2(S, up - 1, i);         /* pivot into place */
      return i;
    }
    set2(S, i, j);                /* swap the out-of-place pair */
  }
}

/* Heapsort of t[lo..up]; the fallback when quicksort degenerates. */
static void siftdown(vm_State *S, Idx lo, Idx root, Idx up) {
  for (;;) {
    Idx child = lo + 2 * (root - lo) + 1;
    if (child > up || child < root) return;
    vm_geti(S, 1, child);
    if (child + 1 <= up) {
      vm_geti(S, 1, child + 1);
      if (lessthan(S, -2, -1)) {
        vm_remove(S, -2);
        child++;
      } else
        vm_pop(S, 1);
    }
    vm_geti(S, 1, root);          /* stack: t[child], t[root] */
    if (!lessthan(S, -1, -2)) {
      vm_pop(S, 2);
      return;
    }
    set2(S, child, root);         /* t[child] = t[root], t[root] = t[child] */
    root = child;
  }
}

static void heapsort(vm_State *S, Idx lo, Idx up) {
  for (Idx i = lo + (up - lo) / 2 + 1; i-- > lo;) siftdown(S, lo, i, up);
  for (Idx end = up; end > lo; end--) {
    vm_geti(S, 1, lo);
    vm_geti(S, 1, end);
    set2(S, lo, end);             /* swap max to the end */
    siftdown(S, lo, lo, end - 1);
  }
}

static void auxsort(vm_State *S, Idx lo, Idx up, int depth) {
  while (lo < up) {
    vm_geti(S, 1, lo);
    vm_geti(S, 1, up);
    if (lessthan(S, -1, -2)) set2(S, lo, up);  /* t[up] < t[lo]: swap */
    else vm_pop(S, 2);
    if (up - lo == 1) return;
    Idx p = lo + (up - lo) / 2;
    vm_geti(S, 1, p);
    vm_geti(S, 1, lo);
    if (lessthan(S, -2, -1))      /* t[p] < t[lo] */
      set2(S, p, lo);
    else {
      vm_pop(S, 1);
      vm_geti(S, 1, up);
      if (lessthan(S, -1, -2)) set2(S, p, up);  /* t[up] < t[p] */
      else vm_pop(S, 2);
    }
    if (up - lo == 2) return;
    if (depth-- == 0) {           /* too many bad pivots */
      heapsort(S, lo, up);
      return;
    }
    vm_geti(S, 1, p);             /* P */
    vm_pushvalue(S, -1);
    vm_geti(S, 1, up - 1);
    set2(S, p, up - 1);           /* t[p] = t[up-1], t[up-1] = P; P stays */
    p = partition(S, lo, up);
    /* recurse into the smaller half, loop on the larger */
    if (p - lo < up - p) {
      auxsort(S, lo, p - 1, depth);
      lo = p + 1;
    } else {
      auxsort(S, p + 1, up, depth);
      up = p - 1;
    }
  }
}

static int t_sort(vm_State *S) {
  vm_Integer n = getn(S, 1, TAB_RW);
  if (n > 1) {
    vm_argcheck(S, n < INT_MAX, 1, "array too big");
    if (!vm_isnoneornil(S, 2)) vm_checktype(S, 2, VM_TFUNCTION);
    vm_settop(S, 2);
    int depth = 0;
    for (vm_Integer m = n; m > 0; m >>= 1) depth += 2;  /* 2 log2(n) */
    auxsort(S, 1, (Idx)n, depth);
  }
  return 0;
}

/* Not static: traces call some of these (jit.h JIT_CCALLS) */
const vm_Reg tablib_funcs[] = {
  {"concat", t_concat},
  {"insert", t_insert},
  {"pack", t_pack},
  {"unpack", t_unpack},
  {"remove", t_remove},
  {"move", t_move},
  {"sort", t_sort},
  {NULL, NULL}
};

int vm_open_table(vm_State *S) {
  vm_newlib(S, tablib_funcs);
  return 1;
}
