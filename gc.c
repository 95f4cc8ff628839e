/*
** gc.c — memory and the generational garbage collector.
**
** Young generation: one contiguous nursery. Allocation bumps nursery_free
** up to nursery_top. Tables, closures and upvalues are born there. When the
** nursery fills, the allocator keeps going into a reserve tail (still young)
** and requests a collection; how much it takes before that (its budget)
** follows the size of the old space (nursery_settop). The collection
** itself only runs at the next GC
** safe point (gc_check), never inside an allocation, so C code may hold raw
** young pointers between safe points (see internal.h, "the moving-GC rule").
**
** Minor collection: every live young object is copied into the old space
** (promotion; there is no survivor space), found from the precise roots:
** the main thread's stack, the registry, the basic-type metatables and the
** remembered set (old objects that were given young references, including
** threads that ran since the last collection). The cost is proportional to
** the live young data plus the remembered set. Young tables that own
** malloc'd parts and die are found through the young_parts list.
**
** Old space: objects allocated with mimalloc (big blocks: their own
** mappings, see rawalloc) and linked on allgc. A major
** collection (triggered when the bytes allocated outside the nursery pass a
** threshold, Lua-style pause) first empties the nursery with a minor
** collection, then marks from the roots and sweeps allgc.
**
** Write barrier (gc_barrier): storing a young reference into an old object
** puts the object in the remembered set once (GCF_REMEMBERED).
**
** Stress mode: collect at every safe point (a major collection every 256th)
** and poison the evacuated nursery so a stale young pointer crashes at once.
*/
#define _GNU_SOURCE /* mremap */
#include <mimalloc.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "internal.h"
#include "jit.h"

#define POISON_BYTE 0xA5
#define STRESS_FINWAIT 20000 /* see gc_step */

/* ======================================================================
** Raw memory with accounting
** ====================================================================== */

/* Counts `grow` more bytes (in total, in the peak, among those allocated)
** and asks for a collection once the threshold is passed. */
static void addallocated(Global *g, size_t grow) {
  gc_addbytes(g, (ptrdiff_t)grow);
  g->old_allocated += grow;
  if (g->total_bytes > g->old_threshold) g->gcrequest = 1;
}

/* Every memory error asks for a full collection: the protected call that
** catches it runs it (do_pcall), before the program allocates again. */
void mem_error(vm_State *S) {
  G(S)->gcemergency = G(S)->gcrequest = 1;
  do_throw(S, VM_ERRMEM);
}

static void reserve_check(vm_State *S);

/* Before the program's allocations grow by `grow` bytes: past the state's
** memory limit they fail (and the next safe point collects everything
** it can); so while the collector's reserve is lost (below). */
static void gc_checklimit(vm_State *S, size_t grow) {
  Global *g = G(S);
  if (l_unlikely(g->memlimit != 0 && g->total_bytes + grow > g->memlimit)) mem_error(S);
  if (l_unlikely(g->gcreserve == NULL)) reserve_check(S);
}

void mem_toobig(vm_State *S) {
  dbg_runerror(S, "memory allocation error: block too big");
}

/* Big blocks (BIGBLOCK bytes and up: large arrays and hash parts,
** strings, buffers, stacks) get their own mapping, as glibc's malloc does:
** freeing one gives its pages back to the system, and growing one moves
** page tables instead of copying (mremap). mimalloc keeps freed pages for
** reuse, which for a 4 MiB array grown and dropped over and over held
** twice its size; and it keeps the pages of every size class that was
** ever busy, so blocks of 16-64 KiB (a buffer or a hash part growing
** through each size, freed soon after) left hash_map 5.7-6.6 MB resident
** for a 1.2 MB heap. From 16 KiB up (4.7-5.3 MB there) the mmap and
** munmap calls cost no measurable time. The biggest few mappings freed
** (BIGCACHE_SLOTS, each for up to 32 MiB of payload or as big as the rest
** of the heap) are kept for the next big blocks, and for big blocks that
** grow past their mapping (copied there rather than faulting new pages
** in), so a program that drops and rebuilds big arrays each round does
** not fault their pages in again each time (glibc's dynamic mmap
** threshold, up to 32 MiB, does the same). Where page faults are dear,
** 2^20 slots built 20 times took 1.2 s against lua5.4's 0.25 s with one
** mapping of at most 8 MiB kept (a limit an array of 2^19 slots passed by
** its header), and table_heavy 0.28 s against 0.19 s now. A header
** before the block holds its mapping's length; 0 there means the block
** came from mimalloc after all (mmap failed: the system's limit on
** mappings). Big and small blocks are told apart by the size the caller
** passes back, which the byte accounting already requires to be exact. */
static int isbig(size_t size) { return size >= BIGBLOCK; }

static size_t maplength(size_t size) {
  size = size + sizeof(BigHeader) + BIGBLOCK_PAGE - 1;
  return size & ~(size_t)(BIGBLOCK_PAGE - 1);
}

static BigHeader *bigheader(void *block) { return (BigHeader *)block - 1; }

