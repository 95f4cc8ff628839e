/*
** undump.c — loads a binary chunk (the format is described in dump.c) and
** verifies every prototype before anything can run.
**
** Lua trusts its bytecode; Tide does not: a malformed or malicious binary
** chunk must be rejected with "NAME: bad binary format (REASON)", never run
** and never crash the VM. So:
**
** LOADING. Every count is read before anything is allocated for it and
** bounded by the format's limits; vectors then grow only as the bytes that
** fill them actually arrive (doubling, or all at once when they are already
** buffered), so a forged count costs at most a small multiple of the real
** input, never an absurd allocation. Each vector hangs on its Proto as soon
** as it exists, with the size field always matching the allocation and new
** slots cleared: an error (truncation, a reader error, no memory) can stop
** the load anywhere, the GC later frees the half-built Proto. The GC is
** blocked during loading (f_parser), so nothing loaded needs anchoring.
**
** VERIFYING. Each Proto is verified when it and its nested functions are
** loaded, by one function per concern:
**   checkshape      header fields, code ends with a return, VARARGPREP
**   checklocals     local variable ranges; never more live locals than
**                   registers (debug.getlocal addresses them as registers)
**   checkclosures   nested functions' upvalue descriptors name registers
**                   or upvalues of this function that exist
**   checkcode       each instruction on its own: opcode, operands against
**                   the table `operands` (registers < maxstacksize,
**                   constants of the kind the interpreter assumes,
**                   upvalues, functions), register ranges of the
**                   multi-register instructions, jump targets, the
**                   instructions that must follow others (JMP after a test,
**                   EXTRAARG, TFORLOOP after TFORCALL, TFORCALL as the
**                   target of TFORPREP), vararg-only instructions, and
**                   table sizes no bigger than the code could fill
**   checkflow       what the interpreter assumes about values and state
**                   that no single instruction shows (below)
**
** THE FLOW CHECK is an abstract interpretation over all paths. interp.c
** relies, beyond operand ranges, on:
**   - FORLOOP: R[A..A+2] hold what FORPREP prepared (it updates the
**     payloads without checking tags: anything else forges pointers);
**   - SETLIST: R[A] is a table (hvalue without a check);
**   - SELF with a register key: it is a string (tsvalue);
**   - B=0 instructions (CALL, TAILCALL, RETURN, SETLIST: OPF_IT) read the
**     stack top an OPF_OT instruction (CALL or VARARG with C=0) just set,
**     at or above the registers they need;
**   - no open upvalue and no pending to-be-closed variable of the frame
**     survives a return that does not close them (RETURN without k,
**     RETURN0, RETURN1, TAILCALL, which never closes tbc variables): the
**     stale entries would later point into dead or freed stack;
**   - TAILCALL is not the end of the frame: when it calls a C function
**     that yields, the resumed frame goes on at the next instruction
**     (compilers put RETURN A 0 there), with the results from R[A] up;
**   - to-be-closed variables are marked in ascending register order (the
**     thread's tbc list must stay sorted);
**   - no callee frame (CALL at A, TFORCALL at A+4, a CONCAT metamethod
**     above A, a finalizer run by the GC safe point of NEWTABLE or CLOSURE
**     above A) overlaps a captured register or a pending tbc variable:
**     the callee's own registers (or its function slot) would alias an open
**     upvalue of ours, and SETUPVALs could break the callee's FORLOOP
**     invariants or swap the closure it is running; a tbc entry inside it
**     would unsort the tbc list. Together with the same check on VARARG
**     with C=0 this keeps every captured or pending tbc register below the
**     stack top, where errors raised without resetting it (integer // and
**     % by zero) push their message and call xpcall's handler. (The
**     compiler puts calls, NEWTABLE, CLOSURE, CONCAT and VARARG at the
**     first free register: above every live local; and dead captured
**     locals are closed.)
** The state at each instruction holds facts per register — "holds a table
** NEWTABLE made", "holds a string constant", "R[r..r+2] are FORPREP's",
** which must hold on every path (intersection at joins) — plus the
** registers that may have open upvalues or be pending tbc variables (union
** at joins) and where the last OPF_OT instruction left the top. Writes kill
** facts; calls, CONCAT and the GC safe points of NEWTABLE/CLOSURE (which
** clear the stack above the live registers) kill everything from their
** base up; a register with an open upvalue can be written by any call, so
** it never holds a fact. States are kept only at labels (instructions with
** a predecessor other than the one before them) and propagated to a fixed
** point; every check is monotone, so a failure in any intermediate state
** is a failure in the final one. Unreachable code (e.g. the RETURN after a
** TAILCALL) gets only the per-instruction checks.
**
** WHAT IS NOT CHECKED. Anything that is memory-safe whatever the value:
** types of registers other than the above (wrong types raise ordinary
** errors), line and column values, names. The debug library can break
** every invariant above at run time (debug.setlocal on a for-loop control
** register), in Tide as in Lua: it is outside what verification promises.
*/
#include "internal.h"

#define MAXNESTING MAXCCALLS /* nested functions (the parser's limit too) */
#define LOADSTEP 256         /* elements allocated ahead of their data */
#define MAXSTRLOAD (MAX_SIZE / 2)
#define MAXLISTHINT (1 << 30)    /* largest array size/index NEWTABLE and SETLIST may name */

typedef struct LoadState {
  vm_State *S;
  Zio *z;
  const char *name;
} LoadState;

/* ======================================================================
** Errors and raw reading
** ====================================================================== */

__attribute__((noreturn)) static void loaderror(LoadState *L, const char *why) {
  obj_pushfstring(L->S, "%s: bad binary format (%s)", L->name, why);
  do_throw(L->S, VM_ERRSYNTAX);
}

static int loadbyte(LoadState *L) {
  int c = zgetc(L->z);
  if (c == EOZ) loaderror(L, "truncated chunk");
  return c;
}

static void loadblock(LoadState *L, void *b, size_t size) {
  Zio *z = L->z;
  char *p = (char *)b;
  while (size > 0) {
    size_t m;
    if (z->n == 0) {
      if (zio_fill(z) == EOZ) loaderror(L, "truncated chunk");
      z->n++; /* zio_fill consumed the first byte: put it back */
      z->p--;
    }
    m = size < z->n ? size : z->n;
    memcpy(p, z->p, m);
    z->n -= m;
    z->p += m;
    p += m;
    size -= m;
  }
}

