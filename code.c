/*
** code.c — the code generator: emits Tide's register bytecode for the
** parser, following Lua 5.4's code generation rules (jump lists, register
** discipline, constant folding, immediate and constant operand forms).
** Arithmetic instructions carry no MMBIN companion: for a constant or
** immediate operand that was on the left in the source, their k bit is 1.
*/
#include <math.h>
#include <string.h>

#include "compiler.h"

#define hasjumps(e) ((e)->t != (e)->f)

static int codesJ(FuncState *fs, OpCode o, int sj, int k);

/* ======================================================================
** Number helpers (used for folding and for constant keys)
** ====================================================================== */

/* Float to integer when the float has an exact integral value. */
static int flt2int(vm_Number n, vm_Integer *p) {
  vm_Number f = floor(n);
  if (f != n) return 0;
  /* range [-2^63, 2^63) */
  if (f >= -9223372036854775808.0 && f < 9223372036854775808.0) {
    *p = (vm_Integer)f;
    return 1;
  }
  return 0;
}

static int tv2int(const TValue *o, vm_Integer *p) {
  if (ttisinteger(o)) {
    *p = ivalue(o);
    return 1;
  }
  if (ttisfloat(o)) return flt2int(fltvalue(o), p);
  return 0;
}

static vm_Integer int_idiv(vm_Integer m, vm_Integer n) {
  if (l_castS2U(n) + 1u <= 1u) { /* n is 0 or -1 */
    return intop(-, 0, m);         /* n == -1 (0 never reaches here) */
  } else {
    vm_Integer q = m / n;
    if ((m ^ n) < 0 && m % n != 0) q -= 1;
    return q;
  }
}

static vm_Integer int_mod(vm_Integer m, vm_Integer n) {
  if (l_castS2U(n) + 1u <= 1u) return 0; /* n == -1 */
  else {
    vm_Integer r = m % n;
    if (r != 0 && (r ^ n) < 0) r += n;
    return r;
  }
}

static vm_Integer int_shl(vm_Integer x, vm_Integer y) {
  if (y < 0) {
    if (y <= -64) return 0;
    return l_castU2S(l_castS2U(x) >> l_castS2U(-y));
  }
  if (y >= 64) return 0;
  return l_castU2S(l_castS2U(x) << l_castS2U(y));
}

/* Float modulo: fmod corrected so that a non-zero result takes the
** divisor's sign. */
static vm_Number flt_mod(vm_Number a, vm_Number b) {
  vm_Number m = fmod(a, b);
  if ((m > 0) ? b < 0 : (m < 0 && b > 0)) m += b;
  return m;
}

/* Operation codes for folding: the binary operators use BinOpr values;
** the unary ones use these. */
#define FOLD_UNM 100
#define FOLD_BNOT 101

/* Folds `v1 op v2` (both numbers, already checked by validop). */
static void foldarith(int op, const TValue *v1, const TValue *v2, TValue *res) {
  switch (op) {
    case OPR_BAND: case OPR_BOR: case OPR_BXOR:
    case OPR_SHL: case OPR_SHR: case FOLD_BNOT: {
      vm_Integer i1 = 0, i2 = 0, r;
      tv2int(v1, &i1);
      tv2int(v2, &i2);
      switch (op) {
        case OPR_BAND: r = l_castU2S(l_castS2U(i1) & l_castS2U(i2)); break;
        case OPR_BOR: r = l_castU2S(l_castS2U(i1) | l_castS2U(i2)); break;
        case OPR_BXOR: r = l_castU2S(l_castS2U(i1) ^ l_castS2U(i2)); break;
        case OPR_SHL: r = int_shl(i1, i2); break;
        case OPR_SHR: r = int_shl(i1, intop(-, 0, i2)); break;
        default: r = l_castU2S(~l_castS2U(i1)); break;
      }
      setivalue(res, r);
      return;
    }
    case OPR_DIV: case OPR_POW: {
      vm_Number a = nvalue(v1), b = nvalue(v2), r;
      if (op == OPR_DIV) r = a / b;
      else r = (b == 2) ? a * a : pow(a, b);
      setfltvalue(res, r);
      return;
    }
    default: {
      if (ttisinteger(v1) && ttisinteger(v2)) {
        vm_Integer a = ivalue(v1), b = ivalue(v2), r;
        switch (op) {
          case OPR_ADD: r = intop(+, a, b); break;
          case OPR_SUB: r = intop(-, a, b); break;
          case OPR_MUL: r = intop(*, a, b); break;
          case OPR_MOD: r = int_mod(a, b); break;
          case OPR_IDIV: r = int_idiv(a, b); break;
          default: r = intop(-, 0, a); break; /* FOLD_UNM */
        }
        setivalue(res, r);
      } else {
        vm_Number a = nvalue(v1), b = nvalue(v2), r;
        switch (op) {
          case OPR_ADD: r = a + b; break;
          case OPR_SUB: r = a - b; break;
          case OPR_MUL: r = a * b; break;
          case OPR_MOD: r = flt_mod(a, b); break;
          case OPR_IDIV: r = floor(a / b); break;
          default: r = -a; break; /* FOLD_UNM */
        }
        setfltvalue(res, r);
      }
      return;
    }
  }
}

/* ======================================================================
** Emitting instructions
** ====================================================================== */

/* Grows code, lineinfo and colinfo together (they share sizecode). */
static void growcode(FuncState *fs) {
  Proto *f = fs->f;
  vm_State *S = fs->ls->S;
  int old = f->sizecode;
  int nsize;
  if (old >= INT_MAX / 2) {
    if (old >= INT_MAX) dbg_runerror(S, "too many %s (limit is %d)", "opcodes", INT_MAX);
    nsize = INT_MAX;
  } else {
    nsize = old < 4 ? 8 : old * 2;
  }
  f->code = (Instruction *)mem_realloc(S, f->code, (size_t)old * sizeof(Instruction),
                                       (size_t)nsize * sizeof(Instruction));
  f->lineinfo = (int *)mem_realloc(S, f->lineinfo, (size_t)old * sizeof(int),
                                   (size_t)nsize * sizeof(int));
  f->colinfo = (int *)mem_realloc(S, f->colinfo, (size_t)old * sizeof(int),
                                  (size_t)nsize * sizeof(int));
  f->sizecode = nsize;
}

int code_code(FuncState *fs, Instruction i) {
  Proto *f = fs->f;
  if (fs->pc >= f->sizecode) growcode(fs);
  f->code[fs->pc] = i;
  f->lineinfo[fs->pc] = fs->ls->lastline;
  f->colinfo[fs->pc] = fs->ls->lastcol;
  return fs->pc++;
}

