/*
** test_api_calls.c — calls and loading: vm_call/vm_callk (result
** adjustment, __call), vm_pcall/vm_pcallk outside coroutines, C closures
** with upvalues (vm_pushcclosure, vm_upvalueindex, vm_copy into an
** upvalue), vm_load with a reader delivering one byte at a time, modes "t",
** "b", "bt" and NULL, vm_loadbufferx/vm_loadbuffer/vm_loadstring,
** vm_dump + vm_load round trips (stripped and not, writer errors),
** vm_loadfilex/vm_loadfile (missing file: VM_ERRFILE, "#!" line, BOM,
** binary files), vm_dofile, vm_dostring and vm_eval.
** Prints "test_api_calls: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vm.h"
#include "check.h"

/* ---------------------------------------------------------------------- */
/* calls                                                                   */

static int c_sum(vm_State *S) {
  int i, n = vm_gettop(S);
  vm_Number s = 0;
  for (i = 1; i <= n; i++) s += vm_checknumber(S, i);
  vm_pushnumber(S, s);
  vm_pushinteger(S, n);
  return 2;
}

static int k_never(vm_State *S, int status, vm_KContext ctx) {
  (void)status;
  (void)ctx;
  vm_pushstring(S, "continuation ran");
  vm_setglobal(S, "kran");
  return 0;
}

static int c_callk_main(vm_State *S) {
  /* not in a coroutine: vm_callk/vm_pcallk call normally, k is unused */
  vm_getglobal(S, "twice");
  vm_pushinteger(S, 4);
  vm_callk(S, 1, 1, 7, k_never);
  vm_getglobal(S, "twice");
  vm_pushinteger(S, 5);
  if (vm_pcallk(S, 1, 1, 0, 8, k_never) != VM_OK) return vm_error(S);
  return 2;
}

static void test_calls(void) {
  vm_State *S = newstate_libs();
  int i;
  CHECK(vm_dostring(S, "function twice(x) return x * 2 end\n"
                       "function many(n) local t = {} for i = 1, n do t[i] = i end return table.unpack(t) end\n"
                       "function none() end\n"
                       "function args(...) return select('#', ...), ... end") == VM_OK);
  CHECK(vm_gettop(S) == 0);
  /* fixed number of results: extra dropped, missing filled with nil */
  vm_getglobal(S, "many");
  vm_pushinteger(S, 5);
  vm_call(S, 1, 2);
  CHECK(vm_gettop(S) == 2 && vm_tointeger(S, 1) == 1 && vm_tointeger(S, 2) == 2);
  vm_settop(S, 0);
  vm_getglobal(S, "none");
  vm_call(S, 0, 3);
  CHECK(vm_gettop(S) == 3 && vm_isnil(S, 1) && vm_isnil(S, 3));
  vm_settop(S, 0);
  vm_getglobal(S, "none");
  vm_call(S, 0, 0);
  CHECK(vm_gettop(S) == 0);
  /* VM_MULTRET, many results (the stack grows as needed) */
  vm_getglobal(S, "many");
  vm_pushinteger(S, 300);
  vm_call(S, 1, VM_MULTRET);
  CHECK(vm_gettop(S) == 300 && vm_tointeger(S, 300) == 300 && vm_tointeger(S, 150) == 150);
  vm_settop(S, 0);
  /* arguments, including nils at the end */
  vm_getglobal(S, "args");
  vm_pushinteger(S, 1);
  vm_pushnil(S);
  vm_pushnil(S);
  vm_call(S, 3, VM_MULTRET);
  CHECK(vm_gettop(S) == 4 && vm_tointeger(S, 1) == 3 && vm_tointeger(S, 2) == 1 && vm_isnil(S, 4));
  vm_settop(S, 0);
  /* C functions, directly */
  vm_pushcfunction(S, c_sum);
  for (i = 1; i <= 10; i++) vm_pushinteger(S, i);
  vm_call(S, 10, 2);
  CHECK(vm_tonumber(S, 1) == 55.0 && vm_tointeger(S, 2) == 10);
  vm_settop(S, 0);
  /* a callable table (__call gets the table first) */
  CHECK(vm_dostring(S, "callable = setmetatable({}, {__call = function(self, a, b) return a + b, self end})") == VM_OK);
  vm_getglobal(S, "callable");
  vm_pushinteger(S, 2);
  vm_pushinteger(S, 3);
  vm_call(S, 2, 2);
  CHECK(vm_tointeger(S, 1) == 5 && vm_istable(S, 2));
  vm_settop(S, 0);
  /* vm_callk and vm_pcallk with a continuation, outside any coroutine */
  vm_pushcfunction(S, c_callk_main);
  CHECK(vm_pcall(S, 0, 2, 0) == VM_OK);
  CHECK(vm_tointeger(S, 1) == 8 && vm_tointeger(S, 2) == 10);
  CHECK(vm_getglobal(S, "kran") == VM_TNIL);
  vm_settop(S, 0);
  /* vm_pcall: results, and errors leaving just the message */
  vm_getglobal(S, "twice");
  vm_pushinteger(S, 21);
  CHECK(vm_pcall(S, 1, 1, 0) == VM_OK);
  CHECK(vm_gettop(S) == 1 && vm_tointeger(S, 1) == 42);
  vm_pushinteger(S, 99); /* sentinel below */
  vm_getglobal(S, "twice");
  vm_pushstring(S, "x");
  CHECK(vm_pcall(S, 1, 3, 0) == VM_ERRRUN);
  CHECK(vm_gettop(S) == 3 && vm_tointeger(S, 2) == 99 && vm_isstring(S, 3));
  vm_settop(S, 0);
  /* calling a non-function */
  vm_pushinteger(S, 1);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "attempt to call a number value");
  vm_settop(S, 0);
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* C closures and upvalues                                                 */

