/*
** test/jit/fuzz_trace.c — random IR traces, optimized, proven equivalent
** to themselves unoptimized by z3.
**
** Each trace is a random straight line of integer and float arithmetic,
** comparisons (guards) and constants over a few input slots, built twice:
** appended as is (the reference) and emitted through opt_emit (folding,
** peephole rules, forwarding, CSE, redundant guards). Every instruction's
** meaning in SMT-LIB2 comes from tools/rulegen.c (opt_sems.h, generated
** with --sems), the same meaning the rule proofs use. z3 must then show,
** for all inputs, that
**   - every value of the reference equals what opt_emit returned for it
**     (floats compared as IEEE values, so -0.0 differs from 0.0), and
**   - after each guard, "every guard so far holds" is the same in both
**     traces: the optimized trace exits exactly where the reference does
**     (a dropped guard was implied by the earlier ones, a guard folded
**     to "always fails" fails for every input).
** A counterexample prints the trace, both IR listings and z3's model. A
** trace z3 cannot decide in QUERY_MS is inconclusive (float arithmetic is
** slow to solve); more than a tenth of them fails the run.
** The queries are split between two z3 processes that run side by side.
**
** Usage: fuzz_trace [COUNT [SEED]]   (defaults: 200 traces, a fixed seed;
** z3 on PATH, or TIDE_Z3 naming it). FUZZ_ALLFP=1 adds float products,
** quotients and roots (slow); FUZZ_SHOW=1 lists the traces z3 gave up on.
*/
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "opt.h"
#include "opt_sems.h"

#define NINPUT 5   /* slots 0-2: integers, 3-4: floats */
#define MAXLEN 24  /* instructions per trace, at most */
#define QUERY_MS 2000 /* z3's time per trace: beyond it, "unknown" */

static uint64_t rngstate;
static uint64_t rnd(void) { /* xorshift64* */
  rngstate ^= rngstate >> 12;
  rngstate ^= rngstate << 25;
  rngstate ^= rngstate >> 27;
  return rngstate * 0x2545f4914f6cdd1dull;
}
static int pick(int n) { return (int)(rnd() % (uint64_t)n); }

/* Constants the rules care about, and ordinary ones */
static const int64_t kints[] = {0, 1, -1, 2, 3, 4, 7, 8, 16, 63, 64, 255, -64, 1000,
                                INT64_MAX, INT64_MIN};
static const double knums[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, -2.5, 1e300, 0.1};

typedef struct Guard {
  IRRef raw;          /* the reference's guard */
  IRRef optend;       /* the optimized trace's guards so far: refs below this */
  int optfails;       /* a guard of the optimized trace always failed by now */
} Guard;

typedef struct Trace {
  IRBuf raw, opt;
  OptState o;
  IRRef map[MAXLEN * 4 + 64];   /* reference ref -> optimized ref (REF_NONE: a dropped guard) */
  Guard guard[MAXLEN * 2];
  int nguard;
  IRRef pool[2][MAXLEN + NINPUT]; /* values by sort: integers, floats */
  int npool[2];
} Trace;

static int sortof(int sem) { return sem == SEM_NUM ? 1 : 0; }

/* An operand of sort `sem`: a constant (in both traces), or when `var`
** allows an earlier value */
static IRRef operand(Trace *t, int sem, int var) {
  int s = sortof(sem);
  IRRef r;
  if (t->npool[s] == 0 || !var || pick(4) == 0) {
    if (s == 0) {
      int64_t v = kints[pick((int)(sizeof kints / sizeof kints[0]))];
      r = ir_kint(&t->raw, v);
      t->map[r] = ir_kint(&t->opt, v);
    } else {
      double v = knums[pick((int)(sizeof knums / sizeof knums[0]))];
      r = ir_knum(&t->raw, v);
      t->map[r] = ir_knum(&t->opt, v);
    }
    return r;
  }
  return t->pool[s][pick(t->npool[s])];
}

