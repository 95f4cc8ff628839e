/*
** ir.h — the trace IR: opcodes, types, instructions, snapshots.
**
** A trace is one linear SSA array of IRIns. An instruction is named by its
** index in that array (an IRRef); operands are IRRefs of earlier
** instructions or literals, as the opcode's operand kinds say. Constants
** are instructions too (K* opcodes), interned per trace, so a constant
** has one reference and comparing references compares values. Refs start
** at REF_FIRST; 0 (REF_NONE) means "no operand".
**
** IROPS(X) is the one list of opcodes: X(name, op1 kind, op2 kind,
** flags). It drives the enum, the names in dumps (ir.c), the operand kinds
** the dumper and the optimizer read, and the flags below. Integer
** arithmetic is 64-bit two's complement and wraps, as Lua 5.4's does, so
** it needs no overflow guards; float arithmetic is IEEE double. The
** semantics of each opcode are written next to it; the peephole rules
** (opt.rules) and their proofs (tools/rulegen.c) rely on them.
**
** Flags:
**   IRF_COMM    commutative (the optimizer puts constants second)
**   IRF_GUARD   a guard: exits the trace through its snapshot when false
**   IRF_LOAD    reads memory that stores may change (no CSE across them)
**   IRF_STORE   writes memory
**   IRF_ALLOC   allocates (nothing moves: the GC never runs inside a trace)
**   IRF_GCSTEP  the interpreter's safe point (interp.c's checkGC, a C
**               function's): a collection it asks for runs at the trace's
**               next back-edge or link entry, or after the run; one a
**               table store asks for waits, as in the interpreter, for the
**               next safe point
**   IRF_EFFECT  has an effect beyond its result: never removed, never CSE'd
**   IRF_CONST   a constant (K*)
*/
#ifndef TIDE_IR_H
#define TIDE_IR_H

#include <stdint.h>
#include <stddef.h>

/* Operand kinds */
enum { IRM_NONE, IRM_REF, IRM_LIT };

#define IRF_COMM   0x01
#define IRF_GUARD  0x02
#define IRF_LOAD   0x04
#define IRF_STORE  0x08
#define IRF_ALLOC  0x10
#define IRF_EFFECT 0x20
#define IRF_CONST  0x40
#define IRF_GCSTEP 0x80

