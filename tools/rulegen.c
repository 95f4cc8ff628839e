/*
** tools/rulegen.c — the peephole rule compiler. Reads opt.rules (the
** language is described at the top of that file) and writes the matcher
** opt.c includes, test instances of every rule, and proofs of every rule.
** A host tool: built by the Makefile into $(BUILD)/tools/rulegen.
**
**   rulegen [-o FILE] RULES        the matcher as C (opt_rules.h): a
**                                  function dispatching on the opcode, the
**                                  rule names, firing counters
**   rulegen --check FILE RULES     exit 1 unless FILE is what -o writes
**   rulegen --examples FILE RULES  for each rule, C that builds instances of
**                                  its pattern and says what opt_emit must
**                                  return (included by test/jit/test_opt.c)
**   rulegen --sems FILE RULES      each opcode's meaning in SMT-LIB2, as C
**                                  (for test/jit/fuzz_trace.c)
**   rulegen --smt DIR [--solver CMD] [--jobs N] [--expect-fail] RULES
**                                  prove every rule with an SMT solver
**                                  (z3 -T:600), N at a time
**
** Proofs. Integers are 64-bit bitvectors; floats are (_ FloatingPoint 11
** 53) with round-to-nearest-even, so a float k-variable is 64 declared bits
** read as a float (checks like isfpow2 look at the bits); guards are Bool.
** Each opcode's meaning is one SMT-LIB2 expression in `sems` below, next to
** its operand sorts. For a rule, DIR/NAME.smt2 asserts the checks, that
** every divisor of the pattern is non-zero (IDIV and MOD are only emitted
** behind such a guard), and that the two sides differ or the result
** divides by zero: unsat proves the rule, sat is a counterexample, which is
** printed with the rule. Sides are compared with SMT-LIB's `=`, which on
** floats is identity: +0.0 and -0.0 differ, and all NaNs are one value (so
** NaN payloads need not be preserved, the sign of zero must be). Then
** DIR/NAME.live.smt2 asks for values satisfying the checks alone: unsat
** means the rule can never fire. A rule's two queries are kept in
** DIR/NAME.ok once proven, and not solved again while they are unchanged
** (they name no line number, so moving a rule keeps its proof). Float
** queries name the logic QF_FPBV, which makes z3 several times faster on
** them. With --smt, a few facts of ir.h are proven too: the IRF_COMM
** opcodes commute (not FADD and FMUL, which take z3 minutes), and known
** Lua 5.4 results pin the meaning of the opcodes whose SMT-LIB2 form is not
** a single operator (IDIV, MOD, the shifts, FLOOR, CEIL, ITOF).
** --expect-fail inverts the verdict: every rule must be refuted, with a
** counterexample or as unable to fire (test/jit/bad.rules).
**
** The examples (--examples) let test/jit/test_opt.c check the generated C,
** which the proofs do not see: every rule must fire on an instance of its
** pattern and give what its right side says.
**
** Commutative opcodes: opt.c puts a constant operand second and otherwise
** the lower ref first, before matching. So a pattern must write constants
** second, and the matcher tries the other operand order of every
** commutative node of a pattern (each distinct variant once).
**
** Errors name FILE:LINE:COLUMN. After an error in a rule the next rule is
** read, so one run reports them all.
*/
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ir.h"

static const char *const opname[IR__MAX] = {
#define OPNAME(name, m1, m2, f) #name,
  IROPS(OPNAME)
#undef OPNAME
};
static const uint8_t opflags[IR__MAX] = {
#define OPFLAGS(name, m1, m2, f) (f),
  IROPS(OPFLAGS)
#undef OPFLAGS
};

/* ----------------------------------------------------------------------
** Sorts, opcode semantics, check functions
** ---------------------------------------------------------------------- */

enum { SO_NONE, SO_INT, SO_NUM, SO_BOOL, SO_NUMBITS };
static const char *const sortname[] = {"nothing", "an integer", "a float", "a guard", "a float"};
static const char *const irtype[] = {"", "IRT_INT", "IRT_NUM", "t", ""};
static const char *const smtsort[] = {"", "(_ BitVec 64)", "(_ FloatingPoint 11 53)", "Bool", ""};

typedef struct Sem {
  int op;          /* IROp */
  uint8_t arg[2];  /* operand sorts; SO_NONE: no operand */
  uint8_t res;     /* result sort; SO_BOOL: a guard */
  uint8_t divides; /* op2 is a divisor: never 0 */
  const char *smt; /* the meaning in SMT-LIB2; $1 and $2 are the operands */
} Sem;

#define II {SO_INT, SO_INT}
#define NN {SO_NUM, SO_NUM}
/* Opcodes without an entry (FMOD, FPOW, FTOI, memory, calls) cannot be
** used in rules. ir.h documents what each opcode means. */
static const Sem sems[] = {
  {IR_LT, II, SO_BOOL, 0, "(bvslt $1 $2)"},
  {IR_GE, II, SO_BOOL, 0, "(bvsge $1 $2)"},
  {IR_LE, II, SO_BOOL, 0, "(bvsle $1 $2)"},
  {IR_GT, II, SO_BOOL, 0, "(bvsgt $1 $2)"},
  {IR_ULT, II, SO_BOOL, 0, "(bvult $1 $2)"},
  {IR_UGE, II, SO_BOOL, 0, "(bvuge $1 $2)"},
  {IR_ULE, II, SO_BOOL, 0, "(bvule $1 $2)"},
  {IR_UGT, II, SO_BOOL, 0, "(bvugt $1 $2)"},
  {IR_FLT, NN, SO_BOOL, 0, "(fp.lt $1 $2)"},
  {IR_FNLT, NN, SO_BOOL, 0, "(not (fp.lt $1 $2))"},
  {IR_FLE, NN, SO_BOOL, 0, "(fp.leq $1 $2)"},
  {IR_FNLE, NN, SO_BOOL, 0, "(not (fp.leq $1 $2))"},
  {IR_EQ, II, SO_BOOL, 0, "(= $1 $2)"},
  {IR_NE, II, SO_BOOL, 0, "(not (= $1 $2))"},
  {IR_FEQ, NN, SO_BOOL, 0, "(fp.eq $1 $2)"},
  {IR_FNE, NN, SO_BOOL, 0, "(not (fp.eq $1 $2))"},
  {IR_ADD, II, SO_INT, 0, "(bvadd $1 $2)"},
  {IR_SUB, II, SO_INT, 0, "(bvsub $1 $2)"},
  {IR_MUL, II, SO_INT, 0, "(bvmul $1 $2)"},
  {IR_NEG, {SO_INT, SO_NONE}, SO_INT, 0, "(bvneg $1)"},
  {IR_IDIV, II, SO_INT, 1, "(lua_idiv $1 $2)"},
  {IR_MOD, II, SO_INT, 1, "(bvsmod $1 $2)"}, /* the sign of the divisor */
  {IR_UDIV, II, SO_INT, 1, "(bvudiv $1 $2)"},
  {IR_BAND, II, SO_INT, 0, "(bvand $1 $2)"},
  {IR_BOR, II, SO_INT, 0, "(bvor $1 $2)"},
  {IR_BXOR, II, SO_INT, 0, "(bvxor $1 $2)"},
  {IR_BNOT, {SO_INT, SO_NONE}, SO_INT, 0, "(bvnot $1)"},
  {IR_SHL, II, SO_INT, 0, "(lua_shl $1 $2)"},
  {IR_SHR, II, SO_INT, 0, "(lua_shl $1 (bvneg $2))"}, /* Lua: x >> n is x << -n */
  {IR_FADD, NN, SO_NUM, 0, "(fp.add RNE $1 $2)"},
  {IR_FSUB, NN, SO_NUM, 0, "(fp.sub RNE $1 $2)"},
  {IR_FMUL, NN, SO_NUM, 0, "(fp.mul RNE $1 $2)"},
  {IR_FDIV, NN, SO_NUM, 0, "(fp.div RNE $1 $2)"},
  {IR_FNEG, {SO_NUM, SO_NONE}, SO_NUM, 0, "(fp.neg $1)"},
  {IR_FLOOR, {SO_NUM, SO_NONE}, SO_NUM, 0, "(fp.roundToIntegral RTN $1)"},
  {IR_CEIL, {SO_NUM, SO_NONE}, SO_NUM, 0, "(fp.roundToIntegral RTP $1)"},
  {IR_FSQRT, {SO_NUM, SO_NONE}, SO_NUM, 0, "(fp.sqrt RNE $1)"},
  {IR_FABS, {SO_NUM, SO_NONE}, SO_NUM, 0, "(fp.abs $1)"},
  {IR_ITOF, {SO_INT, SO_NONE}, SO_NUM, 0, "((_ to_fp 11 53) RNE $1)"},
};
#undef II
#undef NN

static const Sem *semof[IR__MAX];

static int nargs(const Sem *s) { return s->arg[1] != SO_NONE ? 2 : 1; }

/* Functions of checks and constant expressions. The C definitions are
** written into the generated files with '@' replaced by a prefix. */
typedef struct Func {
  const char *name;
  uint8_t arg, res; /* SO_NUMBITS: a float k-variable, its bits in SMT */
  const char *cdef;
  const char *smtdef;
} Func;

static const Func funcs[] = {
  {"ispow2", SO_INT, SO_BOOL,
   "/* k is a power of two, k > 0 */\n"
   "static inline int @ispow2(int64_t k) { return k > 0 && (k & (k - 1)) == 0; }\n",
   "(define-fun ispow2 ((k (_ BitVec 64))) Bool\n"
   "  (and (bvsgt k #x0000000000000000) (= (bvand k (bvsub k #x0000000000000001)) #x0000000000000000)))\n"},
  {"isshift", SO_INT, SO_BOOL,
   "/* k is a shift count that shifts: 0 <= k <= 63 */\n"
   "static inline int @isshift(int64_t k) { return k >= 0 && k <= 63; }\n",
   "(define-fun isshift ((k (_ BitVec 64))) Bool\n"
   "  (and (bvsge k #x0000000000000000) (bvsle k #x000000000000003f)))\n"},
  {"isfpow2", SO_NUMBITS, SO_BOOL,
   "/* k is +-2^e, a normal float: its reciprocal is exact */\n"
   "static inline int @isfpow2(double k) {\n"
   "  union { double d; uint64_t u; } v;\n"
   "  unsigned e;\n"
   "  v.d = k;\n"
   "  e = (unsigned)(v.u >> 52) & 0x7ff;\n"
   "  return (v.u & UINT64_C(0xfffffffffffff)) == 0 && e != 0 && e != 0x7ff;\n"
   "}\n",
   "(define-fun isfpow2 ((b (_ BitVec 64))) Bool\n"
   "  (and (= ((_ extract 51 0) b) #x0000000000000)\n"
   "       (not (= ((_ extract 62 52) b) #b00000000000))\n"
   "       (not (= ((_ extract 62 52) b) #b11111111111))))\n"},
  {"log2", SO_INT, SO_INT,
   "/* the number of trailing zero bits of k (64 for 0): log2 of a power of two */\n"
   "static inline int64_t @log2(int64_t k) { return k == 0 ? 64 : __builtin_ctzll((uint64_t)k); }\n",
   NULL /* ctz64, generated */},
};
#define NFUNCS ((int)(sizeof(funcs) / sizeof(funcs[0])))