static size_t loadvarint(LoadState *L, size_t limit) {
  size_t x = 0;
  unsigned shift = 0;
  int b;
  do {
    size_t bits;
    b = loadbyte(L);
    bits = (size_t)(b & 0x7f);
    if (shift >= sizeof(size_t) * CHAR_BIT || ((bits << shift) >> shift) != bits)
      loaderror(L, "integer overflow");
    x |= bits << shift;
    if (x > limit) loaderror(L, "integer overflow");
    shift += 7;
  } while (b & 0x80);
  return x;
}

static int loadint(LoadState *L, int limit) { return (int)loadvarint(L, (size_t)limit); }

/* Zigzag-coded signed value. */
static vm_Integer loadsigned(LoadState *L) {
  vm_Unsigned u = (vm_Unsigned)loadvarint(L, SIZE_MAX);
  return l_castU2S((u >> 1) ^ (0 - (u & 1)));
}

/* The capacity to give a vector that must reach n elements, `have` of them
** allocated, each taking at least `unit` bytes of the chunk: all of them
** when their bytes are already buffered, else twice as many as now. */
static int growcap(LoadState *L, int have, int n, size_t unit) {
  size_t want;
  if ((size_t)(n - have) * unit <= L->z->n) return n;
  want = have < LOADSTEP ? LOADSTEP : (size_t)have * 2;
  return want < (size_t)n ? (int)want : n;
}

/* ======================================================================
** Strings
** ====================================================================== */

/* A long string grows by doubling as its bytes arrive; the smaller
** copies left behind are garbage for the next collection. */
static TString *loadlongstring(LoadState *L, size_t len) {
  size_t have = 0;
  size_t cap = (len <= L->z->n) ? len : (len < 4096 ? len : 4096);
  TString *ts = str_createlong(L->S, cap);
  for (;;) {
    loadblock(L, getstr(ts) + have, cap - have);
    have = cap;
    if (have == len) return ts;
    {
      TString *nts;
      cap = (len - have > have) ? 2 * have : len;
      nts = str_createlong(L->S, cap);
      memcpy(getstr(nts), getstr(ts), have);
      ts = nts;
    }
  }
}

/* NULL for "no string". */
static TString *loadstring(LoadState *L) {
  size_t size = loadvarint(L, MAXSTRLOAD);
  size_t len;
  if (size == 0) return NULL;
  len = size - 1;
  if (len <= MAXSHORTLEN) {
    char buff[MAXSHORTLEN];
    loadblock(L, buff, len);
    return str_new(L->S, buff, len);
  }
  return loadlongstring(L, len);
}

/* ======================================================================
** Prototypes
** ====================================================================== */

static void verify(LoadState *L, const Proto *f);

static void loadcode(LoadState *L, Proto *f) {
  int n = loadint(L, INT_MAX / (int)sizeof(Instruction));
  while (f->sizecode < n) {
    int have = f->sizecode;
    int cap = growcap(L, have, n, sizeof(Instruction));
    mem_reallocvector(L->S, f->code, have, cap, Instruction);
    f->sizecode = cap;
    loadblock(L, f->code + have, (size_t)(cap - have) * sizeof(Instruction));
  }
}

static void loadconstants(LoadState *L, Proto *f) {
  int n = loadint(L, MAXARG_Ax + 1);
  int i;
  for (i = 0; i < n; i++) {
    TValue *o;
    if (i == f->sizek) {
      int cap = growcap(L, i, n, 1), j;
      mem_reallocvector(L->S, f->k, i, cap, TValue);
      for (j = i; j < cap; j++) setnilvalue(&f->k[j]);
      f->sizek = cap;
    }
    o = &f->k[i];
    switch (loadbyte(L)) {
      case BCK_NIL: setnilvalue(o); break;
      case BCK_FALSE: setbfvalue(o); break;
      case BCK_TRUE: setbtvalue(o); break;
      case BCK_INT: {
        vm_Integer x;
        loadblock(L, &x, sizeof x);
        setivalue(o, x);
        break;
      }
      case BCK_FLT: {
        vm_Number x;
        loadblock(L, &x, sizeof x);
        setfltvalue(o, x);
        break;
      }
      case BCK_STR: {
        TString *ts = loadstring(L);
        if (ts == NULL) loaderror(L, "missing string constant");
        setsvalue(L->S, o, ts);
        break;
      }
      default: loaderror(L, "bad constant");
    }
  }
}

static void loadupvalues(LoadState *L, Proto *f) {
  int n = loadint(L, MAXUPVAL);
  int i;
  f->upvalues = mem_newvector(L->S, n, Upvaldesc);
  for (i = 0; i < n; i++) {
    f->upvalues[i].name = NULL;
    f->upvalues[i].instack = f->upvalues[i].idx = f->upvalues[i].kind = 0;
  }
  f->sizeupvalues = n;
  for (i = 0; i < n; i++) {
    f->upvalues[i].instack = (uint8_t)loadbyte(L);
    f->upvalues[i].idx = (uint8_t)loadbyte(L);
    f->upvalues[i].kind = (uint8_t)loadbyte(L);
  }
}

static void loadfunction(LoadState *L, Proto *f, TString *psource, int depth);

static void loadprotos(LoadState *L, Proto *f, int depth) {
  int n = loadint(L, MAXARG_Bx + 1);
  int i;
  for (i = 0; i < n; i++) {
    if (i == f->sizep) {
      int cap = growcap(L, i, n, 8), j;
      mem_reallocvector(L->S, f->p, i, cap, Proto *);
      for (j = i; j < cap; j++) f->p[j] = NULL;
      f->sizep = cap;
    }
    f->p[i] = func_newproto(L->S);
    loadfunction(L, f->p[i], f->source, depth + 1);
  }
}

