/*
** test_api_errors.c — errors: vm_error with error objects of every type,
** vm_errorf formatting (%s %d %I %f %p %c %U %%) and positions, status
** codes of protected calls (VM_ERRRUN, VM_ERRSYNTAX, VM_ERRMEM, VM_ERRERR
** for an error in the message handler), message handlers (vm_traceback,
** non-string errors), errors in __close while unwinding, the stack after
** errors, vm_syntaxerrorpos, and warnings (vm_setwarnf, vm_warning, the
** default handler, Lua's warn()).
** Prints "test_api_errors: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vm.h"
#include "check.h"

/* ---------------------------------------------------------------------- */
/* error objects of every type                                             */

static int c_raise_arg(vm_State *S) {
  /* raises its first argument as the error object */
  vm_settop(S, 1);
  return vm_error(S);
}

static int c_dummy(vm_State *S) {
  (void)S;
  return 0;
}

static void test_error_objects(void) {
  vm_State *S = newstate_libs();
  int kinds, k, dummy;
  /* 1..9: one value of each type */
  vm_pushnil(S);
  vm_pushboolean(S, 0);
  vm_pushinteger(S, 42);
  vm_pushnumber(S, 2.5);
  vm_pushstring(S, "message");
  vm_newtable(S);
  vm_pushcfunction(S, c_dummy);
  vm_newuserdatauv(S, 8, 0);
  vm_pushlightuserdata(S, &dummy);
  vm_newthread(S);
  kinds = vm_gettop(S);
  for (k = 1; k <= kinds; k++) {
    int st;
    vm_pushcfunction(S, c_raise_arg);
    vm_pushvalue(S, k);
    st = vm_pcall(S, 1, 0, 0);
    CHECK(st == VM_ERRRUN);
    CHECK(vm_gettop(S) == kinds + 1);
    CHECK(vm_type(S, -1) == vm_type(S, k));
    CHECK(vm_rawequal(S, -1, k) || vm_isnil(S, k)); /* the very same object */
    vm_settop(S, kinds);
  }
  /* the same through Lua's error() and pcall */
  for (k = 1; k <= kinds; k++) {
    vm_pushvalue(S, k);
    vm_setglobal(S, "obj");
    CHECK(vm_dostring(S, "local ok, e = pcall(error, obj) assert(not ok) assert(rawequal(e, obj))") == VM_OK);
    vm_settop(S, kinds);
  }
  /* a table error with fields, from Lua */
  CHECK(vm_dostring(S, "error(setmetatable({code = 7}, {__tostring = function() return 'E7' end}))") == VM_ERRRUN);
  CHECK(vm_istable(S, -1));
  CHECK(vm_getfield(S, -1, "code") == VM_TNUMBER && vm_tointeger(S, -1) == 7);
  vm_pop(S, 1);
  CHECK_STR(vm_tolstringmeta(S, -1, NULL), "E7");
  vm_settop(S, 0);
  /* error() with no value: a nil error object */
  CHECK(vm_dostring(S, "error()") == VM_ERRRUN && vm_isnil(S, -1) && vm_gettop(S) == 1);
  vm_settop(S, 0);
  /* error levels */
  CHECK(vm_dostring(S, "local function f() error('lvl2', 2) end\nf()") == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"local function f() error('lvl2', 2) end...\"]:2: lvl2");
  vm_settop(S, 0);
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* vm_errorf                                                               */

static int c_errorf_all(vm_State *S) {
  return vm_errorf(S, "s=%s d=%d I=%I f=%f c=%c U=%U pct=%% end", "str", -12, (vm_Integer)1 << 40, 0.5, 'Z',
                   (long)0xE9);
}

static int c_errorf_ptr(vm_State *S) {
  return vm_errorf(S, "p=%p", (void *)S);
}

static int c_errorf_plain(vm_State *S) {
  return vm_errorf(S, "plain");
}

static void test_errorf(void) {
  vm_State *S = newstate_libs();
  char want[128];
  /* called directly from the host: no position */
  vm_pushcfunction(S, c_errorf_all);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "s=str d=-12 I=1099511627776 f=0.5 c=Z U=\xC3\xA9 pct=% end");
  vm_settop(S, 0);
  vm_pushcfunction(S, c_errorf_ptr);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  snprintf(want, sizeof want, "p=%p", (void *)S);
  CHECK_STR(vm_tostring(S, -1), want);
  vm_settop(S, 0);
  /* called from Lua: "chunk:line: " of the caller */
  vm_pushcfunction(S, c_errorf_all);
  vm_setglobal(S, "cerr");
  vm_pushcfunction(S, c_errorf_plain);
  vm_setglobal(S, "cplain");
  CHECK(vm_dostring(S, "\n\ncerr()") == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"...\"]:3: s=str d=-12 I=1099511627776 f=0.5 c=Z U=\xC3\xA9 pct=% end");
  vm_settop(S, 0);
  CHECK(vm_loadbuffer(S, "local x = 1\ncplain()", 20, "=chunk") == VM_OK);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "chunk:2: plain");
  vm_settop(S, 0);
  /* caught by Lua's pcall */
  CHECK(vm_dostring(S, "local ok, e = pcall(cplain) return e") == VM_OK);
  CHECK_STR(vm_tostring(S, -1), "plain"); /* pcall (a C function) is the caller */
  vm_settop(S, 0);
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* statuses and message handlers                                           */

