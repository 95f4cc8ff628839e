/*
** parse.c — the single-pass parser: recognises Lua 5.4 syntax and drives
** the code generator (code.c). Scoping of locals, upvalues, goto/labels,
** attribute handling and all syntax/semantic diagnostics live here.
*/
#include <string.h>

#include "compiler.h"

#define hasmultret(k) ((k) == VCALL || (k) == VVARARG)

#define enterlevel(ls) do_incCstack((ls)->S)
#define leavelevel(ls) ((ls)->S->nCcalls--)

static void statement(LexState *ls);
static void expr(LexState *ls, expdesc *v);

/* ======================================================================
** Errors and token checks
** ====================================================================== */

static void error_expected(LexState *ls, int token) __attribute__((noreturn));
static void error_expected(LexState *ls, int token) {
  lex_syntaxerror(ls, obj_pushfstring(ls->S, "%s expected", lex_token2str(ls, token)));
}

static void errorlimit(FuncState *fs, int limit, const char *what)
    __attribute__((noreturn));
static void errorlimit(FuncState *fs, int limit, const char *what) {
  vm_State *S = fs->ls->S;
  int line = fs->f->linedefined;
  const char *where = (line == 0) ? "main function"
                                  : obj_pushfstring(S, "function at line %d", line);
  const char *msg = obj_pushfstring(S, "too many %s (limit is %d) in %s", what, limit, where);
  lex_syntaxerror(fs->ls, msg);
}

static void checklimit(FuncState *fs, int v, int l, const char *what) {
  if (v > l) errorlimit(fs, l, what);
}

static int testnext(LexState *ls, int c) {
  if (ls->t.token == c) {
    lex_next(ls);
    return 1;
  }
  return 0;
}

static void check(LexState *ls, int c) {
  if (ls->t.token != c) error_expected(ls, c);
}

static void checknext(LexState *ls, int c) {
  check(ls, c);
  lex_next(ls);
}

#define check_condition(ls, c, msg) \
  { if (!(c)) lex_syntaxerror(ls, msg); }

/* Checks for the closing token `what` of a construct opened by `who` at
** line `where`. */
static void check_match(LexState *ls, int what, int who, int where) {
  if (!testnext(ls, what)) {
    if (where == ls->linenumber) {
      error_expected(ls, what);
    } else {
      lex_syntaxerror(ls, obj_pushfstring(ls->S, "%s expected (to close %s at line %d)",
                                          lex_token2str(ls, what),
                                          lex_token2str(ls, who), where));
    }
  }
}

static TString *str_checkname(LexState *ls) {
  TString *ts;
  check(ls, TK_NAME);
  ts = ls->t.seminfo.ts;
  lex_next(ls);
  return ts;
}

static void init_exp(expdesc *e, expkind k, int i) {
  e->f = e->t = NO_JUMP;
  e->k = k;
  e->u.info = i;
  e->col = 0;
}

static void codestring(expdesc *e, TString *s) {
  e->f = e->t = NO_JUMP;
  e->k = VKSTR;
  e->u.strval = s;
  e->col = 0;
}

static void codename(LexState *ls, expdesc *e) {
  codestring(e, str_checkname(ls));
}

/* ======================================================================
** Variables
** ====================================================================== */

static int registerlocalvar(LexState *ls, FuncState *fs, TString *varname) {
  Proto *f = fs->f;
  int oldsize = f->sizelocvars;
  mem_growvector(ls->S, f->locvars, fs->ndebugvars, f->sizelocvars, LocVar,
                 SHRT_MAX, "local variables");
  while (oldsize < f->sizelocvars) f->locvars[oldsize++].varname = NULL;
  f->locvars[fs->ndebugvars].varname = varname;
  f->locvars[fs->ndebugvars].startpc = fs->pc;
  f->locvars[fs->ndebugvars].endpc = fs->pc;
  return fs->ndebugvars++;
}

/* Creates a local (not yet active); returns its index in the function. */
static int new_localvar(LexState *ls, TString *name) {
  FuncState *fs = ls->fs;
  Dyndata *dyd = ls->dyd;
  Vardesc *var;
  checklimit(fs, dyd->actvar.n + 1 - fs->firstlocal, MAXVARS, "local variables");
  dyd->actvar.arr = (Vardesc *)lex_growtmp(ls, dyd->actvar.arr, dyd->actvar.n + 1,
                                          &dyd->actvar.size, sizeof(Vardesc),
                                          USHRT_MAX, "local variables");
  var = &dyd->actvar.arr[dyd->actvar.n++];
  memset(var, 0, sizeof(*var));
  var->kind = VDKREG;
  var->name = name;
  return dyd->actvar.n - 1 - fs->firstlocal;
}

#define new_localvarliteral(ls, v) new_localvar(ls, str_newlit((ls)->S, v))

static Vardesc *getlocalvardesc(FuncState *fs, int vidx) {
  return &fs->ls->dyd->actvar.arr[fs->firstlocal + vidx];
}

static LocVar *localdebuginfo(FuncState *fs, int vidx) {
  Vardesc *vd = getlocalvardesc(fs, vidx);
  if (vd->kind == RDKCTC) return NULL;
  return &fs->f->locvars[vd->pidx];
}

static void init_var(FuncState *fs, expdesc *e, int vidx) {
  e->f = e->t = NO_JUMP;
  e->k = VLOCAL;
  e->u.var.vidx = vidx;
  e->u.var.ridx = getlocalvardesc(fs, vidx)->ridx;
  e->col = 0;
}

static void check_readonly(LexState *ls, expdesc *e) {
  FuncState *fs = ls->fs;
  TString *varname = NULL;
  switch (e->k) {
    case VCONST:
      varname = ls->dyd->actvar.arr[e->u.info].name;
      break;
    case VLOCAL: {
      Vardesc *vd = getlocalvardesc(fs, e->u.var.vidx);
      if (vd->kind != VDKREG) varname = vd->name;
      break;
    }
    case VUPVAL: {
      Upvaldesc *up = &fs->f->upvalues[e->u.info];
      if (up->kind != VDKREG) varname = up->name;
      break;
    }
    default:
      return;
  }
  if (varname)
    lex_semerror(ls, obj_pushfstring(ls->S, "attempt to assign to const variable '%s'",
                                     getstr(varname)));
}

/* Activates the last `nvars` created locals. */
static void adjustlocalvars(LexState *ls, int nvars) {
  FuncState *fs = ls->fs;
  int reglevel = code_nvarstack(fs);
  int i;
  for (i = 0; i < nvars; i++) {
    int vidx = fs->nactvar++;
    Vardesc *var = getlocalvardesc(fs, vidx);
    var->ridx = cast_byte(reglevel++);
    var->pidx = (short)registerlocalvar(ls, fs, var->name);
  }
}

