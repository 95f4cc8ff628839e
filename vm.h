/*
** vm.h — Tide's public C API.
**
** Tide is an embeddable virtual machine for Lua 5.4. A host creates a state
** with vm_newstate(), loads and runs code, and exchanges values through a
** value stack addressed by indices, the way Lua's C API does: index 1 is the
** first value of the current C function's frame, -1 the top, and the pseudo
** index VM_REGISTRYINDEX names the registry. Each function documents
** [pops, pushes, errors]: "e" means it may raise a Lua error (longjmp), "-"
** that it never does. Functions that may raise must be called from inside a
** protected call (vm_pcall, or a C function called by Lua); entry points a
** host calls from outside (vm_load, vm_pcall, vm_eval, vm_dostring, ...) are
** protected themselves.
**
** Thread safety: one state (and all its coroutines) is used by one OS thread
** at a time. Distinct states are fully independent.
**
** Nothing internal leaks through this header: vm_State is opaque.
*/
#ifndef TIDE_VM_H
#define TIDE_VM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* libtide.so exports only what this header declares: the library is built
** with -fvisibility=hidden, and these declarations are made visible. */
#if defined(__GNUC__) && __GNUC__ >= 4
#pragma GCC visibility push(default)
#endif
#ifdef __cplusplus
extern "C" {
#endif

#define VM_VERSION_MAJOR 0
#define VM_VERSION_MINOR 1
#define VM_VERSION "Tide 0.1"
#define VM_LUA_VERSION "Lua 5.4"
/* the language's authors, credited as lua.c's version line credits them
** (programs look for "PUC-Rio" at its end, as Lua's own test suite does) */
#define VM_LUA_AUTHORS "the Lua language by Lua.org, PUC-Rio"
#define VM_VERSION_NUM 504 /* the Lua language version implemented */

typedef struct vm_State vm_State;
typedef int64_t vm_Integer;
typedef uint64_t vm_Unsigned;
typedef double vm_Number;
typedef intptr_t vm_KContext;

typedef int (*vm_CFunction)(vm_State *S);
typedef int (*vm_KFunction)(vm_State *S, int status, vm_KContext ctx);
/* Reader for vm_load: returns a block of *size bytes, or NULL/size 0 at end. */
typedef const char *(*vm_Reader)(vm_State *S, void *ud, size_t *size);
/* Writer for vm_dump: takes the next sz bytes of the chunk; nonzero stops
** the dump (vm_dump returns it). */
typedef int (*vm_Writer)(vm_State *S, const void *p, size_t sz, void *ud);
typedef void (*vm_WarnFunction)(void *ud, const char *msg, int tocont);

/* Status codes. */
#define VM_OK 0
#define VM_YIELD 1
#define VM_ERRRUN 2
#define VM_ERRSYNTAX 3
#define VM_ERRMEM 4
#define VM_ERRERR 5
#define VM_ERRFILE 6

/* Basic types, as type() names them. */
#define VM_TNONE (-1)
#define VM_TNIL 0
#define VM_TBOOLEAN 1
#define VM_TLIGHTUSERDATA 2
#define VM_TNUMBER 3
#define VM_TSTRING 4
#define VM_TTABLE 5
#define VM_TFUNCTION 6
#define VM_TUSERDATA 7
#define VM_TTHREAD 8

#define VM_MINSTACK 20
#define VM_MULTRET (-1)
#define VM_REGISTRYINDEX (-1001000)
#define vm_upvalueindex(i) (VM_REGISTRYINDEX - (i))
/* Predefined registry integer keys. */
#define VM_RIDX_MAINTHREAD 1
#define VM_RIDX_GLOBALS 2

#define VM_NOREF (-2)
#define VM_REFNIL (-1)

/* Arithmetic and comparison operators for vm_arith / vm_compare. */
#define VM_OPADD 0
#define VM_OPSUB 1
#define VM_OPMUL 2
#define VM_OPMOD 3
#define VM_OPPOW 4
#define VM_OPDIV 5
#define VM_OPIDIV 6
#define VM_OPBAND 7
#define VM_OPBOR 8
#define VM_OPBXOR 9
#define VM_OPSHL 10
#define VM_OPSHR 11
#define VM_OPUNM 12
#define VM_OPBNOT 13
#define VM_OPEQ 0
#define VM_OPLT 1
#define VM_OPLE 2

/* Library selection for vm_openlibs / vm_Options.libs. */
#define VM_LIB_BASE (1u << 0)
#define VM_LIB_PACKAGE (1u << 1)
#define VM_LIB_COROUTINE (1u << 2)
#define VM_LIB_STRING (1u << 3)
#define VM_LIB_TABLE (1u << 4)
#define VM_LIB_MATH (1u << 5)
#define VM_LIB_IO (1u << 6)
#define VM_LIB_OS (1u << 7)
#define VM_LIB_UTF8 (1u << 8)
#define VM_LIB_DEBUG (1u << 9)
#define VM_LIB_ALL (0x3ffu)
/* The safe profile for untrusted scripts: with this bit, vm_openlibs
** leaves out everything that reaches the file system, other processes or
** the debug library: io and debug are not opened; os keeps only clock,
** date, difftime and time; loadfile and dofile are absent; load accepts
** text chunks only; require finds modules in package.preload only (no
** file or C module searchers, no package.loadlib/searchpath). */
#define VM_LIB_SAFEPROFILE (1u << 16)
#define VM_LIBS_SAFE (VM_LIB_ALL | VM_LIB_SAFEPROFILE)

/* ----------------------------------------------------------------------
** States
** ---------------------------------------------------------------------- */

/* Options for vm_newstate_opt; zero means "default" for every field. */
typedef struct vm_Options {
  size_t nursery_size;  /* most bytes of the young generation (default 2 MiB) */
  int gc_stress;        /* collect at every GC safe point (testing) */
  size_t memory_limit;  /* bytes outside the nursery; 0 = no limit */
  unsigned libs;        /* libraries opened at creation (VM_LIB_*); 0 = none */
  vm_WarnFunction warnf;/* warning handler (NULL: "Lua warning: " on stderr) */
  void *warn_ud;
  vm_CFunction panic;   /* called on an error outside any protected call */
} vm_Options;

/* Both return NULL when out of memory (with options: also when the
** selected libraries do not fit in the memory limit). */
vm_State *vm_newstate(void);
vm_State *vm_newstate_opt(const vm_Options *opt);
void vm_close(vm_State *S);
/* Open the standard libraries selected by `which` (VM_LIB_* bits). [-0,+0,e] */
void vm_openlibs(vm_State *S, unsigned which);
vm_State *vm_newthread(vm_State *S);               /* [-0,+1,e] */
int vm_closethread(vm_State *T, vm_State *from);   /* [-?,+?,-] */
/* The warning handler receives every piece of a warning (tocont: more
** pieces follow) and also the control messages "@on" and "@off" (warn()
** in Lua, -W in tide): a handler decides itself whether to honour them. */
void vm_setwarnf(vm_State *S, vm_WarnFunction f, void *ud);
void vm_warning(vm_State *S, const char *msg, int tocont);
/* Turn GC stress mode on or off at run time. */
void vm_setgcstress(vm_State *S, int on);
/* Interrupts and budgets. The VM checks at every loop's back-edge and at
** the entry of Lua functions (also in compiled code, once the JIT exists):
** - vm_interrupt(S) may be called from any thread or a signal handler;
**   the running script raises the error "interrupted!" within 1024 checks
**   (the interpreter counts checks in a register and looks at the flag
**   then); once raised, an interrupt is in force and every check raises.
** - vm_setinterrupt(S, f, ud, period) calls f(S, ud) every `period`
**   checks (a budget of loop iterations and calls; with a clock inside f,
**   a time budget). f returns non-zero to stop the script with
**   "interrupted!" (an error f raises itself is an ordinary, catchable
**   error). f == NULL removes the callback.
** An interrupt stays in force (every later check raises again, so a
** script cannot catch it and carry on) until control returns to the host:
** the outermost vm_pcall/vm_resume clears it. */
typedef int (*vm_InterruptFunction)(vm_State *S, void *ud);
void vm_interrupt(vm_State *S);                            /* [-0,+0,-] */
void vm_setinterrupt(vm_State *S, vm_InterruptFunction f, void *ud, int period);
/* Bytes in use now, and the most in use at once since creation, counted
** as the memory limit counts them: everything outside the nursery (whose
** vm_Options.nursery_size bytes plus a 64 KiB reserve are allocated once,
** at creation). */
size_t vm_memoryused(vm_State *S);
size_t vm_memorypeak(vm_State *S);
/* Memory from the state's allocator for C code, counted as the state's
** own (vm_memoryused includes it; the memory limit applies). realloc
** semantics, with the caller passing the block's size back: block NULL
** (osize 0) allocates, nsize 0 frees and returns NULL. Raises a memory
** error when it cannot allocate; freeing never raises. [-0,+0,m] */
void *vm_realloc(vm_State *S, void *block, size_t osize, size_t nsize);
/* A pointer-sized area per thread for the host (Lua's extra space): new
** threads start with a copy of the main thread's. [-0,+0,-] */
#define VM_EXTRASPACE (sizeof(void *))
void *vm_getextraspace(vm_State *S);
/* Allocation samples: at every multiple of `rate` bytes in the stream of
** object allocations (a rate of 0 turns sampling off), hook(S, ud, bytes,
** type) is called with the size and VM_T* type (VM_TNONE for prototypes
** and upvalues) of the object whose allocation crossed the sample point. The hook runs inside the allocator: it may inspect the
** stack with vm_getstack/vm_getinfo (without 'f' or 'L') but must not
** call anything else of the API. */
typedef void (*vm_AllocSampleHook)(vm_State *S, void *ud, size_t bytes, int type);
void vm_setallocsampler(vm_State *S, size_t rate, vm_AllocSampleHook hook, void *ud);
/* Collector metrics, filled in by vm_gcmetrics (cheap: counters only).
** Cumulative counts start at the state's creation. A pause is one
** collector run at a safe point (a minor collection, a step of the
** incremental major collection, or a full collection); pause_hist[i]
** counts pauses of [2^i, 2^(i+1)) microseconds (bucket 0 also those
** under 1 us, the last one everything longer). [-0,+0,-] */
#define VM_GCPAUSE_BUCKETS 24
typedef struct vm_GCMetrics {
  uint64_t bytes_allocated;   /* total bytes ever allocated (young and old) */
  size_t young_bytes;         /* bytes in the nursery now */
  size_t old_bytes;           /* bytes held outside the nursery (vm_memoryused) */
  uint64_t minor_collections; /* minor collections (full ones run one too) */
  uint64_t major_collections; /* major cycles completed, full or incremental */
  uint64_t promoted_bytes;    /* total bytes copied out of the nursery */
  size_t remembered;          /* objects in the remembered set now */
  uint64_t pauses;            /* collector runs */
  uint64_t pause_total_ns, pause_max_ns;
  uint64_t pause_hist[VM_GCPAUSE_BUCKETS];
} vm_GCMetrics;
void vm_gcmetrics(vm_State *S, vm_GCMetrics *m);
/* Memory limit (0 = none). (A minor collection copies surviving young
** objects out of the nursery without checking the limit, so the count can
** exceed it by at most the nursery's size.) An allocation that would take the bytes held
** outside the nursery past it raises "not enough memory" (VM_ERRMEM), a
** catchable error; the next GC safe point then runs a full collection, so
** the state stays usable once the error is caught. */
void vm_setmemorylimit(vm_State *S, size_t limit);
size_t vm_getmemorylimit(vm_State *S);

/* ----------------------------------------------------------------------
** Stack manipulation
** ---------------------------------------------------------------------- */
int vm_absindex(vm_State *S, int idx);             /* [-0,+0,-] */
int vm_gettop(vm_State *S);                        /* [-0,+0,-] */
void vm_settop(vm_State *S, int idx);              /* [-?,+?,e] (__close) */
void vm_pushvalue(vm_State *S, int idx);           /* [-0,+1,-] */
void vm_rotate(vm_State *S, int idx, int n);       /* [-0,+0,-] */
void vm_copy(vm_State *S, int fromidx, int toidx); /* [-0,+0,-] */
int vm_checkstack(vm_State *S, int n);             /* [-0,+0,-] */
void vm_xmove(vm_State *from, vm_State *to, int n);/* [-n,+n,-] */
#define vm_pop(S, n) vm_settop(S, -(n)-1)
#define vm_insert(S, idx) vm_rotate(S, (idx), 1)
#define vm_remove(S, idx) (vm_rotate(S, (idx), -1), vm_pop(S, 1))
#define vm_replace(S, idx) (vm_copy(S, -1, (idx)), vm_pop(S, 1))

/* ----------------------------------------------------------------------
** Access functions (stack -> C)
** ---------------------------------------------------------------------- */
int vm_isnumber(vm_State *S, int idx);
int vm_isstring(vm_State *S, int idx);
int vm_iscfunction(vm_State *S, int idx);
int vm_isinteger(vm_State *S, int idx);
int vm_isuserdata(vm_State *S, int idx);
int vm_type(vm_State *S, int idx);
const char *vm_typename(vm_State *S, int tp);
#define vm_isfunction(S, n) (vm_type(S, (n)) == VM_TFUNCTION)
#define vm_istable(S, n) (vm_type(S, (n)) == VM_TTABLE)
#define vm_isnil(S, n) (vm_type(S, (n)) == VM_TNIL)
#define vm_isboolean(S, n) (vm_type(S, (n)) == VM_TBOOLEAN)
#define vm_isthread(S, n) (vm_type(S, (n)) == VM_TTHREAD)
#define vm_isnone(S, n) (vm_type(S, (n)) == VM_TNONE)
#define vm_isnoneornil(S, n) (vm_type(S, (n)) <= 0)
#define vm_islightuserdata(S, n) (vm_type(S, (n)) == VM_TLIGHTUSERDATA)

vm_Number vm_tonumberx(vm_State *S, int idx, int *isnum);
vm_Integer vm_tointegerx(vm_State *S, int idx, int *isnum);
#define vm_tonumber(S, i) vm_tonumberx(S, (i), NULL)
#define vm_tointeger(S, i) vm_tointegerx(S, (i), NULL)
int vm_toboolean(vm_State *S, int idx);
/* Converts a number in place to a string (may allocate). The returned bytes
** stay valid and unmoved while the string value stays reachable (strings
** never move). [-0,+0,m] */
const char *vm_tolstring(vm_State *S, int idx, size_t *len);
#define vm_tostring(S, i) vm_tolstring(S, (i), NULL)
vm_Unsigned vm_rawlen(vm_State *S, int idx);
vm_CFunction vm_tocfunction(vm_State *S, int idx);
void *vm_touserdata(vm_State *S, int idx);
vm_State *vm_tothread(vm_State *S, int idx);
const void *vm_topointer(vm_State *S, int idx);

/* ----------------------------------------------------------------------
** Comparison and arithmetic
** ---------------------------------------------------------------------- */
void vm_arith(vm_State *S, int op);                          /* [-(2|1),+1,e] */
int vm_rawequal(vm_State *S, int idx1, int idx2);            /* [-0,+0,-] */
int vm_compare(vm_State *S, int idx1, int idx2, int op);     /* [-0,+0,e] */

/* ----------------------------------------------------------------------
** Push functions (C -> stack)
** ---------------------------------------------------------------------- */
void vm_pushnil(vm_State *S);
void vm_pushnumber(vm_State *S, vm_Number n);
void vm_pushinteger(vm_State *S, vm_Integer n);
const char *vm_pushlstring(vm_State *S, const char *s, size_t len); /* [-0,+1,m] */
const char *vm_pushstring(vm_State *S, const char *s);              /* NULL pushes nil */
const char *vm_pushvfstring(vm_State *S, const char *fmt, va_list argp);
/* Formats with %% %s %d %I (vm_Integer) %f (vm_Number) %p %c %U (utf8). */
const char *vm_pushfstring(vm_State *S, const char *fmt, ...);
void vm_pushcclosure(vm_State *S, vm_CFunction fn, int n);          /* [-n,+1,m] */
#define vm_pushcfunction(S, f) vm_pushcclosure(S, (f), 0)
void vm_pushboolean(vm_State *S, int b);
void vm_pushlightuserdata(vm_State *S, void *p);
int vm_pushthread(vm_State *S);                   /* returns 1 if main thread */
#define vm_pushliteral(S, s) vm_pushstring(S, "" s)
#define vm_pushglobaltable(S) ((void)vm_rawgeti(S, VM_REGISTRYINDEX, VM_RIDX_GLOBALS))

/* ----------------------------------------------------------------------
** Get functions (Lua -> stack); they return the type of the pushed value
** ---------------------------------------------------------------------- */
int vm_getglobal(vm_State *S, const char *name);           /* [-0,+1,e] */
int vm_gettable(vm_State *S, int idx);                     /* [-1,+1,e] */
int vm_getfield(vm_State *S, int idx, const char *k);      /* [-0,+1,e] */
int vm_geti(vm_State *S, int idx, vm_Integer n);           /* [-0,+1,e] */
int vm_rawget(vm_State *S, int idx);                       /* [-1,+1,-] */
int vm_rawgeti(vm_State *S, int idx, vm_Integer n);        /* [-0,+1,-] */
int vm_rawgetp(vm_State *S, int idx, const void *p);       /* [-0,+1,-] */
void vm_createtable(vm_State *S, int narr, int nrec);      /* [-0,+1,m] */
#define vm_newtable(S) vm_createtable(S, 0, 0)
/* Full userdata of `size` bytes with `nuvalue` user values. Its memory never
** moves while the userdata is alive. [-0,+1,m] */
void *vm_newuserdatauv(vm_State *S, size_t size, int nuvalue);
#define vm_newuserdata(S, s) vm_newuserdatauv(S, (s), 1)
int vm_getmetatable(vm_State *S, int idx);                 /* [-0,+(0|1),-] */
int vm_getiuservalue(vm_State *S, int idx, int n);         /* [-0,+1,-] */

/* ----------------------------------------------------------------------
** Set functions (stack -> Lua)
** ---------------------------------------------------------------------- */
void vm_setglobal(vm_State *S, const char *name);          /* [-1,+0,e] */
void vm_settable(vm_State *S, int idx);                    /* [-2,+0,e] */
void vm_setfield(vm_State *S, int idx, const char *k);     /* [-1,+0,e] */
void vm_seti(vm_State *S, int idx, vm_Integer n);          /* [-1,+0,e] */
void vm_rawset(vm_State *S, int idx);                      /* [-2,+0,m] */
void vm_rawseti(vm_State *S, int idx, vm_Integer n);       /* [-1,+0,m] */
void vm_rawsetp(vm_State *S, int idx, const void *p);      /* [-1,+0,m] */
int vm_setmetatable(vm_State *S, int idx);                 /* [-1,+0,-] */
int vm_setiuservalue(vm_State *S, int idx, int n);         /* [-1,+0,-] */

/* ----------------------------------------------------------------------
** Calls, loading and running
** ---------------------------------------------------------------------- */
void vm_callk(vm_State *S, int nargs, int nresults, vm_KContext ctx, vm_KFunction k);
#define vm_call(S, n, r) vm_callk(S, (n), (r), 0, NULL)
int vm_pcallk(vm_State *S, int nargs, int nresults, int msgh, vm_KContext ctx,
              vm_KFunction k);
#define vm_pcall(S, n, r, f) vm_pcallk(S, (n), (r), (f), 0, NULL)
/* Loads a chunk; mode is "t", "b", "bt" or NULL (= "bt"). Pushes the
** function or an error message. [-0,+1,-] */
int vm_load(vm_State *S, vm_Reader reader, void *ud, const char *chunkname,
            const char *mode);
int vm_loadbufferx(vm_State *S, const char *buf, size_t sz, const char *name,
                   const char *mode);
#define vm_loadbuffer(S, b, sz, n) vm_loadbufferx(S, b, sz, n, NULL)
int vm_loadstring(vm_State *S, const char *s);
int vm_loadfilex(vm_State *S, const char *filename, const char *mode);
#define vm_loadfile(S, f) vm_loadfilex(S, (f), NULL)
/* Dumps the Lua function on the top of the stack (not popped) as a binary
** chunk through writer; strip drops the debug information. Returns 1 if
** the value is not a Lua function, else the writer's first nonzero
** result, else 0. Loading verifies binary chunks: a malformed one is
** rejected with "bad binary format", never run. [-0,+0,-] */
int vm_dump(vm_State *S, vm_Writer writer, void *data, int strip);
/* Loads and runs a string; on error leaves the message on the stack. */
int vm_dostring(vm_State *S, const char *s);
int vm_dofile(vm_State *S, const char *filename);
/* Evaluates `code` as "return <code>" (falling back to a statement list),
** leaves its results on the stack and returns their number, or a negative
** status with the error message on the stack. [-0,+n,-] */
int vm_eval(vm_State *S, const char *code);

/* ----------------------------------------------------------------------
** Coroutines
** ---------------------------------------------------------------------- */
int vm_yieldk(vm_State *S, int nresults, vm_KContext ctx, vm_KFunction k);
#define vm_yield(S, n) vm_yieldk(S, (n), 0, NULL)
int vm_resume(vm_State *S, vm_State *from, int narg, int *nres);
int vm_status(vm_State *S);
int vm_isyieldable(vm_State *S);

/* ----------------------------------------------------------------------
** Errors, GC, misc
** ---------------------------------------------------------------------- */
int vm_error(vm_State *S);                       /* raises the value on top */
int vm_next(vm_State *S, int idx);               /* [-1,+(2|0),e] */
void vm_concat(vm_State *S, int n);              /* [-n,+1,e] */
void vm_len(vm_State *S, int idx);               /* [-0,+1,e] */
size_t vm_stringtonumber(vm_State *S, const char *s);
void vm_toclose(vm_State *S, int idx);
void vm_closeslot(vm_State *S, int idx);

#define VM_GCSTOP 0
#define VM_GCRESTART 1
#define VM_GCCOLLECT 2
#define VM_GCCOUNT 3
#define VM_GCCOUNTB 4
#define VM_GCSTEP 5
#define VM_GCSETPAUSE 6   /* Lua 5.3 compatibility */
#define VM_GCSETSTEPMUL 7 /* Lua 5.3 compatibility */
#define VM_GCISRUNNING 9
#define VM_GCGEN 10
#define VM_GCINC 11
int vm_gc(vm_State *S, int what, ...);

/* ----------------------------------------------------------------------
** Auxiliary library: argument checks, errors with positions, references,
** buffers. Same conventions as Lua's lauxlib.
** ---------------------------------------------------------------------- */
typedef struct vm_Reg {
  const char *name;
  vm_CFunction func;
} vm_Reg;

int vm_argerror(vm_State *S, int arg, const char *extramsg);
int vm_typeerror(vm_State *S, int arg, const char *tname);
const char *vm_checklstring(vm_State *S, int arg, size_t *l);
const char *vm_optlstring(vm_State *S, int arg, const char *def, size_t *l);
vm_Number vm_checknumber(vm_State *S, int arg);
vm_Number vm_optnumber(vm_State *S, int arg, vm_Number def);
vm_Integer vm_checkinteger(vm_State *S, int arg);
vm_Integer vm_optinteger(vm_State *S, int arg, vm_Integer def);
void vm_checkstackaux(vm_State *S, int sz, const char *msg);
void vm_checktype(vm_State *S, int arg, int t);
void vm_checkany(vm_State *S, int arg);
int vm_checkoption(vm_State *S, int arg, const char *def, const char *const lst[]);
#define vm_checkstring(S, n) vm_checklstring(S, (n), NULL)
#define vm_optstring(S, n, d) vm_optlstring(S, (n), (d), NULL)
#define vm_argcheck(S, cond, arg, extramsg) \
  ((void)((cond) || vm_argerror(S, (arg), (extramsg))))
#define vm_argexpected(S, cond, arg, tname) \
  ((void)((cond) || vm_typeerror(S, (arg), (tname))))

int vm_newmetatable(vm_State *S, const char *tname);       /* [-0,+1,m] */
void vm_setmetatablebyname(vm_State *S, const char *tname);/* [-0,+0,m] */
void *vm_testudata(vm_State *S, int ud, const char *tname); /* [-0,+0,m] */
void *vm_checkudata(vm_State *S, int ud, const char *tname);
#define vm_getmetatablebyname(S, n) (vm_getfield(S, VM_REGISTRYINDEX, (n)))

/* Pushes "chunkname:currentline: " for the function at call level lvl. */
void vm_where(vm_State *S, int lvl);
/* Raises an error with a formatted message prefixed by vm_where(S, 1). */
int vm_errorf(vm_State *S, const char *fmt, ...);
int vm_getmetafield(vm_State *S, int obj, const char *e);  /* [-0,+(0|1),m] */
int vm_callmeta(vm_State *S, int obj, const char *e);      /* [-0,+(0|1),e] */
/* tostring() semantics, honouring __tostring and __name. [-0,+1,e] */
const char *vm_tolstringmeta(vm_State *S, int idx, size_t *len);
vm_Integer vm_lenof(vm_State *S, int idx);                 /* #v as integer, e */
void vm_traceback(vm_State *S, vm_State *S1, const char *msg, int level);
/* Line and 1-based column where the syntax error of this state's last
** load was detected (both 0 if that load had none); for diagnostics such
** as a caret display. */
void vm_syntaxerrorpos(vm_State *S, int *line, int *col);
int vm_ref(vm_State *S, int t);
void vm_unref(vm_State *S, int t, int ref);
int vm_getsubtable(vm_State *S, int idx, const char *fname);
void vm_requiref(vm_State *S, const char *modname, vm_CFunction openf, int glb);
void vm_setfuncs(vm_State *S, const vm_Reg *l, int nup);
#define vm_newlibtable(S, l) vm_createtable(S, 0, sizeof(l) / sizeof((l)[0]) - 1)
#define vm_newlib(S, l) (vm_newlibtable(S, l), vm_setfuncs(S, l, 0))
const char *vm_gsub(vm_State *S, const char *s, const char *p, const char *r);
/* Results of system calls as the io/os libraries return them: true, or
** nil, "fname: strerror(errno)", errno (vm_fileresult); true/nil,
** "exit"/"signal", code for a process status (vm_execresult). */
int vm_fileresult(vm_State *S, int ok, const char *fname);
int vm_execresult(vm_State *S, int stat);

/* String buffer, as Lua's luaL_Buffer. vm_buffinit pushes one slot that
** the buffer owns until vm_pushresult or vm_buffree removes it; in between,
** code may push and pop values above that slot freely (vm_addvalue adds
** the value on the top and pops it). The first 256 bytes live in the
** struct; larger contents live in state memory owned by a userdata kept
** in the slot, freed when the buffer finishes (or by the userdata's
** finalizer, so an error while building leaks nothing). */
typedef struct vm_Buffer {
  char *b;
  size_t size;
  size_t n;
  vm_State *S;
  int slot;
  char init[256];
} vm_Buffer;
void vm_buffinit(vm_State *S, vm_Buffer *B);              /* [-0,+1,-] */
char *vm_prepbuffsize(vm_Buffer *B, size_t sz);           /* [-0,+0,m] */
void vm_addlstring(vm_Buffer *B, const char *s, size_t l);
void vm_addstring(vm_Buffer *B, const char *s);
void vm_addvalue(vm_Buffer *B);                          /* adds top, pops it */
void vm_pushresult(vm_Buffer *B);                        /* pushes; drops the slot */
void vm_buffree(vm_Buffer *B);                           /* drops the slot */
#define vm_addchar(B, c) \
  ((void)((B)->n < (B)->size || vm_prepbuffsize((B), 1)), ((B)->b[(B)->n++] = (c)))
#define vm_addsize(B, s) ((B)->n += (s))
#define vm_buffsub(B, s) ((B)->n -= (s))

/* ----------------------------------------------------------------------
** Debug interface (subset; the debug library issue grows it)
** ---------------------------------------------------------------------- */
#define VM_IDSIZE 60
typedef struct vm_Debug {
  int event;
  const char *name;           /* (n) */
  const char *namewhat;       /* (n) "global", "local", "field", "method", ... */
  const char *what;           /* (S) "Lua", "C", "main" */
  const char *source;         /* (S) */
  size_t srclen;              /* (S) */
  int currentline;            /* (l) */
  int currentcol;             /* (l) column of the current instruction, 0 if unknown */
  int linedefined;            /* (S) */
  int lastlinedefined;        /* (S) */
  unsigned char nups;         /* (u) */
  unsigned char nparams;      /* (u) */
  char isvararg;              /* (u) */
  char istailcall;            /* (t) */
  unsigned short ftransfer;   /* (r) index of first value transferred */
  unsigned short ntransfer;   /* (r) number of transferred values */
  char short_src[VM_IDSIZE];  /* (S) */
  struct CallInfo *i_ci;      /* private */
} vm_Debug;
int vm_getstack(vm_State *S, int level, vm_Debug *ar);
/* what: "S l n u t f r L" as Lua; a leading '>' takes the function from the
** stack top (popping it). [-(0|1),+(0|1|2),m] */
int vm_getinfo(vm_State *S, const char *what, vm_Debug *ar);
/* Locals of an active function (ar from vm_getstack): pushes the value and
** returns its name, or NULL. With ar == NULL, the name of parameter n of
** the function on the top of the stack. Negative n: varargs. */
const char *vm_getlocal(vm_State *S, const vm_Debug *ar, int n);
/* Pops a value into local n and returns its name; returns NULL and pops
** nothing if there is no such local. */
const char *vm_setlocal(vm_State *S, const vm_Debug *ar, int n);
/* A stable identity of upvalue n of the function at fidx (comparable
** across calls and collections), and making f1's upvalue n1 refer to f2's
** upvalue n2. */
void *vm_upvalueid(vm_State *S, int fidx, int n);
void vm_upvaluejoin(vm_State *S, int fidx1, int n1, int fidx2, int n2);

/* Hooks: called on function calls and returns, new lines, and every
** `count` instructions, as selected by the mask. */
#define VM_HOOKCALL 0
#define VM_HOOKRET 1
#define VM_HOOKLINE 2
#define VM_HOOKCOUNT 3
#define VM_HOOKTAILCALL 4
#define VM_MASKCALL (1 << VM_HOOKCALL)
#define VM_MASKRET (1 << VM_HOOKRET)
#define VM_MASKLINE (1 << VM_HOOKLINE)
#define VM_MASKCOUNT (1 << VM_HOOKCOUNT)
typedef void (*vm_Hook)(vm_State *S, vm_Debug *ar);
void vm_sethook(vm_State *S, vm_Hook func, int mask, int count);
vm_Hook vm_gethook(vm_State *S);
int vm_gethookmask(vm_State *S);
int vm_gethookcount(vm_State *S);

/* Upvalue n of the function at funcindex: pushes its value and returns its
** name ("" for C functions), or returns NULL (pushing nothing) if there is
** no such upvalue. vm_setupvalue pops a value into it. */
const char *vm_getupvalue(vm_State *S, int funcindex, int n);
const char *vm_setupvalue(vm_State *S, int funcindex, int n);

/* Standard library openers (each pushes its module table). */
int vm_open_base(vm_State *S);
int vm_open_package(vm_State *S);
int vm_open_coroutine(vm_State *S);
int vm_open_string(vm_State *S);
int vm_open_table(vm_State *S);
int vm_open_math(vm_State *S);
int vm_open_io(vm_State *S);
int vm_open_os(vm_State *S);
int vm_open_utf8(vm_State *S);
int vm_open_debug(vm_State *S);
/* Tide's own module, `require "tide"` (in package.preload whenever the
** package library is opened): tide.gcmetrics() returns vm_gcmetrics as a
** table. */
int vm_open_tide(vm_State *S);

#ifdef __cplusplus
}
#endif
#if defined(__GNUC__) && __GNUC__ >= 4
#pragma GCC visibility pop
#endif
#endif
