/*
** debug.c — runtime error messages and the stack-introspection interface.
**
** Runtime errors name the variable involved ("attempt to index a nil value
** (field 'x')"). The name comes from the bytecode: a register that holds a
** local has its name in the locals table; otherwise a small symbolic
** execution (findsetreg) finds the instruction that last set the register
** before the failing pc, and that instruction tells what it loaded: a
** global, a field, an upvalue, a constant, a method. The same machinery
** names called functions for "bad argument #1 to 'insert'" messages and
** tracebacks (dbg_funcnamefromcall).
**
** Also here: error positions ("chunk:line:"), vm_getstack/vm_getinfo, and
** per-instruction columns for the `tide` binary's caret display.
*/
#include <stdio.h>

#include "internal.h"

#define LUA_ENV "_ENV"

static int currentpc(CallInfo *ci) { return pcRel(ci->u.l.savedpc, ci_func(ci)->p); }

int dbg_pcRel(const Instruction *pc, const Proto *p) { return pcRel(pc, p); }

int dbg_getfuncline(const Proto *f, int pc) {
  if (f->lineinfo == NULL || pc >= f->sizecode) return -1;
  if (pc < 0) return f->linedefined; /* before the first instruction */
  return f->lineinfo[pc];
}

int dbg_currentline(CallInfo *ci) { return dbg_getfuncline(ci_func(ci)->p, currentpc(ci)); }

int dbg_currentcol(CallInfo *ci) {
  const Proto *p = ci_func(ci)->p;
  int pc = currentpc(ci);
  if (p->colinfo == NULL || pc < 0 || pc >= p->sizecode) return 0;
  return p->colinfo[pc];
}

/* ======================================================================
** Names of values from the bytecode
** ====================================================================== */

static const char *upvalname(const Proto *p, int uv) {
  TString *s = p->upvalues[uv].name;
  if (s == NULL) return "?";
  return getstr(s);
}

static int filterpc(int pc, int jmptarget) {
  return (pc < jmptarget) ? -1 : pc; /* code inside a jump is conditional */
}

/* The last instruction before lastpc that changed register reg, or -1. */
static int findsetreg(const Proto *p, int lastpc, int reg) {
  int pc;
  int setreg = -1;
  int jmptarget = 0;
  for (pc = 0; pc < lastpc; pc++) {
    Instruction i = op_unpatched(p->code[pc]);
    OpCode op = GET_OPCODE(i);
    int a = GETARG_A(i);
    int change;
    switch (op) {
      case OP_LOADNIL: change = (a <= reg && reg <= a + GETARG_B(i)); break;
      case OP_TFORCALL: change = (reg >= a + 2); break;
      case OP_CALL:
      case OP_TAILCALL: change = (reg >= a); break;
      case OP_JMP: {
        int dest = pc + 1 + GETARG_sJ(i);
        if (dest <= lastpc && dest > jmptarget) jmptarget = dest;
        change = 0;
        break;
      }
      default: change = ((opflags[op] & OPF_A) && reg == a); break;
    }
    if (change) setreg = filterpc(pc, jmptarget);
  }
  return setreg;
}

static const char *getobjname(const Proto *p, int lastpc, int reg, const char **name);

static void kname(const Proto *p, int c, const char **name) {
  const TValue *kvalue = &p->k[c];
  *name = ttisstring(kvalue) ? svalue(kvalue) : "?";
}

static void rname(const Proto *p, int pc, int c, const char **name) {
  const char *what = getobjname(p, pc, c, name);
  if (!(what && *what == 'c')) *name = "?"; /* only constants make names */
}

static void rkname(const Proto *p, int pc, Instruction i, const char **name) {
  int c = GETARG_C(i);
  if (GETARG_k(i)) kname(p, c, name);
  else rname(p, pc, c, name);
}

/* "global" when the table indexed is _ENV, "field" otherwise. */
static const char *gxf(const Proto *p, int pc, Instruction i, int isup) {
  int t = GETARG_B(i);
  const char *name;
  if (isup) name = upvalname(p, t);
  else getobjname(p, pc, t, &name);
  return (name && strcmp(name, LUA_ENV) == 0) ? "global" : "field";
}