static void removevars(FuncState *fs, int tolevel) {
  fs->ls->dyd->actvar.n -= (fs->nactvar - tolevel);
  while (fs->nactvar > tolevel) {
    LocVar *var = localdebuginfo(fs, --fs->nactvar);
    if (var) var->endpc = fs->pc;
  }
}

static int searchupvalue(FuncState *fs, TString *name) {
  int i;
  Upvaldesc *up = fs->f->upvalues;
  for (i = 0; i < fs->nups; i++)
    if (up[i].name == name) return i;
  return -1;
}

static Upvaldesc *allocupvalue(FuncState *fs) {
  Proto *f = fs->f;
  int oldsize = f->sizeupvalues;
  checklimit(fs, fs->nups + 1, MAXUPVAL, "upvalues");
  mem_growvector(fs->ls->S, f->upvalues, fs->nups, f->sizeupvalues, Upvaldesc,
                 MAXUPVAL, "upvalues");
  while (oldsize < f->sizeupvalues) {
    f->upvalues[oldsize].name = NULL;
    f->upvalues[oldsize].instack = 0;
    f->upvalues[oldsize].idx = 0;
    f->upvalues[oldsize++].kind = 0;
  }
  return &f->upvalues[fs->nups++];
}

static int newupvalue(FuncState *fs, TString *name, expdesc *v) {
  Upvaldesc *up = allocupvalue(fs);
  FuncState *prev = fs->prev;
  if (v->k == VLOCAL) {
    up->instack = 1;
    up->idx = cast_byte(v->u.var.ridx);
    up->kind = getlocalvardesc(prev, v->u.var.vidx)->kind;
  } else {
    up->instack = 0;
    up->idx = cast_byte(v->u.info);
    up->kind = prev->f->upvalues[v->u.info].kind;
  }
  up->name = name;
  return fs->nups - 1;
}

/* Looks for an active local named n; sets var and returns its kind. */
static int searchvar(FuncState *fs, TString *n, expdesc *var) {
  int i;
  for (i = (int)fs->nactvar - 1; i >= 0; i--) {
    Vardesc *vd = getlocalvardesc(fs, i);
    if (n == vd->name) {
      if (vd->kind == RDKCTC)
        init_exp(var, VCONST, fs->firstlocal + i);
      else
        init_var(fs, var, i);
      return var->k;
    }
  }
  return -1;
}

/* Marks the block where the variable at `level` was defined as having
** an upvalue. */
static void markupval(FuncState *fs, int level) {
  BlockCnt *bl = fs->bl;
  while (bl->nactvar > level) bl = bl->previous;
  bl->upval = 1;
  fs->needclose = 1;
}

static void marktobeclosed(FuncState *fs) {
  BlockCnt *bl = fs->bl;
  bl->upval = 1;
  bl->insidetbc = 1;
  fs->needclose = 1;
}

static void singlevaraux(FuncState *fs, TString *n, expdesc *var, int base) {
  if (fs == NULL) {
    init_exp(var, VVOID, 0); /* global */
  } else {
    int v = searchvar(fs, n, var);
    if (v >= 0) {
      if (v == VLOCAL && !base) markupval(fs, var->u.var.vidx);
    } else {
      int idx = searchupvalue(fs, n);
      if (idx < 0) {
        singlevaraux(fs->prev, n, var, 0);
        if (var->k == VLOCAL || var->k == VUPVAL)
          idx = newupvalue(fs, n, var);
        else
          return; /* global or compile-time constant */
      }
      init_exp(var, VUPVAL, idx);
    }
  }
}

static void singlevar(LexState *ls, expdesc *var) {
  int col = ls->t.col;
  TString *varname = str_checkname(ls);
  FuncState *fs = ls->fs;
  singlevaraux(fs, varname, var, 1);
  if (var->k == VVOID) { /* global: _ENV[varname] */
    expdesc key;
    singlevaraux(fs, ls->envn, var, 1);
    vm_assert(var->k != VVOID);
    code_exp2anyregup(fs, var);
    codestring(&key, varname);
    code_indexed(fs, var, &key);
  }
  var->col = col;
}

/* Adjusts the values of an explist (nexps, last one e) to nvars. */
static void adjust_assign(LexState *ls, int nvars, int nexps, expdesc *e) {
  FuncState *fs = ls->fs;
  int needed = nvars - nexps;
  if (hasmultret(e->k)) {
    int extra = needed + 1;
    if (extra < 0) extra = 0;
    code_setreturns(fs, e, extra);
  } else {
    if (e->k != VVOID) code_exp2nextreg(fs, e);
    if (needed > 0) code_nil(fs, fs->freereg, needed);
  }
  if (needed > 0)
    code_reserveregs(fs, needed);
  else
    fs->freereg = cast_byte(fs->freereg + needed);
}

/* ======================================================================
** Gotos and labels
** ====================================================================== */

static void jumpscopeerror(LexState *ls, Labeldesc *gt) __attribute__((noreturn));
static void jumpscopeerror(LexState *ls, Labeldesc *gt) {
  const char *varname = getstr(getlocalvardesc(ls->fs, gt->nactvar)->name);
  lex_semerror(ls, obj_pushfstring(ls->S,
                                   "<goto %s> at line %d jumps into the scope of local '%s'",
                                   getstr(gt->name), gt->line, varname));
}

/* Resolves pending goto g to label and removes it from the list. */
static void solvegoto(LexState *ls, int g, Labeldesc *label) {
  int i;
  Labellist *gl = &ls->dyd->gt;
  Labeldesc *gt = &gl->arr[g];
  if (gt->nactvar < label->nactvar) jumpscopeerror(ls, gt);
  code_patchlist(ls->fs, gt->pc, label->pc);
  for (i = g; i < gl->n - 1; i++) gl->arr[i] = gl->arr[i + 1];
  gl->n--;
}

static Labeldesc *findlabel(LexState *ls, TString *name) {
  int i;
  Dyndata *dyd = ls->dyd;
  for (i = ls->fs->firstlabel; i < dyd->label.n; i++) {
    Labeldesc *lb = &dyd->label.arr[i];
    if (lb->name == name) return lb;
  }
  return NULL;
}

static int newlabelentry(LexState *ls, Labellist *l, TString *name, int line, int pc) {
  int n = l->n;
  l->arr = (Labeldesc *)lex_growtmp(ls, l->arr, n, &l->size, sizeof(Labeldesc),
                                    SHRT_MAX, "labels/gotos");
  l->arr[n].name = name;
  l->arr[n].line = line;
  l->arr[n].nactvar = ls->fs->nactvar;
  l->arr[n].close = 0;
  l->arr[n].pc = pc;
  l->n = n + 1;
  return n;
}