/* Float multiplication, division and square roots of unknown values take
** z3 from seconds to minutes each: left out unless FUZZ_ALLFP is set (the
** rules about them are proven one by one in test-rules). */
static int slowfp(IROp op) { return op == IR_FMUL || op == IR_FDIV || op == IR_FSQRT; }

static int hard(IROp op) {
  return op == IR_MUL || op == IR_IDIV || op == IR_MOD || op == IR_UDIV || op == IR_FMUL || op == IR_FDIV;
}

static IRType irtype(int sem) { return sem == SEM_INT ? IRT_INT : sem == SEM_NUM ? IRT_NUM : IRT_VOID; }

/* op(a, b) in both traces; a guard is remembered with the optimized
** trace's guards up to it */
static void both(Trace *t, IROp op, IRRef a, IRRef b) {
  const FzSem *s = &fz_sem[op];
  IRRef r = ir_append(&t->raw, op, irtype(s->res), a, b);
  IRRef q = opt_emit(&t->o, op, irtype(s->res), t->map[a], b ? t->map[b] : REF_NONE);
  t->map[r] = q;
  if (s->res == SEM_BOOL) {
    Guard *g = &t->guard[t->nguard++];
    g->raw = r;
    g->optend = t->opt.n;
    g->optfails = t->o.guardfails;
  } else {
    int k = sortof(s->res);
    t->pool[k][t->npool[k]++] = r;
  }
}

static void gentrace(Trace *t, int floats) {
  static IROp ops[IR__MAX];
  static int nops = -1;
  int n, i;
  if (nops < 0) { /* every opcode with a meaning (but see slowfp) */
    nops = 0;
    for (i = 0; i < IR__MAX; i++)
      if (fz_sem[i].smt != NULL && (!slowfp((IROp)i) || getenv("FUZZ_ALLFP"))) ops[nops++] = (IROp)i;
  }
  memset(t->map, 0, sizeof(t->map));
  t->nguard = 0;
  t->npool[0] = t->npool[1] = 0;
  ir_init(&t->raw);
  ir_init(&t->opt);
  opt_init(&t->o, &t->opt, NULL);
  for (i = 0; i < NINPUT; i++) {
    IRType ty = i < 3 ? IRT_INT : IRT_NUM;
    IRRef r = ir_append(&t->raw, IR_SLOAD, ty, (IRRef)i, SLOAD_NOCHECK);
    t->map[r] = ir_append(&t->opt, IR_SLOAD, ty, (IRRef)i, SLOAD_NOCHECK);
    if (i < 3 || floats) t->pool[i < 3 ? 0 : 1][t->npool[i < 3 ? 0 : 1]++] = r;
  }
  for (n = 4 + pick(MAXLEN - 4); n > 0; n--) {
    const FzSem *s;
    IRRef a, b = REF_NONE;
    IROp op;
    do {
      op = ops[pick(nops)];
      s = &fz_sem[op];
    } while (!floats && (s->arg[0] == SEM_NUM || s->res == SEM_NUM));
    /* products and quotients of two variables are where SAT solvers
    ** struggle: their second operand is a constant (as in most loops) */
    a = operand(t, s->arg[0], 1);
    if (s->arg[1] != SEM_NONE) b = operand(t, s->arg[1], !hard(op));
    if (s->divides) { /* the recorder's guard: the divisor is not 0 */
      IRRef zero = ir_kint(&t->raw, 0);
      t->map[zero] = ir_kint(&t->opt, 0);
      both(t, IR_NE, b, zero);
    }
    both(t, op, a, b);
  }
}

/* ---- SMT-LIB2 ---- */

static const char *smtsort(int sem) {
  return sem == SEM_INT ? "(_ BitVec 64)" : sem == SEM_NUM ? "(_ FloatingPoint 11 53)" : "Bool";
}

static int semofins(const IRIns *ins) {
  if (ins->op == IR_KINT) return SEM_INT;
  if (ins->op == IR_KNUM) return SEM_NUM;
  if (ins->op == IR_SLOAD) return ins->type == IRT_NUM ? SEM_NUM : SEM_INT;
  return fz_sem[ins->op].res;
}