static const char *getobjname(const Proto *p, int lastpc, int reg, const char **name) {
  int pc;
  *name = func_getlocalname(p, reg + 1, lastpc);
  if (*name) return "local";
  pc = findsetreg(p, lastpc, reg);
  if (pc != -1) {
    Instruction i = op_unpatched(p->code[pc]);
    OpCode op = GET_OPCODE(i);
    switch (op) {
      case OP_MOVE: {
        int b = GETARG_B(i);
        if (b < GETARG_A(i)) return getobjname(p, pc, b, name);
        break;
      }
      case OP_GETTABUP:
        kname(p, GETARG_C(i), name);
        return gxf(p, pc, i, 1);
      case OP_GETTABLE:
        rname(p, pc, GETARG_C(i), name);
        return gxf(p, pc, i, 0);
      case OP_GETI:
        *name = "integer index";
        return "field";
      case OP_GETFIELD:
        kname(p, GETARG_C(i), name);
        return gxf(p, pc, i, 0);
      case OP_GETUPVAL:
        *name = upvalname(p, GETARG_B(i));
        return "upvalue";
      case OP_LOADK:
      case OP_LOADKX: {
        int b = (op == OP_LOADK) ? GETARG_Bx(i) : GETARG_Ax(p->code[pc + 1]);
        if (ttisstring(&p->k[b])) {
          *name = svalue(&p->k[b]);
          return "constant";
        }
        break;
      }
      case OP_SELF:
        rkname(p, pc, i, name);
        return "method";
      default: break;
    }
  }
  return NULL;
}

/* The event whose metamethod an instruction may call (TM_N if none). */
static TMS opevent(OpCode op) {
  switch (op) {
    case OP_SELF: case OP_GETTABUP: case OP_GETTABLE: case OP_GETI: case OP_GETFIELD:
      return TM_INDEX;
    case OP_SETTABUP: case OP_SETTABLE: case OP_SETI: case OP_SETFIELD: return TM_NEWINDEX;
    case OP_ADDI: case OP_ADDK: case OP_ADD: return TM_ADD;
    case OP_SUBK: case OP_SUB: return TM_SUB;
    case OP_MULK: case OP_MUL: return TM_MUL;
    case OP_MODK: case OP_MOD: return TM_MOD;
    case OP_POWK: case OP_POW: return TM_POW;
    case OP_DIVK: case OP_DIV: return TM_DIV;
    case OP_IDIVK: case OP_IDIV: return TM_IDIV;
    case OP_BANDK: case OP_BAND: return TM_BAND;
    case OP_BORK: case OP_BOR: return TM_BOR;
    case OP_BXORK: case OP_BXOR: return TM_BXOR;
    case OP_SHLI: case OP_SHL: return TM_SHL;
    case OP_SHRI: case OP_SHR: return TM_SHR;
    case OP_UNM: return TM_UNM;
    case OP_BNOT: return TM_BNOT;
    case OP_LEN: return TM_LEN;
    case OP_CONCAT: return TM_CONCAT;
    case OP_EQ: return TM_EQ;
    case OP_LT: case OP_LTI: case OP_GTI: return TM_LT;
    case OP_LE: case OP_LEI: case OP_GEI: return TM_LE;
    case OP_CLOSE: case OP_RETURN: return TM_CLOSE;
    default: return TM_N;
  }
}

static const char *funcnamefromcode(vm_State *S, const Proto *p, int pc, const char **name) {
  Instruction i = op_unpatched(p->code[pc]);
  TMS tm;
  switch (GET_OPCODE(i)) {
    case OP_CALL:
    case OP_TAILCALL: return getobjname(p, pc, GETARG_A(i), name);
    case OP_TFORCALL:
      *name = "for iterator";
      return "for iterator";
    default: break;
  }
  tm = opevent(GET_OPCODE(i));
  if (GET_OPCODE(i) == OP_SHRI && GETARG_k(i)) tm = TM_SHL; /* was `x << n` */
  if (tm == TM_N) return NULL;
  *name = getstr(G(S)->tmname[tm]) + 2; /* skip the "__" */
  return "metamethod";
}

const char *dbg_funcnamefromcode(vm_State *S, const Proto *p, int pc, const char **name) {
  return funcnamefromcode(S, p, pc, name);
}

const char *dbg_funcnamefromcall(vm_State *S, CallInfo *ci, const char **name) {
  if (ci->callstatus & CIST_HOOKED) {
    *name = "?";
    return "hook";
  }
  if (ci->callstatus & CIST_FIN) {
    *name = "__gc";
    return "metamethod";
  }
  if (isLua(ci)) return funcnamefromcode(S, ci_func(ci)->p, currentpc(ci), name);
  return NULL;
}

