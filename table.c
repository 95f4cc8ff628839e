/*
** table.c — Lua tables: an array part and a hash part.
**
** The array part holds keys 1..asize. The hash part is a chained scatter
** table with Brent's variation: a colliding key that is not in its main
** position is moved to a free node, so every chain starts at its main
** position; free nodes are found by a `lastfree` pointer moving down. When
** no free node is left, the table is rehashed: integer keys are counted by
** powers of two and the array part gets the largest size n such that more
** than n/2 slots of 1..n are used (Lua's rule), the rest goes to the hash
** part.
**
** Besides the real array size, a table keeps Lua 5.4's length hint
** `alimit` (<= asize). `#t` may lower it to the border it found, and a read
** of an integer key between the hint and the real size raises it to that
** key; with holes in the array, these moves decide which border `#`
** reports, so Tide follows them to report the same border as lua5.4.
**
** Keys hash through a Fibonacci multiplier on a 64-bit value: integers and
** float bits directly, strings by their stored hash, other objects by
** their identity (GCObject.id), which survives moves by the collector.
** Float keys with integral values are normalised to integers. Removing a
** key only sets its value to nil: the key stays in its chain, so `next`
** keeps working during a traversal that clears fields.
**
** The parts are malloc'd (not on the GC heap); a young table that gets
** parts is listed for the collector, which frees them if the table dies.
*/
#include <math.h>
#include <string.h>

#include "internal.h"

_Static_assert(T_NIL == 0, "a zeroed TValue is nil (tab_resize clears with memset)");

static Node dummynode_ = {{0}, T_NIL, T_NIL, 0, {0}};
#define dummynode (&dummynode_)
const TValue absentkey = {{0}, T_NIL};

Node *tab_dummynode(void) { return dummynode; }

#define MAXABITS 31
#define MAXASIZE (1u << MAXABITS)
#define MAXHBITS 30

/* ======================================================================
** Hashing
** ====================================================================== */


static inline uint64_t fltbits(vm_Number n) {
  uint64_t u;
  memcpy(&u, &n, sizeof u);
  return u;
}

/* Integer, float and boolean keys are placed exactly as PUC Lua places
** them (modulo an odd number, Lua's float hash): where they collide decides
** when a table is rehashed, hence its array size, the border `#` reports
** and the order `next` visits such keys, all deterministic in lua5.4. */
static inline Node *hashmod(const Table *t, vm_Unsigned n) {
  return gnode(t, n % ((sizenode(t) - 1u) | 1u));
}

static unsigned int luafloathash(vm_Number n) {
  int e;
  vm_Integer ni;
  n = frexp(n, &e) * -(vm_Number)INT_MIN;
  if (!interp_flttointns(n, &ni, F2Ieq)) return 0; /* inf or NaN */
  {
    unsigned int u = (unsigned int)e + (unsigned int)ni;
    return u <= (unsigned int)INT_MAX ? u : ~u;
  }
}

/* Main position of a key given as tag + payload. */
static Node *mainposition(const Table *t, int tt, Value v) {
  switch (tt) {
    case T_INT: return hashmod(t, l_castS2U(v.i));
    case T_FLT: return hashmod(t, luafloathash(v.n));
    case T_SHRSTR: return tab_hashpos(t, ((TString *)v.gc)->id);
    case T_LNGSTR: return tab_hashpos(t, str_hashlong((TString *)v.gc));
    case T_FALSE: return gnode(t, 0);
    case T_TRUE: return gnode(t, 1u & (sizenode(t) - 1u));
    case T_LIGHTUD: return tab_hashpos(t, (uint64_t)(uintptr_t)v.p);
    case T_LCF: return tab_hashpos(t, (uint64_t)(uintptr_t)v.f);
    default: return tab_hashpos(t, v.gc->id);
  }
}

static inline Node *mainpositionfromnode(const Table *t, const Node *nd) {
  return mainposition(t, nd->key_tt, nd->key_val);
}

/* Key equality for generic lookups (integers and short strings have their
** own fast paths). */
static int equalkey(int tt, Value v, const Node *n) {
  if (n->key_tt != tt) return 0;
  switch (tt) {
    case T_NIL: case T_FALSE: case T_TRUE: return 1;
    case T_INT: return v.i == n->key_val.i;
    case T_FLT: return v.n == n->key_val.n;
    case T_LIGHTUD: return v.p == n->key_val.p;
    case T_LCF: return v.f == n->key_val.f;
    case T_LNGSTR: return str_eqlngstr((TString *)v.gc, (TString *)n->key_val.gc);
    default: return v.gc == n->key_val.gc;
  }
}

