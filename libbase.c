/*
** libbase.c — Lua 5.4's basic library (print, type, pcall, load, ...),
** opened into the global table by vm_open_base.
**
** Built on the public API and auxlib.c only. pcall/xpcall/dofile/pairs use
** continuations (vm_pcallk/vm_callk) so coroutines can yield through them,
** as in Lua 5.4.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "vm.h"

static int b_print(vm_State *S) {
  int n = vm_gettop(S);
  for (int i = 1; i <= n; i++) {
    size_t l;
    const char *s = vm_tolstringmeta(S, i, &l);
    if (i > 1) fputc('\t', stdout);
    fwrite(s, 1, l, stdout);
    vm_pop(S, 1);
  }
  fputc('\n', stdout);
  fflush(stdout); /* like lua5.4: output interleaves correctly with stderr */
  return 0;
}

static int b_type(vm_State *S) {
  int t = vm_type(S, 1);
  vm_argcheck(S, t != VM_TNONE, 1, "value expected");
  vm_pushstring(S, vm_typename(S, t));
  return 1;
}

static int b_tostring(vm_State *S) {
  vm_checkany(S, 1);
  vm_tolstringmeta(S, 1, NULL);
  return 1;
}

/* Parses an integer numeral in `base` with optional surrounding spaces and
** sign; NULL unless the whole numeral is digits of that base. Overflow
** wraps around, as in Lua. */
static const char *b_str2int(const char *s, int base, vm_Integer *pn) {
  vm_Unsigned n = 0;
  int neg = 0;
  s += strspn(s, " \f\n\r\t\v");
  if (*s == '-') { s++; neg = 1; }
  else if (*s == '+') s++;
  if (!isalnum((unsigned char)*s)) return NULL;   /* no digit */
  do {
    int c = (unsigned char)*s;
    int d = isdigit(c) ? c - '0' : (toupper(c) - 'A') + 10;
    if (d >= base) return NULL;
    n = n * (vm_Unsigned)base + (vm_Unsigned)d;
    s++;
  } while (isalnum((unsigned char)*s));
  s += strspn(s, " \f\n\r\t\v");
  *pn = (vm_Integer)(neg ? 0u - n : n);
  return s;
}

static int b_tonumber(vm_State *S) {
  if (vm_isnoneornil(S, 2)) {     /* plain conversion */
    if (vm_type(S, 1) == VM_TNUMBER) {
      vm_settop(S, 1);
      return 1;
    }
    size_t l;
    const char *s = vm_type(S, 1) == VM_TSTRING ? vm_tolstring(S, 1, &l) : NULL;
    if (s != NULL && vm_stringtonumber(S, s) == l + 1) return 1;
    vm_checkany(S, 1);
  } else {
    size_t l;
    vm_Integer n = 0;
    vm_Integer base = vm_checkinteger(S, 2);
    vm_checktype(S, 1, VM_TSTRING);   /* numbers are not numerals here */
    const char *s = vm_tolstring(S, 1, &l);
    vm_argcheck(S, 2 <= base && base <= 36, 2, "base out of range");
    if (b_str2int(s, (int)base, &n) == s + l) {
      vm_pushinteger(S, n);
      return 1;
    }
  }
  vm_pushnil(S);
  return 1;
}

/* Not static: the JIT compiles ipairs loops (record.c rec_tforcall) */
int baselib_ipairsaux(vm_State *S) {
  vm_Integer i = (vm_Integer)((vm_Unsigned)vm_checkinteger(S, 2) + 1u);
  vm_pushinteger(S, i);
  return vm_geti(S, 1, i) == VM_TNIL ? 1 : 2;
}

static int b_ipairs(vm_State *S) {
  vm_checkany(S, 1);
  vm_pushcfunction(S, baselib_ipairsaux);
  vm_pushvalue(S, 1);
  vm_pushinteger(S, 0);
  return 3;
}

static int b_next(vm_State *S) {
  vm_checktype(S, 1, VM_TTABLE);
  vm_settop(S, 2);
  if (vm_next(S, 1)) return 2;
  vm_pushnil(S);
  return 1;
}