/* X(name, op1 kind, op2 kind, flags) */
#define IROPS(X) \
  /* no-op (a removed instruction); the loop marker between the peeled    \
  ** iteration and the loop body */                                       \
  X(NOP, IRM_NONE, IRM_NONE, 0)                                            \
  X(LOOP, IRM_NONE, IRM_NONE, IRF_EFFECT)                                  \
  /* constants: the value is in IRIns.k; KPRI's type says nil/false/true */\
  X(KPRI, IRM_NONE, IRM_NONE, IRF_CONST)                                   \
  X(KINT, IRM_NONE, IRM_NONE, IRF_CONST)                                   \
  X(KNUM, IRM_NONE, IRM_NONE, IRF_CONST)                                   \
  X(KGC, IRM_NONE, IRM_NONE, IRF_CONST)  /* a GC object, kept alive by the trace */ \
  X(KPTR, IRM_NONE, IRM_NONE, IRF_CONST)  /* a raw pointer (not collectable) */ \
  /* integer guards, signed: exit unless op1 <cmp> op2 */                 \
  X(LT, IRM_REF, IRM_REF, IRF_GUARD)                                       \
  X(GE, IRM_REF, IRM_REF, IRF_GUARD)                                       \
  X(LE, IRM_REF, IRM_REF, IRF_GUARD)                                       \
  X(GT, IRM_REF, IRM_REF, IRF_GUARD)                                       \
  /* unsigned (bounds checks) */                                          \
  X(ULT, IRM_REF, IRM_REF, IRF_GUARD)                                      \
  X(UGE, IRM_REF, IRM_REF, IRF_GUARD)                                      \
  X(ULE, IRM_REF, IRM_REF, IRF_GUARD)                                      \
  X(UGT, IRM_REF, IRM_REF, IRF_GUARD)                                      \
  /* float guards; the N forms hold when unordered (a NaN operand), so    \
  ** the guard for the branch not taken by `a < b` is FNLT, not FGE */    \
  X(FLT, IRM_REF, IRM_REF, IRF_GUARD)                                      \
  X(FNLT, IRM_REF, IRM_REF, IRF_GUARD)                                     \
  X(FLE, IRM_REF, IRM_REF, IRF_GUARD)                                      \
  X(FNLE, IRM_REF, IRM_REF, IRF_GUARD)                                     \
  /* equality of 64-bit payloads (integers, pointers) and of floats */    \
  X(EQ, IRM_REF, IRM_REF, IRF_GUARD | IRF_COMM)                            \
  X(NE, IRM_REF, IRM_REF, IRF_GUARD | IRF_COMM)                            \
  X(FEQ, IRM_REF, IRM_REF, IRF_GUARD | IRF_COMM)                           \
  X(FNE, IRM_REF, IRM_REF, IRF_GUARD | IRF_COMM)                           \
  /* integer arithmetic, wrapping */                                      \
  X(ADD, IRM_REF, IRM_REF, IRF_COMM)                                       \
  X(SUB, IRM_REF, IRM_REF, 0)                                              \
  X(MUL, IRM_REF, IRM_REF, IRF_COMM)                                       \
  X(NEG, IRM_REF, IRM_NONE, 0)                                             \
  X(IDIV, IRM_REF, IRM_REF, 0)  /* floor(op1 / op2); op2 != 0 (a guard precedes) */ \
  X(MOD, IRM_REF, IRM_REF, 0)  /* op1 - floor(op1/op2)*op2; op2 != 0 */    \
  X(UDIV, IRM_REF, IRM_REF, 0)  /* unsigned op1 / op2; op2 != 0 */         \
  X(BAND, IRM_REF, IRM_REF, IRF_COMM)                                      \
  X(BOR, IRM_REF, IRM_REF, IRF_COMM)                                       \
  X(BXOR, IRM_REF, IRM_REF, IRF_COMM)                                      \
  X(BNOT, IRM_REF, IRM_NONE, 0)                                            \
  /* Lua shifts: the count is signed; |count| >= 64 gives 0; a negative   \
  ** count shifts the other way; SHR is logical */                        \
  X(SHL, IRM_REF, IRM_REF, 0)                                              \
  X(SHR, IRM_REF, IRM_REF, 0)                                              \
  /* float arithmetic */                                                  \
  X(FADD, IRM_REF, IRM_REF, IRF_COMM)                                      \
  X(FSUB, IRM_REF, IRM_REF, 0)                                             \
  X(FMUL, IRM_REF, IRM_REF, IRF_COMM)                                      \
  X(FDIV, IRM_REF, IRM_REF, 0)                                             \
  X(FNEG, IRM_REF, IRM_NONE, 0)                                            \
  X(FMOD, IRM_REF, IRM_REF, 0)  /* Lua's float %: fmod, then sign of op2 */ \
  X(FPOW, IRM_REF, IRM_REF, 0)                                             \
  X(FLOOR, IRM_REF, IRM_NONE, 0)                                           \
  X(CEIL, IRM_REF, IRM_NONE, 0)                                            \
  X(FSQRT, IRM_REF, IRM_NONE, 0)                                           \
  X(FABS, IRM_REF, IRM_NONE, 0)                                            \
  /* libm function op2 (an IRFPM_*, ir_fpm) of op1: a call */              \
  X(FMATH, IRM_REF, IRM_LIT, 0)                                            \
  /* conversions: ITOF exact-or-rounded int -> float; FTOI float ->      \
  ** int, guarded: exits unless the float has an exact integer value */  \
  X(ITOF, IRM_REF, IRM_NONE, 0)                                            \
  X(FTOI, IRM_REF, IRM_NONE, IRF_GUARD)                                    \
  /* interpreter state: SLOAD reads frame slot op1 (relative to the       \
  ** trace's base, an int32: below 0 in frames the trace returned to) and \
  ** guards its type tag against the instruction's type unless op2 has   \
  ** SLOAD_NOCHECK */                                                     \
  X(SLOAD, IRM_LIT, IRM_LIT, IRF_GUARD)                                    \
  /* object fields: FLOAD reads field op2 (an IRFL_*) of object op1 */    \
  X(FLOAD, IRM_REF, IRM_LIT, IRF_LOAD)                                     \
  /* table array part: AREF is the address of slot op2 (0-based) of the  \
  ** array whose base is op1; ALOAD/ASTORE read/write a value there */    \
  X(AREF, IRM_REF, IRM_REF, 0)                                             \
  X(ALOAD, IRM_REF, IRM_NONE, IRF_GUARD | IRF_LOAD)                        \
  X(ASTORE, IRM_REF, IRM_REF, IRF_STORE)                                   \
  /* ATAG: the type tag (an integer) of the value at address op1 (AREF,   \
  ** HREF), unguarded: a test sequence's truth (record.c rec_testseq) */     \
  X(ATAG, IRM_REF, IRM_NONE, IRF_LOAD)                                     \
  /* table hash part: HREFK finds constant key op2 in table op1's hash    \
  ** part and exits if absent; HLOAD/HSTORE read/write the node's value */\
  X(HREFK, IRM_REF, IRM_REF, IRF_GUARD | IRF_LOAD)                         \
  X(HLOAD, IRM_REF, IRM_NONE, IRF_GUARD | IRF_LOAD)                        \
  X(HSTORE, IRM_REF, IRM_REF, IRF_STORE)                                   \
  /* HREF: the address of key op2's value in table op1, either part (a    \
  ** call: a raw lookup; an absent key's holds nil), which ALOAD reads.   \
  ** Integer keys and collectable ones (strings, tables, functions...) */ \
  X(HREF, IRM_REF, IRM_REF, IRF_LOAD)                                      \
  X(TBAR, IRM_REF, IRM_REF, IRF_EFFECT)  /* write barrier: table op1 got value op2 */ \
  /* allocating calls (the GC never runs inside a trace, so nothing moves; \
  ** a collection TNEW asks for waits for the back-edge's exit).          \
  ** TNEW: a new table with room for op1 array items and op2 hash nodes;  \
  ** TSLOT: the address of key op2's value in table op1, the key inserted \
  ** if absent (holding false until the store that follows; the table    \
  ** may grow); TRESIZE: table op1's array part resized to op2 slots (as \
  ** SETLIST grows it), the new array's address its result */           \
  X(TNEW, IRM_LIT, IRM_LIT, IRF_ALLOC | IRF_GCSTEP | IRF_EFFECT)           \
  X(TSLOT, IRM_REF, IRM_REF, IRF_STORE | IRF_ALLOC | IRF_EFFECT)           \
  X(TRESIZE, IRM_REF, IRM_LIT, IRF_STORE | IRF_ALLOC | IRF_EFFECT)         \
  /* C code run on frame slots: SSTORE writes value op2 into slot op1    \
  ** (relative to the trace's base); CAT concatenates the op2 strings or  \
  ** numbers from slot op1 on into slot op1; CALLC makes the call its   \
  ** snapshot is at (jit.h JIT_CALLC op2: the C function's slot, the     \
  ** arguments, the results wanted; op1 the slot the results go to; a   \
  ** library function that runs no Lua code, collections wait), with    \
  ** the frames of the inlined calls built                                \
  ** for it (a guard only for its snapshot: it never exits). The stack   \
  ** may move: the backend reloads the base. RLOAD reads slot op1 after  \
  ** them, guarding its type as SLOAD does. */                           \
  X(SSTORE, IRM_LIT, IRM_REF, IRF_STORE)                                   \
  X(CAT, IRM_LIT, IRM_LIT, IRF_STORE | IRF_ALLOC | IRF_GCSTEP | IRF_EFFECT) \
  X(CALLC, IRM_LIT, IRM_LIT, IRF_GUARD | IRF_STORE | IRF_ALLOC | IRF_GCSTEP | IRF_EFFECT) \
  /* a call of anything (a Lua function, any C function, a __call), its \
  ** operands as CALLC's, made as the interpreter makes it (jit.c       \
  ** jit_calll): Lua code runs, collections move objects, so every slot  \
  ** was written before it (SSTORE), and nothing of before it is used   \
  ** after it (opt.c: no CSE across it; the recorder reloads slots with  \
  ** RLOAD). Its guard fails, before the call, where it cannot be made   \
  ** so (a coroutine, which may yield; C calls nested too deep). */     \
  X(CALLL, IRM_LIT, IRM_LIT, IRF_GUARD | IRF_STORE | IRF_ALLOC | IRF_GCSTEP | IRF_EFFECT) \
  X(RLOAD, IRM_LIT, IRM_NONE, IRF_GUARD | IRF_LOAD)                        \
  /* the running closure: the function slot of the frame based at slot  \
  ** op1 (an int32: not 0 once the trace returned below its frame) */    \
  X(FUNC, IRM_LIT, IRM_NONE, 0)                                            \
  /* a return from the frame the trace runs in (S->ci) to its caller:    \
  ** guards that the call came from the interpreter (not from C code)    \
  ** wanting op2 results and that the caller resumes at pc op1 (a KPTR, \
  ** which also fixes its prototype and its base); then S->ci is the    \
  ** caller. Exits redo the return in the interpreter. With op2's      \
  ** JIT_RETF_CLOSE (a RETURN with k), also that nothing is to be      \
  ** closed at or above the frame's base. */                            \
  X(RETF, IRM_REF, IRM_LIT, IRF_GUARD | IRF_EFFECT)                        \
  /* the frame the trace runs in (S->ci) was tail-called: a tail call of \
  ** its own function in it (CIST_TAIL, as the interpreter marks it) */  \
  X(CITAIL, IRM_NONE, IRM_NONE, IRF_EFFECT)                                \
  /* the address of the trace's slot 0 (open upvalues are compared to it) */\
  X(BASE, IRM_NONE, IRM_NONE, IRF_LOAD)  /* (CAT and CALLC may move it) */  \
  /* strings op1 and op2 compared: STRCMP's sign is their order for < and \
  ** <= (interp.c interp_strcmp, strcoll); STREQ is 1 when two long     \
  ** strings hold the same bytes, else 0 (calls) */                      \
  X(STRCMP, IRM_REF, IRM_REF, 0)                                           \
  X(STREQ, IRM_REF, IRM_REF, 0)                                            \
  /* CLOSURE: a closure of prototype op1 (a KPTR) made in the frame     \
  ** based at slot op2 (from S->ci's base; its function slot holds the  \
  ** enclosing closure), its upvalues found or opened as the interpreter \
  ** does (jit.c jit_closure); UCLO closes the open upvalues at or above \
  ** slot op1 (CLOSE; the slots were written first) */                  \
  X(FNEW, IRM_REF, IRM_LIT, IRF_ALLOC | IRF_GCSTEP | IRF_EFFECT)           \
  X(UCLO, IRM_LIT, IRM_NONE, IRF_STORE | IRF_ALLOC | IRF_EFFECT)           \
  /* the border of table op1 (#t without __len), a call */                \
  X(TLEN, IRM_REF, IRM_NONE, IRF_LOAD)                                     \
  /* Lua 5.4's length hint (Table.alimit): an access of table op1's      \
  ** array part at 0-based index op2 (checked in range) moves it past    \
  ** the index as the interpreter's lookup does (table.c tab_getint), so \
  ** that # finds the border lua5.4 finds in a table with holes. Only    \
  ** TLEN reads the hint. */                                             \
  X(AHINT, IRM_REF, IRM_REF, IRF_STORE)                                    \
  /* byte op2 (0-based, inside the string: a guard precedes) of string   \
  ** op1; strings never change, so it is no load */                       \
  X(SBYTE, IRM_REF, IRM_REF, 0)                                            \
  /* the extra arguments of the vararg function the trace runs in        \
  ** (S->ci's nextraargs; op1 is frame 0's slot 0 from the trace's base,  \
  ** which tells apart the frames it returns below to) */               \
  X(NVARG, IRM_LIT, IRM_NONE, 0)                                           \
  /* how many results the CALLL op1 (the last one) returned, when it    \
  ** wanted all (JitState.callnres) */                                   \
  X(NRES, IRM_LIT, IRM_NONE, 0)                                            \
  /* a string of the op2 bytes at address op1 (inside another string:  \
  ** string.sub), a call (jit.c jit_strnew); its type (short or long)   \
  ** follows from op2, which a guard bounds */                          \
  X(SNEW, IRM_REF, IRM_REF, IRF_ALLOC | IRF_GCSTEP | IRF_EFFECT)           \
  /* upvalues: UREF is upvalue op2 of closure op1; ULOAD/USTORE its value */\
  X(UREF, IRM_REF, IRM_LIT, 0)  /* a closure's upvalues never change */   \
  X(ULOAD, IRM_REF, IRM_NONE, IRF_GUARD | IRF_LOAD)                        \
  X(USTORE, IRM_REF, IRM_REF, IRF_STORE)                                   \
  /* loop-carried values: op1 before the loop, op2 at the end of the body */\
  X(PHI, IRM_REF, IRM_REF, 0)                                              \
  /* a side trace's value inherited from its parent: the parent's         \
  ** instruction op1, which its exit leaves in the parent's register or   \
  ** spill slot for it (no code; asm_x64.c keeps it there) */            \
  X(PVAL, IRM_LIT, IRM_NONE, 0)                                            \
  /* 1 if table op1 holds a value (not nil) at string key op2, raw, else \
  ** 0: a call (a key's absence, where __index would be consulted) */    \
  X(TGETS, IRM_REF, IRM_REF, IRF_LOAD)                                     \

