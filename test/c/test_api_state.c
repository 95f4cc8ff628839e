/*
** test_api_state.c — states and libraries: vm_newstate_opt options
** (libs, warnf/warn_ud, panic), vm_openlibs with library selections and
** the safe profile (VM_LIB_SAFEPROFILE / VM_LIBS_SAFE), every vm_open_*
** opener, vm_memoryused/vm_memorypeak, and the allocation sampler
** (vm_setallocsampler: sizes, types, stack inspection from the hook).
** Prints "test_api_state: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

/* the first result of `code` as a string ("(error) msg" on failure) */
static const char *ev(vm_State *S, const char *code) {
  static char buf[256];
  int n;
  vm_settop(S, 0);
  n = vm_eval(S, code);
  if (n < 0) snprintf(buf, sizeof buf, "(error) %s", vm_tostring(S, -1));
  else if (n == 0) snprintf(buf, sizeof buf, "(none)");
  else snprintf(buf, sizeof buf, "%s", vm_tolstringmeta(S, 1, NULL));
  vm_settop(S, 0);
  return buf;
}

/* ---------------------------------------------------------------------- */

typedef struct WarnLog {
  char text[256];
} WarnLog;

static void warnf_log(void *ud, const char *msg, int tocont) {
  WarnLog *w = ud;
  size_t len = strlen(w->text);
  snprintf(w->text + len, sizeof w->text - len, "%s%s", msg, tocont ? "" : "|");
}

static jmp_buf panic_jmp;
static char panic_msg[128];

static int on_panic(vm_State *S) {
  snprintf(panic_msg, sizeof panic_msg, "%s", vm_isstring(S, -1) ? vm_tostring(S, -1) : "?");
  longjmp(panic_jmp, 1); /* the usual way out of a panic */
}

static void test_options(void) {
  vm_Options opt;
  vm_State *S;
  WarnLog w;
  /* libs: a selection */
  memset(&opt, 0, sizeof opt);
  opt.libs = VM_LIB_BASE | VM_LIB_STRING;
  S = vm_newstate_opt(&opt);
  CHECK(S != NULL);
  CHECK(vm_gettop(S) == 0);
  CHECK_STR(ev(S, "type(print), type(string), type(table), type(math), type(io)"), "function");
  CHECK(vm_eval(S, "type(string), type(table), type(math), type(io), ('x'):rep(3)") == 5);
  CHECK_STR(vm_tostring(S, 1), "table");
  CHECK_STR(vm_tostring(S, 2), "nil");
  CHECK_STR(vm_tostring(S, 3), "nil");
  CHECK_STR(vm_tostring(S, 4), "nil");
  CHECK_STR(vm_tostring(S, 5), "xxx");
  vm_close(S);
  /* libs = 0: nothing at all */
  memset(&opt, 0, sizeof opt);
  S = vm_newstate_opt(&opt);
  CHECK_STR(ev(S, "print"), "nil");
  vm_close(S);
  /* a warning handler */
  memset(&opt, 0, sizeof opt);
  memset(&w, 0, sizeof w);
  opt.libs = VM_LIB_BASE;
  opt.warnf = warnf_log;
  opt.warn_ud = &w;
  S = vm_newstate_opt(&opt);
  CHECK_STR(ev(S, "warn('a', 'b') warn('@on')"), "(none)");
  vm_warning(S, "c", 0);
  CHECK_STR(w.text, "ab|@on|c|");
  vm_close(S);
  /* a panic handler: an error outside any protected call */
  memset(&opt, 0, sizeof opt);
  opt.panic = on_panic;
  S = vm_newstate_opt(&opt);
  panic_msg[0] = '\0';
  if (setjmp(panic_jmp) == 0) {
    vm_pushinteger(S, 1);
    vm_pushstring(S, "raised outside");
    vm_error(S); /* no vm_pcall around it */
    CHECK(0);    /* not reached */
  }
  CHECK_STR(panic_msg, "raised outside");
  /* the state can still be closed (and used) after a panic */
  vm_settop(S, 0);
  CHECK(vm_eval(S, "1 + 1") == 1 && vm_tointeger(S, -1) == 2);
  vm_close(S);
  /* libraries beyond a tiny memory limit: no state */
  memset(&opt, 0, sizeof opt);
  opt.libs = VM_LIB_ALL;
  opt.memory_limit = 1;
  S = vm_newstate_opt(&opt);
  CHECK(S == NULL);
  if (S) vm_close(S);
}

