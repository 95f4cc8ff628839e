/*
** jit.h — the tracing JIT's state and its interface to the interpreter.
**
** The interpreter (interp.c) counts loop back-edges in its interrupt
** check's slow path, which while the JIT is on runs at every 32nd back-edge
** or function entry or so (a sample), so with the JIT off counting costs
** nothing and with it on, code without traces runs about 0.6% more
** instructions (every 8th: 3%, fib and closure_oop). A loop with
** a compiled trace has its loop instruction changed to a J form
** (opcodes.h), whose check comes at once: the trace runs from the first
** back-edge on. When a loop's counter runs out,
** jit_backedge starts recording: the interpreter then passes each instruction
** to jit_record before running it (the same trap path the debug hooks
** use), and the recorder emits IR through the optimizer (opt.c) until the
** loop closes or something not supported yet aborts the trace with a
** named reason. Aborts back off: the loop must run twice as long again
** before the next attempt, up to a limit, never blacklisted forever.
** Function entries are sampled the same way (jit_funcentry): a hot
** recursive function gets a function trace, started at its first
** instruction (JitTrace.functrace).
*/
#ifndef TIDE_JIT_H
#define TIDE_JIT_H

#include "internal.h"
#include "ir.h"
#include "opt.h"

/* Why a trace was not completed. X(name, message) */
#define JIT_ABORTS(X) \
  X(NYI_BC, "bytecode not supported yet") \
  X(NYI_TYPE, "operand types not supported yet") \
  X(NYI_NILREAD, "table read of an absent value") \
  X(NYI_NEWKEY, "table write to an absent key") \
  X(GROWS, "the array part grows here (retried later)") \
  X(SAMPLED, "allocation while the allocation sampler is on") \
  X(NYI_META, "value with a metatable") \
  X(LEFT_FRAME, "left the loop's function") \
  X(NYI_CALL, "call not supported yet") \
  X(NYI_VARARG, "vararg function") \
  X(NYI_INNERLOOP, "loop inside an inlined call") \
  X(INNERLOOP, "inner loop not compiled yet") \
  X(TOO_DEEP, "calls nested too deep (recursion?)") \
  X(LOOP_EXIT, "the loop ended while recording") \
  X(HOOK, "debug hook active") \
  X(TOO_LONG, "trace too long") \
  X(GUARD_FAILS, "a guard always fails") \
  X(NOMEM, "out of memory") \
  X(ERROR, "an error unwound the loop") \
  X(LOOP_UNSTABLE, "a variable changes type around the loop") \
  X(NYI_IR, "IR instruction without machine code yet") \
  X(TOO_MANY_SPILLS, "too many values live at once") \
  X(NO_BACKEND, "no machine code backend for this machine")
typedef enum JitAbort {
#define JA_ENUM(name, msg) JA_##name,
  JIT_ABORTS(JA_ENUM)
#undef JA_ENUM
  JA__MAX, /* the number of reasons (their tables' size) */
  JA_OK    /* no abort: what the steps that can fail return on success */
} JitAbort;
extern const char *const jit_abortmsg[JA__MAX];

#define JIT_HOTSIZE 64          /* hashed hot counters */
#define JIT_HOTLOOP_DEFAULT 56  /* back-edges before recording starts */
#define JIT_SAMPLESTEP 32       /* while on, every 32nd back-edge is seen (at most) */
#define JIT_MAXSLOTS 256        /* frame slots a trace may touch */
#define JIT_MAXDEPTH 8          /* calls inlined into one another */
#define JIT_MAXUNROLL 4         /* back-edges of an inner loop without a trace followed */
#define JIT_MAXUNROLLALL 16     /* and of all of them in a trace */
#define JIT_MAXINS 4000         /* IR instructions per trace */
#define JIT_PENALTY_SLOTS 32
#define JIT_MAXBACKOFF 12       /* at most 2^12 x the threshold */
#define JIT_MAXCALLNEST 40      /* CALLLs inside one another (each a C call) */
#define JIT_PROFIT_ENTRIES 256  /* after this many entries into a trace, */
#define JIT_PROFIT_BC 16        /* fewer bytecodes per trace run drop it */
#define JIT_HOTEXIT 10          /* exits through a snapshot before a side trace */
#define JIT_FREEBUDGET ((int64_t)1 << 62) /* back-edges, when no host counts them */