static int newgotoentry(LexState *ls, TString *name, int line, int pc) {
  return newlabelentry(ls, &ls->dyd->gt, name, line, pc);
}

/* Resolves the pending gotos of the current block to label lb. Returns
** whether some of them needs to close upvalues. */
static int solvegotos(LexState *ls, Labeldesc *lb) {
  Labellist *gl = &ls->dyd->gt;
  int i = ls->fs->bl->firstgoto;
  int needsclose = 0;
  while (i < gl->n) {
    if (gl->arr[i].name == lb->name) {
      needsclose |= gl->arr[i].close;
      solvegoto(ls, i, lb);
    } else {
      i++;
    }
  }
  return needsclose;
}

/* Creates a label at the current position; `last` says it is the last
** statement of its block (so the block's locals are already dead). */
static int createlabel(LexState *ls, TString *name, int line, int last) {
  FuncState *fs = ls->fs;
  Labellist *ll = &ls->dyd->label;
  int l = newlabelentry(ls, ll, name, line, code_getlabel(fs));
  if (last) ll->arr[l].nactvar = fs->bl->nactvar;
  if (solvegotos(ls, &ll->arr[l])) {
    code_ABC(fs, OP_CLOSE, code_nvarstack(fs), 0, 0);
    return 1;
  }
  return 0;
}

/* Moves the pending gotos of a block being closed to the outer block. */
static void movegotosout(FuncState *fs, BlockCnt *bl) {
  int i;
  Labellist *gl = &fs->ls->dyd->gt;
  for (i = bl->firstgoto; i < gl->n; i++) {
    Labeldesc *gt = &gl->arr[i];
    if (code_reglevel(fs, gt->nactvar) > code_reglevel(fs, bl->nactvar))
      gt->close |= bl->upval;
    gt->nactvar = bl->nactvar;
  }
}

static void enterblock(FuncState *fs, BlockCnt *bl, uint8_t isloop) {
  bl->isloop = isloop;
  bl->nactvar = fs->nactvar;
  bl->firstlabel = fs->ls->dyd->label.n;
  bl->firstgoto = fs->ls->dyd->gt.n;
  bl->upval = 0;
  bl->insidetbc = (fs->bl != NULL && fs->bl->insidetbc);
  bl->previous = fs->bl;
  fs->bl = bl;
}

static void undefgoto(LexState *ls, Labeldesc *gt) __attribute__((noreturn));
static void undefgoto(LexState *ls, Labeldesc *gt) {
  const char *msg;
  if (gt->name == ls->brkn)
    msg = obj_pushfstring(ls->S, "break outside loop at line %d", gt->line);
  else
    msg = obj_pushfstring(ls->S, "no visible label '%s' for <goto> at line %d",
                          getstr(gt->name), gt->line);
  lex_semerror(ls, msg);
}

static void leaveblock(FuncState *fs) {
  BlockCnt *bl = fs->bl;
  LexState *ls = fs->ls;
  int hasclose = 0;
  int stklevel = code_reglevel(fs, bl->nactvar);
  if (bl->isloop) hasclose = createlabel(ls, ls->brkn, 0, 0);
  if (!hasclose && bl->previous && bl->upval)
    code_ABC(fs, OP_CLOSE, stklevel, 0, 0);
  fs->freereg = cast_byte(stklevel);
  removevars(fs, bl->nactvar);
  ls->dyd->label.n = bl->firstlabel;
  fs->bl = bl->previous;
  if (bl->previous) {
    movegotosout(fs, bl);
  } else if (bl->firstgoto < ls->dyd->gt.n) {
    undefgoto(ls, &ls->dyd->gt.arr[bl->firstgoto]);
  }
}

/* ======================================================================
** Functions
** ====================================================================== */

static Proto *addprototype(LexState *ls) {
  Proto *clp;
  vm_State *S = ls->S;
  FuncState *fs = ls->fs;
  Proto *f = fs->f;
  if (fs->np >= f->sizep) {
    int oldsize = f->sizep;
    mem_growvector(S, f->p, fs->np, f->sizep, Proto *, MAXARG_Bx, "functions");
    while (oldsize < f->sizep) f->p[oldsize++] = NULL;
  }
  clp = func_newproto(S);
  f->p[fs->np++] = clp;
  return clp;
}

static void codeclosure(LexState *ls, expdesc *v) {
  FuncState *fs = ls->fs->prev;
  init_exp(v, VRELOC, code_ABx(fs, OP_CLOSURE, 0, (unsigned int)(fs->np - 1)));
  code_exp2nextreg(fs, v);
}

static void open_func(LexState *ls, FuncState *fs, BlockCnt *bl) {
  Proto *f = fs->f;
  fs->prev = ls->fs;
  fs->ls = ls;
  ls->fs = fs;
  fs->pc = 0;
  fs->lasttarget = 0;
  fs->freereg = 0;
  fs->nk = 0;
  fs->np = 0;
  fs->nups = 0;
  fs->ndebugvars = 0;
  fs->nactvar = 0;
  fs->needclose = 0;
  fs->firstlocal = ls->dyd->actvar.n;
  fs->firstlabel = ls->dyd->label.n;
  fs->bl = NULL;
  f->source = ls->source;
  f->maxstacksize = 2; /* registers 0/1 are always valid */
  enterblock(fs, bl, 0);
}

/* Shrinks the code arrays (which share sizecode) to n entries. */
static void shrinkcode(vm_State *S, Proto *f, int n) {
  int old = f->sizecode;
  f->code = (Instruction *)mem_realloc(S, f->code, (size_t)old * sizeof(Instruction),
                                       (size_t)n * sizeof(Instruction));
  f->lineinfo = (int *)mem_realloc(S, f->lineinfo, (size_t)old * sizeof(int),
                                   (size_t)n * sizeof(int));
  f->colinfo = (int *)mem_realloc(S, f->colinfo, (size_t)old * sizeof(int),
                                  (size_t)n * sizeof(int));
  f->sizecode = n;
}

static void close_func(LexState *ls) {
  vm_State *S = ls->S;
  FuncState *fs = ls->fs;
  Proto *f = fs->f;
  code_ret(fs, code_nvarstack(fs), 0); /* final return */
  leaveblock(fs);
  code_finish(fs);
  shrinkcode(S, f, fs->pc);
  mem_shrinkvec(S, f->k, f->sizek, fs->nk, TValue);
  mem_shrinkvec(S, f->p, f->sizep, fs->np, Proto *);
  mem_shrinkvec(S, f->locvars, f->sizelocvars, fs->ndebugvars, LocVar);
  mem_shrinkvec(S, f->upvalues, f->sizeupvalues, fs->nups, Upvaldesc);
  ls->fs = fs->prev;
}

