/*
** libstring.c — Lua 5.4's string library (pack, unpack and packsize are
** in libstrpack.c, dump's format in dump.c), its pattern-matching engine,
** and the string metatable (__index = the library, plus the arithmetic
** metamethods that coerce numerals).
**
** Results are built in a vm_Buffer, whose storage past 256 bytes is a
** userdata anchored in a stack slot. An error raised midway (a bad argument
** of format, a malformed pattern found while matching, a failing gsub
** callback) then leaves nothing behind.
**
** Patterns: a backtracking matcher over the pattern text, bounded by
** MAXMATCHDEPTH nested matches so hostile patterns fail with "pattern too
** complex" instead of overflowing the C stack. Character classes use the C
** locale's ctype, as Lua does.
*/
#include <ctype.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "libstrpack.h"
#include "vm.h"

#define uchar(c) ((unsigned char)(c))

/* Strings built by the library stay below this size (Lua's limit). */
#define MAXSTRSIZE ((size_t)INT_MAX)

/* ======================================================================
** Positions: Lua's rules for negative and out-of-range indices
** ====================================================================== */

/* Start position: negative counts from the end, clipped to [1, inf). */
static size_t posrelat_start(vm_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0) return 1;
  if (pos < -(vm_Integer)len) return 1;
  return len + (size_t)pos + 1;
}

/* End position from argument arg (default def), clipped to [0, len]. */
static size_t getendpos(vm_State *S, int arg, vm_Integer def, size_t len) {
  vm_Integer pos = vm_optinteger(S, arg, def);
  if (pos > (vm_Integer)len) return len;
  if (pos >= 0) return (size_t)pos;
  if (pos < -(vm_Integer)len) return 0;
  return len + (size_t)pos + 1;
}

/* ======================================================================
** Simple functions
** ====================================================================== */

static int s_len(vm_State *S) {
  size_t l;
  vm_checklstring(S, 1, &l);
  vm_pushinteger(S, (vm_Integer)l);
  return 1;
}

static int s_sub(vm_State *S) {
  size_t l;
  const char *s = vm_checklstring(S, 1, &l);
  size_t start = posrelat_start(vm_checkinteger(S, 2), l);
  size_t end = getendpos(S, 3, -1, l);
  if (start > end) vm_pushliteral(S, "");
  else vm_pushlstring(S, s + start - 1, end - start + 1);
  return 1;
}

/* upper/lower/reverse: one byte in, one byte out. */
static int mapbytes(vm_State *S, int (*f)(int), int reverse) {
  size_t l;
  const char *s = vm_checklstring(S, 1, &l);
  vm_Buffer b;
  vm_buffinit(S, &b);
  char *p = vm_prepbuffsize(&b, l);
  for (size_t i = 0; i < l; i++)
    p[i] = reverse ? s[l - 1 - i] : (char)f(uchar(s[i]));
  b.n = l;
  vm_pushresult(&b);
  return 1;
}

static int s_upper(vm_State *S) { return mapbytes(S, toupper, 0); }
static int s_lower(vm_State *S) { return mapbytes(S, tolower, 0); }
static int s_reverse(vm_State *S) { return mapbytes(S, NULL, 1); }

static int s_rep(vm_State *S) {
  size_t l, lsep;
  const char *s = vm_checklstring(S, 1, &l);
  vm_Integer n = vm_checkinteger(S, 2);
  const char *sep = vm_optlstring(S, 3, "", &lsep);
  if (n <= 0 || l + lsep == 0) {
    vm_pushliteral(S, "");
    return 1;
  }
  /* size check before any allocation: n*l + (n-1)*lsep <= MAXSTRSIZE */
  if (l + lsep < l || l + lsep > MAXSTRSIZE / (vm_Unsigned)n)
    return vm_errorf(S, "resulting string too large");
  size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
  vm_Buffer b;
  vm_buffinit(S, &b);
  char *p = vm_prepbuffsize(&b, total);
  if (l == 1 && lsep == 0) { /* rep of one character: no call per copy */
    memset(p, *s, total);
    b.n = total;
    vm_pushresult(&b);
    return 1;
  }
  for (; n > 1; n--) {
    memcpy(p, s, l);
    p += l;
    memcpy(p, sep, lsep);
    p += lsep;
  }
  memcpy(p, s, l);
  b.n = total;
  vm_pushresult(&b);
  return 1;
}