#define JIT_MAXSPILL 192        /* spill slots per trace */
#define JIT_MAXABC 16           /* bounds guards a loop trace may hoist (loop.c loop_abcguards) */

/* What compiled code and jit.c share: where registers are saved around
** calls to C helpers, the spill slots, the budget their loop back-edges
** count against and the flag they look at for interrupts and hooks, and
** the trace an exit leaves. A trace
** is called as fn(base, &ex) and returns the number of the snapshot it
** exits through, having written that snapshot's values into the frames;
** on the way it may have gone on into other traces (side traces, loops
** it links to), so ex.trace says whose snapshot it is. */
struct JitTrace;
typedef struct JitExitState {
  uint64_t gpr[16];
  uint64_t fpr[16];      /* the bits of each XMM register's low double */
  vm_State *S;
  int64_t budget;        /* back-edges left before traces return (the host's
                         ** interrupt period, interp.c), but for the chunk
                         ** they count down in a register (asm_x64.c
                         ** ax_budgetcheck); on return, all that is left */
  int64_t chunk;         /* back-edges between looks at *stop */
  volatile int *stop;    /* &G->jitstop: stop at the next back-edge */
  volatile int *gcrequest; /* &G->gcrequest: a collection waits */
  int forced;            /* set by an exit of the back-edge checks, not a guard's */
  int gcstep;            /* set by GC safe points (IRF_GCSTEP) the traces ran */
  struct JitTrace *trace; /* set by the exit */
  uint64_t spill[JIT_MAXSPILL];
} JitExitState;

typedef int (*JitTraceFn)(TValue *base, JitExitState *ex);

/* A value a loop trace's body reads that its peeled iteration made (ref,
** the loop trace's), and the side trace's value going on into the body
** with it (from): for a loop-carried value, the side trace's value of
** the slot carrying it; for an invariant, its PVAL of it (already where
** the loop keeps it) or its own computation of it again (asm_x64.c
** ax_loopjump moves them). */
typedef struct JitLoopEntry {
  IRRef ref;
  IRRef from;
} JitLoopEntry;

/* A compiled trace: a loop, a path to another loop's trace (linkpc) or a
** side trace (parent). A root trace belongs to the loop's
** prototype (Proto.traces), which is old and never moves; the constants
** it refers to are that prototype's, so the prototype keeps them alive. */
typedef struct McArea McArea; /* code memory (asm.c) */