static int pairscont(vm_State *S, int status, vm_KContext ctx) {
  (void)S; (void)status; (void)ctx;
  return 3;
}

static int b_pairs(vm_State *S) {
  vm_checkany(S, 1);
  if (vm_getmetafield(S, 1, "__pairs") == VM_TNIL) {
    vm_pushcfunction(S, b_next);
    vm_pushvalue(S, 1);
    vm_pushnil(S);
  } else {
    vm_pushvalue(S, 1);
    vm_callk(S, 1, 3, 0, pairscont);
  }
  return 3;
}

static int b_select(vm_State *S) {
  int n = vm_gettop(S);
  if (vm_type(S, 1) == VM_TSTRING && *vm_tostring(S, 1) == '#') {
    vm_pushinteger(S, n - 1);
    return 1;
  }
  vm_Integer i = vm_checkinteger(S, 1);
  if (i < 0) i = n + i;
  else if (i > n) i = n;
  vm_argcheck(S, 1 <= i, 1, "index out of range");
  return n - (int)i;
}

static int b_rawget(vm_State *S) {
  vm_checktype(S, 1, VM_TTABLE);
  vm_checkany(S, 2);
  vm_settop(S, 2);
  vm_rawget(S, 1);
  return 1;
}

static int b_rawset(vm_State *S) {
  vm_checktype(S, 1, VM_TTABLE);
  vm_checkany(S, 2);
  vm_checkany(S, 3);
  vm_settop(S, 3);
  vm_rawset(S, 1);
  return 1;
}

static int b_rawequal(vm_State *S) {
  vm_checkany(S, 1);
  vm_checkany(S, 2);
  vm_pushboolean(S, vm_rawequal(S, 1, 2));
  return 1;
}

static int b_rawlen(vm_State *S) {
  int t = vm_type(S, 1);
  vm_argexpected(S, t == VM_TTABLE || t == VM_TSTRING, 1, "table or string");
  vm_pushinteger(S, (vm_Integer)vm_rawlen(S, 1));
  return 1;
}

static int b_setmetatable(vm_State *S) {
  int t = vm_type(S, 2);
  vm_checktype(S, 1, VM_TTABLE);
  vm_argexpected(S, t == VM_TNIL || t == VM_TTABLE, 2, "nil or table");
  if (vm_getmetafield(S, 1, "__metatable") != VM_TNIL)
    return vm_errorf(S, "cannot change a protected metatable");
  vm_settop(S, 2);
  vm_setmetatable(S, 1);
  return 1;
}

static int b_getmetatable(vm_State *S) {
  vm_checkany(S, 1);
  if (!vm_getmetatable(S, 1)) {
    vm_pushnil(S);
    return 1;
  }
  vm_getmetafield(S, 1, "__metatable");  /* the mask, if any, wins */
  return 1;
}

static int b_error(vm_State *S) {
  int level = (int)vm_optinteger(S, 2, 1);
  vm_settop(S, 1);
  if (vm_type(S, 1) == VM_TSTRING && level > 0) {
    vm_where(S, level);
    vm_pushvalue(S, 1);
    vm_concat(S, 2);
  }
  return vm_error(S);
}

static int b_assert(vm_State *S) {
  if (vm_toboolean(S, 1)) return vm_gettop(S);
  vm_checkany(S, 1);
  vm_remove(S, 1);
  vm_pushliteral(S, "assertion failed!");
  vm_settop(S, 1);                /* the message, or the default one */
  return b_error(S);              /* level 1: position of assert's caller */
}

/* Shared tail of pcall/xpcall, also their continuation after a yield.
** `extra` counts the slots below the results that are not results. */
static int finishpcall(vm_State *S, int status, vm_KContext extra) {
  if (status != VM_OK && status != VM_YIELD) {
    vm_pushboolean(S, 0);
    vm_pushvalue(S, -2);          /* the error object */
    return 2;
  }
  return vm_gettop(S) - (int)extra;
}

static int b_pcall(vm_State *S) {
  vm_checkany(S, 1);
  vm_pushboolean(S, 1);           /* first result on success */
  vm_insert(S, 1);
  int status = vm_pcallk(S, vm_gettop(S) - 2, VM_MULTRET, 0, 0, finishpcall);
  return finishpcall(S, status, 0);
}