static int s_byte(vm_State *S) {
  size_t l;
  const char *s = vm_checklstring(S, 1, &l);
  vm_Integer pi = vm_optinteger(S, 2, 1);
  size_t pose = getendpos(S, 3, pi, l);
  size_t posi = posrelat_start(pi, l);
  if (posi > pose) return 0;
  if (pose - posi >= (size_t)INT_MAX) return vm_errorf(S, "string slice too long");
  int n = (int)(pose - posi) + 1;
  vm_checkstackaux(S, n, "string slice too long");
  for (int i = 0; i < n; i++) vm_pushinteger(S, uchar(s[posi + i - 1]));
  return n;
}

static int s_char(vm_State *S) {
  int n = vm_gettop(S);
  vm_Buffer b;
  for (int i = 1; i <= n; i++) {      /* check everything first */
    vm_Unsigned c = (vm_Unsigned)vm_checkinteger(S, i);
    vm_argcheck(S, c <= (vm_Unsigned)UCHAR_MAX, i, "value out of range");
  }
  vm_buffinit(S, &b);
  char *p = vm_prepbuffsize(&b, (size_t)n);
  for (int i = 1; i <= n; i++) p[i - 1] = (char)uchar(vm_tointeger(S, i));
  b.n = (size_t)n;
  vm_pushresult(&b);
  return 1;
}

/* ======================================================================
** Pattern matching
** ====================================================================== */
#define ESC '%'
#define SPECIALS "^$*+?.([%-"
#define MAXCAPTURES 32
#define MAXMATCHDEPTH 200
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)

typedef struct MatchState {
  const char *src_init, *src_end;
  const char *p_end;
  vm_State *S;
  int matchdepth;        /* nested matches still allowed */
  int level;             /* captures open or closed so far */
  struct {
    const char *init;
    ptrdiff_t len;       /* or CAP_UNFINISHED / CAP_POSITION */
  } capture[MAXCAPTURES];
} MatchState;

static const char *do_match(MatchState *ms, const char *s, const char *p);

static int check_capture(MatchState *ms, int l) {
  l -= '1';
  if (l < 0 || l >= ms->level || ms->capture[l].len == CAP_UNFINISHED)
    return vm_errorf(ms->S, "invalid capture index %%%d", l + 1);
  return l;
}

static int capture_to_close(MatchState *ms) {
  for (int level = ms->level - 1; level >= 0; level--)
    if (ms->capture[level].len == CAP_UNFINISHED) return level;
  return vm_errorf(ms->S, "invalid pattern capture");
}

/* End of the single-character class starting at p. */
static const char *class_end(MatchState *ms, const char *p) {
  char c = *p++;
  if (c == ESC) {
    if (p == ms->p_end) vm_errorf(ms->S, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    if (*p == '^') p++;
    do {                  /* the first char is never the closing ']' */
      if (p == ms->p_end) vm_errorf(ms->S, "malformed pattern (missing ']')");
      if (*(p++) == ESC && p < ms->p_end) p++;
    } while (*p != ']');
    return p + 1;
  }
  return p;
}

/* Does c belong to class %cl? (%z, deprecated but still accepted by 5.4,
** is the NUL byte.) Upper-case classes are complements; any
** other escaped char stands for itself. A switch, so the ctype tests
** inline (the pattern matcher's innermost test; a table of function
** pointers cost a call and a scan per character). */
static int match_class(int c, int cl) {
  int res;
  switch (tolower(cl)) {
    case 'a': res = isalpha(c); break;
    case 'c': res = iscntrl(c); break;
    case 'd': res = isdigit(c); break;
    case 'g': res = isgraph(c); break;
    case 'l': res = islower(c); break;
    case 'p': res = ispunct(c); break;
    case 's': res = isspace(c); break;
    case 'u': res = isupper(c); break;
    case 'w': res = isalnum(c); break;
    case 'x': res = isxdigit(c); break;
    case 'z': res = (c == 0); break;
    default: return cl == c;
  }
  return isupper(cl) ? !res : res != 0;
}

/* p at '[', ec at the closing ']'. */
static int match_bracket(int c, const char *p, const char *ec) {
  int in = 1;
  if (*(p + 1) == '^') {
    in = 0;
    p++;
  }
  while (++p < ec) {
    if (*p == ESC) {
      p++;
      if (match_class(c, uchar(*p))) return in;
    } else if (*(p + 1) == '-' && p + 2 < ec) {
      p += 2;
      if (uchar(*(p - 2)) <= c && c <= uchar(*p)) return in;
    } else if (uchar(*p) == c)
      return in;
  }
  return !in;
}

static int single_match(MatchState *ms, const char *s, const char *p, const char *ep) {
  if (s >= ms->src_end) return 0;
  int c = uchar(*s);
  switch (*p) {
    case '.': return 1;
    case ESC: return match_class(c, uchar(*(p + 1)));
    case '[': return match_bracket(c, p, ep - 1);
    default: return uchar(*p) == c;
  }
}

static const char *match_balance(MatchState *ms, const char *s, const char *p) {
  if (p >= ms->p_end - 1)
    vm_errorf(ms->S, "malformed pattern (missing arguments to '%%b')");
  if (s >= ms->src_end || *s != *p) return NULL;
  char open = *p, close = *(p + 1);
  int depth = 1;
  while (++s < ms->src_end) {
    if (*s == close) {
      if (--depth == 0) return s + 1;
    } else if (*s == open)
      depth++;
  }
  return NULL;
}

static const char *max_expand(MatchState *ms, const char *s, const char *p, const char *ep) {
  ptrdiff_t i = 0;
  while (single_match(ms, s + i, p, ep)) i++;
  for (; i >= 0; i--) {           /* longest first, then back off */
    const char *res = do_match(ms, s + i, ep + 1);
    if (res) return res;
  }
  return NULL;
}

static const char *min_expand(MatchState *ms, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *res = do_match(ms, s, ep + 1);
    if (res) return res;
    if (!single_match(ms, s, p, ep)) return NULL;
    s++;
  }
}

