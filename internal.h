/*
** internal.h — the one header shared by Tide's sources (never installed).
**
** It holds the value representation (16-byte tagged values), the layout of
** every collectable object, the per-thread and global state, and the
** interface of each internal module, grouped by the file that implements it:
**
**   mem/gc.c     allocation, nursery, minor/major collection, barriers
**   str.c        interned strings (xxHash, per-state seed), number<->string
**   table.c      tables: array part + hash part, length border, next
**   func.c       prototypes, closures, upvalues, to-be-closed variables
**   vm.c         states, stacks, calls/returns, errors, coroutines, the API
**   interp.c     the bytecode interpreter, arithmetic, comparison, concat
**   meta.c       metamethods (tag methods) and type names
**   debug.c      error messages with variable names, positions, tracebacks
**   lex.c/parse.c the single-pass compiler from source to bytecode
**
** THE MOVING-GC RULE. Young objects (tables, closures, upvalues) live in the
** nursery and are moved when a minor collection promotes them. Collections
** happen only at GC safe points: explicit gc_check() calls placed after
** allocating instructions, in API functions and at calls. They never happen
** inside an allocation function. So C code may hold a raw pointer to a
** young object between safe points, and must re-load it from a rooted place
** (a stack slot, a field of a rooted object) after any safe point, any call
** into Lua, or anything that may run a metamethod. GC stress mode collects
** at every safe point and poisons the old nursery, which makes a violation
** crash at once. Strings, userdata, prototypes and threads are allocated
** directly in the old space and never move.
*/
#ifndef TIDE_INTERNAL_H
#define TIDE_INTERNAL_H

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "opcodes.h"
#include "vm.h"

/* ======================================================================
** Configuration and limits
** ====================================================================== */
#define MAXSTACK 1000000          /* Lua stack slots per thread */
#define ERRORSTACKSIZE (MAXSTACK + 200)
#define EXTRA_STACK 5             /* slack above stack_last for metamethod calls */
#define BASIC_STACK_SIZE (2 * VM_MINSTACK)
#define MAXCCALLS 200             /* nested C calls / parser nesting levels */
#define STRCACHE_BITS 7           /* str_newcached has 2^STRCACHE_BITS entries */
#define STRCACHE_SIZE (1 << STRCACHE_BITS)
#define MAXSHORTLEN 40            /* strings up to this length are interned */
#define MAXUPVAL 255
#define MAXVARS 200               /* locals per function */
#define MINSTRTABSIZE 128
#define DEFAULT_NURSERY (2u << 20)
#define NURSERY_RESERVE (64u << 10) /* young allocations past the soft limit */
#define MAX_YOUNG_OBJECT 4096     /* larger objects are allocated old */
#define GC_PAUSE 200              /* default pause (collectgarbage "setpause") */
#define GC_MIN_THRESHOLD (256u << 10)
#define NURSERY_MIN (256u << 10)
#define BIGBLOCK (16u << 10)       /* blocks this big get their own mapping (gc.c) */
#define BIGCACHE_ANY (32u << 20)   /* a freed mapping this big may be kept whatever the heap */
#define BIGBLOCK_PAGE 4096u
#define BIGCACHE_SLOTS 4           /* freed mappings kept at most */
/* what precedes a big block in its mapping */
typedef union BigHeader { size_t maplen; max_align_t align_; } BigHeader;

#define VM_NUMTYPES 9

#define cast(t, e) ((t)(e))
#define cast_int(e) ((int)(e))
#define cast_num(e) ((vm_Number)(e))
#define cast_byte(e) ((uint8_t)(e))
#define cast_sizet(e) ((size_t)(e))
#define cast_uchar(e) ((unsigned char)(e))
#define l_noinline __attribute__((noinline))
#define l_likely(x) __builtin_expect(!!(x), 1)
#define l_unlikely(x) __builtin_expect(!!(x), 0)
#define UNUSED(x) ((void)(x))
#define l_castS2U(i) ((vm_Unsigned)(i))
#define l_castU2S(i) ((vm_Integer)(i))
#define intop(op, v1, v2) l_castU2S(l_castS2U(v1) op l_castS2U(v2))
#define MAX_SIZE (sizeof(size_t) < sizeof(vm_Integer) ? SIZE_MAX : (size_t)INT64_MAX)

#ifdef TIDE_ASSERT
#include <assert.h>
#define vm_assert(c) assert(c)
#else
#define vm_assert(c) ((void)0)
#endif

/* ======================================================================
** Values
** ====================================================================== */

/* Type tags. Order matters: tt <= T_FALSE is falsy; tt >= T_SHRSTR is
** collectable. ORDER TAGS (see tag2type in meta.c). */
#define TAGS(X) \
  X(NIL, VM_TNIL) X(FALSE, VM_TBOOLEAN) X(TRUE, VM_TBOOLEAN) \
  X(INT, VM_TNUMBER) X(FLT, VM_TNUMBER) X(LIGHTUD, VM_TLIGHTUSERDATA) \
  X(LCF, VM_TFUNCTION) X(SHRSTR, VM_TSTRING) X(LNGSTR, VM_TSTRING) \
  X(TABLE, VM_TTABLE) X(LCL, VM_TFUNCTION) X(CCL, VM_TFUNCTION) \
  X(UDATA, VM_TUSERDATA) X(THREAD, VM_TTHREAD) X(PROTO, VM_TNONE) \
  X(UPVAL, VM_TNONE)
enum {
#define TAG_ENUM(name, basic) T_##name,
  TAGS(TAG_ENUM)
#undef TAG_ENUM
  T_NUMTAGS
};
_Static_assert(T_FALSE == 1 && T_NIL == 0, "falsy tags first");
extern const int8_t tag2type[T_NUMTAGS];

typedef struct GCObject GCObject;

typedef union Value {
  GCObject *gc;
  void *p;
  vm_CFunction f;
  vm_Integer i;
  vm_Number n;
} Value;

/* A value: 8-byte payload + tag (16 bytes with padding). Copy values with
** setobj(), which copies only the payload and the tag: table nodes keep
** other fields in a TValue's padding. */
typedef struct TValue {
  Value value_;
  uint8_t tt_;
} TValue;

typedef TValue *StkId;

#define val_(o) ((o)->value_)
#define rawtt(o) ((o)->tt_)
#define ttype(o) (tag2type[rawtt(o)]) /* the basic VM_T* type */
#define checktag(o, t) (rawtt(o) == (t))