/* C helpers every generated file has: floats from bits, Lua's shifts. */
static const char *const chelpers =
  "/* the float with these bits */\n"
  "static inline double @num(uint64_t u) {\n"
  "  union { uint64_t u; double d; } v;\n"
  "  v.u = u;\n"
  "  return v.d;\n"
  "}\n"
  "/* Lua's x << n: |n| >= 64 gives 0, a negative n shifts right (logical) */\n"
  "static inline int64_t @shl(int64_t x, int64_t n) {\n"
  "  if (n <= -64 || n >= 64) return 0;\n"
  "  return n >= 0 ? (int64_t)((uint64_t)x << n) : (int64_t)((uint64_t)x >> -n);\n"
  "}\n"
  "/* Lua's x >> n, which is x << -n */\n"
  "static inline int64_t @shr(int64_t x, int64_t n) { return @shl(x, (int64_t)(0 - (uint64_t)n)); }\n";

static const char *const smtprelude =
  "; Lua's floor division (the divisor is not 0)\n"
  "(define-fun lua_idiv ((a (_ BitVec 64)) (b (_ BitVec 64))) (_ BitVec 64)\n"
  "  (let ((q (bvsdiv a b)) (r (bvsrem a b)))\n"
  "    (ite (and (not (= r #x0000000000000000))\n"
  "              (not (= (bvslt r #x0000000000000000) (bvslt b #x0000000000000000))))\n"
  "         (bvsub q #x0000000000000001) q)))\n"
  "; Lua's x << n: a negative n shifts right; |n| >= 64 gives 0 (bvneg of\n"
  "; the smallest integer is itself, which bvlshr takes as 2^63)\n"
  "(define-fun lua_shl ((x (_ BitVec 64)) (n (_ BitVec 64))) (_ BitVec 64)\n"
  "  (ite (bvslt n #x0000000000000000) (bvlshr x (bvneg n)) (bvshl x n)))\n"
  "(define-fun lua_shr ((x (_ BitVec 64)) (n (_ BitVec 64))) (_ BitVec 64)\n"
  "  (lua_shl x (bvneg n)))\n";

/* ----------------------------------------------------------------------
** Output buffers
** ---------------------------------------------------------------------- */

typedef struct Buf {
  char *p;
  size_t n, cap;
} Buf;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "rulegen: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(2);
}

static void bput(Buf *b, const char *s, size_t len) {
  if (b->n + len + 1 > b->cap) {
    b->cap = (b->n + len + 1) * 2;
    b->p = realloc(b->p, b->cap);
    if (b->p == NULL) die("out of memory");
  }
  memcpy(b->p + b->n, s, len);
  b->n += len;
  b->p[b->n] = '\0';
}

static void bprintf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bprintf(Buf *b, const char *fmt, ...) {
  va_list ap;
  char tmp[1024];
  int n;
  va_start(ap, fmt);
  n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
  va_end(ap);
  if (n < 0) die("vsnprintf failed");
  if ((size_t)n < sizeof(tmp)) {
    bput(b, tmp, (size_t)n);
  } else {
    char *big = malloc((size_t)n + 1);
    if (big == NULL) die("out of memory");
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    bput(b, big, (size_t)n);
    free(big);
  }
}

static void bputs(Buf *b, const char *s) { bput(b, s, strlen(s)); }

/* s with every '@' replaced by the prefix */
static void bputpfx(Buf *b, const char *s, const char *pfx) {
  for (; *s; s++) {
    if (*s == '@') bputs(b, pfx);
    else bput(b, s, 1);
  }
}

static char *readfile(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  Buf b = {0};
  char tmp[4096];
  size_t n;
  if (f == NULL) return NULL;
  bput(&b, "", 0);
  while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0) bput(&b, tmp, n);
  fclose(f);
  if (len) *len = b.n;
  return b.p;
}

static void writefile(const char *path, const Buf *b) {
  FILE *f;
  if (strcmp(path, "-") == 0) {
    fwrite(b->p, 1, b->n, stdout);
    return;
  }
  f = fopen(path, "wb");
  if (f == NULL || fwrite(b->p, 1, b->n, f) != b->n || fclose(f) != 0)
    die("cannot write %s: %s", path, strerror(errno));
}

/* ----------------------------------------------------------------------
** Lexer
** ---------------------------------------------------------------------- */

enum { T_END = 256, T_ID, T_INT, T_FLT, T_ARROW, T_SHL, T_SHR, T_ANDAND, T_EQ, T_NE, T_LE, T_GE };

typedef struct Tok {
  int t;       /* T_* or the punctuation character */
  int line, col;
  size_t off, len; /* the token's text in the source */
  uint64_t u;  /* T_INT: the value; T_FLT: the bits */
  int big;     /* T_INT: a decimal 2^63 (valid only after '-') */
} Tok;

static const char *fname;
static const char *src;
static Tok *tk;
static int ntk, tkcap;
static int nerrors;

static void report(int line, int col, const char *fmt, va_list ap) {
  fprintf(stderr, "%s:%d:%d: ", fname, line, col);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  nerrors++;
}

static void lexerror(int line, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void lexerror(int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(line, col, fmt, ap);
  va_end(ap);
}

static Tok *addtok(int t, int line, int col, size_t off, size_t len) {
  Tok *k;
  if (ntk == tkcap) {
    tkcap = tkcap ? tkcap * 2 : 256;
    tk = realloc(tk, (size_t)tkcap * sizeof(Tok));
    if (tk == NULL) die("out of memory");
  }
  k = &tk[ntk++];
  memset(k, 0, sizeof(*k));
  k->t = t;
  k->line = line;
  k->col = col;
  k->off = off;
  k->len = len;
  return k;
}

static int isident(int c) { return isalnum(c) || c == '_'; }

static void lex(void) {
  size_t i = 0;
  int line = 1;
  size_t bol = 0; /* offset of the line's first character */
  while (src[i]) {
    char c = src[i];
    int col = (int)(i - bol) + 1;
    if (c == '\n') {
      i++;
      line++;
      bol = i;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      i++;
    } else if (c == '#') {
      while (src[i] && src[i] != '\n') i++;
    } else if (isalpha((unsigned char)c) || c == '_') {
      size_t s = i;
      while (isident((unsigned char)src[i])) i++;
      addtok(T_ID, line, col, s, i - s);
    } else if (isdigit((unsigned char)c)) {
      size_t s = i;
      int isflt = 0;
      Tok *k;
      if (c == '0' && (src[i + 1] == 'x' || src[i + 1] == 'X')) {
        uint64_t v = 0;
        int nd = 0;
        for (i += 2; isxdigit((unsigned char)src[i]); i++, nd++)
          v = v * 16 + (uint64_t)(isdigit((unsigned char)src[i]) ? src[i] - '0' : (tolower((unsigned char)src[i]) - 'a' + 10));
        if (nd == 0 || nd > 16) lexerror(line, col, "bad hexadecimal integer (1 to 16 digits)");
        k = addtok(T_INT, line, col, s, i - s);
        k->u = v;
      } else {
        while (isdigit((unsigned char)src[i])) i++;
        if (src[i] == '.') {
          isflt = 1;
          for (i++; isdigit((unsigned char)src[i]);) i++;
        }
        if (src[i] == 'e' || src[i] == 'E') {
          isflt = 1;
          i++;
          if (src[i] == '+' || src[i] == '-') i++;
          if (!isdigit((unsigned char)src[i])) lexerror(line, col, "malformed number");
          while (isdigit((unsigned char)src[i])) i++;
        }
        k = addtok(isflt ? T_FLT : T_INT, line, col, s, i - s);
        if (isflt) {
          double d = strtod(src + s, NULL);
          memcpy(&k->u, &d, sizeof(d));
        } else {
          uint64_t v = 0;
          size_t j;
          int over = 0;
          for (j = s; j < i; j++) {
            uint64_t dgt = (uint64_t)(src[j] - '0');
            if (v > (UINT64_C(1) << 63) / 10 || v * 10 + dgt > (UINT64_C(1) << 63)) over = 1;
            v = v * 10 + dgt;
          }
          if (over) lexerror(line, col, "integer literal out of range (64-bit)");
          k->u = v;
          k->big = v == (UINT64_C(1) << 63);
        }
      }
      if (isident((unsigned char)src[i])) {
        lexerror(line, col, "malformed number");
        while (isident((unsigned char)src[i])) i++;
      }
    } else {
      static const struct { const char *s; int t; } two[] = {
        {"=>", T_ARROW}, {"<<", T_SHL}, {">>", T_SHR}, {"&&", T_ANDAND},
        {"==", T_EQ}, {"!=", T_NE}, {"<=", T_LE}, {">=", T_GE},
      };
      size_t j;
      for (j = 0; j < sizeof(two) / sizeof(two[0]); j++)
        if (src[i] == two[j].s[0] && src[i + 1] == two[j].s[1]) break;
      if (j < sizeof(two) / sizeof(two[0])) {
        addtok(two[j].t, line, col, i, 2);
        i += 2;
      } else if (strchr("(),:+-*/&|^~!<>", c)) {
        addtok((unsigned char)c, line, col, i, 1);
        i++;
      } else {
        lexerror(line, col, "unexpected character '%c'", c);
        i++;
      }
    }
  }
  addtok(T_END, line, 1, i, 0);
}

static int tokis(const Tok *k, const char *word) {
  return k->t == T_ID && k->len == strlen(word) && memcmp(src + k->off, word, k->len) == 0;
}

static const char *tokdesc(const Tok *k) {
  static char b[80];
  if (k->t == T_END) return "the end of the rule";
  snprintf(b, sizeof(b), "'%.*s'", (int)(k->len > 60 ? 60 : k->len), src + k->off);
  return b;
}

/* ----------------------------------------------------------------------
** Rules
** ---------------------------------------------------------------------- */

enum { N_OP, N_VAR, N_KVAR, N_LIT, N_UN, N_BIN, N_CALL, N_TRUE, N_FALSE, N_REL, N_NOT };

typedef struct Node Node;
struct Node {
  int kind;
  int op;       /* N_OP: IROp; N_UN, N_BIN, N_REL: the token; N_CALL: index in funcs */
  int n;        /* children */
  Node *k[2];
  int var;      /* N_VAR, N_KVAR: index in Rule.var */
  int isfloat;  /* N_LIT */
  uint64_t u;   /* N_LIT: the value, or the float's bits */
  int big;      /* N_LIT: a decimal 2^63 */
  int sort;     /* after checking */
  int line, col;
};

#define MAXVAR 16
#define MAXCHK 8
#define MAXVARIANT 16

typedef struct Var {
  char name[32];
  int isk;      /* a k-variable: matches a constant */
  int sort;
  int npat;     /* occurrences in the pattern */
  int refuse;   /* uses of its ref (result operands) */
  int valuse;   /* uses of its value (checks, constant expressions) */
} Var;

typedef struct Rule {
  char name[64];
  int line;
  char *text;   /* the rule as written, on one line */
  Node *lhs, *rhs;
  Node *chk[MAXCHK];
  int nchk;
  Var var[MAXVAR];
  int nvar;
  int sort;     /* of the pattern's root: SO_BOOL for a guard */
  Node *variant[MAXVARIANT]; /* the pattern with commutative operands swapped */
  int nvariant;
} Rule;

static Rule *rules;
static int nrules;

static int pos, rend; /* the current token and the end of the rule's tokens */
static jmp_buf ruleerr;
static Rule *cur;

static void error(int line, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4), noreturn));
static void error(int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(line, col, fmt, ap);
  va_end(ap);
  longjmp(ruleerr, 1);
}
#define nerror(nd, ...) error((nd)->line, (nd)->col, __VA_ARGS__)