static const char *start_capture(MatchState *ms, const char *s, const char *p, int what) {
  int level = ms->level;
  if (level >= MAXCAPTURES) vm_errorf(ms->S, "too many captures");
  ms->capture[level].init = s;
  ms->capture[level].len = what;
  ms->level = level + 1;
  const char *res = do_match(ms, s, p);
  if (res == NULL) ms->level--;   /* undo */
  return res;
}

static const char *end_capture(MatchState *ms, const char *s, const char *p) {
  int l = capture_to_close(ms);
  ms->capture[l].len = s - ms->capture[l].init;
  const char *res = do_match(ms, s, p);
  if (res == NULL) ms->capture[l].len = CAP_UNFINISHED;  /* undo */
  return res;
}

static const char *match_capture(MatchState *ms, const char *s, int l) {
  l = check_capture(ms, l);
  size_t len = (size_t)ms->capture[l].len;
  if ((size_t)(ms->src_end - s) >= len && memcmp(ms->capture[l].init, s, len) == 0)
    return s + len;
  return NULL;
}

/* Matches pattern p against subject s; returns the end of the match or
** NULL. Single-char items without a quantifier, and items that consume
** nothing, loop here instead of recursing. */
static const char *do_match(MatchState *ms, const char *s, const char *p) {
  if (ms->matchdepth-- == 0) vm_errorf(ms->S, "pattern too complex");
  while (p != ms->p_end) {
    switch (*p) {
      case '(':
        if (p + 1 < ms->p_end && *(p + 1) == ')')
          s = start_capture(ms, s, p + 2, CAP_POSITION);
        else
          s = start_capture(ms, s, p + 1, CAP_UNFINISHED);
        goto done;
      case ')':
        s = end_capture(ms, s, p + 1);
        goto done;
      case '$':
        if (p + 1 != ms->p_end) break;  /* a plain '$' */
        if (s != ms->src_end) s = NULL;
        goto done;
      case ESC:
        if (*(p + 1) == 'b') {
          s = match_balance(ms, s, p + 2);
          if (s == NULL) goto done;
          p += 4;
          continue;
        }
        if (*(p + 1) == 'f') {
          p += 2;
          if (*p != '[') vm_errorf(ms->S, "missing '[' after '%%f' in pattern");
          const char *ep = class_end(ms, p);
          int prev = (s == ms->src_init) ? '\0' : uchar(*(s - 1));
          int cur = (s < ms->src_end) ? uchar(*s) : '\0';
          if (!match_bracket(prev, p, ep - 1) && match_bracket(cur, p, ep - 1)) {
            p = ep;
            continue;
          }
          s = NULL;
          goto done;
        }
        if (isdigit(uchar(*(p + 1)))) {
          s = match_capture(ms, s, uchar(*(p + 1)));
          if (s == NULL) goto done;
          p += 2;
          continue;
        }
        break;                    /* an escaped class: a single item */
      default:
        break;
    }
    /* a single-char class, possibly quantified */
    const char *ep = class_end(ms, p);
    if (!single_match(ms, s, p, ep)) {
      if (*ep == '*' || *ep == '?' || *ep == '-') {  /* may match nothing */
        p = ep + 1;
        continue;
      }
      s = NULL;
      goto done;
    }
    switch (*ep) {
      case '?': {
        const char *res = do_match(ms, s + 1, ep + 1);
        if (res != NULL) {
          s = res;
          goto done;
        }
        p = ep + 1;
        continue;
      }
      case '+':
        s = max_expand(ms, s + 1, p, ep);
        goto done;
      case '*':
        s = max_expand(ms, s, p, ep);
        goto done;
      case '-':
        s = min_expand(ms, s, p, ep);
        goto done;
      default:
        s++;
        p = ep;
        continue;
    }
  }
done:
  ms->matchdepth++;
  return s;
}