#define ttisnil(o) checktag((o), T_NIL)
#define ttisfalse(o) checktag((o), T_FALSE)
#define ttistrue(o) checktag((o), T_TRUE)
#define ttisboolean(o) (checktag((o), T_FALSE) || checktag((o), T_TRUE))
#define l_isfalse(o) (rawtt(o) <= T_FALSE)
#define ttisinteger(o) checktag((o), T_INT)
#define ttisfloat(o) checktag((o), T_FLT)
#define ttisnumber(o) (checktag((o), T_INT) || checktag((o), T_FLT))
#define ttisshrstring(o) checktag((o), T_SHRSTR)
#define ttislngstring(o) checktag((o), T_LNGSTR)
#define ttisstring(o) (checktag((o), T_SHRSTR) || checktag((o), T_LNGSTR))
#define ttistable(o) checktag((o), T_TABLE)
#define ttisLclosure(o) checktag((o), T_LCL)
#define ttisCclosure(o) checktag((o), T_CCL)
#define ttislcf(o) checktag((o), T_LCF)
#define ttisclosure(o) (checktag((o), T_LCL) || checktag((o), T_CCL))
#define ttisfunction(o) (ttisclosure(o) || ttislcf(o))
#define ttisfulluserdata(o) checktag((o), T_UDATA)
#define ttislightuserdata(o) checktag((o), T_LIGHTUD)
#define ttisthread(o) checktag((o), T_THREAD)
#define iscollectable(o) (rawtt(o) >= T_SHRSTR)

#define ivalue(o) (val_(o).i)
#define fltvalue(o) (val_(o).n)
#define nvalue(o) (ttisinteger(o) ? cast_num(ivalue(o)) : fltvalue(o))
#define gcvalue(o) (val_(o).gc)
#define pvalue(o) (val_(o).p)
#define fvalue(o) (val_(o).f)
#define tsvalue(o) ((TString *)val_(o).gc)
#define uvalue(o) ((Udata *)val_(o).gc)
#define clLvalue(o) ((LClosure *)val_(o).gc)
#define clCvalue(o) ((CClosure *)val_(o).gc)
#define hvalue(o) ((Table *)val_(o).gc)
#define thvalue(o) ((vm_State *)val_(o).gc)
#define svalue(o) getstr(tsvalue(o))
#define vslen(o) (tsvalue(o)->len)

#define settt_(o, t) ((o)->tt_ = (t))
#define setnilvalue(o) settt_(o, T_NIL)
#define setfltvalue(o, x) do { TValue *io_ = (o); val_(io_).n = (x); settt_(io_, T_FLT); } while (0)
#define setivalue(o, x) do { TValue *io_ = (o); val_(io_).i = (x); settt_(io_, T_INT); } while (0)
#define setbfvalue(o) settt_(o, T_FALSE)
#define setbtvalue(o) settt_(o, T_TRUE)
#define setbvalue(o, b) settt_(o, (b) ? T_TRUE : T_FALSE)
#define setpvalue(o, x) do { TValue *io_ = (o); val_(io_).p = (x); settt_(io_, T_LIGHTUD); } while (0)
#define setfvalue(o, x) do { TValue *io_ = (o); val_(io_).f = (x); settt_(io_, T_LCF); } while (0)
#define setgcovalue(o, x) do { TValue *io_ = (o); GCObject *i_g = (x); val_(io_).gc = i_g; settt_(io_, i_g->tt); } while (0)
#define setsvalue(S, o, x) do { TValue *io_ = (o); TString *x_ = (x); val_(io_).gc = (GCObject *)x_; settt_(io_, x_->tt); UNUSED(S); } while (0)
#define sethvalue(S, o, x) do { TValue *io_ = (o); val_(io_).gc = (GCObject *)(x); settt_(io_, T_TABLE); UNUSED(S); } while (0)
#define setuvalue(S, o, x) do { TValue *io_ = (o); val_(io_).gc = (GCObject *)(x); settt_(io_, T_UDATA); UNUSED(S); } while (0)
#define setthvalue(S, o, x) do { TValue *io_ = (o); val_(io_).gc = (GCObject *)(x); settt_(io_, T_THREAD); UNUSED(S); } while (0)
#define setclLvalue(S, o, x) do { TValue *io_ = (o); val_(io_).gc = (GCObject *)(x); settt_(io_, T_LCL); UNUSED(S); } while (0)
#define setclCvalue(S, o, x) do { TValue *io_ = (o); val_(io_).gc = (GCObject *)(x); settt_(io_, T_CCL); UNUSED(S); } while (0)
/* Copy a value (payload and tag only). */
#define setobj(S, o1, o2) do { TValue *io1 = (o1); const TValue *io2 = (o2); io1->value_ = io2->value_; settt_(io1, io2->tt_); UNUSED(S); } while (0)
#define setobjs2s setobj
#define setobj2s setobj
#define setobj2t setobj
#define setobj2n setobj
#define s2v(o) (o)

/* ======================================================================
** Collectable objects
** ====================================================================== */

/* Common header: 16 bytes. For old objects gcnext links the old-space list
** (sweeping); for a young object that a minor collection copied, it holds
** the forwarding address. `id` is a per-object identity (hash of tables,
** functions, ...; tostring address) that survives moves; strings keep
** their hash there instead. u8/u8b are free for each type. */
#define GCHEADER \
  uint8_t tt;      \
  uint8_t gcflags; \
  uint8_t u8;      \
  uint8_t u8b;     \
  uint32_t id;     \
  GCObject *gcnext

struct GCObject {
  GCHEADER;
};

/* gcflags bits */
#define GCF_OLD 0x01        /* lives in the old space (mimalloc) */
#define GCF_REMEMBERED 0x02 /* old object in the remembered set */
#define GCF_MARK 0x04       /* reached by the current major marking */
#define GCF_FORWARDED 0x08  /* young object copied; gcnext = new address */
#define GCF_FIXED 0x10      /* never collected (reserved words, tm names) */
#define GCF_FINALIZE 0x20   /* has a __gc metamethod to run */
#define GCF_FINALIZED 0x40  /* __gc already run */
#define GCF_HASPARTS 0x80   /* young table listed in young_parts */
#define GCF_ARRAYDIRTY 0x80 /* old table in the remembered set for the array
                            ** slots [dirtylo, dirtyhi) only (same bit) */

#define isold(o) (((o)->gcflags & GCF_OLD) != 0)
#define obj2gco(o) ((GCObject *)(o))
#define gco2ts(o) ((TString *)(o))
#define gco2t(o) ((Table *)(o))

/* Strings: immutable, never move. Short strings (<= MAXSHORTLEN) are
** interned: equal short strings are the same object. The hash of a short
** string is computed at creation; a long string hashes lazily (u8b = 1
** when `id` holds its hash). u8 is the reserved-word index + 1 (lexer). */
typedef struct TString {
  GCHEADER;
  size_t len;
  char contents[1];
} TString;
#define getstr(ts) ((ts)->contents)
#define tsslen(ts) ((ts)->len)
#define isreserved(ts) ((ts)->tt == T_SHRSTR && (ts)->u8 > 0)
#define eqshrstr(a, b) ((a) == (b))

/* Full userdata: memory never moves. */
typedef struct Udata {
  GCHEADER;
  uint16_t nuvalue;
  size_t len;
  struct Table *metatable;
  TValue uv[1]; /* user values, then the memory block (aligned) */
} Udata;
#define udatamemoffset(nuv) \
  (((offsetof(Udata, uv) + sizeof(TValue) * (size_t)(nuv)) + 15) & ~(size_t)15)
#define getudatamem(u) ((char *)(u) + udatamemoffset((u)->nuvalue))
#define sizeudata(nuv, nb) (udatamemoffset(nuv) + (nb))