/* ======================================================================
** Grammar rules
** ====================================================================== */

static int block_follow(LexState *ls, int withuntil) {
  switch (ls->t.token) {
    case TK_ELSE: case TK_ELSEIF: case TK_END: case TK_EOS:
      return 1;
    case TK_UNTIL:
      return withuntil;
    default:
      return 0;
  }
}

static void statlist(LexState *ls) {
  while (!block_follow(ls, 1)) {
    if (ls->t.token == TK_RETURN) {
      statement(ls);
      return; /* 'return' must be the last statement */
    }
    statement(ls);
  }
}

/* fieldsel -> ['.' | ':'] NAME */
static void fieldsel(LexState *ls, expdesc *v) {
  FuncState *fs = ls->fs;
  expdesc key;
  int col = ls->t.col;
  code_exp2anyregup(fs, v);
  lex_next(ls); /* '.' or ':' */
  codename(ls, &key);
  code_indexed(fs, v, &key);
  v->col = col;
}

/* index -> '[' expr ']' */
static void yindex(LexState *ls, expdesc *v) {
  lex_next(ls);
  expr(ls, v);
  code_exp2val(ls->fs, v);
  checknext(ls, ']');
}

/* ---- table constructors ---- */

typedef struct ConsControl {
  expdesc v;   /* last list item read */
  expdesc *t;  /* table descriptor */
  int nh;      /* number of record elements */
  int na;      /* number of array elements already stored */
  int tostore; /* number of array elements pending */
} ConsControl;

/* recfield -> (NAME | '['exp']') = exp */
static void recfield(LexState *ls, ConsControl *cc) {
  FuncState *fs = ls->fs;
  int reg = fs->freereg;
  expdesc tab, key, val;
  int col = ls->t.col;
  if (ls->t.token == TK_NAME) {
    checklimit(fs, cc->nh, INT_MAX, "items in a constructor");
    codename(ls, &key);
  } else {
    yindex(ls, &key);
  }
  cc->nh++;
  checknext(ls, '=');
  tab = *cc->t;
  code_indexed(fs, &tab, &key);
  tab.col = col;
  expr(ls, &val);
  code_storevar(fs, &tab, &val);
  fs->freereg = cast_byte(reg);
}

static void closelistfield(FuncState *fs, ConsControl *cc) {
  if (cc->v.k == VVOID) return;
  code_exp2nextreg(fs, &cc->v);
  cc->v.k = VVOID;
  if (cc->tostore == LFIELDS_PER_FLUSH) {
    code_setlist(fs, cc->t->u.info, cc->na, cc->tostore);
    cc->na += cc->tostore;
    cc->tostore = 0;
  }
}

static void lastlistfield(FuncState *fs, ConsControl *cc) {
  if (cc->tostore == 0) return;
  if (hasmultret(cc->v.k)) {
    code_setmultret(fs, &cc->v);
    code_setlist(fs, cc->t->u.info, cc->na, MULTRET);
    cc->na--; /* the open item is not counted */
  } else {
    if (cc->v.k != VVOID) code_exp2nextreg(fs, &cc->v);
    code_setlist(fs, cc->t->u.info, cc->na, cc->tostore);
  }
  cc->na += cc->tostore;
}

static void listfield(LexState *ls, ConsControl *cc) {
  expr(ls, &cc->v);
  cc->tostore++;
}

static void field(LexState *ls, ConsControl *cc) {
  switch (ls->t.token) {
    case TK_NAME:
      if (lex_lookahead(ls) != '=')
        listfield(ls, cc);
      else
        recfield(ls, cc);
      break;
    case '[':
      recfield(ls, cc);
      break;
    default:
      listfield(ls, cc);
      break;
  }
}

/* constructor -> '{' [ field { sep field } [sep] ] '}'   sep -> ',' | ';' */
static void constructor(LexState *ls, expdesc *t) {
  FuncState *fs = ls->fs;
  int line = ls->linenumber;
  int col = ls->t.col; /* the '{' */
  int pc = code_ABC(fs, OP_NEWTABLE, 0, 0, 0);
  ConsControl cc;
  code_fixcol(fs, col);
  code_code(fs, 0); /* space for EXTRAARG */
  code_fixcol(fs, col);
  cc.na = cc.nh = cc.tostore = 0;
  cc.t = t;
  init_exp(t, VNONRELOC, fs->freereg);
  code_reserveregs(fs, 1);
  init_exp(&cc.v, VVOID, 0);
  checknext(ls, '{');
  do {
    if (ls->t.token == '}') break;
    closelistfield(fs, &cc);
    field(ls, &cc);
  } while (testnext(ls, ',') || testnext(ls, ';'));
  check_match(ls, '}', '{', line);
  lastlistfield(fs, &cc);
  code_settablesize(fs, pc, t->u.info, cc.na, cc.nh);
}

static void setvararg(FuncState *fs, int nparams) {
  fs->f->is_vararg = 1;
  code_ABC(fs, OP_VARARGPREP, nparams, 0, 0);
}

/* parlist -> [ {NAME ','} (NAME | '...') ] */
static void parlist(LexState *ls) {
  FuncState *fs = ls->fs;
  Proto *f = fs->f;
  int nparams = 0;
  int isvararg = 0;
  if (ls->t.token != ')') {
    do {
      switch (ls->t.token) {
        case TK_NAME:
          new_localvar(ls, str_checkname(ls));
          nparams++;
          break;
        case TK_DOTS:
          lex_next(ls);
          isvararg = 1;
          break;
        default:
          lex_syntaxerror(ls, "<name> or '...' expected");
      }
    } while (!isvararg && testnext(ls, ','));
  }
  adjustlocalvars(ls, nparams);
  f->numparams = cast_byte(fs->nactvar);
  if (isvararg) setvararg(fs, f->numparams);
  code_reserveregs(fs, fs->nactvar);
}

/* body -> '(' parlist ')' block END */
static void body(LexState *ls, expdesc *e, int ismethod, int line) {
  FuncState new_fs;
  BlockCnt bl;
  new_fs.f = addprototype(ls);
  new_fs.f->linedefined = line;
  open_func(ls, &new_fs, &bl);
  if (ismethod) {
    new_localvarliteral(ls, "self");
    adjustlocalvars(ls, 1);
  }
  checknext(ls, '(');
  parlist(ls);
  checknext(ls, ')');
  statlist(ls);
  new_fs.f->lastlinedefined = ls->linenumber;
  check_match(ls, TK_END, TK_FUNCTION, line);
  codeclosure(ls, e);
  close_func(ls);
}

/* explist -> expr { ',' expr } */
static int explist(LexState *ls, expdesc *v) {
  int n = 1;
  expr(ls, v);
  while (testnext(ls, ',')) {
    code_exp2nextreg(ls->fs, v);
    expr(ls, v);
    n++;
  }
  return n;
}

