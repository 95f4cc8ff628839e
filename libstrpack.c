/*
** libstrpack.c — string.pack, string.unpack and string.packsize: Lua 5.4's
** binary serialization driven by a format string (manual §6.4.2).
**
** A format is read one item at a time. Each item has a kind (signed or
** unsigned integer, float, fixed string, length-prefixed string,
** zero-terminated string, padding byte, alignment, or a no-op that only
** changes the state: endianness '<' '>' '=' and maximum alignment '!n'),
** a size in bytes, and the padding needed before it to align it. An item
** is aligned to min(its size, maximum alignment) only when that exceeds 1;
** the maximum alignment starts at 1, so nothing is aligned until a '!'.
** "Xop" aligns to op's size and consumes op. Offsets used for alignment
** count from the start of the packed string (for unpack: of the data
** string, not of the initial position).
**
** Integers are moved byte by byte, so any size from 1 to 16 works on any
** host: packing sign-extends past 8 bytes, unpacking checks that the bytes
** past 8 are a pure extension (else "does not fit into Lua Integer").
** Floats are copied as the host's float/double bytes, reversed when the
** requested endianness is not the host's.
**
** pack builds its result in a buffer whose overflow block is a userdata in
** a reserved stack slot, so a bad argument found midway leaks nothing. The
** slot is pushed after a nil, and that nil sits where the first missing
** argument would be: like lua5.4, "got nil" rather than "got no value".
*/
#include <ctype.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "libstrpack.h"

/* Integer sizes accepted by i, I, s and '!' (Lua's limit). */
#define MAXINTSIZE 16
/* Bytes of a vm_Integer. */
#define INTBYTES ((int)sizeof(vm_Integer))
/* packsize results, and the digits of a count, stay below this. */
#define MAXPACKSIZE ((size_t)INT_MAX)
/* Byte used for padding and to fill fixed-size strings. */
#define PADBYTE 0

/* The strictest alignment of the host's scalar types: what a bare '!' sets. */
struct alignprobe {
  char c;
  union { double d; void *p; vm_Integer i; long l; } u;
};
#define NATIVEALIGN ((int)offsetof(struct alignprobe, u))

typedef enum {
  K_INT,        /* signed integer */
  K_UINT,       /* unsigned integer */
  K_FLOAT,      /* float (size 4) or double (size 8) */
  K_CHAR,       /* fixed-size string: cn */
  K_STRING,     /* string preceded by its length: s[n] */
  K_ZSTR,       /* zero-terminated string */
  K_PAD,        /* one padding byte */
  K_ALIGN,      /* Xop: alignment only */
  K_NOP         /* spaces and state changes */
} ItemKind;

typedef struct {
  vm_State *S;
  int little;      /* current endianness */
  int maxalign;    /* current maximum alignment */
} FmtState;

static int host_little(void) {
  const union { int i; char c; } u = {1};
  return u.c == 1;
}

static void fmt_init(FmtState *h, vm_State *S) {
  h->S = S;
  h->little = host_little();
  h->maxalign = 1;
}

/* ======================================================================
** Reading formats
** ====================================================================== */

/* A decimal count at *fmt, or dflt if there is none. Digits are taken
** while the value stays small enough for one more ((INT_MAX-9)/10); what
** is left is read as the next option, as lua5.4 does. */
static int read_count(const char **fmt, int dflt) {
  const char *p = *fmt;
  if (!isdigit((unsigned char)*p)) return dflt;
  int v = 0;
  do {
    v = v * 10 + (*p++ - '0');
  } while (isdigit((unsigned char)*p) && v <= (INT_MAX - 9) / 10);
  *fmt = p;
  return v;
}

/* A count that must be a valid integer size. */
static int read_intsize(FmtState *h, const char **fmt, int dflt) {
  int n = read_count(fmt, dflt);
  if (n < 1 || n > MAXINTSIZE)
    vm_errorf(h->S, "integral size (%d) out of limits [1,%d]", n, MAXINTSIZE);
  return n;
}