int code_ABCk(FuncState *fs, OpCode o, int a, int b, int c, int k) {
  return code_code(fs, CREATE_ABCk(o, a, b, c, k));
}

int code_ABx(FuncState *fs, OpCode o, int a, unsigned int bx) {
  return code_code(fs, CREATE_ABx(o, a, bx));
}

static int codeAsBx(FuncState *fs, OpCode o, int a, int sbx) {
  return code_code(fs, CREATE_ABx(o, a, (unsigned int)(sbx + OFFSET_sBx)));
}

static int codesJ(FuncState *fs, OpCode o, int sj, int k) {
  return code_code(fs, CREATE_sJ(o, (unsigned int)(sj + OFFSET_sJ), k));
}

static int codeextraarg(FuncState *fs, int a) {
  return code_code(fs, CREATE_Ax(OP_EXTRAARG, a));
}

/* The last emitted instruction "happens" at line `line`. */
void code_fixline(FuncState *fs, int line) {
  fs->f->lineinfo[fs->pc - 1] = line;
}

void code_fixcol(FuncState *fs, int col) {
  if (col > 0) fs->f->colinfo[fs->pc - 1] = col;
}

static void removelastinstruction(FuncState *fs) {
  fs->pc--;
}

/* The previous instruction, when it is not a jump target (so it can be
** merged with the next one); otherwise an invalid instruction. */
static Instruction *previousinstruction(FuncState *fs) {
  static const Instruction invalid = ~(Instruction)0;
  if (fs->pc > fs->lasttarget)
    return &fs->f->code[fs->pc - 1];
  return (Instruction *)&invalid;
}

void code_nil(FuncState *fs, int from, int n) {
  int l = from + n - 1;
  Instruction *prev = previousinstruction(fs);
  if (GET_OPCODE(*prev) == OP_LOADNIL) {
    int pfrom = GETARG_A(*prev);
    int pl = pfrom + GETARG_B(*prev);
    if ((pfrom <= from && from <= pl + 1) || (from <= pfrom && pfrom <= l + 1)) {
      if (pfrom < from) from = pfrom;
      if (pl > l) l = pl;
      SETARG_A(*prev, from);
      SETARG_B(*prev, l - from);
      return;
    }
  }
  code_ABC(fs, OP_LOADNIL, from, n - 1, 0);
}

/* ======================================================================
** Jump lists: a list is threaded through the sJ fields of its jumps;
** NO_JUMP (an offset of -1, i.e. pointing at itself) ends it.
** ====================================================================== */

static int getjump(FuncState *fs, int pc) {
  int offset = GETARG_sJ(fs->f->code[pc]);
  if (offset == NO_JUMP) return NO_JUMP;
  return pc + 1 + offset;
}

static void fixjump(FuncState *fs, int pc, int dest) {
  Instruction *jmp = &fs->f->code[pc];
  int offset = dest - (pc + 1);
  if (!(-OFFSET_sJ <= offset && offset <= MAXARG_sJ - OFFSET_sJ))
    lex_syntaxerror(fs->ls, "control structure too long");
  SETARG_sJ(*jmp, offset);
}

void code_concat(FuncState *fs, int *l1, int l2) {
  if (l2 == NO_JUMP) return;
  if (*l1 == NO_JUMP) {
    *l1 = l2;
  } else {
    int list = *l1, next;
    while ((next = getjump(fs, list)) != NO_JUMP) list = next;
    fixjump(fs, list, l2);
  }
}

int code_jump(FuncState *fs) {
  return codesJ(fs, OP_JMP, NO_JUMP, 0);
}

void code_ret(FuncState *fs, int first, int nret) {
  OpCode op;
  switch (nret) {
    case 0: op = OP_RETURN0; break;
    case 1: op = OP_RETURN1; break;
    default: op = OP_RETURN; break;
  }
  code_ABC(fs, op, first, nret + 1, 0);
}

static int condjump(FuncState *fs, OpCode op, int a, int b, int c, int k) {
  code_ABCk(fs, op, a, b, c, k);
  return code_jump(fs);
}

int code_getlabel(FuncState *fs) {
  fs->lasttarget = fs->pc;
  return fs->pc;
}

/* The instruction controlling a jump: the test before it, if any. */
static Instruction *getjumpcontrol(FuncState *fs, int pc) {
  Instruction *pi = &fs->f->code[pc];
  if (pc >= 1 && (opflags[GET_OPCODE(*(pi - 1))] & OPF_T))
    return pi - 1;
  return pi;
}

/* Makes a TESTSET store into `reg`, or turns it into a TEST when there is
** no register (or the value is already there). 0 if not a TESTSET. */
static int patchtestreg(FuncState *fs, int node, int reg) {
  Instruction *i = getjumpcontrol(fs, node);
  if (GET_OPCODE(*i) != OP_TESTSET) return 0;
  if (reg != NO_REG && reg != GETARG_B(*i))
    SETARG_A(*i, reg);
  else
    *i = CREATE_ABCk(OP_TEST, GETARG_B(*i), 0, 0, GETARG_k(*i));
  return 1;
}

static void removevalues(FuncState *fs, int list) {
  for (; list != NO_JUMP; list = getjump(fs, list)) patchtestreg(fs, list, NO_REG);
}

static void patchlistaux(FuncState *fs, int list, int vtarget, int reg, int dtarget) {
  while (list != NO_JUMP) {
    int next = getjump(fs, list);
    if (patchtestreg(fs, list, reg))
      fixjump(fs, list, vtarget);
    else
      fixjump(fs, list, dtarget);
    list = next;
  }
}

void code_patchlist(FuncState *fs, int list, int target) {
  patchlistaux(fs, list, target, NO_REG, target);
}

void code_patchtohere(FuncState *fs, int list) {
  int here = code_getlabel(fs);
  code_patchlist(fs, list, here);
}

/* ======================================================================
** Registers
** ====================================================================== */

/* Register level of the first `nvar` active variables. */
int code_reglevel(FuncState *fs, int nvar) {
  while (nvar-- > 0) {
    Vardesc *vd = &fs->ls->dyd->actvar.arr[fs->firstlocal + nvar];
    if (vd->kind != RDKCTC) return vd->ridx + 1;
  }
  return 0;
}

int code_nvarstack(FuncState *fs) {
  return code_reglevel(fs, fs->nactvar);
}

void code_checkstack(FuncState *fs, int n) {
  int newstack = fs->freereg + n;
  if (newstack > fs->f->maxstacksize) {
    if (newstack >= MAXREGS)
      lex_syntaxerror(fs->ls, "function or expression needs too many registers");
    fs->f->maxstacksize = cast_byte(newstack);
  }
}

void code_reserveregs(FuncState *fs, int n) {
  code_checkstack(fs, n);
  fs->freereg = cast_byte(fs->freereg + n);
}

