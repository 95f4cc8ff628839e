/*
** libpackage.c — Lua 5.4's package library and the global `require`.
**
** package.loaded and package.preload are the registry tables "_LOADED" and
** "_PRELOAD" (vm_requiref in auxlib.c fills the first). The searchers are
** Lua's four: preload, Lua files along package.path, and the two C
** searchers along package.cpath.
**
** C modules are shared objects loaded with dlopen (RTLD_NOW; RTLD_LOCAL,
** or RTLD_GLOBAL when package.loadlib is asked for "*"). Tide's ABI is not
** Lua's, so a module's entry point is vm_open_NAME, never luaopen_NAME:
** NAME is the module name with dots turned into underscores, cut at the
** first hyphen ("a.b-v2" -> vm_open_a_b); if the library has no such
** symbol, the part after the hyphen is tried ("a.b-v2" -> vm_open_v2), as
** Lua 5.4 does. Modules call the vm_* API of the host, so the host must
** export it: the tide binary is linked with -rdynamic, and a host using
** libtide.so gets it from there. Handles live in the registry table
** "_CLIBS" (path -> handle, plus the handles in load order); its __gc
** closes them in reverse order if finalizers run.
*/
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"

#define LOADED_KEY "_LOADED"
#define PRELOAD_KEY "_PRELOAD"
#define CLIBS_KEY "_CLIBS"
#define OPEN_PREFIX "vm_open_"

#define DIRSEP "/"
#define PATH_SEP ";"
#define PATH_MARK "?"
#define EXEC_DIR "!"
#define IGMARK "-"

/* The default paths are Debian's lua5.4 paths, so pure-Lua modules that
** Debian packages install in /usr/share/lua/5.4 are found, and "module not
** found" messages list the same places. (C modules built for PUC Lua use
** luaopen_ entry points, which Tide does not load.) */
#if defined(__x86_64__)
#define LUA_MULTIARCH "x86_64-linux-gnu"
#elif defined(__aarch64__)
#define LUA_MULTIARCH "aarch64-linux-gnu"
#else
#define LUA_MULTIARCH "unknown-linux-gnu"
#endif
#define LUA_ROOT "/usr/local/"
#define LUA_LDIR LUA_ROOT "share/lua/5.4/"
#define LUA_CDIR LUA_ROOT "lib/lua/5.4/"
#define LUA_LDIR2 "/usr/share/lua/5.4/"
#define LUA_CDIR2 "/usr/lib/" LUA_MULTIARCH "/lua/5.4/"
#define LUA_CDIR3 "/usr/lib/lua/5.4/"
#define PATH_DEFAULT \
  LUA_LDIR "?.lua;" LUA_LDIR "?/init.lua;" LUA_CDIR "?.lua;" LUA_CDIR "?/init.lua;" \
  LUA_LDIR2 "?.lua;" LUA_LDIR2 "?/init.lua;" "./?.lua;./?/init.lua"
#define CPATH_DEFAULT \
  LUA_CDIR "?.so;" LUA_CDIR2 "?.so;" LUA_CDIR3 "?.so;" LUA_CDIR "loadall.so;./?.so"

/* ======================================================================
** Searching paths
** ====================================================================== */

static int readable(const char *filename) {
  FILE *f = fopen(filename, "r");
  if (f == NULL) return 0;
  fclose(f);
  return 1;
}

/* Pushes the first readable file of `path` (templates separated by ';',
** '?' replaced by name with sep turned into dirsep) and returns it; or
** pushes the "no file '...'" list and returns NULL. */
static const char *searchpath(vm_State *S, const char *name, const char *path,
                              const char *sep, const char *dirsep) {
  if (*sep != '\0' && strchr(name, *sep) != NULL)
    name = vm_gsub(S, name, sep, dirsep);
  const char *full = vm_gsub(S, path, PATH_MARK, name);  /* every candidate */
  int fullidx = vm_gettop(S);
  for (const char *p = full;; p++) {
    const char *end = strchr(p, *PATH_SEP);
    if (end == NULL) end = p + strlen(p);
    if (end > p) {                /* empty templates are skipped */
      vm_pushlstring(S, p, (size_t)(end - p));
      if (readable(vm_tostring(S, -1))) return vm_tostring(S, -1);
      vm_pop(S, 1);
    }
    if (*end == '\0') break;
    p = end;
  }
  vm_pushliteral(S, "no file '");
  vm_gsub(S, vm_tostring(S, fullidx), PATH_SEP, "'\n\tno file '");
  vm_pushliteral(S, "'");
  vm_concat(S, 3);
  return NULL;
}

