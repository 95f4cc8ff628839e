/*
** libos.c — Lua 5.4's os library: time, date, clock, difftime, getenv,
** remove, rename, tmpname, execute, exit, setlocale.
**
** Written against the public API (vm.h) only, and opened by vm_openlibs
** under VM_LIB_OS. It is a thin layer over the C library (and POSIX for
** mkstemp and the wait-status macros); what it adds is Lua's conventions:
** failures of the system return `nil, message, errno` (see vm_fileresult in auxlib.c), and
** date tables are checked field by field with Lua's messages.
**
** os.date validates every conversion against the list of strftime
** conversions that C99 defines before formatting, because strftime's
** behaviour on an unknown conversion is undefined: an invalid one is an
** argument error, never passed to the C library.
*/
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "vm.h"

/* Room for the expansion of one conversion; strftime reports a longer one
** as 0 bytes, which then contributes nothing, as in Lua. */
#define CONVBUF 250


/* ======================================================================
** Processes, files and environment
** ====================================================================== */

/* os.execute([command]): without a command, whether a shell exists. */
static int os_execute(vm_State *S) {
  const char *cmd = vm_optstring(S, 1, NULL);
  int stat;
  errno = 0;
  stat = system(cmd);
  if (cmd == NULL) {
    vm_pushboolean(S, stat);
    return 1;
  }
  return vm_execresult(S, stat);
}

static int os_remove(vm_State *S) {
  const char *name = vm_checkstring(S, 1);
  return vm_fileresult(S, remove(name) == 0, name);
}

/* Lua reports a failed rename without a file name (which would it be?). */
static int os_rename(vm_State *S) {
  const char *from = vm_checkstring(S, 1);
  const char *to = vm_checkstring(S, 2);
  return vm_fileresult(S, rename(from, to) == 0, NULL);
}

/* A fresh file name; mkstemp creates the file (so no other process can
** take the name between this call and the caller's open), and it stays,
** empty, for the caller to use and remove. */
static int os_tmpname(vm_State *S) {
  char name[] = "/tmp/lua_XXXXXX";
  int fd = mkstemp(name);
  if (fd == -1) return vm_errorf(S, "unable to generate a unique filename");
  close(fd);
  vm_pushstring(S, name);
  return 1;
}

static int os_getenv(vm_State *S) {
  vm_pushstring(S, getenv(vm_checkstring(S, 1)));  /* NULL pushes nil */
  return 1;
}

/* os.exit([code [, close]]): true means EXIT_SUCCESS, false EXIT_FAILURE.
** exit() flushes and closes the C streams, so pending output (stdout
** included) is written whether or not the state is closed first. */
static int os_exit(vm_State *S) {
  int status;
  if (vm_isboolean(S, 1))
    status = vm_toboolean(S, 1) ? EXIT_SUCCESS : EXIT_FAILURE;
  else
    status = (int)vm_optinteger(S, 1, EXIT_SUCCESS);
  if (vm_toboolean(S, 2)) vm_close(S);  /* runs pending __close/__gc */
  fflush(stdout);
  exit(status);
  return 0;                       /* not reached */
}

static int os_clock(vm_State *S) {
  vm_pushnumber(S, (vm_Number)clock() / (vm_Number)CLOCKS_PER_SEC);
  return 1;
}

/* os.setlocale([locale [, category]]): without a locale, queries. */
static int os_setlocale(vm_State *S) {
  static const int cats[] = {LC_ALL, LC_COLLATE, LC_CTYPE, LC_MONETARY,
                             LC_NUMERIC, LC_TIME};
  static const char *const names[] = {"all", "collate", "ctype", "monetary",
                                      "numeric", "time", NULL};
  const char *loc = vm_optstring(S, 1, NULL);
  int cat = vm_checkoption(S, 2, "all", names);
  vm_pushstring(S, setlocale(cats[cat], loc));  /* NULL (failure) is nil */
  return 1;
}

/* ======================================================================
** Time and dates
** ====================================================================== */