/* Upvalues. v points to the stack slot while open, to u.value when closed.
** The open upvalues of a thread form a list sorted by stack level,
** highest first; open upvalues are kept alive by their thread. */
typedef struct UpVal {
  GCHEADER;
  TValue *v;
  union {
    struct { struct UpVal *next; } open;
    TValue value;
  } u;
} UpVal;
#define upisopen(up) ((up)->v != &(up)->u.value)
#define uplevel(up) ((StkId)(up)->v)

/* Function prototypes: created by the compiler, always old. */
typedef struct Upvaldesc {
  struct TString *name; /* for debug information */
  uint8_t instack;      /* in the enclosing function's registers? */
  uint8_t idx;          /* register or enclosing upvalue index */
  uint8_t kind;         /* VDKREG, RDKCONST, RDKTOCLOSE, RDKCTC (parse.c) */
} Upvaldesc;

typedef struct LocVar {
  struct TString *varname;
  int startpc; /* first pc where the variable is active */
  int endpc;   /* first pc where the variable is dead */
} LocVar;

typedef struct Proto {
  GCHEADER;
  uint8_t numparams;
  uint8_t is_vararg;
  uint8_t maxstacksize;
  uint8_t jitcall; /* traces call it rather than inline it (a short loop in it) */
  uint8_t jitframe; /* a trace has a frame of it (inlined, returned to): when it
                    ** is freed, that trace goes too (jit.c jit_freeproto) */
  int sizeupvalues;
  int sizek;
  int sizecode;   /* also the size of lineinfo and colinfo */
  int sizep;
  int sizelocvars;
  int linedefined;
  int lastlinedefined;
  TValue *k;
  Instruction *code;
  struct Proto **p;
  Upvaldesc *upvalues;
  int *lineinfo;  /* source line of each instruction */
  int *colinfo;   /* 1-based column of each instruction's operator/token, 0 if unknown */
  LocVar *locvars;
  TString *source;
  struct JitTrace *traces; /* compiled loops of this function (jit.h) */
} Proto;

/* Closures (young). u8 holds the number of upvalues. */
typedef struct CClosure {
  GCHEADER;
  vm_CFunction f;
  TValue upvalue[1];
} CClosure;

typedef struct LClosure {
  GCHEADER;
  struct Proto *p;
  UpVal *upvals[1];
} LClosure;
#define sizeCclosure(n) (offsetof(CClosure, upvalue) + sizeof(TValue) * (size_t)(n))
#define sizeLclosure(n) (offsetof(LClosure, upvals) + sizeof(UpVal *) * (size_t)(n))
#define clnup(cl) ((cl)->u8)

/* Tables. Hash part: chained scatter table with Brent's variation; a node
** is 24 bytes: the value's payload and tag, the key's tag and the chain
** offset share the first 16 bytes, the key payload follows. */
typedef struct Node {
  Value val_;
  uint8_t val_tt;
  uint8_t key_tt;
  int32_t next; /* offset to next node in the chain */
  Value key_val;
} Node;
/* A node whose value became empty has its collectable key turned dead by a
** major collection: the key object may then be freed, and the pointer is
** kept only so that `next` can still continue a traversal from that key
** (tab_next compares it, never dereferences it). */
#define T_DEADKEY 0xFF
#define keyiscollectable(n) ((n)->key_tt >= T_SHRSTR && (n)->key_tt < T_NUMTAGS)
#define gval(n) ((TValue *)(n))
#define keytt(n) ((n)->key_tt)
#define keyisnil(n) ((n)->key_tt == T_NIL)
#define keyival(n) ((n)->key_val.i)
#define keystrval(n) ((TString *)(n)->key_val.gc)
#define keyisinteger(n) ((n)->key_tt == T_INT)
#define keyisshrstr(n) ((n)->key_tt == T_SHRSTR)
#define getnodekey(S, obj, node) do { TValue *io_ = (obj); const Node *n_ = (node); io_->value_ = n_->key_val; settt_(io_, n_->key_tt); UNUSED(S); } while (0)
#define setnodekey(S, node, obj) do { Node *n_ = (node); const TValue *io_ = (obj); n_->key_val = io_->value_; n_->key_tt = io_->tt_; UNUSED(S); } while (0)
#define gnext(n) ((n)->next)

/* u8 = flags: bit set = metamethod known absent (first TM_EQ+1 events);
** u8b = log2 of the hash part size. */
typedef struct Table {
  GCHEADER;
  uint32_t asize;  /* size of the array part */
  uint32_t alimit; /* Lua 5.4's length hint: <= asize; see tab_getn */
  Node *node;
  Node *lastfree;  /* NULL when node is the shared dummy node */
  TValue *array;
  struct Table *metatable;
  uint32_t dirtylo, dirtyhi; /* GCF_ARRAYDIRTY: the array slots to rescan */
} Table;
#define lsizenode(t) ((t)->u8b)
#define sizenode(t) (1u << lsizenode(t))
#define gnode(t, i) (&(t)->node[i])
#define isdummy(t) ((t)->lastfree == NULL)
#define maskflags ((uint8_t)(~(~0u << (TM_EQ + 1))))
#define invalidateTMcache(t) ((t)->u8 &= (uint8_t)~maskflags)

/* ======================================================================
** Metamethods (meta.c). ORDER TM: fast events first (cached in flags).
** ====================================================================== */
#define TMS(X) \
  X(INDEX, "__index") X(NEWINDEX, "__newindex") X(GC, "__gc") X(MODE, "__mode") \
  X(LEN, "__len") X(EQ, "__eq") X(ADD, "__add") X(SUB, "__sub") X(MUL, "__mul") \
  X(MOD, "__mod") X(POW, "__pow") X(DIV, "__div") X(IDIV, "__idiv") \
  X(BAND, "__band") X(BOR, "__bor") X(BXOR, "__bxor") X(SHL, "__shl") \
  X(SHR, "__shr") X(UNM, "__unm") X(BNOT, "__bnot") X(LT, "__lt") X(LE, "__le") \
  X(CONCAT, "__concat") X(CALL, "__call") X(CLOSE, "__close")
typedef enum TMS {
#define TM_ENUM(name, str) TM_##name,
  TMS(TM_ENUM)
#undef TM_ENUM
  TM_N
} TMS;

/* ======================================================================
** Call frames, threads, global state
** ====================================================================== */

/* CallInfo status bits */
#define CIST_C (1 << 0)        /* call is running a C function */
#define CIST_FRESH (1 << 1)    /* call is on a fresh interpreter invocation */
#define CIST_HOOKED (1 << 2)
#define CIST_YPCALL (1 << 3)   /* doing a yieldable protected call */
#define CIST_TAIL (1 << 4)     /* call was tail called */
#define CIST_HOOKYIELD (1 << 5)
#define CIST_FIN (1 << 6)      /* function "called" a finalizer */
#define CIST_TRAN (1 << 7)
#define CIST_CLSRET (1 << 8)   /* function is closing tbc variables on return */
#define CIST_LEQ (1 << 9)      /* "a <= b" being done as "not (b < a)" */
#define CIST_OAH (1 << 13)     /* saved allowhook of a yieldable pcall */
#define CIST_JITFIN (1 << 14)  /* a metamethod's call rebuilt by a trace's exit:
                               ** when it returns, the caller's instruction that
                               ** called it finishes (interp_finishOp) */