static void freereg(FuncState *fs, int reg) {
  if (reg >= code_nvarstack(fs)) {
    fs->freereg--;
    vm_assert(reg == fs->freereg);
  }
}

static void freeregs(FuncState *fs, int r1, int r2) {
  if (r1 > r2) {
    freereg(fs, r1);
    freereg(fs, r2);
  } else {
    freereg(fs, r2);
    freereg(fs, r1);
  }
}

static void freeexp(FuncState *fs, expdesc *e) {
  if (e->k == VNONRELOC) freereg(fs, e->u.info);
}

static void freeexps(FuncState *fs, expdesc *e1, expdesc *e2) {
  int r1 = (e1->k == VNONRELOC) ? e1->u.info : -1;
  int r2 = (e2->k == VNONRELOC) ? e2->u.info : -1;
  freeregs(fs, r1, r2);
}

/* ======================================================================
** Constants. One key->index map serves the whole chunk, as keys are
** looked up in a single table: an entry records the index of the last
** constant stored under that key, and it is reused only when the current
** function's constant at that index really is the same value.
** ====================================================================== */

enum { KT_EMPTY, KT_NIL, KT_FALSE, KT_TRUE, KT_INT, KT_FLT, KT_STR };

static uint32_t strhash(const TString *s) {
  size_t l = tsslen(s), i, step = (l >> 5) + 1;
  uint32_t h = 2166136261u ^ (uint32_t)l;
  const unsigned char *p = (const unsigned char *)getstr(s);
  for (i = 0; i < l; i += step) h = (h ^ p[i]) * 16777619u;
  return h;
}

static uint32_t keyhash(int kt, const Value *v) {
  uint64_t x;
  switch (kt) {
    case KT_INT: x = (uint64_t)v->i; break;
    case KT_FLT: memcpy(&x, &v->n, sizeof(x)); break;
    case KT_STR: return strhash((const TString *)v->gc);
    default: return (uint32_t)kt;
  }
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (uint32_t)x;
}

static int keyeq(int kt, const Value *a, const Value *b) {
  switch (kt) {
    case KT_INT: return a->i == b->i;
    case KT_FLT: return a->n == b->n;
    case KT_STR: {
      const TString *s1 = (const TString *)a->gc, *s2 = (const TString *)b->gc;
      if (s1 == s2) return 1;
      if (s1->tt != T_LNGSTR || s2->tt != T_LNGSTR) return 0;
      return tsslen(s1) == tsslen(s2) && memcmp(getstr(s1), getstr(s2), tsslen(s1)) == 0;
    }
    default: return 1;
  }
}

/* Normalised key of a constant value (floats with integral values use
** the integer key, as in a table). `isnil` selects the nil key. */
static void makekey(const TValue *v, int isnil, int *kt, Value *kv) {
  memset(kv, 0, sizeof(*kv));
  if (isnil) *kt = KT_NIL;
  else if (ttisfalse(v)) *kt = KT_FALSE;
  else if (ttistrue(v)) *kt = KT_TRUE;
  else if (ttisinteger(v)) {
    *kt = KT_INT;
    kv->i = ivalue(v);
  } else if (ttisfloat(v)) {
    vm_Integer i;
    if (flt2int(fltvalue(v), &i)) {
      *kt = KT_INT;
      kv->i = i;
    } else {
      *kt = KT_FLT;
      kv->n = fltvalue(v);
    }
  } else {
    *kt = KT_STR;
    kv->gc = gcvalue(v);
  }
}

static KEntry *kmap_find(Dyndata *d, int kt, const Value *kv) {
  unsigned int mask = d->kmapsize - 1;
  unsigned int i = keyhash(kt, kv) & mask;
  for (;;) {
    KEntry *e = &d->kmap[i];
    if (e->kt == KT_EMPTY || (e->kt == kt && keyeq(kt, &e->kv, kv))) return e;
    i = (i + 1) & mask;
  }
}

static void kmap_grow(LexState *ls) {
  Dyndata *d = ls->dyd;
  unsigned int oldsize = d->kmapsize, i;
  KEntry *old = d->kmap;
  unsigned int nsize = oldsize ? oldsize * 2 : 64;
  Udata *u = udata_new(ls->S, (size_t)nsize * sizeof(KEntry), 0);
  d->kmap = (KEntry *)getudatamem(u);
  memset(d->kmap, 0, (size_t)nsize * sizeof(KEntry));
  d->kmapsize = nsize;
  for (i = 0; i < oldsize; i++) {
    if (old[i].kt != KT_EMPTY) {
      KEntry *e = kmap_find(d, old[i].kt, &old[i].kv);
      *e = old[i];
    }
  }
}

/* Raw equality with the same variant (an integer never equals a float). */
static int samevalue(const TValue *a, const TValue *b) {
  if (rawtt(a) != rawtt(b)) return 0;
  switch (rawtt(a)) {
    case T_NIL: case T_FALSE: case T_TRUE: return 1;
    case T_INT: return ivalue(a) == ivalue(b);
    case T_FLT: return fltvalue(a) == fltvalue(b);
    case T_SHRSTR: return tsvalue(a) == tsvalue(b);
    case T_LNGSTR: {
      TString *s1 = tsvalue(a), *s2 = tsvalue(b);
      return s1 == s2 || (tsslen(s1) == tsslen(s2) &&
                          memcmp(getstr(s1), getstr(s2), tsslen(s1)) == 0);
    }
    default: return 0;
  }
}

/* Adds constant v under key `key` (NULL: the special nil key). */
static int addk(FuncState *fs, const TValue *key, const TValue *v) {
  LexState *ls = fs->ls;
  Dyndata *d = ls->dyd;
  Proto *f = fs->f;
  int kt, k, oldsize;
  Value kv;
  KEntry *e;
  makekey(key ? key : v, key == NULL, &kt, &kv);
  if (d->kmapsize == 0) kmap_grow(ls);
  e = kmap_find(d, kt, &kv);
  if (e->kt != KT_EMPTY) {
    k = e->idx;
    if (k < fs->nk && samevalue(&f->k[k], v)) return k;
  } else {
    if ((d->kmapcount + 1) * 4 > d->kmapsize * 3) {
      kmap_grow(ls);
      e = kmap_find(d, kt, &kv);
    }
    d->kmapcount++;
    e->kt = (uint8_t)kt;
    e->kv = kv;
  }
  k = fs->nk;
  e->idx = k;
  oldsize = f->sizek;
  mem_growvector(ls->S, f->k, k, f->sizek, TValue, MAXARG_Ax, "constants");
  while (oldsize < f->sizek) setnilvalue(&f->k[oldsize++]);
  setobj(ls->S, &f->k[k], v);
  fs->nk++;
  return k;
}