static void funcargs(LexState *ls, expdesc *f, int line) {
  FuncState *fs = ls->fs;
  expdesc args;
  int base, nparams;
  int col = ls->t.col;
  switch (ls->t.token) {
    case '(':
      lex_next(ls);
      if (ls->t.token == ')') {
        init_exp(&args, VVOID, 0);
      } else {
        explist(ls, &args);
        if (hasmultret(args.k)) code_setmultret(fs, &args);
      }
      check_match(ls, ')', '(', line);
      break;
    case '{':
      constructor(ls, &args);
      break;
    case TK_STRING:
      codestring(&args, ls->t.seminfo.ts);
      lex_next(ls);
      break;
    default:
      lex_syntaxerror(ls, "function arguments expected");
  }
  base = f->u.info;
  if (hasmultret(args.k)) {
    nparams = MULTRET;
  } else {
    if (args.k != VVOID) code_exp2nextreg(fs, &args);
    nparams = fs->freereg - (base + 1);
  }
  init_exp(f, VCALL, code_ABC(fs, OP_CALL, base, nparams + 1, 2));
  code_fixline(fs, line);
  code_fixcol(fs, col);
  fs->freereg = cast_byte(base + 1);
}

/* primaryexp -> NAME | '(' expr ')' */
static void primaryexp(LexState *ls, expdesc *v) {
  switch (ls->t.token) {
    case '(': {
      int line = ls->linenumber;
      lex_next(ls);
      expr(ls, v);
      check_match(ls, ')', '(', line);
      code_dischargevars(ls->fs, v);
      return;
    }
    case TK_NAME:
      singlevar(ls, v);
      return;
    default:
      lex_syntaxerror(ls, "unexpected symbol");
  }
}

/* suffixedexp -> primaryexp { '.' NAME | '[' exp ']' | ':' NAME funcargs | funcargs } */
static void suffixedexp(LexState *ls, expdesc *v) {
  FuncState *fs = ls->fs;
  int line = ls->linenumber;
  primaryexp(ls, v);
  for (;;) {
    switch (ls->t.token) {
      case '.':
        fieldsel(ls, v);
        break;
      case '[': {
        expdesc key;
        int col = ls->t.col;
        code_exp2anyregup(fs, v);
        yindex(ls, &key);
        code_indexed(fs, v, &key);
        v->col = col;
        break;
      }
      case ':': {
        expdesc key;
        int col = ls->t.col;
        lex_next(ls);
        codename(ls, &key);
        code_self(fs, v, &key);
        code_fixcol(fs, col);
        funcargs(ls, v, line);
        break;
      }
      case '(': case TK_STRING: case '{':
        code_exp2nextreg(fs, v);
        funcargs(ls, v, line);
        break;
      default:
        return;
    }
  }
}

/* simpleexp -> FLT | INT | STRING | NIL | TRUE | FALSE | ... |
**              constructor | FUNCTION body | suffixedexp */
static void simpleexp(LexState *ls, expdesc *v) {
  switch (ls->t.token) {
    case TK_FLT:
      init_exp(v, VKFLT, 0);
      v->u.nval = ls->t.seminfo.r;
      break;
    case TK_INT:
      init_exp(v, VKINT, 0);
      v->u.ival = ls->t.seminfo.i;
      break;
    case TK_STRING:
      codestring(v, ls->t.seminfo.ts);
      break;
    case TK_NIL:
      init_exp(v, VNIL, 0);
      break;
    case TK_TRUE:
      init_exp(v, VTRUE, 0);
      break;
    case TK_FALSE:
      init_exp(v, VFALSE, 0);
      break;
    case TK_DOTS: {
      FuncState *fs = ls->fs;
      check_condition(ls, fs->f->is_vararg, "cannot use '...' outside a vararg function");
      init_exp(v, VVARARG, code_ABC(fs, OP_VARARG, 0, 0, 1));
      code_fixcol(fs, ls->t.col);
      break;
    }
    case '{':
      constructor(ls, v);
      return;
    case TK_FUNCTION:
      lex_next(ls);
      body(ls, v, 0, ls->linenumber);
      return;
    default:
      suffixedexp(ls, v);
      return;
  }
  lex_next(ls);
}

static UnOpr getunopr(int op) {
  switch (op) {
    case TK_NOT: return OPR_NOT;
    case '-': return OPR_MINUS;
    case '~': return OPR_BNOT;
    case '#': return OPR_LEN;
    default: return OPR_NOUNOPR;
  }
}

static BinOpr getbinopr(int op) {
  switch (op) {
    case '+': return OPR_ADD;
    case '-': return OPR_SUB;
    case '*': return OPR_MUL;
    case '%': return OPR_MOD;
    case '^': return OPR_POW;
    case '/': return OPR_DIV;
    case TK_IDIV: return OPR_IDIV;
    case '&': return OPR_BAND;
    case '|': return OPR_BOR;
    case '~': return OPR_BXOR;
    case TK_SHL: return OPR_SHL;
    case TK_SHR: return OPR_SHR;
    case TK_CONCAT: return OPR_CONCAT;
    case TK_NE: return OPR_NE;
    case TK_EQ: return OPR_EQ;
    case '<': return OPR_LT;
    case TK_LE: return OPR_LE;
    case '>': return OPR_GT;
    case TK_GE: return OPR_GE;
    case TK_AND: return OPR_AND;
    case TK_OR: return OPR_OR;
    default: return OPR_NOBINOPR;
  }
}

/* Left and right priorities of the binary operators. ORDER OPR */
static const struct {
  uint8_t left, right;
} priority[] = {
  {10, 10}, {10, 10},         /* + - */
  {11, 11}, {11, 11},         /* * % */
  {14, 13},                   /* ^ (right associative) */
  {11, 11}, {11, 11},         /* / // */
  {6, 6}, {4, 4}, {5, 5},     /* & | ~ */
  {7, 7}, {7, 7},             /* << >> */
  {9, 8},                     /* .. (right associative) */
  {3, 3}, {3, 3}, {3, 3},     /* == < <= */
  {3, 3}, {3, 3}, {3, 3},     /* ~= > >= */
  {2, 2}, {1, 1}              /* and or */
};

#define UNARY_PRIORITY 12

