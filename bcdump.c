/*
** bcdump.c — a readable listing of compiled bytecode in the style of
** `luac -l -l`: a header per function, one line per instruction
** (index, [line:column], opcode, operands, comment), then the constants,
** locals and upvalues. Used by `tide --dump` and for debugging.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "compiler.h"

static void printstring(FILE *out, const TString *ts) {
  const char *s = getstr(ts);
  size_t i, n = tsslen(ts);
  fputc('"', out);
  for (i = 0; i < n; i++) {
    int c = (unsigned char)s[i];
    switch (c) {
      case '"': fputs("\\\"", out); break;
      case '\\': fputs("\\\\", out); break;
      case '\a': fputs("\\a", out); break;
      case '\b': fputs("\\b", out); break;
      case '\f': fputs("\\f", out); break;
      case '\n': fputs("\\n", out); break;
      case '\r': fputs("\\r", out); break;
      case '\t': fputs("\\t", out); break;
      case '\v': fputs("\\v", out); break;
      default:
        if (c >= 32 && c < 127)
          fputc(c, out);
        else
          fprintf(out, "\\%03d", c);
        break;
    }
  }
  fputc('"', out);
}

static void printvalue(FILE *out, const TValue *o) {
  switch (rawtt(o)) {
    case T_NIL: fputs("nil", out); break;
    case T_FALSE: fputs("false", out); break;
    case T_TRUE: fputs("true", out); break;
    case T_INT: fprintf(out, "%lld", (long long)ivalue(o)); break;
    case T_FLT: {
      char buff[100];
      snprintf(buff, sizeof(buff), "%.14g", fltvalue(o));
      fputs(buff, out);
      if (buff[strspn(buff, "-0123456789")] == '\0') fputs(".0", out);
      break;
    }
    case T_SHRSTR: case T_LNGSTR: printstring(out, tsvalue(o)); break;
    default: fprintf(out, "?%d", rawtt(o)); break;
  }
}

static void printconstant(FILE *out, const Proto *f, int i) {
  if (i < 0 || i >= f->sizek)
    fprintf(out, "K?%d", i);
  else
    printvalue(out, &f->k[i]);
}

static const char *typecode(const TValue *o) {
  switch (rawtt(o)) {
    case T_NIL: return "N";
    case T_FALSE: case T_TRUE: return "B";
    case T_INT: return "I";
    case T_FLT: return "F";
    case T_SHRSTR: case T_LNGSTR: return "S";
    default: return "?";
  }
}

static const char *bcd_upvalname(const Proto *f, int i) {
  if (i < 0 || i >= f->sizeupvalues) return "?";
  if (f->upvalues[i].name == NULL) return "-";
  return getstr(f->upvalues[i].name);
}

void bc_dumpins(FILE *out, const Proto *f, int pc) {
  const Instruction *code = f->code;
  int n = f->sizecode;
  Instruction i = op_unpatched(code[pc]);
  OpCode o = GET_OPCODE(i);
  int a = GETARG_A(i);
  int b = GETARG_B(i);
  int c = GETARG_C(i);
  int ax = GETARG_Ax(i);
  int bx = GETARG_Bx(i);
  int sb = GETARG_sB(i);
  int sc = GETARG_sC(i);
  int sbx = GETARG_sBx(i);
  int isk = GETARG_k(i);
  int line = f->lineinfo ? f->lineinfo[pc] : 0;
  int col = f->colinfo ? f->colinfo[pc] : 0;
  int extra = (pc + 1 < n && GET_OPCODE(code[pc + 1]) == OP_EXTRAARG)
                  ? GETARG_Ax(code[pc + 1]) : 0;
  const char *ks = isk ? "k" : "";
  char pos[32];
  if (o >= NUM_OPCODES) {
    fprintf(out, "\t%d\t[?]\t<bad opcode %d>\n", pc + 1, (int)o);
    return;
  }
  if (line > 0)
    snprintf(pos, sizeof(pos), "[%d:%d]", line, col);
  else
    snprintf(pos, sizeof(pos), "[-]");
  fprintf(out, "\t%d\t%s\t%-9s\t", pc + 1, pos, opnames[o]);
  switch (o) {
    case OP_MOVE: fprintf(out, "%d %d", a, b); break;
    case OP_LOADI: case OP_LOADF: fprintf(out, "%d %d", a, sbx); break;
    case OP_LOADK:
      fprintf(out, "%d %d\t; ", a, bx);
      printconstant(out, f, bx);
      break;
    case OP_LOADKX:
      fprintf(out, "%d\t; ", a);
      printconstant(out, f, extra);
      break;
    case OP_LOADFALSE: case OP_LFALSESKIP: case OP_LOADTRUE:
      fprintf(out, "%d", a);
      break;
    case OP_LOADNIL: fprintf(out, "%d %d\t; %d out", a, b, b + 1); break;
    case OP_GETUPVAL: case OP_SETUPVAL:
      fprintf(out, "%d %d\t; %s", a, b, bcd_upvalname(f, b));
      break;
    case OP_GETTABUP:
      fprintf(out, "%d %d %d\t; %s ", a, b, c, bcd_upvalname(f, b));
      printconstant(out, f, c);
      break;
    case OP_GETTABLE: case OP_GETI: fprintf(out, "%d %d %d", a, b, c); break;
    case OP_GETFIELD:
      fprintf(out, "%d %d %d\t; ", a, b, c);
      printconstant(out, f, c);
      break;
    case OP_SETTABUP:
      fprintf(out, "%d %d %d%s\t; %s ", a, b, c, ks, bcd_upvalname(f, a));
      printconstant(out, f, b);
      if (isk) {
        fputc(' ', out);
        printconstant(out, f, c);
      }
      break;
    case OP_SETTABLE: case OP_SETI:
      fprintf(out, "%d %d %d%s", a, b, c, ks);
      if (isk) {
        fputs("\t; ", out);
        printconstant(out, f, c);
      }
      break;
    case OP_SETFIELD:
      fprintf(out, "%d %d %d%s\t; ", a, b, c, ks);
      printconstant(out, f, b);
      if (isk) {
        fputc(' ', out);
        printconstant(out, f, c);
      }
      break;
    case OP_NEWTABLE:
      fprintf(out, "%d %d %d\t; %d", a, b, c, c + extra * (MAXARG_C + 1));
      break;
    case OP_SELF:
      fprintf(out, "%d %d %d%s", a, b, c, ks);
      if (isk) {
        fputs("\t; ", out);
        printconstant(out, f, c);
      }
      break;
    case OP_ADDI: case OP_SHRI: case OP_SHLI:
      fprintf(out, "%d %d %d%s", a, b, sc, ks);
      break;
    case OP_ADDK: case OP_SUBK: case OP_MULK: case OP_MODK: case OP_POWK:
    case OP_DIVK: case OP_IDIVK: case OP_BANDK: case OP_BORK: case OP_BXORK:
      fprintf(out, "%d %d %d%s\t; ", a, b, c, ks);
      printconstant(out, f, c);
      break;
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_MOD: case OP_POW:
    case OP_DIV: case OP_IDIV: case OP_BAND: case OP_BOR: case OP_BXOR:
    case OP_SHL: case OP_SHR:
      fprintf(out, "%d %d %d", a, b, c);
      break;
    case OP_UNM: case OP_BNOT: case OP_NOT: case OP_LEN: case OP_CONCAT:
      fprintf(out, "%d %d", a, b);
      break;
    case OP_CLOSE: case OP_TBC: fprintf(out, "%d", a); break;
    case OP_JMP:
      fprintf(out, "%d\t; to %d", GETARG_sJ(i), GETARG_sJ(i) + pc + 2);
      break;
    case OP_EQ: case OP_LT: case OP_LE: fprintf(out, "%d %d %d", a, b, isk); break;
    case OP_EQK:
      fprintf(out, "%d %d %d\t; ", a, b, isk);
      printconstant(out, f, b);
      break;
    case OP_EQI: case OP_LTI: case OP_LEI: case OP_GTI: case OP_GEI:
      fprintf(out, "%d %d %d", a, sb, isk);
      break;
    case OP_TEST: fprintf(out, "%d %d", a, isk); break;
    case OP_TESTSET: fprintf(out, "%d %d %d", a, b, isk); break;
    case OP_CALL:
      fprintf(out, "%d %d %d\t; ", a, b, c);
      if (b == 0) fputs("all in ", out);
      else fprintf(out, "%d in ", b - 1);
      if (c == 0) fputs("all out", out);
      else fprintf(out, "%d out", c - 1);
      break;
    case OP_TAILCALL:
      fprintf(out, "%d %d %d%s\t; ", a, b, c, ks);
      if (b == 0) fputs("all in", out);
      else fprintf(out, "%d in", b - 1);
      break;
    case OP_RETURN:
      fprintf(out, "%d %d %d%s\t; ", a, b, c, ks);
      if (b == 0) fputs("all out", out);
      else fprintf(out, "%d out", b - 1);
      break;
    case OP_RETURN0: break;
    case OP_RETURN1: fprintf(out, "%d", a); break;
    case OP_FORLOOP: case OP_TFORLOOP:
      fprintf(out, "%d %d\t; to %d", a, bx, pc - bx + 2);
      break;
    case OP_FORPREP:
      fprintf(out, "%d %d\t; exit to %d", a, bx, pc + bx + 3);
      break;
    case OP_TFORPREP:
      fprintf(out, "%d %d\t; to %d", a, bx, pc + bx + 2);
      break;
    case OP_TFORCALL: fprintf(out, "%d %d", a, c); break;
    case OP_SETLIST:
      fprintf(out, "%d %d %d", a, b, c);
      if (isk) fprintf(out, "\t; %d", c + extra * (MAXARG_C + 1));
      break;
    case OP_CLOSURE:
      fprintf(out, "%d %d\t; %p", a, bx,
              (bx < f->sizep) ? (const void *)f->p[bx] : NULL);
      break;
    case OP_VARARG:
      fprintf(out, "%d %d\t; ", a, c);
      if (c == 0) fputs("all out", out);
      else fprintf(out, "%d out", c - 1);
      break;
    case OP_VARARGPREP: fprintf(out, "%d", a); break;
    case OP_EXTRAARG: fprintf(out, "%d", ax); break;
    default: fprintf(out, "%d %d %d", a, b, c); break;
  }
  fputc('\n', out);
}

static void printcode(FILE *out, const Proto *f) {
  int pc;
  for (pc = 0; pc < f->sizecode; pc++) bc_dumpins(out, f, pc);
}

#define PLURAL(n) ((n) == 1 ? "" : "s")

static void printheader(FILE *out, const Proto *f) {
  const char *s = f->source ? getstr(f->source) : "=?";
  if (*s == '@' || *s == '=')
    s++;
  else if (*s == '\x1b')
    s = "(bstring)";
  else
    s = "(string)";
  fprintf(out, "\n%s <%s:%d,%d> (%d instruction%s at %p)\n",
          f->linedefined == 0 ? "main" : "function", s, f->linedefined,
          f->lastlinedefined, f->sizecode, PLURAL(f->sizecode), (const void *)f);
  fprintf(out, "%d%s param%s, %d slot%s, %d upvalue%s, ", (int)f->numparams,
          f->is_vararg ? "+" : "", PLURAL(f->numparams), (int)f->maxstacksize,
          PLURAL(f->maxstacksize), f->sizeupvalues, PLURAL(f->sizeupvalues));
  fprintf(out, "%d local%s, %d constant%s, %d function%s\n", f->sizelocvars,
          PLURAL(f->sizelocvars), f->sizek, PLURAL(f->sizek), f->sizep,
          PLURAL(f->sizep));
}

static void printdebug(FILE *out, const Proto *f) {
  int i;
  fprintf(out, "constants (%d) for %p:\n", f->sizek, (const void *)f);
  for (i = 0; i < f->sizek; i++) {
    fprintf(out, "\t%d\t%s\t", i, typecode(&f->k[i]));
    printvalue(out, &f->k[i]);
    fputc('\n', out);
  }
  fprintf(out, "locals (%d) for %p:\n", f->sizelocvars, (const void *)f);
  for (i = 0; i < f->sizelocvars; i++) {
    const LocVar *lv = &f->locvars[i];
    fprintf(out, "\t%d\t%s\t%d\t%d\n", i, lv->varname ? getstr(lv->varname) : "?",
            lv->startpc + 1, lv->endpc + 1);
  }
  fprintf(out, "upvalues (%d) for %p:\n", f->sizeupvalues, (const void *)f);
  for (i = 0; i < f->sizeupvalues; i++)
    fprintf(out, "\t%d\t%s\t%d\t%d\n", i, bcd_upvalname(f, i), f->upvalues[i].instack,
            f->upvalues[i].idx);
}

void bc_dump(FILE *out, const Proto *p, int recursive) {
  int i;
  printheader(out, p);
  printcode(out, p);
  printdebug(out, p);
  if (recursive)
    for (i = 0; i < p->sizep; i++) bc_dump(out, p->p[i], recursive);
}