/* ======================================================================
** Lookup
** ====================================================================== */

static const TValue *getgeneric(Table *t, int tt, Value v) {
  Node *n = mainposition(t, tt, v);
  for (;;) {
    if (equalkey(tt, v, n)) return gval(n);
    if (gnext(n) == 0) return &absentkey;
    n += gnext(n);
  }
}

static const TValue *hashgetint(Table *t, vm_Integer key) {
  Node *n = hashmod(t, l_castS2U(key));
  for (;;) {
    if (keyisinteger(n) && keyival(n) == key) return gval(n);
    if (gnext(n) == 0) return &absentkey;
    n += gnext(n);
  }
}

const TValue *tab_getint(Table *t, vm_Integer key) {
  if (l_castS2U(key) - 1u < t->alimit) return &t->array[key - 1];
  if (l_castS2U(key) - 1u < t->asize) { /* past the hint: move it here */
    t->alimit = (uint32_t)key;
    return &t->array[key - 1];
  }
  return hashgetint(t, key);
}


const TValue *tab_getstr(Table *t, TString *key) {
  Value v;
  if (key->tt == T_SHRSTR) return tab_getshortstr(t, key);
  v.gc = obj2gco(key);
  return getgeneric(t, T_LNGSTR, v);
}

const TValue *tab_get(Table *t, const TValue *key) {
  switch (rawtt(key)) {
    case T_SHRSTR: return tab_getshortstr(t, tsvalue(key));
    case T_INT: return tab_getint(t, ivalue(key));
    case T_NIL: return &absentkey;
    case T_FLT: {
      vm_Integer k;
      if (interp_flttointns(fltvalue(key), &k, F2Ieq)) return tab_getint(t, k);
      return getgeneric(t, T_FLT, val_(key));
    }
    default: return getgeneric(t, rawtt(key), val_(key));
  }
}

/* ======================================================================
** Resizing
** ====================================================================== */

size_t tab_size(Table *t) {
  return (size_t)t->asize * sizeof(TValue) + (isdummy(t) ? 0 : sizenode(t) * sizeof(Node));
}

void tab_freeparts(vm_State *S, TValue *array, unsigned asize, Node *node, int lsize) {
  mem_freearray(S, array, asize);
  if (node != dummynode) mem_free(S, node, ((size_t)1 << lsize) * sizeof(Node));
}

void tab_free(vm_State *S, Table *t) {
  tab_freeparts(S, t->array, t->asize, t->node, lsizenode(t));
  t->array = NULL;
  t->asize = t->alimit = 0;
  t->node = dummynode;
  t->lastfree = NULL;
  t->u8b = 0;
}

static void notehasparts(vm_State *S, Table *t) {
  if (!isold(t) && !(t->gcflags & GCF_HASPARTS)) {
    t->gcflags |= GCF_HASPARTS;
    gc_noteyoungparts(S, t);
  }
}

static void setnodevector(vm_State *S, Table *t, unsigned int size) {
  if (size == 0) {
    t->node = dummynode;
    t->u8b = 0;
    t->lastfree = NULL;
  } else {
    unsigned int i;
    int lsize = ceillog2(size);
    if (lsize > MAXHBITS) dbg_runerror(S, "table overflow");
    size = 1u << lsize;
    t->node = mem_newvector(S, size, Node);
    for (i = 0; i < size; i++) {
      Node *n = gnode(t, i);
      gnext(n) = 0;
      n->key_tt = T_NIL;
      n->val_tt = T_NIL;
    }
    t->u8b = (uint8_t)lsize;
    t->lastfree = gnode(t, size); /* all positions are free */
  }
}

static void insertnew(vm_State *S, Table *t, const TValue *key, const TValue *value);

/* Puts a key of the old parts into the new ones (array part if it fits). */
static void reinsert(vm_State *S, Table *t, const TValue *key, const TValue *value) {
  if (ttisinteger(key) && l_castS2U(ivalue(key)) - 1u < t->asize)
    setobj(S, &t->array[ivalue(key) - 1], value);
  else
    insertnew(S, t, key, value);
}

