/*
** asm.h — the backend layer: what every architecture's backend shares
** (asm.c), and the interface a backend implements (AsmTarget).
**
** asm_trace (asm.c) turns a finished trace's IR into machine code in the
** same steps on every machine: liveness (last uses, dead instructions),
** values only exits read sunk into them (asm_findsinks), addresses fused into
** the one instruction reading them, then a linear-scan register allocation
** (spilling the value living longest, splitting it at the instruction
** that needed its register, coalescing a PHI's new value into its old
** value's register). Then it maps code memory, lets the backend emit the
** code (AsmTarget.emit, with the helpers below for exits, PHI moves and
** splits), retries with more room if it did not fit, seals the memory
** (writable while emitted, then read+execute: never both, W^X; the
** instruction cache made coherent) and installs the entry points.
**
** asm_x64.c is the x86-64 backend (its encoder x64enc.c): only lowering.
** An AArch64 one will be asm_arm64.c + arm64enc.c against the same layer.
*/
#ifndef TIDE_ASM_H
#define TIDE_ASM_H

#include "jit.h"

/* A backend for this machine: asm_x64.c defines asm_target */
#if defined(__x86_64__) && !defined(TIDE_NO_JIT)
#define ASM_TARGET 1
#endif

/* ----------------------------------------------------------------------
** The allocator's results and the state shared with the backend
** ---------------------------------------------------------------------- */

/* Locations of values, as parallel moves and livemask number them: a
** general register r is r, a floating-point one ASM_LOC_FPR + r, a spill
** slot ASM_LOC_SPILL + its index */
#define ASM_LOC_FPR 32
#define ASM_LOC_SPILL 64
#define ASM_MAXREGS 32 /* of one class */

/* A jump to patch into the exit stub of a snapshot (asm_exitvia) */
typedef struct AsmPatch {
  uint8_t *field; /* the jump's displacement, as the backend patches it */
  uint32_t snap;
  int forced;     /* a back-edge check's exit: through the stub that says so */
} AsmPatch;

typedef struct AsmCore {
  IRBuf *ir;
  const JitTrace *parent; /* a side trace's: where its PVALs are */
  Global *g;
  IRRef endguard;    /* the NOP standing for the back-edge checks, on the end snapshot */
  /* per ref */
  IRRef *lastuse;    /* the last instruction using it (0: dead) */
  uint16_t *nreads;  /* instructions reading it (not exits) */
  uint8_t *sunk;     /* only exits read it (asm_findsinks) */
  uint8_t *fused;    /* an address only one instruction reads, which computes it */
  IRRef *splitat;    /* in its spill slot from this instruction on, or 0 */
  uint8_t *splitreg; /* a split value's register before splitat */
  uint64_t *livemask; /* of a call: the locations (below ASM_LOC_SPILL) live across it */
  IRRef *splitq;     /* the refs split, in the order of splitat */
  uint32_t nsplit;
  uint32_t nspill;
  /* exits: jumps to the stubs, and the stubs' addresses */
  AsmPatch *patch;
  uint32_t npatch, patchcap;
  uint8_t **stub;    /* per snapshot (then per snapshot, the forced stubs) */
  /* set by the backend's emit: offsets of entry points in the code */
  size_t linkentryofs; /* the entry from other traces (JitTrace.linkentry) */
  size_t commonofs;  /* the return to jit.c (JitTrace.exitcommon) */
  size_t callentryofs; /* JitTrace.callentry */
  size_t loopofs;    /* JitTrace.loop */
  size_t *storesofs; /* per snapshot with a stub: its stores (JitTrace.entryto) */
  int oom;
} AsmCore;

#define asm_isfpr(ins) ((ins)->type == IRT_NUM)

/* An instruction with a value to keep somewhere */
static inline int asm_hasvalue(const IRIns *ins) {
  return !ir_isconst(ins->op) && ins->op != IR_PHI && ins->op != IR_LOOP && ins->op != IR_NOP &&
         ir_haspayload((IRType)ins->type);
}

/* An instruction no live one uses and that has no effect: no code */
static inline int asm_isdead(const AsmCore *c, IRRef ref) {
  return c->lastuse[ref] == 0 && !(ir_opflags[c->ir->ins[ref].op] & (IRF_GUARD | IRF_STORE | IRF_EFFECT));
}

/* The location of an allocated value */
static inline int asm_loc(const IRIns *ins) {
  if (ins->reg != REG_NONE) return asm_isfpr(ins) ? ASM_LOC_FPR + ins->reg : ins->reg;
  return ASM_LOC_SPILL + ins->spill - 1;
}

/* A sunk value is base + offset or base - offset: its operand that may
** be sunk too (the base, computed first), and the other one */
#define asm_sinkbase(c, ins) ((c)->sunk[(ins)->op2] ? (ins)->op2 : (ins)->op1)
#define asm_sinkoffset(c, ins) ((c)->sunk[(ins)->op2] ? (ins)->op1 : (ins)->op2)