/* subexpr -> (simpleexp | unop subexpr) { binop subexpr }, reading only
** operators whose left priority is above `limit`. Returns the first
** operator not consumed. */
static BinOpr subexpr(LexState *ls, expdesc *v, int limit) {
  BinOpr op;
  UnOpr uop;
  enterlevel(ls);
  uop = getunopr(ls->t.token);
  if (uop != OPR_NOUNOPR) {
    int line = ls->linenumber;
    int col = ls->t.col;
    lex_next(ls);
    subexpr(ls, v, UNARY_PRIORITY);
    code_prefix(ls->fs, uop, v, line, col);
  } else {
    simpleexp(ls, v);
  }
  op = getbinopr(ls->t.token);
  while (op != OPR_NOBINOPR && priority[op].left > limit) {
    expdesc v2;
    BinOpr nextop;
    int line = ls->linenumber;
    int col = ls->t.col;
    lex_next(ls);
    code_infix(ls->fs, op, v);
    nextop = subexpr(ls, &v2, priority[op].right);
    code_posfix(ls->fs, op, v, &v2, line, col);
    op = nextop;
  }
  leavelevel(ls);
  return op;
}

static void expr(LexState *ls, expdesc *v) {
  subexpr(ls, v, 0);
}

/* ======================================================================
** Statements
** ====================================================================== */

static void block(LexState *ls) {
  FuncState *fs = ls->fs;
  BlockCnt bl;
  enterblock(fs, &bl, 0);
  statlist(ls);
  leaveblock(fs);
}

/* Chain of the variables on the left side of a multiple assignment. */
struct LHS_assign {
  struct LHS_assign *prev;
  expdesc v;
};

/* When a local/upvalue being assigned is the table or index of an
** earlier (indexed) target of the same assignment, copies it to a
** temporary that the earlier target then uses. */
static void check_conflict(LexState *ls, struct LHS_assign *lh, expdesc *v) {
  FuncState *fs = ls->fs;
  int extra = fs->freereg;
  int conflict = 0;
  for (; lh; lh = lh->prev) {
    if (vkisindexed(lh->v.k)) {
      if (lh->v.k == VINDEXUP) {
        if (v->k == VUPVAL && lh->v.u.ind.t == v->u.info) {
          conflict = 1;
          lh->v.k = VINDEXSTR;
          lh->v.u.ind.t = extra;
        }
      } else {
        if (v->k == VLOCAL && lh->v.u.ind.t == v->u.var.ridx) {
          conflict = 1;
          lh->v.u.ind.t = extra;
        }
        if (lh->v.k == VINDEXED && v->k == VLOCAL && lh->v.u.ind.idx == v->u.var.ridx) {
          conflict = 1;
          lh->v.u.ind.idx = extra;
        }
      }
    }
  }
  if (conflict) {
    if (v->k == VLOCAL)
      code_ABC(fs, OP_MOVE, extra, v->u.var.ridx, 0);
    else
      code_ABC(fs, OP_GETUPVAL, extra, v->u.info, 0);
    code_reserveregs(fs, 1);
  }
}

/* restassign -> ',' suffixedexp restassign | '=' explist */
static void restassign(LexState *ls, struct LHS_assign *lh, int nvars) {
  expdesc e;
  check_condition(ls, vkisvar(lh->v.k), "syntax error");
  check_readonly(ls, &lh->v);
  if (testnext(ls, ',')) {
    struct LHS_assign nv;
    nv.prev = lh;
    suffixedexp(ls, &nv.v);
    if (!vkisindexed(nv.v.k)) check_conflict(ls, lh, &nv.v);
    enterlevel(ls);
    restassign(ls, &nv, nvars + 1);
    leavelevel(ls);
  } else {
    int nexps;
    checknext(ls, '=');
    nexps = explist(ls, &e);
    if (nexps != nvars) {
      adjust_assign(ls, nvars, nexps, &e);
    } else {
      code_setoneret(ls->fs, &e);
      code_storevar(ls->fs, &lh->v, &e);
      return;
    }
  }
  init_exp(&e, VNONRELOC, ls->fs->freereg - 1); /* default assignment */
  code_storevar(ls->fs, &lh->v, &e);
}

/* cond -> exp; returns the false exit list */
static int cond(LexState *ls) {
  expdesc v;
  expr(ls, &v);
  if (v.k == VNIL) v.k = VFALSE;
  code_goiftrue(ls->fs, &v);
  return v.f;
}

static void gotostat(LexState *ls) {
  FuncState *fs = ls->fs;
  int line = ls->linenumber;
  TString *name = str_checkname(ls);
  Labeldesc *lb = findlabel(ls, name);
  if (lb == NULL) {
    /* forward jump: resolved when the label is declared */
    newgotoentry(ls, name, line, code_jump(fs));
  } else {
    /* backward jump: resolved here */
    int lblevel = code_reglevel(fs, lb->nactvar);
    if (code_nvarstack(fs) > lblevel) code_ABC(fs, OP_CLOSE, lblevel, 0, 0);
    code_patchlist(fs, code_jump(fs), lb->pc);
  }
}

/* break is "goto break" */
static void breakstat(LexState *ls) {
  int line = ls->linenumber;
  lex_next(ls);
  newgotoentry(ls, ls->brkn, line, code_jump(ls->fs));
}

static void checkrepeated(LexState *ls, TString *name) {
  Labeldesc *lb = findlabel(ls, name);
  if (lb != NULL)
    lex_semerror(ls, obj_pushfstring(ls->S, "label '%s' already defined on line %d",
                                     getstr(name), lb->line));
}

static void labelstat(LexState *ls, TString *name, int line) {
  checknext(ls, TK_DBCOLON);
  while (ls->t.token == ';' || ls->t.token == TK_DBCOLON)
    statement(ls); /* skip other no-op statements */
  checkrepeated(ls, name);
  createlabel(ls, name, line, block_follow(ls, 0));
}

/* whilestat -> WHILE cond DO block END */
static void whilestat(LexState *ls, int line) {
  FuncState *fs = ls->fs;
  int whileinit, condexit;
  BlockCnt bl;
  lex_next(ls);
  whileinit = code_getlabel(fs);
  condexit = cond(ls);
  enterblock(fs, &bl, 1);
  checknext(ls, TK_DO);
  block(ls);
  code_jumpto(fs, whileinit);
  check_match(ls, TK_END, TK_WHILE, line);
  leaveblock(fs);
  code_patchtohere(fs, condexit);
}

/* repeatstat -> REPEAT block UNTIL cond */
static void repeatstat(LexState *ls, int line) {
  int condexit;
  FuncState *fs = ls->fs;
  int repeat_init = code_getlabel(fs);
  BlockCnt bl1, bl2;
  enterblock(fs, &bl1, 1); /* loop block */
  enterblock(fs, &bl2, 0); /* scope block */
  lex_next(ls);
  statlist(ls);
  check_match(ls, TK_UNTIL, TK_REPEAT, line);
  condexit = cond(ls); /* the condition sees the body's locals */
  leaveblock(fs);
  if (bl2.upval) { /* the repetition must close upvalues */
    int exit = code_jump(fs);
    code_patchtohere(fs, condexit);
    code_ABC(fs, OP_CLOSE, code_reglevel(fs, bl2.nactvar), 0, 0);
    condexit = code_jump(fs);
    code_patchtohere(fs, exit);
  }
  code_patchlist(fs, condexit, repeat_init);
  leaveblock(fs);
}

