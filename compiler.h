/*
** compiler.h — private interface of Tide's compiler (lex.c, parse.c,
** code.c) and the bytecode lister (bcdump.c).
**
** The compiler is single-pass: the parser (parse.c) drives the scanner
** (lex.c) and calls the code generator (code.c) as it recognises each
** construct. Expressions are described by an `expdesc` that delays code
** emission until the context says where the value must go.
*/
#ifndef TIDE_COMPILER_H
#define TIDE_COMPILER_H

#include <stdio.h>

#include "internal.h"

/* ======================================================================
** Tokens
** ====================================================================== */
#define FIRST_RESERVED 257

/* ORDER RESERVED: the reserved words first (alphabetical), then the
** multi-character symbols, then the tokens with a value. */
enum RESERVED {
  TK_AND = FIRST_RESERVED, TK_BREAK, TK_DO, TK_ELSE, TK_ELSEIF, TK_END,
  TK_FALSE, TK_FOR, TK_FUNCTION, TK_GOTO, TK_IF, TK_IN, TK_LOCAL, TK_NIL,
  TK_NOT, TK_OR, TK_REPEAT, TK_RETURN, TK_THEN, TK_TRUE, TK_UNTIL, TK_WHILE,
  TK_IDIV, TK_CONCAT, TK_DOTS, TK_EQ, TK_GE, TK_LE, TK_NE, TK_SHL, TK_SHR,
  TK_DBCOLON, TK_EOS,
  TK_FLT, TK_INT, TK_NAME, TK_STRING
};
#define NUM_RESERVED ((int)(TK_WHILE - FIRST_RESERVED + 1))

typedef union SemInfo {
  vm_Number r;
  vm_Integer i;
  TString *ts;
} SemInfo;

typedef struct Token {
  int token;
  int line;       /* line of the token's first character */
  int col;        /* 1-based column of the token's first character */
  SemInfo seminfo;
} Token;

/* ======================================================================
** Expression descriptors
** ====================================================================== */
typedef enum expkind {
  VVOID,     /* empty expression list / no value */
  VNIL,
  VTRUE,
  VFALSE,
  VK,        /* constant in the K array; info = index */
  VKFLT,     /* float constant; nval */
  VKINT,     /* integer constant; ival */
  VKSTR,     /* string constant; strval */
  VNONRELOC, /* value in a fixed register; info = register */
  VLOCAL,    /* local variable; var.ridx = register, var.vidx = index */
  VUPVAL,    /* upvalue; info = upvalue index */
  VCONST,    /* compile-time constant; info = absolute index in actvar */
  VINDEXED,  /* t[k]: ind.t = table register, ind.idx = key register */
  VINDEXUP,  /* upvalue[k]: ind.t = upvalue, ind.idx = K index (short str) */
  VINDEXI,   /* t[i]: ind.t = table register, ind.idx = integer key */
  VINDEXSTR, /* t.s: ind.t = table register, ind.idx = K index (short str) */
  VJMP,      /* test/comparison; info = pc of its jump */
  VRELOC,    /* result can go to any register; info = pc of instruction */
  VCALL,     /* function call; info = pc of CALL */
  VVARARG    /* vararg expression; info = pc of VARARG */
} expkind;

#define vkisvar(k) (VLOCAL <= (k) && (k) <= VINDEXSTR)
#define vkisindexed(k) (VINDEXED <= (k) && (k) <= VINDEXSTR)

typedef struct expdesc {
  expkind k;
  union {
    vm_Integer ival;
    vm_Number nval;
    TString *strval;
    int info;
    struct { int idx; int t; } ind;
    struct { int ridx; int vidx; } var;
  } u;
  int t;    /* patch list of "exit when true" */
  int f;    /* patch list of "exit when false" */
  int col;  /* column for the access instruction of a variable (0: none) */
} expdesc;

