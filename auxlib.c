/*
** auxlib.c — Tide's auxiliary library (the vm.h "Auxiliary library"
** section): argument checking with Lua 5.4's error texts, metatables by
** name, positions and tracebacks, references, the C-memory string buffer,
** and the load/do/eval helpers.
**
** Everything here is written against the public API only, so it could live
** outside the VM; the standard libraries (lib*.c) are built on it.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "vm.h"

/* Registry keys shared with libpackage.c (same names as Lua's, so hosts
** written against Lua's conventions find them). */
#define LOADED_KEY "_LOADED"

/* Tracebacks longer than LEVELS1 + LEVELS2 show the first LEVELS1 and the
** last LEVELS2 levels only. */
#define LEVELS1 10
#define LEVELS2 11

/* ======================================================================
** Function names for messages
** ====================================================================== */

/* Looks for the value at objidx in the table on top, at most `level`
** tables deep, following string keys only. On success leaves the dotted
** name on top (above the table) and returns 1. */
static int findfield(vm_State *S, int objidx, int level) {
  if (level == 0 || !vm_istable(S, -1)) return 0;
  vm_pushnil(S);
  while (vm_next(S, -2)) {
    if (vm_type(S, -2) == VM_TSTRING) {
      if (vm_rawequal(S, objidx, -1)) {
        vm_pop(S, 1);             /* keep only the key */
        return 1;
      }
      if (findfield(S, objidx, level - 1)) {
        /* stack: key, value(table), subname -> "key.subname" */
        vm_remove(S, -2);
        vm_pushliteral(S, ".");
        vm_insert(S, -2);
        vm_concat(S, 3);
        return 1;
      }
    }
    vm_pop(S, 1);
  }
  return 0;
}

/* A function found nowhere in the debug info may still be a library
** function: search package.loaded for it ("string.rep", "print"). Pushes
** the name and returns 1, or pushes nothing and returns 0. ar may belong
** to another thread: getinfo "f" reads the frame from ar and pushes onto
** S, as in Lua, so a suspended coroutine's stack is never touched. */
static int pushglobalfuncname(vm_State *S, vm_Debug *ar) {
  int top = vm_gettop(S);
  vm_checkstackaux(S, 8, "not enough stack");
  vm_getinfo(S, "f", ar);               /* pushes the frame's function */
  vm_getfield(S, VM_REGISTRYINDEX, LOADED_KEY);
  if (findfield(S, top + 1, 2)) {
    const char *name = vm_tostring(S, -1);
    if (strncmp(name, "_G.", 3) == 0) {  /* globals are shown bare */
      vm_pushstring(S, name + 3);
      vm_remove(S, -2);
    }
    vm_copy(S, -1, top + 1);
    vm_settop(S, top + 1);
    return 1;
  }
  vm_settop(S, top);
  return 0;
}

/* ======================================================================
** Argument errors and checks
** ====================================================================== */

int vm_argerror(vm_State *S, int arg, const char *extramsg) {
  vm_Debug ar;
  if (!vm_getstack(S, 0, &ar))            /* no frame: called from the host */
    return vm_errorf(S, "bad argument #%d (%s)", arg, extramsg);
  vm_getinfo(S, "n", &ar);
  if (ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0) {
    arg--;                                /* self is not counted */
    if (arg == 0)
      return vm_errorf(S, "calling '%s' on bad self (%s)", ar.name, extramsg);
  }
  if (ar.name == NULL)
    ar.name = pushglobalfuncname(S, &ar) ? vm_tostring(S, -1) : "?";
  return vm_errorf(S, "bad argument #%d to '%s' (%s)", arg, ar.name, extramsg);
}

int vm_typeerror(vm_State *S, int arg, const char *tname) {
  const char *actual;
  if (vm_getmetafield(S, arg, "__name") == VM_TSTRING)
    actual = vm_tostring(S, -1);
  else if (vm_type(S, arg) == VM_TLIGHTUSERDATA)
    actual = "light userdata";
  else
    actual = vm_typename(S, vm_type(S, arg));
  return vm_argerror(S, arg, vm_pushfstring(S, "%s expected, got %s", tname, actual));
}

