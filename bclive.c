/*
** bclive.c — which registers of a Lua function hold a value that is still
** to be read, before each instruction (backwards dataflow over the
** bytecode: live-in = read ∪ (live-out − written)).
**
** The JIT leaves dead registers out of its snapshots (snap.c snap_live):
** an exit then does not write them, the trace need not keep their values
** until its exits, and a side trace does not inherit them. The analysis
** errs towards "live": whatever it cannot follow reads every register
** (a multiple-result operand reads up to the frame's end, a close reads
** all the registers it closes, an unknown opcode reads them all), and an
** instruction that writes a register only on some paths (TESTSET,
** FORLOOP...) counts as not writing it. A register that a closure may
** capture (an upvalue in the enclosing function's registers, of any
** function pt makes) is read through the upvalue, where the bytecode does
** not show it: such a register is an active local variable while it may
** be captured, and snap.c keeps every register of an active local
** variable (debug.getlocal reads those too); only in a stripped function,
** without the locals' scopes, is it live everywhere.
*/
#include <stdlib.h>
#include <string.h>

#include "jit.h"

typedef struct UseDef {
  uint64_t *use, *def;
  int nreg; /* the frame's registers */
} UseDef;

static void bcl_mark(uint64_t *set, int from, int to, int nreg) {
  int r;
  if (to > nreg) to = nreg;
  for (r = from < 0 ? 0 : from; r < to; r++) set[r >> 6] |= (uint64_t)1 << (r & 63);
}

#define USE(from, to) bcl_mark(u->use, (from), (to), u->nreg)
#define DEF(from, to) bcl_mark(u->def, (from), (to), u->nreg)

/* Registers instruction i reads and writes on every path through it, and
** where it goes on (succ: up to 2; returns how many). */
static int bcl_usedef(const Proto *pt, int pc, UseDef *u, int *succ) {
  Instruction i = op_unpatched(pt->code[pc]);
  int a = GETARG_A(i), b = GETARG_B(i), c = GETARG_C(i), n = u->nreg;
  int k = GETARG_k(i);
  succ[0] = pc + 1;
  switch (GET_OPCODE(i)) {
    case OP_MOVE: case OP_UNM: case OP_BNOT: case OP_NOT: case OP_LEN:
    case OP_GETI: case OP_GETFIELD:
    case OP_ADDI: case OP_ADDK: case OP_SUBK: case OP_MULK: case OP_MODK: case OP_POWK:
    case OP_DIVK: case OP_IDIVK: case OP_BANDK: case OP_BORK: case OP_BXORK:
    case OP_SHRI: case OP_SHLI:
      USE(b, b + 1); DEF(a, a + 1); return 1;
    case OP_GETTABLE:
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_MOD: case OP_POW: case OP_DIV: case OP_IDIV:
    case OP_BAND: case OP_BOR: case OP_BXOR: case OP_SHL: case OP_SHR:
      USE(b, b + 1); USE(c, c + 1); DEF(a, a + 1); return 1;
    case OP_LOADI: case OP_LOADF: case OP_LOADK: case OP_LOADFALSE: case OP_LOADTRUE:
    case OP_GETUPVAL: case OP_GETTABUP: case OP_CLOSURE:
      DEF(a, a + 1); return 1;
    case OP_LOADKX: case OP_NEWTABLE: /* an EXTRAARG follows */
      DEF(a, a + 1); succ[0] = pc + 2; return 1;
    case OP_LFALSESKIP:
      DEF(a, a + 1); succ[0] = pc + 2; return 1;
    case OP_LOADNIL:
      DEF(a, a + b + 1); return 1;
    case OP_SETUPVAL:
      USE(a, a + 1); return 1;
    case OP_TEST:
      USE(a, a + 1); break;
    case OP_SETTABUP:
      if (!k) USE(c, c + 1);
      return 1;
    case OP_SETTABLE:
      USE(a, a + 1); USE(b, b + 1);
      if (!k) USE(c, c + 1);
      return 1;
    case OP_SETI: case OP_SETFIELD:
      USE(a, a + 1);
      if (!k) USE(c, c + 1);
      return 1;
    case OP_SELF:
      USE(b, b + 1);
      if (!k) USE(c, c + 1);
      DEF(a, a + 2);
      return 1;
    case OP_CONCAT:
      USE(a, a + b); DEF(a, a + 1); return 1;
    case OP_CLOSE: case OP_TBC: /* closing reads the values */
      USE(a, n); return 1;
    case OP_JMP:
      succ[0] = pc + 1 + GETARG_sJ(i); return 1;
    case OP_EQ: case OP_LT: case OP_LE:
      USE(a, a + 1); USE(b, b + 1); break;
    case OP_EQK: case OP_EQI: case OP_LTI: case OP_LEI: case OP_GTI: case OP_GEI:
      USE(a, a + 1); break;
    case OP_TESTSET:
      USE(b, b + 1); break;
    case OP_CALL:
      USE(a, b == 0 ? n : a + b);
      if (c >= 2) DEF(a, a + c - 1);
      return 1;
    case OP_TAILCALL:
      USE(k ? 0 : a, b == 0 ? n : a + b); return 0;
    case OP_RETURN:
      USE(k ? 0 : a, b == 0 ? n : a + b - 1); return 0;
    case OP_RETURN0:
      return 0;
    case OP_RETURN1:
      USE(a, a + 1); return 0;
    case OP_FORLOOP:
      USE(a, a + 3); succ[1] = pc + 1 - GETARG_Bx(i); return 2;
    case OP_FORPREP:
      USE(a, a + 3); succ[1] = pc + GETARG_Bx(i) + 2; return 2;
    case OP_TFORPREP:
      USE(a, a + 4); succ[0] = pc + 1 + GETARG_Bx(i); return 1;
    case OP_TFORCALL:
      USE(a, a + 4); DEF(a + 4, a + 4 + c); return 1;
    case OP_TFORLOOP:
      USE(a + 2, a + 5); succ[1] = pc + 1 - GETARG_Bx(i); return 2;
    case OP_SETLIST:
      USE(a, b == 0 ? n : a + b + 1);
      if (k) succ[0] = pc + 2;
      return 1;
    case OP_VARARG:
      if (c >= 2) DEF(a, a + c - 1);
      return 1;
    case OP_VARARGPREP: case OP_EXTRAARG:
      return 1;
    default: /* (none left: every opcode is above) */
      USE(0, n); return 1;
  }
  /* a test: the next instruction (a jump), or the one after it */
  succ[1] = pc + 2;
  return 2;
}