static int h_prefix(vm_State *S) {
  vm_pushfstring(S, "handled(%s): %s", vm_typename(S, vm_type(S, 1)),
                 vm_isstring(S, 1) ? vm_tostring(S, 1) : "?");
  return 1;
}

static int h_traceback(vm_State *S) {
  vm_traceback(S, S, vm_tostring(S, 1), 1);
  return 1;
}

static int h_raises(vm_State *S) {
  vm_pushstring(S, "in handler");
  return vm_error(S);
}

static int h_indexes_nil(vm_State *S) {
  vm_pushnil(S);
  vm_gettable(S, -1);
  return 1;
}

static int c_memerr(vm_State *S) {
  vm_pushstring(S, "not enough memory");
  return vm_error(S); /* the memory error message itself: VM_ERRMEM */
}

static int c_raise_nil(vm_State *S) {
  vm_pushnil(S);
  return vm_error(S);
}

static void test_status_codes(void) {
  vm_State *S = newstate_libs();
  int st;
  /* VM_ERRSYNTAX from loading */
  st = vm_loadstring(S, "x = = 1");
  CHECK(st == VM_ERRSYNTAX);
  CHECK_STR(vm_tostring(S, -1), "[string \"x = = 1\"]:1: unexpected symbol near '='");
  vm_settop(S, 0);
  /* VM_ERRRUN, with a message handler that rewrites the message */
  vm_pushcfunction(S, h_prefix);
  CHECK(vm_loadstring(S, "local t = {} t.x.y = 1") == VM_OK);
  st = vm_pcall(S, 0, 0, 1);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "handled(string): [string \"local t = {} t.x.y = 1\"]:1: attempt to index a nil value (field 'x')");
  CHECK(vm_gettop(S) == 2); /* the handler stays */
  vm_settop(S, 0);
  /* the handler sees non-string error objects */
  vm_pushcfunction(S, h_prefix);
  vm_pushcfunction(S, c_raise_nil);
  CHECK(vm_pcall(S, 0, 0, 1) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "handled(nil): ?");
  vm_settop(S, 0);
  /* a relative handler index */
  vm_pushcfunction(S, h_prefix);
  vm_pushcfunction(S, c_raise_nil);
  CHECK(vm_pcall(S, 0, 0, -2) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "handled(nil): ?");
  vm_settop(S, 0);
  /* the handler is not called when there is no error */
  vm_pushcfunction(S, h_raises);
  CHECK(vm_loadstring(S, "return 1") == VM_OK);
  CHECK(vm_pcall(S, 0, 1, 1) == VM_OK && vm_tointeger(S, -1) == 1);
  vm_settop(S, 0);
  /* VM_ERRERR: the handler itself fails */
  vm_pushcfunction(S, h_raises);
  CHECK(vm_loadstring(S, "error('x')") == VM_OK);
  st = vm_pcall(S, 0, 0, 1);
  CHECK(st == VM_ERRERR);
  CHECK_STR(vm_tostring(S, -1), "error in error handling");
  vm_settop(S, 0);
  vm_pushcfunction(S, h_indexes_nil);
  CHECK(vm_loadstring(S, "error('x')") == VM_OK);
  st = vm_pcall(S, 0, 0, 1);
  CHECK(st == VM_ERRERR);
  CHECK_STR(vm_tostring(S, -1), "error in error handling");
  vm_settop(S, 0);
  /* VM_ERRMEM: raising the memory error message from C */
  vm_pushcfunction(S, c_memerr);
  st = vm_pcall(S, 0, 0, 0);
  CHECK(st == VM_ERRMEM);
  CHECK_STR(vm_tostring(S, -1), "not enough memory");
  vm_settop(S, 0);
  /* a traceback handler */
  vm_pushcfunction(S, h_traceback);
  {
    static const char tbsrc[] = "local function inner() error('deep') end\n"
                                "local function outer() inner() end\n"
                                "outer()";
    CHECK(vm_loadbuffer(S, tbsrc, sizeof tbsrc - 1, "=tb") == VM_OK);
  }
  st = vm_pcall(S, 0, 0, 1);
  CHECK(st == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "tb:1: deep\n"
                                "stack traceback:\n"
                                "\t[C]: in function 'error'\n"
                                "\ttb:1: in upvalue 'inner'\n"
                                "\ttb:2: in local 'outer'\n"
                                "\ttb:3: in main chunk");
  vm_settop(S, 0);
  /* the state works after all of this */
  CHECK(vm_eval(S, "'ok'") == 1);
  CHECK_STR(vm_tostring(S, -1), "ok");
  vm_close(S);
}