static void prepstate(MatchState *ms, vm_State *S, const char *s, size_t ls,
                      const char *p, size_t lp) {
  ms->S = S;
  ms->src_init = s;
  ms->src_end = s + ls;
  ms->p_end = p + lp;
}

static void reprepstate(MatchState *ms) {
  ms->level = 0;
  ms->matchdepth = MAXMATCHDEPTH;
}

/* Pushes capture i; with no captures at all, i == 0 means the whole match
** s..e. */
static void push_onecapture(MatchState *ms, int i, const char *s, const char *e) {
  if (i >= ms->level) {
    if (i != 0) vm_errorf(ms->S, "invalid capture index %%%d", i + 1);
    vm_pushlstring(ms->S, s, (size_t)(e - s));
    return;
  }
  ptrdiff_t l = ms->capture[i].len;
  if (l == CAP_UNFINISHED) vm_errorf(ms->S, "unfinished capture");
  if (l == CAP_POSITION)
    vm_pushinteger(ms->S, (ms->capture[i].init - ms->src_init) + 1);
  else
    vm_pushlstring(ms->S, ms->capture[i].init, (size_t)l);
}

static int push_captures(MatchState *ms, const char *s, const char *e) {
  int n = (ms->level == 0 && s != NULL) ? 1 : ms->level;
  vm_checkstackaux(ms->S, n, "too many captures");
  for (int i = 0; i < n; i++) push_onecapture(ms, i, s, e);
  return n;
}

/* Does the pattern have no magic characters (so plain search will do)? */
static int nospecials(const char *p, size_t l) {
  size_t upto = 0;
  do {                             /* strpbrk stops at embedded zeros */
    if (strpbrk(p + upto, SPECIALS)) return 0;
    upto += strlen(p + upto) + 1;
  } while (upto <= l);
  return 1;
}

static const char *memfind(const char *s1, size_t l1, const char *s2, size_t l2) {
  if (l2 == 0) return s1;
  if (l2 > l1) return NULL;
  const char *end = s1 + (l1 - l2);    /* last possible start */
  while (s1 <= end) {
    const char *hit = memchr(s1, *s2, (size_t)(end - s1) + 1);
    if (hit == NULL) return NULL;
    if (memcmp(hit + 1, s2 + 1, l2 - 1) == 0) return hit;
    s1 = hit + 1;
  }
  return NULL;
}

static int find_aux(vm_State *S, int find) {
  size_t ls, lp;
  const char *s = vm_checklstring(S, 1, &ls);
  const char *p = vm_checklstring(S, 2, &lp);
  size_t init = posrelat_start(vm_optinteger(S, 3, 1), ls) - 1;
  if (init > ls) {                /* start after the end: no match */
    vm_pushnil(S);
    return 1;
  }
  if (find && (vm_toboolean(S, 4) || nospecials(p, lp))) {
    const char *hit = memfind(s + init, ls - init, p, lp);
    if (hit) {
      vm_pushinteger(S, (hit - s) + 1);
      vm_pushinteger(S, (vm_Integer)((size_t)(hit - s) + lp));
      return 2;
    }
  } else {
    MatchState ms;
    const char *s1 = s + init;
    int anchor = (*p == '^');
    if (anchor) {
      p++;
      lp--;
    }
    prepstate(&ms, S, s, ls, p, lp);
    do {
      reprepstate(&ms);
      const char *e = do_match(&ms, s1, p);
      if (e != NULL) {
        if (find) {
          vm_pushinteger(S, (s1 - s) + 1);
          vm_pushinteger(S, e - s);
          return push_captures(&ms, NULL, 0) + 2;
        }
        return push_captures(&ms, s1, e);
      }
    } while (s1++ < ms.src_end && !anchor);
  }
  vm_pushnil(S);
  return 1;
}

static int s_find(vm_State *S) { return find_aux(S, 1); }
static int s_match(vm_State *S) { return find_aux(S, 0); }

