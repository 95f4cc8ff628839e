/*
** libdebug.c — Lua 5.4's debug library: getinfo, getlocal/setlocal,
** getupvalue/setupvalue, upvalueid/upvaluejoin, sethook/gethook,
** traceback, getmetatable/setmetatable, getregistry,
** getuservalue/setuservalue, debug and setcstacklimit.
**
** Built on the public debug interface of vm.h only. Every function that
** takes an optional leading thread works on that thread's stack ("L1")
** while its results are built on the caller's stack; values cross with
** vm_xmove, so a suspended coroutine's frames are read but never run.
**
** Hooks: vm_sethook takes a C function, so a Lua hook is installed as the
** C dispatcher hook_dispatch, and the Lua function itself lives in a
** registry table keyed by thread (each coroutine has its own hook, as in
** Lua), weak-keyed as in Lua so a dead coroutine's hook does not keep it
** alive.
*/
#include <stdio.h>
#include <string.h>

#include "vm.h"

/* Registry field holding the table thread -> Lua hook function. */
#define HOOKTABLE "_HOOKKEY"

/* Values are moved onto another thread's stack before being read there;
** it must have room for them. */
static void needstack(vm_State *S, vm_State *L1, int n) {
  if (S != L1 && !vm_checkstack(L1, n)) vm_errorf(S, "stack overflow");
}

/* The optional leading thread argument: returns the thread to inspect and
** sets *arg to the number of arguments it took (0 or 1), so argument k of
** the documented signature is at stack index *arg + k. */
static vm_State *optthread(vm_State *S, int *arg) {
  if (vm_isthread(S, 1)) {
    *arg = 1;
    return vm_tothread(S, 1);
  }
  *arg = 0;
  return S;
}

/* ======================================================================
** Metatables, registry, user values
** ====================================================================== */

static int db_getregistry(vm_State *S) {
  vm_pushvalue(S, VM_REGISTRYINDEX);
  return 1;
}

static int db_getmetatable(vm_State *S) {
  vm_checkany(S, 1);
  if (!vm_getmetatable(S, 1)) vm_pushnil(S);
  return 1;
}

/* Unlike setmetatable() this works on any type (a number's metatable is
** shared by all numbers) and ignores __metatable; it returns the value. */
static int db_setmetatable(vm_State *S) {
  int t = vm_type(S, 2);
  vm_argexpected(S, t == VM_TNIL || t == VM_TTABLE, 2, "nil or table");
  vm_settop(S, 2);
  vm_setmetatable(S, 1);
  return 1;
}

/* Returns the n-th user value and true; a userdata without that value
** gives a single nil, and a non-userdata gives fail. */
static int db_getuservalue(vm_State *S) {
  int n = (int)vm_optinteger(S, 2, 1);
  if (vm_type(S, 1) != VM_TUSERDATA) {
    vm_pushnil(S);
    return 1;
  }
  if (vm_getiuservalue(S, 1, n) == VM_TNONE) return 1;  /* the nil it pushed */
  vm_pushboolean(S, 1);
  return 2;
}

/* Returns the userdata, or fail when it has no user value n. */
static int db_setuservalue(vm_State *S) {
  int n = (int)vm_optinteger(S, 3, 1);
  vm_checktype(S, 1, VM_TUSERDATA);
  vm_checkany(S, 2);
  vm_settop(S, 2);
  if (!vm_setiuservalue(S, 1, n)) vm_pushnil(S);
  return 1;
}

/* ======================================================================
** getinfo
** ====================================================================== */

static void setstrfield(vm_State *S, const char *k, const char *v) {
  vm_pushstring(S, v);                  /* NULL (no name) leaves the field out */
  vm_setfield(S, -2, k);
}

static void setintfield(vm_State *S, const char *k, int v) {
  vm_pushinteger(S, v);
  vm_setfield(S, -2, k);
}

static void setboolfield(vm_State *S, const char *k, int v) {
  vm_pushboolean(S, v);
  vm_setfield(S, -2, k);
}

/* vm_getinfo left a value ('f' or 'L') on L1's top; store it in the result
** table on S's top. With S == L1 the value sits just under the table. */
static void setstackfield(vm_State *S, vm_State *L1, const char *k) {
  if (S == L1) vm_rotate(S, -2, 1);
  else vm_xmove(L1, S, 1);
  vm_setfield(S, -2, k);
}