static int stringK(FuncState *fs, TString *s) {
  TValue o;
  setsvalue(fs->ls->S, &o, s);
  return addk(fs, &o, &o);
}

static int intK(FuncState *fs, vm_Integer n) {
  TValue o;
  setivalue(&o, n);
  return addk(fs, &o, &o);
}

/* A float with an integral value is keyed by a nearby non-integral float
** (r plus its smallest significant power-of-two fraction), so that it
** does not share its key with the equal integer. Above 2^53 the new key
** may still be integral; at worst that duplicates a constant. */
static int numberK(FuncState *fs, vm_Number r) {
  TValue o, kv;
  vm_Integer ik;
  setfltvalue(&o, r);
  if (!flt2int(r, &ik)) return addk(fs, &o, &o);
  {
    const vm_Number q = ldexp(1.0, -52); /* 1 / 2^(mantissa digits - 1) */
    vm_Number k = (ik == 0) ? q : r + r * q;
    setfltvalue(&kv, k);
    return addk(fs, &kv, &o);
  }
}

static int boolF(FuncState *fs) {
  TValue o;
  setbfvalue(&o);
  return addk(fs, &o, &o);
}

static int boolT(FuncState *fs) {
  TValue o;
  setbtvalue(&o);
  return addk(fs, &o, &o);
}

static int nilK(FuncState *fs) {
  TValue o;
  setnilvalue(&o);
  return addk(fs, NULL, &o);
}

static int fitsC(vm_Integer i) {
  return l_castS2U(i) + OFFSET_sC <= (vm_Unsigned)MAXARG_C;
}

static int fitsBx(vm_Integer i) {
  return -OFFSET_sBx <= i && i <= MAXARG_Bx - OFFSET_sBx;
}

static int codek(FuncState *fs, int reg, int k) {
  if (k <= MAXARG_Bx) return code_ABx(fs, OP_LOADK, reg, (unsigned int)k);
  else {
    int p = code_ABx(fs, OP_LOADKX, reg, 0);
    codeextraarg(fs, k);
    return p;
  }
}

void code_int(FuncState *fs, int reg, vm_Integer i) {
  if (fitsBx(i))
    codeAsBx(fs, OP_LOADI, reg, (int)i);
  else
    codek(fs, reg, intK(fs, i));
}

static void code_float(FuncState *fs, int reg, vm_Number f) {
  vm_Integer fi;
  if (flt2int(f, &fi) && fitsBx(fi))
    codeAsBx(fs, OP_LOADF, reg, (int)fi);
  else
    codek(fs, reg, numberK(fs, f));
}

/* ======================================================================
** Expressions
** ====================================================================== */

static int tonumeral(const expdesc *e, TValue *v) {
  if (hasjumps(e)) return 0;
  switch (e->k) {
    case VKINT:
      if (v) setivalue(v, e->u.ival);
      return 1;
    case VKFLT:
      if (v) setfltvalue(v, e->u.nval);
      return 1;
    default:
      return 0;
  }
}

static TValue *const2val(FuncState *fs, const expdesc *e) {
  return &fs->ls->dyd->actvar.arr[e->u.info].k;
}

/* If e is a constant, stores its value in v and returns 1. */
int code_exp2const(FuncState *fs, const expdesc *e, TValue *v) {
  if (hasjumps(e)) return 0;
  switch (e->k) {
    case VFALSE: setbfvalue(v); return 1;
    case VTRUE: setbtvalue(v); return 1;
    case VNIL: setnilvalue(v); return 1;
    case VKSTR: setsvalue(fs->ls->S, v, e->u.strval); return 1;
    case VCONST: setobj(fs->ls->S, v, const2val(fs, e)); return 1;
    default: return tonumeral(e, v);
  }
}

static void const2exp(const TValue *v, expdesc *e) {
  switch (rawtt(v)) {
    case T_INT: e->k = VKINT; e->u.ival = ivalue(v); break;
    case T_FLT: e->k = VKFLT; e->u.nval = fltvalue(v); break;
    case T_FALSE: e->k = VFALSE; break;
    case T_TRUE: e->k = VTRUE; break;
    case T_NIL: e->k = VNIL; break;
    default: e->k = VKSTR; e->u.strval = tsvalue(v); break;
  }
}

void code_setreturns(FuncState *fs, expdesc *e, int nresults) {
  Instruction *pc = &getinstruction(fs, e);
  if (e->k == VCALL) {
    SETARG_C(*pc, nresults + 1);
  } else {
    vm_assert(e->k == VVARARG);
    SETARG_C(*pc, nresults + 1);
    SETARG_A(*pc, fs->freereg);
    code_reserveregs(fs, 1);
  }
}

static void str2K(FuncState *fs, expdesc *e) {
  e->u.info = stringK(fs, e->u.strval);
  e->k = VK;
}

void code_setoneret(FuncState *fs, expdesc *e) {
  if (e->k == VCALL) {
    e->k = VNONRELOC;
    e->u.info = GETARG_A(getinstruction(fs, e));
  } else if (e->k == VVARARG) {
    SETARG_C(getinstruction(fs, e), 2);
    e->k = VRELOC;
  }
}

/* Emits the access of a variable's value (if e is a variable). */
void code_dischargevars(FuncState *fs, expdesc *e) {
  switch (e->k) {
    case VCONST:
      const2exp(const2val(fs, e), e);
      break;
    case VLOCAL:
      e->u.info = e->u.var.ridx;
      e->k = VNONRELOC;
      break;
    case VUPVAL:
      e->u.info = code_ABC(fs, OP_GETUPVAL, 0, e->u.info, 0);
      code_fixcol(fs, e->col);
      e->k = VRELOC;
      break;
    case VINDEXUP:
      e->u.info = code_ABC(fs, OP_GETTABUP, 0, e->u.ind.t, e->u.ind.idx);
      code_fixcol(fs, e->col);
      e->k = VRELOC;
      break;
    case VINDEXI:
      freereg(fs, e->u.ind.t);
      e->u.info = code_ABC(fs, OP_GETI, 0, e->u.ind.t, e->u.ind.idx);
      code_fixcol(fs, e->col);
      e->k = VRELOC;
      break;
    case VINDEXSTR:
      freereg(fs, e->u.ind.t);
      e->u.info = code_ABC(fs, OP_GETFIELD, 0, e->u.ind.t, e->u.ind.idx);
      code_fixcol(fs, e->col);
      e->k = VRELOC;
      break;
    case VINDEXED:
      freeregs(fs, e->u.ind.t, e->u.ind.idx);
      e->u.info = code_ABC(fs, OP_GETTABLE, 0, e->u.ind.t, e->u.ind.idx);
      code_fixcol(fs, e->col);
      e->k = VRELOC;
      break;
    case VVARARG: case VCALL:
      code_setoneret(fs, e);
      break;
    default:
      break;
  }
}