static void tagerror(vm_State *S, int arg, int tag) {
  vm_typeerror(S, arg, vm_typename(S, tag));
}

const char *vm_checklstring(vm_State *S, int arg, size_t *l) {
  const char *s = vm_tolstring(S, arg, l);
  if (s == NULL) tagerror(S, arg, VM_TSTRING);
  return s;
}

const char *vm_optlstring(vm_State *S, int arg, const char *def, size_t *l) {
  if (vm_isnoneornil(S, arg)) {
    if (l) *l = def ? strlen(def) : 0;
    return def;
  }
  return vm_checklstring(S, arg, l);
}

vm_Number vm_checknumber(vm_State *S, int arg) {
  int ok;
  vm_Number n = vm_tonumberx(S, arg, &ok);
  if (!ok) tagerror(S, arg, VM_TNUMBER);
  return n;
}

vm_Number vm_optnumber(vm_State *S, int arg, vm_Number def) {
  return vm_isnoneornil(S, arg) ? def : vm_checknumber(S, arg);
}

vm_Integer vm_checkinteger(vm_State *S, int arg) {
  int ok;
  vm_Integer n = vm_tointegerx(S, arg, &ok);
  if (!ok) {
    if (vm_isnumber(S, arg))
      vm_argerror(S, arg, "number has no integer representation");
    else
      tagerror(S, arg, VM_TNUMBER);
  }
  return n;
}

vm_Integer vm_optinteger(vm_State *S, int arg, vm_Integer def) {
  return vm_isnoneornil(S, arg) ? def : vm_checkinteger(S, arg);
}

void vm_checkstackaux(vm_State *S, int sz, const char *msg) {
  if (!vm_checkstack(S, sz)) {
    if (msg) vm_errorf(S, "stack overflow (%s)", msg);
    else vm_errorf(S, "stack overflow");
  }
}

void vm_checktype(vm_State *S, int arg, int t) {
  if (vm_type(S, arg) != t) tagerror(S, arg, t);
}

void vm_checkany(vm_State *S, int arg) {
  if (vm_type(S, arg) == VM_TNONE) vm_argerror(S, arg, "value expected");
}

int vm_checkoption(vm_State *S, int arg, const char *def, const char *const lst[]) {
  const char *name = def ? vm_optstring(S, arg, def) : vm_checkstring(S, arg);
  for (int i = 0; lst[i] != NULL; i++)
    if (strcmp(lst[i], name) == 0) return i;
  return vm_argerror(S, arg, vm_pushfstring(S, "invalid option '%s'", name));
}

/* ======================================================================
** Metatables by name (kept in the registry, with __name set)
** ====================================================================== */

int vm_newmetatable(vm_State *S, const char *tname) {
  if (vm_getmetatablebyname(S, tname) != VM_TNIL) return 0;  /* exists: leave it */
  vm_pop(S, 1);
  vm_createtable(S, 0, 2);
  vm_pushstring(S, tname);
  vm_setfield(S, -2, "__name");
  vm_pushvalue(S, -1);
  vm_setfield(S, VM_REGISTRYINDEX, tname);
  return 1;
}

/* (The registry is writable from Lua, through debug.getregistry(): what
** is there under tname may be anything.) */
void vm_setmetatablebyname(vm_State *S, const char *tname) {
  int t = vm_getmetatablebyname(S, tname);
  if (t != VM_TTABLE && t != VM_TNIL) vm_errorf(S, "metatable '%s' in the registry is not a table", tname);
  vm_setmetatable(S, -2);
}