static void loaddebug(LoadState *L, Proto *f) {
  int i, n;
  n = loadint(L, INT_MAX);
  if (n != 0) { /* lines: the code has arrived, so sizecode is genuine */
    vm_Integer line = f->linedefined;
    if (n != f->sizecode) loaderror(L, "bad line information");
    f->lineinfo = mem_newvector(L->S, n, int);
    for (i = 0; i < n; i++) {
      line = intop(+, line, loadsigned(L));
      if (line < 0 || line > INT_MAX) loaderror(L, "bad line information");
      f->lineinfo[i] = (int)line;
    }
  }
  n = loadint(L, INT_MAX);
  if (n != 0) {
    if (n != f->sizecode) loaderror(L, "bad column information");
    f->colinfo = mem_newvector(L->S, n, int);
    for (i = 0; i < n; i++) f->colinfo[i] = loadint(L, INT_MAX);
  }
  n = loadint(L, INT_MAX);
  for (i = 0; i < n; i++) {
    if (i == f->sizelocvars) {
      int cap = growcap(L, i, n, 3), j;
      mem_reallocvector(L->S, f->locvars, i, cap, LocVar);
      for (j = i; j < cap; j++) {
        f->locvars[j].varname = NULL;
        f->locvars[j].startpc = f->locvars[j].endpc = 0;
      }
      f->sizelocvars = cap;
    }
    f->locvars[i].varname = loadstring(L);
    if (f->locvars[i].varname == NULL) loaderror(L, "missing local variable name");
    f->locvars[i].startpc = loadint(L, INT_MAX);
    f->locvars[i].endpc = loadint(L, INT_MAX);
  }
  n = loadint(L, MAXUPVAL);
  if (n != 0 && n != f->sizeupvalues) loaderror(L, "bad upvalue names");
  for (i = 0; i < n; i++) f->upvalues[i].name = loadstring(L);
}

static void loadfunction(LoadState *L, Proto *f, TString *psource, int depth) {
  if (depth > MAXNESTING) loaderror(L, "functions nested too deeply");
  f->source = loadstring(L);
  if (f->source == NULL) f->source = psource;
  f->linedefined = loadint(L, INT_MAX);
  f->lastlinedefined = loadint(L, INT_MAX);
  f->numparams = (uint8_t)loadbyte(L);
  f->is_vararg = (uint8_t)loadbyte(L);
  f->maxstacksize = (uint8_t)loadbyte(L);
  loadcode(L, f);
  loadconstants(L, f);
  loadupvalues(L, f);
  loadprotos(L, f, depth);
  loaddebug(L, f);
  verify(L, f);
}

static void checkliteral(LoadState *L, const char *s, const char *why) {
  char buff[16];
  size_t len = strlen(s);
  loadblock(L, buff, len);
  if (memcmp(s, buff, len) != 0) loaderror(L, why);
}

static void checksize(LoadState *L, size_t size, const char *tname) {
  if ((size_t)loadbyte(L) != size) {
    const char *why = obj_pushfstring(L->S, "%s size mismatch", tname);
    loaderror(L, why);
  }
}

/* The header, after its first byte, as lua5.4 checks it; then Tide's tag:
** a lua5.4 chunk reads "format mismatch". */
static void checkheader(LoadState *L) {
  int format;
  vm_Integer i;
  vm_Number n;
  checkliteral(L, BC_SIGNATURE + 1, "not a binary chunk");
  if (loadbyte(L) != BC_VERSION) loaderror(L, "version mismatch");
  format = loadbyte(L);
  checkliteral(L, BC_DATA, "corrupted chunk");
  if (format != BC_FORMAT) loaderror(L, "format mismatch");
  checksize(L, sizeof(Instruction), "Instruction");
  checksize(L, sizeof(vm_Integer), "lua_Integer");
  checksize(L, sizeof(vm_Number), "lua_Number");
  loadblock(L, &i, sizeof i);
  if (i != BC_INT) loaderror(L, "integer format mismatch");
  loadblock(L, &n, sizeof n);
  if (n != BC_NUM) loaderror(L, "float format mismatch");
  checkliteral(L, BC_TIDE, "format mismatch");
}

Proto *undump_chunk(vm_State *S, Zio *z, const char *name) {
  LoadState L;
  Proto *f;
  int nup;
  L.S = S;
  L.z = z;
  if (*name == '@' || *name == '=') L.name = name + 1;
  else if (*name == BC_SIGNATURE[0]) L.name = "binary string";
  else L.name = name;
  checkheader(&L);
  nup = loadbyte(&L);
  f = func_newproto(S);
  loadfunction(&L, f, NULL, 0);
  if (nup != f->sizeupvalues) loaderror(&L, "wrong number of upvalues");
  return f;
}

/* ======================================================================
** Verification: the shape of a function
** ====================================================================== */

static int isreturn(OpCode op) {
  return op == OP_RETURN || op == OP_RETURN0 || op == OP_RETURN1;
}

_Static_assert(MAXREGS >= UINT8_MAX, "maxstacksize is a byte: never too large");

static const char *checkshape(const Proto *f) {
  int i;
  if (f->is_vararg > 1) return "bad vararg flag";
  if (f->numparams > f->maxstacksize) return "more parameters than registers";
  if (f->sizecode == 0) return "function without code";
  if (!isreturn(GET_OPCODE(f->code[f->sizecode - 1]))) return "function does not end with a return";
  if (f->is_vararg && GET_OPCODE(f->code[0]) != OP_VARARGPREP) return "vararg function without VARARGPREP";
  for (i = 0; i < f->sizeupvalues; i++)
    if (f->upvalues[i].instack > 1 || f->upvalues[i].kind > 3) return "bad upvalue description";
  return NULL;
}

/* Local variables: sane ranges in the order they start, and never more
** of them alive at once than there are registers (a min-heap of the end
** pcs of the live ones). */
static const char *checklocals(const Proto *f) {
  int heap[MAXREGS + 1];
  int nh = 0, i;
  for (i = 0; i < f->sizelocvars; i++) {
    const LocVar *v = &f->locvars[i];
    if (v->startpc > v->endpc || v->endpc > f->sizecode) return "bad local variable range";
    if (i > 0 && v->startpc < f->locvars[i - 1].startpc) return "local variables out of order";
    while (nh > 0 && heap[0] <= v->startpc) { /* pop the earliest end */
      int j = 0, x = heap[--nh];
      for (;;) {
        int c = 2 * j + 1;
        if (c >= nh) break;
        if (c + 1 < nh && heap[c + 1] < heap[c]) c++;
        if (heap[c] >= x) break;
        heap[j] = heap[c];
        j = c;
      }
      heap[j] = x;
    }
    if (v->startpc == v->endpc) continue; /* never alive */
    if (nh >= f->maxstacksize) return "too many live local variables";
    {
      int j = nh++;
      while (j > 0 && heap[(j - 1) / 2] > v->endpc) {
        heap[j] = heap[(j - 1) / 2];
        j = (j - 1) / 2;
      }
      heap[j] = v->endpc;
    }
  }
  return NULL;
}