static int db_getinfo(vm_State *S) {
  vm_Debug ar;
  int arg;
  vm_State *L1 = optthread(S, &arg);
  const char *opts = vm_optstring(S, arg + 2, "flnSrtu");
  needstack(S, L1, 3);                  /* function, 'f' and 'L' values */
  /* '>' is how the C API is told "function on the stack"; Lua code passes
  ** the function itself */
  vm_argcheck(S, opts[0] != '>', arg + 2, "invalid option '>'");
  if (vm_isfunction(S, arg + 1)) {
    opts = vm_pushfstring(S, ">%s", opts);
    vm_pushvalue(S, arg + 1);
    vm_xmove(S, L1, 1);
  } else if (!vm_getstack(L1, (int)vm_checkinteger(S, arg + 1), &ar)) {
    vm_pushnil(S);                      /* level out of range: fail */
    return 1;
  }
  if (!vm_getinfo(L1, opts, &ar)) return vm_argerror(S, arg + 2, "invalid option");
  vm_newtable(S);
  if (strchr(opts, 'S')) {
    vm_pushlstring(S, ar.source, ar.srclen);
    vm_setfield(S, -2, "source");
    setstrfield(S, "short_src", ar.short_src);
    setintfield(S, "linedefined", ar.linedefined);
    setintfield(S, "lastlinedefined", ar.lastlinedefined);
    setstrfield(S, "what", ar.what);
  }
  if (strchr(opts, 'l')) setintfield(S, "currentline", ar.currentline);
  if (strchr(opts, 'u')) {
    setintfield(S, "nups", ar.nups);
    setintfield(S, "nparams", ar.nparams);
    setboolfield(S, "isvararg", ar.isvararg);
  }
  if (strchr(opts, 'n')) {
    setstrfield(S, "name", ar.name);
    setstrfield(S, "namewhat", ar.namewhat);
  }
  if (strchr(opts, 'r')) {
    setintfield(S, "ftransfer", ar.ftransfer);
    setintfield(S, "ntransfer", ar.ntransfer);
  }
  if (strchr(opts, 't')) setboolfield(S, "istailcall", ar.istailcall);
  /* vm_getinfo pushed 'f' first and 'L' above it: take them top down */
  if (strchr(opts, 'L')) setstackfield(S, L1, "activelines");
  if (strchr(opts, 'f')) setstackfield(S, L1, "func");
  return 1;
}

/* ======================================================================
** Locals and upvalues
** ====================================================================== */

/* getlocal([thread,] f, n): with a level, the name and value of local n
** (negative n: varargs) or fail; with a function, only the name of its
** parameter n (or nil), since a function that is not running has no
** values. */
static int db_getlocal(vm_State *S) {
  int arg;
  vm_State *L1 = optthread(S, &arg);
  int n = (int)vm_checkinteger(S, arg + 2);
  if (vm_isfunction(S, arg + 1)) {
    vm_pushvalue(S, arg + 1);
    vm_pushstring(S, vm_getlocal(S, NULL, n));
    return 1;
  }
  vm_Debug ar;
  int level = (int)vm_checkinteger(S, arg + 1);
  if (!vm_getstack(L1, level, &ar)) return vm_argerror(S, arg + 1, "level out of range");
  needstack(S, L1, 1);
  const char *name = vm_getlocal(L1, &ar, n);
  if (name == NULL) {
    vm_pushnil(S);
    return 1;
  }
  vm_xmove(L1, S, 1);
  vm_pushstring(S, name);
  vm_insert(S, -2);                     /* name, value */
  return 2;
}

/* setlocal([thread,] level, n, value): returns the local's name, or nil
** (and nothing is assigned) when there is no local n. */
static int db_setlocal(vm_State *S) {
  vm_Debug ar;
  int arg;
  vm_State *L1 = optthread(S, &arg);
  int level = (int)vm_checkinteger(S, arg + 1);
  int n = (int)vm_checkinteger(S, arg + 2);
  if (!vm_getstack(L1, level, &ar)) return vm_argerror(S, arg + 1, "level out of range");
  vm_checkany(S, arg + 3);
  vm_settop(S, arg + 3);
  needstack(S, L1, 1);
  vm_xmove(S, L1, 1);
  const char *name = vm_setlocal(L1, &ar, n);
  if (name == NULL) vm_pop(L1, 1);      /* not consumed */
  vm_pushstring(S, name);
  return 1;
}

/* getupvalue(f, n) -> name, value; setupvalue(f, n, v) -> name. Nothing at
** all when f has no upvalue n. The index is checked before the function,
** as in Lua (it decides which argument an error names). */
static int upvalue_access(vm_State *S, int get) {
  int n = (int)vm_checkinteger(S, 2);
  vm_checktype(S, 1, VM_TFUNCTION);
  const char *name = get ? vm_getupvalue(S, 1, n) : vm_setupvalue(S, 1, n);
  if (name == NULL) return 0;
  vm_pushstring(S, name);
  vm_insert(S, -(get + 1));             /* name before the value (get) */
  return get + 1;
}