typedef enum IROp {
#define IROP_ENUM(name, m1, m2, f) IR_##name,
  IROPS(IROP_ENUM)
#undef IROP_ENUM
  IR__MAX
} IROp;

extern const char *const ir_opname[IR__MAX];
extern const uint8_t ir_opflags[IR__MAX];
extern const uint8_t ir_opmode[IR__MAX][2];

#define ir_isguard(op) ((ir_opflags[op] & IRF_GUARD) != 0)
#define ir_isconst(op) ((ir_opflags[op] & IRF_CONST) != 0)

/* Value types of IR instructions. The tagged ones are the interpreter's
** tags (internal.h T_*), so a type guard compares a slot's tag with the
** instruction's type directly; the rest exist only in traces. */
#define IRTYPES(X) \
  X(NIL, "nil") X(FALSE, "fal") X(TRUE, "tru") X(INT, "int") X(NUM, "num") \
  X(LIGHTUD, "lud") X(LCF, "lcf") X(SHRSTR, "str") X(LNGSTR, "lst") \
  X(TAB, "tab") X(LCL, "fun") X(CCL, "cfn") X(UDATA, "udt") X(THREAD, "thr") \
  X(PTR, "ptr") X(U32, "u32") X(VOID, "")
typedef enum IRType {
#define IRT_ENUM(name, str) IRT_##name,
  IRTYPES(IRT_ENUM)
#undef IRT_ENUM
  IRT__MAX
} IRType;
extern const char *const ir_typename[IRT__MAX];
/* The types whose values are only a tag (no payload to hold) */
#define ir_haspayload(t) ((t) != IRT_VOID && (t) != IRT_NIL && (t) != IRT_FALSE && (t) != IRT_TRUE)