/* Upvalues of nested functions: OP_CLOSURE takes them from this frame's
** registers or this closure's upvalues. */
static const char *checkclosures(const Proto *f) {
  int i, j;
  for (i = 0; i < f->sizep; i++) {
    const Proto *p = f->p[i];
    for (j = 0; j < p->sizeupvalues; j++) {
      const Upvaldesc *u = &p->upvalues[j];
      if (u->instack ? u->idx >= f->maxstacksize : u->idx >= f->sizeupvalues)
        return "nested function captures a variable that does not exist";
    }
  }
  return NULL;
}

/* ======================================================================
** Verification: instructions one by one
** ====================================================================== */

/* How the interpreter uses an operand field (A; B or Bx; C). V_SPECIAL
** fields are checked by checkspecial(). */
enum {
  V_SPECIAL,
  V_NONE, /* not used, or any value is fine (immediates, counts, flags) */
  V_REG,  /* register < maxstacksize */
  V_UPV,  /* upvalue index */
  V_K,    /* constant index, any constant */
  V_KS,   /* constant index, short string (GETFIELD & co. hash it as one) */
  V_KN,   /* constant index, number (arithmetic with a constant) */
  V_KI,   /* constant index, integer (bitwise with a constant) */
  V_RK,   /* constant if k is set, else register (C only) */
  V_P     /* nested function index (CLOSURE) */
};

#define X_ V_SPECIAL
#define N_ V_NONE
#define R_ V_REG
static const uint8_t operands[NUM_OPCODES][3] = {
  [OP_MOVE] = {R_, R_, N_},       [OP_LOADI] = {R_, N_, N_},
  [OP_LOADF] = {R_, N_, N_},      [OP_LOADK] = {R_, V_K, N_},
  [OP_LOADKX] = {R_, X_, N_},     [OP_LOADFALSE] = {R_, N_, N_},
  [OP_LFALSESKIP] = {R_, N_, N_}, [OP_LOADTRUE] = {R_, N_, N_},
  [OP_LOADNIL] = {X_, X_, N_},    [OP_GETUPVAL] = {R_, V_UPV, N_},
  [OP_SETUPVAL] = {R_, V_UPV, N_},
  [OP_GETTABUP] = {R_, V_UPV, V_KS},
  [OP_GETTABLE] = {R_, R_, R_},   [OP_GETI] = {R_, R_, N_},
  [OP_GETFIELD] = {R_, R_, V_KS},
  [OP_SETTABUP] = {V_UPV, V_KS, V_RK},
  [OP_SETTABLE] = {R_, R_, V_RK}, [OP_SETI] = {R_, N_, V_RK},
  [OP_SETFIELD] = {R_, V_KS, V_RK},
  [OP_NEWTABLE] = {R_, X_, X_},   [OP_SELF] = {X_, R_, X_},
  [OP_ADDI] = {R_, R_, N_},
  [OP_ADDK] = {R_, R_, V_KN},     [OP_SUBK] = {R_, R_, V_KN},
  [OP_MULK] = {R_, R_, V_KN},     [OP_MODK] = {R_, R_, V_KN},
  [OP_POWK] = {R_, R_, V_KN},     [OP_DIVK] = {R_, R_, V_KN},
  [OP_IDIVK] = {R_, R_, V_KN},
  [OP_BANDK] = {R_, R_, V_KI},    [OP_BORK] = {R_, R_, V_KI},
  [OP_BXORK] = {R_, R_, V_KI},
  [OP_SHRI] = {R_, R_, N_},       [OP_SHLI] = {R_, R_, N_},
  [OP_ADD] = {R_, R_, R_},        [OP_SUB] = {R_, R_, R_},
  [OP_MUL] = {R_, R_, R_},        [OP_MOD] = {R_, R_, R_},
  [OP_POW] = {R_, R_, R_},        [OP_DIV] = {R_, R_, R_},
  [OP_IDIV] = {R_, R_, R_},       [OP_BAND] = {R_, R_, R_},
  [OP_BOR] = {R_, R_, R_},        [OP_BXOR] = {R_, R_, R_},
  [OP_SHL] = {R_, R_, R_},        [OP_SHR] = {R_, R_, R_},
  [OP_UNM] = {R_, R_, N_},        [OP_BNOT] = {R_, R_, N_},
  [OP_NOT] = {R_, R_, N_},        [OP_LEN] = {R_, R_, N_},
  [OP_CONCAT] = {X_, X_, N_},     [OP_CLOSE] = {X_, N_, N_},
  [OP_TBC] = {R_, N_, N_},        [OP_JMP] = {X_, N_, N_},
  [OP_EQ] = {R_, R_, N_},         [OP_LT] = {R_, R_, N_},
  [OP_LE] = {R_, R_, N_},         [OP_EQK] = {R_, V_K, N_},
  [OP_EQI] = {R_, N_, N_},        [OP_LTI] = {R_, N_, N_},
  [OP_LEI] = {R_, N_, N_},        [OP_GTI] = {R_, N_, N_},
  [OP_GEI] = {R_, N_, N_},        [OP_TEST] = {R_, N_, N_},
  [OP_TESTSET] = {R_, R_, N_},
  [OP_CALL] = {X_, X_, X_},       [OP_TAILCALL] = {X_, X_, X_},
  [OP_RETURN] = {X_, X_, X_},     [OP_RETURN0] = {X_, N_, N_},
  [OP_RETURN1] = {R_, N_, N_},
  [OP_FORLOOP] = {X_, X_, N_},    [OP_FORPREP] = {X_, X_, N_},
  [OP_TFORPREP] = {X_, X_, N_},   [OP_TFORCALL] = {X_, N_, X_},
  [OP_TFORLOOP] = {X_, X_, N_},   [OP_SETLIST] = {X_, X_, X_},
  [OP_CLOSURE] = {R_, V_P, N_},   [OP_VARARG] = {X_, N_, X_},
  [OP_VARARGPREP] = {X_, N_, N_}, [OP_EXTRAARG] = {X_, N_, N_},
};
#undef X_
#undef N_
#undef R_