/* Resize both parts. New parts are allocated before anything changes, so a
** memory error leaves the table intact. */
void tab_resize(vm_State *S, Table *t, unsigned int newasize, unsigned int nhsize) {
  unsigned int i;
  /* values may move between the parts: a slot range no longer covers them */
  if (isold(t) && (t->gcflags & GCF_ARRAYDIRTY)) gc_remember(S, obj2gco(t));
  unsigned int oldasize = t->asize;
  int oldlsize = lsizenode(t);
  Node *oldnode = t->node;
  unsigned int oldhsize = isdummy(t) ? 0 : sizenode(t);
  TValue *newarray;
  Table newt; /* temporary holder of the new hash part */
  newt.u8b = 0;
  setnodevector(S, &newt, nhsize);
  if (newasize < oldasize) {
    /* move the vanishing slice of the array into the new hash part */
    Node *savenode = t->node;
    uint8_t savels = t->u8b;
    Node *savelf = t->lastfree;
    t->node = newt.node;
    t->u8b = newt.u8b;
    t->lastfree = newt.lastfree;
    t->asize = newasize;
    for (i = newasize; i < oldasize; i++) {
      if (!ttisnil(&t->array[i])) {
        TValue k;
        setivalue(&k, (vm_Integer)i + 1);
        insertnew(S, t, &k, &t->array[i]);
      }
    }
    newt.node = t->node;
    newt.u8b = t->u8b;
    newt.lastfree = t->lastfree;
    t->node = savenode;
    t->u8b = savels;
    t->lastfree = savelf;
    t->asize = oldasize;
  }
  newarray = (TValue *)mem_realloc(S, t->array, (size_t)oldasize * sizeof(TValue),
                                   (size_t)newasize * sizeof(TValue));
  t->array = newarray;
  t->asize = t->alimit = newasize;
  if (newasize > oldasize) /* nils: all-zero TValues, one memset */
    memset(&t->array[oldasize], 0, (size_t)(newasize - oldasize) * sizeof(TValue));
  t->node = newt.node;
  t->u8b = newt.u8b;
  t->lastfree = newt.lastfree;
  /* re-insert the old hash part */
  for (i = 0; i < oldhsize; i++) {
    Node *old = oldnode + i;
    if (old->val_tt != T_NIL) {
      TValue k;
      getnodekey(S, &k, old);
      reinsert(S, t, &k, gval(old));
    }
  }
  if (oldhsize > 0) mem_free(S, oldnode, ((size_t)1 << oldlsize) * sizeof(Node));
  if (t->asize > 0 || !isdummy(t)) notehasparts(S, t);
  if (!isold(t)) gc_youngpartsgrew(S, tab_size(t));
}

void tab_resizearray(vm_State *S, Table *t, unsigned int nasize) {
  tab_resize(S, t, nasize, isdummy(t) ? 0 : sizenode(t));
}

/* Rehash: count integer keys by slices (2^(i-1), 2^i] */
static unsigned int arrayindex(vm_Integer k) {
  if (l_castS2U(k) - 1u < MAXASIZE) return (unsigned int)k;
  return 0;
}

static int countint(vm_Integer key, unsigned int *nums) {
  unsigned int k = arrayindex(key);
  if (k != 0) {
    nums[ceillog2(k)]++;
    return 1;
  }
  return 0;
}

static unsigned int numusearray(const Table *t, unsigned int *nums) {
  int lg;
  unsigned int ttlg, ause = 0, i = 1;
  unsigned int asize = t->asize;
  for (lg = 0, ttlg = 1; lg <= MAXABITS; lg++, ttlg *= 2) {
    unsigned int lc = 0, lim = ttlg;
    if (lim > asize) {
      lim = asize;
      if (i > lim) break;
    }
    { /* slots i..lim, four at a time (no branch to mispredict) */
      const TValue *p = &t->array[i - 1], *e = &t->array[lim];
      for (; e - p >= 4; p += 4)
        lc += (unsigned)(rawtt(p) != T_NIL) + (rawtt(p + 1) != T_NIL) + (rawtt(p + 2) != T_NIL) +
              (rawtt(p + 3) != T_NIL);
      for (; p < e; p++) lc += rawtt(p) != T_NIL;
      i = lim + 1;
    }
    nums[lg] += lc;
    ause += lc;
  }
  return ause;
}

static unsigned int numusehash(const Table *t, unsigned int *nums, unsigned int *pna) {
  unsigned int totaluse = 0, ause = 0;
  unsigned int i = isdummy(t) ? 0 : sizenode(t);
  while (i--) {
    Node *n = &t->node[i];
    if (n->val_tt != T_NIL) {
      if (keyisinteger(n)) ause += (unsigned)countint(keyival(n), nums);
      totaluse++;
    }
  }
  *pna += ause;
  return totaluse;
}