static int p_searchpath(vm_State *S) {
  const char *f = searchpath(S, vm_checkstring(S, 1), vm_checkstring(S, 2),
                             vm_optstring(S, 3, "."), vm_optstring(S, 4, DIRSEP));
  if (f != NULL) return 1;
  vm_pushnil(S);
  vm_insert(S, -2);
  return 2;
}

/* Searches package[pname] (package is upvalue 1 of the searchers). */
static const char *findfile(vm_State *S, const char *name, const char *pname) {
  vm_getfield(S, vm_upvalueindex(1), pname);
  const char *path = vm_tostring(S, -1);
  if (path == NULL) vm_errorf(S, "'package.%s' must be a string", pname);
  return searchpath(S, name, path, ".", DIRSEP);
}

/* A searcher's result: the loader (on the stack) and the file name, or a
** load error. */
static int checkload(vm_State *S, int ok, const char *filename) {
  if (ok) {
    vm_pushstring(S, filename);
    return 2;
  }
  return vm_errorf(S, "error loading module '%s' from file '%s':\n\t%s",
                   vm_tostring(S, 1), filename, vm_tostring(S, -1));
}

/* ======================================================================
** Searchers
** ====================================================================== */

static int searcher_preload(vm_State *S) {
  const char *name = vm_checkstring(S, 1);
  vm_getfield(S, VM_REGISTRYINDEX, PRELOAD_KEY);
  if (vm_getfield(S, -1, name) == VM_TNIL) {
    vm_pushfstring(S, "no field package.preload['%s']", name);
    return 1;
  }
  vm_pushliteral(S, ":preload:");
  return 2;
}

static int searcher_lua(vm_State *S) {
  const char *name = vm_checkstring(S, 1);
  const char *filename = findfile(S, name, "path");
  if (filename == NULL) return 1;  /* the "no file" list */
  return checkload(S, vm_loadfile(S, filename) == VM_OK, filename);
}

/* ======================================================================
** C libraries
** ====================================================================== */

/* Results of lookforfunc besides 0 (success). */
#define ERR_LIB 1                 /* the library could not be opened */
#define ERR_FUNC 2                /* it has no such symbol */

static void pushdlerror(vm_State *S) {
  const char *msg = dlerror();
  vm_pushstring(S, msg != NULL ? msg : "unknown dynamic linking error");
}

/* The handle loaded from `path` earlier, or NULL. */
static void *clib_find(vm_State *S, const char *path) {
  vm_getfield(S, VM_REGISTRYINDEX, CLIBS_KEY);
  vm_getfield(S, -1, path);
  void *h = vm_touserdata(S, -1);
  vm_pop(S, 2);
  return h;
}

/* Records a new handle under its path and at the end of the sequence. */
static void clib_add(vm_State *S, const char *path, void *h) {
  vm_getfield(S, VM_REGISTRYINDEX, CLIBS_KEY);
  vm_pushlightuserdata(S, h);
  vm_pushvalue(S, -1);
  vm_setfield(S, -3, path);
  vm_rawseti(S, -2, (vm_Integer)vm_rawlen(S, -2) + 1);
  vm_pop(S, 1);
}

/* __gc of the _CLIBS table: closes the libraries, last loaded first. */
static int clib_gc(vm_State *S) {
  for (vm_Integer i = (vm_Integer)vm_rawlen(S, 1); i >= 1; i--) {
    vm_rawgeti(S, 1, i);
    void *h = vm_touserdata(S, -1);
    if (h != NULL) dlclose(h);
    vm_pop(S, 1);
  }
  return 0;
}

/* Opens library `path` (once per state) and pushes its C function `sym`,
** or true when sym starts with '*' (the library is opened RTLD_GLOBAL and
** only linked). On failure pushes dlerror()'s message and returns
** ERR_LIB or ERR_FUNC. */
static int lookforfunc(vm_State *S, const char *path, const char *sym) {
  void *h = clib_find(S, path);
  if (h == NULL) {
    h = dlopen(path, RTLD_NOW | (*sym == '*' ? RTLD_GLOBAL : RTLD_LOCAL));
    if (h == NULL) {
      pushdlerror(S);
      return ERR_LIB;
    }
    clib_add(S, path, h);
  }
  if (*sym == '*') {
    vm_pushboolean(S, 1);
    return 0;
  }
  void *p = dlsym(h, sym);
  if (p == NULL) {
    pushdlerror(S);
    return ERR_FUNC;
  }
  vm_CFunction f;
  memcpy(&f, &p, sizeof f);      /* object to function pointer, as POSIX allows */
  vm_pushcfunction(S, f);
  return 0;
}

