/*
** str.c — strings and the conversions between numbers and text.
**
** Strings live in the old space and never move, so their bytes can be
** handed to C code. Short strings (up to MAXSHORTLEN bytes) are interned in
** an open-addressing table keyed by XXH3 with a per-state random seed (hash
** flooding is not predictable); equal short strings are the same object, so
** they compare by pointer. Long strings are hashed lazily, only when used
** as table keys. The intern table is weak: a major collection replaces the
** entries of dead strings with tombstones (str_removedead).
**
** Also here: Lua's string->number rules (str2num), number formatting
** (num2str: "%.14g" for floats, with ".0" added to integral-looking ones),
** obj_pushfstring and the chunk-name display form (obj_chunkid).
*/
#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "internal.h"

/* ======================================================================
** Interning
** ====================================================================== */

static uint32_t hashbytes(Global *g, const char *s, size_t l) {
  return (uint32_t)XXH3_64bits_withSeed(s, l, g->seed);
}

uint32_t str_hashlong(TString *ts) {
  if (!ts->u8b) {
    /* any fixed seed works for long strings: their hash only places them in
    ** tables; use the same function as short strings for uniformity */
    ts->id = (uint32_t)XXH3_64bits(getstr(ts), ts->len);
    ts->u8b = 1;
  }
  return ts->id;
}

int str_eqlngstr(TString *a, TString *b) {
  size_t len = a->len;
  return (a == b) || (len == b->len && memcmp(getstr(a), getstr(b), len) == 0);
}

#define STR_PTRBITS 48
_Static_assert(sizeof(uintptr_t) == 8, "string table tags need 64-bit pointers");
#define STR_PTRMASK (((uintptr_t)1 << STR_PTRBITS) - 1)
#define strtag(h) ((uintptr_t)((h) >> 16) << STR_PTRBITS)
#define slotstr(v) ((TString *)((v) & STR_PTRMASK))

/* A deleted slot points to a string no lookup can match (its length is
** impossible), so probes need no separate test for it. */
static TString tombstone = {.len = (size_t)-1};
#define STR_TOMB ((uintptr_t)&tombstone)
#define isliveslot(v) ((v) != 0 && (v) != STR_TOMB)

static void tableinsert(StringTable *tb, TString *ts) {
  size_t mask = tb->size - 1;
  size_t i = ts->id & mask;
  while (isliveslot(tb->slots[i])) i = (i + 1) & mask;
  if (tb->slots[i] == 0) tb->used++;
  tb->slots[i] = (uintptr_t)ts | strtag(ts->id);
  tb->count++;
}

void str_resize(vm_State *S, size_t newsize) {
  StringTable *tb = &G(S)->strt;
  uintptr_t *old = tb->slots;
  size_t oldsize = tb->size, i;
  if (tb->count > tb->peak) tb->peak = tb->count;
  tb->slots = mem_newvector(S, newsize, uintptr_t);
  memset(tb->slots, 0, newsize * sizeof(uintptr_t));
  tb->size = newsize;
  tb->count = tb->used = 0;
  for (i = 0; i < oldsize; i++)
    if (isliveslot(old[i])) tableinsert(tb, slotstr(old[i]));
  mem_freearray(S, old, oldsize);
}

void str_inittable(vm_State *S) {
  StringTable *tb = &G(S)->strt;
  memset(G(S)->strcache, 0, sizeof(G(S)->strcache));
  tb->slots = NULL;
  tb->size = 0;
  tb->peak = 0;
  str_resize(S, MINSTRTABSIZE);
}

void str_removedead(vm_State *S) {
  StringTable *tb = &G(S)->strt;
  TString **cache = G(S)->strcache;
  size_t i;
  for (i = 0; i < STRCACHE_SIZE; i++)
    if (cache[i] != NULL && !(cache[i]->gcflags & (GCF_MARK | GCF_FIXED))) cache[i] = NULL;
  for (i = 0; i < tb->size; i++) {
    uintptr_t v = tb->slots[i];
    /* each test reads a string at random: fetch some ahead so that the
    ** misses overlap (the unpredictable branch would serialize them) */
    if (i + 8 < tb->size) __builtin_prefetch(slotstr(tb->slots[i + 8]));
    if (isliveslot(v) && !(slotstr(v)->gcflags & (GCF_MARK | GCF_FIXED))) {
      tb->slots[i] = STR_TOMB;
      tb->count--;
    }
  }
}