/* Reads an expression into the next register. */
static void exp1(LexState *ls) {
  expdesc e;
  expr(ls, &e);
  code_exp2nextreg(ls->fs, &e);
}

/* Fixes the Bx jump of a for instruction at pc to dest. */
static void fixforjump(FuncState *fs, int pc, int dest, int back) {
  Instruction *jmp = &fs->f->code[pc];
  int offset = dest - (pc + 1);
  if (back) offset = -offset;
  if (offset > MAXARG_Bx) lex_syntaxerror(fs->ls, "control structure too long");
  SETARG_Bx(*jmp, offset);
}

/* forbody -> DO block */
static void forbody(LexState *ls, int base, int line, int nvars, int isgen, int col) {
  static const OpCode forprep[2] = {OP_FORPREP, OP_TFORPREP};
  static const OpCode forloop[2] = {OP_FORLOOP, OP_TFORLOOP};
  BlockCnt bl;
  FuncState *fs = ls->fs;
  int prep, endfor;
  checknext(ls, TK_DO);
  prep = code_ABx(fs, forprep[isgen], base, 0);
  code_fixcol(fs, col);
  enterblock(fs, &bl, 0);
  adjustlocalvars(ls, nvars);
  code_reserveregs(fs, nvars);
  block(ls);
  leaveblock(fs);
  fixforjump(fs, prep, code_getlabel(fs), 0);
  if (isgen) {
    code_ABC(fs, OP_TFORCALL, base, 0, nvars);
    code_fixline(fs, line);
    code_fixcol(fs, col);
  }
  endfor = code_ABx(fs, forloop[isgen], base, 0);
  fixforjump(fs, endfor, prep + 1, 1);
  code_fixline(fs, line);
  code_fixcol(fs, col);
}

/* fornum -> NAME = exp,exp[,exp] forbody */
static void fornum(LexState *ls, TString *varname, int line, int col) {
  FuncState *fs = ls->fs;
  int base = fs->freereg;
  new_localvarliteral(ls, "(for state)");
  new_localvarliteral(ls, "(for state)");
  new_localvarliteral(ls, "(for state)");
  new_localvar(ls, varname);
  checknext(ls, '=');
  exp1(ls); /* initial value */
  checknext(ls, ',');
  exp1(ls); /* limit */
  if (testnext(ls, ',')) {
    exp1(ls); /* step */
  } else {
    code_int(fs, fs->freereg, 1);
    code_reserveregs(fs, 1);
  }
  adjustlocalvars(ls, 3);
  forbody(ls, base, line, 1, 0, col);
}

/* forlist -> NAME {,NAME} IN explist forbody */
static void forlist(LexState *ls, TString *indexname) {
  FuncState *fs = ls->fs;
  expdesc e;
  int nvars = 5; /* generator, state, control, closing, indexname */
  int line, col;
  int base = fs->freereg;
  new_localvarliteral(ls, "(for state)");
  new_localvarliteral(ls, "(for state)");
  new_localvarliteral(ls, "(for state)");
  new_localvarliteral(ls, "(for state)");
  new_localvar(ls, indexname);
  while (testnext(ls, ',')) {
    new_localvar(ls, str_checkname(ls));
    nvars++;
  }
  checknext(ls, TK_IN);
  line = ls->linenumber;
  col = ls->t.col;
  adjust_assign(ls, 4, explist(ls, &e), &e);
  adjustlocalvars(ls, 4);
  marktobeclosed(fs); /* the closing value must be closed */
  code_checkstack(fs, 3); /* room to call the generator */
  forbody(ls, base, line, nvars - 4, 1, col);
}

/* forstat -> FOR (fornum | forlist) END */
static void forstat(LexState *ls, int line) {
  FuncState *fs = ls->fs;
  TString *varname;
  BlockCnt bl;
  int col = ls->t.col;
  enterblock(fs, &bl, 1);
  lex_next(ls);
  varname = str_checkname(ls);
  switch (ls->t.token) {
    case '=':
      fornum(ls, varname, line, col);
      break;
    case ',': case TK_IN:
      forlist(ls, varname);
      break;
    default:
      lex_syntaxerror(ls, "'=' or 'in' expected");
  }
  check_match(ls, TK_END, TK_FOR, line);
  leaveblock(fs);
}

/* test_then_block -> [IF | ELSEIF] cond THEN block */
static void test_then_block(LexState *ls, int *escapelist) {
  BlockCnt bl;
  FuncState *fs = ls->fs;
  expdesc v;
  int jf;
  lex_next(ls);
  expr(ls, &v);
  checknext(ls, TK_THEN);
  if (ls->t.token == TK_BREAK) { /* 'if x then break' */
    int line = ls->linenumber;
    code_goiffalse(ls->fs, &v);
    lex_next(ls);
    enterblock(fs, &bl, 0);
    newgotoentry(ls, ls->brkn, line, v.t);
    while (testnext(ls, ';')) {
    }
    if (block_follow(ls, 0)) {
      leaveblock(fs);
      return;
    }
    jf = code_jump(fs);
  } else {
    code_goiftrue(ls->fs, &v);
    enterblock(fs, &bl, 0);
    jf = v.f;
  }
  statlist(ls);
  leaveblock(fs);
  if (ls->t.token == TK_ELSE || ls->t.token == TK_ELSEIF)
    code_concat(fs, escapelist, code_jump(fs));
  code_patchtohere(fs, jf);
}

/* ifstat -> IF cond THEN block {ELSEIF cond THEN block} [ELSE block] END */
static void ifstat(LexState *ls, int line) {
  int escapelist = NO_JUMP;
  test_then_block(ls, &escapelist);
  while (ls->t.token == TK_ELSEIF) test_then_block(ls, &escapelist);
  if (testnext(ls, TK_ELSE)) block(ls);
  check_match(ls, TK_END, TK_IF, line);
  code_patchtohere(ls->fs, escapelist);
}

static void localfunc(LexState *ls) {
  expdesc b;
  FuncState *fs = ls->fs;
  int fvar = fs->nactvar;
  new_localvar(ls, str_checkname(ls));
  adjustlocalvars(ls, 1);
  body(ls, &b, 0, ls->linenumber);
  /* the debug information sees the variable only from here */
  localdebuginfo(fs, fvar)->startpc = fs->pc;
}