/* gmatch's iterator state, a userdata upvalue; the subject and pattern
** strings are upvalues too, which keeps the pointers valid. */
typedef struct GMatchState {
  const char *src;
  const char *p;
  const char *lastmatch;   /* end of the previous match (no empty repeat) */
  MatchState ms;
} GMatchState;

/* Not static: traces call it (jit.h stringlib_gmatchaux) */
int stringlib_gmatchaux(vm_State *S) {
  GMatchState *gm = vm_touserdata(S, vm_upvalueindex(3));
  gm->ms.S = S;
  for (const char *src = gm->src; src <= gm->ms.src_end; src++) {
    reprepstate(&gm->ms);
    const char *e = do_match(&gm->ms, src, gm->p);
    if (e != NULL && e != gm->lastmatch) {
      gm->src = gm->lastmatch = e;
      return push_captures(&gm->ms, src, e);
    }
  }
  return 0;
}

static int s_gmatch(vm_State *S) {
  size_t ls, lp;
  const char *s = vm_checklstring(S, 1, &ls);
  const char *p = vm_checklstring(S, 2, &lp);
  size_t init = posrelat_start(vm_optinteger(S, 3, 1), ls) - 1;
  vm_settop(S, 2);
  GMatchState *gm = vm_newuserdatauv(S, sizeof(GMatchState), 0);
  if (init > ls) init = ls + 1;   /* past the end: nothing to find */
  prepstate(&gm->ms, S, s, ls, p, lp);
  gm->src = s + init;
  gm->p = p;
  gm->lastmatch = NULL;
  vm_pushcclosure(S, stringlib_gmatchaux, 3);
  return 1;
}

/* Appends the replacement string (argument 3) with %0-%9 and %% expanded. */
static void add_s(MatchState *ms, vm_Buffer *b, const char *s, const char *e) {
  vm_State *S = ms->S;
  size_t l;
  const char *r = vm_tolstring(S, 3, &l);
  const char *p;
  while ((p = memchr(r, ESC, l)) != NULL) {
    vm_addlstring(b, r, (size_t)(p - r));
    p++;                          /* the char after '%' (maybe the final NUL) */
    if (*p == ESC)
      vm_addchar(b, *p);
    else if (*p == '0')
      vm_addlstring(b, s, (size_t)(e - s));
    else if (isdigit(uchar(*p))) {
      push_onecapture(ms, *p - '1', s, e);
      vm_tolstringmeta(S, -1, NULL);   /* captures may be positions */
      vm_remove(S, -2);
      vm_addvalue(b);
    } else
      vm_errorf(S, "invalid use of '%c' in replacement string", ESC);
    l -= (size_t)(p + 1 - r);
    r = p + 1;
  }
  vm_addlstring(b, r, l);
}

/* Appends the replacement for match s..e; returns whether it changed
** anything (false/nil from a table or function keeps the match). */
static int add_value(MatchState *ms, vm_Buffer *b, const char *s, const char *e, int tr) {
  vm_State *S = ms->S;
  if (tr == VM_TFUNCTION) {
    vm_pushvalue(S, 3);
    int n = push_captures(ms, s, e);
    vm_call(S, n, 1);
  } else if (tr == VM_TTABLE) {
    push_onecapture(ms, 0, s, e);
    vm_gettable(S, 3);
  } else {
    add_s(ms, b, s, e);
    return 1;
  }
  if (!vm_toboolean(S, -1)) {
    vm_pop(S, 1);
    vm_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!vm_isstring(S, -1))
    return vm_errorf(S, "invalid replacement value (a %s)", vm_typename(S, vm_type(S, -1)));
  vm_addvalue(b);
  return 1;
}

static int s_gsub(vm_State *S) {
  size_t srcl, lp;
  const char *src = vm_checklstring(S, 1, &srcl);
  const char *p = vm_checklstring(S, 2, &lp);
  const char *lastmatch = NULL;
  int tr = vm_type(S, 3);
  vm_Integer max_s = vm_optinteger(S, 4, (vm_Integer)srcl + 1);
  int anchor = (*p == '^');
  vm_Integer n = 0;
  int changed = 0;
  MatchState ms;
  vm_Buffer b;
  vm_argexpected(S, tr == VM_TNUMBER || tr == VM_TSTRING || tr == VM_TFUNCTION ||
                    tr == VM_TTABLE, 3, "string/function/table");
  vm_settop(S, 4);
  vm_buffinit(S, &b);
  if (anchor) {
    p++;
    lp--;
  }
  prepstate(&ms, S, src, srcl, p, lp);
  while (n < max_s) {
    reprepstate(&ms);
    const char *e = do_match(&ms, src, p);
    if (e != NULL && e != lastmatch) {
      n++;
      changed = add_value(&ms, &b, src, e, tr) | changed;
      src = lastmatch = e;
    } else if (src < ms.src_end)
      vm_addchar(&b, *src++);
    else
      break;
    if (anchor) break;
  }
  if (!changed)
    vm_pushvalue(S, 1);
  else {
    vm_addlstring(&b, src, (size_t)(ms.src_end - src));
    vm_pushresult(&b);
  }
  vm_pushinteger(S, n);
  return 2;
}