static int db_getupvalue(vm_State *S) { return upvalue_access(S, 1); }

static int db_setupvalue(vm_State *S) {
  vm_checkany(S, 3);
  return upvalue_access(S, 0);
}

/* The identity of upvalue n of the function at argument argf (index at
** argument argn), or NULL if there is no such upvalue. */
static void *upvalue_id(vm_State *S, int argf, int argn, int *pn) {
  int n = (int)vm_checkinteger(S, argn);
  vm_checktype(S, argf, VM_TFUNCTION);
  void *id = vm_upvalueid(S, argf, n);
  if (pn != NULL) {
    vm_argcheck(S, id != NULL, argn, "invalid upvalue index");
    *pn = n;
  }
  return id;
}

/* An invalid index is not an error here: it gives fail. */
static int db_upvalueid(vm_State *S) {
  void *id = upvalue_id(S, 1, 2, NULL);
  if (id == NULL) vm_pushnil(S);
  else vm_pushlightuserdata(S, id);
  return 1;
}

/* Both indices are validated before the function kinds: a C function
** with upvalues gets "Lua function expected", one without gets "invalid
** upvalue index". */
static int db_upvaluejoin(vm_State *S) {
  int n1, n2;
  upvalue_id(S, 1, 2, &n1);
  upvalue_id(S, 3, 4, &n2);
  vm_argcheck(S, !vm_iscfunction(S, 1), 1, "Lua function expected");
  vm_argcheck(S, !vm_iscfunction(S, 3), 3, "Lua function expected");
  vm_upvaluejoin(S, 1, n1, 3, n2);
  return 0;
}

/* ======================================================================
** Hooks
** ====================================================================== */

/* Indexed by the VM_HOOK* event codes. */
static const char *const eventnames[] = {"call", "return", "line", "count", "tail call"};

/* The C hook behind every Lua hook: finds the running thread's Lua hook
** and calls it with the event name and, for line events, the line (nil
** otherwise). The VM restores the stack top after a hook returns, so what
** is left here needs no cleanup. A thread that inherited the C hook from
** its creator (new threads copy the hook) but has no entry of its own
** calls nothing, as in Lua. */
static void hook_dispatch(vm_State *S, vm_Debug *ar) {
  if (vm_getfield(S, VM_REGISTRYINDEX, HOOKTABLE) != VM_TTABLE) return;  /* removed by a script */
  vm_pushthread(S);
  if (vm_rawget(S, -2) != VM_TFUNCTION) return;
  vm_pushstring(S, eventnames[ar->event]);
  if (ar->currentline >= 0) vm_pushinteger(S, ar->currentline);
  else vm_pushnil(S);
  vm_call(S, 2, 0);
}

static int mask_from_string(const char *s, int count) {
  int mask = 0;
  if (strchr(s, 'c')) mask |= VM_MASKCALL;
  if (strchr(s, 'r')) mask |= VM_MASKRET;
  if (strchr(s, 'l')) mask |= VM_MASKLINE;
  if (count > 0) mask |= VM_MASKCOUNT;
  return mask;
}

/* The letters of a mask, in the order "crl" (the count is separate). */
static const char *mask_to_string(int mask, char *buf) {
  int i = 0;
  if (mask & VM_MASKCALL) buf[i++] = 'c';
  if (mask & VM_MASKRET) buf[i++] = 'r';
  if (mask & VM_MASKLINE) buf[i++] = 'l';
  buf[i] = '\0';
  return buf;
}

/* Pushes the thread L1 onto S (as a table key). */
static void pushthreadon(vm_State *S, vm_State *L1) {
  needstack(S, L1, 1);
  vm_pushthread(L1);
  vm_xmove(L1, S, 1);
}