/* After a major collection dropped the dead strings: a table that held
** under 1/8 of its size for a whole cycle (after a burst of strings, say;
** the most it held is sampled when it grows and at minor collections)
** is rebuilt for twice the most it held, so that its slots do not stay
** allocated for ever, and a program whose strings come and go each cycle
** does not shrink and grow it again and again. Cannot fail: without the
** memory for the new one, the old one stays. */
void str_shrink(Global *g) {
  StringTable *tb = &g->strt;
  uintptr_t *old = tb->slots, *slots;
  size_t oldsize = tb->size, newsize = MINSTRTABSIZE, peak = tb->peak, i;
  tb->peak = tb->count; /* (the next cycle's, from here) */
  if (oldsize <= MINSTRTABSIZE || peak >= oldsize / 8) return;
  while (newsize < peak * 4) newsize *= 2;
  slots = mem_rawrealloc(g, NULL, 0, newsize * sizeof(uintptr_t));
  if (slots == NULL) return;
  memset(slots, 0, newsize * sizeof(uintptr_t));
  tb->slots = slots;
  tb->size = newsize;
  tb->count = tb->used = 0;
  for (i = 0; i < oldsize; i++)
    if (isliveslot(old[i])) tableinsert(tb, slotstr(old[i]));
  tb->peak = tb->count;
  mem_rawfree(g, old, oldsize * sizeof(uintptr_t));
  gc_addbytes(g, (ptrdiff_t)(newsize * sizeof(uintptr_t)) - (ptrdiff_t)(oldsize * sizeof(uintptr_t)));
}

static TString *createstr(vm_State *S, const char *str, size_t l, int tt) {
  TString *ts;
  if (l_unlikely(l >= MAX_SIZE - offsetof(TString, contents) - 1)) mem_toobig(S);
  ts = (TString *)gc_newold(S, tt, offsetof(TString, contents) + l + 1);
  ts->len = l;
  if (str) memcpy(getstr(ts), str, l);
  getstr(ts)[l] = '\0';
  return ts;
}

static TString *internshrstr(vm_State *S, const char *str, size_t l) {
  Global *g = G(S);
  StringTable *tb = &g->strt;
  uint32_t h = hashbytes(g, str, l);
  size_t mask = tb->size - 1;
  size_t i = h & mask;
  uintptr_t tag = strtag(h);
  TString *ts;
  for (;;) {
    uintptr_t v = tb->slots[i];
    if (v == 0) break;
    if ((v & ~STR_PTRMASK) == tag) {
      ts = slotstr(v);
      if (ts->id == h && ts->len == l && memcmp(str, getstr(ts), l) == 0) return ts;
    }
    i = (i + 1) & mask;
  }
  if (tb->used + 1 > tb->size / 4 * 3) {
    /* grow only if live strings fill the table; else just drop tombstones */
    str_resize(S, tb->count + 1 > tb->size / 2 ? tb->size * 2 : tb->size);
  }
  ts = createstr(S, str, l, T_SHRSTR);
  if (l_unlikely(((uintptr_t)ts & ~STR_PTRMASK) != 0)) mem_error(S); /* no room for the tag */
  ts->id = h;
  tableinsert(tb, ts);
  return ts;
}

TString *str_new(vm_State *S, const char *str, size_t l) {
  if (l <= MAXSHORTLEN) return internshrstr(S, str, l);
  return createstr(S, str, l, T_LNGSTR);
}

TString *str_newz(vm_State *S, const char *str) { return str_new(S, str, strlen(str)); }