static Tok *peektok(void) {
  static Tok end;
  if (pos < rend) return &tk[pos];
  /* the end of a rule: just after its last token */
  end = tk[rend - 1];
  end.col += (int)end.len;
  end.t = T_END;
  end.len = 0;
  return &end;
}
static int peek(void) { return peektok()->t; }
static Tok *next(void) {
  Tok *k = peektok();
  if (pos < rend) pos++;
  return k;
}
static void expect(int t, const char *what) {
  Tok *k = peektok();
  if (k->t != t) error(k->line, k->col, "expected %s, found %s", what, tokdesc(k));
  pos++;
}

static Node *newnode(int kind, const Tok *k) {
  Node *n = calloc(1, sizeof(Node));
  if (n == NULL) die("out of memory");
  n->kind = kind;
  n->line = k->line;
  n->col = k->col;
  return n;
}

static int findop(const char *s, size_t len) {
  int i;
  for (i = 0; i < IR__MAX; i++)
    if (strlen(opname[i]) == len && memcmp(opname[i], s, len) == 0) return i;
  return -1;
}

static int findfunc(const char *s, size_t len) {
  int i;
  for (i = 0; i < NFUNCS; i++)
    if (strlen(funcs[i].name) == len && memcmp(funcs[i].name, s, len) == 0) return i;
  return -1;
}

static int findvar(Rule *r, const char *s, size_t len, const Tok *k) {
  int i, isk = 1;
  size_t j;
  for (i = 0; i < r->nvar; i++)
    if (strlen(r->var[i].name) == len && memcmp(r->var[i].name, s, len) == 0) return i;
  if (r->nvar == MAXVAR) error(k->line, k->col, "too many variables in one rule");
  if (len >= sizeof(r->var[0].name)) error(k->line, k->col, "variable name too long");
  /* k, k1, k2...: a constant; any other lower-case name: any value */
  if (s[0] != 'k') isk = 0;
  for (j = 1; j < len; j++)
    if (!isdigit((unsigned char)s[j])) isk = 0;
  memcpy(r->var[i].name, s, len);
  r->var[i].name[len] = '\0';
  r->var[i].isk = isk;
  r->nvar++;
  return i;
}

static Node *expr(void);

static Node *primary(void) {
  Tok *k = next();
  Node *n;
  switch (k->t) {
    case T_INT:
    case T_FLT:
      n = newnode(N_LIT, k);
      n->isfloat = k->t == T_FLT;
      n->u = k->u;
      n->big = k->big;
      return n;
    case '(':
      n = expr();
      expect(')', "')'");
      return n;
    case '-':
    case '~':
      n = newnode(N_UN, k);
      n->op = k->t;
      n->n = 1;
      n->k[0] = primary();
      return n;
    case T_ID: {
      const char *s = src + k->off;
      if (tokis(k, "true") || tokis(k, "false")) return newnode(tokis(k, "true") ? N_TRUE : N_FALSE, k);
      if (tokis(k, "inf")) {
        double d = 1.0 / 0.0;
        n = newnode(N_LIT, k);
        n->isfloat = 1;
        memcpy(&n->u, &d, sizeof(d));
        return n;
      }
      if (tokis(k, "if")) error(k->line, k->col, "unexpected 'if'");
      if (isupper((unsigned char)s[0])) {
        int op = findop(s, k->len);
        if (op < 0) error(k->line, k->col, "unknown opcode '%.*s' (ir.h IROPS names them)", (int)k->len, s);
        n = newnode(N_OP, k);
        n->op = op;
        expect('(', "'(' after an opcode");
      } else if (peek() == '(') {
        int f = findfunc(s, k->len);
        if (f < 0) error(k->line, k->col, "unknown function '%.*s'", (int)k->len, s);
        n = newnode(N_CALL, k);
        n->op = f;
        next();
      } else {
        n = newnode(N_VAR, k);
        n->var = findvar(cur, s, k->len, k);
        if (cur->var[n->var].isk) n->kind = N_KVAR;
        return n;
      }
      if (peek() != ')') {
        for (;;) {
          if (n->n == 2) error(peektok()->line, peektok()->col, "too many operands");
          n->k[n->n++] = expr();
          if (peek() != ',') break;
          next();
        }
      }
      expect(')', "',' or ')'");
      return n;
    }
    default:
      error(k->line, k->col, "expected an operand, found %s", tokdesc(k));
  }
}

static int binprec(int t) {
  switch (t) {
    case '|': return 1;
    case '^': return 2;
    case '&': return 3;
    case T_SHL: case T_SHR: return 4;
    case '+': case '-': return 5;
    case '*': case '/': return 6;
    default: return 0;
  }
}

static Node *binexpr(int minprec) {
  Node *l = primary();
  for (;;) {
    int p = binprec(peek());
    Tok *k;
    Node *n;
    if (p == 0 || p < minprec) return l;
    k = next();
    n = newnode(N_BIN, k);
    n->op = k->t;
    n->n = 2;
    n->k[0] = l;
    n->k[1] = binexpr(p + 1);
    l = n;
  }
}

static Node *expr(void) { return binexpr(1); }

static int isrel(int t) { return t == T_EQ || t == T_NE || t == '<' || t == T_LE || t == '>' || t == T_GE; }

static Node *cond(void) {
  Node *n, *l;
  if (peek() == '!') {
    n = newnode(N_NOT, next());
    n->n = 1;
    n->k[0] = cond();
    return n;
  }
  l = expr();
  if (!isrel(peek())) return l;
  n = newnode(N_REL, peektok());
  n->op = next()->t;
  n->n = 2;
  n->k[0] = l;
  n->k[1] = expr();
  return n;
}

/* ---- checking ---- */

static int isconstpat(const Node *n) { return n->kind == N_KVAR || n->kind == N_LIT; }

static void checklit(Node *n, int want) {
  if (n->big) nerror(n, "integer literal out of range (64-bit)");
  if (n->isfloat && want == SO_INT) nerror(n, "a float where an integer is wanted");
  if (!n->isfloat && want == SO_NUM) nerror(n, "an integer where a float is wanted (write it with a '.0')");
  n->sort = want;
}

/* A pattern: opcodes, variables, k-variables and literals. */
static void pattern(Rule *r, Node *n, int want, int root) {
  const Sem *s;
  Var *v;
  int i;
  switch (n->kind) {
    case N_OP:
      s = semof[n->op];
      if (s == NULL) nerror(n, "%s has no meaning for rules (rulegen.c: sems)", opname[n->op]);
      if (!root && s->res == SO_BOOL) nerror(n, "a guard (%s) cannot be an operand", opname[n->op]);
      if (!root && s->res != want) nerror(n, "%s gives %s, the operand is %s", opname[n->op], sortname[s->res], sortname[want]);
      if (n->n != nargs(s)) nerror(n, "%s takes %d operand%s", opname[n->op], nargs(s), nargs(s) > 1 ? "s" : "");
      for (i = 0; i < n->n; i++) pattern(r, n->k[i], s->arg[i], 0);
      if ((opflags[n->op] & IRF_COMM) && isconstpat(n->k[0]) && !isconstpat(n->k[1]))
        nerror(n, "%s is commutative: write the constant second (opt.c puts it there)", opname[n->op]);
      if (isconstpat(n->k[0]) && (n->n == 1 || isconstpat(n->k[1])))
        nerror(n, "all operands are constants: such an instruction is folded before rules apply");
      n->sort = s->res;
      return;
    case N_UN:
      if (n->op == '-' && n->k[0]->kind == N_LIT) { /* a negative literal */
        Node *l = n->k[0];
        n->kind = N_LIT;
        n->isfloat = l->isfloat;
        n->u = l->isfloat ? l->u ^ (UINT64_C(1) << 63) : 0 - l->u;
        n->big = 0;
        n->n = 0;
        checklit(n, want);
        return;
      }
      nerror(n, "a pattern is made of opcodes, variables and constants");
    case N_LIT:
      checklit(n, want);
      return;
    case N_VAR:
    case N_KVAR:
      v = &r->var[n->var];
      if (v->npat && v->sort != want)
        nerror(n, "'%s' is %s here but %s before", v->name, sortname[want], sortname[v->sort]);
      v->sort = want;
      v->npat++;
      n->sort = want;
      return;
    default:
      nerror(n, "a pattern is made of opcodes, variables and constants");
  }
}

static void boundvar(Rule *r, Node *n, int want) {
  Var *v = &r->var[n->var];
  if (v->npat == 0) nerror(n, "'%s' is not in the pattern", v->name);
  if (v->sort != want) nerror(n, "'%s' is %s, %s is wanted here", v->name, sortname[v->sort], sortname[want]);
  n->sort = want;
}

/* A constant expression of sort `want` (SO_INT or SO_NUM). */
static void cexpr(Rule *r, Node *n, int want) {
  int i;
  switch (n->kind) {
    case N_LIT:
      checklit(n, want);
      return;
    case N_KVAR:
      boundvar(r, n, want);
      r->var[n->var].valuse++;
      return;
    case N_VAR:
      nerror(n, "'%s' is not a constant (constants are k, k1, k2...)", r->var[n->var].name);
    case N_UN:
      if (n->op == '~' && want != SO_INT) nerror(n, "'~' takes an integer");
      if (n->op == '-' && n->k[0]->kind == N_LIT && n->k[0]->big && want == SO_INT) n->k[0]->big = 0;
      cexpr(r, n->k[0], want);
      n->sort = want;
      return;
    case N_BIN:
      if (want == SO_NUM && !strchr("+-*/", n->op)) nerror(n, "floats have only + - * / (and unary -)");
      if (want == SO_INT && n->op == '/') nerror(n, "no '/' on integers");
      /* a C compiler may fuse a float a*b+c into one rounding (an FMA) */
      if (want == SO_NUM && (n->op == '+' || n->op == '-'))
        for (i = 0; i < 2; i++)
          if (n->k[i]->kind == N_BIN && n->k[i]->op == '*')
            nerror(n, "a float product inside a sum may be contracted to an FMA by C compilers");
      cexpr(r, n->k[0], want);
      cexpr(r, n->k[1], want);
      n->sort = want;
      return;
    case N_CALL: {
      const Func *f = &funcs[n->op];
      if (f->res != want) nerror(n, "%s gives %s, %s is wanted here", f->name, sortname[f->res], sortname[want]);
      if (n->n != 1) nerror(n, "%s takes one operand", f->name);
      if (f->arg == SO_NUMBITS) {
        if (n->k[0]->kind != N_KVAR) nerror(n->k[0], "%s takes a float k-variable", f->name);
        boundvar(r, n->k[0], SO_NUM);
        r->var[n->k[0]->var].valuse++;
      } else {
        cexpr(r, n->k[0], f->arg);
      }
      n->sort = want;
      return;
    }
    case N_OP:
      nerror(n, "an instruction inside a constant expression");
    default:
      nerror(n, "not a constant expression");
  }
}