static int b_xpcall(vm_State *S) {
  int n = vm_gettop(S);
  vm_checktype(S, 2, VM_TFUNCTION);
  vm_pushboolean(S, 1);
  vm_pushvalue(S, 1);
  vm_rotate(S, 3, 2);             /* f msgh true f args... */
  int status = vm_pcallk(S, n - 2, VM_MULTRET, 2, 2, finishpcall);
  return finishpcall(S, status, 2);
}

/* Result of load/loadfile: the function (with env as its first upvalue
** when given) or nil plus the message. */
static int loadresult(vm_State *S, int status, int envidx) {
  if (status == VM_OK) {
    if (envidx != 0) {
      vm_pushvalue(S, envidx);
      if (!vm_setupvalue(S, -2, 1)) vm_pop(S, 1);  /* no upvalue: drop env */
    }
    return 1;
  }
  vm_pushnil(S);
  vm_insert(S, -2);
  return 2;
}

/* load's reader over a Lua function; slot READERSLOT keeps the last piece
** alive while the compiler reads it. */
#define READERSLOT 5

static const char *funcreader(vm_State *S, void *ud, size_t *size) {
  (void)ud;
  vm_checkstackaux(S, 2, "too many nested functions");
  vm_pushvalue(S, 1);
  vm_call(S, 0, 1);
  if (vm_isnil(S, -1)) {
    vm_pop(S, 1);
    *size = 0;
    return NULL;
  }
  if (!vm_isstring(S, -1)) vm_errorf(S, "reader function must return a string");
  vm_replace(S, READERSLOT);
  return vm_tolstring(S, READERSLOT, size);
}

/* In the safe profile (registry flag set by vm_openlibs) load never
** accepts binary chunks: the 'b' is dropped from the mode. */
static const char *loadmode(vm_State *S, int arg) {
  const char *mode = vm_optstring(S, arg, "bt");
  int safe;
  vm_getfield(S, VM_REGISTRYINDEX, "_SAFEPROFILE");
  safe = vm_toboolean(S, -1);
  vm_pop(S, 1);
  if (safe && strchr(mode, 'b') != NULL)
    mode = strchr(mode, 't') != NULL ? "t" : "";
  return mode;
}

static int b_load(vm_State *S) {
  int status;
  size_t l;
  const char *s = vm_tolstring(S, 1, &l);   /* numbers are chunks too */
  const char *mode = loadmode(S, 3);
  int env = !vm_isnone(S, 4) ? 4 : 0;
  if (s != NULL) {
    const char *chunkname = vm_optstring(S, 2, s);
    status = vm_loadbufferx(S, s, l, chunkname, mode);
  } else {
    const char *chunkname = vm_optstring(S, 2, "=(load)");
    vm_checktype(S, 1, VM_TFUNCTION);
    vm_settop(S, READERSLOT);
    status = vm_load(S, funcreader, NULL, chunkname, mode);
  }
  return loadresult(S, status, env);
}

static int b_loadfile(vm_State *S) {
  const char *fname = vm_optstring(S, 1, NULL);
  const char *mode = vm_optstring(S, 2, NULL);
  int env = !vm_isnone(S, 3) ? 3 : 0;
  return loadresult(S, vm_loadfilex(S, fname, mode), env);
}

static int dofilecont(vm_State *S, int status, vm_KContext ctx) {
  (void)status; (void)ctx;
  return vm_gettop(S) - 1;
}

static int b_dofile(vm_State *S) {
  const char *fname = vm_optstring(S, 1, NULL);
  vm_settop(S, 1);
  if (vm_loadfile(S, fname) != VM_OK) return vm_error(S);
  vm_callk(S, 0, VM_MULTRET, 0, dofilecont);
  return dofilecont(S, 0, 0);
}

static int pushgcmode(vm_State *S, int oldmode) {
  if (oldmode == -1) vm_pushnil(S);  /* mode unavailable */
  else vm_pushstring(S, oldmode == VM_GCINC ? "incremental" : "generational");
  return 1;
}