/* The API interns the same C strings over and over: vm_getfield(S, i,
** "name"), vm_getmetafield(S, i, "__tostring"), option names. Most are
** literals at fixed addresses, so a cache keyed by the pointer finds the
** string with a comparison of the bytes instead of hashing them and
** probing the table (Lua 5.4's luaS_new has the same cache). The bytes are
** compared because the address may hold other text by now; a cached string
** came from a C string, so it has no embedded zeros and strcmp decides.
** A major collection drops the entries of dead strings (str_removedead). */
TString *str_newcached(vm_State *S, const char *str) {
  TString **slot = &G(S)->strcache[fibhash((uintptr_t)str, STRCACHE_BITS)];
  TString *ts = *slot;
  if (ts != NULL && strcmp(str, getstr(ts)) == 0) return ts;
  return *slot = str_newz(S, str);
}

TString *str_createlong(vm_State *S, size_t l) { return createstr(S, NULL, l, T_LNGSTR); }

Udata *udata_new(vm_State *S, size_t s, int nuvalue) {
  Udata *u;
  int i;
  if (l_unlikely(s > MAX_SIZE - udatamemoffset(nuvalue))) mem_toobig(S);
  u = (Udata *)gc_newold(S, T_UDATA, sizeudata(nuvalue, s));
  u->len = s;
  u->nuvalue = (uint16_t)nuvalue;
  u->metatable = NULL;
  for (i = 0; i < nuvalue; i++) setnilvalue(&u->uv[i]);
  return u;
}

/* ======================================================================
** String -> number
** ====================================================================== */

int hexavalue(int c) {
  if (isdigit(c)) return c - '0';
  return (tolower(c) - 'a') + 10;
}

/* Integer numeral: decimal (overflow fails, so the caller reads a float)
** or hexadecimal (wraps around modulo 2^64). */
static const char *str2int(const char *s, vm_Integer *result) {
  vm_Unsigned a = 0;
  int empty = 1, neg;
  while (isspace((unsigned char)*s)) s++;
  neg = (*s == '-');
  if (*s == '-' || *s == '+') s++;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s += 2;
    for (; isxdigit((unsigned char)*s); s++) {
      a = a * 16 + (vm_Unsigned)hexavalue(*s);
      empty = 0;
    }
  } else {
    const vm_Unsigned maxby10 = (vm_Unsigned)INT64_MAX / 10;
    const int maxlastd = (int)((vm_Unsigned)INT64_MAX % 10);
    for (; isdigit((unsigned char)*s); s++) {
      int d = *s - '0';
      if (a >= maxby10 && (a > maxby10 || d > maxlastd + neg)) return NULL;
      a = a * 10 + (vm_Unsigned)d;
      empty = 0;
    }
  }
  while (isspace((unsigned char)*s)) s++;
  if (empty || *s != '\0') return NULL;
  *result = l_castU2S(neg ? 0u - a : a);
  return s;
}

/* Float numeral through strtod, which reads decimal and C99 hex floats.
** Lua rejects "inf"/"nan" spellings, so any 'n'/'N' fails. strtod follows
** the locale's decimal point; if the numeral has a '.', retry with the
** locale's point in its place. */
static const char *str2d_(const char *s, vm_Number *result) {
  char *endptr;
  *result = strtod(s, &endptr);
  if (endptr == s) return NULL;
  while (isspace((unsigned char)*endptr)) endptr++;
  return (*endptr == '\0') ? endptr : NULL;
}

static const char *str2d(const char *s, vm_Number *result) {
  const char *pmode = strpbrk(s, ".xXnN");
  const char *endptr;
  int mode = pmode ? tolower((unsigned char)*pmode) : 0;
  if (mode == 'n') return NULL;
  endptr = str2d_(s, result);
  if (endptr == NULL) {
    char buff[201];
    const char *pdot = strchr(s, '.');
    if (pdot == NULL || strlen(s) > 200) return NULL;
    strcpy(buff, s);
    buff[pdot - s] = localeconv()->decimal_point[0];
    endptr = str2d_(buff, result);
    if (endptr != NULL) endptr = s + (endptr - buff);
  }
  return endptr;
}