static void check(Rule *r, Node *n) {
  switch (n->kind) {
    case N_NOT:
      check(r, n->k[0]);
      return;
    case N_CALL:
      if (funcs[n->op].res != SO_BOOL) nerror(n, "%s is not a check", funcs[n->op].name);
      cexpr(r, n, SO_BOOL);
      return;
    case N_REL:
      cexpr(r, n->k[0], SO_INT);
      cexpr(r, n->k[1], SO_INT);
      return;
    default:
      nerror(n, "a check is a predicate (ispow2(k)...) or a comparison of integers");
  }
}

/* The result: of sort `want`. */
static void result(Rule *r, Node *n, int want, int top) {
  const Sem *s;
  int i;
  switch (n->kind) {
    case N_TRUE:
    case N_FALSE:
      if (want != SO_BOOL || !top) nerror(n, "true and false are the results of guards");
      return;
    case N_OP:
      s = semof[n->op];
      if (s == NULL) nerror(n, "%s has no meaning for rules (rulegen.c: sems)", opname[n->op]);
      if (s->res == SO_BOOL && !top) nerror(n, "a guard (%s) cannot be an operand", opname[n->op]);
      if (s->res != want) nerror(n, "%s gives %s, %s is wanted here", opname[n->op], sortname[s->res], sortname[want]);
      if (n->n != nargs(s)) nerror(n, "%s takes %d operand%s", opname[n->op], nargs(s), nargs(s) > 1 ? "s" : "");
      for (i = 0; i < n->n; i++) result(r, n->k[i], s->arg[i], 0);
      n->sort = want;
      return;
    case N_VAR:
    case N_KVAR:
      if (want == SO_BOOL) nerror(n, "a guard's result is true, false or a guard");
      boundvar(r, n, want);
      r->var[n->var].refuse++;
      return;
    default:
      if (want == SO_BOOL) nerror(n, "a guard's result is true, false or a guard");
      cexpr(r, n, want);
  }
}

/* ---- commutative variants ---- */

static Node *copytree(const Node *n) {
  Node *c = malloc(sizeof(Node));
  int i;
  if (c == NULL) die("out of memory");
  *c = *n;
  for (i = 0; i < n->n; i++) c->k[i] = copytree(n->k[i]);
  return c;
}

static void commnodes(Node *n, Node **list, int *nl) {
  int i;
  if (n->kind != N_OP) return;
  if ((opflags[n->op] & IRF_COMM) && *nl < 4) list[(*nl)++] = n;
  for (i = 0; i < n->n; i++) commnodes(n->k[i], list, nl);
}

static int validvariant(const Node *n) {
  int i;
  if (n->kind != N_OP) return 1;
  if ((opflags[n->op] & IRF_COMM) && isconstpat(n->k[0]) && !isconstpat(n->k[1])) return 0;
  for (i = 0; i < n->n; i++)
    if (!validvariant(n->k[i])) return 0;
  return 1;
}

/* The pattern with variables named by their first occurrence, so that two
** patterns equal up to renaming print the same. */
static void canon(Buf *b, const Node *n, int *map, int *next) {
  int i;
  switch (n->kind) {
    case N_OP:
      bprintf(b, "%s(", opname[n->op]);
      for (i = 0; i < n->n; i++) {
        if (i) bputs(b, ",");
        canon(b, n->k[i], map, next);
      }
      bputs(b, ")");
      return;
    case N_VAR:
    case N_KVAR:
      if (map[n->var] < 0) map[n->var] = (*next)++;
      bprintf(b, "%c%d", n->kind == N_VAR ? 'v' : 'k', map[n->var]);
      return;
    default:
      bprintf(b, "%s%" PRIx64, n->isfloat ? "f" : "i", n->u);
  }
}

static void variants(Rule *r) {
  Node *list[4];
  Buf seen[MAXVARIANT];
  int nl = 0, mask, i, j;
  commnodes(r->lhs, list, &nl);
  memset(seen, 0, sizeof(seen));
  r->nvariant = 0;
  for (mask = 0; mask < (1 << nl); mask++) {
    Node *v;
    Node *l2[4];
    int n2 = 0, map[MAXVAR], nx = 0;
    Buf b = {0};
    v = copytree(r->lhs);
    commnodes(v, l2, &n2);
    for (i = 0; i < n2; i++)
      if (mask & (1 << i)) {
        Node *t = l2[i]->k[0];
        l2[i]->k[0] = l2[i]->k[1];
        l2[i]->k[1] = t;
      }
    if (!validvariant(v)) continue;
    for (i = 0; i < MAXVAR; i++) map[i] = -1;
    canon(&b, v, map, &nx);
    for (j = 0; j < r->nvariant; j++)
      if (strcmp(seen[j].p, b.p) == 0) break;
    if (j < r->nvariant) {
      free(b.p);
      continue;
    }
    seen[r->nvariant] = b;
    r->variant[r->nvariant++] = v;
  }
  for (j = 0; j < r->nvariant; j++) free(seen[j].p);
}

/* ---- reading the file ---- */

static void ruletext(Rule *r, int from, int to) {
  Buf b = {0};
  int i;
  bput(&b, "", 0);
  for (i = from; i < to; i++) {
    if (i > from && tk[i].off > tk[i - 1].off + tk[i - 1].len) bputs(&b, " ");
    bput(&b, src + tk[i].off, tk[i].len);
  }
  r->text = b.p;
}

static void parserule(Rule *r, int from, int to) {
  Tok *k;
  int i;
  pos = from;
  rend = to;
  cur = r;
  memset(r, 0, sizeof(*r));
  ruletext(r, from, to);
  k = next();
  r->line = k->line;
  if (k->t != T_ID || !islower((unsigned char)src[k->off]))
    error(k->line, k->col, "a rule starts with its name (lower case) at the start of a line");
  if (k->len >= sizeof(r->name)) error(k->line, k->col, "rule name too long");
  memcpy(r->name, src + k->off, k->len);
  for (i = 0; i < nrules; i++)
    if (strcmp(rules[i].name, r->name) == 0)
      error(k->line, k->col, "rule '%s' already defined on line %d", r->name, rules[i].line);
  expect(':', "':' after the rule's name");
  r->lhs = expr();
  if (tokis(peektok(), "if")) {
    next();
    for (;;) {
      if (r->nchk == MAXCHK) error(peektok()->line, peektok()->col, "too many checks");
      r->chk[r->nchk++] = cond();
      if (peek() != T_ANDAND) break;
      next();
    }
  }
  expect(T_ARROW, "'=>'");
  r->rhs = expr();
  if (peek() != T_END) {
    k = peektok();
    error(k->line, k->col, "unexpected %s (a rule continues on lines that start with a space)", tokdesc(k));
  }
  if (r->lhs->kind != N_OP) nerror(r->lhs, "a pattern starts with an opcode");
  pattern(r, r->lhs, SO_NONE, 1);
  r->sort = r->lhs->sort;
  for (i = 0; i < r->nchk; i++) check(r, r->chk[i]);
  result(r, r->rhs, r->sort, 1);
  variants(r);
}

/* Reads one rule; after an error, it is left out. */
static void tryrule(int from, int to) {
  if (setjmp(ruleerr) == 0) {
    parserule(&rules[nrules], from, to);
    nrules++;
  }
}

static void readrules(const char *path) {
  int i, start;
  fname = path;
  src = readfile(path, NULL);
  if (src == NULL) die("cannot read %s: %s", path, strerror(errno));
  lex();
  if (nerrors) exit(1);
  rules = calloc((size_t)ntk + 1, sizeof(Rule));
  if (rules == NULL) die("out of memory");
  /* a rule starts at a token in column 1 and runs to the next one */
  for (start = 0; tk[start].t != T_END;) {
    for (i = start + 1; tk[i].t != T_END && tk[i].col != 1; i++) {}
    tryrule(start, i);
    start = i;
  }
  if (nerrors) {
    fprintf(stderr, "%s: %d error%s\n", path, nerrors, nerrors > 1 ? "s" : "");
    exit(1);
  }
  if (nrules == 0) die("%s: no rules", path);
}

/* ----------------------------------------------------------------------
** C
** ---------------------------------------------------------------------- */

static const char *hpfx; /* prefix of the C helpers: "optr_" or "exh_" */

static void cint(Buf *b, uint64_t u) {
  if (u <= (uint64_t)INT64_MAX) bprintf(b, "INT64_C(%" PRIu64 ")", u);
  else bprintf(b, "(int64_t)UINT64_C(0x%" PRIx64 ")", u);
}

static void cnum(Buf *b, uint64_t u) {
  double d;
  memcpy(&d, &u, sizeof(d));
  if (d - d == 0) bprintf(b, "%a", d); /* finite: exact as a hex float */
  else bprintf(b, "%snum(UINT64_C(0x%" PRIx64 "))", hpfx, u);
}

static void ccexpr(Buf *b, const Rule *r, const Node *n) {
  const char *op;
  switch (n->kind) {
    case N_LIT:
      if (n->isfloat) cnum(b, n->u);
      else cint(b, n->u);
      return;
    case N_KVAR:
      bprintf(b, "k_%s", r->var[n->var].name);
      return;
    case N_UN:
      if (n->sort == SO_NUM) bputs(b, "(-");
      else if (n->op == '-') bputs(b, "(int64_t)(0 - (uint64_t)");
      else bputs(b, "(~");
      ccexpr(b, r, n->k[0]);
      bputs(b, ")");
      return;
    case N_BIN:
      if (n->op == T_SHL || n->op == T_SHR) {
        bprintf(b, "%s%s(", hpfx, n->op == T_SHL ? "shl" : "shr");
        ccexpr(b, r, n->k[0]);
        bputs(b, ", ");
        ccexpr(b, r, n->k[1]);
        bputs(b, ")");
        return;
      }
      op = n->op == '+' ? "+" : n->op == '-' ? "-" : n->op == '*' ? "*" : n->op == '/' ? "/"
         : n->op == '&' ? "&" : n->op == '|' ? "|" : "^";
      if (n->sort == SO_INT && strchr("+-*", n->op)) { /* wrapping */
        bputs(b, "(int64_t)((uint64_t)");
        ccexpr(b, r, n->k[0]);
        bprintf(b, " %s (uint64_t)", op);
        ccexpr(b, r, n->k[1]);
        bputs(b, ")");
      } else {
        bputs(b, "(");
        ccexpr(b, r, n->k[0]);
        bprintf(b, " %s ", op);
        ccexpr(b, r, n->k[1]);
        bputs(b, ")");
      }
      return;
    case N_CALL:
      bprintf(b, "%s%s(", hpfx, funcs[n->op].name);
      ccexpr(b, r, n->k[0]);
      bputs(b, ")");
      return;
    case N_REL:
      bputs(b, "(");
      ccexpr(b, r, n->k[0]);
      bprintf(b, " %s ", n->op == T_EQ ? "==" : n->op == T_NE ? "!=" : n->op == '<' ? "<"
                        : n->op == T_LE ? "<=" : n->op == '>' ? ">" : ">=");
      ccexpr(b, r, n->k[1]);
      bputs(b, ")");
      return;
    case N_NOT:
      bputs(b, "!");
      ccexpr(b, r, n->k[0]);
      return;
    default:
      die("internal error: not a constant expression");
  }
}