typedef struct Insn {
  Instruction i;
  OpCode op;
  int a, b, c, k, bx;
} Insn;

static Insn vfy_decode(const Proto *f, int pc) {
  Insn d;
  d.i = f->code[pc];
  d.op = GET_OPCODE(d.i);
  d.a = GETARG_A(d.i);
  d.b = GETARG_B(d.i);
  d.c = GETARG_C(d.i);
  d.k = GETARG_k(d.i);
  d.bx = GETARG_Bx(d.i);
  return d;
}

static const char *checkK(const Proto *f, int kind, int idx) {
  const TValue *o;
  if (idx >= f->sizek) return "constant index out of range";
  o = &f->k[idx];
  switch (kind) {
    case V_KS: return ttisshrstring(o) ? NULL : "constant is not a short string";
    case V_KN: return ttisnumber(o) ? NULL : "constant is not a number";
    case V_KI: return ttisinteger(o) ? NULL : "constant is not an integer";
    default: return NULL;
  }
}

static const char *checkoperand(const Proto *f, const Insn *d, int kind, int v) {
  switch (kind) {
    case V_REG: return v < f->maxstacksize ? NULL : "register out of range";
    case V_UPV: return v < f->sizeupvalues ? NULL : "upvalue index out of range";
    case V_K: case V_KS: case V_KN: case V_KI: return checkK(f, kind, v);
    case V_RK:
      if (d->k) return checkK(f, V_K, v);
      return v < f->maxstacksize ? NULL : "register out of range";
    case V_P: return v < f->sizep ? NULL : "function index out of range";
    default: return NULL;
  }
}

/* Where control can go after the instruction at pc other than to pc + 1
** (jumps, skips, and the instruction after an EXTRAARG): up to two targets
** in t[]; *next tells whether pc + 1 is a successor too. Targets are not
** range-checked here. */
static int branches(const Proto *f, int pc, int t[2], int *next) {
  Insn d = vfy_decode(f, pc);
  *next = 1;
  switch (d.op) {
    case OP_JMP: *next = 0; t[0] = pc + 1 + GETARG_sJ(d.i); return 1;
    case OP_LFALSESKIP: case OP_LOADKX: case OP_NEWTABLE:
      *next = 0; t[0] = pc + 2; return 1;
    case OP_SETLIST:
      if (!d.k) return 0;
      *next = 0; t[0] = pc + 2; return 1;
    case OP_FORPREP: t[0] = pc + 2 + d.bx; return 1;
    case OP_FORLOOP: case OP_TFORLOOP: t[0] = pc + 1 - d.bx; return 1;
    case OP_TFORPREP: *next = 0; t[0] = pc + 1 + d.bx; return 1;
    case OP_RETURN: case OP_RETURN0: case OP_RETURN1:
      *next = 0; return 0;
    /* OP_TAILCALL goes on to pc + 1: a tail-called C function that yields
    ** resumes the frame there (where compilers put RETURN A 0) */
    default:
      if (opflags[d.op] & OPF_T) { t[0] = pc + 2; return 1; } /* skips its JMP */
      return 0;
  }
}

static int opat(const Proto *f, int pc) {
  return (pc >= 0 && pc < f->sizecode) ? (int)GET_OPCODE(f->code[pc]) : -1;
}

/* Vararg functions move their frame in VARARGPREP and undo it on return:
** RETURN and TAILCALL carry numparams + 1 in C exactly when the function is
** vararg. */
static int varargC(const Proto *f) { return f->is_vararg ? f->numparams + 1 : 0; }

