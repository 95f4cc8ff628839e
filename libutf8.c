/*
** libutf8.c — Lua 5.4's utf8 library: char, charpattern, codepoint, len,
** offset, codes.
**
** Written against the public API (vm.h) only, and opened by vm_openlibs
** under VM_LIB_UTF8. Strings are byte strings; this library reads them as
** UTF-8 in the extended form Lua 5.4 uses: sequences of up to six bytes
** encoding values up to 0x7FFFFFFF. The functions that utf8_decode take a `lax`
** flag: without it (strict mode) surrogates (D800-DFFF) and values above
** 10FFFF are invalid, as the Unicode standard requires; with it anything the
** six-byte form can encode is accepted. Overlong forms are always invalid,
** so every value has exactly one accepted encoding.
**
** Positions are 1-based byte positions; negative ones count from the end of
** the string, as in the string library.
*/
#include <limits.h>
#include <stdint.h>

#include "vm.h"

#define MAXUNICODE 0x10FFFFu      /* largest code point in strict mode */
#define MAXUTF 0x7FFFFFFFu        /* largest value of the six-byte form */

/* A continuation byte is 10xxxxxx: never the start of a character. */
#define iscont(c) (((unsigned char)(c) & 0xC0) == 0x80)

/* Matches one encoded character, extended forms included: an ASCII byte
** or a lead byte C2..FD (C0/C1 only start overlong forms), then its
** continuation bytes. It does not validate. Lua 5.4 defines it with the
** NUL byte inside, so it is 14 bytes long. */
static const char charpattern[] = "[\0-\x7F\xC2-\xFD][\x80-\xBF]*";

/* maxval[k]: the largest value k continuation bytes can encode. */
static const uint32_t maxval[] = {0x7F, 0x7FF, 0xFFFF, 0x1FFFFF, 0x3FFFFFF, MAXUTF};

/* Position p (possibly negative) of a string of length len, as a 0-or-more
** position: negative positions count from the end, and ones before the
** start clamp to 0 so the callers' range checks reject them. */
static vm_Integer relpos(vm_Integer p, size_t len) {
  if (p >= 0) return p;
  if ((vm_Unsigned)0 - (vm_Unsigned)p > len) return 0;
  return (vm_Integer)len + p + 1;
}

/* Decodes the character starting at s, with `avail` bytes readable there.
** Returns the number of bytes it takes and stores its value in *cp, or
** returns 0 if the bytes there are not a valid character: a stray
** continuation byte, a lead byte announcing more than five continuation
** bytes, a truncated or overlong sequence, or (strict) a value Unicode
** excludes. */
static size_t utf8_decode(const char *s, size_t avail, uint32_t *cp, int strict) {
  unsigned c = (unsigned char)s[0];
  size_t k = 0;
  uint32_t v;
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  /* the run of 1 bits after the leading one counts the continuation bytes */
  while (k < 6 && (c & (0x40u >> k))) k++;
  if (k == 0 || k > 5 || k >= avail) return 0;
  v = c & (0x3Fu >> k);           /* the lead byte's payload bits */
  for (size_t i = 1; i <= k; i++) {
    if (!iscont(s[i])) return 0;
    v = (v << 6) | ((unsigned char)s[i] & 0x3Fu);
  }
  if (v <= maxval[k - 1]) return 0;  /* overlong: fits in fewer bytes */
  if (strict && (v > MAXUNICODE || (v >= 0xD800u && v <= 0xDFFFu))) return 0;
  *cp = v;
  return k + 1;
}

/* Appends the extended UTF-8 form of x (at most MAXUTF) to the buffer:
** k continuation bytes of 6 bits each, after a lead byte made of k+1 one
** bits, a zero bit, and the value's remaining high bits. */
static void encode(vm_Buffer *B, uint32_t x) {
  char seq[6];
  int k = 0;
  while (x > maxval[k]) k++;
  if (k == 0) {
    vm_addchar(B, (char)x);
    return;
  }
  for (int i = k; i > 0; i--) {
    seq[i] = (char)(0x80 | (x & 0x3F));
    x >>= 6;
  }
  seq[0] = (char)(((0xFFu << (7 - k)) & 0xFF) | x);
  vm_addlstring(B, seq, (size_t)k + 1);
}

/* utf8.char(...): the characters of the given code points, concatenated. */
static int u_utfchar(vm_State *S) {
  int n = vm_gettop(S);
  vm_Buffer B;
  for (int i = 1; i <= n; i++) {
    vm_Unsigned code = (vm_Unsigned)vm_checkinteger(S, i);
    vm_argcheck(S, code <= MAXUTF, i, "value out of range");
  }
  /* all arguments checked first: nothing can raise while the C buffer is
  ** in use, so it cannot leak */
  vm_buffinit(S, &B);
  for (int i = 1; i <= n; i++) encode(&B, (uint32_t)vm_tointeger(S, i));
  vm_pushresult(&B);
  return 1;
}