/* Largest n (power of 2) such that more than half of 1..n is in use. */
static unsigned int computesizes(unsigned int nums[], unsigned int *pna) {
  int i;
  unsigned int twotoi, a = 0, na = 0, optimal = 0;
  for (i = 0, twotoi = 1; twotoi > 0 && *pna > twotoi / 2; i++, twotoi *= 2) {
    a += nums[i];
    if (a > twotoi / 2) {
      optimal = twotoi;
      na = a;
    }
  }
  *pna = na;
  return optimal;
}

static void rehash(vm_State *S, Table *t, const TValue *ek) {
  unsigned int asize, na, nums[MAXABITS + 1];
  unsigned int i, totaluse;
  for (i = 0; i <= MAXABITS; i++) nums[i] = 0;
  na = numusearray(t, nums);
  totaluse = na;
  totaluse += numusehash(t, nums, &na);
  if (ttisinteger(ek)) na += (unsigned)countint(ivalue(ek), nums);
  totaluse++;
  asize = computesizes(nums, &na);
  tab_resize(S, t, asize, totaluse - na);
}

/* ======================================================================
** Insertion
** ====================================================================== */

Table *tab_new(vm_State *S) {
  Table *t = (Table *)gc_newyoung(S, T_TABLE, sizeof(Table));
  t->metatable = NULL;
  t->u8 = maskflags; /* no metamethods known yet: all absent */
  t->array = NULL;
  t->asize = t->alimit = 0;
  t->node = dummynode;
  t->u8b = 0;
  t->lastfree = NULL;
  return t;
}

static Node *getfreepos(Table *t) {
  if (!isdummy(t)) {
    while (t->lastfree > t->node) {
      t->lastfree--;
      if (keyisnil(t->lastfree)) return t->lastfree;
    }
  }
  return NULL;
}

/* Inserts a key known to be absent, into a table that has room or gets
** rehashed. Key is normalised (no float with integral value, not nil/NaN). */
static void insertnew(vm_State *S, Table *t, const TValue *key, const TValue *value) {
  Node *mp = mainposition(t, rawtt(key), val_(key));
  if (mp->val_tt != T_NIL || isdummy(t)) {
    Node *othern;
    Node *f = getfreepos(t);
    if (f == NULL) {
      rehash(S, t, key);
      tab_set(S, t, key, value);
      return;
    }
    othern = mainpositionfromnode(t, mp);
    if (othern != mp) {
      /* the colliding node is out of its main position: move it to f */
      while (othern + gnext(othern) != mp) othern += gnext(othern);
      gnext(othern) = (int32_t)(f - othern);
      *f = *mp;
      if (gnext(mp) != 0) {
        gnext(f) += (int32_t)(mp - f);
        gnext(mp) = 0;
      }
      mp->val_tt = T_NIL;
    } else {
      /* new node goes into the free position, chained after mp */
      if (gnext(mp) != 0) gnext(f) = (int32_t)((mp + gnext(mp)) - f);
      gnext(mp) = (int32_t)(f - mp);
      mp = f;
    }
  }
  setnodekey(S, mp, key);
  setobj(S, gval(mp), value);
}

void tab_newkey(vm_State *S, Table *t, const TValue *key, const TValue *value) {
  TValue aux;
  if (l_unlikely(ttisnil(key))) dbg_runerror(S, "table index is nil");
  if (ttisfloat(key)) {
    vm_Number f = fltvalue(key);
    vm_Integer k;
    if (interp_flttointns(f, &k, F2Ieq)) {
      setivalue(&aux, k);
      key = &aux;
    } else if (l_unlikely(f != f)) {
      dbg_runerror(S, "table index is NaN");
    }
  }
  if (ttisnil(value)) return; /* assigning nil to an absent key: nothing */
  insertnew(S, t, key, value);
  gc_barrier(S, t, key);
  gc_barrier(S, t, value);
}

void tab_set(vm_State *S, Table *t, const TValue *key, const TValue *value) {
  const TValue *slot = tab_get(t, key);
  if (isabstkey(slot)) {
    tab_newkey(S, t, key, value);
  } else {
    setobj(S, cast(TValue *, slot), value);
    gc_barrier(S, t, value);
  }
}

void tab_setint(vm_State *S, Table *t, vm_Integer key, const TValue *value) {
  const TValue *slot = tab_getint(t, key);
  if (isabstkey(slot)) {
    TValue k;
    setivalue(&k, key);
    tab_newkey(S, t, &k, value);
  } else {
    setobj(S, cast(TValue *, slot), value);
    gc_barrier(S, t, value);
  }
}