/* Puts the value of e (no jump lists) into register reg. */
static void discharge2reg(FuncState *fs, expdesc *e, int reg) {
  code_dischargevars(fs, e);
  switch (e->k) {
    case VNIL:
      code_nil(fs, reg, 1);
      break;
    case VFALSE:
      code_ABC(fs, OP_LOADFALSE, reg, 0, 0);
      break;
    case VTRUE:
      code_ABC(fs, OP_LOADTRUE, reg, 0, 0);
      break;
    case VKSTR:
      str2K(fs, e);
      /* fall through */
    case VK:
      codek(fs, reg, e->u.info);
      break;
    case VKFLT:
      code_float(fs, reg, e->u.nval);
      break;
    case VKINT:
      code_int(fs, reg, e->u.ival);
      break;
    case VRELOC: {
      Instruction *pc = &getinstruction(fs, e);
      SETARG_A(*pc, reg);
      break;
    }
    case VNONRELOC:
      if (reg != e->u.info) code_ABC(fs, OP_MOVE, reg, e->u.info, 0);
      break;
    default:
      vm_assert(e->k == VJMP);
      return;
  }
  e->u.info = reg;
  e->k = VNONRELOC;
}

static void discharge2anyreg(FuncState *fs, expdesc *e) {
  if (e->k != VNONRELOC) {
    code_reserveregs(fs, 1);
    discharge2reg(fs, e, fs->freereg - 1);
  }
}

static int code_loadbool(FuncState *fs, int a, OpCode op) {
  code_getlabel(fs); /* these may be jump targets */
  return code_ABC(fs, op, a, 0, 0);
}

/* Does some jump of the list need a value (i.e. is not a TESTSET)? */
static int need_value(FuncState *fs, int list) {
  for (; list != NO_JUMP; list = getjump(fs, list)) {
    Instruction i = *getjumpcontrol(fs, list);
    if (GET_OPCODE(i) != OP_TESTSET) return 1;
  }
  return 0;
}

/* Puts the final value of e (jump lists included) into register reg. */
static void exp2reg(FuncState *fs, expdesc *e, int reg) {
  discharge2reg(fs, e, reg);
  if (e->k == VJMP) code_concat(fs, &e->t, e->u.info);
  if (hasjumps(e)) {
    int final;
    int p_f = NO_JUMP, p_t = NO_JUMP;
    if (need_value(fs, e->t) || need_value(fs, e->f)) {
      int fj = (e->k == VJMP) ? NO_JUMP : code_jump(fs);
      p_f = code_loadbool(fs, reg, OP_LFALSESKIP);
      p_t = code_loadbool(fs, reg, OP_LOADTRUE);
      code_patchtohere(fs, fj);
    }
    final = code_getlabel(fs);
    patchlistaux(fs, e->f, final, reg, p_f);
    patchlistaux(fs, e->t, final, reg, p_t);
  }
  e->f = e->t = NO_JUMP;
  e->u.info = reg;
  e->k = VNONRELOC;
}

void code_exp2nextreg(FuncState *fs, expdesc *e) {
  code_dischargevars(fs, e);
  freeexp(fs, e);
  code_reserveregs(fs, 1);
  exp2reg(fs, e, fs->freereg - 1);
}

int code_exp2anyreg(FuncState *fs, expdesc *e) {
  code_dischargevars(fs, e);
  if (e->k == VNONRELOC) {
    if (!hasjumps(e)) return e->u.info;
    if (e->u.info >= code_nvarstack(fs)) { /* not a local: reuse it */
      exp2reg(fs, e, e->u.info);
      return e->u.info;
    }
  }
  code_exp2nextreg(fs, e);
  return e->u.info;
}

void code_exp2anyregup(FuncState *fs, expdesc *e) {
  if (e->k != VUPVAL || hasjumps(e)) code_exp2anyreg(fs, e);
}

void code_exp2val(FuncState *fs, expdesc *e) {
  if (hasjumps(e))
    code_exp2anyreg(fs, e);
  else
    code_dischargevars(fs, e);
}

/* Makes e a K operand if it is a constant whose index fits in B/C. */
static int exp2K(FuncState *fs, expdesc *e) {
  if (!hasjumps(e)) {
    int info;
    switch (e->k) {
      case VTRUE: info = boolT(fs); break;
      case VFALSE: info = boolF(fs); break;
      case VNIL: info = nilK(fs); break;
      case VKINT: info = intK(fs, e->u.ival); break;
      case VKFLT: info = numberK(fs, e->u.nval); break;
      case VKSTR: info = stringK(fs, e->u.strval); break;
      case VK: info = e->u.info; break;
      default: return 0;
    }
    if (info <= MAXINDEXRK) {
      e->k = VK;
      e->u.info = info;
      return 1;
    }
  }
  return 0;
}

static int exp2RK(FuncState *fs, expdesc *e) {
  if (exp2K(fs, e)) return 1;
  code_exp2anyreg(fs, e);
  return 0;
}

static int codeABRK(FuncState *fs, OpCode o, int a, int b, expdesc *ec) {
  int k = exp2RK(fs, ec);
  return code_ABCk(fs, o, a, b, ec->u.info, k);
}

void code_storevar(FuncState *fs, expdesc *var, expdesc *ex) {
  switch (var->k) {
    case VLOCAL:
      freeexp(fs, ex);
      exp2reg(fs, ex, var->u.var.ridx);
      return;
    case VUPVAL: {
      int e = code_exp2anyreg(fs, ex);
      code_ABC(fs, OP_SETUPVAL, e, var->u.info, 0);
      break;
    }
    case VINDEXUP:
      codeABRK(fs, OP_SETTABUP, var->u.ind.t, var->u.ind.idx, ex);
      break;
    case VINDEXI:
      codeABRK(fs, OP_SETI, var->u.ind.t, var->u.ind.idx, ex);
      break;
    case VINDEXSTR:
      codeABRK(fs, OP_SETFIELD, var->u.ind.t, var->u.ind.idx, ex);
      break;
    case VINDEXED:
      codeABRK(fs, OP_SETTABLE, var->u.ind.t, var->u.ind.idx, ex);
      break;
    default:
      vm_assert(0);
      break;
  }
  code_fixcol(fs, var->col);
  freeexp(fs, ex);
}

void code_self(FuncState *fs, expdesc *e, expdesc *key) {
  int ereg;
  code_exp2anyreg(fs, e);
  ereg = e->u.info;
  freeexp(fs, e);
  e->u.info = fs->freereg;
  e->k = VNONRELOC;
  code_reserveregs(fs, 2);
  codeABRK(fs, OP_SELF, e->u.info, ereg, key);
  freeexp(fs, key);
}