/* Fields for FLOAD */
#define IRFIELDS(X) \
  X(TAB_META) X(TAB_ARRAY) X(TAB_ASIZE) X(TAB_NODE) X(TAB_LSIZENODE) \
  X(STR_LEN) X(FUNC_PROTO) X(CCL_F) X(UDATA_META) X(UPVAL_V) \
  X(G_STRMETA) /* of the Global (a KPTR): the strings' metatable */
typedef enum IRField {
#define IRFL_ENUM(name) IRFL_##name,
  IRFIELDS(IRFL_ENUM)
#undef IRFL_ENUM
  IRFL__MAX
} IRField;
extern const char *const ir_fieldname[IRFL__MAX];

/* The libm functions of FMATH: X(name, C function); math.sin etc. call
** these very functions, so a trace computes what the library does */
#define IRFPMS(X) \
  X(SIN, sin) X(COS, cos) X(TAN, tan) X(ASIN, asin) X(ACOS, acos) \
  X(EXP, exp) X(LOG, log)
typedef enum IRFpm {
#define IRFPM_ENUM(name, f) IRFPM_##name,
  IRFPMS(IRFPM_ENUM)
#undef IRFPM_ENUM
  IRFPM__MAX
} IRFpm;
extern double (*const ir_fpm[IRFPM__MAX])(double);
extern const char *const ir_fpmname[IRFPM__MAX];