/* ---- the matcher ---- */

typedef struct Gen {
  Buf *b;
  const Rule *r;
  int bound[MAXVAR];
  int ntmp;
} Gen;

static void cmatch(Gen *g, const Node *n, const char *ref, int root) {
  const Rule *r = g->r;
  const Var *v;
  char kid[2][64];
  int i, id;
  switch (n->kind) {
    case N_OP:
      if (root) {
        strcpy(kid[0], "a");
        strcpy(kid[1], "b");
      } else {
        id = ++g->ntmp;
        bprintf(g->b, "      IRRef n%d = %s;\n", id, ref);
        bprintf(g->b, "      if (!OPTR_ISOP(o, n%d, IR_%s, %s)) break;\n", id, opname[n->op], irtype[n->sort]);
        snprintf(kid[0], sizeof(kid[0]), "OPTR_IR(o, n%d)->op1", id);
        snprintf(kid[1], sizeof(kid[1]), "OPTR_IR(o, n%d)->op2", id);
      }
      for (i = 0; i < n->n; i++) cmatch(g, n->k[i], kid[i], 0);
      return;
    case N_VAR:
      v = &r->var[n->var];
      if (g->bound[n->var]) {
        bprintf(g->b, "      if (%s != v_%s) break;\n", ref, v->name);
      } else {
        g->bound[n->var] = 1;
        if (v->npat > 1 || v->refuse) bprintf(g->b, "      IRRef v_%s = %s;\n", v->name, ref);
      }
      return;
    case N_KVAR:
      v = &r->var[n->var];
      if (g->bound[n->var]) {
        bprintf(g->b, "      if (%s != r_%s) break;\n", ref, v->name);
        return;
      }
      g->bound[n->var] = 1;
      bprintf(g->b, "      if (OPTR_IR(o, %s)->op != %s) break;\n", ref, v->sort == SO_INT ? "IR_KINT" : "IR_KNUM");
      if (v->npat > 1 || v->refuse) bprintf(g->b, "      IRRef r_%s = %s;\n", v->name, ref);
      if (v->valuse)
        bprintf(g->b, "      %s k_%s = OPTR_IR(o, %s)->k.%s;\n", v->sort == SO_INT ? "int64_t" : "double",
                v->name, ref, v->sort == SO_INT ? "i" : "n");
      return;
    case N_LIT:
      bprintf(g->b, "      if (!OPTR_ISLIT(o, %s, %s, UINT64_C(0x%" PRIx64 "))) break;\n", ref,
              n->isfloat ? "IR_KNUM" : "IR_KINT", n->u);
      return;
    default:
      die("internal error: bad pattern");
  }
}

/* Emits the statements computing result node n; returns its C expression. */
static void crhs(Gen *g, const Node *n, char *out, size_t outlen) {
  const Rule *r = g->r;
  char kid[2][32];
  int id;
  switch (n->kind) {
    case N_VAR:
      snprintf(out, outlen, "v_%s", r->var[n->var].name);
      return;
    case N_KVAR:
      snprintf(out, outlen, "r_%s", r->var[n->var].name);
      return;
    case N_OP:
      crhs(g, n->k[0], kid[0], sizeof(kid[0]));
      if (n->n > 1) crhs(g, n->k[1], kid[1], sizeof(kid[1]));
      else strcpy(kid[1], "REF_NONE");
      id = ++g->ntmp;
      bprintf(g->b, "      IRRef t%d = opt_emitrec(o, IR_%s, %s, %s, %s, depth + 1);\n", id, opname[n->op],
              irtype[n->sort], kid[0], kid[1]);
      bprintf(g->b, "      if (t%d == OPTR_OOM) return OPTR_OOM;\n", id);
      snprintf(out, outlen, "t%d", id);
      return;
    default:
      id = ++g->ntmp;
      bprintf(g->b, "      IRRef t%d = ir_k%s(o->ir, ", id, n->sort == SO_INT ? "int" : "num");
      ccexpr(g->b, r, n);
      bputs(g->b, ");\n");
      bprintf(g->b, "      if (t%d == REF_NONE) return OPTR_OOM;\n", id);
      snprintf(out, outlen, "t%d", id);
  }
}

static void gencomment(Buf *b, const Rule *r, int idx, const char *indent) {
  const char *s;
  bprintf(b, "%s/* %d %s (%s:%d): ", indent, idx, r->name, fname, r->line);
  for (s = strchr(r->text, ':') + 1; *s == ' '; s++) {}
  for (; *s; s++) { /* no comment may end inside the comment */
    if (s[0] == '*' && s[1] == '/') bputs(b, "* ");
    else bput(b, s, 1);
  }
  bputs(b, " */\n");
}

static void genvariant(Buf *b, const Rule *r, int idx, const Node *pat) {
  Gen g;
  char kid[2][32];
  int i;
  memset(&g, 0, sizeof(g));
  g.b = b;
  g.r = r;
  bputs(b, "    do {\n");
  cmatch(&g, pat, NULL, 1);
  for (i = 0; i < r->nchk; i++) {
    bputs(b, "      if (!");
    ccexpr(b, r, r->chk[i]);
    bputs(b, ") break;\n");
  }
  bprintf(b, "      OPTR_FIRED(o, %d);\n", idx);
  switch (r->rhs->kind) {
    case N_TRUE:
      bputs(b, "      return REF_NONE;\n");
      break;
    case N_FALSE:
      bputs(b, "      o->guardfails = 1;\n      return REF_NONE;\n");
      break;
    case N_OP:
      crhs(&g, r->rhs->k[0], kid[0], sizeof(kid[0]));
      if (r->rhs->n > 1) crhs(&g, r->rhs->k[1], kid[1], sizeof(kid[1]));
      else strcpy(kid[1], "REF_NONE");
      bprintf(b, "      return opt_emitrec(o, IR_%s, %s, %s, %s, depth + 1);\n", opname[r->rhs->op],
              irtype[r->rhs->sort], kid[0], kid[1]);
      break;
    default:
      crhs(&g, r->rhs, kid[0], sizeof(kid[0]));
      bprintf(b, "      return %s;\n", kid[0]);
  }
  bputs(b, "    } while (0);\n");
}

static void genhelpers(Buf *b) {
  int i;
  bputpfx(b, chelpers, hpfx);
  for (i = 0; i < NFUNCS; i++) bputpfx(b, funcs[i].cdef, hpfx);
}

static void genmatcher(Buf *b) {
  int op, i, j;
  hpfx = "optr_";
  bprintf(b,
          "/*\n"
          "** opt_rules.h — the peephole rules of opt.rules as C. GENERATED by\n"
          "** tools/rulegen.c from %s: do not edit; `make opt_rules.h` writes it\n"
          "** anew and `make test-rules` checks that it is current. Included by\n"
          "** opt.c only.\n"
          "**\n"
          "** optr_match tries the rules of the instruction's opcode in the order of\n"
          "** the file, each commutative pattern in every operand order, and returns\n"
          "** the result of the first that matches (emitted through opt_emitrec, so\n"
          "** it folds and matches further), or OPTR_NOMATCH. %d rules.\n"
          "*/\n"
          "#ifndef TIDE_OPT_RULES_H\n"
          "#define TIDE_OPT_RULES_H\n\n"
          "#include \"opt.h\"\n\n",
          fname, nrules);
  bputs(b,
        "#define OPTR_NOMATCH ((IRRef)0xffffffffu) /* no rule applies */\n"
        "#define OPTR_OOM ((IRRef)0xfffffffeu)     /* memory ran out */\n"
        "#define OPTR_IR(o, r) (&(o)->ir->ins[r])\n"
        "/* a nested pattern never looks into an opaque value (a loop-carried one,\n"
        "** see OptState.opaque) */\n"
        "#define OPTR_ISOP(o, r, op_, t_) \\\n"
        "  (OPTR_IR(o, r)->op == (op_) && OPTR_IR(o, r)->type == (t_) && \\\n"
        "   !((r) < (o)->nopaque && (o)->opaque[r]))\n"
        "#define OPTR_ISLIT(o, r, kop, bits) (OPTR_IR(o, r)->op == (kop) && OPTR_IR(o, r)->k.u == (bits))\n"
        "#define OPTR_FIRED(o, i) do { if ((o)->rulefired) (o)->rulefired[i]++; } while (0)\n\n"
        "/* opt.c: emits through the whole optimizer, a rule's result one level deeper */\n"
        "static IRRef opt_emitrec(OptState *o, IROp op, IRType t, IRRef a, IRRef b, int depth);\n\n");
  genhelpers(b);
  bprintf(b, "\nconst int opt_nrules = %d;\n", nrules);
  bprintf(b, "const char *const opt_rulename[%d] = {\n", nrules);
  for (i = 0; i < nrules; i++) bprintf(b, "  \"%s\",\n", rules[i].name);
  bputs(b, "};\n\n");
  bputs(b, "static IRRef optr_match(OptState *o, IROp op, IRType t, IRRef a, IRRef b, int depth) {\n");
  bputs(b, "  switch (op) {\n");
  for (op = 0; op < IR__MAX; op++) {
    int any = 0;
    for (i = 0; i < nrules; i++)
      if (rules[i].lhs->op == op) any = 1;
    if (!any) continue;
    bprintf(b, "  case IR_%s:\n", opname[op]);
    if (semof[op]->res != SO_BOOL) bprintf(b, "    if (t != %s) break;\n", irtype[semof[op]->res]);
    for (i = 0; i < nrules; i++) {
      const Rule *r = &rules[i];
      if (r->lhs->op != op) continue;
      gencomment(b, r, i, "    ");
      for (j = 0; j < r->nvariant; j++) genvariant(b, r, i, r->variant[j]);
    }
    bputs(b, "    break;\n");
  }
  bputs(b, "  default:\n    break;\n  }\n  (void)b;\n  return OPTR_NOMATCH;\n}\n\n#endif\n");
}

/* ---- examples for the test ---- */

static void exnode(Buf *b, const Rule *r, const Node *n) {
  switch (n->kind) {
    case N_OP:
      bprintf(b, "ex_node(e, IR_%s, %s, ", opname[n->op], irtype[n->sort]);
      exnode(b, r, n->k[0]);
      bputs(b, ", ");
      if (n->n > 1) exnode(b, r, n->k[1]);
      else bputs(b, "REF_NONE");
      bputs(b, ")");
      return;
    case N_VAR:
      bprintf(b, "v_%s", r->var[n->var].name);
      return;
    case N_KVAR:
      bprintf(b, "ex_k%s(e, k_%s)", n->sort == SO_INT ? "int" : "num", r->var[n->var].name);
      return;
    default:
      bprintf(b, "ex_k%s(e, ", n->sort == SO_INT ? "int" : "num");
      ccexpr(b, r, n);
      bputs(b, ")");
  }
}