#define CIST_JITREC (1 << 15) /* a call the trace recorder waits for (jit.c
                               ** rec_luacall): when it returns, recording goes on */
#define CIST_RECST 10          /* bits 10-12: saved error status while closing */

typedef struct CallInfo {
  StkId func;
  StkId top;
  struct CallInfo *previous, *next;
  union {
    struct {                   /* Lua functions */
      const Instruction *savedpc;
      volatile int trap;
      int nextraargs;          /* extra arguments of a vararg function */
    } l;
    struct {                   /* C functions */
      vm_KFunction k;
      ptrdiff_t old_errfunc;
      vm_KContext ctx;
    } c;
  } u;
  union {
    int funcidx;  /* called-function index (protected calls) */
    int nyield;   /* number of values yielded */
    int nres;     /* number of values returned */
    struct {      /* values transferred to/from a hook */
      unsigned short ftransfer;
      unsigned short ntransfer;
    } transferinfo;
  } u2;
  short nresults; /* expected results */
  unsigned short callstatus;
} CallInfo;

#define isLua(ci) (!((ci)->callstatus & CIST_C))
#define ci_func(ci) (clLvalue(s2v((ci)->func)))
#define getoah(st) (((st) & CIST_OAH) != 0)
#define setcistrecst(ci, st) \
  ((ci)->callstatus = (unsigned short)(((ci)->callstatus & ~(7 << CIST_RECST)) | ((st) << CIST_RECST)))
#define getcistrecst(ci) (((ci)->callstatus >> CIST_RECST) & 7)

struct vm_longjmp;

/* nCcalls: low 16 bits count nested C calls (plus parser levels), high 16
** bits count non-yieldable calls. */
#define yieldable(S) (((S)->nCcalls & 0xffff0000) == 0)
#define getCcalls(S) ((S)->nCcalls & 0xffff)
#define incnny(S) ((S)->nCcalls += 0x10000)
#define decnny(S) ((S)->nCcalls -= 0x10000)
#define nyci (0x10000 | 1)

/* A thread (coroutine) and its Lua stack. Threads are always old. */
struct vm_State {
  GCHEADER;
  void *extraspace[VM_EXTRASPACE / sizeof(void *)]; /* for the host (vm_getextraspace) */
  uint8_t status;
  uint8_t allowhook;
  unsigned short nci;
  StkId top;          /* first free slot */
  struct Global *g;
  CallInfo *ci;       /* current call */
  StkId stack_last;   /* end of stack (last usable slot + 1) */
  StkId stack;        /* base */
  UpVal *openupval;   /* open upvalues, sorted by level, highest first */
  ptrdiff_t *tbclist; /* stack offsets of to-be-closed variables, ascending */
  int ntbc, sizetbc;
  struct vm_longjmp *errorJmp;
  CallInfo base_ci;
  ptrdiff_t errfunc;  /* stack offset of the current error handler */
  uint32_t nCcalls;
  int oldpc;
  int basehookcount, hookcount;
  volatile int hookmask;  /* VM_MASK* of the hooks set, and VM_MASKJIT */
  vm_Hook hook;
};
/* In hookmask while the JIT records this thread: every Lua frame entered
** then traps (interp.c's startfunc), so the recorder sees the
** instructions of called functions, and returns take the path that
** traps in the caller. Hook code tests the VM_MASK* bits it needs; where
** "any hook" matters, the JIT's own bit is masked out. */
#define VM_MASKJIT (1 << 7)
#define stacksize(th) cast_int((th)->stack_last - (th)->stack)
#define savestack(S, p) ((char *)(p) - (char *)(S)->stack)
#define restorestack(S, n) ((StkId)((char *)(S)->stack + (n)))

/* Phases of a major cycle (gc.c). */
enum { GCS_IDLE, GCS_MARK, GCS_SWEEP };

/* Growable pointer vectors used by the collector. */
typedef struct GCVec {
  GCObject **items;
  size_t n, size;
} GCVec;

/* A slot is a string pointer with 16 bits of the string's hash in its top
** bits (user-space addresses fit in 48 bits on the 64-bit targets; str.c
** refuses a string allocated above): a probe compares tags in the table's
** own cache line and reads the string only when they match. Interning a
** new string probes several slots, each a cache miss when the test needed
** the string itself (string_heavy 10-14% faster; a hash beside the pointer
** in 16-byte slots measured the same, at twice the table's memory). */
typedef struct StringTable {
  uintptr_t *slots;  /* open addressing; 0 = empty; STR_TOMB = deleted */
  size_t size;       /* power of two */
  size_t count;      /* live entries */
  size_t used;       /* live + tombstones */
  size_t peak;       /* the most live entries since the last major collection
                     ** (sampled at growth and minor collections: str_shrink) */
} StringTable;