/* The operands the table marks V_SPECIAL, and the instructions that must
** or must not follow others. */
static const char *checkspecial(const Proto *f, int pc, const Insn *d) {
  int ms = f->maxstacksize;
  int a = d->a, b = d->b, c = d->c;
  /* Table sizes (NEWTABLE's hints, SETLIST's base index): the compiler
  ** flushes at most LFIELDS_PER_FLUSH items per SETLIST and each hash field
  ** takes an instruction, so larger values are forged; and they stay far
  ** from overflowing SETLIST's unsigned index arithmetic. */
  long long maxlist = (long long)LFIELDS_PER_FLUSH * f->sizecode;
  if (maxlist > MAXLISTHINT) maxlist = MAXLISTHINT;
  switch (d->op) {
    case OP_LOADKX:
      if (opat(f, pc + 1) != OP_EXTRAARG) return "missing EXTRAARG";
      return checkK(f, V_K, GETARG_Ax(f->code[pc + 1]));
    case OP_LOADNIL: return (a + b < ms) ? NULL : "register out of range";
    case OP_NEWTABLE: {
      long long asize = c;
      if (opat(f, pc + 1) != OP_EXTRAARG) return "missing EXTRAARG";
      if (d->k) asize += (long long)GETARG_Ax(f->code[pc + 1]) * (MAXARG_C + 1);
      if (b > 0 && (b - 1 > 30 || (1LL << (b - 1)) > 2LL * f->sizecode)) return "table size out of range";
      if (asize > maxlist) return "table size out of range";
      return NULL;
    }
    case OP_SELF:
      if (a + 1 >= ms) return "register out of range";
      if (d->k) {
        if (c >= f->sizek) return "constant index out of range";
        return ttisstring(&f->k[c]) ? NULL : "constant is not a string";
      }
      return c < ms ? NULL : "register out of range"; /* a string: checkflow */
    case OP_CONCAT:
      if (b < 2) return "bad CONCAT count";
      return (a + b <= ms) ? NULL : "register out of range";
    case OP_CLOSE: return (a <= ms) ? NULL : "register out of range";
    case OP_JMP: return NULL; /* target: checkcode */
    case OP_CALL:
      if (a >= ms || (b != 0 && a + b > ms) || (c != 0 && a + c - 1 > ms)) return "register out of range";
      return NULL;
    case OP_TAILCALL:
      if (a >= ms || (b != 0 && a + b > ms)) return "register out of range";
      return (c == varargC(f)) ? NULL : "bad vararg adjustment";
    case OP_RETURN:
      if (b == 0 ? a > ms : a + b - 1 > ms) return "register out of range";
      return (c == varargC(f)) ? NULL : "bad vararg adjustment";
    case OP_RETURN0:
      if (f->is_vararg) return "RETURN0 in a vararg function";
      return (a <= ms) ? NULL : "register out of range";
    case OP_RETURN1:
      return f->is_vararg ? "RETURN1 in a vararg function" : NULL;
    case OP_FORLOOP: case OP_FORPREP:
      return (a + 3 < ms) ? NULL : "register out of range";
    case OP_TFORPREP: {
      int t = pc + 1 + d->bx;
      if (a + 3 >= ms) return "register out of range";
      if (opat(f, t) != OP_TFORCALL || GETARG_A(f->code[t]) != a) return "bad generic for loop";
      return NULL;
    }
    case OP_TFORCALL:
      if (a + 6 >= ms || a + 3 + c >= ms) return "register out of range";
      if (opat(f, pc + 1) != OP_TFORLOOP || GETARG_A(f->code[pc + 1]) != a) return "bad generic for loop";
      return NULL;
    case OP_TFORLOOP: return (a + 4 < ms) ? NULL : "register out of range";
    case OP_SETLIST: {
      long long last = c;
      if (a >= ms || (b != 0 && a + b >= ms)) return "register out of range";
      if (d->k) {
        if (opat(f, pc + 1) != OP_EXTRAARG) return "missing EXTRAARG";
        last += (long long)GETARG_Ax(f->code[pc + 1]) * (MAXARG_C + 1);
      }
      return (last <= maxlist) ? NULL : "table size out of range";
    }
    case OP_VARARG:
      if (!f->is_vararg) return "VARARG in a function that is not vararg";
      if (a >= ms || (c != 0 && a + c - 1 > ms)) return "register out of range";
      return NULL;
    case OP_VARARGPREP:
      if (pc != 0 || !f->is_vararg || a != f->numparams) return "misplaced VARARGPREP";
      return NULL;
    case OP_EXTRAARG: {
      int prev = opat(f, pc - 1);
      if (prev == OP_LOADKX || prev == OP_NEWTABLE || (prev == OP_SETLIST && GETARG_k(f->code[pc - 1])))
        return NULL;
      return "misplaced EXTRAARG";
    }
    default: return NULL;
  }
}

static const char *checkcode(const Proto *f, int *errpc) {
  int pc;
  for (pc = 0; pc < f->sizecode; pc++) {
    Insn d;
    const char *why = NULL;
    int t[2], next, nt, j;
    *errpc = pc;
    if (GET_OPCODE(f->code[pc]) >= NUM_OPCODES) return "invalid opcode";
    d = vfy_decode(f, pc);
    switch (opformats[d.op]) {
      case iABC:
        why = checkoperand(f, &d, operands[d.op][0], d.a);
        if (!why) why = checkoperand(f, &d, operands[d.op][1], d.b);
        if (!why) why = checkoperand(f, &d, operands[d.op][2], d.c);
        break;
      case iABx:
        why = checkoperand(f, &d, operands[d.op][0], d.a);
        if (!why) why = checkoperand(f, &d, operands[d.op][1], d.bx);
        break;
      case iAsBx: why = checkoperand(f, &d, operands[d.op][0], d.a); break;
      default: break; /* iAx, isJ: no register or constant fields */
    }
    if (!why) why = checkspecial(f, pc, &d);
    if (why) return why;
    if ((opflags[d.op] & OPF_T) && opat(f, pc + 1) != OP_JMP) return "test without a jump";
    nt = branches(f, pc, t, &next);
    if (next && pc + 1 >= f->sizecode) return "code runs past its end";
    for (j = 0; j < nt; j++) {
      if (t[j] < 0 || t[j] >= f->sizecode) return "jump out of range";
      if (opat(f, t[j]) == OP_EXTRAARG) return "jump to an EXTRAARG";
      if (t[j] == 0 && f->is_vararg) return "jump to VARARGPREP";
    }
  }
  *errpc = -1;
  return NULL;
}

/* ======================================================================
** Verification: the flow check (see the top of the file)
** ====================================================================== */

#define NW ((MAXREGS + 1 + 63) / 64)
typedef uint64_t RegSet[NW];

typedef struct Facts {
  RegSet table;   /* holds the table NEWTABLE made (must, on every path) */
  RegSet str;     /* holds a string constant (must) */
  RegSet forloop; /* r: R[r..r+2] hold what FORPREP prepared (must) */
  RegSet upval;   /* may have an open upvalue */
  RegSet tbc;     /* may be a pending to-be-closed variable */
  int top;        /* the last OT instruction set the top at R[top] or above; -1: stale */
} Facts;

static int rtest(const RegSet s, int r) { return (s[r >> 6] >> (r & 63)) & 1; }
static void rset(RegSet s, int r) { s[r >> 6] |= (uint64_t)1 << (r & 63); }
static void rclr(RegSet s, int r) {
  if (r >= 0 && r <= MAXREGS) s[r >> 6] &= ~((uint64_t)1 << (r & 63));
}

/* Clears registers r and up. */
static void rclrfrom(RegSet s, int r) {
  int w;
  if (r < 0) r = 0;
  for (w = 0; w < NW; w++) {
    int lo = w * 64;
    if (r <= lo) s[w] = 0;
    else if (r < lo + 64) s[w] &= ((uint64_t)1 << (r - lo)) - 1;
  }
}

static int ranyfrom(const RegSet s, int r) {
  int w;
  if (r < 0) r = 0;
  for (w = 0; w < NW; w++) {
    int lo = w * 64;
    uint64_t m = s[w];
    if (r >= lo + 64) continue;
    if (r > lo) m &= ~(((uint64_t)1 << (r - lo)) - 1);
    if (m) return 1;
  }
  return 0;
}