/* Defines each instruction of b as <p><ref>; 0 if one has no meaning */
static int defineall(FILE *f, const IRBuf *b, char p) {
  IRRef ref;
  for (ref = REF_FIRST; ref < b->n; ref++) {
    const IRIns *ins = &b->ins[ref];
    const char *c;
    if (ins->op == IR_NOP) continue;
    fprintf(f, "(define-fun %c%u () %s ", p, (unsigned)ref, smtsort(semofins(ins)));
    if (ins->op == IR_KINT) {
      fprintf(f, "#x%016" PRIx64 ")\n", ins->k.u);
    } else if (ins->op == IR_KNUM) {
      fprintf(f, "((_ to_fp 11 53) #x%016" PRIx64 "))\n", ins->k.u);
    } else if (ins->op == IR_SLOAD) {
      fprintf(f, "in%u)\n", (unsigned)ins->op1);
    } else {
      if (fz_sem[ins->op].smt == NULL) return 0;
      for (c = fz_sem[ins->op].smt; *c; c++) {
        if (c[0] == '$' && (c[1] == '1' || c[1] == '2')) {
          fprintf(f, "%c%u", p, (unsigned)(c[1] == '1' ? ins->op1 : ins->op2));
          c++;
        } else {
          fputc(*c, f);
        }
      }
      fputs(")\n", f);
    }
  }
  return 1;
}

/* The query: some value or some guard prefix differs (unsat: equivalent) */
static int writequery(FILE *f, const Trace *t) {
  IRRef ref;
  int g, i;
  fputs("(push)\n", f);
  for (i = 0; i < NINPUT; i++) fprintf(f, "(declare-const in%d %s)\n", i, smtsort(i < 3 ? SEM_INT : SEM_NUM));
  if (!defineall(f, &t->raw, 'r') || !defineall(f, &t->opt, 'o')) return 0;
  fputs("(assert (or false\n", f);
  for (ref = REF_FIRST; ref < t->raw.n; ref++) {
    const IRIns *ins = &t->raw.ins[ref];
    if (fz_sem[ins->op].res == SEM_BOOL || t->map[ref] == REF_NONE) continue;
    fprintf(f, "  (not (= r%u o%u))\n", (unsigned)ref, (unsigned)t->map[ref]);
  }
  for (g = 0; g < t->nguard; g++) {
    const Guard *gd = &t->guard[g];
    fputs("  (not (= (and true", f);
    for (i = 0; i <= g; i++) fprintf(f, " r%u", (unsigned)t->guard[i].raw);
    fputs(") (and ", f);
    if (gd->optfails) {
      fputs("false", f);
    } else {
      fputs("true", f);
      for (ref = REF_FIRST; ref < gd->optend; ref++)
        if (fz_sem[t->opt.ins[ref].op].res == SEM_BOOL) fprintf(f, " o%u", (unsigned)ref);
    }
    fputs(")))\n", f);
  }
  fputs("))\n(check-sat)\n(get-model)\n(pop)\n", f);
  return 1;
}

static void out(void *ud, const char *s, size_t len) { fwrite(s, 1, len, (FILE *)ud); }

#define NSOLVER 2 /* z3 processes, each with its share of the traces (two cores) */