/* ======================================================================
** string.format
** ====================================================================== */

/* Longest output of one item other than '%f' of a huge number. */
#define MAX_ITEM 120
#define MAX_ITEMF (110 + DBL_MAX_10_EXP)
#define MAX_FORMAT 32

/* Flags each conversion accepts. */
#define FLAGS_F "-+ #0"
#define FLAGS_X "-#0"
#define FLAGS_I "-+ 0"
#define FLAGS_U "-0"
#define FLAGS_C "-"

static const char *skip2digits(const char *s) {
  if (isdigit(uchar(*s))) {
    s++;
    if (isdigit(uchar(*s))) s++;
  }
  return s;
}

/* Width and precision have at most two digits, and a conversion accepts
** only its own flags. */
static void checkformat(vm_State *S, const char *form, const char *flags, int precision) {
  const char *spec = form + 1;
  spec += strspn(spec, flags);
  if (*spec != '0') {             /* a '0' here would be a disallowed flag */
    spec = skip2digits(spec);
    if (*spec == '.' && precision) spec = skip2digits(spec + 1);
  }
  if (!isalpha(uchar(*spec)))
    vm_errorf(S, "invalid conversion specification: '%s'", form);
}

/* Copies one "%..." specification (flags, digits, dots and the conversion
** char) into form; returns the position of the conversion char. */
static const char *getformat(vm_State *S, const char *fmt, char *form) {
  size_t len = strspn(fmt, FLAGS_F "123456789.") + 1;
  if (len >= MAX_FORMAT - 10) vm_errorf(S, "invalid format (too long)");
  *form++ = '%';
  memcpy(form, fmt, len);
  form[len] = '\0';
  return fmt + len - 1;
}

/* Inserts a length modifier before the conversion char. */
static void addlenmod(char *form, const char *lenmod) {
  size_t l = strlen(form), lm = strlen(lenmod);
  char spec = form[l - 1];
  memcpy(form + l - 1, lenmod, lm);
  form[l + lm - 1] = spec;
  form[l + lm] = '\0';
}

static void addquoted(vm_Buffer *b, const char *s, size_t len) {
  vm_addchar(b, '"');
  for (; len--; s++) {
    if (*s == '"' || *s == '\\' || *s == '\n') {
      vm_addchar(b, '\\');
      vm_addchar(b, *s);
    } else if (iscntrl(uchar(*s))) {
      /* three digits when a digit follows, so it is not read as part of it */
      char buff[10];
      int n = snprintf(buff, sizeof(buff), isdigit(uchar(*(s + 1))) ? "\\%03d" : "\\%d",
                       uchar(*s));
      vm_addlstring(b, buff, (size_t)n);
    } else
      vm_addchar(b, *s);
  }
  vm_addchar(b, '"');
}

/* A float as a literal that reads back exactly: hexadecimal, with the
** special values written as expressions. */
static int quotefloat(char *buff, vm_Number n) {
  if (n == (vm_Number)HUGE_VAL) return snprintf(buff, MAX_ITEM, "1e9999");
  if (n == -(vm_Number)HUGE_VAL) return snprintf(buff, MAX_ITEM, "-1e9999");
  if (n != n) return snprintf(buff, MAX_ITEM, "(0/0)");
  return snprintf(buff, MAX_ITEM, "%a", n);
}

static void addliteral(vm_State *S, vm_Buffer *b, int arg) {
  switch (vm_type(S, arg)) {
    case VM_TSTRING: {
      size_t len;
      const char *s = vm_tolstring(S, arg, &len);
      addquoted(b, s, len);
      break;
    }
    case VM_TNUMBER: {
      char *buff = vm_prepbuffsize(b, MAX_ITEM);
      int nb;
      if (!vm_isinteger(S, arg))
        nb = quotefloat(buff, vm_tonumber(S, arg));
      else {
        vm_Integer n = vm_tointeger(S, arg);
        /* mininteger has no decimal literal: "-9223372036854775808" reads
        ** as a float */
        nb = snprintf(buff, MAX_ITEM, n == INT64_MIN ? "0x%llx" : "%lld", (long long)n);
      }
      b->n += (size_t)nb;
      break;
    }
    case VM_TNIL:
    case VM_TBOOLEAN:
      vm_tolstringmeta(S, arg, NULL);
      vm_addvalue(b);
      break;
    default:
      vm_argerror(S, arg, "value has no literal form");
  }
}