/* R[r] gets a new value. */
static void vfy_kill(Facts *s, int r) {
  rclr(s->table, r);
  rclr(s->str, r);
  rclr(s->forloop, r);
  rclr(s->forloop, r - 1);
  rclr(s->forloop, r - 2);
}

/* R[r] and everything above get new values (calls, GC safe points). */
static void killfrom(Facts *s, int r) {
  rclrfrom(s->table, r);
  rclrfrom(s->str, r);
  rclrfrom(s->forloop, r - 2);
}

/* A closure captures R[r]: any call may now write it. */
static void capture(Facts *s, int r) {
  vfy_kill(s, r);
  rset(s->upval, r);
}

static void setfact(Facts *s, RegSet set, int r) {
  if (!rtest(s->upval, r)) rset(set, r);
}

/* Merges src into dst; returns whether dst changed. */
static int merge(Facts *dst, const Facts *src) {
  int w, changed = 0;
  int top = (dst->top < 0 || src->top < 0) ? -1 : (dst->top < src->top ? dst->top : src->top);
  for (w = 0; w < NW; w++) {
    uint64_t n;
#define MERGE(field, op) \
    n = dst->field[w] op src->field[w]; \
    if (n != dst->field[w]) { dst->field[w] = n; changed = 1; }
    MERGE(table, &)
    MERGE(str, &)
    MERGE(forloop, &)
    MERGE(upval, |)
    MERGE(tbc, |)
#undef MERGE
  }
  if (top != dst->top) {
    dst->top = top;
    changed = 1;
  }
  return changed;
}

/* Applies the instruction at pc to *s, the state before it: *s becomes the
** state after it, for pc + 1 and for the targets of branches() (TESTSET's
** write counts on both paths: conservative). Only FORPREP's branch (the
** loop skipped) sees another state, which it leaves in *br, returning
** *brdiff = 1. Returns why the instruction is unsafe in state *s. */
static const char *transfer(const Proto *f, int pc, Facts *s, Facts *br, int *brdiff) {
  Insn d = vfy_decode(f, pc);
  int a = d.a, b = d.b, c = d.c, r;
  int top = s->top;
  *brdiff = 0;
  /* OPF_IT with B=0: the operands run up to the top the previous (OPF_OT)
  ** instruction left, which must be above R[A] (the function, the table;
  ** RETURN may return nothing) */
  if (opmode_isIT(d.op) && b == 0 && top < (d.op == OP_RETURN ? a : a + 1))
    return "B=0 without a preceding multiple-results instruction";
  s->top = -1; /* the top is stale after anything but... */
  if (opmode_isOT(d.op) && c == 0) s->top = a; /* ...CALL and VARARG: results from R[A] up */
  switch (d.op) {
    case OP_LOADK: case OP_LOADKX: {
      int kidx = (d.op == OP_LOADK) ? d.bx : GETARG_Ax(f->code[pc + 1]);
      vfy_kill(s, a);
      if (ttisstring(&f->k[kidx])) setfact(s, s->str, a);
      break;
    }
    case OP_LOADNIL:
      for (r = a; r <= a + b; r++) vfy_kill(s, r);
      break;
    case OP_NEWTABLE:
      if (ranyfrom(s->upval, a + 1) || ranyfrom(s->tbc, a + 1)) return "GC point below a captured or to-be-closed register";
      vfy_kill(s, a);
      killfrom(s, a + 1); /* GC safe point: the stack above R[A] is cleared */
      setfact(s, s->table, a);
      break;
    case OP_SELF:
      if (!d.k && !rtest(s->str, c)) return "method name may not be a string";
      vfy_kill(s, a);
      vfy_kill(s, a + 1);
      break;
    case OP_CONCAT: /* a __concat call runs above the operands */
      if (ranyfrom(s->upval, a) || ranyfrom(s->tbc, a)) return "CONCAT over a captured or to-be-closed register";
      killfrom(s, a);
      break;
    case OP_CLOSE:
      rclrfrom(s->upval, a);
      rclrfrom(s->tbc, a);
      break;
    case OP_TBC:
      if (ranyfrom(s->tbc, a)) return "to-be-closed variables out of order";
      rset(s->tbc, a);
      break;
    case OP_CALL:
      if (ranyfrom(s->upval, a) || ranyfrom(s->tbc, a)) return "call over a captured or to-be-closed register";
      killfrom(s, a);
      break;
    case OP_TAILCALL:
      if (ranyfrom(s->tbc, 0)) return "tail call with pending to-be-closed variables";
      if (!d.k && ranyfrom(s->upval, 0)) return "tail call leaves open upvalues";
      /* after a yield in a tail-called C function: its results from R[A]
      ** up to the top, upvalues closed (k) or none */
      rclrfrom(s->upval, 0);
      killfrom(s, a);
      s->top = a;
      break;
    case OP_RETURN:
      if (!d.k && ranyfrom(s->tbc, 0)) return "return with pending to-be-closed variables";
      if (!d.k && ranyfrom(s->upval, 0)) return "return leaves open upvalues";
      break;
    case OP_RETURN0: case OP_RETURN1:
      if (ranyfrom(s->tbc, 0)) return "return with pending to-be-closed variables";
      if (ranyfrom(s->upval, 0)) return "return leaves open upvalues";
      break;
    case OP_FORPREP:
      for (r = a; r <= a + 3; r++) vfy_kill(s, r);
      *br = *s; /* loop skipped: the control registers may be anything */
      *brdiff = 1;
      if (!rtest(s->upval, a) && !rtest(s->upval, a + 1) && !rtest(s->upval, a + 2))
        rset(s->forloop, a);
      break;
    case OP_FORLOOP:
      if (!rtest(s->forloop, a)) return "FORLOOP without its FORPREP";
      vfy_kill(s, a);
      vfy_kill(s, a + 1);
      vfy_kill(s, a + 3);
      rset(s->forloop, a); /* FORLOOP keeps R[A..A+2] as it found them */
      break;
    case OP_TFORPREP:
      if (ranyfrom(s->tbc, a + 3)) return "to-be-closed variables out of order";
      rset(s->tbc, a + 3);
      break;
    case OP_TFORCALL: /* the iterator's frame starts at R[A+4] */
      if (ranyfrom(s->upval, a + 4) || ranyfrom(s->tbc, a + 4)) return "call over a captured or to-be-closed register";
      killfrom(s, a + 4);
      break;
    case OP_TFORLOOP: vfy_kill(s, a + 2); break;
    case OP_SETLIST:
      if (!rtest(s->table, a)) return "SETLIST on a register that may not hold a new table";
      break;
    case OP_CLOSURE: {
      const Proto *p = f->p[d.bx];
      for (r = 0; r < p->sizeupvalues; r++)
        if (p->upvalues[r].instack) capture(s, p->upvalues[r].idx);
      if (ranyfrom(s->upval, a + 1) || ranyfrom(s->tbc, a + 1)) return "GC point below a captured or to-be-closed register";
      vfy_kill(s, a);
      killfrom(s, a + 1); /* GC safe point */
      break;
    }
    case OP_VARARG:
      if (c == 0) { /* the top drops to R[A] + #varargs */
        if (ranyfrom(s->upval, a) || ranyfrom(s->tbc, a)) return "VARARG over a captured or to-be-closed register";
        killfrom(s, a);
      } else {
        for (r = a; r <= a + c - 2; r++) vfy_kill(s, r);
      }
      break;
    case OP_EXTRAARG: return "EXTRAARG reached";
    default:
      if (opflags[d.op] & OPF_A) vfy_kill(s, a);
      break;
  }
  return NULL;
}