static void exrhs(Buf *b, const Rule *r, const Node *n) {
  if (n->kind == N_OP) {
    bprintf(b, "ex_rhs(e, IR_%s, %s, ", opname[n->op], irtype[n->sort]);
    exrhs(b, r, n->k[0]);
    bputs(b, ", ");
    if (n->n > 1) exrhs(b, r, n->k[1]);
    else bputs(b, "REF_NONE");
    bputs(b, ")");
  } else if (n->kind == N_VAR) {
    bprintf(b, "v_%s", r->var[n->var].name);
  } else {
    bprintf(b, "ex_k%s(e, ", n->sort == SO_INT ? "int" : "num");
    ccexpr(b, r, n);
    bputs(b, ")");
  }
}

static void genexamples(Buf *b) {
  int i, j;
  hpfx = "exh_";
  bprintf(b,
          "/*\n"
          "** Instances of the rules of %s for test/jit/test_opt.c. GENERATED by\n"
          "** tools/rulegen.c (--examples): do not edit.\n"
          "**\n"
          "** ex_ruleN builds the pattern of rule N for every choice of its\n"
          "** k-variables among ex_int/ex_num (the test's) that passes its checks:\n"
          "** its variables are fresh SLOADs (ex_var), its inner instructions are\n"
          "** emitted without rules (ex_node); ex_root emits the root through\n"
          "** opt_emit and says whether rule N fired; then the result must be what\n"
          "** the rule's right side, emitted through opt_emit (ex_rhs), gives.\n"
          "*/\n\n",
          fname);
  genhelpers(b);
  for (i = 0; i < nrules; i++) {
    const Rule *r = &rules[i];
    int nk = 0;
    bputs(b, "\n");
    gencomment(b, r, i, "");
    bprintf(b, "static void ex_rule%d(Ex *e) {\n", i);
    for (j = 0; j < r->nvar; j++)
      if (r->var[j].isk) {
        const char *arr = r->var[j].sort == SO_INT ? "int" : "num";
        bprintf(b, "%*sfor (size_t i_%s = 0; i_%s < EX_N%s; i_%s++) {\n", 2 + 2 * nk, "", r->var[j].name,
                r->var[j].name, r->var[j].sort == SO_INT ? "INT" : "NUM", r->var[j].name);
        nk++;
        bprintf(b, "%*s%s k_%s = ex_%s[i_%s];\n", 2 + 2 * nk, "", r->var[j].sort == SO_INT ? "int64_t" : "double",
                r->var[j].name, arr, r->var[j].name);
      }
    for (j = 0; j < r->nchk; j++) {
      bprintf(b, "%*sif (!", 2 + 2 * nk, "");
      ccexpr(b, r, r->chk[j]);
      bputs(b, ") continue;\n");
    }
    bprintf(b, "%*sex_begin(e, %d);\n", 2 + 2 * nk, "", i);
    for (j = 0; j < r->nvar; j++)
      if (!r->var[j].isk)
        bprintf(b, "%*sIRRef v_%s = ex_var(e, %d, %s);\n", 2 + 2 * nk, "", r->var[j].name, j, irtype[r->var[j].sort]);
    bprintf(b, "%*sif (ex_root(e, IR_%s, %s, ", 2 + 2 * nk, "", opname[r->lhs->op],
            r->sort == SO_BOOL ? "IRT_VOID" : irtype[r->sort]);
    exnode(b, r, r->lhs->k[0]);
    bputs(b, ", ");
    if (r->lhs->n > 1) exnode(b, r, r->lhs->k[1]);
    else bputs(b, "REF_NONE");
    bputs(b, "))\n");
    bprintf(b, "%*s", 4 + 2 * nk, "");
    switch (r->rhs->kind) {
      case N_TRUE:
        bputs(b, "ex_expect_holds(e);\n");
        break;
      case N_FALSE:
        bputs(b, "ex_expect_fails(e);\n");
        break;
      case N_OP:
        if (r->sort == SO_BOOL) {
          bprintf(b, "ex_expect_guard(e, IR_%s, IRT_VOID, ", opname[r->rhs->op]);
          exrhs(b, r, r->rhs->k[0]);
          bputs(b, ", ");
          if (r->rhs->n > 1) exrhs(b, r, r->rhs->k[1]);
          else bputs(b, "REF_NONE");
          bputs(b, ");\n");
          break;
        }
        /* fall through */
      default:
        bputs(b, "ex_expect(e, ");
        exrhs(b, r, r->rhs);
        bputs(b, ");\n");
    }
    bprintf(b, "%*sex_end(e);\n", 2 + 2 * nk, "");
    for (; nk > 0; nk--) bprintf(b, "%*s}\n", 2 * nk, "");
    bputs(b, "}\n");
  }
  bprintf(b, "\n#define EX_NRULES %d\n", nrules);
  bputs(b, "static void (*const ex_rules[EX_NRULES])(Ex *) = {\n");
  for (i = 0; i < nrules; i++) bprintf(b, "  ex_rule%d,\n", i);
  bputs(b, "};\n");
}

/* ----------------------------------------------------------------------
** SMT-LIB2
** ---------------------------------------------------------------------- */

static void smtbv(Buf *b, uint64_t u) { bprintf(b, "#x%016" PRIx64, u); }
static void smtfp(Buf *b, uint64_t u) {
  bputs(b, "((_ to_fp 11 53) ");
  smtbv(b, u);
  bputs(b, ")");
}

static void sexpr(Buf *b, const Rule *r, const Node *n) {
  const char *s;
  switch (n->kind) {
    case N_OP:
      for (s = semof[n->op]->smt; *s; s++) {
        if (*s == '$') sexpr(b, r, n->k[*++s - '1']);
        else bput(b, s, 1);
      }
      return;
    case N_VAR:
      bprintf(b, "v_%s", r->var[n->var].name);
      return;
    case N_KVAR:
      bprintf(b, "k_%s", r->var[n->var].name);
      return;
    case N_LIT:
      if (n->isfloat) smtfp(b, n->u);
      else smtbv(b, n->u);
      return;
    case N_TRUE:
      bputs(b, "true");
      return;
    case N_FALSE:
      bputs(b, "false");
      return;
    case N_UN:
      bputs(b, n->sort == SO_NUM ? "(fp.neg " : n->op == '-' ? "(bvneg " : "(bvnot ");
      sexpr(b, r, n->k[0]);
      bputs(b, ")");
      return;
    case N_BIN:
      if (n->sort == SO_NUM) {
        bprintf(b, "(fp.%s RNE ", n->op == '+' ? "add" : n->op == '-' ? "sub" : n->op == '*' ? "mul" : "div");
      } else {
        bprintf(b, "(%s ", n->op == '+' ? "bvadd" : n->op == '-' ? "bvsub" : n->op == '*' ? "bvmul"
                         : n->op == '&' ? "bvand" : n->op == '|' ? "bvor" : n->op == '^' ? "bvxor"
                         : n->op == T_SHL ? "lua_shl" : "lua_shr");
      }
      sexpr(b, r, n->k[0]);
      bputs(b, " ");
      sexpr(b, r, n->k[1]);
      bputs(b, ")");
      return;
    case N_REL:
      bprintf(b, "(%s ", n->op == T_EQ ? "=" : n->op == T_NE ? "distinct" : n->op == '<' ? "bvslt"
                       : n->op == T_LE ? "bvsle" : n->op == '>' ? "bvsgt" : "bvsge");
      sexpr(b, r, n->k[0]);
      bputs(b, " ");
      sexpr(b, r, n->k[1]);
      bputs(b, ")");
      return;
    case N_NOT:
      bputs(b, "(not ");
      sexpr(b, r, n->k[0]);
      bputs(b, ")");
      return;
    case N_CALL:
      bprintf(b, "(%s ", funcs[n->op].smtdef ? funcs[n->op].name : "ctz64");
      if (funcs[n->op].arg == SO_NUMBITS) bprintf(b, "kb_%s", r->var[n->k[0]->var].name);
      else sexpr(b, r, n->k[0]);
      bputs(b, ")");
      return;
    default:
      die("internal error: bad expression");
  }
}

/* The conditions under which the instructions of n are defined: their
** divisors are not 0. */
static void defined(Buf *b, const Rule *r, const Node *n) {
  int i;
  if (n->kind != N_OP) return;
  for (i = 0; i < n->n; i++) defined(b, r, n->k[i]);
  if (semof[n->op]->divides) {
    bputs(b, " (not (= ");
    sexpr(b, r, n->k[1]);
    bputs(b, " #x0000000000000000))");
  }
}

/* Does n compute or compare floats? */
static int usesfloat(const Node *n) {
  int i;
  if (n->sort == SO_NUM) return 1;
  if (n->kind == N_OP && (semof[n->op]->arg[0] == SO_NUM || semof[n->op]->arg[1] == SO_NUM)) return 1;
  for (i = 0; i < n->n; i++)
    if (usesfloat(n->k[i])) return 1;
  return 0;
}

/* The start of every query. Naming the logic of floats and bitvectors
** makes z3 much faster on float queries (and slower on integer ones). */
static void smtprologue(Buf *b, const char *comment, int fp) {
  int i, bit;
  bprintf(b, "; %s\n%s(set-option :produce-models true)\n", comment, fp ? "(set-logic QF_FPBV)\n" : "");
  bputs(b, smtprelude);
  bputs(b, "; trailing zero bits (64 for 0)\n(define-fun ctz64 ((k (_ BitVec 64))) (_ BitVec 64)\n ");
  for (bit = 0; bit < 64; bit++)
    bprintf(b, " (ite (= ((_ extract %d %d) k) #b1) #x%016x", bit, bit, bit);
  bputs(b, " #x0000000000000040");
  for (bit = 0; bit < 64; bit++) bputs(b, ")");
  bputs(b, ")\n");
  for (i = 0; i < NFUNCS; i++)
    if (funcs[i].smtdef) bputs(b, funcs[i].smtdef);
}

static void smtdecls(Buf *b, const Rule *r) {
  int i;
  for (i = 0; i < r->nvar; i++) {
    const Var *v = &r->var[i];
    if (v->isk && v->sort == SO_NUM) {
      bprintf(b, "(declare-const kb_%s (_ BitVec 64))\n", v->name);
      bprintf(b, "(define-fun k_%s () (_ FloatingPoint 11 53) ((_ to_fp 11 53) kb_%s))\n", v->name, v->name);
    } else {
      bprintf(b, "(declare-const %s_%s %s)\n", v->isk ? "k" : "v", v->name, smtsort[v->sort]);
    }
  }
}

static void smtpremises(Buf *b, const Rule *r) {
  Buf d = {0};
  int i;
  for (i = 0; i < r->nchk; i++) {
    bputs(b, "(assert ");
    sexpr(b, r, r->chk[i]);
    bputs(b, ")\n");
  }
  defined(&d, r, r->lhs);
  if (d.n) bprintf(b, "(assert (and true%s))\n", d.p);
  free(d.p);
}