size_t str2num(const char *s, TValue *o) {
  vm_Integer i;
  vm_Number n;
  const char *e;
  if ((e = str2int(s, &i)) != NULL) {
    setivalue(o, i);
  } else if ((e = str2d(s, &n)) != NULL) {
    setfltvalue(o, n);
  } else {
    return 0;
  }
  return (size_t)(e - s) + 1;
}

int cvt2num_str(const TValue *o, TValue *result) {
  TString *ts;
  if (!ttisstring(o)) return 0;
  ts = tsvalue(o);
  return str2num(getstr(ts), result) == ts->len + 1;
}

/* ======================================================================
** Number -> string
** ====================================================================== */

/* Decimal digits of an integer, as "%lld" prints them: the conversion
** behind every integer concatenated or turned into a string, where
** snprintf's format parsing cost more than the digits. */
static int int2str(vm_Integer i, char *buff) {
  char tmp[24];
  int n = 0, len = 0;
  vm_Unsigned u = i < 0 ? 0u - l_castS2U(i) : l_castS2U(i);
  do {
    tmp[n++] = (char)('0' + (int)(u % 10));
    u /= 10;
  } while (u != 0);
  if (i < 0) buff[len++] = '-';
  while (n > 0) buff[len++] = tmp[--n];
  buff[len] = '\0';
  return len;
}

int num2str(const TValue *obj, char *buff) {
  int len;
  if (ttisinteger(obj)) {
    len = int2str(ivalue(obj), buff);
  } else {
    len = snprintf(buff, MAXNUMBER2STR, "%.14g", fltvalue(obj));
    if (buff[strspn(buff, "-0123456789")] == '\0') { /* looks like an int? */
      buff[len++] = localeconv()->decimal_point[0];
      buff[len++] = '0';
    }
  }
  return len;
}

void obj_tostring(vm_State *S, TValue *obj) {
  char buff[MAXNUMBER2STR];
  int len = num2str(obj, buff);
  setsvalue(S, obj, str_new(S, buff, (size_t)len));
}

int utf8esc(char *buff, unsigned long x) {
  int n = 1;
  if (x < 0x80) {
    buff[UTF8BUFFSZ - 1] = (char)x;
  } else {
    unsigned int mfb = 0x3f; /* largest that fits in the first byte */
    do {
      buff[UTF8BUFFSZ - (n++)] = (char)(0x80 | (x & 0x3f));
      x >>= 6;
      mfb >>= 1;
    } while (x > mfb);
    buff[UTF8BUFFSZ - n] = (char)((~mfb << 1) | x);
  }
  return n;
}

int ceillog2(unsigned int x) {
  int l = 0;
  x--;
  while (x >= 256) {
    l += 8;
    x >>= 8;
  }
  while (x > 0) {
    l++;
    x >>= 1;
  }
  return l;
}

/* ======================================================================
** Formatted messages
** ====================================================================== */

/* Builds in C memory, then makes one string: no GC object exists until the
** end, so arguments that point into strings stay valid throughout. */
typedef struct FmtBuf {
  char *b;
  size_t n, size;
  char init[200];
} FmtBuf;

static void fb_add(vm_State *S, FmtBuf *fb, const char *s, size_t l) {
  if (fb->n + l > fb->size) {
    size_t ns = (fb->size + l) * 2;
    char *nb = malloc(ns);
    if (nb == NULL) mem_error(S);
    memcpy(nb, fb->b, fb->n);
    if (fb->b != fb->init) free(fb->b);
    fb->b = nb;
    fb->size = ns;
  }
  memcpy(fb->b + fb->n, s, l);
  fb->n += l;
}

