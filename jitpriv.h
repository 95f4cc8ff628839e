/*
** jitpriv.h — what the tracing JIT's own files share, and nothing else
** includes: jit.c (the trace lifecycle: hot counters, starting and
** aborting recordings, installing, running traces, exits), record.c
** (bytecode to IR: the recorder), snap.c (frame slots and snapshots),
** loop.c (peeling, hoisted bounds checks, links into loop bodies). jit.h is the JIT's interface to the interpreter and the
** libraries; this header is the inside of it.
*/
#ifndef TIDE_JITPRIV_H
#define TIDE_JITPRIV_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jit.h"
#include "opcodes.h"

/* The frame being recorded; NULL until an inlined callee's first
** instruction runs, or once an error unwinds it */
#define curci(J) ((J)->frame[(J)->depth].ci)

/* ----------------------------------------------------------------------
** The trace lifecycle (jit.c)
** ---------------------------------------------------------------------- */

/* The penalty record of the loop at pc (its aborts, backoff), or NULL */
JitPenalty *jit_findpenalty(JitState *J, const Instruction *pc);
/* The trace of pt's loop whose loop instruction is at pc, or NULL */
JitTrace *jit_findtrace(const Proto *pt, const Instruction *pc);
/* The end of the last guard exiting through snapshot snap */
IRRef jit_guardsend(const IRBuf *ir, const IRSnap *snap);
/* -jdump's list of the instructions a trace was recorded from, one more;
** 0: out of memory */
int jit_logins(JitState *J, const Instruction *pc);

/* ----------------------------------------------------------------------
** The recorder (record.c)
** ---------------------------------------------------------------------- */

/* The instruction at pc of frame ci into IR (with the test sequence it
** starts, if any): JA_OK or why it cannot be recorded */
JitAbort rec_instruction(JitState *J, CallInfo *ci, const Instruction *pc);
/* The frame stack snapshots see from now on (frame[depth].frameofs); 0:
** out of memory */
int rec_pushframes(JitState *J);
/* Slots below `upto` (counted from frame 0's base) may hold values now:
** snapshots go that far (a multiple result or VARARG may pass the frame's
** registers), and so does the room the trace's runs make; 0 when it
** passes what a trace may touch */
int rec_slotsto(JitState *J, int upto);

/* ----------------------------------------------------------------------
** Loops (loop.c)
** ---------------------------------------------------------------------- */

/* The recorded loop peeled: the pre-loop and the body after LOOP, with
** its PHIs; *endsnap, *loopsnap the snapshots of the back-edge and of
** the body's start. JA_OK or why not. */
JitAbort loop_peel(JitState *J, uint32_t *endsnap, uint32_t *loopsnap);
/* The side trace T (of J->parent) ends in a link into a loop's body
** where it can; 0: out of memory */
int loop_link(JitState *J, JitTrace *T);

/* ----------------------------------------------------------------------
** Frame slots and snapshots (snap.c)
** ---------------------------------------------------------------------- */

/* The IR type of a value's tag (the same numbers for tagged types) */
static inline IRType valtype(const TValue *v) { return (IRType)rawtt(v); }

/* Slot 0 of the frame being recorded, counted from the trace's base */
#define framebase(J) ((J)->frame[(J)->depth].base)

/* Slot s counted from frame 0's base (J->slot's index), holding a value
** of type t: read from the stack (SLOAD, whose slot is counted from the
** trace's base) the first time; after a call the trace made (CALLL),
** where it is then (RLOAD). */
static inline IRRef loadslot(JitState *J, int s, IRType t) {
  if (J->slot[s] == REF_NONE)
    J->slot[s] = opt_emit(&J->opt, J->ncalll ? IR_RLOAD : IR_SLOAD, t, (IRRef)(J->shift + s), 0);
  return J->slot[s];
}

/* Slot s of the frame being recorded (based at `base` on the stack) */
static inline IRRef getslot(JitState *J, StkId base, int s) {
  return loadslot(J, framebase(J) + s, valtype(s2v(base + s)));
}

static inline void setslot(JitState *J, int s, IRRef r) {
  J->slot[framebase(J) + s] = r;
  J->written[framebase(J) + s] = 1;
}

/* Which slots a snapshot at instruction pc of frame pt (based at slot
** `base`) needs: the slots of the frames below it, the registers of pt's
** active local variables (debug.getlocal shows them), and the others
** that an instruction may still read (bclive). The others are dead: an
** exit leaves whatever the stack held there, never read again. */
typedef struct SnapLive {
  const uint64_t *live; /* pt's live registers before pc, or NULL: all live */
  int base, nact, nreg;
} SnapLive;

/* pt's live registers before instruction pc (bclive, cached), or NULL */
const uint64_t *snap_livein(JitState *J, const Proto *pt, uint32_t pc);
/* What a snapshot at pc of frame pt, based at slot `base`, keeps */
void snap_live(JitState *J, SnapLive *sl, const Proto *pt, uint32_t pc, int base);
int snap_keepslot(const SnapLive *sl, int s);
/* Before a collection after a trace's exit: frame ci's dead registers
** cleared; returns the top after its last live one */
StkId snap_cleardead(JitState *J, CallInfo *ci);
/* Forgets pt's liveness (it is being freed), or every function's (NULL) */
void snap_droplive(JitState *J, const Proto *pt);
/* A snapshot for the guards of the instruction at pc; 0: out of memory */
int snap_take(JitState *J, const Instruction *pc);
/* The same, right after C code (CAT, CALLC) left nfresh results in the
** frame from slot fresh on: no exit or loop copy writes those back */
int snap_takefresh(JitState *J, const Instruction *pc, int fresh, int nfresh);

#endif