typedef struct Global {
  /* nursery: allocation bumps nursery_free up to nursery_top */
  char *nursery_free;
  char *nursery_top;     /* min(soft limit, allocation sample point) */
  char *nursery_softtop; /* the real soft limit (nursery_start in stress mode) */
  char *nursery_start;
  char *nursery_end;     /* hard end: top + NURSERY_RESERVE */
  size_t nursery_size;   /* the most it can hold (the allocated size) */
  size_t nursery_budget; /* what it holds before a collection (nursery_settop) */
  uint32_t next_id;
  volatile int gcrequest; /* collect at the next safe point */
  /* old space */
  GCObject *allgc;       /* every old object */
  size_t old_threshold;  /* a major collection (or increment) when total_bytes passes this */
  size_t total_bytes;    /* everything allocated through mem_* */
  size_t old_live;       /* what the last major collection found live */
  BigHeader *bigcache[BIGCACHE_SLOTS]; /* big blocks' mappings freed, for reuse (gc.c) */
  void *gcreserve;       /* address space held back for the collector (gc.c); NULL: lost */
  size_t gcreserve_len;
  size_t memlimit;       /* 0 = none (vm_setmemorylimit) */
  size_t peak_bytes;     /* most total_bytes ever held */
  /* allocation sampling (vm_setallocsampler): sample_left bytes remain
  ** before the next sample, counted from sample_base in the nursery */
  size_t sample_rate;    /* 0: off */
  size_t sample_left;
  char *sample_base;
  vm_AllocSampleHook sample_hook;
  void *sample_ud;
  /* interrupts: the interpreter counts checks (loop back-edges and Lua
  ** function entries) down in a local from istep, then calls
  ** interp_checkinterrupt, which charges istep checks to icount, the
  ** budget left until the host's callback is due */
  int icount;
  int istep;
  int iperiod;
  /* set by vm_interrupt and vm_sethook (any thread, signal handlers): a
  ** running trace stops at its next back-edge (jit_backedge clears it
  ** before it enters one) */
  volatile int jitstop;
  volatile int interrupt_pending; /* set by vm_interrupt (any thread, signal handlers):
                                   ** an aligned int store is atomic on our targets */
  vm_InterruptFunction intf;
  void *intud;
  int gcemergency;       /* a full collection is due: a memory error, or collectgarbage() while gcblocked */
  GCVec remembered;      /* old objects that may point to young ones */
  GCVec young_parts;     /* young tables owning malloc'd parts */
  size_t young_parts_bytes; /* what they were resized to since the last minor */
  GCVec gray;            /* promotion work list (minor collections) */
  GCVec markgray;        /* major marking: marked objects still to traverse */
  int gcstate;           /* GCS_*: where the major cycle is */
  GCObject *sweeplist;   /* sweeping: the old objects as of the atomic phase */
  GCObject **sweeppos;   /* sweeping: where the next increment resumes */
  uint64_t inc_base;     /* old-space growth already paid for by increments */
  uint64_t atomic_growth; /* old-space growth counter at the last atomic phase */
  GCVec weakvalues;      /* major marking: tables with weak values only */
  GCVec ephemerons;      /* ... with weak keys only */
  GCVec allweak;         /* ... with weak keys and values */
  GCVec threads;         /* every thread but the main one (closing upvalues) */
  GCVec finobj;          /* objects with a __gc registered (young or old), oldest first */
  GCVec tobefnz;         /* dead objects resurrected for their __gc, in call order */
  size_t tobefnz_head;   /* next one to finalize */
  int fin_running;       /* finalizers are being called: no nesting */
  int closing;           /* vm_close in progress: no new finalizers */
  int gcstopped;         /* collector stopped by the user */
  int gcmode_incremental; /* mode requested by collectgarbage (0: generational) */
  int gcpause;           /* major collection when old bytes reach pause% of live */
  int gcstepmul, gcstepsize, genminormul, genmajormul; /* kept for collectgarbage */
  int gcstopem;          /* collector running: no re-entry */
  int gcstress;
  unsigned long stress_count;
  unsigned long stress_finwait; /* safe points finalizers waited (stress mode) */
  unsigned long minor_count, major_count;
  /* metrics (vm_gcmetrics) */
  uint64_t young_allocated; /* nursery bytes allocated before the last minor */
  uint64_t old_allocated;   /* bytes allocated through mem_* (not promotions) */
  uint64_t promoted_bytes;
  uint64_t pauses, pause_total_ns, pause_max_ns;
  uint64_t pause_hist[VM_GCPAUSE_BUCKETS];
  StringTable strt;
  struct TString *strcache[STRCACHE_SIZE]; /* C string -> string (str_newcached) */
  uint64_t seed;
  TValue registry;
  TValue nilvalue;       /* also a sentinel: ttisnil == state is complete */
  struct vm_State *mainthread;
  struct JitState *jit;   /* the JIT's state (jit.h), NULL until first used */
  uint8_t jit_on;         /* 0, or the JIT's back-edge sampling step (interp_backedge) */
  uint32_t jitdither;     /* varies that step (interp_checkinterrupt) */
  TString *tmname[TM_N];
  struct Table *mt[VM_NUMTYPES];
  TString *memerrmsg;
  vm_CFunction panic;
  vm_WarnFunction warnf;
  void *ud_warn;
  int warn_on;           /* warnings enabled ("@on"/"@off") */
  int warn_cont;         /* the default handler is inside a continued warning */
  int synerr_line, synerr_col; /* position of the last syntax error */
  int gcblocked;         /* >0: no collection may run (compiler active) */
} Global;

#define G(S) ((S)->g)

/* Every change of the byte count outside mem_* goes through here, so the
** peak stays right. */
static inline void gc_addbytes(Global *g, ptrdiff_t delta) {
  g->total_bytes += (size_t)delta;
  if (g->total_bytes > g->peak_bytes) g->peak_bytes = g->total_bytes;
}

/* ======================================================================
** Memory (gc.c)
** ====================================================================== */
/* Raw memory for object parts (stacks, arrays, vectors). Raise a memory
** error on failure. Sizes are needed for accounting. */
void *mem_alloc(vm_State *S, size_t size);
void *mem_realloc(vm_State *S, void *block, size_t osize, size_t nsize);
void mem_free(vm_State *S, void *block, size_t osize);
void *mem_rawrealloc(Global *g, void *block, size_t osize, size_t nsize);
void mem_rawfree(Global *g, void *block, size_t size);
void *mem_growaux(vm_State *S, void *block, int nelems, int *size, int size_elem,
                  int limit, const char *what);
void *mem_shrinkvector(vm_State *S, void *block, int *size, int final_n, int size_elem);
#define mem_newvector(S, n, t) ((t *)mem_alloc(S, (size_t)(n) * sizeof(t)))
#define mem_freearray(S, b, n) mem_free(S, (b), (size_t)(n) * sizeof(*(b)))
#define mem_reallocvector(S, v, oldn, n, t) \
  ((v) = (t *)mem_realloc(S, v, (size_t)(oldn) * sizeof(t), (size_t)(n) * sizeof(t)))
/* Grow vector v (with `size` capacity) so index nelems fits; error with
** "too many <what> (limit is <limit>)" past limit. */
#define mem_growvector(S, v, nelems, size, t, limit, what) \
  if ((nelems) + 1 > (size)) \
    ((v) = (t *)mem_growaux(S, v, nelems, &(size), sizeof(t), limit, what))
#define mem_shrinkvec(S, v, size, fin, t) \
  ((v) = (t *)mem_shrinkvector(S, v, &(size), fin, sizeof(t)))
void mem_error(vm_State *S); /* raises VM_ERRMEM */
void mem_toobig(vm_State *S);

/* ======================================================================
** Garbage collector (gc.c)
** ====================================================================== */
GCObject *gc_newyoung(vm_State *S, int tt, size_t size); /* may fall back to old */
GCObject *gc_newold(vm_State *S, int tt, size_t size);
void gc_freeobj(vm_State *S, GCObject *o);
void gc_init(vm_State *S, size_t nursery_size);
void gc_freeall(vm_State *S);
/* A GC safe point: may move young objects. */
#define gc_check(S) do { if (l_unlikely(G(S)->gcrequest)) gc_step(S); } while (0)
void gc_capthreshold(Global *g);
void gc_step(vm_State *S);
void gc_minor(vm_State *S);
void gc_full(vm_State *S);
void gc_remember(vm_State *S, GCObject *o);
void gc_fix(vm_State *S, GCObject *o);
void gc_setstress(vm_State *S, int on);
void gc_noteyoungparts(vm_State *S, Table *t); /* young table got malloc'd parts */
void gc_youngpartsgrew(vm_State *S, size_t bytes); /* a young table's parts resized */
void gc_checkfinalizer(vm_State *S, GCObject *o, Table *mt);
void gc_callfinalizers(vm_State *S);   /* run every pending __gc */
void gc_finalizeall(vm_State *S);      /* at close: every registered __gc */
#define isyoungobj(o) (!isold(o))
/* Write barrier: call after storing value v into object o. Generational:
** an old object given a young reference joins the remembered set.
** Incremental (while a major cycle marks): a marked old object given an
** unmarked old reference marks it (gc_barrierslow). */
#define gc_needsbarrier(S, o, x) \
  (((obj2gco(o)->gcflags & (GCF_OLD | GCF_REMEMBERED)) == GCF_OLD) && \
   (!isold(obj2gco(x)) || G(S)->gcstate == GCS_MARK))