/* ======================================================================
** Error messages
** ====================================================================== */

static int instack(CallInfo *ci, const TValue *o) {
  int pos;
  StkId base = ci->func + 1;
  for (pos = 0; base + pos < ci->top; pos++)
    if (o == s2v(base + pos)) return pos;
  return -1;
}

static const char *getupvalname(CallInfo *ci, const TValue *o, const char **name) {
  LClosure *c = ci_func(ci);
  int i;
  for (i = 0; i < clnup(c); i++) {
    UpVal *uv = c->upvals[i];
    if (uv->v == o) {
      *name = upvalname(c->p, i);
      return "upvalue";
    }
  }
  return NULL;
}

static const char *formatvarinfo(vm_State *S, const char *kind, const char *name) {
  if (kind == NULL) return "";
  return obj_pushfstring(S, " (%s '%s')", kind, name);
}

static const char *varinfo(vm_State *S, const TValue *o) {
  CallInfo *ci = S->ci;
  const char *name = NULL;
  const char *kind = NULL;
  if (isLua(ci)) {
    kind = getupvalname(ci, o, &name);
    if (!kind) {
      int reg = instack(ci, o);
      if (reg >= 0) kind = getobjname(ci_func(ci)->p, currentpc(ci), reg, &name);
    }
  }
  return formatvarinfo(S, kind, name);
}

__attribute__((noreturn)) static void typeerror(vm_State *S, const TValue *o, const char *op, const char *extra) {
  const char *t = tm_objtypename(S, o);
  dbg_runerror(S, "attempt to %s a %s value%s", op, t, extra);
}

void dbg_typeerror(vm_State *S, const TValue *o, const char *op) {
  typeerror(S, o, op, varinfo(S, o));
}

void dbg_callerror(vm_State *S, const TValue *o) {
  CallInfo *ci = S->ci;
  const char *name = NULL;
  const char *kind = dbg_funcnamefromcall(S, ci, &name);
  const char *extra = kind ? formatvarinfo(S, kind, name) : varinfo(S, o);
  typeerror(S, o, "call", extra);
}

void dbg_forerror(vm_State *S, const TValue *o, const char *what) {
  dbg_runerror(S, "bad 'for' %s (number expected, got %s)", what, tm_objtypename(S, o));
}

void dbg_concaterror(vm_State *S, const TValue *p1, const TValue *p2) {
  if (ttisstring(p1) || ttisnumber(p1)) p1 = p2;
  dbg_typeerror(S, p1, "concatenate");
}

void dbg_opinterror(vm_State *S, const TValue *p1, const TValue *p2, const char *msg) {
  if (!ttisnumber(p1)) p2 = p1; /* the first operand is the wrong one */
  dbg_typeerror(S, p2, msg);
}

void dbg_tointerror(vm_State *S, const TValue *p1, const TValue *p2) {
  vm_Integer temp;
  if (!interp_tointegerns(p1, &temp, F2Ieq)) p2 = p1;
  dbg_runerror(S, "number%s has no integer representation", varinfo(S, p2));
}

void dbg_ordererror(vm_State *S, const TValue *p1, const TValue *p2) {
  const char *t1 = tm_objtypename(S, p1);
  const char *t2 = tm_objtypename(S, p2);
  if (strcmp(t1, t2) == 0) dbg_runerror(S, "attempt to compare two %s values", t1);
  else dbg_runerror(S, "attempt to compare %s with %s", t1, t2);
}

const char *dbg_addinfo(vm_State *S, const char *msg, TString *src, int line) {
  char buff[VM_IDSIZE];
  if (src) {
    obj_chunkid(buff, getstr(src), tsslen(src));
  } else {
    buff[0] = '?';
    buff[1] = '\0';
  }
  return obj_pushfstring(S, "%s:%d: %s", buff, line, msg);
}

/* Raise the error object on the top, after the message handler (if any)
** has seen it. */
void dbg_errormsg(vm_State *S) {
  if (S->errfunc != 0) {
    StkId errfunc = restorestack(S, S->errfunc);
    setobjs2s(S, S->top, S->top - 1);
    setobjs2s(S, S->top - 1, errfunc);
    S->top++;
    do_callnoyield(S, S->top - 2, 1);
  }
  do_throw(S, VM_ERRRUN);
}