/* A time argument: an integer that must fit time_t. */
static time_t checktime(vm_State *S, int arg) {
  vm_Integer t = vm_checkinteger(S, arg);
  vm_argcheck(S, (vm_Integer)(time_t)t == t, arg, "time out-of-bounds");
  return (time_t)t;
}

/* Field `key` of the date table on top, minus `delta` (1900 for years, 1
** for months), as an int. A missing field takes `def`, unless def < 0:
** then it is required. */
static int getdatefield(vm_State *S, const char *key, int def, int delta) {
  int isint;
  int t = vm_getfield(S, -1, key);
  vm_Integer v = vm_tointegerx(S, -1, &isint);
  if (!isint) {
    if (t != VM_TNIL)
      return vm_errorf(S, "field '%s' is not an integer", key);
    if (def < 0)
      return vm_errorf(S, "field '%s' missing in date table", key);
    v = def;
  } else {
    /* v - delta must be an int; written so nothing overflows */
    if (v >= 0 ? v - delta > INT_MAX : v < (vm_Integer)INT_MIN + delta)
      return vm_errorf(S, "field '%s' is out-of-bound", key);
    v -= delta;
  }
  vm_pop(S, 1);
  return (int)v;
}

/* isdst: absent means "unknown" (-1, mktime decides), else a boolean. */
static int getdstfield(vm_State *S) {
  int r = vm_getfield(S, -1, "isdst") == VM_TNIL ? -1 : vm_toboolean(S, -1);
  vm_pop(S, 1);
  return r;
}

/* The fields of a struct tm, stored into the table on top (in Lua's
** units: years from 0, months and days of the year and week from 1). */
static void setdatefields(vm_State *S, const struct tm *tm) {
  static const struct {
    const char *key;
    size_t off;
    int delta;
  } fields[] = {
    {"year", offsetof(struct tm, tm_year), 1900},
    {"month", offsetof(struct tm, tm_mon), 1},
    {"day", offsetof(struct tm, tm_mday), 0},
    {"hour", offsetof(struct tm, tm_hour), 0},
    {"min", offsetof(struct tm, tm_min), 0},
    {"sec", offsetof(struct tm, tm_sec), 0},
    {"yday", offsetof(struct tm, tm_yday), 1},
    {"wday", offsetof(struct tm, tm_wday), 1},
  };
  for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
    int v = *(const int *)((const char *)tm + fields[i].off);
    vm_pushinteger(S, (vm_Integer)v + fields[i].delta);
    vm_setfield(S, -2, fields[i].key);
  }
  if (tm->tm_isdst >= 0) {        /* negative: unknown, left out */
    vm_pushboolean(S, tm->tm_isdst);
    vm_setfield(S, -2, "isdst");
  }
}

/* os.time([t]): now, or the time the date table t describes. mktime
** normalises out-of-range fields (month 14, day 0, ...), and the table is
** updated with the normalised date, as Lua 5.4 does. */
static int os_time(vm_State *S) {
  time_t t;
  if (vm_isnoneornil(S, 1))
    t = time(NULL);
  else {
    struct tm tm;
    vm_checktype(S, 1, VM_TTABLE);
    vm_settop(S, 1);
    memset(&tm, 0, sizeof tm);
    /* Lua 5.4 reads them in this order, which decides which missing
    ** field a message names */
    tm.tm_year = getdatefield(S, "year", -1, 1900);
    tm.tm_mon = getdatefield(S, "month", -1, 1);
    tm.tm_mday = getdatefield(S, "day", -1, 0);
    tm.tm_hour = getdatefield(S, "hour", 12, 0);
    tm.tm_min = getdatefield(S, "min", 0, 0);
    tm.tm_sec = getdatefield(S, "sec", 0, 0);
    tm.tm_isdst = getdstfield(S);
    t = mktime(&tm);
    setdatefields(S, &tm);
  }
  if ((time_t)(vm_Integer)t != t || t == (time_t)-1)
    return vm_errorf(S, "time result cannot be represented in this installation");
  vm_pushinteger(S, (vm_Integer)t);
  return 1;
}