static int c_counter(vm_State *S) {
  vm_Integer n = vm_tointeger(S, vm_upvalueindex(1)) + vm_optinteger(S, 1, 1);
  vm_pushinteger(S, n);
  vm_copy(S, -1, vm_upvalueindex(1)); /* write back into the upvalue */
  vm_pushvalue(S, vm_upvalueindex(2)); /* the name */
  return 2;
}

static int c_upinfo(vm_State *S) {
  /* returns the number of upvalues found and the type beyond the last */
  int n = 0;
  while (vm_type(S, vm_upvalueindex(n + 1)) != VM_TNONE) n++;
  vm_pushinteger(S, n);
  vm_pushinteger(S, vm_type(S, vm_upvalueindex(n + 1)));
  vm_pushvalue(S, vm_upvalueindex(n));
  return 3;
}

static int c_table_upvalue(vm_State *S) {
  /* a table upvalue receives a young value after the closure aged */
  vm_newtable(S);
  vm_pushstring(S, "fresh");
  vm_setfield(S, -2, "v");
  vm_replace(S, vm_upvalueindex(1));
  return 0;
}

static int c_table_upvalue_get(vm_State *S) {
  vm_getfield(S, vm_upvalueindex(1), "v");
  return 1;
}

static void test_cclosures(void) {
  vm_State *S = newstate_libs();
  int i;
  vm_pushinteger(S, 10);
  vm_pushstring(S, "ctr");
  vm_pushcclosure(S, c_counter, 2);
  CHECK(vm_gettop(S) == 1 && vm_iscfunction(S, 1) && vm_tocfunction(S, 1) == c_counter);
  vm_setglobal(S, "counter");
  /* (all but the last call are cut to one result) */
  CHECK(vm_eval(S, "counter(), counter(5), counter()") == 4);
  CHECK(vm_tointeger(S, 1) == 11 && vm_tointeger(S, 2) == 16 && vm_tointeger(S, 3) == 17);
  CHECK_STR(vm_tostring(S, 4), "ctr");
  vm_settop(S, 0);
  /* each closure has its own upvalues */
  vm_pushinteger(S, 100);
  vm_pushstring(S, "other");
  vm_pushcclosure(S, c_counter, 2);
  vm_call(S, 0, 2);
  CHECK(vm_tointeger(S, 1) == 101);
  vm_settop(S, 0);
  CHECK(vm_eval(S, "counter()") == 2 && vm_tointeger(S, 1) == 18);
  vm_settop(S, 0);
  /* 255 upvalues (the maximum), the one past the last is "none" */
  CHECK(vm_checkstack(S, 260));
  for (i = 1; i <= 255; i++) vm_pushinteger(S, i * 10);
  vm_pushcclosure(S, c_upinfo, 255);
  CHECK(vm_gettop(S) == 1);
  vm_gc(S, VM_GCCOLLECT);
  vm_call(S, 0, 3);
  CHECK(vm_tointeger(S, 1) == 255 && vm_tointeger(S, 2) == VM_TNONE && vm_tointeger(S, 3) == 2550);
  vm_settop(S, 0);
  /* no upvalues: every upvalue index is none */
  vm_pushcfunction(S, c_upinfo);
  vm_call(S, 0, 3);
  CHECK(vm_tointeger(S, 1) == 0 && vm_tointeger(S, 2) == VM_TNONE);
  vm_settop(S, 0);
  /* upvalue writes survive collections (write barrier) */
  vm_newtable(S);
  vm_pushvalue(S, -1);
  vm_pushcclosure(S, c_table_upvalue, 1);
  vm_pushvalue(S, -1);
  vm_setglobal(S, "setup");
  vm_gc(S, VM_GCCOLLECT);
  vm_gc(S, VM_GCCOLLECT); /* the closure is old now */
  vm_call(S, 0, 0);
  vm_gc(S, VM_GCCOLLECT);
  vm_getglobal(S, "setup");
  CHECK(vm_getupvalue(S, -1, 1) != NULL && vm_istable(S, -1));
  CHECK(vm_getfield(S, -1, "v") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "fresh");
  vm_settop(S, 0);
  vm_pushstring(S, "via setupvalue");
  vm_newtable(S);
  vm_pushvalue(S, -2);
  vm_setfield(S, -2, "v");
  vm_pushcclosure(S, c_table_upvalue_get, 1);
  vm_call(S, 0, 1);
  CHECK_STR(vm_tostring(S, -1), "via setupvalue");
  vm_close(S);
}