/* equivalence: unsat proves the rule */
static void smtrule(Buf *b, const Rule *r) {
  Buf d = {0}, c = {0};
  bprintf(&c, "%s (no line number: the proof is kept while the rule is unchanged)", r->text);
  smtprologue(b, c.p, usesfloat(r->lhs) || usesfloat(r->rhs));
  smtdecls(b, r);
  bprintf(b, "(declare-const lhs %s)\n(assert (= lhs ", smtsort[r->sort]);
  sexpr(b, r, r->lhs);
  bprintf(b, "))\n(declare-const rhs %s)\n(assert (= rhs ", smtsort[r->sort]);
  sexpr(b, r, r->rhs);
  bputs(b, "))\n");
  smtpremises(b, r);
  defined(&d, r, r->rhs);
  if (d.n) { /* the result divides: by a non-zero number? */
    bprintf(b, "(declare-const rhsdefined Bool)\n(assert (= rhsdefined (and true%s)))\n", d.p);
    bputs(b, "(assert (not (and rhsdefined (= lhs rhs))))\n(check-sat)\n(get-model)\n");
  } else {
    bputs(b, "(assert (not (= lhs rhs)))\n(check-sat)\n(get-model)\n");
  }
  free(d.p);
  free(c.p);
}

/* liveness: sat means the checks can hold */
static void smtlive(Buf *b, const Rule *r) {
  Buf c = {0};
  bprintf(&c, "can it fire? %s", r->text);
  smtprologue(b, c.p, usesfloat(r->lhs));
  smtdecls(b, r);
  smtpremises(b, r);
  bputs(b, "(check-sat)\n(get-model)\n");
  free(c.p);
}

/* ---- running the solver ---- */

static const char *solver = "z3 -T:600";

static void mkdirs(const char *dir) {
  char path[4096];
  size_t i;
  snprintf(path, sizeof(path), "%s", dir);
  for (i = 1; path[i]; i++)
    if (path[i] == '/') {
      path[i] = '\0';
      mkdir(path, 0777);
      path[i] = '/';
    }
  if (mkdir(path, 0777) != 0 && errno != EEXIST) die("cannot create %s: %s", path, strerror(errno));
}

/* Runs the solver on `query` (written to `path`); returns its verdict
** ("sat", "unsat", anything else) and leaves its whole output in *out. */
static char *solve(const char *path, const Buf *query, Buf *out) {
  char cmd[4096];
  char tmp[4096];
  FILE *p;
  size_t n;
  static char verdict[64];
  writefile(path, query);
  snprintf(cmd, sizeof(cmd), "%s '%s' 2>&1", solver, path);
  p = popen(cmd, "r");
  if (p == NULL) die("cannot run %s: %s", solver, strerror(errno));
  out->n = 0;
  bput(out, "", 0);
  while ((n = fread(tmp, 1, sizeof(tmp), p)) > 0) bput(out, tmp, n);
  if (pclose(p) == -1) die("cannot run %s", solver);
  n = strcspn(out->p, "\r\n");
  if (n >= sizeof(verdict)) n = sizeof(verdict) - 1;
  memcpy(verdict, out->p, n);
  verdict[n] = '\0';
  if (verdict[0] == '\0') snprintf(verdict, sizeof(verdict), "no answer");
  return verdict;
}

/* ---- reading a model: (define-fun NAME () SORT VALUE) ... ---- */

static const char *sp;

static void skipws(void) {
  while (*sp == ' ' || *sp == '\n' || *sp == '\t' || *sp == '\r') sp++;
}

/* The next s-expression's text */
static void sexp(Buf *b) {
  int depth = 0;
  skipws();
  do {
    if (*sp == '\0') return;
    if (*sp == '(') depth++;
    if (*sp == ')') depth--;
    if (*sp == '\n' || *sp == '\r' || *sp == '\t') {
      if (b->n && b->p[b->n - 1] != ' ') bputs(b, " ");
      sp++;
      while (*sp == ' ') sp++;
      continue;
    }
    bput(b, sp++, 1);
  } while (depth > 0 || (*sp && !strchr(" \n\t\r()", *sp)));
}

static int bits(const char *s, uint64_t *u, int *nbits) {
  *u = 0;
  *nbits = 0;
  if (s[0] != '#') return 0;
  if (s[1] == 'x') {
    for (s += 2; isxdigit((unsigned char)*s); s++, *nbits += 4)
      *u = *u << 4 | (uint64_t)(isdigit((unsigned char)*s) ? *s - '0' : tolower((unsigned char)*s) - 'a' + 10);
  } else if (s[1] == 'b') {
    for (s += 2; *s == '0' || *s == '1'; s++, (*nbits)++) *u = *u << 1 | (uint64_t)(*s - '0');
  } else {
    return 0;
  }
  return *nbits > 0;
}

/* A readable form of a model's value: integers in decimal, floats. */
static void readable(Buf *b, const char *v) {
  uint64_t u, s, e, m;
  int n, ns, ne, nm;
  double d;
  if (bits(v, &u, &n) && n == 64) {
    bprintf(b, "%" PRId64, (int64_t)u);
    if ((int64_t)u < -9 || (int64_t)u > 9) bprintf(b, " (0x%" PRIx64 ")", u);
    return;
  }
  if (strncmp(v, "(fp ", 4) == 0) {
    char p1[80], p2[80], p3[80];
    if (sscanf(v + 4, "%79s %79s %79[^)]", p1, p2, p3) == 3 && bits(p1, &s, &ns) && bits(p2, &e, &ne) &&
        bits(p3, &m, &nm) && ns == 1 && ne == 11 && nm == 52) {
      u = s << 63 | e << 52 | m;
      memcpy(&d, &u, sizeof(d));
      bprintf(b, "%.17g", d);
      return;
    }
  }
  if (strstr(v, "+zero")) bputs(b, "+0.0");
  else if (strstr(v, "-zero")) bputs(b, "-0.0");
  else if (strstr(v, "+oo")) bputs(b, "inf");
  else if (strstr(v, "-oo")) bputs(b, "-inf");
  else if (strstr(v, "NaN")) bputs(b, "nan");
  else bputs(b, v);
}

static void printmodel(const char *out) {
  const char *m = strchr(out, '(');
  int any = 0;
  if (m == NULL) {
    fprintf(stderr, "    (no model)\n%s", out);
    return;
  }
  fprintf(stderr, "  counterexample (z3 get-model):\n");
  for (sp = m + 1;;) {
    Buf name = {0}, args = {0}, sort = {0}, val = {0}, rd = {0}, kw = {0};
    skipws();
    if (*sp != '(') break;
    sp++;
    sexp(&kw);
    sexp(&name);
    sexp(&args);
    sexp(&sort);
    sexp(&val);
    skipws();
    if (*sp == ')') sp++;
    if (kw.p && strcmp(kw.p, "define-fun") == 0 && name.p && val.p && args.p && strcmp(args.p, "()") == 0 &&
        !strstr(val.p, "kb_")) { /* (not a float k-variable's definition) */
      const char *nm = name.p;
      if (strncmp(nm, "kb_", 3) == 0) { /* a float k-variable: its bits as a float */
        uint64_t u;
        int nb;
        double d;
        if (bits(val.p, &u, &nb) && nb == 64) {
          memcpy(&d, &u, sizeof(d));
          bprintf(&rd, "%.17g (bits 0x%016" PRIx64 ")", d, u);
        } else {
          bputs(&rd, val.p);
        }
        nm += 3;
      } else {
        readable(&rd, val.p);
        if (strncmp(nm, "v_", 2) == 0 || strncmp(nm, "k_", 2) == 0) nm += 2;
        else if (strcmp(nm, "lhs") == 0) nm = "left side";
        else if (strcmp(nm, "rhs") == 0) nm = "right side";
        else if (strcmp(nm, "rhsdefined") == 0) nm = "right side has no zero divisor";
      }
      fprintf(stderr, "    %-10s = %-24s %s\n", nm, rd.p, val.p);
      any = 1;
    }
    free(name.p), free(args.p), free(sort.p), free(val.p), free(rd.p), free(kw.p);
  }
  if (!any) fprintf(stderr, "%s", out);
}

/* Proves rule r (or, with expectfail, refutes it): 1 if it went as expected. */
/* The rule as written, without its name */
static const char *body(const Rule *r) {
  const char *s = strchr(r->text, ':') + 1;
  while (*s == ' ') s++;
  return s;
}

static int prove(const Rule *r, const char *dir, int expectfail, int *solved) {
  Buf q = {0}, live = {0}, out = {0}, both = {0};
  char path[4096], okpath[4096];
  const char *v;
  int ok;
  smtrule(&q, r);
  smtlive(&live, r);
  bputs(&both, q.p);
  bputs(&both, live.p);
  snprintf(okpath, sizeof(okpath), "%s/%s.ok", dir, r->name);
  if (!expectfail) {
    size_t n;
    char *old = readfile(okpath, &n);
    ok = old != NULL && n == both.n && memcmp(old, both.p, n) == 0;
    free(old);
    if (ok) goto done;
  }
  ++*solved;
  remove(okpath);
  snprintf(path, sizeof(path), "%s/%s.smt2", dir, r->name);
  v = solve(path, &q, &out);
  if (strcmp(v, "unsat") != 0) {
    ok = expectfail;
    if (strcmp(v, "sat") == 0) {
      fprintf(stderr, "%s:%d: rule %s is wrong%s: %s\n", fname, r->line, r->name, expectfail ? " (as expected)" : "", body(r));
      printmodel(out.p);
    } else {
      fprintf(stderr, "%s:%d: rule %s not proven (%s: %s): %s\n%s", fname, r->line, r->name, solver, v, body(r), out.p);
    }
    goto done;
  }
  snprintf(path, sizeof(path), "%s/%s.live.smt2", dir, r->name);
  v = solve(path, &live, &out);
  if (strcmp(v, "sat") != 0) {
    ok = expectfail;
    fprintf(stderr, "%s:%d: rule %s can never fire%s: its checks never hold (%s: %s): %s\n", fname, r->line, r->name,
            expectfail ? " (as expected)" : "", solver, v, body(r));
    goto done;
  }
  ok = !expectfail;
  if (expectfail) fprintf(stderr, "%s:%d: rule %s was proven, but it is in a file of wrong rules: %s\n", fname, r->line, r->name, body(r));
  else writefile(okpath, &both);
done:
  free(q.p), free(live.p), free(out.p), free(both.p);
  return ok;
}

/* Facts about the IR, not about rules: the IRF_COMM opcodes commute, and
** the SMT-LIB2 meanings give Lua 5.4's results on a few operands. */
typedef struct Fact {
  int op;
  uint64_t a, b, want; /* floats as bits */
} Fact;

#define I(x) ((uint64_t)(int64_t)(x))
#define F(x) (fbits(x))
static uint64_t fbits(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof(u));
  return u;
}