static int b_collectgarbage(vm_State *S) {
  static const char *const opts[] = {
    "stop", "restart", "collect", "count", "step", "setpause", "setstepmul",
    "isrunning", "generational", "incremental", NULL};
  static const int codes[] = {
    VM_GCSTOP, VM_GCRESTART, VM_GCCOLLECT, VM_GCCOUNT, VM_GCSTEP,
    VM_GCSETPAUSE, VM_GCSETSTEPMUL, VM_GCISRUNNING, VM_GCGEN, VM_GCINC};
  int o = codes[vm_checkoption(S, 1, "collect", opts)];
  int res;
  switch (o) {
    case VM_GCCOUNT: {
      int k = vm_gc(S, VM_GCCOUNT);
      int b = vm_gc(S, VM_GCCOUNTB);
      if (k == -1) break;
      vm_pushnumber(S, (vm_Number)k + (vm_Number)b / 1024);
      return 1;
    }
    case VM_GCSTEP: {
      int step = (int)vm_optinteger(S, 2, 0);
      res = vm_gc(S, o, step);
      if (res == -1) break;
      vm_pushboolean(S, res);
      return 1;
    }
    case VM_GCSETPAUSE:
    case VM_GCSETSTEPMUL: {
      int p = (int)vm_optinteger(S, 2, 0);
      res = vm_gc(S, o, p);
      if (res == -1) break;
      vm_pushinteger(S, res);
      return 1;
    }
    case VM_GCISRUNNING:
      res = vm_gc(S, o);
      if (res == -1) break;
      vm_pushboolean(S, res);
      return 1;
    case VM_GCGEN: {
      int minormul = (int)vm_optinteger(S, 2, 0);
      int majormul = (int)vm_optinteger(S, 3, 0);
      return pushgcmode(S, vm_gc(S, o, minormul, majormul));
    }
    case VM_GCINC: {
      int pause = (int)vm_optinteger(S, 2, 0);
      int stepmul = (int)vm_optinteger(S, 3, 0);
      int stepsize = (int)vm_optinteger(S, 4, 0);
      return pushgcmode(S, vm_gc(S, o, pause, stepmul, stepsize));
    }
    default:
      res = vm_gc(S, o);
      if (res == -1) break;
      vm_pushinteger(S, res);
      return 1;
  }
  vm_pushnil(S);                  /* the collector is busy (inside a finalizer) */
  return 1;
}

static int b_warn(vm_State *S) {
  int n = vm_gettop(S);
  vm_checkstring(S, 1);           /* at least one piece */
  for (int i = 2; i <= n; i++) vm_checkstring(S, i);
  for (int i = 1; i < n; i++) vm_warning(S, vm_tostring(S, i), 1);
  vm_warning(S, vm_tostring(S, n), 0);
  return 0;
}

/* Not static: the JIT knows some of these (jit.h JIT_BUILTINS) */
const vm_Reg baselib_funcs[] = {
  {"assert", b_assert},
  {"collectgarbage", b_collectgarbage},
  {"dofile", b_dofile},
  {"error", b_error},
  {"getmetatable", b_getmetatable},
  {"ipairs", b_ipairs},
  {"loadfile", b_loadfile},
  {"load", b_load},
  {"next", b_next},
  {"pairs", b_pairs},
  {"pcall", b_pcall},
  {"print", b_print},
  {"warn", b_warn},
  {"rawequal", b_rawequal},
  {"rawlen", b_rawlen},
  {"rawget", b_rawget},
  {"rawset", b_rawset},
  {"select", b_select},
  {"setmetatable", b_setmetatable},
  {"tonumber", b_tonumber},
  {"tostring", b_tostring},
  {"type", b_type},
  {"xpcall", b_xpcall},
  {"_G", NULL},                   /* placeholders, set below */
  {"_VERSION", NULL},
  {NULL, NULL}
};

int vm_open_base(vm_State *S) {
  vm_pushglobaltable(S);
  vm_setfuncs(S, baselib_funcs, 0);
  vm_pushvalue(S, -1);
  vm_setfield(S, -2, "_G");
  vm_pushliteral(S, VM_LUA_VERSION);
  vm_setfield(S, -2, "_VERSION");
  return 1;
}