/* Reads one option at *fmt (advancing it); sets its size. */
static ItemKind read_option(FmtState *h, const char **fmt, int *size) {
  int opt = (unsigned char)*(*fmt)++;
  *size = 0;
  switch (opt) {
    case 'b': *size = 1; return K_INT;
    case 'B': *size = 1; return K_UINT;
    case 'h': *size = (int)sizeof(short); return K_INT;
    case 'H': *size = (int)sizeof(short); return K_UINT;
    case 'l': *size = (int)sizeof(long); return K_INT;
    case 'L': *size = (int)sizeof(long); return K_UINT;
    case 'j': *size = INTBYTES; return K_INT;
    case 'J': *size = INTBYTES; return K_UINT;
    case 'T': *size = (int)sizeof(size_t); return K_UINT;
    case 'i': *size = read_intsize(h, fmt, (int)sizeof(int)); return K_INT;
    case 'I': *size = read_intsize(h, fmt, (int)sizeof(int)); return K_UINT;
    case 'f': *size = (int)sizeof(float); return K_FLOAT;
    case 'd': *size = (int)sizeof(double); return K_FLOAT;
    case 'n': *size = (int)sizeof(vm_Number); return K_FLOAT;
    case 's': *size = read_intsize(h, fmt, (int)sizeof(size_t)); return K_STRING;
    case 'c':
      *size = read_count(fmt, -1);
      if (*size == -1) vm_errorf(h->S, "missing size for format option 'c'");
      return K_CHAR;
    case 'z': return K_ZSTR;
    case 'x': *size = 1; return K_PAD;
    case 'X': return K_ALIGN;
    case ' ': return K_NOP;
    case '<': h->little = 1; return K_NOP;
    case '>': h->little = 0; return K_NOP;
    case '=': h->little = host_little(); return K_NOP;
    case '!': h->maxalign = read_intsize(h, fmt, NATIVEALIGN); return K_NOP;
    default:
      vm_errorf(h->S, "invalid format option '%c'", opt);
      return K_NOP;
  }
}

/* Reads the next item; sets its size and the padding that must precede it
** when it starts at offset `at`. */
static ItemKind read_item(FmtState *h, size_t at, const char **fmt, int *size,
                          int *padding) {
  ItemKind k = read_option(h, fmt, size);
  int align = *size;
  if (k == K_ALIGN) {
    int nextsize = 0;
    if (**fmt == '\0' || read_option(h, fmt, &nextsize) == K_CHAR || nextsize == 0)
      vm_argerror(h->S, 1, "invalid next option for option 'X'");
    align = nextsize;
  }
  *padding = 0;
  if (align > 1 && k != K_CHAR) {
    if (align > h->maxalign) align = h->maxalign;
    if ((align & (align - 1)) != 0)
      vm_argerror(h->S, 1, "format asks for alignment not power of 2");
    *padding = (int)((size_t)align - (at & (size_t)(align - 1))) & (align - 1);
  }
  return k;
}

/* ======================================================================
** Result buffer: vm_Buffer (anchored in a stack slot, so errors leak nothing)
** ====================================================================== */

static void pb_fill(vm_Buffer *B, int byte, size_t l) {
  if (l == 0) return;
  memset(vm_prepbuffsize(B, l), byte, l);
  vm_addsize(B, l);
}

/* ======================================================================
** Conversions
** ====================================================================== */

/* Writes the low `size` bytes of v, sign-extended with 0xff past 8 bytes
** when neg. */
static void put_int(vm_Buffer *B, vm_Unsigned v, int little, int size, int neg) {
  char *p = vm_prepbuffsize(B, (size_t)size);
  for (int i = 0; i < size; i++) {
    unsigned char byte = i < INTBYTES ? (unsigned char)(v >> (8 * i)) : (neg ? 0xff : 0);
    p[little ? i : size - 1 - i] = (char)byte;
  }
  B->n += (size_t)size;
}

static vm_Integer to_signed(vm_Unsigned u) {
  if (u <= (vm_Unsigned)INT64_MAX) return (vm_Integer)u;
  return -(vm_Integer)(~u) - 1;
}

