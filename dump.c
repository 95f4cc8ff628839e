/*
** dump.c — writes a function prototype as a binary chunk (string.dump,
** vm_dump). undump.c reads the format back and verifies it.
**
** The header is lua5.4's, byte for byte (programs check it, as Lua's own
** test suite does), so a damaged chunk gets the same "bad binary format
** (...)" diagnosis from both engines. Tide's bytecode is not lua5.4's: the
** tag BC_TIDE after the header tells them apart ("format mismatch" for a
** lua5.4 chunk, whose next byte is its number of upvalues):
**
**   "\x1bLua"  BC_VERSION  BC_FORMAT  BC_DATA (6 bytes)
**   sizeof(Instruction)  sizeof(vm_Integer)  sizeof(vm_Number)
**   BC_INT (vm_Integer, native order)  BC_NUM (vm_Number, native order)
**   BC_TIDE (5 bytes)
**   byte: number of upvalues of the main function
**   the main function
**
** A function:
**
**   source        string, absent when stripped or equal to the parent's
**   linedefined, lastlinedefined                               varints
**   numparams, is_vararg, maxstacksize                         bytes
**   code          varint n, then n instructions (native order)
**   constants     varint n, then per constant a tag byte and its value:
**                 BCK_NIL, BCK_FALSE, BCK_TRUE, BCK_INT + 8 bytes,
**                 BCK_FLT + 8 bytes, BCK_STR + string
**   upvalues      varint n, then per upvalue instack, idx, kind (bytes)
**   functions     varint n, then n functions
**   debug info    (all counts 0 when stripped)
**     lines       varint n (0 or sizecode), then per instruction the line
**                 minus the previous one (the first: minus linedefined),
**                 zigzag-coded varints
**     columns     varint n (0 or sizecode), then one varint each
**     locals      varint n, then name (string), startpc, endpc (varints)
**     upvalue names  varint n (0 or sizeupvalues), then n strings
**
** A varint is unsigned LEB128: 7 bits a byte, low group first, the high
** bit set on every byte but the last. A string is a varint: 0 for "no
** string", else its length + 1, followed by its bytes.
*/
#include "internal.h"

typedef struct DumpState {
  vm_State *S;
  vm_Writer writer;
  void *data;
  int strip;
  int status;         /* the writer's last result; nonzero stops the dump */
  size_t n;           /* bytes waiting in buff */
  unsigned char buff[512];
} DumpState;

static void flush(DumpState *D) {
  if (D->n > 0 && D->status == 0) D->status = (*D->writer)(D->S, D->buff, D->n, D->data);
  D->n = 0;
}

/* Small items are collected in D->buff; big blocks go straight to the
** writer. */
static void dumpblock(DumpState *D, const void *b, size_t size) {
  if (size <= sizeof(D->buff) - D->n) {
    memcpy(D->buff + D->n, b, size);
    D->n += size;
  } else {
    flush(D);
    if (size <= sizeof(D->buff)) {
      memcpy(D->buff, b, size);
      D->n = size;
    } else if (D->status == 0) {
      D->status = (*D->writer)(D->S, b, size, D->data);
    }
  }
}

/* The instructions as compiled: loops with a compiled trace have J forms
** of their loop instructions, which a chunk must not hold (op_unpatched) */
static void dumpcode(DumpState *D, const Proto *f) {
  int pc;
  if (f->traces == NULL) {
    dumpblock(D, f->code, (size_t)f->sizecode * sizeof(Instruction));
    return;
  }
  for (pc = 0; pc < f->sizecode; pc++) {
    Instruction i = op_unpatched(f->code[pc]);
    dumpblock(D, &i, sizeof(i));
  }
}

static void dumpbyte(DumpState *D, int b) {
  unsigned char c = (unsigned char)b;
  dumpblock(D, &c, 1);
}

static void dumpvarint(DumpState *D, size_t x) {
  unsigned char b[16];
  size_t n = 0;
  do {
    unsigned char c = (unsigned char)(x & 0x7f);
    x >>= 7;
    b[n++] = (unsigned char)(x ? (c | 0x80) : c);
  } while (x);
  dumpblock(D, b, n);
}

static void dumpint(DumpState *D, int x) {
  vm_assert(x >= 0);
  dumpvarint(D, (size_t)x);
}

/* Signed values (line deltas): zigzag, so small magnitudes stay short. */
static void dumpsigned(DumpState *D, vm_Integer x) {
  vm_Unsigned u = l_castS2U(x);
  dumpvarint(D, (size_t)((u << 1) ^ (x < 0 ? ~(vm_Unsigned)0 : 0)));
}

static void dumpstring(DumpState *D, const TString *s) {
  if (s == NULL) {
    dumpvarint(D, 0);
  } else {
    dumpvarint(D, tsslen(s) + 1);
    dumpblock(D, getstr(s), tsslen(s));
  }
}