#define gc_barrier(S, o, v) do { \
  if (iscollectable(v)) gc_objbarrier(S, o, gcvalue(v)); } while (0)
#define gc_objbarrier(S, o, x) do { \
  if (gc_needsbarrier(S, o, x)) gc_barrierslow(S, obj2gco(o), obj2gco(x)); } while (0)
void gc_barrierslow(vm_State *S, GCObject *o, GCObject *v);
/* The barrier for a store into an existing slot of table t: a young value
** stored in the array part of a big old table only has that slot rescanned
** by the next minor collection, not the whole table. */
#define gc_tablebarrier(S, t, slot, v) do { \
  if (iscollectable(v) && gc_needsbarrier(S, t, gcvalue(v))) \
    gc_tableslotslow(S, t, slot, gcvalue(v)); } while (0)
void gc_tableslotslow(vm_State *S, struct Table *t, const TValue *slot, GCObject *v);
int gc_userstep(vm_State *S, int kb); /* collectgarbage("step") */
/* A thread whose stack is about to be written from outside its own run. */
#define gc_threadbarrier(S, th) do { \
  if (!((th)->gcflags & GCF_REMEMBERED)) gc_remember(S, obj2gco(th)); } while (0)

/* ======================================================================
** Strings (str.c)
** ====================================================================== */
TString *str_new(vm_State *S, const char *str, size_t l);
TString *str_newz(vm_State *S, const char *str);
#define str_newlit(S, s) (str_new(S, "" s, (sizeof(s) / sizeof(char)) - 1))
TString *str_createlong(vm_State *S, size_t l); /* uninitialised contents */
uint32_t str_hashlong(TString *ts);
int str_eqlngstr(TString *a, TString *b);
void str_inittable(vm_State *S);
/* str_newz for the C strings the API is handed again and again (field and
** metamethod names, mostly literals): a cache keyed by the C pointer. */
TString *str_newcached(vm_State *S, const char *str);
void str_resize(vm_State *S, size_t newsize);
void str_removedead(vm_State *S);  /* major GC: drop unmarked strings */
void str_shrink(Global *g);         /* ... and shrink a table mostly empty */
Udata *udata_new(vm_State *S, size_t s, int nuvalue);
/* Numbers <-> strings */
size_t str2num(const char *s, TValue *o);      /* 0 on failure, else strlen+1 */
int num2str(const TValue *obj, char *buff);     /* writes "%.14g" etc; returns length */
#define MAXNUMBER2STR 44
void obj_tostring(vm_State *S, TValue *obj);    /* number -> string in place */
int cvt2num_str(const TValue *o, TValue *result); /* string that converts to number */
int hexavalue(int c);
int utf8esc(char *buff, unsigned long x);      /* returns bytes written backwards into buff[8] */
#define UTF8BUFFSZ 8
const char *obj_pushvfstring(vm_State *S, const char *fmt, va_list argp);
const char *obj_pushfstring(vm_State *S, const char *fmt, ...);
void obj_chunkid(char *out, const char *source, size_t srclen);
int ceillog2(unsigned int x);

/* ======================================================================
** Tables (table.c)
** ====================================================================== */
Table *tab_new(vm_State *S);
void tab_resize(vm_State *S, Table *t, unsigned int nasize, unsigned int nhsize);
void tab_resizearray(vm_State *S, Table *t, unsigned int nasize);
void tab_free(vm_State *S, Table *t);       /* frees parts only */
void tab_freeparts(vm_State *S, TValue *array, unsigned asize, Node *node, int lsize);
const TValue *tab_get(Table *t, const TValue *key);
const TValue *tab_getint(Table *t, vm_Integer key);
/* tab_getint with the array-part hit inline (the interpreter's t[i]). */
static inline const TValue *tab_getintfast(Table *t, vm_Integer key) {
  if (l_castS2U(key) - 1u < t->alimit) return &t->array[key - 1];
  return tab_getint(t, key);
}
const TValue *tab_getstr(Table *t, TString *key);
/* Sets t[key] = value (raw); raises "index is nil"/"index is NaN". Handles
** the write barrier. */
void tab_set(vm_State *S, Table *t, const TValue *key, const TValue *value);
/* tab_set for a key a lookup just found absent (raises as tab_set does). */
void tab_newkey(vm_State *S, Table *t, const TValue *key, const TValue *value);
void tab_setint(vm_State *S, Table *t, vm_Integer key, const TValue *value);
/* Store into an existing slot returned by tab_get* (not the absent one). */
#define tab_setslot(S, t, slot, v) do { \
  setobj(S, cast(TValue *, slot), v); gc_tablebarrier(S, t, slot, v); } while (0)
vm_Unsigned tab_getn(Table *t);               /* border */
/* Fibonacci hashing: the top `bits` bits (1 to 63) of h times 2^64/phi,
** which spreads ids, hashes and addresses whose low bits repeat. */
static inline size_t fibhash(uint64_t h, int bits) {
  return (size_t)((h * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bits));
}
/* Node for hash h (the id or hash of the key). */
static inline Node *tab_hashpos(const Table *t, uint64_t h) {
  int ls = lsizenode(t);
  if (ls == 0) return t->node;
  return gnode(t, fibhash(h, ls));
}
int tab_next(vm_State *S, Table *t, StkId key); /* key at key, value at key+1 */
extern const TValue absentkey;
/* Lookup of a short (interned) string key: the hottest table access
** (fields, globals, methods), inline in the interpreter. */
static inline const TValue *tab_getshortstr(Table *t, TString *key) {
  Node *n = tab_hashpos(t, key->id);
  for (;;) {
    if (keyisshrstr(n) && keystrval(n) == key) return gval(n);
    if (gnext(n) == 0) return &absentkey;
    n += gnext(n);
  }
}
#define isabstkey(v) ((v) == &absentkey)
size_t tab_size(Table *t); /* memory of the parts (accounting) */
Node *tab_dummynode(void);

/* ======================================================================
** Functions, closures, upvalues (func.c)
** ====================================================================== */
Proto *func_newproto(vm_State *S);
void func_freeproto(vm_State *S, Proto *f);
CClosure *func_newCclosure(vm_State *S, int nupvals);
LClosure *func_newLclosure(vm_State *S, int nupvals);
UpVal *func_findupval(vm_State *S, StkId level);
void func_initupvals(vm_State *S, LClosure *cl);
void func_newtbcupval(vm_State *S, StkId level);
void func_closeupval(vm_State *S, StkId level);
/* Closes upvalues and tbc variables >= level; status is the error status
** (CLOSEKTOP = normal close keeping top). Returns the (restored) level. */
#define CLOSEKTOP (-1)
StkId func_close(vm_State *S, StkId level, int status, int yy);
const char *func_getlocalname(const Proto *f, int local_number, int pc);