int main(int argc, char **argv) {
  int count = argc > 1 ? atoi(argv[1]) : 200, i, k, bad = 0, answered = 0, unknown = 0;
  uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x7469646546555aull;
  const char *z3 = getenv("TIDE_Z3") ? getenv("TIDE_Z3") : "z3";
  char qname[NSOLVER][32];
  int first[NSOLVER + 1]; /* solver k answers for traces first[k] .. first[k+1]-1 */
  FILE *solver[NSOLVER];
  char cmd[512], line[4096];
  Trace *t = (Trace *)calloc((size_t)count + 1, sizeof(Trace)); /* + 1: count may be 0 */
  if (t == NULL) {
    fprintf(stderr, "fuzz_trace: out of memory\n");
    return 2;
  }
  rngstate = seed ? seed : 1;
  for (k = 0; k <= NSOLVER; k++) first[k] = (int)((long)count * k / NSOLVER);
  for (k = 0; k < NSOLVER; k++) {
    FILE *f;
    int fd;
    strcpy(qname[k], "/tmp/fuzz_traceXXXXXX");
    fd = mkstemp(qname[k]);
    if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
      fprintf(stderr, "fuzz_trace: no temporary file\n");
      return 2;
    }
    fprintf(f, "(set-logic QF_FPBV)\n(set-option :produce-models true)\n(set-option :timeout %d)\n%s",
            QUERY_MS, fz_prelude);
    for (i = first[k]; i < first[k + 1]; i++) {
      gentrace(&t[i], i % 8 == 7); /* one in eight with floats: z3 is slower on them */
      if (t[i].raw.oom || t[i].opt.oom || !writequery(f, &t[i])) {
        fprintf(stderr, "fuzz_trace: trace %d: an instruction without a meaning, or no memory\n", i);
        ir_dump(&t[i].opt, out, stderr);
        return 1;
      }
    }
    fclose(f);
  }
  /* all solvers start before any answer is read: they run side by side */
  for (k = 0; k < NSOLVER; k++) {
    snprintf(cmd, sizeof cmd, "%s -T:600 %s", z3, qname[k]);
    solver[k] = popen(cmd, "r");
    if (solver[k] == NULL) {
      fprintf(stderr, "fuzz_trace: cannot run %s\n", z3);
      return 2;
    }
  }
  /* one answer per query; a model follows "sat" (and an error follows
  ** get-model after "unsat", which is skipped) */
  for (k = 0; k < NSOLVER; k++) {
    int mine = 0; /* answers read from this solver */
    while (fgets(line, sizeof line, solver[k]) != NULL) {
      int n = first[k] + mine; /* the trace this answer is about */
      if (n >= first[k + 1]) { /* more answers than queries: counted, not read */
        mine += strcmp(line, "unsat\n") == 0 || strcmp(line, "sat\n") == 0;
        continue;
      }
      if (strcmp(line, "unsat\n") == 0) {
        mine++;
      } else if (strcmp(line, "unknown\n") == 0) {
        mine++;
        unknown++;
        if (getenv("FUZZ_SHOW")) {
          fprintf(stderr, "fuzz_trace: trace %d: z3 gave up (timeout)\n", n);
          ir_dump(&t[n].raw, out, stderr);
        }
      } else if (strcmp(line, "sat\n") == 0) {
        mine++;
        bad++;
        if (bad <= 3) {
          fprintf(stderr, "fuzz_trace: trace %d (seed %#" PRIx64 "): the optimized trace differs\n",
                  n, seed);
          fputs("-- reference\n", stderr);
          ir_dump(&t[n].raw, out, stderr);
          fputs("-- optimized\n", stderr);
          ir_dump(&t[n].opt, out, stderr);
          fputs("-- z3's model (rN: reference values, oN: optimized, inN: the inputs)\n", stderr);
        }
      } else if (bad > 0 && bad <= 3 && strncmp(line, "(error", 6) != 0) {
        fputs(line, stderr);
      }
    }
    pclose(solver[k]);
    remove(qname[k]);
    answered += mine;
  }
  for (i = 0; i < count; i++) {
    ir_free(&t[i].raw);
    ir_free(&t[i].opt);
  }
  free(t);
  if (answered != count) {
    fprintf(stderr, "fuzz_trace: z3 answered %d of %d queries\n", answered, count);
    return 1;
  }
  if (bad) return 1;
  printf("fuzz_trace: %d random traces optimized: %d proven equivalent by z3, %d beyond its time "
         "limit (seed %#" PRIx64 ")\n", count, count - unknown, unknown, seed);
  if (unknown > count / 10) {
    fprintf(stderr, "fuzz_trace: too many traces z3 could not decide\n");
    return 1;
  }
  return 0;
}