/* ---------------------------------------------------------------------- */
/* loading                                                                 */

typedef struct ByteReader {
  const char *s;
  size_t len, pos;
  int calls;
  int zero_at_end; /* signal the end with size 0 instead of NULL */
} ByteReader;

static const char *read1(vm_State *S, void *ud, size_t *size) {
  ByteReader *r = ud;
  (void)S;
  r->calls++;
  if (r->pos >= r->len) {
    *size = 0;
    return r->zero_at_end ? "" : NULL;
  }
  *size = 1;
  return r->s + r->pos++;
}

static int load1(vm_State *S, const char *s, size_t len, const char *name, const char *mode, int zero) {
  ByteReader r;
  r.s = s;
  r.len = len;
  r.pos = 0;
  r.calls = 0;
  r.zero_at_end = zero;
  return vm_load(S, read1, &r, name, mode);
}

typedef struct Dump {
  char *buf;
  size_t len, cap;
  int pieces;
  int fail_after; /* > 0: return 7 on that piece */
} Dump;

static int writer(vm_State *S, const void *p, size_t sz, void *ud) {
  Dump *d = ud;
  (void)S;
  d->pieces++;
  if (d->fail_after > 0 && d->pieces >= d->fail_after) return 7;
  if (d->len + sz > d->cap) {
    d->cap = (d->len + sz) * 2 + 64;
    d->buf = realloc(d->buf, d->cap);
  }
  memcpy(d->buf + d->len, p, sz);
  d->len += sz;
  return 0;
}