typedef struct JitTrace {
  struct JitTrace *next;      /* the prototype's next trace */
  struct JitTrace *gnext;     /* every trace of the state, for jit.flush */
  Proto *pt;
  const Instruction *startpc; /* the loop instruction (back-edge) */
  const Instruction *bodypc;  /* the loop body's first instruction */
  uint64_t number;
  IRBuf ir;                   /* kept: exits read its snapshots */
  uint32_t endsnap;           /* the snapshot at the loop's back-edge */
  int maxslot;                /* stack slots its frames use, from its base */
  int maxdepth;               /* the deepest inlined call */
  uint8_t *mcode;             /* in a code area (asm.c), read+execute */
  struct McArea *mcarea;      /* that area */
  size_t mclen;               /* code bytes */
  JitTraceFn fn;
  uint8_t *linkentry;         /* the entry from other traces' exits and links */
  uint8_t *exitcommon;        /* the return to jit.c */
  /* Where each snapshot's exit stub goes on to: exitcommon, or the link
  ** entry of the side trace attached there or of the loop trace a link
  ** leads to (jit.c keeps them up to date) */
  void **exitto;
  /* Where each guard's exit goes first: its stub's stores (and on to
  ** exitto), or straight to the side trace attached there when that
  ** inherited the snapshot's values (PVAL) and so needs none written */
  void **entryto;
  /* A trace without a loop (ir.loopref REF_NONE) ends at the back-edge
  ** of another loop: its end snapshot leaves the state that loop's trace
  ** (the one of pt starting at linkpc) starts from, which runs next. */
  const Instruction *linkpc;
  /* A link from inside an inlined call (the end snapshot has frames): the
  ** loop is callee's, whose frame jit.c builds before it runs the loop's
  ** trace; else NULL, and linkpc's loop is pt's (after returns below the
  ** trace's frame, pt is the prototype returned to). */
  const Proto *callee;
  uint8_t *callentry;         /* callee links: the code building the frames */
  void *linkto;               /* and then the linked trace's link entry */
  /* Side traces: side[sn] starts where an exit through snapshot sn left
  ** (a hot exit), and runs right after it. They belong to this trace. */
  struct JitTrace **side;
  struct JitTrace *parent;
  uint8_t dead;                /* a dropped tree's root (jit_dispose): it may still run */
  uint32_t nspill;             /* spill slots its code and its ancestors' use */
  /* Its liveness (per ref, the last instruction using it; in a loop
  ** trace, values live into the loop body live to ir.n), for its side
  ** traces; a loop trace's snapshot of the slots' values where the body
  ** starts (loopsnap: no guard uses it) and the body's address. A side
  ** trace ending at the loop of the trace it hangs from may go on there
  ** (loopto) rather than at its start (loop.c loop_link): then entry[]
  ** says how the body finds each of its values. */
  IRRef *lastuse;
  uint32_t loopsnap;
  uint8_t *loop;
  const struct JitTrace *loopto;
  struct JitLoopEntry *entry;
  uint32_t nentry;
  /* A link into the body of another loop's trace (not the one it hangs
  ** from: loopfar), whose number it was: the code goes there only while
  ** that trace is its loop's (bodyok, kept by jit.c jit_relinktree), else on
  ** at the loop's start as any other link */
  uint8_t loopfar, bodyok;
  /* A function trace: started at its function's first instruction
  ** (startpc, bodypc) when the function was hot, not at a loop; entered
  ** at function entries (jit_funcentry) and by links from traces calling
  ** it (its own recursive calls among them). No instruction marks it. */
  uint8_t functrace;
  uint8_t endexit;             /* it ends in an exit (JitState.endexit; 1: side traces
                               ** may grow there) */
  uint64_t looptonum;
  /* The first of the guards checking the loop index's range for the body
  ** (loop.c loop_abcguards: the body's bounds checks they cover are left out),
  ** or REF_NONE */
  IRRef abcfrom;
  uint64_t nentries;           /* runs started by the interpreter */
  uint64_t nwork;              /* bytecodes done in them (estimated from nbc) */
  uint32_t nbc;                /* bytecodes recorded: one pass, or one iteration */
  struct JitTrace *grave;      /* dropped while traces run: JitState.graveyard */
} JitTrace;

typedef struct JitPenalty {
  const Instruction *pc;
  uint8_t backoff;
  uint8_t drops;     /* its traces dropped as unprofitable */
  uint8_t left;      /* recordings that ended in the loop's exit */
  uint8_t noabc;     /* its range checks failed often: none hoisted (loop.c loop_abcguards) */
  uint32_t skip;     /* hot events still to ignore (after drops) */
} JitPenalty;

/* Library functions the recorder turns into IR (record.c's rec_builtin;
** gsub and unpack only to know them: rec_ccall): X(id, library's function
** list, name) */
#define JIT_BUILTINS(X) \
  X(MATH_SQRT, mathlib_funcs, "sqrt") X(MATH_ABS, mathlib_funcs, "abs") \
  X(MATH_FLOOR, mathlib_funcs, "floor") X(MATH_CEIL, mathlib_funcs, "ceil") \
  X(MATH_MIN, mathlib_funcs, "min") X(MATH_MAX, mathlib_funcs, "max") \
  X(STRING_LEN, stringlib_funcs, "len") X(STRING_BYTE, stringlib_funcs, "byte") \
  X(TYPE, baselib_funcs, "type") X(IPAIRS, baselib_funcs, "ipairs") \
  X(SELECT, baselib_funcs, "select") X(STRING_GSUB, stringlib_funcs, "gsub") \
  X(TABLE_UNPACK, tablib_funcs, "unpack") X(STRING_SUB, stringlib_funcs, "sub")