/* ATTRIB -> ['<' Name '>'] */
static int getlocalattribute(LexState *ls) {
  if (testnext(ls, '<')) {
    const char *attr = getstr(str_checkname(ls));
    checknext(ls, '>');
    if (strcmp(attr, "const") == 0) return RDKCONST;
    if (strcmp(attr, "close") == 0) return RDKTOCLOSE;
    lex_semerror(ls, obj_pushfstring(ls->S, "unknown attribute '%s'", attr));
  }
  return VDKREG;
}

static void checktoclose(FuncState *fs, int level) {
  if (level != -1) {
    marktobeclosed(fs);
    code_ABC(fs, OP_TBC, code_reglevel(fs, level), 0, 0);
  }
}

/* localstat -> LOCAL NAME ATTRIB { ',' NAME ATTRIB } ['=' explist] */
static void localstat(LexState *ls) {
  FuncState *fs = ls->fs;
  int toclose = -1;
  Vardesc *var;
  int vidx, kind;
  int nvars = 0;
  int nexps;
  expdesc e;
  do {
    vidx = new_localvar(ls, str_checkname(ls));
    kind = getlocalattribute(ls);
    getlocalvardesc(fs, vidx)->kind = cast_byte(kind);
    if (kind == RDKTOCLOSE) {
      if (toclose != -1)
        lex_semerror(ls, "multiple to-be-closed variables in local list");
      toclose = fs->nactvar + nvars;
    }
    nvars++;
  } while (testnext(ls, ','));
  if (testnext(ls, '=')) {
    nexps = explist(ls, &e);
  } else {
    init_exp(&e, VVOID, 0);
    nexps = 0;
  }
  var = getlocalvardesc(fs, vidx);
  if (nvars == nexps && var->kind == RDKCONST && code_exp2const(fs, &e, &var->k)) {
    var->kind = RDKCTC; /* compile-time constant: no register */
    adjustlocalvars(ls, nvars - 1);
    fs->nactvar++;
  } else {
    adjust_assign(ls, nvars, nexps, &e);
    adjustlocalvars(ls, nvars);
  }
  checktoclose(fs, toclose);
}

/* funcname -> NAME {fieldsel} [':' NAME] */
static int funcname(LexState *ls, expdesc *v) {
  int ismethod = 0;
  singlevar(ls, v);
  while (ls->t.token == '.') fieldsel(ls, v);
  if (ls->t.token == ':') {
    ismethod = 1;
    fieldsel(ls, v);
  }
  return ismethod;
}

/* funcstat -> FUNCTION funcname body */
static void funcstat(LexState *ls, int line) {
  int ismethod;
  expdesc v, b;
  lex_next(ls);
  ismethod = funcname(ls, &v);
  body(ls, &b, ismethod, line);
  check_readonly(ls, &v);
  code_storevar(ls->fs, &v, &b);
  code_fixline(ls->fs, line); /* the definition "happens" at the first line */
}

/* stat -> func | assignment */
static void exprstat(LexState *ls) {
  FuncState *fs = ls->fs;
  struct LHS_assign v;
  suffixedexp(ls, &v.v);
  if (ls->t.token == '=' || ls->t.token == ',') {
    v.prev = NULL;
    restassign(ls, &v, 1);
  } else {
    Instruction *inst;
    check_condition(ls, v.v.k == VCALL, "syntax error");
    inst = &getinstruction(fs, &v.v);
    SETARG_C(*inst, 1); /* the call statement uses no results */
  }
}

/* stat -> RETURN [explist] [';'] */
static void retstat(LexState *ls) {
  FuncState *fs = ls->fs;
  expdesc e;
  int nret;
  int first = code_nvarstack(fs);
  if (block_follow(ls, 1) || ls->t.token == ';') {
    nret = 0;
  } else {
    nret = explist(ls, &e);
    if (hasmultret(e.k)) {
      code_setmultret(fs, &e);
      if (e.k == VCALL && nret == 1 && !fs->bl->insidetbc) { /* tail call */
        SET_OPCODE(getinstruction(fs, &e), OP_TAILCALL);
      }
      nret = MULTRET;
    } else if (nret == 1) {
      first = code_exp2anyreg(fs, &e);
    } else {
      code_exp2nextreg(fs, &e);
      first = code_nvarstack(fs);
    }
  }
  code_ret(fs, first, nret);
  testnext(ls, ';');
}

static void statement(LexState *ls) {
  int line = ls->linenumber;
  enterlevel(ls);
  switch (ls->t.token) {
    case ';':
      lex_next(ls);
      break;
    case TK_IF:
      ifstat(ls, line);
      break;
    case TK_WHILE:
      whilestat(ls, line);
      break;
    case TK_DO:
      lex_next(ls);
      block(ls);
      check_match(ls, TK_END, TK_DO, line);
      break;
    case TK_FOR:
      forstat(ls, line);
      break;
    case TK_REPEAT:
      repeatstat(ls, line);
      break;
    case TK_FUNCTION:
      funcstat(ls, line);
      break;
    case TK_LOCAL:
      lex_next(ls);
      if (testnext(ls, TK_FUNCTION))
        localfunc(ls);
      else
        localstat(ls);
      break;
    case TK_DBCOLON:
      lex_next(ls);
      labelstat(ls, str_checkname(ls), line);
      break;
    case TK_RETURN:
      lex_next(ls);
      retstat(ls);
      break;
    case TK_BREAK:
      breakstat(ls);
      break;
    case TK_GOTO:
      lex_next(ls);
      gotostat(ls);
      break;
    default:
      exprstat(ls);
      break;
  }
  ls->fs->freereg = cast_byte(code_nvarstack(ls->fs));
  leavelevel(ls);
}

/* The main function: vararg, with the upvalue _ENV. */
static void mainfunc(LexState *ls, FuncState *fs) {
  BlockCnt bl;
  Upvaldesc *env;
  open_func(ls, fs, &bl);
  setvararg(fs, 0);
  env = allocupvalue(fs);
  env->instack = 1;
  env->idx = 0;
  env->kind = VDKREG;
  env->name = ls->envn;
  lex_next(ls); /* first token */
  statlist(ls);
  check(ls, TK_EOS);
  close_func(ls);
}

Proto *parse_chunk(vm_State *S, Zio *z, Mbuffer *buff, const char *name, int firstchar) {
  LexState lexstate;
  FuncState funcstate;
  Dyndata dyd;
  TString *source = str_newz(S, name);
  memset(&dyd, 0, sizeof(dyd));
  memset(&lexstate, 0, sizeof(lexstate));
  funcstate.f = func_newproto(S);
  funcstate.f->source = source;
  lexstate.dyd = &dyd;
  lex_setinput(S, &lexstate, z, buff, source, firstchar);
  mainfunc(&lexstate, &funcstate);
  return funcstate.f;
}