static void negatecondition(FuncState *fs, expdesc *e) {
  Instruction *pc = getjumpcontrol(fs, e->u.info);
  SETARG_k(*pc, (GETARG_k(*pc) ^ 1));
}

/* Emits a jump taken when e is `cond` (a NOT is folded into a TEST). */
static int jumponcond(FuncState *fs, expdesc *e, int cond) {
  if (e->k == VRELOC) {
    Instruction ie = getinstruction(fs, e);
    if (GET_OPCODE(ie) == OP_NOT) {
      removelastinstruction(fs);
      return condjump(fs, OP_TEST, GETARG_B(ie), 0, 0, !cond);
    }
  }
  discharge2anyreg(fs, e);
  freeexp(fs, e);
  return condjump(fs, OP_TESTSET, NO_REG, e->u.info, 0, cond);
}

/* Falls through when e is true, jumps (false list) otherwise. */
void code_goiftrue(FuncState *fs, expdesc *e) {
  int pc;
  code_dischargevars(fs, e);
  switch (e->k) {
    case VJMP:
      negatecondition(fs, e);
      pc = e->u.info;
      break;
    case VK: case VKFLT: case VKINT: case VKSTR: case VTRUE:
      pc = NO_JUMP;
      break;
    default:
      pc = jumponcond(fs, e, 0);
      break;
  }
  code_concat(fs, &e->f, pc);
  code_patchtohere(fs, e->t);
  e->t = NO_JUMP;
}

/* Falls through when e is false, jumps (true list) otherwise. */
void code_goiffalse(FuncState *fs, expdesc *e) {
  int pc;
  code_dischargevars(fs, e);
  switch (e->k) {
    case VJMP:
      pc = e->u.info;
      break;
    case VNIL: case VFALSE:
      pc = NO_JUMP;
      break;
    default:
      pc = jumponcond(fs, e, 1);
      break;
  }
  code_concat(fs, &e->t, pc);
  code_patchtohere(fs, e->f);
  e->f = NO_JUMP;
}

static void codenot(FuncState *fs, expdesc *e, int col) {
  switch (e->k) {
    case VNIL: case VFALSE:
      e->k = VTRUE;
      break;
    case VK: case VKFLT: case VKINT: case VKSTR: case VTRUE:
      e->k = VFALSE;
      break;
    case VJMP:
      negatecondition(fs, e);
      break;
    case VRELOC: case VNONRELOC:
      discharge2anyreg(fs, e);
      freeexp(fs, e);
      e->u.info = code_ABC(fs, OP_NOT, 0, e->u.info, 0);
      code_fixcol(fs, col);
      e->k = VRELOC;
      break;
    default:
      vm_assert(0);
      break;
  }
  {
    int temp = e->f;
    e->f = e->t;
    e->t = temp;
  }
  removevalues(fs, e->f);
  removevalues(fs, e->t);
}

static int isKstr(FuncState *fs, expdesc *e) {
  return e->k == VK && !hasjumps(e) && e->u.info <= MAXARG_B &&
         ttisshrstring(&fs->f->k[e->u.info]);
}

static int isKint(expdesc *e) {
  return e->k == VKINT && !hasjumps(e);
}

static int isCint(expdesc *e) {
  return isKint(e) && l_castS2U(e->u.ival) <= l_castS2U(MAXARG_C);
}

static int isSCint(expdesc *e) {
  return isKint(e) && fitsC(e->u.ival);
}

/* Is e a number (integer or integral float) fitting in sC? */
static int isSCnumber(expdesc *e, int *pi, int *isfloat) {
  vm_Integer i;
  if (e->k == VKINT)
    i = e->u.ival;
  else if (e->k == VKFLT && flt2int(e->u.nval, &i))
    *isfloat = 1;
  else
    return 0;
  if (!hasjumps(e) && fitsC(i)) {
    *pi = int2sC((int)i);
    return 1;
  }
  return 0;
}

/* t[k]: t is in a register or an upvalue; k is any expression. */
void code_indexed(FuncState *fs, expdesc *t, expdesc *k) {
  if (k->k == VKSTR) str2K(fs, k);
  if (t->k == VUPVAL && !isKstr(fs, k)) code_exp2anyreg(fs, t);
  if (t->k == VUPVAL) {
    int up = t->u.info;
    t->u.ind.t = up;
    t->u.ind.idx = k->u.info;
    t->k = VINDEXUP;
  } else {
    t->u.ind.t = (t->k == VLOCAL) ? t->u.var.ridx : t->u.info;
    if (isKstr(fs, k)) {
      t->u.ind.idx = k->u.info;
      t->k = VINDEXSTR;
    } else if (isCint(k)) {
      t->u.ind.idx = (int)k->u.ival;
      t->k = VINDEXI;
    } else {
      t->u.ind.idx = code_exp2anyreg(fs, k);
      t->k = VINDEXED;
    }
  }
}

/* ---- constant folding ---- */

static int validop(int op, TValue *v1, TValue *v2) {
  switch (op) {
    case OPR_BAND: case OPR_BOR: case OPR_BXOR:
    case OPR_SHL: case OPR_SHR: case FOLD_BNOT: {
      vm_Integer i;
      return tv2int(v1, &i) && tv2int(v2, &i);
    }
    case OPR_DIV: case OPR_IDIV: case OPR_MOD:
      return nvalue(v2) != 0;
    default:
      return 1;
  }
}

static int constfolding(int op, expdesc *e1, const expdesc *e2) {
  TValue v1, v2, res;
  if (!tonumeral(e1, &v1) || !tonumeral(e2, &v2) || !validop(op, &v1, &v2))
    return 0;
  foldarith(op, &v1, &v2, &res);
  if (ttisinteger(&res)) {
    e1->k = VKINT;
    e1->u.ival = ivalue(&res);
  } else {
    vm_Number n = fltvalue(&res);
    if (n != n || n == 0) return 0; /* neither NaN nor (-)0.0 */
    e1->k = VKFLT;
    e1->u.nval = n;
  }
  return 1;
}

/* ---- operators ---- */

static void codeunexpval(FuncState *fs, OpCode op, expdesc *e, int line, int col) {
  int r = code_exp2anyreg(fs, e);
  freeexp(fs, e);
  e->u.info = code_ABC(fs, op, 0, r, 0);
  e->k = VRELOC;
  code_fixline(fs, line);
  code_fixcol(fs, col);
}

/* Emits `op A v1 v2` for e1 (in a register) and operand v2. */
static void finishbinexpval(FuncState *fs, expdesc *e1, expdesc *e2, OpCode op,
                            int v2, int flip, int line, int col) {
  int v1 = code_exp2anyreg(fs, e1);
  int pc = code_ABCk(fs, op, 0, v1, v2, flip);
  freeexps(fs, e1, e2);
  e1->u.info = pc;
  e1->k = VRELOC;
  code_fixline(fs, line);
  code_fixcol(fs, col);
}