/* and the math functions of ir.h's IRFPMS (FMATH), found by their names */

/* Library functions a trace calls as they are (IR CALLC, record.c
** rec_ccall) when the recorder has no IR of its own for the call: they
** run no Lua code and do not yield, given what their arguments may be:
**   RAW   anything (no metamethod is looked at)
**   TAB   no userdata; a table's metatable, if any, has no __index,
**         __newindex nor __len (guarded)
**   META  no table with a metatable, no userdata (__tostring, __name...)
** and gsub, no function to call. Also every math function (RAW; one
** result, but modf and randomseed) and gmatch's iterator.
** X(library's function list, name, results: the count they always
** return or -1 when it varies, what the arguments may be) */
#define JIT_CCALLS(X) \
  X(baselib_funcs, "assert", -1, RAW) X(baselib_funcs, "error", 0, RAW) \
  X(baselib_funcs, "getmetatable", 1, RAW) X(baselib_funcs, "next", -1, RAW) \
  X(baselib_funcs, "pairs", 3, META) X(baselib_funcs, "print", 0, META) \
  X(baselib_funcs, "rawequal", 1, RAW) X(baselib_funcs, "rawlen", 1, RAW) \
  X(baselib_funcs, "rawget", 1, RAW) X(baselib_funcs, "rawset", 1, RAW) \
  X(baselib_funcs, "setmetatable", 1, RAW) X(baselib_funcs, "tonumber", 1, RAW) \
  X(baselib_funcs, "tostring", 1, META) \
  X(stringlib_funcs, "byte", -1, RAW) X(stringlib_funcs, "char", 1, RAW) \
  X(stringlib_funcs, "find", -1, RAW) X(stringlib_funcs, "format", 1, META) \
  X(stringlib_funcs, "gmatch", 1, RAW) X(stringlib_funcs, "gsub", 2, META) \
  X(stringlib_funcs, "len", 1, RAW) X(stringlib_funcs, "lower", 1, RAW) \
  X(stringlib_funcs, "match", -1, RAW) X(stringlib_funcs, "rep", 1, RAW) \
  X(stringlib_funcs, "reverse", 1, RAW) X(stringlib_funcs, "sub", 1, RAW) \
  X(stringlib_funcs, "upper", 1, RAW) X(stringlib_funcs, "pack", 1, RAW) \
  X(stringlib_funcs, "packsize", 1, RAW) X(stringlib_funcs, "unpack", -1, RAW) \
  X(tablib_funcs, "concat", 1, TAB) X(tablib_funcs, "insert", 0, TAB) \
  X(tablib_funcs, "pack", 1, RAW) X(tablib_funcs, "unpack", -1, TAB) \
  X(tablib_funcs, "remove", 1, TAB) X(tablib_funcs, "move", 1, TAB) \
  X(iolib_funcs, "write", 1, RAW) X(iolib_funcs, "read", -1, RAW) \
  X(oslib_funcs, "clock", 1, RAW) X(oslib_funcs, "date", 1, RAW) \
  X(oslib_funcs, "difftime", 1, RAW) X(oslib_funcs, "getenv", 1, RAW) \
  X(oslib_funcs, "time", 1, META) \
  X(utf8lib_funcs, "char", 1, RAW) X(utf8lib_funcs, "codepoint", -1, RAW) \
  X(utf8lib_funcs, "len", -1, RAW) X(utf8lib_funcs, "offset", 1, RAW)
typedef enum JitCCallArgs { JCC_RAW, JCC_TAB, JCC_META } JitCCallArgs;
#define JIT_MAXCCALLS 96 /* room for those and the math functions */

typedef enum JitBuiltin {
#define JB_ENUM(id, lib, name) JB_##id,
  JIT_BUILTINS(JB_ENUM)
#undef JB_ENUM
  JB__MAX
} JitBuiltin;

/* What the VM does, for -jstats' time split: a profiling timer's ticks
** are counted by where they land (jit_profile) */
#define JIT_WHERE(X) \
  X(INTERP, "interpreter") X(TRACE, "traces") X(COMPILE, "recording and compiling") X(GC, "collector")