/* Pushes the open function of module `modname` from library `filename`
** (see the head comment for the names tried), or an error message. */
static int loadfunc(vm_State *S, const char *filename, const char *modname) {
  modname = vm_gsub(S, modname, ".", "_");
  const char *hyphen = strchr(modname, *IGMARK);
  if (hyphen != NULL) {
    vm_pushlstring(S, modname, (size_t)(hyphen - modname));
    int st = lookforfunc(S, filename, vm_pushfstring(S, OPEN_PREFIX "%s", vm_tostring(S, -1)));
    if (st != ERR_FUNC) return st;
    modname = hyphen + 1;         /* the library is there: try the old style */
  }
  return lookforfunc(S, filename, vm_pushfstring(S, OPEN_PREFIX "%s", modname));
}

static int searcher_c(vm_State *S) {
  const char *name = vm_checkstring(S, 1);
  const char *filename = findfile(S, name, "cpath");
  if (filename == NULL) return 1;
  return checkload(S, loadfunc(S, filename, name) == 0, filename);
}

/* "a.b.c" may live in the library of its root "a". */
static int searcher_croot(vm_State *S) {
  const char *name = vm_checkstring(S, 1);
  const char *dot = strchr(name, '.');
  if (dot == NULL) return 0;
  vm_pushlstring(S, name, (size_t)(dot - name));
  const char *filename = findfile(S, vm_tostring(S, -1), "cpath");
  if (filename == NULL) return 1;
  int st = loadfunc(S, filename, name);
  if (st == ERR_FUNC) {           /* the root library is not this module's */
    vm_pushfstring(S, "no module '%s' in file '%s'", name, filename);
    return 1;
  }
  return checkload(S, st == 0, filename);
}

/* package.loadlib(path, funcname): the function, or true for "*"; on
** failure nil, dlerror()'s message and "open" or "init". */
static int p_loadlib(vm_State *S) {
  const char *path = vm_checkstring(S, 1);
  const char *sym = vm_checkstring(S, 2);
  int st = lookforfunc(S, path, sym);
  if (st == 0) return 1;
  vm_pushnil(S);
  vm_insert(S, -2);
  vm_pushstring(S, st == ERR_LIB ? "open" : "init");
  return 3;
}

/* ======================================================================
** require
** ====================================================================== */

/* Calls each searcher until one returns a loader; leaves loader and its
** data on the stack. The messages of those that fail pile up on the
** stack (no C buffer to leak if a searcher raises). */
static void findloader(vm_State *S, const char *name) {
  int nmsg = 0;
  if (vm_getfield(S, vm_upvalueindex(1), "searchers") != VM_TTABLE)
    vm_errorf(S, "'package.searchers' must be a table");
  int searchers = vm_gettop(S);
  for (int i = 1;; i++) {
    vm_checkstackaux(S, 4, "too many searchers");
    if (vm_rawgeti(S, searchers, i) == VM_TNIL) {
      vm_pop(S, 1);
      if (nmsg == 0) vm_pushliteral(S, "");
      else vm_concat(S, nmsg);
      vm_errorf(S, "module '%s' not found:%s", name, vm_tostring(S, -1));
    }
    vm_pushstring(S, name);
    vm_call(S, 1, 2);
    if (vm_isfunction(S, -2)) {   /* found: keep loader and data on top */
      vm_rotate(S, searchers, -(nmsg + 1));
      vm_pop(S, nmsg + 1);        /* drop the table and the messages */
      return;
    }
    if (vm_isstring(S, -2)) {
      vm_pop(S, 1);
      vm_pushliteral(S, "\n\t");
      vm_insert(S, -2);
      nmsg += 2;
    } else
      vm_pop(S, 2);
  }
}