typedef struct Flow {
  const Proto *f;
  int nl;          /* number of labels */
  int *lpc;        /* their pcs, ascending */
  Facts *lst;      /* the state on entry to each */
  uint8_t *lflag;  /* LF_* */
  int *queue;      /* circular FIFO of the pending labels (each once at most) */
  int qhead, qlen;
} Flow;

#define LF_REACHED 1
#define LF_PENDING 2

static void enqueue(Flow *F, int l) {
  if (F->lflag[l] & LF_PENDING) return;
  F->lflag[l] |= LF_PENDING;
  F->queue[(F->qhead + F->qlen++) % F->nl] = l;
}

static int labelof(const Flow *F, int pc) {
  int lo = 0, hi = F->nl - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (F->lpc[mid] == pc) return mid;
    if (F->lpc[mid] < pc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

static void flowto(Flow *F, int l, const Facts *s) {
  if (!(F->lflag[l] & LF_REACHED)) {
    F->lst[l] = *s;
    F->lflag[l] |= LF_REACHED;
    enqueue(F, l);
  } else if (merge(&F->lst[l], s)) {
    enqueue(F, l);
  }
}

/* Runs the instructions from label l until control leaves the straight
** line: a return, a jump, or the next label. */
static const char *walk(Flow *F, int l, int *errpc) {
  Facts s = F->lst[l];
  Facts br;
  int pc = F->lpc[l];
  for (;;) {
    int t[2], next, nt, j, brdiff;
    const char *why;
    *errpc = pc;
    why = transfer(F->f, pc, &s, &br, &brdiff);
    if (why) return why;
    nt = branches(F->f, pc, t, &next);
    for (j = 0; j < nt; j++) flowto(F, labelof(F, t[j]), brdiff ? &br : &s);
    if (!next) return NULL;
    pc++;
    if ((j = labelof(F, pc)) >= 0) {
      flowto(F, j, &s);
      return NULL;
    }
  }
}

static const char *checkflow(vm_State *S, const Proto *f, int *errpc) {
  Flow F;
  int pc, nmax = 1, j;
  size_t bitmapsize = ((size_t)f->sizecode + 7) / 8, size;
  char *mem;
  uint8_t *islabel;
  const char *why = NULL;
  for (pc = 0; pc < f->sizecode; pc++) {
    int t[2], next;
    nmax += branches(f, pc, t, &next);
  }
  size = (size_t)nmax * (sizeof(Facts) + 2 * sizeof(int) + 1) + bitmapsize;
  mem = (char *)mem_alloc(S, size); /* may raise: nothing is held yet */
  F.f = f;
  F.lst = (Facts *)mem;
  F.lpc = (int *)(F.lst + nmax);
  F.queue = F.lpc + nmax;
  F.lflag = (uint8_t *)(F.queue + nmax);
  islabel = F.lflag + nmax;
  memset(islabel, 0, bitmapsize);
  islabel[0] |= 1; /* the entry */
  for (pc = 0; pc < f->sizecode; pc++) {
    int t[2], next, nt = branches(f, pc, t, &next);
    for (j = 0; j < nt; j++) islabel[t[j] >> 3] |= (uint8_t)(1u << (t[j] & 7));
  }
  F.nl = 0;
  for (pc = 0; pc < f->sizecode; pc++)
    if (islabel[pc >> 3] & (1u << (pc & 7))) F.lpc[F.nl++] = pc;
  memset(F.lflag, 0, (size_t)F.nl);
  memset(&F.lst[0], 0, sizeof(Facts));
  F.lst[0].top = -1;
  F.qhead = F.qlen = 0;
  F.lflag[0] = LF_REACHED;
  enqueue(&F, 0);
  while (F.qlen > 0 && why == NULL) { /* until no state changes */
    int l = F.queue[F.qhead];
    F.qhead = (F.qhead + 1) % F.nl;
    F.qlen--;
    F.lflag[l] &= (uint8_t)~LF_PENDING;
    why = walk(&F, l, errpc);
  }
  mem_free(S, mem, size);
  if (!why) *errpc = -1;
  return why;
}

/* ======================================================================
** Verification: driver
** ====================================================================== */

static void verify(LoadState *L, const Proto *f) {
  int pc = -1;
  const char *why = checkshape(f);
  if (!why) why = checklocals(f);
  if (!why) why = checkclosures(f);
  if (!why) why = checkcode(f, &pc);
  if (!why) why = checkflow(L->S, f, &pc);
  if (why) {
    if (pc >= 0) {
      if (f->linedefined == 0)
        why = obj_pushfstring(L->S, "%s at instruction %d of the main function", why, pc + 1);
      else
        why = obj_pushfstring(L->S, "%s at instruction %d of the function at line %d", why, pc + 1,
                              f->linedefined);
    }
    loaderror(L, why);
  }
}