typedef enum {
#define JW_ENUM(name, text) JW_##name,
  JIT_WHERE(JW_ENUM)
#undef JW_ENUM
  JW__MAX
} JitWhere;

/* A frame being recorded: the loop's function's (depth 0) or an inlined
** call's. */
typedef struct JitFrame {
  CallInfo *ci;          /* NULL until the callee's first instruction runs */
  const Proto *pt;
  int base;              /* its slot 0, relative to the trace's base */
  IRRef fn;              /* its closure (depth 0: REF_NONE, the FUNC) */
  uint32_t frameofs;     /* its snapshots' frame stack (IRBuf.frames) */
  SnapFrame snap;        /* how snapshots describe it (depth >= 1) */
  int finish;            /* a metamethod's frame: the slot (from frame 0's base) its
                         ** result goes to when it returns, -2 for a comparison's
                         ** (the jump follows its result); else -1 */
  int tforslot;          /* a generic for's iterator: the for's slot (from frame 0's
                         ** base), whose TFORLOOP its return makes; else -1 */
  /* The saved pc the interpreter leaves in the frame (CallInfo.savedpc)
  ** before the instruction being recorded: it saves it only at some
  ** instructions (as lua5.4), and errors of others (n%0) report the line of
  ** the last one. Seen as the recording goes (interp.c tracehook), kept
  ** in snapshots for the exits (jit_stalepc). */
  const Instruction *stale;
} JitFrame;

/* One recorded instruction, for -jdump's bytecode listing */
typedef struct JitBcLog {
  const Proto *pt;
  const Instruction *pc;
  int depth;             /* inlined calls it runs in */
} JitBcLog;

/* bclive.c: for each instruction of pt, the registers live before it (bit
** r of `words` uint64_t per instruction); malloc'd, NULL when out of memory */
uint64_t *bclive(const Proto *pt, int *words);

/* A function's bclive, kept while traces are recorded (snap.c snap_live) */
typedef struct JitLive {
  const Proto *pt;
  const Instruction *code; /* (pt's, checked too) */
  uint64_t *live;
  int words;
} JitLive;

#define JIT_LIVECACHE 4