static void codebinexpval(FuncState *fs, OpCode op, expdesc *e1, expdesc *e2,
                          int line, int col) {
  int v2 = code_exp2anyreg(fs, e2);
  finishbinexpval(fs, e1, e2, op, v2, 0, line, col);
}

static void codebini(FuncState *fs, OpCode op, expdesc *e1, expdesc *e2,
                     int flip, int line, int col) {
  int v2 = int2sC((int)e2->u.ival);
  finishbinexpval(fs, e1, e2, op, v2, flip, line, col);
}

static void codebinK(FuncState *fs, BinOpr opr, expdesc *e1, expdesc *e2,
                     int flip, int line, int col) {
  int v2 = e2->u.info;
  OpCode op = (OpCode)(opr + OP_ADDK);
  finishbinexpval(fs, e1, e2, op, v2, flip, line, col);
}

static void swapexps(expdesc *e1, expdesc *e2) {
  expdesc temp = *e1;
  *e1 = *e2;
  *e2 = temp;
}

static void codebinNoK(FuncState *fs, BinOpr opr, expdesc *e1, expdesc *e2,
                       int flip, int line, int col) {
  if (flip) swapexps(e1, e2); /* back to source order */
  codebinexpval(fs, (OpCode)(opr + OP_ADD), e1, e2, line, col);
}

static void codearith(FuncState *fs, BinOpr opr, expdesc *e1, expdesc *e2,
                      int flip, int line, int col) {
  if (tonumeral(e2, NULL) && exp2K(fs, e2))
    codebinK(fs, opr, e1, e2, flip, line, col);
  else
    codebinNoK(fs, opr, e1, e2, flip, line, col);
}

static void codecommutative(FuncState *fs, BinOpr op, expdesc *e1, expdesc *e2,
                            int line, int col) {
  int flip = 0;
  if (tonumeral(e1, NULL)) {
    swapexps(e1, e2);
    flip = 1;
  }
  if (op == OPR_ADD && isSCint(e2))
    codebini(fs, OP_ADDI, e1, e2, flip, line, col);
  else
    codearith(fs, op, e1, e2, flip, line, col);
}

static void codebitwise(FuncState *fs, BinOpr opr, expdesc *e1, expdesc *e2,
                        int line, int col) {
  int flip = 0;
  if (e1->k == VKINT) {
    swapexps(e1, e2);
    flip = 1;
  }
  if (e2->k == VKINT && exp2K(fs, e2))
    codebinK(fs, opr, e1, e2, flip, line, col);
  else
    codebinNoK(fs, opr, e1, e2, flip, line, col);
}

/* `x << I` as `x >> -I` when both I and -I fit in sC; k = 1 tells the
** interpreter that the source operator was '<<' (for the metamethod). */
static int codeshlneg(FuncState *fs, expdesc *e1, expdesc *e2, int line, int col) {
  vm_Integer i2;
  if (!isKint(e2)) return 0;
  i2 = e2->u.ival;
  if (!(fitsC(i2) && fitsC(-i2))) return 0;
  finishbinexpval(fs, e1, e2, OP_SHRI, int2sC(-(int)i2), 1, line, col);
  return 1;
}

static void codeorder(FuncState *fs, OpCode op, expdesc *e1, expdesc *e2, int col) {
  int r1, r2, im, isfloat = 0;
  if (isSCnumber(e2, &im, &isfloat)) {
    r1 = code_exp2anyreg(fs, e1);
    r2 = im;
    op = (OpCode)((op - OP_LT) + OP_LTI);
  } else if (isSCnumber(e1, &im, &isfloat)) {
    r1 = code_exp2anyreg(fs, e2);
    r2 = im;
    op = (op == OP_LT) ? OP_GTI : OP_GEI;
  } else {
    r1 = code_exp2anyreg(fs, e1);
    r2 = code_exp2anyreg(fs, e2);
  }
  freeexps(fs, e1, e2);
  e1->u.info = condjump(fs, op, r1, r2, isfloat, 1);
  if (col > 0) fs->f->colinfo[fs->pc - 2] = col;
  e1->k = VJMP;
}

static void codeeq(FuncState *fs, BinOpr opr, expdesc *e1, expdesc *e2, int col) {
  int r1, r2, im, isfloat = 0;
  OpCode op;
  if (e1->k != VNONRELOC) swapexps(e1, e2); /* constant goes second */
  r1 = code_exp2anyreg(fs, e1);
  if (isSCnumber(e2, &im, &isfloat)) {
    op = OP_EQI;
    r2 = im;
  } else if (exp2RK(fs, e2)) {
    op = OP_EQK;
    r2 = e2->u.info;
  } else {
    op = OP_EQ;
    r2 = code_exp2anyreg(fs, e2);
  }
  freeexps(fs, e1, e2);
  e1->u.info = condjump(fs, op, r1, r2, isfloat, opr == OPR_EQ);
  if (col > 0) fs->f->colinfo[fs->pc - 2] = col;
  e1->k = VJMP;
}

void code_prefix(FuncState *fs, UnOpr op, expdesc *e, int line, int col) {
  static const expdesc ef = {VKINT, {0}, NO_JUMP, NO_JUMP, 0};
  code_dischargevars(fs, e);
  switch (op) {
    case OPR_MINUS: case OPR_BNOT:
      if (constfolding(op == OPR_MINUS ? FOLD_UNM : FOLD_BNOT, e, &ef)) break;
      /* fall through */
    case OPR_LEN:
      codeunexpval(fs, (OpCode)(op + OP_UNM), e, line, col);
      break;
    case OPR_NOT:
      codenot(fs, e, col);
      break;
    default:
      vm_assert(0);
  }
}

/* Prepares the first operand of a binary operator before the second one
** is read. */
void code_infix(FuncState *fs, BinOpr op, expdesc *v) {
  code_dischargevars(fs, v);
  switch (op) {
    case OPR_AND:
      code_goiftrue(fs, v);
      break;
    case OPR_OR:
      code_goiffalse(fs, v);
      break;
    case OPR_CONCAT:
      code_exp2nextreg(fs, v);
      break;
    case OPR_ADD: case OPR_SUB: case OPR_MUL: case OPR_DIV: case OPR_IDIV:
    case OPR_MOD: case OPR_POW: case OPR_BAND: case OPR_BOR: case OPR_BXOR:
    case OPR_SHL: case OPR_SHR:
      if (!tonumeral(v, NULL)) code_exp2anyreg(fs, v);
      break;
    case OPR_EQ: case OPR_NE:
      if (!tonumeral(v, NULL)) exp2RK(fs, v);
      break;
    case OPR_LT: case OPR_LE: case OPR_GT: case OPR_GE: {
      int dummy, dummy2;
      if (!isSCnumber(v, &dummy, &dummy2)) code_exp2anyreg(fs, v);
      break;
    }
    default:
      vm_assert(0);
  }
}

