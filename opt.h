/*
** opt.h — the one-pass IR optimizer's interface (opt.c).
**
** The recorder (jit.c) emits every instruction through opt_emit, which
** folds constants, applies the peephole rules (opt.rules, compiled to C by
** tools/rulegen.c), eliminates common subexpressions and redundant
** guards, and only then appends what is left to the IR buffer. So the IR
** is optimised as it is recorded, in one forward pass.
*/
#ifndef TIDE_OPT_H
#define TIDE_OPT_H

#include "ir.h"

typedef struct OptState {
  IRBuf *ir;
  uint32_t cursnap;     /* the snapshot guards emitted now exit through */
  int guardfails;       /* set when a guard was folded to "always exits" */
  uint32_t *rulefired;  /* per rule, times it fired (opt_nrules entries) */
  int norules;          /* 1: constant folding and CSE only (tests) */
  /* Refs below nopaque with opaque[ref] set are values whose definition
  ** rules must not look into: in a loop's copy (jit.c) the values a slot
  ** carries from one iteration to the next stand for the previous
  ** iteration's value, not for the pre-loop instruction that made them. */
  const uint8_t *opaque;
  IRRef nopaque;
  uint8_t writers[IR__MAX]; /* the opcodes that store or allocate (loads' barriers) */
  /* The last call that may run a collection (CALLL), which moves objects:
  ** nothing before it is the same value after it, not even a pure
  ** instruction (a closure's FUNC, its UREF) */
  IRRef gcbarrier;
  int nwriters;
} OptState;

void opt_init(OptState *o, IRBuf *ir, uint32_t *rulefired);

/* Emits op(a, b) of type t, optimised: returns the ref of the value (an
** existing instruction, a constant, or the appended instruction).
** A guard that always holds is dropped (REF_NONE is returned); one that
** always fails sets o->guardfails (the recorder then stops the trace).
** REF_NONE is also returned when memory ran out (o->ir->n unchanged). */
IRRef opt_emit(OptState *o, IROp op, IRType t, IRRef a, IRRef b);

/* The peephole rules, by number: names for statistics and tests. */
extern const int opt_nrules;
extern const char *const opt_rulename[];

#endif