typedef struct JitState {
  int on;                /* counting and recording enabled */
  int verbose;           /* -jv: a line per trace start, abort, completion */
  int dump;              /* -jdump: bytecode and IR of each trace */
  FILE *out;             /* where verbose lines and dumps go */
  uint32_t hotloop;      /* threshold */
  uint32_t hotexit;      /* exits through a snapshot that start a side trace */
  uint16_t hotcount[JIT_HOTSIZE];
  JitPenalty penalty[JIT_PENALTY_SLOTS];
  uint32_t penaltyround; /* round-robin replacement */
  /* the trace being recorded */
  int recording;
  vm_State *thread;      /* the coroutine recording happens in */
  JitFrame frame[JIT_MAXDEPTH + 1];
  int depth;             /* inlined calls active */
  const Instruction *lastpc; /* the instruction recorded last */
  int closing;           /* the loop instruction was recorded: does it loop? */
  vm_CFunction builtin[JB__MAX]; /* the functions of JIT_BUILTINS, by id */
  vm_CFunction fpmfunc[IRFPM__MAX]; /* math.sin..., by IRFPM */
  vm_CFunction ccall[JIT_MAXCCALLS]; /* those of JIT_CCALLS, and the math functions */
  int8_t ccallres[JIT_MAXCCALLS];    /* and their results (-1: it varies) */
  uint8_t ccallargs[JIT_MAXCCALLS];  /* and what their arguments may be (JitCCallArgs) */
  int nccall;
  TString *typename[VM_NUMTYPES]; /* type()'s results, fixed strings */
  int multres;           /* the top after a call returned all its results, or -1 */
  int pendslot;          /* the slot C code (CAT, CALLC) left its results from, or -1 */
  int npend;             /* and how many (-1: all a CALLL's call returned) */
  /* The last CALLL of all results: how many came, and the top after them
  ** (a stack offset: savestack) */
  int callnres;
  ptrdiff_t calltop;
  const Instruction *pendpc; /* where their guards exit to (NULL: the next instruction) */
  int pendtfor;          /* a generic for's slot whose TFORLOOP they go through, or -1 */
  /* Calls the trace makes (CALLL, record.c rec_luacall): how many so far;
  ** while the interpreter runs one (callwait), the frame it returns to
  ** and where (recording goes on there: jit_callreturned) */
  int ncalll;
  int callwait;
  CallInfo *waitci;
  const Instruction *waitpc; /* NULL: an iterator's, whose TFORLOOP (pendpc) runs
                         ** undispatched: the loop's body or past it next */
  /* Running traces: jit_runtrace's activations (a trace's CALLL runs the
  ** interpreter, which runs traces), the CALLLs among them, and the
  ** traces dropped meanwhile, freed once none runs (JitTrace.grave) */
  int running, callnest;
  struct JitTrace *graveyard;
  int unrolled;          /* back-edges to unrollpc followed (jit_unroll) */
  int unrolledall;       /* inner loops' back-edges followed */
  const Instruction *unrollpc;
  int ntailbelow;        /* tail calls of other functions in frame 0 */
  /* trees of traces taken off the list of all (a count), and that count
  ** when the recording began: if it is the same, its parent is alive */
  uint64_t unlinks, startunlinks;
  const Instruction *wassaved; /* the recorded frame's saved pc before the
                         ** instruction's trap set it (interp.c tracehook) */
  /* The last exit's innermost frame, the pc it resumes at and the saved
  ** pc the interpreter would have had there (JitFrame.stale): jit_stalepc */
  CallInfo *staleci;
  const Instruction *staleresume, *stalepc;
  uint32_t nbc;          /* bytecodes recorded */
  const Instruction *startpc;
  const Proto *startpt;  /* startpc's (the innermost frame's where the recording starts) */
  int functrace;         /* a function trace is recorded (JitTrace.functrace) */
  int shift;             /* frame 0's slot 0 relative to the trace's base: < 0
                         ** after returns below the trace's frame (RETF) */
  IRBuf ir;
  OptState opt;
  IRRef slot[JIT_MAXSLOTS]; /* the value of each frame slot, or REF_NONE */
  uint8_t written[JIT_MAXSLOTS]; /* slot changed since the trace began */
  int maxslot;           /* slots any frame has used (from frame 0's base) */
  int maxroom;           /* the most of shift + maxslot: from the trace's base */
  int maxdepth;
  int roomslots, roomdepth; /* the most of any trace: what runs make room for */
  const Instruction *bodypc; /* the first recorded instruction */
  const Instruction *loopend; /* a root trace's loop's last instruction */
  JitTrace *parent;      /* a side trace's parent, or NULL */
  uint32_t parentsnap;   /* and the snapshot whose exit it starts from */
  int inherited;         /* it took the parent's values there (inherit) */
  const Instruction *linkpc; /* a trace ending at another loop: its loop instruction */
  int endexit;           /* the trace ends after this instruction, leaving through
                         ** its end snapshot (record.c rec_ctailbelow); 2: before
                         ** it, a return the interpreter makes (rec_returnbelow),
                         ** where no side trace starts */
  const Proto *callee;   /* and that loop's function, when it is an inlined call's */
  JitTrace *traces;      /* every compiled trace (JitTrace.gnext) */
  McArea *mcarea;        /* the code area new traces go into (asm.c) */
  JitBcLog *bclog;       /* -jdump: the instructions recorded, in order */
  uint32_t nbclog, bclogsize;
  /* statistics */
  uint64_t ntraces, naborts, aborts[JA__MAX];
  uint64_t nside, nlink; /* of ntraces: side traces; traces ending in a link */
  uint64_t nfunc;        /* of ntraces: function traces */
  uint64_t nexits, nentries, ndropped;
  uint64_t niters;       /* loop iterations run inside traces */
  uint64_t ninterp;      /* back-edges the interpreter ran (each sample stands for istep) */
  uint32_t *rulefired;   /* per peephole rule (opt_nrules), times it fired */
  int report;            /* -jstats: jit_report to `out` when the state closes */
  volatile uint8_t where; /* JitWhere: what the VM does now, for the samples */
  volatile uint64_t samples[JW__MAX]; /* -jstats: profiling timer ticks, per JitWhere */
  JitLive live[JIT_LIVECACHE]; /* the functions recorded last (round robin) */
  /* A root trace's array bounds guards in its frame, with the array
  ** part's size and the 0-based index when recorded (loop.c loop_abcguards);
  ** covered: left out of the loop body if the values the index adds to
  ** the loop's (leaf) stay in the body */
  struct {
    IRRef guard;
    uint32_t asize;
    uint8_t covered, nleaf;
    IRRef leaf[3];
    int64_t index;
  } abc[JIT_MAXABC];
  uint32_t nabc;
  IRRef abcfrom;         /* the first guard loop_abcguards added, or REF_NONE */
  /* a test sequence recorded at once (record.c rec_testseq), which the
  ** interpreter runs from skipfrom on: recording goes on at skipto */
  const Instruction *skipfrom, *skipto;
  uint32_t livenext;
} JitState;