static int p_require(vm_State *S) {
  const char *name = vm_checkstring(S, 1);
  vm_settop(S, 1);
  vm_getfield(S, VM_REGISTRYINDEX, LOADED_KEY);   /* index 2 */
  vm_getfield(S, 2, name);
  if (vm_toboolean(S, -1)) return 1;              /* already loaded */
  vm_pop(S, 1);
  findloader(S, name);            /* loader, data */
  vm_rotate(S, -2, 1);            /* data, loader */
  vm_pushvalue(S, 1);
  vm_pushvalue(S, -3);
  vm_call(S, 2, 1);               /* data, result */
  if (!vm_isnil(S, -1))
    vm_setfield(S, 2, name);
  else
    vm_pop(S, 1);
  if (vm_getfield(S, 2, name) == VM_TNIL) {       /* module set nothing: true */
    vm_pushboolean(S, 1);
    vm_copy(S, -1, -2);
    vm_setfield(S, 2, name);
  }
  vm_rotate(S, -2, 1);            /* result, data */
  return 2;
}

/* ======================================================================
** Opening
** ====================================================================== */

static int noenv(vm_State *S) {
  vm_getfield(S, VM_REGISTRYINDEX, "LUA_NOENV");
  int b = vm_toboolean(S, -1);
  vm_pop(S, 1);
  return b;
}

/* package[field] = env var LUA_*_5_4 or LUA_* (";;" in it stands for the
** default), or the default. */
static void setpath(vm_State *S, const char *field, const char *envname, const char *def) {
  const char *versioned = vm_pushfstring(S, "%s_5_4", envname);
  const char *path = getenv(versioned);
  const char *mark;
  if (path == NULL) path = getenv(envname);
  if (path == NULL || noenv(S))
    vm_pushstring(S, def);
  else if ((mark = strstr(path, PATH_SEP PATH_SEP)) == NULL)
    vm_pushstring(S, path);
  else {
    size_t len = strlen(path);
    int n = 0;
    if (path < mark) {            /* prefix, with one ';' */
      vm_pushlstring(S, path, (size_t)(mark - path) + 1);
      n++;
    }
    vm_pushstring(S, def);
    n++;
    if (mark < path + len - 2) {  /* ';' and the suffix */
      vm_pushlstring(S, mark + 1, (size_t)(path + len - mark) - 1);
      n++;
    }
    vm_concat(S, n);
  }
  vm_setfield(S, -3, field);
  vm_pop(S, 1);                   /* the versioned name */
}

static const vm_Reg pk_funcs[] = {
  {"loadlib", p_loadlib},
  {"searchpath", p_searchpath},
  {"preload", NULL},              /* placeholders, set below */
  {"cpath", NULL},
  {"path", NULL},
  {"searchers", NULL},
  {"loaded", NULL},
  {NULL, NULL}
};

static const vm_CFunction searchers[] = {
  searcher_preload, searcher_lua, searcher_c, searcher_croot, NULL
};

static const vm_Reg global_funcs[] = {
  {"require", p_require},
  {NULL, NULL}
};

int vm_open_package(vm_State *S) {
  if (vm_getsubtable(S, VM_REGISTRYINDEX, CLIBS_KEY) == 0) {  /* created */
    vm_createtable(S, 0, 1);
    vm_pushcfunction(S, clib_gc);
    vm_setfield(S, -2, "__gc");
    vm_setmetatable(S, -2);
  }
  vm_pop(S, 1);
  vm_newlib(S, pk_funcs);
  vm_createtable(S, 4, 0);        /* searchers, each with package as upvalue */
  for (int i = 0; searchers[i] != NULL; i++) {
    vm_pushvalue(S, -2);
    vm_pushcclosure(S, searchers[i], 1);
    vm_rawseti(S, -2, i + 1);
  }
  vm_setfield(S, -2, "searchers");
  setpath(S, "path", "LUA_PATH", PATH_DEFAULT);
  setpath(S, "cpath", "LUA_CPATH", CPATH_DEFAULT);
  vm_pushliteral(S, DIRSEP "\n" PATH_SEP "\n" PATH_MARK "\n" EXEC_DIR "\n" IGMARK "\n");
  vm_setfield(S, -2, "config");
  vm_getsubtable(S, VM_REGISTRYINDEX, LOADED_KEY);
  vm_setfield(S, -2, "loaded");
  vm_getsubtable(S, VM_REGISTRYINDEX, PRELOAD_KEY);
  vm_setfield(S, -2, "preload");
  vm_pushglobaltable(S);
  vm_pushvalue(S, -2);            /* package as require's upvalue */
  vm_setfuncs(S, global_funcs, 1);
  vm_pop(S, 1);
  return 1;
}