/* e1 .. e2, merging with a CONCAT emitted for e2. */
static void codeconcat(FuncState *fs, expdesc *e1, expdesc *e2, int line, int col) {
  Instruction *ie2 = previousinstruction(fs);
  if (GET_OPCODE(*ie2) == OP_CONCAT) {
    int n = GETARG_B(*ie2);
    freeexp(fs, e2);
    SETARG_A(*ie2, e1->u.info);
    SETARG_B(*ie2, n + 1);
    if (col > 0) fs->f->colinfo[ie2 - fs->f->code] = col;
  } else {
    code_ABC(fs, OP_CONCAT, e1->u.info, 2, 0);
    freeexp(fs, e2);
    code_fixline(fs, line);
    code_fixcol(fs, col);
  }
}

void code_posfix(FuncState *fs, BinOpr opr, expdesc *e1, expdesc *e2,
                 int line, int col) {
  code_dischargevars(fs, e2);
  if (opr <= OPR_SHR && constfolding((int)opr, e1, e2)) return;
  switch (opr) {
    case OPR_AND:
      code_concat(fs, &e2->f, e1->f);
      *e1 = *e2;
      break;
    case OPR_OR:
      code_concat(fs, &e2->t, e1->t);
      *e1 = *e2;
      break;
    case OPR_CONCAT:
      code_exp2nextreg(fs, e2);
      codeconcat(fs, e1, e2, line, col);
      break;
    case OPR_ADD: case OPR_MUL:
      codecommutative(fs, opr, e1, e2, line, col);
      break;
    case OPR_SUB:
      /* Lua 5.4 codes `x - I` as ADDI x -I plus an MMBINI for __sub; with
      ** no MMBIN the interpreter could only call __add, so Tide uses the
      ** constant form (SUBK), which calls __sub. (TIDE_LUA54_SUBI restores
      ** 5.4's form, only to compare listings with luac.) */
#ifdef TIDE_LUA54_SUBI
      if (isKint(e2) && fitsC(e2->u.ival) && fitsC(-e2->u.ival)) {
        finishbinexpval(fs, e1, e2, OP_ADDI, int2sC(-(int)e2->u.ival), 0, line, col);
        break;
      }
#endif
      /* fall through */
    case OPR_DIV: case OPR_IDIV: case OPR_MOD: case OPR_POW:
      codearith(fs, opr, e1, e2, 0, line, col);
      break;
    case OPR_BAND: case OPR_BOR: case OPR_BXOR:
      codebitwise(fs, opr, e1, e2, line, col);
      break;
    case OPR_SHL:
      if (isSCint(e1)) {
        swapexps(e1, e2);
        codebini(fs, OP_SHLI, e1, e2, 1, line, col); /* I << r2 */
      } else if (codeshlneg(fs, e1, e2, line, col)) {
        /* coded as r1 >> -I */
      } else {
        codebinexpval(fs, OP_SHL, e1, e2, line, col);
      }
      break;
    case OPR_SHR:
      if (isSCint(e2))
        codebini(fs, OP_SHRI, e1, e2, 0, line, col);
      else
        codebinexpval(fs, OP_SHR, e1, e2, line, col);
      break;
    case OPR_EQ: case OPR_NE:
      codeeq(fs, opr, e1, e2, col);
      break;
    case OPR_GT: case OPR_GE:
      /* a > b  <=>  b < a;  a >= b  <=>  b <= a */
      swapexps(e1, e2);
      opr = (BinOpr)((opr - OPR_GT) + OPR_LT);
      /* fall through */
    case OPR_LT: case OPR_LE:
      codeorder(fs, (OpCode)((opr - OPR_EQ) + OP_EQ), e1, e2, col);
      break;
    default:
      vm_assert(0);
  }
}

/* ======================================================================
** Tables
** ====================================================================== */

static int ceil_log2(unsigned int x) {
  int l = 0;
  x--;
  while (x >= 1) {
    l++;
    x >>= 1;
  }
  return l;
}

void code_settablesize(FuncState *fs, int pc, int ra, int asize, int hsize) {
  Instruction *inst = &fs->f->code[pc];
  int rb = (hsize != 0) ? ceil_log2((unsigned int)hsize) + 1 : 0;
  int extra = asize / (MAXARG_C + 1);
  int rc = asize % (MAXARG_C + 1);
  int k = (extra > 0);
  *inst = CREATE_ABCk(OP_NEWTABLE, ra, rb, rc, k);
  *(inst + 1) = CREATE_Ax(OP_EXTRAARG, extra);
}

/* Stores `tostore` values (MULTRET: up to the top) from base+1 into the
** table at base, after the `nelems` already stored. */
void code_setlist(FuncState *fs, int base, int nelems, int tostore) {
  if (tostore == MULTRET) tostore = 0;
  if (nelems <= MAXARG_C) {
    code_ABC(fs, OP_SETLIST, base, tostore, nelems);
  } else {
    int extra = nelems / (MAXARG_C + 1);
    nelems %= (MAXARG_C + 1);
    code_ABCk(fs, OP_SETLIST, base, tostore, nelems, 1);
    codeextraarg(fs, extra);
  }
  fs->freereg = cast_byte(base + 1);
}

/* ======================================================================
** Final pass over a function
** ====================================================================== */

/* Destination of a chain of jumps starting at i. */
static int finaltarget(Instruction *code, int i) {
  int count;
  for (count = 0; count < 100; count++) {
    Instruction pc = code[i];
    if (GET_OPCODE(pc) != OP_JMP) break;
    i += GETARG_sJ(pc) + 1;
  }
  return i;
}

void code_finish(FuncState *fs) {
  int i;
  Proto *p = fs->f;
  for (i = 0; i < fs->pc; i++) {
    Instruction *pc = &p->code[i];
    switch (GET_OPCODE(*pc)) {
      case OP_RETURN0: case OP_RETURN1:
        if (!(fs->needclose || p->is_vararg)) break;
        SET_OPCODE(*pc, OP_RETURN);
        /* fall through */
      case OP_RETURN: case OP_TAILCALL:
        if (fs->needclose) SETARG_k(*pc, 1);
        if (p->is_vararg) SETARG_C(*pc, p->numparams + 1);
        break;
      case OP_JMP: {
        int target = finaltarget(p->code, i);
        fixjump(fs, i, target);
        break;
      }
      default:
        break;
    }
  }
}