/* Whether loop trace R's body starts with a value of its own in the slot
** (R's loopsnap has it: every exit from the body writes it) */
int jit_loopslot(const JitTrace *R, uint32_t slot);
JitState *jit_state(vm_State *S); /* created on first use; NULL when out of memory */
/* The state closes: the profiling timer stops, the pending report is
** written (while the traces are still there) */
void jit_closing(Global *g);
void jit_free(Global *g);
/* A loop's back-edge (pc: the loop instruction, which just ran) while
** the JIT is on: runs the loop's trace, or counts the loop and when it is
** hot starts recording from the next instruction (setting ci's trap) up
** to and including this one again. Returns 1 when a trace ran: the
** interpreter goes on in S->ci at its savedpc; 2 when besides a
** collection its safe points asked for may be waiting (interp.c runs it). */
int jit_backedge(vm_State *S, CallInfo *ci, const Instruction *pc);
/* A Lua function's entry (frame ci, at its first instruction) while the
** JIT is on: runs the function's trace (JitTrace.functrace), or counts
** the entry and when the function is hot starts recording there; returns
** as jit_backedge. */
int jit_funcentry(vm_State *S, CallInfo *ci);
/* Recording: the instruction at pc is about to run in frame ci. Returns 1
** while recording goes on. */
int jit_record(vm_State *S, CallInfo *ci, const Instruction *pc);
void jit_setparam(vm_State *S, const char *name, int value);
/* Turns the JIT on or off (the jit module, tide -jon/-joff). */
void jit_seton(vm_State *S, int on);
/* An error unwinds the frames being recorded: the trace is dropped. */
void jit_cancel(vm_State *S);
/* Frees the traces of a prototype being collected. */
void jit_freeproto(Global *g, Proto *p);
/* Drops every compiled trace (jit.flush). */
void jit_flush(Global *g);
/* Writes the statistics (traces, aborts by reason, exits, peephole rules
** fired) as text: jit.report, -jstats. */
void jit_report(JitState *J, FILE *out);
/* The backend (asm.c, with asm_x64.c lowering): compiles J's finished IR into T's machine code.
** Returns JA_OK on success, else the reason it could not. */
JitAbort asm_trace(JitState *J, JitTrace *T);
/* The machine code backend of this build ("x64"), or NULL: traces are
** then recorded but never compiled (jit.backend; tide turns the JIT on by
** default only with one). */
const char *asm_backend(void);
void asm_freecode(JitTrace *T);
/* J's code areas are let go as the state closes: each goes with its last
** trace (asm.c) */
void asm_mcode_free(JitState *J);
/* Writes a listing of T's machine code. */
void asm_dump(const JitTrace *T, FILE *out);
/* Helpers compiled code calls */
/* Before an error of an instruction that does not save the pc (n%0,
** n//0): if nothing saved it since the last exit, the saved pc the
** interpreter would have had there, had no trace run (JitFrame.stale) */
void jit_stalepc(vm_State *S);
/* ci's saved pc as the interpreter would have it (the same) */
const Instruction *jit_savedpc(vm_State *S, CallInfo *ci);
vm_Integer jit_idiv(vm_Integer a, vm_Integer b);
vm_Integer jit_imod(vm_Integer a, vm_Integer b);
vm_Integer jit_udiv(vm_Integer a, vm_Integer b);
vm_Integer jit_shiftr(vm_Integer a, vm_Integer b);
vm_Integer jit_tgets(Table *t, TString *key); /* IR TGETS */
vm_Integer jit_strcmp(TString *a, TString *b); /* IR STRCMP */
TString *jit_strnew(vm_State *S, const char *s, vm_Integer n); /* IR SNEW */
LClosure *jit_closure(vm_State *S, Proto *p, int32_t base); /* IR FNEW */
void jit_uclose(vm_State *S, int32_t level);                /* IR UCLO */
vm_Integer jit_streq(TString *a, TString *b);  /* IR STREQ */
vm_Number jit_fmod(vm_Number a, vm_Number b);
void jit_tbar(vm_State *S, Table *t, GCObject *v);
Table *jit_tnew(vm_State *S, uint32_t asize, uint32_t hsize);
TValue *jit_tslotint(vm_State *S, Table *t, vm_Integer key);
TValue *jit_tresize(vm_State *S, Table *t, uint32_t asize);
TValue *jit_tslotobj(vm_State *S, Table *t, GCObject *key);
const TValue *jit_hrefobj(Table *t, GCObject *key); /* IR HREF */
TValue *jit_cat(vm_State *S, TValue *first, int n, int slot);
TValue *jit_callframes(vm_State *S, const JitTrace *X);
TValue *jit_callc(vm_State *S, const JitTrace *T, uint32_t sn, uint32_t call, int32_t dest);
TValue *jit_calll(vm_State *S, const JitTrace *T, uint32_t sn, uint32_t call, int32_t dest);
/* A call the recorder waits for returns (interp.c, CIST_JITREC): the
** caller's instructions trap again (returns whether to trap) */
int jit_callreturned(vm_State *S);
/* An error unwound to a protected call made when `running` traces ran
** and `callnest` CALLLs (vm.c do_rawrunprotected): those are the counts */
void jit_unwound(Global *g, int running, int callnest, int where);
/* Where the VM is from now on (JitWhere); returns where it was */
static inline int jit_setwhere(Global *g, int w) {
  JitState *J = g->jit;
  int was;
  if (J == NULL) return JW_INTERP;
  was = J->where;
  J->where = (uint8_t)w;
  return was;
}
/* Starts (on) or stops the profiling timer counting JitState.samples:
** one state at a time; 0 if it cannot */
int jit_profile(JitState *J, int on);
/* RETF's op2: the results the caller wants (16 bits), and this flag: the
** RETURN closes upvalues (its k), so the guards check there are none */
#define JIT_RETF_CLOSE 0x10000u