/* Kinds of local variables */
#define VDKREG 0     /* regular */
#define RDKCONST 1   /* <const> */
#define RDKTOCLOSE 2 /* <close> */
#define RDKCTC 3     /* compile-time constant (no register) */

typedef struct Vardesc {
  TValue k;        /* value of a compile-time constant */
  uint8_t kind;
  uint8_t ridx;    /* register holding the variable */
  short pidx;      /* index in the Proto's locvars */
  TString *name;
} Vardesc;

typedef struct Labeldesc {
  TString *name;
  int pc;          /* label position, or pending jump of a goto */
  int line;
  uint8_t nactvar; /* number of active variables at that position */
  uint8_t close;   /* goto that escapes upvalues */
} Labeldesc;

typedef struct Labellist {
  Labeldesc *arr;
  int n, size;
} Labellist;

/* Entry of the constant-index map (one map for the whole chunk). */
typedef struct KEntry {
  uint8_t kt;      /* key type: 0 = empty slot (see code.c) */
  Value kv;
  int idx;         /* last constant index stored under this key */
} KEntry;

/* Dynamic structures shared by all functions of a chunk. Their arrays
** live in old-space userdata blocks that become garbage on the next
** collection, so nothing leaks when a syntax error longjmps out. */
typedef struct Dyndata {
  struct {
    Vardesc *arr;
    int n, size;
  } actvar;
  Labellist gt;    /* pending gotos */
  Labellist label; /* active labels */
  KEntry *kmap;
  unsigned int kmapsize, kmapcount;
  TString **lstr;  /* long strings seen by the scanner (one per content) */
  unsigned int lstrsize, lstrcount;
} Dyndata;

typedef struct BlockCnt {
  struct BlockCnt *previous;
  int firstlabel;
  int firstgoto;
  uint8_t nactvar;   /* active locals outside the block */
  uint8_t upval;     /* some variable in the block is an upvalue */
  uint8_t isloop;
  uint8_t insidetbc; /* inside the scope of a to-be-closed variable */
} BlockCnt;

struct LexState;

typedef struct FuncState {
  Proto *f;
  struct FuncState *prev;
  struct LexState *ls;
  BlockCnt *bl;
  int pc;          /* next instruction */
  int lasttarget;  /* pc of the last jump target */
  int nk;          /* constants in f->k */
  int np;          /* prototypes in f->p */
  int firstlocal;  /* first local of this function in dyd->actvar */
  int firstlabel;  /* first label of this function in dyd->label */
  short ndebugvars;/* entries in f->locvars */
  uint8_t nactvar; /* active locals */
  uint8_t nups;    /* upvalues */
  uint8_t freereg; /* first free register */
  uint8_t needclose; /* a RETURN must close upvalues/tbc variables */
} FuncState;

typedef struct LexState {
  int current;     /* current character */
  int col;         /* column of `current` */
  int linenumber;  /* input line counter */
  int lastline;    /* line of the last token consumed */
  int lastcol;     /* column of the last token consumed */
  int tokline;     /* line where the token being scanned starts */
  int tokcol;      /* column where the token being scanned starts */
  int esccol;      /* column of the escape sequence being read */
  Token t;         /* current token */
  Token lookahead; /* look-ahead token (TK_EOS if none) */
  FuncState *fs;
  vm_State *S;
  Zio *z;
  Mbuffer *buff;
  Dyndata *dyd;
  TString *source;
  TString *envn;   /* "_ENV" */
  TString *brkn;   /* "break" */
} LexState;

/* ======================================================================
** lex.c
** ====================================================================== */
void lex_setinput(vm_State *S, LexState *ls, Zio *z, Mbuffer *buff,
                  TString *source, int firstchar);
void lex_next(LexState *ls);
TString *lex_newstring(LexState *ls, const char *str, size_t l);
int lex_lookahead(LexState *ls);
const char *lex_token2str(LexState *ls, int token);
void lex_syntaxerror(LexState *ls, const char *msg) __attribute__((noreturn));
void lex_semerror(LexState *ls, const char *msg) __attribute__((noreturn));
/* Grows a compiler work array kept in collectable memory (see Dyndata). */
void *lex_growtmp(LexState *ls, void *arr, int n, int *size, size_t elemsize,
                  int limit, const char *what);