/* Appends n in decimal, digits written from the end of a local array. (A
** number converted through the API would be made an interned string
** first: hashed, looked up, allocated. str.c's int2str is the VM's own
** copy; the libraries see only vm.h.) */
static void addinteger(vm_Buffer *b, vm_Integer n) {
  char digits[24];
  char *end = digits + sizeof digits, *p = end;
  unsigned long long u = (unsigned long long)n;
  if (n < 0) u = 0 - u;
  do {
    *--p = (char)('0' + (int)(u % 10));
    u /= 10;
  } while (u > 0);
  if (n < 0) *--p = '-';
  vm_addlstring(b, p, (size_t)(end - p));
}

static int s_format(vm_State *S) {
  int top = vm_gettop(S);
  int arg = 1;
  size_t sfl;
  const char *fmt = vm_checklstring(S, arg, &sfl);
  const char *fmt_end = fmt + sfl;
  vm_Buffer b;
  vm_buffinit(S, &b);
  while (fmt < fmt_end) {
    if (*fmt != ESC) {
      vm_addchar(&b, *fmt++);
      continue;
    }
    if (*++fmt == ESC) {          /* %% */
      vm_addchar(&b, *fmt++);
      continue;
    }
    char form[MAX_FORMAT];
    int maxitem = MAX_ITEM;
    char *buff = vm_prepbuffsize(&b, (size_t)maxitem);
    int nb = 0;
    if (++arg > top) return vm_argerror(S, arg, "no value");
    fmt = getformat(S, fmt, form);
    switch (*fmt++) {
      case 'c':
        checkformat(S, form, FLAGS_C, 0);
        nb = snprintf(buff, (size_t)maxitem, form, (int)vm_checkinteger(S, arg));
        break;
      case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': {
        char conv = fmt[-1];
        const char *flags = (conv == 'd' || conv == 'i') ? FLAGS_I
                            : conv == 'u' ? FLAGS_U : FLAGS_X;
        vm_Integer n = vm_checkinteger(S, arg);
        if (form[2] == '\0' && (conv == 'd' || conv == 'i')) {
          addinteger(&b, n); /* plain %d: a tenth of snprintf's cost */
          break;
        }
        checkformat(S, form, flags, 1);
        addlenmod(form, "ll");
        nb = snprintf(buff, (size_t)maxitem, form, (long long)n);
        break;
      }
      case 'a': case 'A':
        checkformat(S, form, FLAGS_F, 1);
        nb = snprintf(buff, (size_t)maxitem, form, vm_checknumber(S, arg));
        break;
      case 'f': case 'e': case 'E': case 'g': case 'G': {
        vm_Number n = vm_checknumber(S, arg);
        checkformat(S, form, FLAGS_F, 1);
        maxitem = MAX_ITEMF;      /* '%99.99f' of 1e308 is long */
        buff = vm_prepbuffsize(&b, (size_t)maxitem);
        nb = snprintf(buff, (size_t)maxitem, form, n);
        break;
      }
      case 'p': {
        const void *p = vm_topointer(S, arg);
        checkformat(S, form, FLAGS_C, 0);
        if (p == NULL) {          /* glibc would say "(nil)"; Lua says "(null)" */
          p = "(null)";
          form[strlen(form) - 1] = 's';
        }
        nb = snprintf(buff, (size_t)maxitem, form, p);
        break;
      }
      case 'q':
        if (form[2] != '\0') return vm_errorf(S, "specifier '%%q' cannot have modifiers");
        addliteral(S, &b, arg);
        break;
      case 's': {
        size_t l;
        const char *s = vm_tolstringmeta(S, arg, &l);
        if (form[2] == '\0')      /* plain %s: any length, zeros allowed */
          vm_addvalue(&b);
        else {
          vm_argcheck(S, l == strlen(s), arg, "string contains zeros");
          checkformat(S, form, FLAGS_C, 1);
          if (strchr(form, '.') == NULL && l >= 100)
            vm_addvalue(&b);      /* a width cannot matter: add it whole */
          else {
            nb = snprintf(buff, (size_t)maxitem, form, s);
            vm_pop(S, 1);
          }
        }
        break;
      }
      default:
        return vm_errorf(S, "invalid conversion '%s' to 'format'", form);
    }
    b.n += (size_t)nb;
  }
  vm_pushresult(&b);
  return 1;
}