uint64_t *bclive(const Proto *pt, int *words) {
  int n = pt->sizecode, w = (pt->maxstacksize + 63) / 64, pc, changed, j, s;
  uint64_t *live, *use, *def;
  uint8_t *nsucc;
  int *succ;
  if (w == 0) w = 1;
  *words = w;
  live = (uint64_t *)calloc((size_t)n * (size_t)w, sizeof(uint64_t));
  use = (uint64_t *)calloc((size_t)n * (size_t)w, sizeof(uint64_t));
  def = (uint64_t *)calloc((size_t)n * (size_t)w, sizeof(uint64_t));
  nsucc = (uint8_t *)malloc((size_t)n + 1);
  succ = (int *)malloc(((size_t)n + 1) * 2 * sizeof(int));
  if (live == NULL || use == NULL || def == NULL || nsucc == NULL || succ == NULL) {
    free(live);
    live = NULL;
    goto done;
  }
  for (pc = 0; pc < n; pc++) {
    UseDef u;
    u.use = use + (size_t)pc * w;
    u.def = def + (size_t)pc * w;
    u.nreg = pt->maxstacksize;
    nsucc[pc] = (uint8_t)bcl_usedef(pt, pc, &u, succ + 2 * pc);
    for (s = 0; s < nsucc[pc]; s++) /* (a well-formed function stays inside) */
      if (succ[2 * pc + s] < 0 || succ[2 * pc + s] >= n) {
        memset(u.use, 0xff, (size_t)w * sizeof(uint64_t));
        nsucc[pc] = 0;
      }
  }
  do { /* backwards, until nothing changes */
    changed = 0;
    for (pc = n - 1; pc >= 0; pc--) {
      uint64_t *in = live + (size_t)pc * w;
      for (j = 0; j < w; j++) {
        uint64_t out = 0, v;
        for (s = 0; s < nsucc[pc]; s++) out |= live[(size_t)succ[2 * pc + s] * w + j];
        v = use[(size_t)pc * w + j] | (out & ~def[(size_t)pc * w + j]);
        if (v != in[j]) {
          in[j] = v;
          changed = 1;
        }
      }
    }
  } while (changed);
  /* registers closures capture: only a stripped function needs them live
  ** everywhere; with debug information a captured register is an active
  ** local variable's wherever an open upvalue may point to it, and the
  ** JIT keeps those (snap.c snap_keepslot) */
  for (j = 0; j < pt->sizep && pt->sizelocvars == 0; j++) {
    const Proto *f = pt->p[j];
    int u;
    for (u = 0; u < f->sizeupvalues; u++)
      if (f->upvalues[u].instack && f->upvalues[u].idx < pt->maxstacksize)
        for (pc = 0; pc < n; pc++)
          live[(size_t)pc * w + (f->upvalues[u].idx >> 6)] |= (uint64_t)1 << (f->upvalues[u].idx & 63);
  }
done:
  free(use);
  free(def);
  free(nsucc);
  free(succ);
  return live;
}