static void test_openlibs(void) {
  static const struct {
    vm_CFunction open;
    const char *name, *member;
  } openers[] = {
      {vm_open_base, "_G", "print"},          {vm_open_package, "package", "loaded"},
      {vm_open_coroutine, "coroutine", "wrap"}, {vm_open_string, "string", "format"},
      {vm_open_table, "table", "concat"},     {vm_open_math, "math", "floor"},
      {vm_open_io, "io", "write"},            {vm_open_os, "os", "time"},
      {vm_open_utf8, "utf8", "char"},         {vm_open_debug, "debug", "traceback"},
  };
  vm_State *S = vm_newstate();
  size_t i;
  /* each opener called as a C function returns its module table */
  for (i = 0; i < sizeof openers / sizeof openers[0]; i++) {
    vm_pushcfunction(S, openers[i].open);
    vm_pushstring(S, openers[i].name);
    CHECK(vm_pcall(S, 1, 1, 0) == VM_OK);
    CHECK(vm_istable(S, -1));
    if (vm_getfield(S, -1, openers[i].member) == VM_TNIL) {
      fprintf(stderr, "%s.%s missing\n", openers[i].name, openers[i].member);
      CHECK(0);
    }
    vm_settop(S, 0);
  }
  vm_close(S);
  /* vm_openlibs: a selection, then more */
  S = vm_newstate();
  vm_openlibs(S, VM_LIB_BASE | VM_LIB_MATH);
  CHECK(vm_gettop(S) == 0);
  CHECK_STR(ev(S, "math.floor(2.5)"), "2");
  CHECK_STR(ev(S, "utf8"), "nil");
  vm_openlibs(S, VM_LIB_UTF8 | VM_LIB_PACKAGE);
  CHECK_STR(ev(S, "utf8.char(72, 105)"), "Hi");
  CHECK_STR(ev(S, "package.loaded.math == math"), "true");
  vm_openlibs(S, 0); /* nothing */
  CHECK(vm_gettop(S) == 0);
  vm_openlibs(S, VM_LIB_COROUTINE | VM_LIB_TABLE | VM_LIB_IO | VM_LIB_OS | VM_LIB_DEBUG);
  CHECK_STR(ev(S, "type(coroutine.wrap) .. type(table.concat) .. type(io.write) .. type(os.time) .. type(debug.getinfo)"),
            "functionfunctionfunctionfunctionfunction");
  CHECK_STR(ev(S, "string"), "nil"); /* still not selected */
  /* versions */
  CHECK_STR(ev(S, "_VERSION"), VM_LUA_VERSION);
  CHECK(VM_VERSION_NUM == 504);
  CHECK(VM_VERSION_MAJOR == 0 && VM_VERSION_MINOR >= 1);
  CHECK(strncmp(VM_VERSION, "Tide ", 5) == 0);
  vm_close(S);
}

static void test_safe_profile(void) {
  vm_Options opt;
  vm_State *S;
  int variant;
  for (variant = 0; variant < 2; variant++) {
    if (variant == 0) {
      memset(&opt, 0, sizeof opt);
      opt.libs = VM_LIBS_SAFE;
      S = vm_newstate_opt(&opt);
    } else {
      S = vm_newstate();
      vm_openlibs(S, VM_LIBS_SAFE);
    }
    CHECK(S != NULL);
    CHECK_STR(ev(S, "io"), "nil");
    CHECK_STR(ev(S, "debug"), "nil");
    CHECK_STR(ev(S, "loadfile"), "nil");
    CHECK_STR(ev(S, "dofile"), "nil");
    CHECK_STR(ev(S, "os.execute"), "nil");
    CHECK_STR(ev(S, "os.remove or os.rename or os.exit or os.tmpname or os.getenv or os.setlocale"), "nil");
    CHECK_STR(ev(S, "type(os.clock) .. type(os.date) .. type(os.difftime) .. type(os.time)"),
              "functionfunctionfunctionfunction");
    CHECK_STR(ev(S, "package.loadlib or package.searchpath"), "nil");
    /* load takes text only */
    CHECK_STR(ev(S, "load('return 7')()"), "7");
    CHECK_STR(ev(S, "select(2, load(string.dump(function() end)))"), "attempt to load a binary chunk (mode is 't')");
    CHECK_STR(ev(S, "(load(string.dump(function() return 1 end), 'x', 'b'))"), "nil");
    /* require: package.preload only */
    CHECK_STR(ev(S, "package.preload.mine = function() return 'preloaded' end return require('mine')"), "preloaded");
    CHECK_STR(ev(S, "(pcall(require, 'string'))"), "true"); /* already loaded */
    CHECK_STR(ev(S, "(pcall(require, 'io'))"), "false");
    CHECK_STR(ev(S, "(pcall(require, 'debug'))"), "false");
    CHECK_STR(ev(S, "#package.searchers"), "1");
    /* the rest works */
    CHECK_STR(ev(S, "string.format('%d-%s', 4, table.concat({'a', 'b'}))"), "4-ab");
    CHECK_STR(ev(S, "coroutine.wrap(function() coroutine.yield(math.max(1, 9)) end)()"), "9");
    /* the host keeps its full API */
    CHECK(vm_loadstring(S, "return 1") == VM_OK);
    vm_settop(S, 0);
    vm_close(S);
  }
}

/* ---------------------------------------------------------------------- */
/* memory accounting                                                       */