/* ======================================================================
** States, stacks, calls, errors (vm.c)
** ====================================================================== */
typedef void (*Pfunc)(vm_State *S, void *ud);

void do_throw(vm_State *S, int errcode) __attribute__((noreturn));
int do_rawrunprotected(vm_State *S, Pfunc f, void *ud);
int do_pcall(vm_State *S, Pfunc func, void *u, ptrdiff_t oldtop, ptrdiff_t ef);
void do_seterrorobj(vm_State *S, int errcode, StkId oldtop);
int do_growstack(vm_State *S, int n, int raiseerror);
int do_reallocstack(vm_State *S, int newsize, int raiseerror);
void do_shrinkstack(vm_State *S);
void do_inctop(vm_State *S);
/* Ensure n free slots above top; may reallocate the stack (pointers into
** it must be saved with savestack/restorestack). */
#define checkstackaux(S, n, pre, pos) \
  if (l_unlikely((S)->stack_last - (S)->top <= (n))) { pre; do_growstack(S, n, 1); pos; }
#define do_checkstack(S, n) checkstackaux(S, n, (void)0, (void)0)
#define checkstackGCp(S, n, p) \
  checkstackaux(S, n, ptrdiff_t t__ = savestack(S, p); gc_check(S), p = restorestack(S, t__))
#define checkstackGC(S, fsize) checkstackaux(S, (fsize), gc_check(S), (void)0)

CallInfo *do_precall(vm_State *S, StkId func, int nresults);
int do_pretailcall(vm_State *S, CallInfo *ci, StkId func, int narg1, int delta);
void do_poscall(vm_State *S, CallInfo *ci, int nres);
void do_call(vm_State *S, StkId func, int nresults);
void do_callnoyield(vm_State *S, StkId func, int nresults);
StkId do_tryfuncTM(vm_State *S, StkId func, int chain);
CallInfo *do_extendCI(vm_State *S);
/* A CallInfo after ci without raising: NULL when memory runs out (the JIT
** makes the frames its exits may rebuild this way, outside any call) */
CallInfo *do_tryextendCI(vm_State *S, CallInfo *ci);
void do_freeCI(vm_State *S);
void do_shrinkCI(vm_State *S);
void do_checkCstack(vm_State *S);
void do_incCstack(vm_State *S);
#define next_ci(S) ((S)->ci->next ? (S)->ci->next : do_extendCI(S))
/* Enters the Lua function at func with the frame ci (the CallInfo after
** the caller's); the stack has room for its registers. do_precall's Lua
** case, which the interpreter's OP_CALL also inlines. */
static inline CallInfo *do_enterlua(vm_State *S, CallInfo *ci, StkId func, int nresults,
                                    Proto *p) {
  int narg = cast_int(S->top - func) - 1;
  ci->func = func;
  ci->nresults = (short)nresults;
  ci->callstatus = 0;
  ci->top = func + 1 + p->maxstacksize;
  ci->u.l.savedpc = p->code;
  S->ci = ci;
  for (; narg < p->numparams; narg++) setnilvalue(s2v(S->top++));
  return ci;
}
/* Load and compile a chunk (text or, later, binary) from z. */
typedef struct Zio Zio;
int do_protectedparser(vm_State *S, Zio *z, const char *name, const char *mode);
vm_State *thread_new(vm_State *S);
void thread_free(vm_State *S, vm_State *th);
int thread_resetthread(vm_State *S, int status);
void thread_sweepdead(vm_State *S);
void vm_warnerror(vm_State *S, const char *where);

/* Input stream for the compiler. */
struct Zio {
  size_t n;           /* bytes still unread */
  const char *p;      /* current position */
  vm_Reader reader;
  void *data;
  vm_State *S;
};
#define EOZ (-1)
#define zgetc(z) (((z)->n--) > 0 ? cast_uchar(*(z)->p++) : zio_fill(z))
int zio_fill(Zio *z);
void zio_init(vm_State *S, Zio *z, vm_Reader reader, void *data);

/* Growable character buffer for the lexer (C memory). */
typedef struct Mbuffer {
  char *buffer;
  size_t n;
  size_t buffsize;
} Mbuffer;

/* ======================================================================
** Interpreter (interp.c)
** ====================================================================== */
void interp_execute(vm_State *S, CallInfo *ci);
#define INTERRUPT_POLL 1024 /* checks between looks at vm_interrupt's flag */
/* (while the JIT is on, jit_on: every jit_on-th back-edge is counted
** toward its loop's hotness and may enter its trace, see interp_backedge) */
#define interrupt_step(g) \
  ((g)->jit_on ? (g)->jit_on : (g)->iperiod < INTERRUPT_POLL ? (g)->iperiod : INTERRUPT_POLL)
int interp_checkinterrupt(vm_State *S); /* checks until the next call */
int interp_backedge(vm_State *S, CallInfo *ci);
int interp_funcentry(vm_State *S, CallInfo *ci);
void interp_restartbudget(Global *g);
void interp_resetinterrupt(Global *g);
void interp_finishOp(vm_State *S);
int interp_equalobj(vm_State *S, const TValue *t1, const TValue *t2);
#define interp_rawequalobj(t1, t2) interp_equalobj(NULL, t1, t2)
int interp_lessthan(vm_State *S, const TValue *l, const TValue *r);
/* The order of two strings for < and <= (strcoll, across embedded zeros) */
int interp_strcmp(const TString *a, const TString *b);
int interp_lessequal(vm_State *S, const TValue *l, const TValue *r);
void interp_concat(vm_State *S, int total);
void interp_objlen(vm_State *S, StkId ra, const TValue *rb);
void interp_finishget(vm_State *S, const TValue *t, TValue *key, StkId val, const TValue *slot);
void interp_finishset(vm_State *S, const TValue *t, TValue *key, TValue *val, const TValue *slot);
void interp_gettable(vm_State *S, const TValue *t, TValue *key, StkId val);
void interp_settable(vm_State *S, const TValue *t, TValue *key, TValue *val);
int interp_tonumber_(vm_State *S, const TValue *obj, vm_Number *n);
int interp_tointeger(const TValue *obj, vm_Integer *p, int mode); /* mode: F2Ieq/F2Ifloor/F2Iceil */
int interp_tointegerns(const TValue *obj, vm_Integer *p, int mode);
int interp_flttointns(vm_Number n, vm_Integer *p, int mode);
#define F2Ieq 0
#define F2Ifloor 1
#define F2Iceil 2
vm_Integer interp_idiv(vm_State *S, vm_Integer m, vm_Integer n);
vm_Integer interp_mod(vm_State *S, vm_Integer m, vm_Integer n);
vm_Number interp_modf(vm_State *S, vm_Number m, vm_Number n);
vm_Integer interp_shiftl(vm_Integer x, vm_Integer y);
vm_Number interp_pow(vm_Number a, vm_Number b);
#define interp_shiftr(x, y) interp_shiftl(x, intop(-, 0, y))
/* Raw arithmetic on numbers: returns 1 and sets res if both are numbers (or
** strings convertible, when `coerce`). */
int interp_rawarith(vm_State *S, int op, const TValue *p1, const TValue *p2, TValue *res);
void interp_arith(vm_State *S, int op, const TValue *p1, const TValue *p2, StkId res);
#define tonumber(o, n) (ttisfloat(o) ? (*(n) = fltvalue(o), 1) : interp_tonumber_(NULL, o, n))
#define tointeger(o, i) (l_likely(ttisinteger(o)) ? (*(i) = ivalue(o), 1) : interp_tointeger(o, i, F2Ieq))
#define tointegerns(o, i) (l_likely(ttisinteger(o)) ? (*(i) = ivalue(o), 1) : interp_tointegerns(o, i, F2Ieq))

