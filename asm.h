/*
** asm.h — the backend layer: what every architecture's backend shares
** (asm.c) and uses to turn a finished trace's IR into machine code.
** asm_x64.c is the x86-64 backend (its encoder x64enc.c); an AArch64 one
** is to come beside it, against the same layer, with no copy of it.
**
** So far the layer holds code memory (mapped writable while a trace is
** emitted, then sealed read+execute: never both, W^X; the instruction
** cache made coherent), the freeing of a trace's code, the -jdump hex
** listing, and the resolution of parallel moves (the PHIs' moves at a
** loop's back-edge). The register allocator, liveness and sinking are
** still in asm_x64.c.
*/
#ifndef TIDE_ASM_H
#define TIDE_ASM_H

#include "jit.h"

/* ----------------------------------------------------------------------
** Code memory
** ---------------------------------------------------------------------- */

/* n bytes rounded up to whole pages */
size_t asm_pageround(size_t n);
/* size bytes (whole pages) of writable memory for code, or NULL */
uint8_t *asm_mcode_map(size_t size);
/* The code at mem made executable and read-only; 0 if that failed (the
** mapping is then gone) */
int asm_mcode_seal(uint8_t *mem, size_t size);
void asm_mcode_unmap(uint8_t *mem, size_t size);

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

#endif