static void test_load(void) {
  vm_State *S = newstate_libs();
  const char *src = "local a, b = ...\nreturn a * b, 'text'";
  int st;
  /* one byte at a time, end signalled by NULL or by size 0 */
  st = load1(S, src, strlen(src), "=bytewise", "t", 0);
  CHECK(st == VM_OK && vm_isfunction(S, -1));
  vm_pushinteger(S, 6);
  vm_pushinteger(S, 7);
  vm_call(S, 2, 2);
  CHECK(vm_tointeger(S, -2) == 42);
  CHECK_STR(vm_tostring(S, -1), "text");
  vm_settop(S, 0);
  st = load1(S, src, strlen(src), "=bytewise", NULL, 1);
  CHECK(st == VM_OK && vm_isfunction(S, -1));
  vm_settop(S, 0);
  /* an empty chunk is a valid (empty) function */
  st = load1(S, "", 0, "=empty", "bt", 0);
  CHECK(st == VM_OK && vm_isfunction(S, -1));
  vm_call(S, 0, VM_MULTRET);
  CHECK(vm_gettop(S) == 0);
  /* syntax errors name the chunk */
  st = load1(S, "x = ", 4, "=bytewise", "t", 0);
  CHECK(st == VM_ERRSYNTAX);
  CHECK_STR(vm_tostring(S, -1), "bytewise:1: unexpected symbol near <eof>");
  vm_settop(S, 0);
  st = load1(S, "return 1 +\n\n+", 13, "@file.lua", NULL, 0);
  CHECK(st == VM_ERRSYNTAX);
  CHECK_STR(vm_tostring(S, -1), "file.lua:3: unexpected symbol near '+'");
  vm_settop(S, 0);
  /* a NULL chunk name */
  st = load1(S, "return 1", 8, NULL, NULL, 0);
  CHECK(st == VM_OK);
  vm_settop(S, 0);
  /* mode "b" refuses text */
  st = load1(S, "return 1", 8, "=m", "b", 0);
  CHECK(st == VM_ERRSYNTAX);
  CHECK_STR(vm_tostring(S, -1), "attempt to load a text chunk (mode is 'b')");
  vm_settop(S, 0);
  /* vm_loadbufferx, vm_loadbuffer (not zero-terminated), vm_loadstring */
  st = vm_loadbufferx(S, "return 5 + 5XXXX", 12, "=buf", "t");
  CHECK(st == VM_OK);
  vm_call(S, 0, 1);
  CHECK(vm_tointeger(S, -1) == 10);
  vm_settop(S, 0);
  st = vm_loadbuffer(S, "return ...", 10, "=buf2");
  CHECK(st == VM_OK);
  vm_pushstring(S, "arg");
  vm_call(S, 1, 1);
  CHECK_STR(vm_tostring(S, -1), "arg");
  vm_settop(S, 0);
  st = vm_loadbufferx(S, "error('at line 2')", 18, "=buf3", "bt");
  CHECK(st == VM_OK);
  CHECK(vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "buf3:1: at line 2");
  vm_settop(S, 0);
  st = vm_loadstring(S, "return 'ls'");
  CHECK(st == VM_OK);
  vm_call(S, 0, 1);
  CHECK_STR(vm_tostring(S, -1), "ls");
  vm_settop(S, 0);
  st = vm_loadstring(S, "error('e')"); /* the chunk name is the source */
  CHECK(st == VM_OK && vm_pcall(S, 0, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"error('e')\"]:1: e");
  vm_settop(S, 0);
  st = vm_loadstring(S, "for");
  CHECK(st == VM_ERRSYNTAX);
  CHECK_STR(vm_tostring(S, -1), "[string \"for\"]:1: <name> expected near <eof>");
  vm_settop(S, 0);
  /* a loaded chunk's _ENV is the global table */
  CHECK(vm_loadstring(S, "return _ENV") == VM_OK);
  vm_call(S, 0, 1);
  vm_pushglobaltable(S);
  CHECK(vm_rawequal(S, -1, -2));
  vm_close(S);
}

static void test_dump(void) {
  vm_State *S = newstate_libs();
  Dump d = {NULL, 0, 0, 0, 0};
  Dump ds = {NULL, 0, 0, 0, 0};
  Dump df = {NULL, 0, 0, 0, 1};
  CHECK(vm_loadstring(S, "local k = ...\n"
                         "local function f(x) return x * k + 1 end\n"
                         "if k == 0 then error('zero') end\n"
                         "return f(10), 'const', 2.5") == VM_OK);
  CHECK(vm_dump(S, writer, &d, 0) == 0);
  CHECK(vm_gettop(S) == 1 && vm_isfunction(S, 1)); /* not popped */
  CHECK(d.len > 0 && d.pieces >= 1);
  CHECK(vm_dump(S, writer, &ds, 1) == 0);
  CHECK(ds.len > 0 && ds.len < d.len); /* stripped is smaller */
  /* the writer's nonzero result stops the dump and is returned */
  CHECK(vm_dump(S, writer, &df, 0) == 7);
  CHECK(df.pieces == 1);
  vm_settop(S, 0);
  /* C functions and non-functions cannot be dumped */
  vm_pushcfunction(S, c_sum);
  CHECK(vm_dump(S, writer, &df, 0) == 1);
  vm_pushinteger(S, 3);
  CHECK(vm_dump(S, writer, &df, 0) == 1);
  vm_settop(S, 0);
  /* round trip, through a bytewise reader, in modes "b" and "bt" */
  CHECK(load1(S, d.buf, d.len, "=dumped", "b", 0) == VM_OK);
  vm_pushinteger(S, 4);
  vm_call(S, 1, 3);
  CHECK(vm_tointeger(S, 1) == 41);
  CHECK_STR(vm_tostring(S, 2), "const");
  CHECK(vm_tonumber(S, 3) == 2.5);
  vm_settop(S, 0);
  CHECK(vm_loadbufferx(S, d.buf, d.len, "=dumped", "bt") == VM_OK);
  vm_pushinteger(S, 0);
  CHECK(vm_pcall(S, 1, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"local k = ......\"]:3: zero"); /* debug info kept */
  vm_settop(S, 0);
  /* stripped: same behaviour, no line information */
  CHECK(vm_loadbufferx(S, ds.buf, ds.len, "=stripped", NULL) == VM_OK);
  vm_pushinteger(S, 2);
  vm_call(S, 1, 1);
  CHECK(vm_tointeger(S, -1) == 21);
  vm_settop(S, 0);
  CHECK(vm_loadbufferx(S, ds.buf, ds.len, "=stripped", "b") == VM_OK);
  vm_pushinteger(S, 0);
  CHECK(vm_pcall(S, 1, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "zero"); /* no line: no position (as lua5.4) */
  vm_settop(S, 0);
  /* mode "t" refuses binary */
  CHECK(vm_loadbufferx(S, d.buf, d.len, "=dumped", "t") == VM_ERRSYNTAX);
  CHECK_STR(vm_tostring(S, -1), "attempt to load a binary chunk (mode is 't')");
  vm_settop(S, 0);
  /* truncated and damaged chunks are rejected */
  CHECK(vm_loadbufferx(S, d.buf, 10, "=cut", "b") == VM_ERRSYNTAX);
  CHECK_STR(vm_tostring(S, -1), "cut: bad binary format (truncated chunk)");
  vm_settop(S, 0);
  CHECK(load1(S, d.buf, d.len / 2, "=half", NULL, 0) == VM_ERRSYNTAX);
  CHECK(strstr(vm_tostring(S, -1), "bad binary format") != NULL);
  vm_settop(S, 0);
  /* re-dumping a loaded chunk gives the same bytes */
  {
    Dump d2 = {NULL, 0, 0, 0, 0};
    CHECK(vm_loadbufferx(S, d.buf, d.len, "=again", "b") == VM_OK);
    CHECK(vm_dump(S, writer, &d2, 0) == 0);
    CHECK(d2.len == d.len && memcmp(d2.buf, d.buf, d.len) == 0);
    free(d2.buf);
    vm_settop(S, 0);
  }
  /* a function whose first upvalue is not _ENV: load sets it to the
  ** global table all the same (as lua_load does) */
  CHECK(vm_dostring(S, "local up = 5 return function() return up end") == VM_OK);
  {
    Dump du = {NULL, 0, 0, 0, 0};
    CHECK(vm_dump(S, writer, &du, 0) == 0);
    vm_settop(S, 0);
    CHECK(vm_loadbufferx(S, du.buf, du.len, "=up", "b") == VM_OK);
    vm_call(S, 0, 1);
    vm_pushglobaltable(S);
    CHECK(vm_rawequal(S, -1, -2));
    free(du.buf);
    vm_settop(S, 0);
  }
  free(d.buf);
  free(ds.buf);
  free(df.buf);
  vm_close(S);
}

static char tmpdir[64];

static const char *tmpfile_with(const char *name, const char *content, size_t len) {
  static char path[128];
  FILE *f;
  snprintf(path, sizeof path, "%s/%s", tmpdir, name);
  f = fopen(path, "wb");
  if (f == NULL) return NULL;
  fwrite(content, 1, len, f);
  fclose(f);
  return path;
}

static void test_files(void) {
  vm_State *S = newstate_libs();
  const char *p;
  char want[256];
  int st;
  Dump d = {NULL, 0, 0, 0, 0};
  snprintf(tmpdir, sizeof tmpdir, "/tmp/test_api_calls.XXXXXX");
  CHECK(mkdtemp(tmpdir) != NULL);
  /* a missing file */
  st = vm_loadfilex(S, "/nonexistent/dir/x.lua", NULL);
  CHECK(st == VM_ERRFILE);
  CHECK_STR(vm_tostring(S, -1), "cannot open /nonexistent/dir/x.lua: No such file or directory");
  CHECK(vm_gettop(S) == 1);
  vm_settop(S, 0);
  st = vm_dofile(S, "/nonexistent/dir/y.lua");
  CHECK(st == VM_ERRFILE);
  CHECK(vm_gettop(S) == 1 && strstr(vm_tostring(S, -1), "cannot open") != NULL);
  vm_settop(S, 0);
  /* a directory cannot be read */
  st = vm_loadfile(S, tmpdir);
  CHECK(st == VM_ERRFILE);
  CHECK(vm_isstring(S, -1) && strncmp(vm_tostring(S, -1), "cannot read ", 12) == 0);
  vm_settop(S, 0);
  /* a plain file */
  p = tmpfile_with("plain.lua", "local x = ...\nreturn (x or 1) * 3\n", 34);
  CHECK(p != NULL);
  st = vm_loadfile(S, p);
  CHECK(st == VM_OK && vm_isfunction(S, -1) && vm_gettop(S) == 1);
  vm_pushinteger(S, 5);
  vm_call(S, 1, 1);
  CHECK(vm_tointeger(S, -1) == 15);
  vm_settop(S, 0);
  CHECK(vm_dofile(S, p) == VM_OK && vm_gettop(S) == 1 && vm_tointeger(S, 1) == 3);
  vm_settop(S, 0);
  /* a "#!" first line and a BOM keep line numbers right */
  p = tmpfile_with("shebang.lua", "\xEF\xBB\xBF#!/usr/bin/env tide\nlocal a = 1\nerror('line three')\n",
                     strlen("\xEF\xBB\xBF#!/usr/bin/env tide\nlocal a = 1\nerror('line three')\n"));
  st = vm_dofile(S, p);
  CHECK(st == VM_ERRRUN);
  snprintf(want, sizeof want, "%s:3: line three", p);
  CHECK_STR(vm_tostring(S, -1), want);
  vm_settop(S, 0);
  /* a syntax error in a file names it */
  p = tmpfile_with("bad.lua", "return +", 8);
  st = vm_loadfilex(S, p, "t");
  CHECK(st == VM_ERRSYNTAX);
  snprintf(want, sizeof want, "%s:1: unexpected symbol near '+'", p);
  CHECK_STR(vm_tostring(S, -1), want);
  vm_settop(S, 0);
  st = vm_loadfilex(S, p, "b");
  CHECK(st == VM_ERRSYNTAX);
  CHECK_STR(vm_tostring(S, -1), "attempt to load a text chunk (mode is 'b')");
  vm_settop(S, 0);
  /* a binary file */
  CHECK(vm_loadstring(S, "return 'from binary', ...") == VM_OK);
  CHECK(vm_dump(S, writer, &d, 0) == 0);
  vm_settop(S, 0);
  p = tmpfile_with("bin.luac", d.buf, d.len);
  st = vm_loadfilex(S, p, "b");
  CHECK(st == VM_OK);
  vm_pushinteger(S, 9);
  vm_call(S, 1, 2);
  CHECK_STR(vm_tostring(S, 1), "from binary");
  CHECK(vm_tointeger(S, 2) == 9);
  vm_settop(S, 0);
  CHECK(vm_loadfilex(S, p, "t") == VM_ERRSYNTAX);
  vm_settop(S, 0);
  CHECK(vm_dofile(S, p) == VM_OK && vm_gettop(S) == 1);
  vm_settop(S, 0);
  /* clean up */
  {
    static const char *const names[] = {"plain.lua", "shebang.lua", "bad.lua", "bin.luac"};
    char path[128];
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
      snprintf(path, sizeof path, "%s/%s", tmpdir, names[i]);
      remove(path);
    }
    rmdir(tmpdir);
  }
  free(d.buf);
  vm_close(S);
}

static void test_dostring_eval(void) {
  vm_State *S = newstate_libs();
  int n;
  CHECK(vm_dostring(S, "return 1, 2, 3") == VM_OK);
  CHECK(vm_gettop(S) == 3); /* all results stay */
  vm_settop(S, 0);
  CHECK(vm_dostring(S, "x = 10") == VM_OK && vm_gettop(S) == 0);
  CHECK(vm_dostring(S, "x = = 1") == VM_ERRSYNTAX && vm_gettop(S) == 1);
  vm_settop(S, 0);
  CHECK(vm_dostring(S, "error({})") == VM_ERRRUN && vm_istable(S, -1));
  vm_settop(S, 0);
  /* vm_eval: an expression list */
  n = vm_eval(S, "x + 1, 'two', nil");
  CHECK(n == 3 && vm_gettop(S) == 3);
  CHECK(vm_tointeger(S, 1) == 11 && vm_isnil(S, 3));
  vm_settop(S, 0);
  /* statements */
  n = vm_eval(S, "y = x * 2");
  CHECK(n == 0 && vm_gettop(S) == 0);
  n = vm_eval(S, "local t = {} for i = 1, 3 do t[i] = i end return #t, y");
  CHECK(n == 2 && vm_tointeger(S, 1) == 3 && vm_tointeger(S, 2) == 20);
  vm_settop(S, 0);
  /* results are added above what is already on the stack */
  vm_pushstring(S, "below");
  n = vm_eval(S, "1, 2");
  CHECK(n == 2 && vm_gettop(S) == 3);
  CHECK_STR(vm_tostring(S, 1), "below");
  vm_settop(S, 0);
  /* errors: negative status, message on the stack */
  n = vm_eval(S, "1 +");
  CHECK(n == -VM_ERRSYNTAX && vm_gettop(S) == 1);
  /* (the error of the statement attempt, as lua.c reports it) */
  CHECK_STR(vm_tostring(S, -1), "(eval):1: unexpected symbol near '1'");
  vm_settop(S, 0);
  n = vm_eval(S, "nil + 1");
  CHECK(n == -VM_ERRRUN && vm_gettop(S) == 1);
  CHECK_STR(vm_tostring(S, -1), "(eval):1: attempt to perform arithmetic on a nil value");
  vm_settop(S, 0);
  n = vm_eval(S, "error('custom', 0)");
  CHECK(n == -VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "custom");
  vm_settop(S, 0);
  /* an empty string is an empty statement list */
  n = vm_eval(S, "");
  CHECK(n == 0 && vm_gettop(S) == 0);
  /* '%' in the code is not a format */
  n = vm_eval(S, "'100%s' .. 7 % 4");
  CHECK(n == 1);
  CHECK_STR(vm_tostring(S, -1), "100%s3");
  vm_settop(S, 0);
  /* a comment at the end of an expression */
  n = vm_eval(S, "42 -- the answer");
  CHECK(n == 1 && vm_tointeger(S, -1) == 42);
  vm_close(S);
}

int main(void) {
  test_calls();
  test_cclosures();
  test_load();
  test_dump();
  test_files();
  test_dostring_eval();
  return check_report("test_api_calls");
}