/* ======================================================================
** Metamethods (meta.c)
** ====================================================================== */
void tm_init(vm_State *S);
/* Lookup of a fast event in a metatable; remembers its absence (the u8
** flags, cleared when the table changes). Inline: __index chains and
** method calls go through it. */
static inline const TValue *tm_get(Table *events, TMS event, TString *ename) {
  const TValue *tm = tab_getshortstr(events, ename);
  if (ttisnil(tm)) {
    events->u8 |= (uint8_t)(1u << event);
    return NULL;
  }
  return tm;
}
const TValue *tm_gettmbyobj(vm_State *S, const TValue *o, TMS event);
#define gfasttm(g, et, e) \
  ((et) == NULL ? NULL : ((et)->u8 & (1u << (e))) ? NULL : tm_get(et, e, (g)->tmname[e]))
#define fasttm(S, et, e) gfasttm(G(S), et, e)
const char *tm_objtypename(vm_State *S, const TValue *o);
void tm_callTM(vm_State *S, const TValue *f, const TValue *p1, const TValue *p2, const TValue *p3);
void tm_callTMres(vm_State *S, const TValue *f, const TValue *p1, const TValue *p2, StkId res);
void tm_trybinTM(vm_State *S, const TValue *p1, const TValue *p2, StkId res, TMS event);
void tm_trybinassocTM(vm_State *S, const TValue *p1, const TValue *p2, int flip, StkId res, TMS event);
void tm_trybiniTM(vm_State *S, const TValue *p1, vm_Integer i2, int flip, StkId res, TMS event);
int tm_callorderTM(vm_State *S, const TValue *p1, const TValue *p2, TMS event);
int tm_callorderiTM(vm_State *S, const TValue *p1, int v2, int flip, int isfloat, TMS event);
Table *tm_getmetatable(vm_State *S, const TValue *o);
extern const char *const ttypename_[VM_NUMTYPES + 1];
#define ttypename(x) ttypename_[(x) + 1]

/* ======================================================================
** Debug support and runtime errors (debug.c)
** ====================================================================== */
void dbg_typeerror(vm_State *S, const TValue *o, const char *opname) __attribute__((noreturn));
void dbg_callerror(vm_State *S, const TValue *o) __attribute__((noreturn));
void dbg_forerror(vm_State *S, const TValue *o, const char *what) __attribute__((noreturn));
void dbg_concaterror(vm_State *S, const TValue *p1, const TValue *p2) __attribute__((noreturn));
void dbg_opinterror(vm_State *S, const TValue *p1, const TValue *p2, const char *msg) __attribute__((noreturn));
void dbg_tointerror(vm_State *S, const TValue *p1, const TValue *p2) __attribute__((noreturn));
void dbg_ordererror(vm_State *S, const TValue *p1, const TValue *p2) __attribute__((noreturn));
void dbg_runerror(vm_State *S, const char *fmt, ...) __attribute__((noreturn));
void dbg_errormsg(vm_State *S) __attribute__((noreturn));
const char *dbg_addinfo(vm_State *S, const char *msg, TString *src, int line);
int dbg_getfuncline(const Proto *f, int pc);
int dbg_currentline(CallInfo *ci);
int dbg_currentcol(CallInfo *ci);
const char *dbg_funcnamefromcall(vm_State *S, CallInfo *ci, const char **name);
/* What instruction pc of p calls (a call's function, a metamethod), for
** messages: "global", "method"... with *name, or NULL */
const char *dbg_funcnamefromcode(vm_State *S, const Proto *p, int pc, const char **name);
int dbg_pcRel(const Instruction *pc, const Proto *p);
int dbg_traceexec(vm_State *S, const Instruction *pc);
void do_hook(vm_State *S, int event, int line, int ftransfer, int ntransfer);
void do_hookcall(vm_State *S, CallInfo *ci);
#define resethookcount(S) ((S)->hookcount = (S)->basehookcount)
#define pcRel(pc, p) (cast_int((pc) - (p)->code) - 1)

/* ======================================================================
** Compiler (lex.c, parse.c)
** ====================================================================== */
/* Compiles a text chunk read from z. Returns the main function's prototype
** (vararg, one upvalue _ENV). Raises VM_ERRSYNTAX with the message
** "chunkid:line: msg near 'token'" on the stack top. `firstchar` is the
** first character already read from z. */
Proto *parse_chunk(vm_State *S, Zio *z, Mbuffer *buff, const char *name, int firstchar);
/* A `luac -l -l` style listing of p (and its nested functions when
** `recursive`); each instruction shows [line:column] (bcdump.c). */
void bc_dump(FILE *out, const Proto *p, int recursive);
/* One line of that listing: p's instruction at index pc. */
void bc_dumpins(FILE *out, const Proto *p, int pc);
void lex_init(vm_State *S); /* creates the reserved-word strings (fixed) */

/* ======================================================================
** Binary chunks (dump.c, undump.c; dump.c describes the format)
** ====================================================================== */
#define BC_SIGNATURE "\x1bLua"
#define BC_VERSION 0x54            /* the language: Lua 5.4 */
#define BC_FORMAT 0                /* the official format byte, as lua5.4's */
#define BC_TIDE "Tide\x01"         /* after the header: Tide's bytecode, version 1 */
#define BC_DATA "\x19\x93\r\n\x1a\n" /* catches text-mode conversions */
#define BC_INT ((vm_Integer)0x5678)
#define BC_NUM ((vm_Number)370.5)
enum { BCK_NIL, BCK_FALSE, BCK_TRUE, BCK_INT, BCK_FLT, BCK_STR }; /* constant tags */
/* Writes f through w; returns the writer's first nonzero result, else 0. */
int dump_proto(vm_State *S, const Proto *f, vm_Writer w, void *data, int strip);
/* Reads a binary chunk from z (its first byte, ESC, already read) and
** verifies every function in it; raises VM_ERRSYNTAX with "NAME: bad
** binary format (REASON)" on anything malformed or unsafe to run. The
** caller blocks the GC. */
Proto *undump_chunk(vm_State *S, Zio *z, const char *name);

/* ======================================================================
** Standard library registration (lib*.c)
** ====================================================================== */
int vm_open_base(vm_State *S);

#endif