/* ======================================================================
** code.c
** ====================================================================== */
#define NO_JUMP (-1)
#define NO_REG MAXARG_A
#define MULTRET (-1)
#define MAXINDEXRK MAXARG_B

typedef enum BinOpr {
  /* arithmetic and bitwise (ORDER OP: same order as OP_ADD..OP_SHR) */
  OPR_ADD, OPR_SUB, OPR_MUL, OPR_MOD, OPR_POW, OPR_DIV, OPR_IDIV,
  OPR_BAND, OPR_BOR, OPR_BXOR, OPR_SHL, OPR_SHR,
  OPR_CONCAT,
  OPR_EQ, OPR_LT, OPR_LE, OPR_NE, OPR_GT, OPR_GE,
  OPR_AND, OPR_OR,
  OPR_NOBINOPR
} BinOpr;

typedef enum UnOpr { OPR_MINUS, OPR_BNOT, OPR_NOT, OPR_LEN, OPR_NOUNOPR } UnOpr;

#define getinstruction(fs, e) ((fs)->f->code[(e)->u.info])
#define code_setmultret(fs, e) code_setreturns(fs, e, MULTRET)
#define code_jumpto(fs, t) code_patchlist(fs, code_jump(fs), t)

int code_code(FuncState *fs, Instruction i);
int code_ABCk(FuncState *fs, OpCode o, int a, int b, int c, int k);
#define code_ABC(fs, o, a, b, c) code_ABCk(fs, o, a, b, c, 0)
int code_ABx(FuncState *fs, OpCode o, int a, unsigned int bx);
void code_fixline(FuncState *fs, int line);
void code_fixcol(FuncState *fs, int col);
void code_nil(FuncState *fs, int from, int n);
void code_reserveregs(FuncState *fs, int n);
void code_checkstack(FuncState *fs, int n);
void code_int(FuncState *fs, int reg, vm_Integer n);
int code_nvarstack(FuncState *fs);
int code_reglevel(FuncState *fs, int nvar);
void code_dischargevars(FuncState *fs, expdesc *e);
int code_exp2anyreg(FuncState *fs, expdesc *e);
void code_exp2anyregup(FuncState *fs, expdesc *e);
void code_exp2nextreg(FuncState *fs, expdesc *e);
void code_exp2val(FuncState *fs, expdesc *e);
int code_exp2const(FuncState *fs, const expdesc *e, TValue *v);
void code_self(FuncState *fs, expdesc *e, expdesc *key);
void code_indexed(FuncState *fs, expdesc *t, expdesc *k);
void code_goiftrue(FuncState *fs, expdesc *e);
void code_goiffalse(FuncState *fs, expdesc *e);
void code_storevar(FuncState *fs, expdesc *var, expdesc *e);
void code_setreturns(FuncState *fs, expdesc *e, int nresults);
void code_setoneret(FuncState *fs, expdesc *e);
int code_jump(FuncState *fs);
void code_ret(FuncState *fs, int first, int nret);
void code_patchlist(FuncState *fs, int list, int target);
void code_patchtohere(FuncState *fs, int list);
void code_concat(FuncState *fs, int *l1, int l2);
int code_getlabel(FuncState *fs);
void code_prefix(FuncState *fs, UnOpr op, expdesc *v, int line, int col);
void code_infix(FuncState *fs, BinOpr op, expdesc *v);
void code_posfix(FuncState *fs, BinOpr op, expdesc *v1, expdesc *v2,
                 int line, int col);
void code_settablesize(FuncState *fs, int pc, int ra, int asize, int hsize);
void code_setlist(FuncState *fs, int base, int nelems, int tostore);
void code_finish(FuncState *fs);

#endif