/* Reads a `size`-byte integer; past 8 bytes the extra bytes must only
** extend the value's sign (or be zero when unsigned). */
static vm_Integer get_int(vm_State *S, const char *p, int little, int size, int issigned) {
#define BYTE_AT(i) ((unsigned char)p[little ? (i) : size - 1 - (i)])
  int low = size < INTBYTES ? size : INTBYTES;
  vm_Unsigned v = 0;
  for (int i = low - 1; i >= 0; i--)
    v = (v << 8) | BYTE_AT(i);
  if (size < INTBYTES) {
    if (issigned) {               /* sign-extend from bit size*8-1 */
      vm_Unsigned sign = (vm_Unsigned)1 << (size * 8 - 1);
      v = (v ^ sign) - sign;
    }
  } else if (size > INTBYTES) {
    unsigned char ext = (issigned && to_signed(v) < 0) ? 0xff : 0;
    for (int i = INTBYTES; i < size; i++)
      if (BYTE_AT(i) != ext)
        vm_errorf(S, "%d-byte integer does not fit into Lua Integer", size);
  }
  return to_signed(v);
#undef BYTE_AT
}

/* Copies n bytes, reversed when the wanted endianness is not the host's. */
static void copy_ordered(char *dst, const char *src, int n, int little) {
  if (little == host_little())
    memcpy(dst, src, (size_t)n);
  else
    for (int i = 0; i < n; i++) dst[i] = src[n - 1 - i];
}

/* ======================================================================
** The library functions
** ====================================================================== */

int str_pack(vm_State *S) {
  const char *fmt = vm_checkstring(S, 1);
  FmtState h;
  vm_Buffer B;
  fmt_init(&h, S);
  vm_pushnil(S);                  /* what the first missing argument reads */
  vm_buffinit(S, &B);
  int arg = 1;
  size_t total = 0;               /* offset of the next item */
  while (*fmt != '\0') {
    int size, padding;
    ItemKind k = read_item(&h, total, &fmt, &size, &padding);
    total += (size_t)padding + (size_t)size;
    pb_fill(&B, PADBYTE, (size_t)padding);
    arg++;
    switch (k) {
      case K_INT: {
        vm_Integer v = vm_checkinteger(S, arg);
        if (size < INTBYTES) {
          vm_Integer lim = (vm_Integer)1 << (size * 8 - 1);
          vm_argcheck(S, -lim <= v && v < lim, arg, "integer overflow");
        }
        put_int(&B, (vm_Unsigned)v, h.little, size, v < 0);
        break;
      }
      case K_UINT: {
        vm_Integer v = vm_checkinteger(S, arg);
        if (size < INTBYTES)
          vm_argcheck(S, (vm_Unsigned)v < ((vm_Unsigned)1 << (size * 8)), arg,
                      "unsigned overflow");
        put_int(&B, (vm_Unsigned)v, h.little, size, 0);
        break;
      }
      case K_FLOAT: {
        vm_Number n = vm_checknumber(S, arg);
        char bytes[sizeof(double)];
        if (size == (int)sizeof(float)) {
          float f = (float)n;
          copy_ordered(bytes, (const char *)&f, size, h.little);
        } else {
          double d = (double)n;
          copy_ordered(bytes, (const char *)&d, size, h.little);
        }
        vm_addlstring(&B, (const char *)bytes, (size_t)size);
        break;
      }
      case K_CHAR: {
        size_t len;
        const char *s = vm_checklstring(S, arg, &len);
        vm_argcheck(S, len <= (size_t)size, arg, "string longer than given size");
        vm_addlstring(&B, (const char *)s, len);
        pb_fill(&B, PADBYTE, (size_t)size - len);
        break;
      }
      case K_STRING: {
        size_t len;
        const char *s = vm_checklstring(S, arg, &len);
        vm_argcheck(S, size >= (int)sizeof(size_t) || len < ((size_t)1 << (size * 8)),
                    arg, "string length does not fit in given size");
        put_int(&B, (vm_Unsigned)len, h.little, size, 0);
        vm_addlstring(&B, (const char *)s, len);
        total += len;
        break;
      }
      case K_ZSTR: {
        size_t len;
        const char *s = vm_checklstring(S, arg, &len);
        vm_argcheck(S, strlen(s) == len, arg, "string contains zeros");
        vm_addlstring(&B, (const char *)s, len);
        pb_fill(&B, '\0', 1);
        total += len + 1;
        break;
      }
      case K_PAD:
        pb_fill(&B, PADBYTE, 1);
        arg--;
        break;
      case K_ALIGN:
      case K_NOP:
        arg--;
        break;
    }
  }
  vm_pushresult(&B);
  return 1;
}