/* ======================================================================
** Arithmetic on strings (string metamethods)
** ====================================================================== */

/* Pushes argument arg as a number if it is one or a numeral. */
static int s_tonum(vm_State *S, int arg) {
  if (vm_type(S, arg) == VM_TNUMBER) {
    vm_pushvalue(S, arg);
    return 1;
  }
  size_t len;
  const char *s = vm_tolstring(S, arg, &len);
  return s != NULL && vm_stringtonumber(S, s) == len + 1;
}

/* No numeric conversion: defer to the second operand's metamethod, if it
** is not a string and has one. */
static int trymt(vm_State *S, const char *mtname) {
  vm_settop(S, 2);
  if (vm_type(S, 2) == VM_TSTRING || !vm_getmetafield(S, 2, mtname))
    return vm_errorf(S, "attempt to %s a '%s' with a '%s'", mtname + 2,
                     vm_typename(S, vm_type(S, -2)), vm_typename(S, vm_type(S, -1)));
  vm_insert(S, -3);
  vm_call(S, 2, 1);
  return 1;
}

static int s_arith(vm_State *S, int op, const char *mtname) {
  if (s_tonum(S, 1) && s_tonum(S, 2)) {
    vm_arith(S, op);
    return 1;
  }
  return trymt(S, mtname);
}

static int s_mt_add(vm_State *S) { return s_arith(S, VM_OPADD, "__add"); }
static int s_mt_sub(vm_State *S) { return s_arith(S, VM_OPSUB, "__sub"); }
static int s_mt_mul(vm_State *S) { return s_arith(S, VM_OPMUL, "__mul"); }
static int s_mt_mod(vm_State *S) { return s_arith(S, VM_OPMOD, "__mod"); }
static int s_mt_pow(vm_State *S) { return s_arith(S, VM_OPPOW, "__pow"); }
static int s_mt_div(vm_State *S) { return s_arith(S, VM_OPDIV, "__div"); }
static int s_mt_idiv(vm_State *S) { return s_arith(S, VM_OPIDIV, "__idiv"); }
static int s_mt_unm(vm_State *S) { return s_arith(S, VM_OPUNM, "__unm"); }

/* ======================================================================
** string.dump
** ====================================================================== */

static int dump_writer(vm_State *S, const void *p, size_t sz, void *ud) {
  (void)S;
  vm_addlstring((vm_Buffer *)ud, (const char *)p, sz);
  return 0;
}

static int str_dump(vm_State *S) {
  vm_Buffer B;
  int strip = vm_toboolean(S, 2);
  vm_checktype(S, 1, VM_TFUNCTION);
  vm_settop(S, 1);
  vm_buffinit(S, &B);
  vm_pushvalue(S, 1); /* vm_dump wants the function on the top */
  if (vm_dump(S, dump_writer, &B, strip) != 0)
    return vm_errorf(S, "unable to dump given function");
  vm_pushresult(&B);
  return 1;
}

static const vm_Reg string_meta[] = {
  {"__add", s_mt_add},
  {"__sub", s_mt_sub},
  {"__mul", s_mt_mul},
  {"__mod", s_mt_mod},
  {"__pow", s_mt_pow},
  {"__div", s_mt_div},
  {"__idiv", s_mt_idiv},
  {"__unm", s_mt_unm},
  {"__index", NULL},              /* the library, set below */
  {NULL, NULL}
};

const vm_Reg stringlib_funcs[] = {
  {"byte", s_byte},
  {"char", s_char},
  {"dump", str_dump},
  {"find", s_find},
  {"format", s_format},
  {"gmatch", s_gmatch},
  {"gsub", s_gsub},
  {"len", s_len},
  {"lower", s_lower},
  {"match", s_match},
  {"pack", str_pack},
  {"packsize", str_packsize},
  {"rep", s_rep},
  {"reverse", s_reverse},
  {"sub", s_sub},
  {"unpack", str_unpack},
  {"upper", s_upper},
  {NULL, NULL}
};

int vm_open_string(vm_State *S) {
  vm_newlib(S, stringlib_funcs);
  vm_newlibtable(S, string_meta);
  vm_setfuncs(S, string_meta, 0);
  vm_pushvalue(S, -2);
  vm_setfield(S, -2, "__index");
  vm_pushliteral(S, "");          /* any string will do: they share it */
  vm_pushvalue(S, -2);
  vm_setmetatable(S, -2);
  vm_pop(S, 2);                   /* the string and the metatable */
  return 1;
}