#define SLOAD_NOCHECK 1 /* SLOAD op2 flag: the type is known, no guard */

typedef uint32_t IRRef;
#define REF_NONE 0u
#define REF_FIRST 1u

#define REG_NONE 0xff /* IRIns.reg of a value in no register (spilled, or none) */
#define REG_SINK 0xfe /* IRIns.reg of a value that exits compute (asm.c asm_findsinks) */

typedef struct IRIns {
  uint8_t op;     /* IROp */
  uint8_t type;   /* IRType of the result */
  uint8_t reg;    /* backend: the register holding the result, or REG_NONE */
  uint8_t spill;  /* backend: spill slot + 1, or 0 */
  IRRef op1, op2;
  IRRef prev;     /* the previous instruction with the same opcode (CSE) */
  uint32_t snap;  /* guards: the snapshot to exit through */
  union {         /* constants */
    int64_t i;
    double n;
    void *p;
    uint64_t u;
  } k;
} IRIns;

/* A snapshot: the interpreter state to rebuild when a guard fails. Its
** entries (in IRTrace.snapmap, from `mapofs`) say which frame slots hold
** which IR values when the guard runs; slots not listed hold what the
** interpreter already has there. Frames of inlined calls are recorded as
** the slots of their function and frame link (see jit.c). */
typedef struct SnapEntry {
  uint16_t slot;  /* frame slot, relative to the trace's base */
  uint16_t flags;
  IRRef ref;
} SnapEntry;