static int facts(const char *dir, int *nfacts) {
  Fact fs[] = {
    {IR_IDIV, I(7), I(2), I(3)}, {IR_IDIV, I(-7), I(2), I(-4)}, {IR_IDIV, I(7), I(-2), I(-4)},
    {IR_IDIV, I(-7), I(-2), I(3)}, {IR_IDIV, I(INT64_MIN), I(-1), I(INT64_MIN)}, {IR_IDIV, I(6), I(-3), I(-2)},
    {IR_MOD, I(7), I(3), I(1)}, {IR_MOD, I(-7), I(3), I(2)}, {IR_MOD, I(7), I(-3), I(-2)},
    {IR_MOD, I(-7), I(-3), I(-1)}, {IR_MOD, I(INT64_MIN), I(-1), I(0)}, {IR_MOD, I(6), I(-3), I(0)},
    {IR_UDIV, I(7), I(2), I(3)}, {IR_UDIV, I(-1), I(2), I(INT64_MAX)}, {IR_UDIV, I(-1), I(-1), I(1)},
    {IR_SHL, I(1), I(63), I(INT64_MIN)}, {IR_SHL, I(1), I(64), I(0)}, {IR_SHL, I(4), I(-1), I(2)},
    {IR_SHL, I(-1), I(-64), I(0)}, {IR_SHL, I(1), I(INT64_MIN), I(0)}, {IR_SHR, I(-1), I(1), I(INT64_MAX)},
    {IR_SHR, I(-1), I(63), I(1)}, {IR_SHR, I(2), I(-1), I(4)}, {IR_SHR, I(-1), I(64), I(0)},
    {IR_SHR, I(-1), I(INT64_MIN), I(0)},
    {IR_FLOOR, F(-0.5), 0, F(-1.0)}, {IR_FLOOR, F(2.5), 0, F(2.0)}, {IR_CEIL, F(-0.5), 0, F(-0.0)},
    {IR_CEIL, F(2.5), 0, F(3.0)}, {IR_ITOF, I((INT64_C(1) << 53) + 1), 0, F(9007199254740992.0)},
    {IR_ITOF, I(-3), 0, F(-3.0)}, {IR_ITOF, I(INT64_MAX), 0, F(9223372036854775808.0)},
  };
  int i, j, ok = 1;
  char path[4096];
  Buf out = {0};
  for (i = 0; i < (int)(sizeof(fs) / sizeof(fs[0])); i++) {
    const Sem *s = semof[fs[i].op];
    Rule r;
    Node n, ka, kb;
    Buf q = {0};
    memset(&r, 0, sizeof(r));
    memset(&n, 0, sizeof(n));
    memset(&ka, 0, sizeof(ka));
    memset(&kb, 0, sizeof(kb));
    n.kind = N_OP;
    n.op = fs[i].op;
    n.n = nargs(s);
    n.k[0] = &ka;
    n.k[1] = &kb;
    ka.kind = kb.kind = N_LIT;
    ka.isfloat = s->arg[0] == SO_NUM;
    kb.isfloat = s->arg[1] == SO_NUM;
    ka.u = fs[i].a;
    kb.u = fs[i].b;
    smtprologue(&q, "a known Lua 5.4 result", 0);
    bputs(&q, "(assert (not (= ");
    sexpr(&q, &r, &n);
    bputs(&q, " ");
    if (s->res == SO_NUM) smtfp(&q, fs[i].want);
    else smtbv(&q, fs[i].want);
    bputs(&q, ")))\n(check-sat)\n");
    snprintf(path, sizeof(path), "%s/fact%d.smt2", dir, i);
    if (strcmp(solve(path, &q, &out), "unsat") != 0) {
      fprintf(stderr, "rulegen: the SMT meaning of %s(0x%" PRIx64 ", 0x%" PRIx64 ") is not 0x%" PRIx64 " (Lua 5.4's): see %s\n",
              opname[fs[i].op], fs[i].a, fs[i].b, fs[i].want, path);
      ok = 0;
    }
    (*nfacts)++;
    free(q.p);
  }
  for (j = 0; j < IR__MAX; j++) {
    const Sem *s = semof[j];
    Buf q = {0};
    const char *srt;
    /* (not FADD and FMUL: IEEE 754 defines them as the exact sum or
    ** product, rounded, which commutes; z3 takes minutes to see it) */
    if (!(opflags[j] & IRF_COMM) || s == NULL || s->res == SO_NUM) continue;
    srt = smtsort[s->arg[0]];
    smtprologue(&q, "a commutative opcode", s->arg[0] == SO_NUM);
    bprintf(&q, "(declare-const x %s)\n(declare-const y %s)\n(assert (not (= ", srt, srt);
    {
      const char *c;
      for (c = s->smt; *c; c++) {
        if (*c == '$') bputs(&q, *++c == '1' ? "x" : "y");
        else bput(&q, c, 1);
      }
      bputs(&q, " ");
      for (c = s->smt; *c; c++) {
        if (*c == '$') bputs(&q, *++c == '1' ? "y" : "x");
        else bput(&q, c, 1);
      }
    }
    bputs(&q, ")))\n(check-sat)\n");
    snprintf(path, sizeof(path), "%s/comm_%s.smt2", dir, opname[j]);
    if (strcmp(solve(path, &q, &out), "unsat") != 0) {
      fprintf(stderr, "rulegen: %s is flagged IRF_COMM but does not commute: see %s\n", opname[j], path);
      ok = 0;
    }
    (*nfacts)++;
    free(q.p);
  }
  free(out.p);
  return ok;
}
#undef I
#undef F

/* Proves every rule, `jobs` solvers at a time (each rule in a child
** process whose messages come out in one piece when it ends); returns the
** number of rules that did not go as expected. */
static int proveall(const char *dir, int expectfail, int jobs, int *solved) {
  int bad = 0, running = 0, i = 0;
  if (jobs <= 1) {
    for (i = 0; i < nrules; i++)
      if (!prove(&rules[i], dir, expectfail, solved)) bad++;
    return bad;
  }
  while (i < nrules || running > 0) {
    int st;
    if (i < nrules && running < jobs) {
      pid_t pid;
      fflush(stdout);
      fflush(stderr);
      pid = fork();
      if (pid < 0) die("fork: %s", strerror(errno));
      if (pid == 0) {
        static char errbuf[1 << 16];
        int n = 0, ok;
        setvbuf(stderr, errbuf, _IOFBF, sizeof(errbuf));
        ok = prove(&rules[i], dir, expectfail, &n);
        fflush(stderr);
        _exit(!ok ? 2 : n ? 1 : 0);
      }
      running++;
      i++;
      continue;
    }
    if (wait(&st) < 0) die("wait: %s", strerror(errno));
    running--;
    if (!WIFEXITED(st) || WEXITSTATUS(st) == 2) bad++;
    else if (WEXITSTATUS(st) == 1) ++*solved;
  }
  return bad;
}

/* ---- the opcodes' meanings, for the random trace test ---- */

/* C escaping of an SMT-LIB2 text (quotes, backslashes, newlines) */
static void bputcstr(Buf *b, const char *s) {
  bputs(b, "\"");
  for (; *s; s++) {
    if (*s == '\n') bputs(b, "\\n\"\n  \"");
    else if (*s == '"' || *s == '\\') bprintf(b, "\\%c", *s);
    else bput(b, s, 1);
  }
  bputs(b, "\"");
}

static void gensems(Buf *b) {
  int i;
  static const char *const sortc[] = {"SEM_NONE", "SEM_INT", "SEM_NUM", "SEM_BOOL", "SEM_NUM"};
  bputs(b, "/*\n"
           "** The meaning of each IR opcode in SMT-LIB2, as tools/rulegen.c proves\n"
           "** the rules with it, for test/jit/fuzz_trace.c. GENERATED by rulegen\n"
           "** (--sems): do not edit. $1 and $2 stand for the operands.\n"
           "*/\n\n"
           "enum { SEM_NONE, SEM_INT, SEM_NUM, SEM_BOOL };\n"
           "typedef struct FzSem {\n"
           "  const char *smt;  /* NULL: not usable in random traces */\n"
           "  unsigned char arg[2], res, divides;\n"
           "} FzSem;\n\n"
           "static const char fz_prelude[] =\n  ");
  bputcstr(b, smtprelude);
  bputs(b, ";\n\nstatic const FzSem fz_sem[IR__MAX] = {\n");
  for (i = 0; i < (int)(sizeof(sems) / sizeof(sems[0])); i++) {
    const Sem *s = &sems[i];
    bprintf(b, "  [IR_%s] = {", opname[s->op]);
    bputcstr(b, s->smt);
    bprintf(b, ", {%s, %s}, %s, %d},\n", sortc[s->arg[0]], sortc[s->arg[1]], sortc[s->res], s->divides);
  }
  bputs(b, "};\n");
}

/* ----------------------------------------------------------------------
** Main
** ---------------------------------------------------------------------- */

static void usage(void) {
  fprintf(stderr,
          "usage: rulegen [-o FILE] RULES\n"
          "       rulegen --check FILE RULES\n"
          "       rulegen --examples FILE RULES\n"
          "       rulegen --sems FILE RULES\n"
          "       rulegen --smt DIR [--solver CMD] [--jobs N] [--expect-fail] RULES\n");
  exit(2);
}

int main(int argc, char **argv) {
  const char *out = "-", *check = NULL, *examples = NULL, *smtdir = NULL, *rulesfile = NULL;
  const char *semsfile = NULL;
  int expectfail = 0, jobs = 1, i;
  Buf b = {0};
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out = argv[++i];
    else if (strcmp(argv[i], "--check") == 0 && i + 1 < argc) check = argv[++i];
    else if (strcmp(argv[i], "--examples") == 0 && i + 1 < argc) examples = argv[++i];
    else if (strcmp(argv[i], "--sems") == 0 && i + 1 < argc) semsfile = argv[++i];
    else if (strcmp(argv[i], "--smt") == 0 && i + 1 < argc) smtdir = argv[++i];
    else if (strcmp(argv[i], "--solver") == 0 && i + 1 < argc) solver = argv[++i];
    else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc) jobs = atoi(argv[++i]);
    else if (strcmp(argv[i], "--expect-fail") == 0) expectfail = 1;
    else if (argv[i][0] == '-' || rulesfile) usage();
    else rulesfile = argv[i];
  }
  if (rulesfile == NULL) usage();
  for (i = 0; i < (int)(sizeof(sems) / sizeof(sems[0])); i++) semof[sems[i].op] = &sems[i];
  readrules(rulesfile);
  if (smtdir) {
    int bad = 0, solved = 0, nfacts = 0;
    mkdirs(smtdir);
    if (!expectfail && !facts(smtdir, &nfacts)) bad++;
    bad += proveall(smtdir, expectfail, jobs, &solved);
    if (bad) {
      if (expectfail) fprintf(stderr, "rulegen: %s: %d of %d wrong rules were not rejected\n", rulesfile, bad, nrules);
      else fprintf(stderr, "rulegen: %s: %d failure%s (the queries are in %s)\n", rulesfile, bad, bad > 1 ? "s" : "", smtdir);
      return 1;
    }
    if (expectfail) printf("rulegen: %s: all %d wrong rules rejected\n", rulesfile, nrules);
    else printf("rulegen: %s: %d rules proven and live (%d solved now, %d cached), %d IR facts checked\n", rulesfile,
                nrules, solved, nrules - solved, nfacts);
    return 0;
  }
  if (semsfile) {
    gensems(&b);
    writefile(semsfile, &b);
    return 0;
  }
  if (examples) {
    genexamples(&b);
    writefile(examples, &b);
    return 0;
  }
  genmatcher(&b);
  if (check) {
    size_t n;
    char *old = readfile(check, &n);
    if (old == NULL || n != b.n || memcmp(old, b.p, n) != 0) {
      fprintf(stderr, "rulegen: %s is not what %s gives: run `make %s`\n", check, rulesfile, check);
      return 1;
    }
    return 0;
  }
  writefile(out, &b);
  return 0;
}