void dbg_runerror(vm_State *S, const char *fmt, ...) {
  CallInfo *ci = S->ci;
  const char *msg;
  va_list argp;
  va_start(argp, fmt);
  msg = obj_pushvfstring(S, fmt, argp);
  va_end(argp);
  if (isLua(ci)) {
    dbg_addinfo(S, msg, ci_func(ci)->p->source, dbg_currentline(ci));
    setobjs2s(S, S->top - 2, S->top - 1);
    S->top--;
  }
  dbg_errormsg(S);
}

/* ======================================================================
** Line and count hooks
** ====================================================================== */

/* Called before each instruction while `trap` is on. Returns whether the
** interpreter must keep calling it. The line hook fires when execution
** enters a new line or jumps backwards (a loop iteration on one line). */
int dbg_traceexec(vm_State *S, const Instruction *pc) {
  CallInfo *ci = S->ci;
  int mask = S->hookmask;
  const Proto *p = ci_func(ci)->p;
  int counthook;
  if (!(mask & (VM_MASKLINE | VM_MASKCOUNT))) {
    ci->u.l.trap = 0;
    return 0;
  }
  pc++; /* the reference is always the next instruction */
  ci->u.l.savedpc = pc;
  counthook = (--S->hookcount == 0 && (mask & VM_MASKCOUNT));
  if (counthook) resethookcount(S);
  else if (!(mask & VM_MASKLINE)) return 1;
  if (ci->callstatus & CIST_HOOKYIELD) { /* the hook yielded last time */
    ci->callstatus &= (unsigned short)~CIST_HOOKYIELD;
    return 1;
  }
  if (!isIT(*(ci->u.l.savedpc - 1))) S->top = ci->top;
  if (counthook) do_hook(S, VM_HOOKCOUNT, -1, 0, 0);
  if (mask & VM_MASKLINE) {
    int oldpc = (S->oldpc < p->sizecode) ? S->oldpc : 0;
    int npci = pcRel(pc, p);
    if (npci <= oldpc || dbg_getfuncline(p, oldpc) != dbg_getfuncline(p, npci))
      do_hook(S, VM_HOOKLINE, dbg_getfuncline(p, npci), 0, 0);
    S->oldpc = npci;
  }
  if (S->status == VM_YIELD) { /* the hook yielded */
    if (counthook) S->hookcount = 1;
    ci->u.l.savedpc--;
    ci->callstatus |= CIST_HOOKYIELD;
    do_throw(S, VM_YIELD);
  }
  return 1;
}

/* ======================================================================
** Local variables of active functions
** ====================================================================== */

static const char *findvararg(CallInfo *ci, int n, StkId *pos) {
  if (clLvalue(s2v(ci->func))->p->is_vararg) {
    int nextra = ci->u.l.nextraargs;
    if (n >= -nextra) {
      *pos = ci->func - nextra - (n + 1);
      return "(vararg)";
    }
  }
  return NULL;
}

static const char *findlocal(vm_State *S, CallInfo *ci, int n, StkId *pos) {
  StkId base = ci->func + 1;
  const char *name = NULL;
  if (isLua(ci)) {
    if (n < 0) return findvararg(ci, n, pos);
    name = func_getlocalname(ci_func(ci)->p, n, currentpc(ci));
  }
  if (name == NULL) {
    StkId limit = (ci == S->ci) ? S->top : ci->next->func;
    if (limit - base >= n && n > 0) name = isLua(ci) ? "(temporary)" : "(C temporary)";
    else return NULL;
  }
  if (pos) *pos = base + (n - 1);
  return name;
}

const char *vm_getlocal(vm_State *S, const vm_Debug *ar, int n) {
  const char *name;
  if (ar == NULL) { /* parameters of a function that is not running */
    if (!ttisLclosure(s2v(S->top - 1))) return NULL;
    return func_getlocalname(clLvalue(s2v(S->top - 1))->p, n, 0);
  } else {
    StkId pos = NULL;
    name = findlocal(S, ar->i_ci, n, &pos);
    if (name) {
      setobjs2s(S, S->top, pos);
      do_inctop(S);
    }
  }
  return name;
}

const char *vm_setlocal(vm_State *S, const vm_Debug *ar, int n) {
  StkId pos = NULL;
  const char *name = findlocal(S, ar->i_ci, n, &pos);
  if (name) {
    setobjs2s(S, pos, S->top - 1);
    S->top--;
  }
  return name;
}

/* ======================================================================
** Stack introspection (vm_getstack / vm_getinfo)
** ====================================================================== */