/* sethook([thread,] hook, mask [, count]); no hook (or nil) turns hooks
** off for that thread. */
static int db_sethook(vm_State *S) {
  int arg, mask, count;
  vm_Hook func;
  vm_State *L1 = optthread(S, &arg);
  if (vm_isnoneornil(S, arg + 1)) {
    vm_settop(S, arg + 1);              /* a nil to store as the hook */
    func = NULL;
    mask = count = 0;
  } else {
    const char *smask = vm_checkstring(S, arg + 2);
    vm_checktype(S, arg + 1, VM_TFUNCTION);
    count = (int)vm_optinteger(S, arg + 3, 0);
    func = hook_dispatch;
    mask = mask_from_string(smask, count);
  }
  if (!vm_getsubtable(S, VM_REGISTRYINDEX, HOOKTABLE)) {
    /* new table: its own metatable, weak-keyed (see the head comment) */
    vm_pushliteral(S, "k");
    vm_setfield(S, -2, "__mode");
    vm_pushvalue(S, -1);
    vm_setmetatable(S, -2);
  }
  pushthreadon(S, L1);
  vm_pushvalue(S, arg + 1);
  vm_rawset(S, -3);                     /* hooks[L1] = hook */
  vm_sethook(L1, func, mask, count);
  return 0;
}

/* gethook([thread]) -> hook, mask, count; fail without a hook, and the
** string "external hook" for one a host set through the C API. */
static int db_gethook(vm_State *S) {
  int arg;
  char buf[4];
  vm_State *L1 = optthread(S, &arg);
  vm_Hook hook = vm_gethook(L1);
  int mask = vm_gethookmask(L1);
  if (hook == NULL) {
    vm_pushnil(S);
    return 1;
  }
  if (hook != hook_dispatch) {
    vm_pushliteral(S, "external hook");
  } else {
    vm_getfield(S, VM_REGISTRYINDEX, HOOKTABLE);
    pushthreadon(S, L1);
    vm_rawget(S, -2);
    vm_remove(S, -2);
  }
  vm_pushstring(S, mask_to_string(mask, buf));
  vm_pushinteger(S, vm_gethookcount(L1));
  return 3;
}

/* ======================================================================
** traceback, debug, setcstacklimit
** ====================================================================== */

/* traceback([thread,] [message [, level]]): a message that is neither a
** string nor a number (nor nil) is returned untouched, so the function
** can serve as an xpcall handler for error objects. The default level
** skips traceback itself on the running thread only. */
static int db_traceback(vm_State *S) {
  int arg;
  vm_State *L1 = optthread(S, &arg);
  const char *msg = vm_tostring(S, arg + 1);
  if (msg == NULL && !vm_isnoneornil(S, arg + 1)) {
    vm_pushvalue(S, arg + 1);
    return 1;
  }
  int level = (int)vm_optinteger(S, arg + 2, S == L1 ? 1 : 0);
  vm_traceback(S, L1, msg, level);
  return 1;
}

/* A line-at-a-time prompt on stdin/stderr until "cont" or end of input.
** Each line is its own chunk (so locals do not survive between lines), as
** in lua5.4, whose 250-byte line buffer is kept too: a longer line is run
** in pieces, each piece a chunk. */
static int db_debug(vm_State *S) {
  for (;;) {
    char line[250];
    fputs("lua_debug> ", stderr);
    fflush(stderr);
    if (fgets(line, sizeof line, stdin) == NULL || strcmp(line, "cont\n") == 0) return 0;
    if (vm_loadbuffer(S, line, strlen(line), "=(debug command)") != VM_OK ||
        vm_pcall(S, 0, 0, 0) != VM_OK) {
      fprintf(stderr, "%s\n", vm_tolstringmeta(S, -1, NULL));
      fflush(stderr);
    }
    vm_settop(S, 0);
  }
}

/* Lua 5.4.4 no longer has a settable C-stack limit: the function checks
** its argument and answers with the fixed limit, 200, as lua5.4 does. */
#define CSTACK_LIMIT 200

static int db_setcstacklimit(vm_State *S) {
  (void)vm_checkinteger(S, 1);
  vm_pushinteger(S, CSTACK_LIMIT);
  return 1;
}

static const vm_Reg debuglib[] = {
  {"debug", db_debug},
  {"getuservalue", db_getuservalue},
  {"gethook", db_gethook},
  {"getinfo", db_getinfo},
  {"getlocal", db_getlocal},
  {"getregistry", db_getregistry},
  {"getmetatable", db_getmetatable},
  {"getupvalue", db_getupvalue},
  {"upvaluejoin", db_upvaluejoin},
  {"upvalueid", db_upvalueid},
  {"setuservalue", db_setuservalue},
  {"sethook", db_sethook},
  {"setlocal", db_setlocal},
  {"setmetatable", db_setmetatable},
  {"setupvalue", db_setupvalue},
  {"traceback", db_traceback},
  {"setcstacklimit", db_setcstacklimit},
  {NULL, NULL},
};

int vm_open_debug(vm_State *S) {
  vm_newlib(S, debuglib);
  return 1;
}