/* A frame of an inlined call, innermost last: the called function's
** slot (relative to the trace's base), its prototype, and where its
** caller resumes after it returns (a bytecode index of the caller's
** prototype: the one below it, or the trace's). */
typedef struct SnapFrame {
  const void *pt;     /* the called function's Proto */
  uint32_t retpc;     /* the caller's pc after the call */
  uint16_t funcslot;
  int16_t nresults;   /* the call's wanted results */
  int32_t nextra;     /* a vararg function's extra arguments (below funcslot) */
  uint16_t tail;      /* 1: a tail call (its CallInfo gets CIST_TAIL) */
  uint16_t finish;    /* 1: a metamethod's call, which its caller's instruction
                      ** makes and finishes (its CallInfo gets CIST_JITFIN) */
} SnapFrame;

typedef struct IRSnap {
  uint32_t mapofs;   /* first entry in snapmap */
  uint16_t nent;     /* number of entries */
  uint16_t nslots;   /* frame size to restore */
  uint32_t pc;       /* bytecode index to resume at (in the innermost frame) */
  uint32_t frameofs; /* inlined frames: `depth` SnapFrames from frames[frameofs] */
  uint16_t depth;
  int16_t shift;     /* slot 0 of its outermost frame (where entries and pc are
                     ** counted from) relative to the trace's base: below 0
                     ** after returns below the trace's frame (RETF) */
  IRRef ref;         /* the first instruction this snapshot covers */
  uint32_t count;    /* exits taken through it (since the last side trace tried) */
  uint32_t total;    /* all exits to the interpreter through it (-jstats) */
  const void *pt;    /* the innermost frame's Proto (pc's), for -jstats */
  uint16_t tries;    /* side traces recorded from it (failed: it waits longer) */
  int16_t top;       /* the instruction at pc takes values up to the top (a
                     ** CALL, RETURN or SETLIST after one with all results):
                     ** the top, counted from the innermost frame's slot 0; or -1 */
  int16_t fresh;     /* the snapshot of the guards right after C code (CAT, CALLC):
                     ** its results are in the frame, slots fresh..fresh+nfresh-1
                     ** (as entries count them), and a copy (loop.c) must not
                     ** write them back either; else nfresh is 0 */
  uint16_t nfresh;
  int32_t stale;     /* the innermost frame's saved pc as the interpreter has it
                     ** there (an index: savedpc - code), which errors that do
                     ** not save it report (jit.c jit_stalepc); -1: unknown */
} IRSnap;