int vm_getstack(vm_State *S, int level, vm_Debug *ar) {
  CallInfo *ci;
  if (level < 0) return 0;
  for (ci = S->ci; level > 0 && ci != &S->base_ci; ci = ci->previous) level--;
  if (level == 0 && ci != &S->base_ci) {
    ar->i_ci = ci;
    return 1;
  }
  return 0;
}

static void funcinfo(vm_Debug *ar, const TValue *cl) {
  if (!ttisLclosure(cl)) {
    ar->source = "=[C]";
    ar->srclen = 4;
    ar->linedefined = -1;
    ar->lastlinedefined = -1;
    ar->what = "C";
  } else {
    const Proto *p = clLvalue(cl)->p;
    if (p->source) {
      ar->source = getstr(p->source);
      ar->srclen = tsslen(p->source);
    } else {
      ar->source = "=?";
      ar->srclen = 2;
    }
    ar->linedefined = p->linedefined;
    ar->lastlinedefined = p->lastlinedefined;
    ar->what = (ar->linedefined == 0) ? "main" : "Lua";
  }
  obj_chunkid(ar->short_src, ar->source, ar->srclen);
}

static const char *getfuncname(vm_State *S, CallInfo *ci, const char **name) {
  if (ci != NULL && !(ci->callstatus & CIST_TAIL) && ci->previous != NULL)
    return dbg_funcnamefromcall(S, ci->previous, name);
  return NULL;
}

/* Pushes a table whose keys are the lines with code (nil for C). */
static void collectvalidlines(vm_State *S, const TValue *func) {
  if (!ttisLclosure(func)) {
    setnilvalue(s2v(S->top));
    do_inctop(S);
  } else {
    const Proto *p = clLvalue(func)->p;
    Table *t = tab_new(S);
    TValue v;
    int i = p->is_vararg ? 1 : 0; /* VARARGPREP is not a line of its own */
    sethvalue(S, s2v(S->top), t);
    do_inctop(S);
    setbtvalue(&v);
    if (p->lineinfo != NULL)
      for (; i < p->sizecode; i++) tab_setint(S, t, p->lineinfo[i], &v);
  }
}

int vm_getinfo(vm_State *S, const char *what, vm_Debug *ar) {
  CallInfo *ci;
  TValue *func;
  const char *opts;
  int status = 1;
  if (*what == '>') {
    ci = NULL;
    func = s2v(S->top - 1);
    what++;
    S->top--;
  } else {
    ci = ar->i_ci;
    func = s2v(ci->func);
  }
  opts = what;
  for (; *what; what++) {
    switch (*what) {
      case 'S': funcinfo(ar, func); break;
      case 'l':
        ar->currentline = (ci && isLua(ci)) ? dbg_currentline(ci) : -1;
        ar->currentcol = (ci && isLua(ci)) ? dbg_currentcol(ci) : 0;
        break;
      case 'u':
        if (ttisLclosure(func)) {
          ar->nups = (unsigned char)clnup(clLvalue(func));
          ar->isvararg = (char)clLvalue(func)->p->is_vararg;
          ar->nparams = clLvalue(func)->p->numparams;
        } else {
          ar->nups = ttisCclosure(func) ? (unsigned char)clnup(clCvalue(func)) : 0;
          ar->isvararg = 1;
          ar->nparams = 0;
        }
        break;
      case 't': ar->istailcall = (ci) ? (char)((ci->callstatus & CIST_TAIL) != 0) : 0; break;
      case 'n':
        ar->namewhat = getfuncname(S, ci, &ar->name);
        if (ar->namewhat == NULL) {
          ar->namewhat = "";
          ar->name = NULL;
        }
        break;
      case 'r':
        if (ci == NULL || !(ci->callstatus & CIST_TRAN)) {
          ar->ftransfer = ar->ntransfer = 0;
        } else {
          ar->ftransfer = ci->u2.transferinfo.ftransfer;
          ar->ntransfer = ci->u2.transferinfo.ntransfer;
        }
        break;
      case 'L':
      case 'f': break;
      default: status = 0;
    }
  }
  if (strchr(opts, 'f')) {
    setobj2s(S, S->top, func);
    do_inctop(S);
  }
  if (strchr(opts, 'L')) collectvalidlines(S, func);
  return status;
}

void vm_syntaxerrorpos(vm_State *S, int *line, int *col) {
  *line = G(S)->synerr_line;
  *col = G(S)->synerr_col;
}