/* errors while unwinding through __close */
static void test_close_errors(void) {
  vm_State *S = newstate_libs();
  CHECK(vm_dostring(S, "local x <close> = setmetatable({}, {__close = function(o, e)\n"
                       "  error('close:' .. tostring(e), 0) end})\n"
                       "error('orig', 0)") == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "close:orig");
  vm_settop(S, 0);
  /* a __close that succeeds sees the error and keeps it */
  CHECK(vm_dostring(S, "seen = nil\n"
                       "local x <close> = setmetatable({}, {__close = function(o, e) seen = e end})\n"
                       "error({tag = 'tbl'})") == VM_ERRRUN);
  CHECK(vm_istable(S, -1));
  CHECK(vm_getglobal(S, "seen") == VM_TTABLE && vm_rawequal(S, -1, -2));
  vm_settop(S, 0);
  vm_close(S);
}

static void test_syntaxerrorpos(void) {
  vm_State *S = newstate_libs();
  int line = -1, col = -1;
  vm_syntaxerrorpos(S, &line, &col);
  CHECK(line == 0 && col == 0);
  CHECK(vm_loadstring(S, "local a = 1\nlocal b = = 2") == VM_ERRSYNTAX);
  vm_syntaxerrorpos(S, &line, &col);
  CHECK(line == 2 && col == 11);
  vm_settop(S, 0);
  CHECK(vm_loadstring(S, "return 1") == VM_OK);
  vm_syntaxerrorpos(S, &line, &col);
  CHECK(line == 0 && col == 0); /* reset by a successful load */
  vm_settop(S, 0);
  CHECK(vm_loadstring(S, "x = 'unfinished") == VM_ERRSYNTAX);
  vm_syntaxerrorpos(S, &line, &col);
  CHECK(line == 1 && col >= 5);
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* warnings                                                                */

typedef struct WarnLog {
  char text[512];
  int calls;
  int conts;
} WarnLog;

static void warnf_log(void *ud, const char *msg, int tocont) {
  WarnLog *w = ud;
  size_t len = strlen(w->text);
  w->calls++;
  if (tocont) w->conts++;
  snprintf(w->text + len, sizeof w->text - len, "%s%s", msg, tocont ? "" : "|");
}

static void test_warnings(void) {
  vm_State *S = newstate_libs();
  WarnLog w;
  memset(&w, 0, sizeof w);
  vm_setwarnf(S, warnf_log, &w);
  vm_warning(S, "one", 0);
  vm_warning(S, "two ", 1);
  vm_warning(S, "parts", 0);
  CHECK_STR(w.text, "one|two parts|");
  CHECK(w.calls == 3 && w.conts == 1);
  /* Lua's warn() goes to the same handler; control messages too */
  CHECK(vm_dostring(S, "warn('from ', 'lua') warn('@on')") == VM_OK);
  CHECK_STR(w.text, "one|two parts|from lua|@on|");
  /* NULL: warnings are dropped without a handler call */
  vm_setwarnf(S, NULL, NULL);
  vm_close(S);
}

/* Captures what the default handler writes to stderr while fn runs. */
static void capture_stderr(void (*fn)(void *), void *arg, char *out, size_t outsz) {
  FILE *tmp = tmpfile();
  int saved = dup(2);
  size_t n;
  fflush(stderr);
  dup2(fileno(tmp), 2);
  fn(arg);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  rewind(tmp);
  n = fread(out, 1, outsz - 1, tmp);
  out[n] = '\0';
  fclose(tmp);
}

static void default_warnings(void *arg) {
  vm_State *S = arg;
  vm_warning(S, "off by default", 0);
  vm_warning(S, "@on", 0);
  vm_warning(S, "hello", 0);
  vm_warning(S, "a ", 1);
  vm_warning(S, "b", 0);
  vm_warning(S, "@off", 0);
  vm_warning(S, "silent", 0);
}

/* Two states with the default handler: a continued warning in one must not
** change the other's output (states are independent). */
static void two_states_warnings(void *arg) {
  vm_State **st = arg;
  vm_warning(st[0], "@on", 0);
  vm_warning(st[1], "@on", 0);
  vm_warning(st[0], "first state, to be ", 1); /* left unfinished */
  vm_warning(st[1], "second", 0);
  vm_warning(st[0], "continued", 0);
}

static void test_default_warnings(void) {
  vm_State *S = newstate_libs();
  vm_State *two[2];
  char out[512];
  capture_stderr(default_warnings, S, out, sizeof out);
  CHECK_STR(out, "Lua warning: hello\nLua warning: a b\n");
  vm_close(S);
  two[0] = vm_newstate();
  two[1] = vm_newstate();
  capture_stderr(two_states_warnings, two, out, sizeof out);
  CHECK_STR(out, "Lua warning: first state, to be Lua warning: second\ncontinued\n");
  vm_close(two[0]);
  vm_close(two[1]);
}

int main(void) {
  test_error_objects();
  test_errorf();
  test_status_codes();
  test_close_errors();
  test_syntaxerrorpos();
  test_warnings();
  test_default_warnings();
  return check_report("test_api_errors");
}