static void test_memory_counters(void) {
  vm_State *S = vm_newstate();
  size_t used0, used1, peak1, used2;
  vm_openlibs(S, VM_LIB_ALL);
  vm_gc(S, VM_GCCOLLECT); /* (promotes the young objects into counted memory) */
  used0 = vm_memoryused(S);
  CHECK(used0 > 0);
  CHECK(vm_memorypeak(S) >= used0); /* the peak is never below the current use */
  /* a big string lives outside the nursery */
  CHECK(vm_dostring(S, "big = ('x'):rep(4 * 1024 * 1024)") == VM_OK);
  used1 = vm_memoryused(S);
  peak1 = vm_memorypeak(S);
  CHECK(used1 >= used0 + 4 * 1024 * 1024);
  CHECK(peak1 >= used1);
  CHECK(vm_dostring(S, "big = nil") == VM_OK);
  vm_gc(S, VM_GCCOLLECT);
  used2 = vm_memoryused(S);
  CHECK(used2 < used1 - 3 * 1024 * 1024);
  CHECK(vm_memorypeak(S) >= peak1); /* the peak stays */
  CHECK(vm_memorypeak(S) >= vm_memoryused(S));
  /* the memory limit counts the same bytes */
  vm_setmemorylimit(S, used2 + 1024 * 1024);
  CHECK(vm_dostring(S, "big = ('y'):rep(2 * 1024 * 1024)") == VM_ERRMEM);
  vm_settop(S, 0);
  CHECK(vm_memoryused(S) <= used2 + 1024 * 1024);
  vm_setmemorylimit(S, 0);
  vm_close(S);
}

/* Many threads at once: the state's list of threads grows past 256 KiB,
** which makes it a big block (its own mapping); closing the state must
** free it as one (it was given to mimalloc's free: caught under ASan). */
static void test_many_threads(void) {
  vm_State *S = newstate_libs();
  CHECK(vm_dostring(S, "cos = {} for i = 1, 20000 do cos[i] = coroutine.create(print) end "
                       "n = #cos") == VM_OK);
  vm_getglobal(S, "n");
  CHECK(vm_tointeger(S, -1) == 20000);
  vm_close(S);
}

typedef struct Samples {
  int count;
  size_t bytes;
  int types[10];
  int lines_seen;   /* samples taken with a Lua function at level 0..2 */
  int bad_type;
} Samples;

static void sampler(vm_State *S, void *ud, size_t bytes, int type) {
  Samples *s = ud;
  vm_Debug ar;
  int level;
  s->count++;
  s->bytes += bytes;
  if (type >= 0 && type < 10) s->types[type]++;
  else s->bad_type++;
  for (level = 0; level < 3 && vm_getstack(S, level, &ar); level++) {
    if (vm_getinfo(S, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.short_src, "alloc") == 0) {
      s->lines_seen++;
      break;
    }
  }
}

static void test_sampler(void) {
  vm_State *S = vm_newstate();
  Samples s;
  const char *code = "local t = {}\n"
                     "for i = 1, 20000 do t[i] = {i} end\n"
                     "local u = {}\n"
                     "for i = 1, 2000 do u[i] = 'str' .. i end\n"
                     "return #t + #u";
  vm_openlibs(S, VM_LIB_ALL);
  memset(&s, 0, sizeof s);
  vm_setallocsampler(S, 4096, sampler, &s);
  CHECK(vm_loadbuffer(S, code, strlen(code), "=alloc") == VM_OK);
  CHECK(vm_pcall(S, 0, 1, 0) == VM_OK && vm_tointeger(S, -1) == 22000);
  vm_settop(S, 0);
  /* ~20000 small tables of several dozen bytes each: some hundreds of samples */
  CHECK(s.count >= 100 && s.count <= 5000);
  CHECK(s.bad_type == 0);
  CHECK(s.types[VM_TTABLE] > 0);
  CHECK(s.lines_seen > s.count / 2); /* the hook could inspect the stack */
  CHECK(s.bytes > 0);
  /* rate 0 and a NULL hook turn sampling off */
  {
    int before = s.count;
    vm_setallocsampler(S, 0, sampler, &s);
    CHECK(vm_dostring(S, "local t = {} for i = 1, 5000 do t[i] = {} end") == VM_OK);
    CHECK(s.count == before);
    vm_setallocsampler(S, 100, NULL, NULL);
    CHECK(vm_dostring(S, "local t = {} for i = 1, 5000 do t[i] = {} end") == VM_OK);
    CHECK(s.count == before);
  }
  /* a small rate samples more */
  {
    Samples s2;
    memset(&s2, 0, sizeof s2);
    vm_setallocsampler(S, 64, sampler, &s2);
    CHECK(vm_dostring(S, "local t = {} for i = 1, 2000 do t[i] = {} end") == VM_OK);
    vm_setallocsampler(S, 0, NULL, NULL);
    CHECK(s2.count >= 500);
  }
  vm_close(S);
}

int main(void) {
  test_options();
  test_openlibs();
  test_safe_profile();
  test_memory_counters();
  test_many_threads();
  test_sampler();
  return check_report("test_api_state");
}