/* The fused address instruction ref reads (its op1), or REF_NONE */
IRRef asm_fusedaddr(const AsmCore *c, IRRef ref);
/* The recorder's guard on a table's hash part size: it compares the byte
** in the table, the size has no code of its own */
int asm_sizeguard(const AsmCore *c, const IRIns *ins);
/* What the code of an AREF (or of its fused user) reads for index idx: i
** of an i + k folded into the slot's address, else idx */
IRRef asm_indexread(const AsmCore *c, IRRef idx);

/* Splits: at the start of emission, every split value back in its
** register (*k = 0); before instruction ref, those split there out */
void asm_splitstart(AsmCore *c, uint32_t *k);
void asm_splitstep(AsmCore *c, uint32_t *k, IRRef ref);

/* arr (n elements of size bytes, room for *cap) with room for one more,
** or NULL when memory ran out (c->oom) */
void *asm_grow(AsmCore *c, void *arr, uint32_t n, uint32_t *cap, size_t size);

/* ----------------------------------------------------------------------
** Exits
** ---------------------------------------------------------------------- */

/* A jump (its displacement at field; NULL: the code overflowed) to the
** exit stub of snapshot sn, patched once the stubs are there; forced: a
** back-edge check's exit (not a guard's: it says so first) */
void asm_exitvia(AsmCore *c, uint8_t *field, uint32_t sn, int forced);
/* The stubs (AsmTarget.exitstub) of the snapshots the jumps go to, then
** the forced ones (AsmTarget.forcedstub), and every jump patched */
void asm_exitstubs(AsmCore *c, void *as, JitTrace *T);

/* ----------------------------------------------------------------------
** Code memory
** ---------------------------------------------------------------------- */

/* n bytes rounded up to whole pages */
size_t asm_pageround(size_t n);
/* size bytes of writable memory for a trace's code, in J's current code
** area (asm.c McArea; a new one if it has no room), or NULL */
uint8_t *asm_mcode_reserve(JitState *J, size_t size);
/* The code at mem (reserved: size bytes) made executable and read-only
** again; the first `used` bytes are T's from now on (0: none, the space
** stays free). 0 if that failed. */
int asm_mcode_commit(JitState *J, JitTrace *T, uint8_t *mem, size_t size, size_t used);


/* ----------------------------------------------------------------------
** Parallel moves
** ---------------------------------------------------------------------- */

/* A move between locations (each backend numbers its registers and spill
** slots as locations); from < 0: the constant k instead */
typedef struct AsmMove {
  int to, from;
  IRRef k;
  int fp; /* a floating-point value */
} AsmMove;

/* The backend's move of one value, or of the constant k when from < 0 */
typedef void (*AsmMoveFn)(void *as, int to, int from, IRRef k, int fp);

/* The n moves mv, done as if at once: a move waits while its destination
** is still the source of another; a cycle is broken through the scratch
** location tmp (ftmp for floating-point values), which holds no value. */
void asm_parallelmoves(void *as, AsmMove *mv, int n, AsmMoveFn move, int tmp, int ftmp);

/* Whether every PHI's new value is where the next iteration wants it */
int asm_phisettled(const AsmCore *c);
/* The PHIs' moves at the back-edge (into mv: room for one a PHI), and
** how many */
int asm_phimoves(const AsmCore *c, AsmMove *mv);
/* A side trace's link into a loop body (loop.c loop_link): the moves of
** the values the body starts with from this trace's places into the
** loop's (into mv: room for T->nentry), and how many */
int asm_entrymoves(const AsmCore *c, const JitTrace *T, AsmMove *mv);

/* ----------------------------------------------------------------------
** The target interface: what a backend tells the layer
** ---------------------------------------------------------------------- */

typedef struct AsmTarget {
  const char *name;                  /* jit.backend */
  const uint8_t *gpr, *fpr;          /* allocatable registers, preferred first */
  int ngpr, nfpr;
  int32_t foldk;                     /* an index i + k folds into its slot's
                                     ** address when |k| < foldk */
  /* lowered as a call to C (the registers live across it are saved) */
  int (*iscall)(const IRIns *ins);
  /* constant k may be the second operand of a sunk ADD or SUB */
  int (*sinkk)(const IRIns *k);
  /* instruction ref may compute its result into the register of its
  ** operand old (old is not read after the result is written) */
  int (*intoop)(const AsmCore *c, IRRef ref, IRRef old);
  /* The code of T into mem (size bytes): sets the offsets in c and
  ** T->mclen; *overflow when it did not fit (it is retried bigger) */
  JitAbort (*emit)(AsmCore *c, JitTrace *T, uint8_t *mem, size_t size, int *overflow);
  /* Emits the exit stub of snapshot sn, or a forced exit's stub going
  ** on into stub; returns its address */
  uint8_t *(*exitstub)(void *as, JitTrace *T, uint32_t sn);
  uint8_t *(*forcedstub)(void *as, uint8_t *stub);
  /* Points the jump whose displacement is at field to `to` (nothing if
  ** the code overflowed) */
  void (*patchjump)(void *as, uint8_t *field, uint8_t *to);
} AsmTarget;

#ifdef ASM_TARGET
extern const AsmTarget asm_target;
#endif

#endif