void *vm_testudata(vm_State *S, int ud, const char *tname) {
  void *p = vm_touserdata(S, ud);
  if (p == NULL || !vm_getmetatable(S, ud)) return NULL;
  vm_getmetatablebyname(S, tname);
  if (!vm_rawequal(S, -1, -2)) p = NULL;
  vm_pop(S, 2);
  return p;
}

void *vm_checkudata(vm_State *S, int ud, const char *tname) {
  void *p = vm_testudata(S, ud, tname);
  vm_argexpected(S, p != NULL, ud, tname);
  return p;
}

/* ======================================================================
** Errors with positions, metafields, tostring
** ====================================================================== */

void vm_where(vm_State *S, int lvl) {
  vm_Debug ar;
  if (vm_getstack(S, lvl, &ar)) {
    vm_getinfo(S, "Sl", &ar);
    if (ar.currentline > 0) {
      vm_pushfstring(S, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  vm_pushliteral(S, "");
}

int vm_errorf(vm_State *S, const char *fmt, ...) {
  va_list ap;
  vm_where(S, 1);
  va_start(ap, fmt);
  vm_pushvfstring(S, fmt, ap);
  va_end(ap);
  vm_concat(S, 2);
  return vm_error(S);
}

int vm_getmetafield(vm_State *S, int obj, const char *e) {
  if (!vm_getmetatable(S, obj)) return VM_TNIL;
  vm_pushstring(S, e);
  int tt = vm_rawget(S, -2);
  if (tt == VM_TNIL) vm_pop(S, 2);
  else vm_remove(S, -2);
  return tt;
}

int vm_callmeta(vm_State *S, int obj, const char *e) {
  obj = vm_absindex(S, obj);
  if (vm_getmetafield(S, obj, e) == VM_TNIL) return 0;
  vm_pushvalue(S, obj);
  vm_call(S, 1, 1);
  return 1;
}

const char *vm_tolstringmeta(vm_State *S, int idx, size_t *len) {
  idx = vm_absindex(S, idx);
  if (vm_callmeta(S, idx, "__tostring")) {
    if (!vm_isstring(S, -1)) vm_errorf(S, "'__tostring' must return a string");
  } else {
    switch (vm_type(S, idx)) {
      case VM_TNUMBER:                  /* convert a copy, not the original */
      case VM_TSTRING:
        vm_pushvalue(S, idx);
        break;
      case VM_TBOOLEAN:
        vm_pushstring(S, vm_toboolean(S, idx) ? "true" : "false");
        break;
      case VM_TNIL:
        vm_pushliteral(S, "nil");
        break;
      default: {
        int tt = vm_getmetafield(S, idx, "__name");
        const char *kind = tt == VM_TSTRING ? vm_tostring(S, -1)
                                            : vm_typename(S, vm_type(S, idx));
        vm_pushfstring(S, "%s: %p", kind, vm_topointer(S, idx));
        if (tt != VM_TNIL) vm_remove(S, -2);
        break;
      }
    }
  }
  return vm_tolstring(S, -1, len);
}

vm_Integer vm_lenof(vm_State *S, int idx) {
  int ok;
  vm_len(S, idx);
  vm_Integer l = vm_tointegerx(S, -1, &ok);
  if (!ok) vm_errorf(S, "object length is not an integer");
  vm_pop(S, 1);
  return l;
}

/* ======================================================================
** Tracebacks
** ====================================================================== */

/* Index of the deepest existing level, by exponential then binary search
** (getstack is cheap but not free on deep stacks). */
static int lastlevel(vm_State *S) {
  vm_Debug ar;
  int lo = 1, hi = 1;
  while (vm_getstack(S, hi, &ar)) {
    lo = hi;
    hi *= 2;
  }
  while (lo < hi) {
    int m = lo + (hi - lo) / 2;
    if (vm_getstack(S, m, &ar)) lo = m + 1;
    else hi = m;
  }
  return hi - 1;
}

static void pushfuncname(vm_State *S, vm_Debug *ar) {
  if (pushglobalfuncname(S, ar)) {
    vm_pushfstring(S, "function '%s'", vm_tostring(S, -1));
    vm_remove(S, -2);
  } else if (ar->namewhat != NULL && *ar->namewhat != '\0')
    vm_pushfstring(S, "%s '%s'", ar->namewhat, ar->name);
  else if (*ar->what == 'm')
    vm_pushliteral(S, "main chunk");
  else if (*ar->what != 'C')
    vm_pushfstring(S, "function <%s:%d>", ar->short_src, ar->linedefined);
  else
    vm_pushliteral(S, "?");
}

void vm_traceback(vm_State *S, vm_State *S1, const char *msg, int level) {
  vm_Buffer b;
  vm_Debug ar;
  int last = lastlevel(S1);
  /* countdown to the cut; -1 never reaches 0, so short stacks are whole */
  int limit2show = (last - level > LEVELS1 + LEVELS2) ? LEVELS1 : -1;
  vm_buffinit(S, &b);
  if (msg) {
    vm_addstring(&b, msg);
    vm_addchar(&b, '\n');
  }
  vm_addstring(&b, "stack traceback:");
  while (vm_getstack(S1, level++, &ar)) {
    if (limit2show-- == 0) {
      /* (Lua 5.4.4 hides one level more than the count it prints) */
      int n = last - level - LEVELS2 + 1;
      vm_pushfstring(S, "\n\t...\t(skipping %d levels)", n);
      vm_addvalue(&b);
      level += n;
    } else {
      vm_getinfo(S1, "Slnt", &ar);
      if (ar.currentline <= 0)
        vm_pushfstring(S, "\n\t%s: in ", ar.short_src);
      else
        vm_pushfstring(S, "\n\t%s:%d: in ", ar.short_src, ar.currentline);
      vm_addvalue(&b);
      pushfuncname(S, &ar);
      vm_addvalue(&b);
      if (ar.istailcall) vm_addstring(&b, "\n\t(...tail calls...)");
    }
  }
  vm_pushresult(&b);
}

/* ======================================================================
** References: t[ref] = value, with a free list threaded through the
** table. The list head lives right after the registry's predefined keys,
** so refs never collide with VM_RIDX_MAINTHREAD/VM_RIDX_GLOBALS.
** ====================================================================== */
#define FREELIST (VM_RIDX_GLOBALS + 1)

int vm_ref(vm_State *S, int t) {
  int ref;
  if (vm_isnil(S, -1)) {
    vm_pop(S, 1);
    return VM_REFNIL;
  }
  t = vm_absindex(S, t);
  if (vm_rawgeti(S, t, FREELIST) == VM_TNIL) {  /* first use: empty list */
    ref = 0;
    vm_pushinteger(S, 0);
    vm_rawseti(S, t, FREELIST);
  } else
    ref = (int)vm_tointeger(S, -1);
  vm_pop(S, 1);
  if (ref != 0) {                 /* reuse a freed slot: unlink it */
    vm_rawgeti(S, t, ref);
    vm_rawseti(S, t, FREELIST);
  } else
    ref = (int)vm_rawlen(S, t) + 1;
  vm_rawseti(S, t, ref);
  return ref;
}

void vm_unref(vm_State *S, int t, int ref) {
  if (ref < 0) return;
  t = vm_absindex(S, t);
  vm_rawgeti(S, t, FREELIST);
  vm_rawseti(S, t, ref);          /* t[ref] = old head */
  vm_pushinteger(S, ref);
  vm_rawseti(S, t, FREELIST);     /* head = ref */
}

/* ======================================================================
** Modules and function tables
** ====================================================================== */

int vm_getsubtable(vm_State *S, int idx, const char *fname) {
  if (vm_getfield(S, idx, fname) == VM_TTABLE) return 1;
  vm_pop(S, 1);
  idx = vm_absindex(S, idx);
  vm_newtable(S);
  vm_pushvalue(S, -1);
  vm_setfield(S, idx, fname);
  return 0;
}

void vm_requiref(vm_State *S, const char *modname, vm_CFunction openf, int glb) {
  vm_getsubtable(S, VM_REGISTRYINDEX, LOADED_KEY);
  vm_getfield(S, -1, modname);
  if (!vm_toboolean(S, -1)) {     /* not loaded yet */
    vm_pop(S, 1);
    vm_pushcfunction(S, openf);
    vm_pushstring(S, modname);
    vm_call(S, 1, 1);
    vm_pushvalue(S, -1);
    vm_setfield(S, -3, modname);
  }
  vm_remove(S, -2);               /* the LOADED table */
  if (glb) {
    vm_pushvalue(S, -1);
    vm_setglobal(S, modname);
  }
}

void vm_setfuncs(vm_State *S, const vm_Reg *l, int nup) {
  vm_checkstackaux(S, nup, "too many upvalues");
  for (; l->name != NULL; l++) {
    if (l->func == NULL)          /* placeholder, filled in later */
      vm_pushboolean(S, 0);
    else {
      for (int i = 0; i < nup; i++) vm_pushvalue(S, -nup);
      vm_pushcclosure(S, l->func, nup);
    }
    vm_setfield(S, -(nup + 2), l->name);
  }
  vm_pop(S, nup);
}

const char *vm_gsub(vm_State *S, const char *s, const char *p, const char *r) {
  size_t lp = strlen(p);
  vm_Buffer b;
  if (lp == 0) return vm_pushstring(S, s);
  vm_buffinit(S, &b);
  for (const char *w; (w = strstr(s, p)) != NULL; s = w + lp) {
    vm_addlstring(&b, s, (size_t)(w - s));
    vm_addstring(&b, r);
  }
  vm_addstring(&b, s);
  vm_pushresult(&b);
  return vm_tostring(S, -1);
}

/* ======================================================================
** String buffer (inline area, then a box anchored in its slot)
** ====================================================================== */

/* Contents past the inline area live in a block from vm_realloc owned by a
** box userdata in the buffer's slot. Growing reallocates the block (a big
** one grows in place with mremap, without copying or faulting in what it
** already holds), and the block is freed as soon as the buffer finishes,
** not when a collection finds it: a freshly freed big block is what the
** next big allocation reuses. The box's __gc frees the block of a buffer
** an error abandoned. */
typedef struct BufBox {
  char *p;
  size_t size;
} BufBox;

#define BUFBOX_MT "tide.bufbox"

static void freebox(vm_State *S, BufBox *box) {
  vm_realloc(S, box->p, box->size, 0);
  box->p = NULL;
  box->size = 0;
}

/* (Lua code can reach it through the registry: anything but a box is left
** alone) */
static int boxgc(vm_State *S) {
  BufBox *box = (BufBox *)vm_testudata(S, 1, BUFBOX_MT);
  if (box != NULL) freebox(S, box);
  return 0;
}

static BufBox *newbox(vm_State *S) {
  BufBox *box = (BufBox *)vm_newuserdatauv(S, sizeof(BufBox), 0);
  box->p = NULL;
  box->size = 0;
  if (vm_newmetatable(S, BUFBOX_MT)) {
    vm_pushcfunction(S, boxgc);
    vm_setfield(S, -2, "__gc");
  }
  vm_setmetatable(S, -2);
  return box;
}

void vm_buffinit(vm_State *S, vm_Buffer *B) {
  B->S = S;
  B->b = B->init;
  B->size = sizeof(B->init);
  B->n = 0;
  vm_pushnil(S);
  B->slot = vm_gettop(S);
}

char *vm_prepbuffsize(vm_Buffer *B, size_t sz) {
  size_t newsize;
  char *nb;
  BufBox *box;
  if (B->size - B->n >= sz) return B->b + B->n;
  newsize = B->size * 2;
  if (newsize - B->n < sz) {
    if (sz > ((size_t)-1 >> 1) - B->n) vm_errorf(B->S, "buffer too large");
    newsize = B->n + sz;
  }
  if (B->b == B->init) {
    box = newbox(B->S);
    vm_replace(B->S, B->slot);
  } else {
    box = (BufBox *)vm_touserdata(B->S, B->slot);
  }
  nb = vm_realloc(B->S, box->p, box->size, newsize);
  if (B->b == B->init) memcpy(nb, B->init, B->n);
  box->p = nb;
  box->size = newsize;
  B->b = nb;
  B->size = newsize;
  return nb + B->n;
}

void vm_addlstring(vm_Buffer *B, const char *s, size_t l) {
  if (l == 0) return;
  memcpy(vm_prepbuffsize(B, l), s, l);
  B->n += l;
}

void vm_addstring(vm_Buffer *B, const char *s) { vm_addlstring(B, s, strlen(s)); }

void vm_addvalue(vm_Buffer *B) {
  size_t l;
  const char *s = vm_tolstring(B->S, -1, &l);
  vm_addlstring(B, s, l);
  vm_pop(B->S, 1);
}

/* Frees the box's block now, if the contents outgrew the inline area. */
static void finishbuffer(vm_Buffer *B) {
  if (B->b != B->init) freebox(B->S, (BufBox *)vm_touserdata(B->S, B->slot));
  vm_remove(B->S, B->slot);
}

void vm_pushresult(vm_Buffer *B) {
  vm_pushlstring(B->S, B->b, B->n);
  finishbuffer(B);
}

void vm_buffree(vm_Buffer *B) { finishbuffer(B); }

/* ======================================================================
** Loading and running chunks
** ====================================================================== */

typedef struct StringReader {
  const char *s;
  size_t size;
} StringReader;

static const char *readstring(vm_State *S, void *ud, size_t *size) {
  StringReader *r = ud;
  (void)S;
  if (r->size == 0) return NULL;
  *size = r->size;
  r->size = 0;
  return r->s;
}

int vm_loadbufferx(vm_State *S, const char *buf, size_t sz, const char *name,
                   const char *mode) {
  StringReader r = {buf, sz};
  return vm_load(S, readstring, &r, name, mode);
}

int vm_loadstring(vm_State *S, const char *s) {
  return vm_loadbuffer(S, s, strlen(s), s);
}

typedef struct FileReader {
  int n;                 /* bytes pending in buff before the next fread */
  FILE *f;
  char buff[BUFSIZ];
} FileReader;

static const char *readfile(vm_State *S, void *ud, size_t *size) {
  FileReader *r = ud;
  (void)S;
  if (r->n > 0) {
    *size = (size_t)r->n;
    r->n = 0;
    return r->buff;
  }
  if (feof(r->f)) return NULL;
  *size = fread(r->buff, 1, sizeof(r->buff), r->f);
  return r->buff;
}

/* Replaces the chunk name at fnameindex by "cannot WHAT FILE: reason". */
static int fileerror(vm_State *S, const char *what, int fnameindex) {
  const char *reason = strerror(errno);
  const char *filename = vm_tostring(S, fnameindex) + 1;  /* skip '@' or '=' */
  vm_pushfstring(S, "cannot %s %s: %s", what, filename, reason);
  vm_remove(S, fnameindex);
  return VM_ERRFILE;
}

/* Skips an optional UTF-8 byte-order mark and returns the next char. */
static int skipbom(FILE *f) {
  int c = getc(f);
  if (c == 0xEF && getc(f) == 0xBB && getc(f) == 0xBF) return getc(f);
  return c;
}

/* Skips a first line starting with '#' (a Unix "#!" line). Returns 1 if it
** did, with *c the first char after it; *c is the first char otherwise. */
static int skipcomment(FILE *f, int *c) {
  *c = skipbom(f);
  if (*c != '#') return 0;
  do *c = getc(f); while (*c != EOF && *c != '\n');
  *c = getc(f);
  return 1;
}

int vm_loadfilex(vm_State *S, const char *filename, const char *mode) {
  FileReader r;
  int c, status, readerr;
  int fnameindex = vm_gettop(S) + 1;
  int isstdin = filename == NULL || strcmp(filename, "-") == 0;
  if (isstdin) {
    vm_pushliteral(S, "=stdin");
    r.f = stdin;
  } else {
    vm_pushfstring(S, "@%s", filename);
    errno = 0;
    r.f = fopen(filename, "r");
    if (r.f == NULL) return fileerror(S, "open", fnameindex);
  }
  r.n = 0;
  if (skipcomment(r.f, &c) && c != '\x1b') /* (ESC: a binary chunk) */
    r.buff[r.n++] = '\n';         /* keep a text chunk's line numbers right */
  if (c != EOF) r.buff[r.n++] = (char)c;
  errno = 0;
  status = vm_load(S, readfile, &r, vm_tostring(S, -1), mode);
  readerr = ferror(r.f);
  if (!isstdin) fclose(r.f);
  if (readerr) {
    vm_settop(S, fnameindex);     /* drop the load result */
    return fileerror(S, "read", fnameindex);
  }
  vm_remove(S, fnameindex);
  return status;
}

int vm_dostring(vm_State *S, const char *s) {
  int status = vm_loadstring(S, s);
  if (status == VM_OK) status = vm_pcall(S, 0, VM_MULTRET, 0);
  return status;
}

int vm_dofile(vm_State *S, const char *filename) {
  int status = vm_loadfile(S, filename);
  if (status == VM_OK) status = vm_pcall(S, 0, VM_MULTRET, 0);
  return status;
}

/* Expression first, like the interactive interpreter: "1+1" yields 2,
** "x = 1" is not an expression and runs as a statement list. */
int vm_eval(vm_State *S, const char *code) {
  static const char chunkname[] = "=(eval)";
  int base = vm_gettop(S);
  size_t len = strlen(code);
  const char *ret = vm_pushfstring(S, "return %s", code);
  int status = vm_loadbuffer(S, ret, len + 7, chunkname);
  vm_remove(S, -2);               /* the "return ..." text */
  if (status != VM_OK) {
    vm_pop(S, 1);
    status = vm_loadbuffer(S, code, len, chunkname);
  }
  if (status == VM_OK) status = vm_pcall(S, 0, VM_MULTRET, 0);
  if (status != VM_OK) return -status;
  return vm_gettop(S) - base;
}

/* ======================================================================
** Results of system calls, in Lua's shape (io and os libraries)
** ====================================================================== */

/* true, or nil, "fname: reason" (just the reason without a name), errno. */
int vm_fileresult(vm_State *S, int ok, const char *fname) {
  int en = errno;                 /* before the API can change it */
  if (ok) {
    vm_pushboolean(S, 1);
    return 1;
  }
  vm_pushnil(S);
  if (fname)
    vm_pushfstring(S, "%s: %s", fname, strerror(en));
  else
    vm_pushstring(S, strerror(en));
  vm_pushinteger(S, en);
  return 3;
}

/* What a finished command reports (os.execute's shape): true/nil,
** "exit"/"signal", code; a file error when it could not be waited for.
** The caller clears errno before the call that produced stat. */
int vm_execresult(vm_State *S, int stat) {
  const char *how = "exit";
  if (stat != 0 && errno != 0) return vm_fileresult(S, 0, NULL);
  if (stat != -1 && WIFEXITED(stat))
    stat = WEXITSTATUS(stat);
  else if (stat != -1 && WIFSIGNALED(stat)) {
    stat = WTERMSIG(stat);
    how = "signal";
  }
  if (how[0] == 'e' && stat == 0)
    vm_pushboolean(S, 1);
  else
    vm_pushnil(S);
  vm_pushstring(S, how);
  vm_pushinteger(S, stat);
  return 3;
}