static void dumpconstants(DumpState *D, const Proto *f) {
  int i;
  dumpint(D, f->sizek);
  for (i = 0; i < f->sizek; i++) {
    const TValue *o = &f->k[i];
    switch (rawtt(o)) {
      case T_NIL: dumpbyte(D, BCK_NIL); break;
      case T_FALSE: dumpbyte(D, BCK_FALSE); break;
      case T_TRUE: dumpbyte(D, BCK_TRUE); break;
      case T_INT: {
        vm_Integer x = ivalue(o);
        dumpbyte(D, BCK_INT);
        dumpblock(D, &x, sizeof x);
        break;
      }
      case T_FLT: {
        vm_Number x = fltvalue(o);
        dumpbyte(D, BCK_FLT);
        dumpblock(D, &x, sizeof x);
        break;
      }
      case T_SHRSTR:
      case T_LNGSTR:
        dumpbyte(D, BCK_STR);
        dumpstring(D, tsvalue(o));
        break;
      default: /* the compiler makes no other constants */
        vm_assert(0);
        dumpbyte(D, BCK_NIL);
        break;
    }
  }
}

static void dumpupvalues(DumpState *D, const Proto *f) {
  int i;
  dumpint(D, f->sizeupvalues);
  for (i = 0; i < f->sizeupvalues; i++) {
    dumpbyte(D, f->upvalues[i].instack);
    dumpbyte(D, f->upvalues[i].idx);
    dumpbyte(D, f->upvalues[i].kind);
  }
}

static void dumpdebug(DumpState *D, const Proto *f) {
  int i, n;
  n = (D->strip || f->lineinfo == NULL) ? 0 : f->sizecode;
  dumpint(D, n);
  for (i = 0; i < n; i++)
    dumpsigned(D, (vm_Integer)f->lineinfo[i] - (i == 0 ? f->linedefined : f->lineinfo[i - 1]));
  n = (D->strip || f->colinfo == NULL) ? 0 : f->sizecode;
  dumpint(D, n);
  for (i = 0; i < n; i++) dumpint(D, f->colinfo[i]);
  n = D->strip ? 0 : f->sizelocvars;
  dumpint(D, n);
  for (i = 0; i < n; i++) {
    dumpstring(D, f->locvars[i].varname);
    dumpint(D, f->locvars[i].startpc);
    dumpint(D, f->locvars[i].endpc);
  }
  n = D->strip ? 0 : f->sizeupvalues;
  dumpint(D, n);
  for (i = 0; i < n; i++) dumpstring(D, f->upvalues[i].name);
}

static void dumpfunction(DumpState *D, const Proto *f, const TString *psource) {
  int i;
  if (D->strip || f->source == psource) dumpstring(D, NULL);
  else dumpstring(D, f->source);
  dumpint(D, f->linedefined);
  dumpint(D, f->lastlinedefined);
  dumpbyte(D, f->numparams);
  dumpbyte(D, f->is_vararg);
  dumpbyte(D, f->maxstacksize);
  dumpint(D, f->sizecode);
  dumpcode(D, f);
  dumpconstants(D, f);
  dumpupvalues(D, f);
  dumpint(D, f->sizep);
  for (i = 0; i < f->sizep; i++) dumpfunction(D, f->p[i], f->source);
  dumpdebug(D, f);
}

static void dumpheader(DumpState *D, const Proto *f) {
  vm_Integer i = BC_INT;
  vm_Number n = BC_NUM;
  dumpblock(D, BC_SIGNATURE, sizeof(BC_SIGNATURE) - 1);
  dumpbyte(D, BC_VERSION);
  dumpbyte(D, BC_FORMAT);
  dumpblock(D, BC_DATA, sizeof(BC_DATA) - 1);
  dumpbyte(D, sizeof(Instruction));
  dumpbyte(D, sizeof(vm_Integer));
  dumpbyte(D, sizeof(vm_Number));
  dumpblock(D, &i, sizeof i);
  dumpblock(D, &n, sizeof n);
  dumpblock(D, BC_TIDE, sizeof(BC_TIDE) - 1);
  dumpbyte(D, f->sizeupvalues);
}

/* Writes f as a binary chunk through w; returns the writer's first
** nonzero result (the writer is not called again after it), else 0.
** Prototypes and strings never move, so the writer may run Lua code. */
int dump_proto(vm_State *S, const Proto *f, vm_Writer w, void *data, int strip) {
  DumpState D;
  D.S = S;
  D.writer = w;
  D.data = data;
  D.strip = strip;
  D.status = 0;
  D.n = 0;
  dumpheader(&D, f);
  dumpfunction(&D, f, NULL);
  flush(&D);
  return D.status;
}

int vm_dump(vm_State *S, vm_Writer writer, void *data, int strip) {
  const TValue *o = s2v(S->top - 1);
  if (!ttisLclosure(o)) return 1;
  return dump_proto(S, clLvalue(o)->p, writer, data, strip);
}