/* mmap, except that the debug build (TIDE_ASSERT) fails it when
** TIDE_TEST_NOMMAP=1, so test-debug runs the mimalloc fallback. */
static void *mapanon(size_t len) {
#ifdef TIDE_ASSERT
  const char *e = getenv("TIDE_TEST_NOMMAP");
  if (e != NULL && e[0] == '1') return MAP_FAILED;
#endif
  return mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

/* The smallest kept mapping of at least len bytes, taken out of the
** cache, or NULL */
static BigHeader *bigcached(Global *g, size_t len) {
  BigHeader *h;
  int k, best = -1;
  for (k = 0; k < BIGCACHE_SLOTS; k++)
    if (g->bigcache[k] != NULL && g->bigcache[k]->maplen >= len &&
        (best < 0 || g->bigcache[k]->maplen < g->bigcache[best]->maplen))
      best = k;
  if (best < 0) return NULL;
  h = g->bigcache[best];
  g->bigcache[best] = NULL;
  return h;
}

static void *bigmap(Global *g, size_t size) {
  size_t len = maplength(size);
  BigHeader *h = bigcached(g, len);
  if (h == NULL) {
    h = mapanon(len);
    if (h != MAP_FAILED) {
      h->maplen = len;
    } else {
      h = mi_malloc(sizeof(BigHeader) + size);
      if (h == NULL) return NULL;
      h->maplen = 0;
    }
  }
  return h + 1;
}

static void bigunmap(Global *g, void *block) {
  BigHeader *h = bigheader(block);
  if (h->maplen == 0) {
    mi_free(h);
    return;
  }
  /* (total_bytes still counts this block: compare with the rest) */
  size_t rest = g->total_bytes > h->maplen ? g->total_bytes - h->maplen : 0;
  int k, small = 0;
  if (h->maplen <= maplength(BIGCACHE_ANY) || h->maplen <= rest) {
    /* kept in a free place, or in place of the smallest kept if smaller */
    for (k = 0; k < BIGCACHE_SLOTS; k++) {
      if (g->bigcache[k] == NULL) {
        small = k;
        break;
      }
      if (g->bigcache[k]->maplen < g->bigcache[small]->maplen) small = k;
    }
    if (g->bigcache[small] == NULL || g->bigcache[small]->maplen < h->maplen) {
      BigHeader *old = g->bigcache[small];
      g->bigcache[small] = h;
      if (old == NULL) return;
      h = old;
    }
  }
  munmap(h, h->maplen);
}

/* The cached mappings go back to the system */
static void bigcache_drop(Global *g) {
  int k;
  for (k = 0; k < BIGCACHE_SLOTS; k++) {
    if (g->bigcache[k] != NULL) munmap(g->bigcache[k], g->bigcache[k]->maplen);
    g->bigcache[k] = NULL;
  }
}

static void *rawalloc(Global *g, size_t size) {
  return isbig(size) ? bigmap(g, size) : mi_malloc(size);
}

static void rawfree(Global *g, void *block, size_t size) {
  if (isbig(size)) bigunmap(g, block);
  else mi_free(block);
}

static void *rawrealloc(Global *g, void *block, size_t osize, size_t nsize) {
  void *p;
  if (!isbig(osize) && !isbig(nsize)) return mi_realloc(block, nsize);
  if (isbig(osize) && isbig(nsize)) {
    BigHeader *h = bigheader(block);
    size_t len = maplength(nsize);
    if (h->maplen == 0) { /* from mimalloc */
      h = mi_realloc(h, sizeof(BigHeader) + nsize);
      return h == NULL ? NULL : h + 1;
    }
    /* a cached mapping may be longer than asked: growing may fit in it;
    ** shrinking gives pages back only when it halves the mapping */
    if (h->maplen >= len && (nsize >= osize || h->maplen / 2 < len)) return block;
    if (nsize > osize && (h = bigcached(g, len)) != NULL) {
      /* copying into pages in use already costs less than faulting new
      ** ones in, and the old mapping is kept in turn */
      memcpy(h + 1, block, osize);
      bigunmap(g, block);
      return h + 1;
    }
    h = bigheader(block);
#ifdef MREMAP_MAYMOVE
    h = mremap(h, h->maplen, len, MREMAP_MAYMOVE);
    if (h == MAP_FAILED) return NULL;
    h->maplen = len;
    return h + 1;
#endif
  }
  p = rawalloc(g, nsize);
  if (p == NULL) return NULL;
  memcpy(p, block, osize < nsize ? osize : nsize);
  rawfree(g, block, osize);
  return p;
}

/* For callers that must not raise (the stack: it has to be put back in
** order first) and count the bytes themselves. */
void *mem_rawrealloc(Global *g, void *block, size_t osize, size_t nsize) {
  return block == NULL ? rawalloc(g, nsize) : rawrealloc(g, block, osize, nsize);
}

void mem_rawfree(Global *g, void *block, size_t size) { rawfree(g, block, size); }

void *mem_alloc(vm_State *S, size_t size) {
  void *p;
  if (size == 0) return NULL;
  gc_checklimit(S, size);
  p = rawalloc(G(S), size);
  if (l_unlikely(p == NULL)) mem_error(S);
  addallocated(G(S), size);
  return p;
}

void *mem_realloc(vm_State *S, void *block, size_t osize, size_t nsize) {
  Global *g = G(S);
  void *p;
  if (nsize == 0) {
    mem_free(S, block, osize);
    return NULL;
  }
  if (nsize > osize) gc_checklimit(S, nsize - osize);
  p = mem_rawrealloc(g, block, osize, nsize);
  if (l_unlikely(p == NULL)) mem_error(S);
  if (nsize > osize) addallocated(g, nsize - osize);
  else g->total_bytes -= osize - nsize;
  return p;
}

void mem_free(vm_State *S, void *block, size_t osize) {
  if (block == NULL) return;
  rawfree(G(S), block, osize);
  G(S)->total_bytes -= osize;
}

#define MINSIZEARRAY 4

void *mem_growaux(vm_State *S, void *block, int nelems, int *psize, int size_elem,
                  int limit, const char *what) {
  int size = *psize;
  void *newblock;
  if (nelems + 1 <= size) return block;
  if (size >= limit / 2) {
    if (l_unlikely(size >= limit))
      dbg_runerror(S, "too many %s (limit is %d)", what, limit);
    size = limit;
  } else {
    size *= 2;
    if (size < MINSIZEARRAY) size = MINSIZEARRAY;
  }
  newblock = mem_realloc(S, block, (size_t)*psize * (size_t)size_elem,
                         (size_t)size * (size_t)size_elem);
  *psize = size;
  return newblock;
}

void *mem_shrinkvector(vm_State *S, void *block, int *size, int final_n, int size_elem) {
  size_t oldsize = (size_t)*size * (size_t)size_elem;
  size_t newsize = (size_t)final_n * (size_t)size_elem;
  void *newblock = mem_realloc(S, block, oldsize, newsize);
  *size = final_n;
  return newblock;
}

/* ----------------------------------------------------------------------
** The collector's reserve. A collection allocates (the young objects it
** promotes, its lists) and cannot fail halfway: objects are half moved.
** So each state holds back address space (mapped, never touched: no
** memory) as large as the most one collection needs, and gives it back
** when an allocation of the collector fails: under an address-space limit
** (ulimit -v, a container's) the collection then finishes. While the
** reserve is lost, the program's own allocations fail ("not enough
** memory") until a collection has freed enough to take it again.
** ---------------------------------------------------------------------- */

/* The nursery copied out twice over (size classes, the promoted copies'
** rounding) and the allocator's segments for them */
#define GCRESERVE_SLOP (64u << 20)

static int reserve_take(Global *g) {
  void *p;
  if (g->gcreserve != NULL) return 1;
  p = mmap(NULL, g->gcreserve_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return 0;
  g->gcreserve = p;
  return 1;
}

static void nursery_settop(Global *g);

/* (every young allocation takes the slow path while it is lost) */
static void reserve_release(Global *g) {
  if (g->gcreserve == NULL) return;
  munmap(g->gcreserve, g->gcreserve_len);
  g->gcreserve = NULL;
  nursery_settop(g);
}

/* After a collection freed memory, or before the program allocates with
** the reserve lost: the allocator gives its free pages back first */
static int reserve_retake(Global *g) {
  if (g->gcreserve != NULL) return 1;
  mi_collect(true);
  bigcache_drop(g);
  if (!reserve_take(g)) return 0;
  nursery_settop(g);
  return 1;
}

/* The program allocates: not while the reserve is lost and cannot be taken
** again (a full collection is asked for, which may free enough) */
static void reserve_check(vm_State *S) {
  Global *g = G(S);
  if (l_likely(g->gcreserve != NULL) || reserve_retake(g)) return;
  mem_error(S);
}

/* Memory the collector itself needs while collecting, from the reserve if
** need be; failing even then is fatal. */
static l_noinline void *gcmem_retry(Global *g, void *block, size_t n) {
  void *p = NULL;
  if (g->gcreserve != NULL) {
    reserve_release(g);
    p = mi_realloc(block, n);
  }
  if (p == NULL) {
    fprintf(stderr, "tide: out of memory during garbage collection\n");
    abort();
  }
  return p;
}

static inline void *gcmem_grow(Global *g, void *block, size_t n) {
  void *p = mi_realloc(block, n);
  return l_likely(p != NULL) ? p : gcmem_retry(g, block, n);
}

static void vec_push(Global *g, GCVec *v, GCObject *o) {
  if (l_unlikely(v->n == v->size)) {
    v->size = v->size ? v->size * 2 : 64;
    v->items = gcmem_grow(g, v->items, v->size * sizeof(GCObject *));
  }
  v->items[v->n++] = o;
}

static void vec_free(GCVec *v) {
  mi_free(v->items);
  v->items = NULL;
  v->n = v->size = 0;
}

/* ======================================================================
** Object sizes and allocation
** ====================================================================== */

static size_t objsize(GCObject *o) {
  switch (o->tt) {
    case T_SHRSTR:
    case T_LNGSTR: return offsetof(TString, contents) + gco2ts(o)->len + 1;
    case T_TABLE: return sizeof(Table);
    case T_LCL: return sizeLclosure(clnup((LClosure *)o));
    case T_CCL: return sizeCclosure(clnup((CClosure *)o));
    case T_UPVAL: return sizeof(UpVal);
    case T_UDATA: {
      Udata *u = (Udata *)o;
      return sizeudata(u->nuvalue, u->len);
    }
    case T_THREAD: return sizeof(vm_State);
    case T_PROTO: return sizeof(Proto);
    default: vm_assert(0); return 0;
  }
}

#define ALIGN16(n) (((n) + 15) & ~(size_t)15)

static void initheader(Global *g, GCObject *o, int tt, uint8_t flags) {
  o->tt = (uint8_t)tt;
  o->gcflags = flags;
  o->u8 = 0;
  o->u8b = 0;
  o->id = g->next_id++;
  o->gcnext = NULL;
}

/* ======================================================================
** Allocation sampling
** ====================================================================== */

/* The sample point is installed as nursery_top, so the young fast path is
** the same instructions with sampling on or off: crossing it lands in the
** slow path, which reports the sample and moves the point on. Old-space
** allocations count down the same budget directly. A rate larger than the
** nursery works because the remaining budget carries across collections. */

/* A build with -DTIDE_NO_SAMPLER has no sampling code at all (only for
** measuring that sampling costs nothing while off: `make bench` compares
** instruction counts); vm_setallocsampler then does nothing. */
#ifdef TIDE_NO_SAMPLER
#define sampling(g) 0
#else
#define sampling(g) ((g)->sample_rate != 0)
#endif

/* Charges the young bytes allocated since sample_base to the budget. */
static void sample_settle(Global *g) {
  size_t used = (size_t)(g->nursery_free - g->sample_base);
  g->sample_left = used < g->sample_left ? g->sample_left - used : 0;
  g->sample_base = g->nursery_free;
}

/* The fast path succeeds only for allocations strictly below the point,
** so the one that reaches it (size >= sample_left) takes the slow path. */
static void sample_settop(Global *g) {
  char *top = g->nursery_softtop;
  if (sampling(g) && g->nursery_free <= top &&
      g->sample_left <= (size_t)(top - g->nursery_free))
    top = g->nursery_free + (g->sample_left > 0 ? g->sample_left - 1 : 0);
  g->nursery_top = top;
}

/* Charges an allocation of `size` bytes; returns 1 if it takes a sample.
** The bytes past the sample point count toward the next one, so samples
** fall at every multiple of the rate in the allocation stream and each
** object is sampled with a chance proportional to its size (restarting
** the budget at each sample would let a repeating pattern of allocations
** hide some objects from sampling altogether). */
static int sample_charge(Global *g, size_t size) {
  sample_settle(g);
  if (size >= g->sample_left) {
    g->sample_left = g->sample_rate - (size - g->sample_left) % g->sample_rate;
    return 1;
  }
  g->sample_left -= size;
  return 0;
}

void vm_setallocsampler(vm_State *S, size_t rate, vm_AllocSampleHook hook, void *ud) {
  Global *g = G(S);
#ifdef TIDE_NO_SAMPLER
  hook = NULL;
#endif
  g->sample_rate = (hook != NULL) ? rate : 0;
  /* the hook reads frames, which compiled traces do not keep current
  ** while they allocate: they go (and recording allocates no more) */
  if (hook != NULL) jit_flush(g);
  g->sample_hook = hook;
  g->sample_ud = ud;
  g->sample_left = g->sample_rate;
  g->sample_base = g->nursery_free;
  sample_settop(g);
}

/* ======================================================================
** Allocation
** ====================================================================== */

static GCObject *allocold(vm_State *S, int tt, size_t size) {
  Global *g = G(S);
  GCObject *o = (GCObject *)mem_alloc(S, size);
  initheader(g, o, tt, GCF_OLD);
  o->gcnext = g->allgc;
  g->allgc = o;
  return o;
}

GCObject *gc_newold(vm_State *S, int tt, size_t size) {
  Global *g = G(S);
  GCObject *o = allocold(S, tt, size);
  if (sampling(g)) {
    int sampled = sample_charge(g, size);
    g->sample_base = g->nursery_free;
    sample_settop(g);
    if (sampled) g->sample_hook(S, g->sample_ud, size, tag2type[tt]);
  }
  return o;
}

/* The nursery's budget follows the old space: a minor collection after
** allocating about half as many bytes as the old space holds, between
** NURSERY_MIN and the nursery's size. A small heap then touches (and keeps
** resident) only a small part of the nursery, and a big one collects
** rarely enough that most young objects die before it. */
static void nursery_settop(Global *g) {
  size_t budget = g->old_live / 2;
  if (budget < NURSERY_MIN) budget = NURSERY_MIN;
  if (budget > g->nursery_size) budget = g->nursery_size;
  g->nursery_budget = budget;
  /* stress mode: every young allocation takes the slow path (into the
  ** reserve tail); so while the collector's reserve is lost */
  g->nursery_softtop = g->gcstress || g->gcreserve == NULL ? g->nursery_start : g->nursery_start + budget;
  sample_settop(g);
}

/* The young slow path: a sample point was crossed, the nursery is full, or
** the object is large. A full nursery asks for a collection at the next
** safe point and keeps allocating meanwhile: into the reserve tail, then
** into the old space. Kept out of line, so that the fast path in
** gc_newyoung stays a few instructions without register saves (inlined,
** it cost 6 instructions per allocation). */
static l_noinline GCObject *youngslow(vm_State *S, int tt, size_t size) {
  Global *g = G(S);
  char *p = g->nursery_free;
  GCObject *o;
  int sampled = 0;
  if (l_unlikely(g->gcreserve == NULL)) reserve_check(S);
  if (sampling(g)) sampled = sample_charge(g, size);
  if ((ptrdiff_t)size <= g->nursery_softtop - p) { /* only the sample point was in the way */
    g->nursery_free = p + size;
    o = (GCObject *)p;
    initheader(g, o, tt, 0);
  } else if (size <= MAX_YOUNG_OBJECT && (ptrdiff_t)size <= g->nursery_end - p) {
    g->gcrequest = 1;
    g->nursery_free = p + size;
    o = (GCObject *)p;
    initheader(g, o, tt, 0);
  } else {
    if (size <= MAX_YOUNG_OBJECT) g->gcrequest = 1;
    /* born old: it may receive young references while being initialised,
    ** so it starts in the remembered set */
    o = allocold(S, tt, size);
    gc_remember(S, o);
  }
  if (sampling(g)) {
    g->sample_base = g->nursery_free; /* this object is already charged */
    sample_settop(g);
    if (sampled) g->sample_hook(S, g->sample_ud, size, tag2type[tt]);
  }
  return o;
}

GCObject *gc_newyoung(vm_State *S, int tt, size_t size) {
  Global *g = G(S);
  char *p = g->nursery_free;
  size = ALIGN16(size);
  /* signed: p may be past nursery_top (reserve in use; stress mode) */
  if (l_likely((ptrdiff_t)size <= g->nursery_top - p)) {
    GCObject *o = (GCObject *)p;
    g->nursery_free = p + size;
    initheader(g, o, tt, 0);
    return o;
  }
  return youngslow(S, tt, size);
}

void gc_remember(vm_State *S, GCObject *o) {
  Global *g = G(S);
  if (o->tt == T_TABLE && (o->gcflags & GCF_ARRAYDIRTY)) {
    /* already listed for an array range: now for all of it */
    o->gcflags = (uint8_t)((o->gcflags & ~GCF_ARRAYDIRTY) | GCF_REMEMBERED);
    return;
  }
  o->gcflags |= GCF_REMEMBERED;
  vec_push(g, &g->remembered, o);
}

/* Tables with an array part this big remember young stores by slot range. */
#define ARRAYRANGE_MIN 1024

void gc_tableslotslow(vm_State *S, Table *t, const TValue *slot, GCObject *v) {
  size_t off = (size_t)((uintptr_t)slot - (uintptr_t)t->array) / sizeof(TValue);
  uint32_t i;
  if (isold(v) || t->asize < ARRAYRANGE_MIN || off >= t->asize) {
    gc_barrierslow(S, obj2gco(t), v);
    return;
  }
  i = (uint32_t)off;
  if (t->gcflags & GCF_ARRAYDIRTY) {
    if (i < t->dirtylo) t->dirtylo = i;
    if (i >= t->dirtyhi) t->dirtyhi = i + 1;
  } else {
    t->gcflags |= GCF_ARRAYDIRTY;
    t->dirtylo = i;
    t->dirtyhi = i + 1;
    vec_push(G(S), &G(S)->remembered, obj2gco(t));
  }
}

void gc_fix(vm_State *S, GCObject *o) {
  UNUSED(S);
  vm_assert(isold(o));
  o->gcflags |= GCF_FIXED;
}

void gc_noteyoungparts(vm_State *S, Table *t) {
  vec_push(G(S), &G(S)->young_parts, obj2gco(t));
}

/* The malloc'd parts of young tables die with them, but only a minor
** collection frees them: their bytes count toward the nursery's size too,
** so a program making big short-lived arrays collects as often as one
** making many small tables (and does not hold megabytes of dead parts). */
void gc_youngpartsgrew(vm_State *S, size_t bytes) {
  Global *g = G(S);
  g->young_parts_bytes += bytes;
  if (g->young_parts_bytes > g->nursery_budget) g->gcrequest = 1;
}

/* An object gets a finalizer when a metatable with __gc is set on it
** (adding __gc to the metatable later does not count, as in Lua). */
void gc_checkfinalizer(vm_State *S, GCObject *o, Table *mt) {
  Global *g = G(S);
  if ((o->gcflags & GCF_FINALIZE) || g->closing || gfasttm(g, mt, TM_GC) == NULL) return;
  o->gcflags |= GCF_FINALIZE;
  vec_push(g, &g->finobj, o);
}

void gc_freeobj(vm_State *S, GCObject *o) {
  switch (o->tt) {
    case T_TABLE: tab_free(S, gco2t(o)); break;
    case T_PROTO: func_freeproto(S, (Proto *)o); return;
    case T_THREAD: thread_free(S, (vm_State *)o); return;
    default: break;
  }
  mem_free(S, o, objsize(o));
}

/* ======================================================================
** Minor collection: promote every live young object
** ====================================================================== */

static GCObject *promote(Global *g, GCObject *o) {
  size_t size;
  GCObject *n;
  if (o->gcflags & GCF_FORWARDED) return o->gcnext;
  size = objsize(o);
  n = (GCObject *)gcmem_grow(g, NULL, size);
  memcpy(n, o, size);
  gc_addbytes(g, (ptrdiff_t)size);
  g->promoted_bytes += size;
  n->gcflags = GCF_OLD | (o->gcflags & GCF_FINALIZE);
  n->gcnext = g->allgc;
  g->allgc = n;
  if (o->tt == T_UPVAL) {
    UpVal *ou = (UpVal *)o, *nu = (UpVal *)n;
    if (!upisopen(ou)) nu->v = &nu->u.value; /* closed: points into itself */
  }
  o->gcflags |= GCF_FORWARDED;
  o->gcnext = n;
  vec_push(g, &g->gray, n);
  return n;
}

#define fwdobj(g, o) (isold(o) ? (o) : promote(g, o))

static void fwdvalue(Global *g, TValue *v) {
  if (iscollectable(v) && !isold(gcvalue(v))) val_(v).gc = promote(g, gcvalue(v));
}

/* Values above the top of a thread's stack are dead; clear them so no
** stale young pointer is ever read there. */
static void clearstacktail(vm_State *th) {
  StkId o;
  for (o = th->top; o < th->stack_last + EXTRA_STACK; o++) setnilvalue(s2v(o));
}

static void fwdthread(Global *g, vm_State *th) {
  StkId o;
  UpVal **pu;
  if (th->stack == NULL) return; /* not fully built yet */
  for (o = th->stack; o < th->top; o++) fwdvalue(g, s2v(o));
  clearstacktail(th);
  for (pu = &th->openupval; *pu != NULL; pu = &(*pu)->u.open.next)
    *pu = (UpVal *)fwdobj(g, obj2gco(*pu));
}

/* Runs f(g, v) on each value v of table t's array part that may be
** collectable: the tags are looked at four at a time, since arrays of
** numbers or booleans, often big, hold none (a minor collection promoting
** a young array of 200,000 booleans spent 6 instructions a slot) */
#define forarraygc(g, t, f) \
  do { \
    TValue *p_ = (t)->array, *e_ = p_ + (t)->asize; \
    for (; e_ - p_ >= 4; p_ += 4) \
      if ((rawtt(p_) >= T_SHRSTR) | (rawtt(p_ + 1) >= T_SHRSTR) | (rawtt(p_ + 2) >= T_SHRSTR) | \
          (rawtt(p_ + 3) >= T_SHRSTR)) { \
        f(g, p_); f(g, p_ + 1); f(g, p_ + 2); f(g, p_ + 3); \
      } \
    for (; p_ < e_; p_++) f(g, p_); \
  } while (0)

/* Updates every young reference held by object o (already old). */
static void fwdfields(Global *g, GCObject *o) {
  switch (o->tt) {
    case T_TABLE: {
      Table *t = gco2t(o);
      unsigned i, n;
      if (t->metatable) t->metatable = (Table *)fwdobj(g, obj2gco(t->metatable));
      forarraygc(g, t, fwdvalue);
      if (!isdummy(t)) {
        n = sizenode(t);
        for (i = 0; i < n; i++) {
          Node *nd = gnode(t, i);
          fwdvalue(g, gval(nd));
          if (keyiscollectable(nd) && !isold(nd->key_val.gc))
            nd->key_val.gc = promote(g, nd->key_val.gc);
        }
      }
      break;
    }
    case T_LCL: {
      LClosure *cl = (LClosure *)o;
      int i;
      for (i = 0; i < clnup(cl); i++)
        if (cl->upvals[i]) cl->upvals[i] = (UpVal *)fwdobj(g, obj2gco(cl->upvals[i]));
      break;
    }
    case T_CCL: {
      CClosure *cl = (CClosure *)o;
      int i;
      for (i = 0; i < clnup(cl); i++) fwdvalue(g, &cl->upvalue[i]);
      break;
    }
    case T_UPVAL: {
      UpVal *uv = (UpVal *)o;
      if (upisopen(uv)) {
        if (uv->u.open.next) uv->u.open.next = (UpVal *)fwdobj(g, obj2gco(uv->u.open.next));
      } else {
        fwdvalue(g, &uv->u.value);
      }
      break;
    }
    case T_UDATA: {
      Udata *u = (Udata *)o;
      int i;
      if (u->metatable) u->metatable = (Table *)fwdobj(g, obj2gco(u->metatable));
      for (i = 0; i < u->nuvalue; i++) fwdvalue(g, &u->uv[i]);
      break;
    }
    case T_THREAD: fwdthread(g, (vm_State *)o); break;
    default: break; /* strings and prototypes hold no young references */
  }
}

static void fwdroots(Global *g) {
  int i;
  fwdthread(g, g->mainthread);
  fwdvalue(g, &g->registry);
  for (i = 0; i < VM_NUMTYPES; i++)
    if (g->mt[i]) g->mt[i] = (Table *)fwdobj(g, obj2gco(g->mt[i]));
}

/* Queue objects for finalization, newest registration first (Lua calls
** finalizers in the reverse order of marking). `dead` lists them oldest
** first. */
static void queuefinalizers(Global *g, GCObject **dead, size_t n) {
  while (n > 0) {
    GCObject *o = dead[--n];
    o->gcflags &= (uint8_t)~GCF_FINALIZE;
    vec_push(g, &g->tobefnz, o);
  }
}

/* Minor collection: a young finalizable object that was not reached is
** resurrected (promoted) and queued; reached ones get their new address.
** While closing, every registered object stays in the list, in order. */
static void separateyoung(Global *g) {
  GCVec *f = &g->finobj;
  size_t i, j = 0, ndead = 0;
  GCObject **dead = NULL;
  for (i = 0; i < f->n; i++) {
    GCObject *o = f->items[i];
    if (isold(o)) {
      f->items[j++] = o;
    } else if (o->gcflags & GCF_FORWARDED) {
      f->items[j++] = o->gcnext;
    } else if (g->closing) {
      f->items[j++] = promote(g, o);
    } else {
      if (dead == NULL) dead = gcmem_grow(g, NULL, sizeof(GCObject *) * (f->n - i));
      dead[ndead++] = promote(g, o);
    }
  }
  f->n = j;
  if (ndead) queuefinalizers(g, dead, ndead);
  mi_free(dead);
}

/* Major collection: unmarked finalizable objects are queued and marked
** (with everything they reach) so they survive until their __gc ran. */
static void separateold(Global *g) {
  GCVec *f = &g->finobj;
  size_t i, j = 0, ndead = 0;
  GCObject **dead = NULL;
  for (i = 0; i < f->n; i++) {
    GCObject *o = f->items[i];
    if (o->gcflags & GCF_MARK) {
      f->items[j++] = o;
    } else {
      if (dead == NULL) dead = gcmem_grow(g, NULL, sizeof(GCObject *) * (f->n - i));
      dead[ndead++] = o;
    }
  }
  f->n = j;
  if (ndead) queuefinalizers(g, dead, ndead);
  mi_free(dead);
}

static void markobj(Global *g, GCObject *o);

void gc_minor(vm_State *S) {
  Global *g = G(S);
  size_t i;
  if (g->strt.count > g->strt.peak) g->strt.peak = g->strt.count; /* (str_shrink) */
  g->gcstopem = 1;
  g->gray.n = 0;
  fwdroots(g);
  if (S != g->mainthread) fwdthread(g, S); /* the running coroutine */
  for (i = 0; i < g->remembered.n; i++) {
    GCObject *o = g->remembered.items[i];
    if (o->gcflags & GCF_ARRAYDIRTY) { /* only a range of its array */
      Table *t = gco2t(o);
      uint32_t j, hi = t->dirtyhi < t->asize ? t->dirtyhi : t->asize;
      o->gcflags &= (uint8_t)~GCF_ARRAYDIRTY;
      for (j = t->dirtylo; j < hi; j++) fwdvalue(g, &t->array[j]);
      /* a marked table must not refer to the (unmarked) promoted ones */
      if (g->gcstate == GCS_MARK && (o->gcflags & GCF_MARK))
        for (j = t->dirtylo; j < hi; j++)
          if (iscollectable(&t->array[j])) markobj(g, gcvalue(&t->array[j]));
      continue;
    }
    o->gcflags &= (uint8_t)~GCF_REMEMBERED;
    fwdfields(g, o);
    /* it skipped the barrier while remembered: rescan it */
    if (g->gcstate == GCS_MARK && (o->gcflags & GCF_MARK)) vec_push(g, &g->markgray, o);
  }
  g->remembered.n = 0;
  while (g->gray.n > 0) fwdfields(g, g->gray.items[--g->gray.n]);
  separateyoung(g);
  while (g->gray.n > 0) fwdfields(g, g->gray.items[--g->gray.n]);
  /* young tables that died release their malloc'd parts */
  for (i = 0; i < g->young_parts.n; i++) {
    GCObject *o = g->young_parts.items[i];
    if (!(o->gcflags & GCF_FORWARDED)) tab_free(S, gco2t(o));
  }
  g->young_parts.n = 0;
  g->young_parts_bytes = 0;
  if (g->gcstress)
    memset(g->nursery_start, POISON_BYTE, (size_t)(g->nursery_free - g->nursery_start));
  if (sampling(g)) sample_settle(g); /* the budget carries over */
  g->young_allocated += (uint64_t)(g->nursery_free - g->nursery_start);
  g->nursery_free = g->sample_base = g->nursery_start;
  nursery_settop(g);
  g->minor_count++;
  g->gcstopem = 0;
  /* the running thread keeps writing young values into its stack */
  gc_threadbarrier(S, S);
}

/* ======================================================================
** Major collection: mark and sweep the old space
** ====================================================================== */

/* Young objects are not marked: the atomic phase promotes the live ones,
** which queues them. */
static void markobj(Global *g, GCObject *o) {
  if ((o->gcflags & (GCF_MARK | GCF_OLD)) != GCF_OLD) return;
  o->gcflags |= GCF_MARK;
  if (o->tt == T_SHRSTR || o->tt == T_LNGSTR) return; /* no children */
  vec_push(g, &g->markgray, o);
}

#define markvalue(g, v) { if (iscollectable(v)) markobj(g, gcvalue(v)); }

void gc_barrierslow(vm_State *S, GCObject *o, GCObject *v) {
  if (!isold(v)) gc_remember(S, o);
  else if (o->gcflags & GCF_MARK) markobj(G(S), v); /* marking: keep the invariant */
}

static void markthread(Global *g, vm_State *th) {
  StkId o;
  UpVal *uv;
  if (th->stack == NULL) return;
  for (o = th->stack; o < th->top; o++) markvalue(g, s2v(o));
  clearstacktail(th);
  for (uv = th->openupval; uv != NULL; uv = uv->u.open.next) markobj(g, obj2gco(uv));
}

static void markproto(Global *g, Proto *f) {
  int i;
  if (f->source) markobj(g, obj2gco(f->source));
  for (i = 0; i < f->sizek; i++) markvalue(g, &f->k[i]);
  for (i = 0; i < f->sizeupvalues; i++)
    if (f->upvalues[i].name) markobj(g, obj2gco(f->upvalues[i].name));
  for (i = 0; i < f->sizep; i++)
    if (f->p[i]) markobj(g, obj2gco(f->p[i]));
  for (i = 0; i < f->sizelocvars; i++)
    if (f->locvars[i].varname) markobj(g, obj2gco(f->locvars[i].varname));
}

/* ----------------------------------------------------------------------
** Weak tables. Only major collections treat weak references as weak: a
** minor collection promotes whatever a weak table refers to, so a young
** object held only weakly lives until the next major collection (a full
** `collectgarbage()` always clears it). Marking puts each weak table on
** one of three lists; ephemerons (weak keys, strong values) mark a value
** only once its key is marked, repeated until nothing changes; then the
** entries whose weak side was not marked are removed. Strings are values,
** not objects, for this purpose: they are never removed.
** ---------------------------------------------------------------------- */

#define WEAK_KEYS 1
#define WEAK_VALUES 2

static int weakmode(Global *g, Table *t) {
  const TValue *mode;
  int m = 0;
  if (t->metatable == NULL) return 0;
  mode = gfasttm(g, t->metatable, TM_MODE);
  if (mode != NULL && ttisstring(mode)) {
    const char *s = getstr(tsvalue(mode));
    if (strchr(s, 'k')) m |= WEAK_KEYS;
    if (strchr(s, 'v')) m |= WEAK_VALUES;
  }
  return m;
}

/* An entry whose value is empty no longer keeps its key alive. */
static void clearkey(Node *n) {
  if (keyiscollectable(n)) n->key_tt = T_DEADKEY;
}

/* Whether a weak reference to o is to be removed: o was not marked.
** Strings are marked instead (they are values). */
static int iscleared(Global *g, GCObject *o) {
  if (o->tt == T_SHRSTR || o->tt == T_LNGSTR) {
    markobj(g, o);
    return 0;
  }
  return !(o->gcflags & GCF_MARK);
}

#define valiscleared(g, v) (iscollectable(v) && iscleared(g, gcvalue(v)))

/* Marks the values of an ephemeron whose keys are marked; returns whether
** it marked anything new. */
static int markephemeron(Global *g, Table *t) {
  unsigned i, n = sizenode(t);
  int marked = 0;
  if (isdummy(t)) return 0;
  for (i = 0; i < n; i++) {
    Node *nd = gnode(t, i);
    TValue *v = gval(nd);
    if (ttisnil(v)) {
      clearkey(nd);
    } else if (!(keyiscollectable(nd) && iscleared(g, nd->key_val.gc)) &&
               iscollectable(v) && !(gcvalue(v)->gcflags & GCF_MARK)) {
      markobj(g, gcvalue(v));
      marked = 1;
    }
  }
  return marked;
}

static void marktable(Global *g, Table *t) {
  unsigned i, n;
  int mode = weakmode(g, t);
  if (t->metatable) markobj(g, obj2gco(t->metatable));
  if (!(mode & WEAK_VALUES)) /* array keys are integers: never weak */
    forarraygc(g, t, markvalue);
  switch (mode) {
    case WEAK_KEYS:
      vec_push(g, &g->ephemerons, obj2gco(t));
      markephemeron(g, t);
      return;
    case WEAK_VALUES: vec_push(g, &g->weakvalues, obj2gco(t)); break;
    case WEAK_KEYS | WEAK_VALUES: vec_push(g, &g->allweak, obj2gco(t)); break;
    default: break;
  }
  if (isdummy(t)) return;
  n = sizenode(t);
  for (i = 0; i < n; i++) {
    Node *nd = gnode(t, i);
    if (ttisnil(gval(nd))) {
      clearkey(nd);
      continue;
    }
    if (!(mode & WEAK_KEYS) && keyiscollectable(nd)) markobj(g, nd->key_val.gc);
    if (!(mode & WEAK_VALUES)) markvalue(g, gval(nd));
  }
}

static void propagateall(Global *g);

/* Marks ephemeron values until no more keys become marked. */
static void convergeephemerons(Global *g) {
  int changed;
  do {
    size_t i;
    changed = 0;
    for (i = 0; i < g->ephemerons.n; i++) {
      if (markephemeron(g, gco2t(g->ephemerons.items[i]))) {
        propagateall(g);
        changed = 1;
      }
    }
  } while (changed);
}

static void clearbyvalues(Global *g, GCVec *list) {
  size_t k;
  for (k = 0; k < list->n; k++) {
    Table *t = gco2t(list->items[k]);
    unsigned i, n;
    for (i = 0; i < t->asize; i++)
      if (valiscleared(g, &t->array[i])) setnilvalue(&t->array[i]);
    if (isdummy(t)) continue;
    n = sizenode(t);
    for (i = 0; i < n; i++) {
      Node *nd = gnode(t, i);
      if (valiscleared(g, gval(nd))) setnilvalue(gval(nd));
      if (ttisnil(gval(nd))) clearkey(nd);
    }
  }
}

static void clearbykeys(Global *g, GCVec *list) {
  size_t k;
  for (k = 0; k < list->n; k++) {
    Table *t = gco2t(list->items[k]);
    unsigned i, n;
    if (isdummy(t)) continue;
    n = sizenode(t);
    for (i = 0; i < n; i++) {
      Node *nd = gnode(t, i);
      if (keyiscollectable(nd) && iscleared(g, nd->key_val.gc)) setnilvalue(gval(nd));
      if (ttisnil(gval(nd))) clearkey(nd);
    }
  }
}

static void markfields(Global *g, GCObject *o) {
  switch (o->tt) {
    case T_TABLE: marktable(g, gco2t(o)); break;
    case T_LCL: {
      LClosure *cl = (LClosure *)o;
      int i;
      markobj(g, obj2gco(cl->p));
      for (i = 0; i < clnup(cl); i++)
        if (cl->upvals[i]) markobj(g, obj2gco(cl->upvals[i]));
      break;
    }
    case T_CCL: {
      CClosure *cl = (CClosure *)o;
      int i;
      for (i = 0; i < clnup(cl); i++) markvalue(g, &cl->upvalue[i]);
      break;
    }
    case T_UPVAL: {
      UpVal *uv = (UpVal *)o;
      if (upisopen(uv)) {
        if (uv->u.open.next) markobj(g, obj2gco(uv->u.open.next));
      } else {
        markvalue(g, &uv->u.value);
      }
      break;
    }
    case T_UDATA: {
      Udata *u = (Udata *)o;
      int i;
      if (u->metatable) markobj(g, obj2gco(u->metatable));
      for (i = 0; i < u->nuvalue; i++) markvalue(g, &u->uv[i]);
      break;
    }
    case T_THREAD: markthread(g, (vm_State *)o); break;
    case T_PROTO: markproto(g, (Proto *)o); break;
    default: break;
  }
}

static void propagateall(Global *g) {
  while (g->markgray.n > 0) markfields(g, g->markgray.items[--g->markgray.n]);
}

static void markpending(Global *g) {
  size_t i;
  for (i = g->tobefnz_head; i < g->tobefnz.n; i++) markobj(g, g->tobefnz.items[i]);
}

/* The roots: the main thread and the running one, the registry, the
** basic types' metatables, the metamethod names, the objects whose
** finalizers are pending. */
static void markroots(vm_State *S) {
  Global *g = G(S);
  int i;
  markthread(g, g->mainthread);
  if (S != g->mainthread) markthread(g, S);
  markvalue(g, &g->registry);
  for (i = 0; i < VM_NUMTYPES; i++)
    if (g->mt[i]) markobj(g, obj2gco(g->mt[i]));
  for (i = 0; i < TM_N; i++)
    if (g->tmname[i]) markobj(g, obj2gco(g->tmname[i]));
  markpending(g);
}

/* Roughly the bytes a traversal or a sweep of o touches: the unit of
** incremental work. */
static size_t workof(GCObject *o) {
  size_t n = objsize(o);
  if (o->tt == T_TABLE) {
    Table *t = gco2t(o);
    n += (size_t)t->asize * sizeof(TValue);
    if (!isdummy(t)) n += (size_t)sizenode(t) * sizeof(Node);
  } else if (o->tt == T_THREAD && ((vm_State *)o)->stack != NULL) {
    n += (size_t)stacksize((vm_State *)o) * sizeof(TValue);
  }
  return n;
}

/* ----------------------------------------------------------------------
** The major cycle: IDLE -> MARK (incremental) -> atomic -> SWEEP
** (incremental) -> IDLE. A full collection runs the same phases at once.
**
** Invariant while marking (incremental update, Dijkstra style): no marked
** old object refers to an unmarked old object it has not been rescanned
** for. It is kept by
**   - the write barrier: storing an unmarked old value into a marked old
**     object marks the value (gc_barrierslow). Objects in the remembered
**     set skip the barrier, so every remembered object that is marked is
**     rescanned: at each minor collection and in the atomic phase;
**   - thread stacks are written without barriers: the atomic phase
**     rescans every live thread.
** Objects that become old during marking (promoted, or born old) start
** unmarked, like any object not reached yet: whatever holds them is a
** stack (rescanned), a remembered object (rescanned), an object marked
** later, or a marked object whose store went through the barrier. So an
** object that dies during the cycle is freed by it, instead of floating
** until the next one. Young objects are not marked at all: the atomic
** phase runs a minor collection first, and what it promotes is reached
** from the rescans.
** Sweeping walks the list of old objects as it was at the atomic phase;
** objects that become old meanwhile go on a fresh list, unmarked, and are
** not swept in this cycle.
** ---------------------------------------------------------------------- */

/* The marks of an abandoned cycle come off (a full collection restarts). */
static void abandonmarking(Global *g) {
  GCObject *o;
  for (o = g->allgc; o != NULL; o = o->gcnext) o->gcflags &= (uint8_t)~GCF_MARK;
  g->markgray.n = 0;
  g->weakvalues.n = g->ephemerons.n = g->allweak.n = 0;
  g->gcstate = GCS_IDLE;
}

static void startcycle(vm_State *S) {
  Global *g = G(S);
  g->markgray.n = 0;
  g->gcstate = GCS_MARK;
  markroots(S);
}

/* Traverses gray objects worth about `work` bytes; returns what is left
** of it (0: the budget ran out, perhaps with gray objects left). */
static size_t markstep(Global *g, size_t work) {
  while (g->markgray.n > 0) {
    GCObject *o = g->markgray.items[--g->markgray.n];
    size_t w = workof(o);
    markfields(g, o);
    if (w >= work) return 0;
    work -= w;
  }
  return work;
}

/* Open upvalues of a thread that is not marked (it will die) do not keep
** their values alive through the thread's stack: a marked upvalue marks
** its value directly, before the thread's upvalues are closed. */
static void remarkupvals(Global *g) {
  size_t i;
  for (i = 0; i < g->threads.n; i++) {
    vm_State *th = (vm_State *)g->threads.items[i];
    UpVal *uv;
    if (th->gcflags & GCF_MARK) continue;
    for (uv = th->openupval; uv != NULL; uv = uv->u.open.next)
      if (uv->gcflags & GCF_MARK) markvalue(g, uv->v);
  }
}

/* The atomic phase: finish marking with the world stopped, settle weak
** tables and finalizers, drop dead strings and threads, begin sweeping. */
static void atomic(vm_State *S) {
  Global *g = G(S);
  size_t i;
  gc_minor(S); /* every object old; remembered and promoted ones queued */
  g->gcstopem = 1;
  markroots(S);
  propagateall(g);
  /* thread stacks change without barriers: rescan the live ones */
  for (i = 0; i < g->threads.n; i++) {
    vm_State *th = (vm_State *)g->threads.items[i];
    if (th->gcflags & GCF_MARK) markthread(g, th);
  }
  propagateall(g);
  remarkupvals(g);
  propagateall(g);
  convergeephemerons(g);
  /* everything strongly reachable is marked: weak values go before any
  ** finalizer can see them */
  clearbyvalues(g, &g->weakvalues);
  clearbyvalues(g, &g->allweak);
  separateold(g);
  markpending(g); /* resurrect the newly queued ones and what they reach */
  propagateall(g);
  convergeephemerons(g);
  /* weak keys go after resurrection (an object being finalized stays a
  ** key until the next cycle), and values resurrected objects dropped */
  clearbykeys(g, &g->ephemerons);
  clearbykeys(g, &g->allweak);
  clearbyvalues(g, &g->weakvalues);
  clearbyvalues(g, &g->allweak);
  g->weakvalues.n = g->ephemerons.n = g->allweak.n = 0;
  thread_sweepdead(S);
  str_removedead(S);
  str_shrink(g);
  g->sweeplist = g->allgc;
  g->allgc = NULL;
  g->sweeppos = &g->sweeplist;
  g->gcstate = GCS_SWEEP;
  g->atomic_growth = g->promoted_bytes + g->old_allocated;
  g->gcstopem = 0;
}

static void endcycle(Global *g) {
  /* the bytes that became old since the atomic phase were not judged by
  ** this cycle: the next one's threshold is set from what it found live */
  uint64_t since = g->promoted_bytes + g->old_allocated - g->atomic_growth;
  size_t live = g->total_bytes > since ? g->total_bytes - (size_t)since : 0;
  g->old_live = live;
  if (g->gcmode_incremental)
    g->old_threshold = live / 100 * (size_t)g->gcpause;
  else
    g->old_threshold = live / 100 * (size_t)(100 + g->genmajormul);
  if (g->old_threshold < GC_MIN_THRESHOLD) g->old_threshold = GC_MIN_THRESHOLD;
  gc_capthreshold(g);
  g->major_count++;
  g->gcstate = GCS_IDLE;
}

/* Sweeping one object costs about as much as marking this many bytes
** (it is a flag test and maybe a free, whatever the object's size). */
#define SWEEPCOST 16

/* Sweeps objects worth about `work` bytes of marking (SIZE_MAX: all); the
** cycle ends with the last one, when the survivors rejoin the list of old
** objects. */
static void sweepstep(vm_State *S, size_t work) {
  Global *g = G(S);
  GCObject **p = g->sweeppos;
  while (*p != NULL) {
    GCObject *o = *p;
    size_t w = SWEEPCOST;
    if (o->gcflags & (GCF_MARK | GCF_FIXED)) {
      o->gcflags &= (uint8_t)~GCF_MARK;
      p = &o->gcnext;
    } else {
      *p = o->gcnext;
      gc_freeobj(S, o);
    }
    if (w >= work && *p != NULL) {
      g->sweeppos = p;
      return;
    }
    work -= w < work ? w : work;
  }
  *p = g->allgc; /* survivors first, then what became old meanwhile */
  g->allgc = g->sweeplist;
  g->sweeplist = NULL;
  g->sweeppos = NULL;
  endcycle(g);
}

/* One increment of the cycle in progress (starting one when idle):
** `work` bytes of marking or sweeping. Returns 1 if the cycle ended. */
static int incstep(vm_State *S, size_t work) {
  Global *g = G(S);
  switch (g->gcstate) {
    case GCS_IDLE:
      startcycle(S);
      return 0;
    case GCS_MARK:
      g->gcstopem = 1;
      work = markstep(g, work);
      g->gcstopem = 0;
      if (g->markgray.n > 0) return 0;
      atomic(S);
      /* a budget left after marking goes on into the sweep, so that a
      ** step as large as the heap ends the cycle, as Lua's does
      ** (collectgarbage("step", n) with a large n returns true) */
      if (work == 0) return 0;
      /* FALLTHROUGH */
    default:
      g->gcstopem = 1;
      sweepstep(S, work);
      g->gcstopem = 0;
      return g->gcstate == GCS_IDLE;
  }
}

/* A complete cycle with the world stopped. A cycle in progress is
** finished first when sweeping (its dead objects must go) and abandoned
** when marking (its marks are stale by now). */
static void fullcollect(vm_State *S) {
  Global *g = G(S);
  if (g->gcstate == GCS_SWEEP) sweepstep(S, SIZE_MAX);
  if (g->gcstate == GCS_MARK) abandonmarking(g);
  /* young objects first, so that those only weak tables hold are not
  ** marked by their promotion */
  gc_minor(S);
  g->gcstopem = 1;
  startcycle(S);
  propagateall(g);
  g->gcstopem = 0;
  atomic(S);
  g->gcstopem = 1;
  sweepstep(S, SIZE_MAX);
  g->gcstopem = 0;
  if (g->gcreserve == NULL) reserve_retake(g);
}

/* Under a memory limit the next major comes before the limit does, so
** garbage is collected rather than reported as "not enough memory": at
** most halfway from the live bytes to the limit, but never closer to the
** live bytes than 1/32 of the limit (a heap near the limit would
** otherwise run a full collection at every safe point). */
void gc_capthreshold(Global *g) {
  size_t headroom, cap;
  if (g->memlimit == 0) return;
  headroom = g->total_bytes < g->memlimit ? (g->memlimit - g->total_bytes) / 2 : 0;
  if (headroom < g->memlimit / 32) headroom = g->memlimit / 32;
  cap = g->total_bytes + headroom;
  if (g->old_threshold > cap) g->old_threshold = cap;
}

/* ----------------------------------------------------------------------
** Pacing and metrics
** ---------------------------------------------------------------------- */

static uint64_t nanotime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void recordpause(Global *g, uint64_t t0) {
  uint64_t ns = nanotime() - t0, us = ns / 1000;
  int b = 0;
  while (us > 1 && b < VM_GCPAUSE_BUCKETS - 1) {
    us >>= 1;
    b++;
  }
  g->pauses++;
  g->pause_total_ns += ns;
  if (ns > g->pause_max_ns) g->pause_max_ns = ns;
  g->pause_hist[b]++;
}

/* Bytes that entered the old space since the last increment (promotions
** and old allocations): the debt an increment pays off, at INCWORK times
** that many bytes of work (times stepmul/100), at least one step size. A
** cycle then ends after the old space grew by about 1/INCWORK of what it
** marks (plus the sweep), bounding the heap at pause% of the live data
** plus that growth. */
#define INCWORK 4

/* The work an increment does for `debt` bytes of growth. */
static size_t debtwork(Global *g, size_t debt) {
  return debt / 100 * (size_t)(g->gcstepmul < 40 ? 40 : g->gcstepmul) * INCWORK;
}

static size_t incdebt(Global *g) {
  uint64_t grown = g->promoted_bytes + g->old_allocated;
  size_t debt = (size_t)(grown - g->inc_base), step = (size_t)1 << g->gcstepsize;
  g->inc_base = grown;
  return debtwork(g, debt < step ? step : debt);
}

/* While a cycle runs, the next increment is due after one more step size
** of old-space growth (or the next minor collection). */
static void setincthreshold(Global *g) {
  if (g->gcstate != GCS_IDLE) g->old_threshold = g->total_bytes + ((size_t)1 << g->gcstepsize);
}

void gc_full(vm_State *S) {
  Global *g = G(S);
  uint64_t t0 = nanotime();
  int where = jit_setwhere(g, JW_GC);
  fullcollect(S);
  recordpause(g, t0);
  jit_setwhere(g, where);
}

/* The safe point's slow path: decide what to run. */
void gc_step(vm_State *S) {
  Global *g = G(S);
  int nurseryfull, grown, where;
  uint64_t t0;
  if (g->gcblocked || g->gcstopem) return; /* request stays pending */
  g->gcrequest = 0;
  t0 = nanotime();
  where = jit_setwhere(g, JW_GC);
  nurseryfull = g->nursery_free > g->nursery_softtop || g->gcstress ||
                g->young_parts_bytes > g->nursery_budget; /* (gc_youngpartsgrew) */
  grown = g->total_bytes > g->old_threshold && !g->gcstopped;
  if (g->gcemergency) {
    g->gcemergency = 0;
    fullcollect(S);
  } else if (g->memlimit != 0 && g->total_bytes > g->memlimit / 8 * 7 &&
             (grown || g->gcstate != GCS_IDLE)) {
    fullcollect(S); /* close to the limit: no time for increments */
  } else if (g->gcstress && ++g->stress_count % 256 == 0 && !g->gcstopped) {
    fullcollect(S); /* (a stopped collector runs minor collections only) */
  } else if (g->gcstate == GCS_IDLE && grown && !g->gcmode_incremental) {
    fullcollect(S); /* generational mode: majors stop the world */
  } else {
    if (nurseryfull || g->gcstate == GCS_IDLE) gc_minor(S);
    /* incremental mode: a major cycle starts when the old space grew by
    ** the pause; stress mode starts one every 64 safe points */
    if ((g->gcstate != GCS_IDLE && !g->gcstopped) || (grown && g->gcmode_incremental) ||
        (g->gcstress && g->stress_count % 64 == 0 && !g->gcstopped))
      incstep(S, g->gcstress ? 4096 : incdebt(g));
  }
  setincthreshold(g);
  recordpause(g, t0);
  jit_setwhere(g, where);
  /* Stress mode collects far more often than any real schedule; running
  ** finalizers at each of those points would reorder the output of
  ** programs that the differential tests compare with lua5.4, so there
  ** they run at explicit collections, at close, and when they have waited
  ** for STRESS_FINWAIT safe points (a program may wait for one: a loop
  ** until a finalizer has set a flag). */
  if (g->gcstress) {
    g->gcrequest = 1;
    if (g->tobefnz.n == g->tobefnz_head) g->stress_finwait = 0;
    else if (++g->stress_finwait >= STRESS_FINWAIT) {
      g->stress_finwait = 0;
      gc_callfinalizers(S);
    }
  } else if (g->tobefnz.n > g->tobefnz_head) {
    gc_callfinalizers(S);
  }
}

/* collectgarbage("step", kb). Incremental mode: one increment, as if kb
** KiB had been allocated (0: one step size); returns 1 if the cycle ended.
** Generational mode: a full collection, so always 1. */
int gc_userstep(vm_State *S, int kb) {
  Global *g = G(S);
  uint64_t t0 = nanotime();
  size_t work = debtwork(g, kb > 0 ? (size_t)kb << 10 : (size_t)1 << g->gcstepsize);
  int done;
  /* generational mode: a whole collection, also when a cycle is under
  ** way (GC stress starts incremental cycles in either mode): lua5.4's
  ** step there is a young collection, which clears weak entries of young
  ** objects; only Tide's major collections do (gengc.lua relies on it,
  ** and failed under stress when a stress cycle happened to be running) */
  if (!g->gcmode_incremental) {
    fullcollect(S);
    recordpause(g, t0);
    return 1;
  }
  if (g->gcstate == GCS_IDLE) {
    gc_minor(S);
    startcycle(S);
  }
  done = incstep(S, work);
  setincthreshold(g);
  recordpause(g, t0);
  return done;
}

void vm_gcmetrics(vm_State *S, vm_GCMetrics *m) {
  Global *g = G(S);
  size_t young = (size_t)(g->nursery_free - g->nursery_start);
  memset(m, 0, sizeof *m);
  m->bytes_allocated = g->young_allocated + young + g->old_allocated;
  m->young_bytes = young;
  m->old_bytes = g->total_bytes;
  m->minor_collections = g->minor_count;
  m->major_collections = g->major_count;
  m->promoted_bytes = g->promoted_bytes;
  m->remembered = g->remembered.n;
  m->pauses = g->pauses;
  m->pause_total_ns = g->pause_total_ns;
  m->pause_max_ns = g->pause_max_ns;
  memcpy(m->pause_hist, g->pause_hist, sizeof m->pause_hist);
}

/* ======================================================================
** Finalizers
** ====================================================================== */

static void dothecall(vm_State *S, void *ud) {
  UNUSED(ud);
  do_callnoyield(S, S->top - 2, 0);
}

/* Calls one object's __gc in protected mode; an error becomes a warning.
** Hooks are off and the caller's frame is marked CIST_FIN so debug
** information names the function "__gc". */
static void runfinalizer(vm_State *S, GCObject *o) {
  TValue v;
  const TValue *tm;
  setgcovalue(&v, o);
  tm = tm_gettmbyobj(S, &v, TM_GC);
  if (!ttisnil(tm)) {
    int status;
    uint8_t oldah = S->allowhook;
    unsigned short oldstatus = S->ci->callstatus;
    do_checkstack(S, 2);
    S->allowhook = 0;
    setobj2s(S, S->top++, tm);
    setobj2s(S, S->top++, &v);
    S->ci->callstatus |= CIST_FIN;
    status = do_pcall(S, dothecall, NULL, savestack(S, S->top - 2), 0);
    S->ci->callstatus = oldstatus;
    S->allowhook = oldah;
    if (l_unlikely(status != VM_OK)) {
      vm_warnerror(S, "__gc");
      S->top--;
    }
  }
}

/* Whether the stack has, or can grow to, room for a finalizer's call: the
** function, its argument and a C function's VM_MINSTACK. A stack filled up
** to MAXSTACK (a huge unpack, a deep recursion) cannot, and growing it
** would raise "stack overflow" in whatever code ran the collection. */
static int finalizerroom(vm_State *S) {
  ptrdiff_t need = 2 + VM_MINSTACK;
  return S->stack_last - S->top >= need || (S->stack_last - S->stack) + need <= MAXSTACK;
}

/* Runs the pending finalizers; without room on the stack they stay queued
** (and marked) for a later collection, or vm_close, instead of being lost. */
void gc_callfinalizers(vm_State *S) {
  Global *g = G(S);
  if (g->fin_running) return; /* the outer loop will get to the new ones */
  g->fin_running = 1;
  while (g->tobefnz_head < g->tobefnz.n && finalizerroom(S)) {
    GCObject *o = g->tobefnz.items[g->tobefnz_head++];
    runfinalizer(S, o);
  }
  if (g->tobefnz_head == g->tobefnz.n) g->tobefnz.n = g->tobefnz_head = 0;
  g->fin_running = 0;
}

/* At close, every object still registered is finalized, newest first. */
void gc_finalizeall(vm_State *S) {
  Global *g = G(S);
  g->closing = 1;
  gc_minor(S); /* everything old: registered pointers stop moving */
  queuefinalizers(g, g->finobj.items, g->finobj.n);
  g->finobj.n = 0;
  /* a close from inside a finalizer (os.exit(n, true) in a __gc) runs the
  ** rest here: the finalizer that called it never returns */
  g->fin_running = 0;
  gc_callfinalizers(S);
}

void gc_setstress(vm_State *S, int on) {
  Global *g = G(S);
  g->gcstress = on;
  nursery_settop(g);
  g->gcrequest = on;
}

/* ======================================================================
** Setup and teardown
** ====================================================================== */

void gc_init(vm_State *S, size_t nursery_size) {
  Global *g = G(S);
  size_t total;
  if (nursery_size < (64u << 10)) nursery_size = 64u << 10;
  nursery_size = ALIGN16(nursery_size);
  total = nursery_size + NURSERY_RESERVE;
  g->nursery_start = mi_malloc_aligned(total, 64);
  if (g->nursery_start == NULL) mem_error(S);
  g->nursery_size = nursery_size;
  g->nursery_free = g->nursery_start;
  g->sample_base = g->nursery_start;
  g->nursery_end = g->nursery_start + total;
  g->gcreserve_len = 2 * total + GCRESERVE_SLOP;
  if (!reserve_take(g)) mem_error(S);
  g->old_threshold = GC_MIN_THRESHOLD * 2;
  g->gcpause = GC_PAUSE;
  g->gcmode_incremental = 1; /* Lua's default (the tide binary picks generational) */
  g->gcstepmul = 100;
  g->gcstepsize = 13;
  g->genminormul = 20;
  g->genmajormul = 100;
  nursery_settop(g);
}

void gc_freeall(vm_State *S) {
  Global *g = G(S);
  GCObject *o;
  gc_minor(S); /* young objects own parts: promote, then free uniformly */
  /* a cycle in progress ends, so every object is on allgc again (splicing
  ** at the sweep position would drop the part not swept yet) */
  if (g->gcstate == GCS_SWEEP) sweepstep(S, SIZE_MAX);
  o = g->allgc;
  while (o != NULL) {
    GCObject *next = o->gcnext;
    gc_freeobj(S, o);
    o = next;
  }
  g->allgc = NULL;
  mi_free(g->nursery_start);
  g->nursery_start = NULL;
  if (g->gcreserve != NULL) munmap(g->gcreserve, g->gcreserve_len);
  g->gcreserve = NULL;
  bigcache_drop(g);
  vec_free(&g->remembered);
  vec_free(&g->young_parts);
  vec_free(&g->gray);
  vec_free(&g->markgray);
  vec_free(&g->weakvalues);
  vec_free(&g->ephemerons);
  vec_free(&g->allweak);
  vec_free(&g->finobj);
  vec_free(&g->tobefnz);
}