const char *obj_pushvfstring(vm_State *S, const char *fmt, va_list argp) {
  FmtBuf fb;
  const char *e;
  TString *ts;
  fb.b = fb.init;
  fb.n = 0;
  fb.size = sizeof(fb.init);
  while ((e = strchr(fmt, '%')) != NULL) {
    char buff[MAXNUMBER2STR + UTF8BUFFSZ];
    fb_add(S, &fb, fmt, (size_t)(e - fmt));
    switch (e[1]) {
      case 's': {
        const char *s = va_arg(argp, char *);
        if (s == NULL) s = "(null)";
        fb_add(S, &fb, s, strlen(s));
        break;
      }
      case 'c': {
        char c = (char)(unsigned char)va_arg(argp, int);
        fb_add(S, &fb, &c, 1);
        break;
      }
      case 'd': {
        TValue num;
        setivalue(&num, va_arg(argp, int));
        fb_add(S, &fb, buff, (size_t)num2str(&num, buff));
        break;
      }
      case 'I': {
        TValue num;
        setivalue(&num, (vm_Integer)va_arg(argp, vm_Integer));
        fb_add(S, &fb, buff, (size_t)num2str(&num, buff));
        break;
      }
      case 'f': {
        TValue num;
        setfltvalue(&num, (vm_Number)va_arg(argp, double));
        fb_add(S, &fb, buff, (size_t)num2str(&num, buff));
        break;
      }
      case 'p': {
        void *p = va_arg(argp, void *);
        int l = snprintf(buff, sizeof(buff), "%p", p);
        fb_add(S, &fb, buff, (size_t)l);
        break;
      }
      case 'U': {
        char ub[UTF8BUFFSZ];
        int l = utf8esc(ub, (unsigned long)va_arg(argp, long));
        fb_add(S, &fb, ub + UTF8BUFFSZ - l, (size_t)l);
        break;
      }
      case '%': fb_add(S, &fb, "%", 1); break;
      default:
        if (fb.b != fb.init) free(fb.b);
        dbg_runerror(S, "invalid option '%%%c' to 'pushfstring'", e[1]);
    }
    fmt = e + 2;
  }
  fb_add(S, &fb, fmt, strlen(fmt));
  ts = str_new(S, fb.b, fb.n);
  if (fb.b != fb.init) free(fb.b);
  setsvalue(S, s2v(S->top), ts);
  S->top++;
  return getstr(ts);
}

const char *obj_pushfstring(vm_State *S, const char *fmt, ...) {
  const char *msg;
  va_list argp;
  va_start(argp, fmt);
  msg = obj_pushvfstring(S, fmt, argp);
  va_end(argp);
  return msg;
}

/* The display form of a chunk name, at most VM_IDSIZE bytes with '\0':
** "=name" -> name; "@file" -> file (keeping its end); otherwise
** [string "first line..."]. */
#define RETS "..."
#define PRE "[string \""
#define POS "\"]"
#define addstr(a, b, l) (memcpy(a, b, (l) * sizeof(char)), a += (l))

void obj_chunkid(char *out, const char *source, size_t srclen) {
  size_t bufflen = VM_IDSIZE;
  if (*source == '=') {
    if (srclen <= bufflen) {
      memcpy(out, source + 1, srclen * sizeof(char));
    } else {
      addstr(out, source + 1, bufflen - 1);
      *out = '\0';
    }
  } else if (*source == '@') {
    if (srclen <= bufflen) {
      memcpy(out, source + 1, srclen * sizeof(char));
    } else {
      addstr(out, RETS, strlen(RETS));
      bufflen -= strlen(RETS);
      memcpy(out, source + 1 + srclen - bufflen, bufflen * sizeof(char));
    }
  } else {
    const char *nl = strchr(source, '\n');
    addstr(out, PRE, strlen(PRE));
    bufflen -= strlen(PRE RETS POS) + 1;
    if (srclen < bufflen && nl == NULL) {
      addstr(out, source, srclen);
    } else {
      if (nl != NULL) srclen = (size_t)(nl - source);
      if (srclen > bufflen) srclen = bufflen;
      addstr(out, source, srclen);
      addstr(out, RETS, strlen(RETS));
    }
    memcpy(out, POS, (strlen(POS) + 1) * sizeof(char));
  }
}