/* utf8.codepoint(s [, i [, j [, lax]]]): the code points of the characters
** starting between byte positions i and j (default i). */
static int u_codepoint(vm_State *S) {
  size_t len;
  const char *s = vm_checklstring(S, 1, &len);
  vm_Integer i = relpos(vm_optinteger(S, 2, 1), len);
  vm_Integer j = relpos(vm_optinteger(S, 3, i), len);
  int strict = !vm_toboolean(S, 4);
  int n = 0;
  vm_argcheck(S, i >= 1, 2, "out of bounds");
  vm_argcheck(S, j <= (vm_Integer)len, 3, "out of bounds");
  if (i > j) return 0;
  if (j - i >= INT_MAX) return vm_errorf(S, "string slice too long");
  vm_checkstackaux(S, (int)(j - i) + 1, "string slice too long");
  /* a character starting at j may extend past it: utf8_decode up to the end */
  for (size_t p = (size_t)i - 1; p < (size_t)j;) {
    uint32_t cp;
    size_t l = utf8_decode(s + p, len - p, &cp, strict);
    if (l == 0) return vm_errorf(S, "invalid UTF-8 code");
    vm_pushinteger(S, cp);
    n++;
    p += l;
  }
  return n;
}

/* utf8.len(s [, i [, j [, lax]]]): the number of characters starting
** between positions i and j, or fail plus the position of the first byte
** that does not start a valid character. */
static int u_len(vm_State *S) {
  size_t len;
  const char *s = vm_checklstring(S, 1, &len);
  vm_Integer i = relpos(vm_optinteger(S, 2, 1), len);
  vm_Integer j = relpos(vm_optinteger(S, 3, -1), len);
  int strict = !vm_toboolean(S, 4);
  vm_Integer n = 0;
  vm_argcheck(S, 1 <= i && i - 1 <= (vm_Integer)len, 2,
              "initial position out of bounds");
  vm_argcheck(S, j - 1 < (vm_Integer)len, 3, "final position out of bounds");
  for (vm_Integer p = i - 1; p < j;) {  /* p is 0-based, j is 1-based */
    uint32_t cp;
    size_t l = utf8_decode(s + p, len - (size_t)p, &cp, strict);
    if (l == 0) {
      vm_pushnil(S);
      vm_pushinteger(S, p + 1);
      return 2;
    }
    p += (vm_Integer)l;
    n++;
  }
  vm_pushinteger(S, n);
  return 1;
}

/* utf8.offset(s, n [, i]): the byte position where the n-th character
** counting from position i starts (n may be negative: backwards; 0: the
** start of the character containing byte i), or fail if there is none. */
static int u_offset(vm_State *S) {
  size_t len;
  const char *s = vm_checklstring(S, 1, &len);
  vm_Integer n = vm_checkinteger(S, 2);
  vm_Integer def = n >= 0 ? 1 : (vm_Integer)len + 1;
  vm_Integer p = relpos(vm_optinteger(S, 3, def), len);
  vm_argcheck(S, 1 <= p && p - 1 <= (vm_Integer)len, 3, "position out of bounds");
  p--;                            /* 0-based from here; p == len is the end */
#define contat(q) ((size_t)(q) < len && iscont(s[q]))
  if (n == 0) {
    while (p > 0 && contat(p)) p--;
  } else {
    if (contat(p)) return vm_errorf(S, "initial position is a continuation byte");
    if (n < 0) {
      for (; n < 0 && p > 0; n++) {
        do p--; while (p > 0 && contat(p));
      }
    } else {
      /* the character at p is the first one */
      for (n--; n > 0 && p < (vm_Integer)len; n--) {
        do p++; while (contat(p));
      }
    }
  }
#undef contat
  if (n == 0)
    vm_pushinteger(S, p + 1);
  else
    vm_pushnil(S);
  return 1;
}

/* The iterator of utf8.codes: the control value is the position of the
** previous character (0 at the start), so the next one begins after that
** byte once the previous character's continuation bytes are skipped. */
static int codes_step(vm_State *S, int strict) {
  size_t len;
  const char *s = vm_tolstring(S, 1, &len);
  /* a negative control wraps to a huge value and simply ends the loop */
  vm_Unsigned p = (vm_Unsigned)vm_tointeger(S, 2);
  uint32_t cp;
  size_t l;
  while (p < len && iscont(s[p])) p++;
  if (p >= len) return 0;
  l = utf8_decode(s + p, len - (size_t)p, &cp, strict);
  if (l == 0) return vm_errorf(S, "invalid UTF-8 code");
  vm_pushinteger(S, (vm_Integer)p + 1);
  vm_pushinteger(S, cp);
  return 2;
}

static int codes_strict(vm_State *S) { return codes_step(S, 1); }
static int codes_lax(vm_State *S) { return codes_step(S, 0); }

/* utf8.codes(s [, lax]): for p, c in utf8.codes(s) iterates positions and
** code points, raising an error at the first invalid sequence. */
static int u_codes(vm_State *S) {
  int lax = vm_toboolean(S, 2);
  vm_checkstring(S, 1);
  vm_pushcfunction(S, lax ? codes_lax : codes_strict);
  vm_pushvalue(S, 1);
  vm_pushinteger(S, 0);
  return 3;
}

/* Not static: traces call some of these (jit.h JIT_CCALLS) */
const vm_Reg utf8lib_funcs[] = {
  {"offset", u_offset},
  {"codepoint", u_codepoint},
  {"char", u_utfchar},
  {"len", u_len},
  {"codes", u_codes},
  {"charpattern", NULL},          /* a string, set below */
  {NULL, NULL}
};

int vm_open_utf8(vm_State *S) {
  vm_newlib(S, utf8lib_funcs);
  vm_pushlstring(S, charpattern, sizeof(charpattern) - 1);
  vm_setfield(S, -2, "charpattern");
  return 1;
}