int str_packsize(vm_State *S) {
  const char *fmt = vm_checkstring(S, 1);
  FmtState h;
  fmt_init(&h, S);
  size_t total = 0;
  while (*fmt != '\0') {
    int size, padding;
    ItemKind k = read_item(&h, total, &fmt, &size, &padding);
    vm_argcheck(S, k != K_STRING && k != K_ZSTR, 1, "variable-length format");
    size_t item = (size_t)padding + (size_t)size;
    vm_argcheck(S, total <= MAXPACKSIZE - item, 1, "format result too large");
    total += item;
  }
  vm_pushinteger(S, (vm_Integer)total);
  return 1;
}

/* The initial position: 1-based, negative counts from the end, clipped to
** 1 below. */
static size_t start_pos(vm_Integer init, size_t len) {
  if (init > 0) return (size_t)init;
  if (init == 0 || init < -(vm_Integer)len) return 1;
  return len + (size_t)init + 1;
}

int str_unpack(vm_State *S) {
  const char *fmt = vm_checkstring(S, 1);
  size_t ld;
  const char *data = vm_checklstring(S, 2, &ld);
  size_t pos = start_pos(vm_optinteger(S, 3, 1), ld) - 1;
  vm_argcheck(S, pos <= ld, 3, "initial position out of string");
  FmtState h;
  fmt_init(&h, S);
  int nres = 0;
  while (*fmt != '\0') {
    int size, padding;
    ItemKind k = read_item(&h, pos, &fmt, &size, &padding);
    vm_argcheck(S, (size_t)padding + (size_t)size <= ld - pos, 2, "data string too short");
    pos += (size_t)padding;
    vm_checkstackaux(S, 2, "too many results");
    nres++;
    switch (k) {
      case K_INT:
      case K_UINT:
        vm_pushinteger(S, get_int(S, data + pos, h.little, size, k == K_INT));
        break;
      case K_FLOAT: {
        if (size == (int)sizeof(float)) {
          float f;
          copy_ordered((char *)&f, data + pos, size, h.little);
          vm_pushnumber(S, (vm_Number)f);
        } else {
          double d;
          copy_ordered((char *)&d, data + pos, size, h.little);
          vm_pushnumber(S, (vm_Number)d);
        }
        break;
      }
      case K_CHAR:
        vm_pushlstring(S, data + pos, (size_t)size);
        break;
      case K_STRING: {
        size_t len = (size_t)get_int(S, data + pos, h.little, size, 0);
        vm_argcheck(S, len <= ld - pos - (size_t)size, 2, "data string too short");
        vm_pushlstring(S, data + pos + size, len);
        pos += len;
        break;
      }
      case K_ZSTR: {
        const char *end = memchr(data + pos, '\0', ld - pos);
        vm_argcheck(S, end != NULL, 2, "unfinished string for format 'z'");
        size_t len = (size_t)(end - (data + pos));
        vm_pushlstring(S, data + pos, len);
        pos += len + 1;
        break;
      }
      case K_PAD:
      case K_ALIGN:
      case K_NOP:
        nres--;
        break;
    }
    pos += (size_t)size;
  }
  vm_pushinteger(S, (vm_Integer)pos + 1);
  return nres + 1;
}