/* One trace's IR, growing while it is recorded and optimised. */
typedef struct IRBuf {
  IRIns *ins;
  IRRef n, cap;      /* next ref; capacity */
  IRRef oplist[IR__MAX]; /* per opcode: its last instruction (then IRIns.prev) */
  IRSnap *snap;
  uint32_t nsnap, snapcap;
  SnapEntry *snapmap;
  uint32_t nsnapmap, snapmapcap;
  SnapFrame *frames; /* frame stacks of snapshots inside inlined calls */
  uint32_t nframes, framecap;
  IRRef loopref;     /* the LOOP instruction, or REF_NONE */
  int oom;           /* an append failed for want of memory */
} IRBuf;

/* ir.c */
void ir_init(IRBuf *b);
void ir_free(IRBuf *b);
/* Appends an instruction as is (no folding: see opt_emit). Returns its
** ref, or REF_NONE if memory ran out. */
IRRef ir_append(IRBuf *b, IROp op, IRType t, IRRef op1, IRRef op2);
IRRef ir_kint(IRBuf *b, int64_t v);
IRRef ir_knum(IRBuf *b, double v);
IRRef ir_kgc(IRBuf *b, void *obj, IRType t);
IRRef ir_kptr(IRBuf *b, void *p);
IRRef ir_klcf(IRBuf *b, void *f); /* a light C function's value (KPTR, type LCF) */
IRRef ir_kpri(IRBuf *b, IRType t);
IRRef ir_kcopy(IRBuf *b, const IRIns *k); /* another trace's constant k, in b */
/* Starts a snapshot (resuming at bytecode index pc, restoring nslots
** slots) and adds entries to the newest one. Return 0 when memory ran out
** (b->oom is then set). */
int ir_addsnap(IRBuf *b, uint32_t pc, uint16_t nslots);
int ir_addsnapentry(IRBuf *b, uint16_t slot, IRRef ref);
/* Stores a stack of n inlined frames for snapshots to share; returns its
** offset in b->frames, or UINT32_MAX when memory ran out. */
uint32_t ir_addframes(IRBuf *b, const SnapFrame *f, uint32_t n);
#define ir_at(b, ref) (&(b)->ins[ref])
/* Writes a readable listing of the IR and its snapshots. */
struct vm_Buffer;
void ir_dump(const IRBuf *b, void (*out)(void *ud, const char *s, size_t len), void *ud);

#endif