static int os_difftime(vm_State *S) {
  time_t t1 = checktime(S, 1);
  time_t t2 = checktime(S, 2);
  vm_pushnumber(S, (vm_Number)difftime(t1, t2));
  return 1;
}

/* The conversions os.date accepts: C99's strftime conversions, one
** character, or two with the E and O modifiers. Anything else would be
** undefined behaviour in strftime, so it is rejected up front. */
static const char conv1[] = "aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%";
static const char *const conv2[] = {
  "Ec", "EC", "Ex", "EX", "Ey", "EY",
  "Od", "Oe", "OH", "OI", "Om", "OM", "OS", "Ou", "OU", "OV", "Ow", "OW", "Oy",
  NULL
};

/* Length of the valid conversion at s (just after a '%', with `left`
** bytes in the format from there), or 0 if it is not one. */
static size_t convlen(const char *s, size_t left) {
  if (left >= 1 && s[0] != '\0' && strchr(conv1, s[0]) != NULL) return 1;
  if (left >= 2)
    for (int i = 0; conv2[i] != NULL; i++)
      if (s[0] == conv2[i][0] && s[1] == conv2[i][1]) return 2;
  return 0;
}

/* os.date([format [, time]]): format starts with '!' for UTC; "*t" gives a
** table, anything else is expanded like strftime (default "%c"). */
static int os_date(vm_State *S) {
  size_t flen;
  const char *fmt = vm_optlstring(S, 1, "%c", &flen);
  const char *end = fmt + flen;
  time_t t = vm_isnoneornil(S, 2) ? time(NULL) : checktime(S, 2);
  struct tm tmbuf, *tm;
  if (*fmt == '!') {
    tm = gmtime_r(&t, &tmbuf);
    fmt++;
  } else
    tm = localtime_r(&t, &tmbuf);
  if (tm == NULL)
    return vm_errorf(S, "date result cannot be represented in this installation");
  if (strcmp(fmt, "*t") == 0) {
    vm_createtable(S, 0, 9);
    setdatefields(S, tm);
    return 1;
  }
  /* Check every conversion before the C buffer is started, so the argument
  ** error cannot leave it allocated. The message quotes the format from the
  ** bad conversion to its end, as Lua's does. */
  for (const char *p = fmt; p < end; p++) {
    if (*p != '%') continue;
    size_t l = convlen(p + 1, (size_t)(end - p - 1));
    if (l == 0)
      return vm_argerror(S, 1, vm_pushfstring(S, "invalid conversion specifier '%s'", p));
    p += l;
  }
  vm_Buffer B;
  vm_buffinit(S, &B);
  while (fmt < end) {
    if (*fmt != '%') {
      vm_addchar(&B, *fmt++);
      continue;
    }
    char spec[4] = "%";
    size_t l = convlen(fmt + 1, (size_t)(end - fmt - 1));
    memcpy(spec + 1, fmt + 1, l);
    spec[l + 1] = '\0';
    char *out = vm_prepbuffsize(&B, CONVBUF);
    vm_addsize(&B, strftime(out, CONVBUF, spec, tm));
    fmt += l + 1;
  }
  vm_pushresult(&B);
  return 1;
}

/* Not static: traces call some of these (jit.h JIT_CCALLS) */
const vm_Reg oslib_funcs[] = {
  {"clock", os_clock},
  {"date", os_date},
  {"difftime", os_difftime},
  {"execute", os_execute},
  {"exit", os_exit},
  {"getenv", os_getenv},
  {"remove", os_remove},
  {"rename", os_rename},
  {"setlocale", os_setlocale},
  {"time", os_time},
  {"tmpname", os_tmpname},
  {NULL, NULL}
};

int vm_open_os(vm_State *S) {
  vm_newlib(S, oslib_funcs);
  return 1;
}