/* CALLC's op2: the function's slot (counted from frame 0's base), the
** argument count, the results wanted; its op1 is the slot they go to */
#define JIT_CALLC(slot, nargs, want) ((uint32_t)(slot) | (uint32_t)(nargs) << 8 | (uint32_t)(want) << 16)
/* CALLL's want: all the results (JitState.callnres says how many came) */
#define JIT_CALLALL 0xff
/* IRSnap.top of the snapshot right after a CALLL of all results: an exit
** there keeps the top the call left (JitState.calltop) */
#define JIT_TOPCALL (-2)

/* The libraries' function lists: the recorder knows some of those
** functions (JIT_BUILTINS, JIT_CCALLS). */
extern const vm_Reg baselib_funcs[];
int baselib_ipairsaux(vm_State *S); /* the iterator ipairs returns */
extern const vm_Reg mathlib_funcs[];
extern const vm_Reg stringlib_funcs[];
int stringlib_gmatchaux(vm_State *S); /* the iterator gmatch returns */
extern const vm_Reg tablib_funcs[];
extern const vm_Reg iolib_funcs[];
extern const vm_Reg oslib_funcs[];
extern const vm_Reg utf8lib_funcs[];

/* The `jit` module (libjit.c), preloaded by vm_openlibs. */
int jit_openlib(vm_State *S);

#define jit_hashpc(pc) ((((uintptr_t)(pc)) >> 2) & (JIT_HOTSIZE - 1))

#endif