/* ======================================================================
** Length (a border) and traversal
** ====================================================================== */

static vm_Unsigned hash_search(Table *t, vm_Unsigned j) {
  vm_Unsigned i;
  if (j == 0) j++;
  do {
    i = j;
    if (j <= l_castS2U(INT64_MAX) / 2) {
      j *= 2;
    } else {
      j = l_castS2U(INT64_MAX);
      if (ttisnil(tab_getint(t, (vm_Integer)j))) break;
      return j;
    }
  } while (!ttisnil(tab_getint(t, (vm_Integer)j)));
  while (j - i > 1u) {
    vm_Unsigned m = (i + j) / 2;
    if (ttisnil(tab_getint(t, (vm_Integer)m))) j = m;
    else i = m;
  }
  return i;
}

static unsigned int binsearch(const TValue *array, unsigned int i, unsigned int j) {
  while (j - i > 1u) {
    unsigned int m = (i + j) / 2;
    if (ttisnil(&array[m - 1])) j = m;
    else i = m;
  }
  return i;
}

#define ispow2(x) (((x) & ((x) - 1)) == 0)

/* A border: a non-negative n with t[n] non-nil (or n == 0) and t[n+1] nil.
** The search starts at the hint and moves it as lua5.4 does; the hint may
** only differ from the real size while that size is a power of two. */
vm_Unsigned tab_getn(Table *t) {
  unsigned int limit = t->alimit;
  if (limit > 0 && ttisnil(&t->array[limit - 1])) { /* a border below limit */
    if (limit >= 2 && !ttisnil(&t->array[limit - 2])) {
      if (ispow2(t->asize) && !ispow2(limit - 1)) t->alimit = limit - 1;
      return limit - 1;
    } else {
      unsigned int border = binsearch(t->array, 0, limit);
      if (ispow2(t->asize) && border > t->asize / 2) t->alimit = border;
      return border;
    }
  }
  if (limit != t->asize) { /* limit is present, and not the real size */
    if (ttisnil(&t->array[limit])) return limit;
    limit = t->asize;
    if (ttisnil(&t->array[limit - 1])) {
      unsigned int border = binsearch(t->array, t->alimit, limit);
      t->alimit = border;
      return border;
    }
    t->alimit = limit;
  }
  /* the array part is full (or empty): continue in the hash part */
  if (isdummy(t) || ttisnil(hashgetint(t, (vm_Integer)limit + 1))) return limit;
  return hash_search(t, limit);
}

/* The node of a key the collector turned dead (its value was removed
** during the traversal, then a major collection ran): the traversal may
** go on from it, as Lua allows. Compares the pointer only. */
static const TValue *getdeadkey(Table *t, const TValue *key) {
  Node *n;
  if (!iscollectable(key) || isdummy(t)) return NULL;
  n = mainposition(t, rawtt(key), val_(key));
  for (;;) {
    if (n->key_tt == T_DEADKEY && n->key_val.gc == gcvalue(key)) return gval(n);
    if (gnext(n) == 0) return NULL;
    n += gnext(n);
  }
}

/* Index of a key in traversal order: array slots first, then nodes. */
static unsigned int findindex(vm_State *S, Table *t, TValue *key) {
  unsigned int i;
  const TValue *slot;
  if (ttisnil(key)) return 0;
  if (ttisinteger(key)) {
    i = arrayindex(ivalue(key));
    if (i - 1u < t->asize) return i;
  }
  slot = tab_get(t, key);
  if (l_unlikely(isabstkey(slot))) slot = getdeadkey(t, key);
  if (l_unlikely(slot == NULL)) dbg_runerror(S, "invalid key to 'next'");
  i = (unsigned int)((Node *)slot - gnode(t, 0));
  return (i + 1) + t->asize;
}

int tab_next(vm_State *S, Table *t, StkId key) {
  unsigned int asize = t->asize;
  unsigned int i = findindex(S, t, s2v(key));
  for (; i < asize; i++) {
    if (!ttisnil(&t->array[i])) {
      setivalue(s2v(key), (vm_Integer)i + 1);
      setobj2s(S, key + 1, &t->array[i]);
      return 1;
    }
  }
  if (!isdummy(t)) {
    unsigned int n = sizenode(t);
    for (i -= asize; i < n; i++) {
      Node *nd = gnode(t, i);
      if (nd->val_tt != T_NIL) {
        getnodekey(S, s2v(key), nd);
        setobj2s(S, key + 1, gval(nd));
        return 1;
      }
    }
  }
  return 0;
}
