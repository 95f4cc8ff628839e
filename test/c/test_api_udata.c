/*
** test_api_udata.c — full userdata: vm_newuserdatauv/vm_newuserdata
** (sizes, alignment, memory that never moves), user values
** (vm_getiuservalue/vm_setiuservalue, out-of-range n, collections),
** metatables by name (vm_newmetatable, vm_getmetatablebyname,
** vm_setmetatablebyname, vm_testudata, vm_checkudata and its messages),
** methods through __index, __gc finalizers, __tostring/__name/__len, and
** size errors.
** Prints "test_api_udata: all checks passed" or the failed checks; the
** exit status is non-zero on failure.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

static void test_memory(void) {
  vm_State *S = vm_newstate();
  unsigned char *p, *q, *z;
  size_t sizes[] = {1, 7, 16, 100, 4096, 300000};
  size_t i;
  int ok = 1;
  for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    p = vm_newuserdatauv(S, sizes[i], (int)i);
    CHECK(p != NULL);
    CHECK(((uintptr_t)p % 8) == 0); /* suitably aligned for any scalar */
    memset(p, (int)i + 1, sizes[i]);
    CHECK(vm_rawlen(S, -1) == sizes[i]);
    CHECK(vm_type(S, -1) == VM_TUSERDATA && vm_isuserdata(S, -1) && !vm_islightuserdata(S, -1));
    CHECK(vm_touserdata(S, -1) == p && vm_topointer(S, -1) == p);
  }
  z = vm_newuserdatauv(S, 0, 0); /* an empty block is fine */
  CHECK(z != NULL && vm_rawlen(S, -1) == 0);
  /* the memory never moves, and keeps its contents, across collections */
  p = vm_touserdata(S, 3);
  q = vm_touserdata(S, 6);
  for (i = 0; i < 3; i++) {
    int j;
    for (j = 0; j < 200; j++) {
      vm_newtable(S); /* garbage to push the nursery along */
      vm_pop(S, 1);
    }
    vm_gc(S, VM_GCCOLLECT);
  }
  CHECK(vm_touserdata(S, 3) == p && vm_touserdata(S, 6) == q);
  for (i = 0; i < 16; i++)
    if (p[i] != 3) ok = 0;
  for (i = 0; i < 300000; i += 4999)
    if (q[i] != 6) ok = 0;
  CHECK(ok);
  /* vm_newuserdata: one user value */
  vm_newuserdata(S, 8);
  vm_pushstring(S, "uv");
  CHECK(vm_setiuservalue(S, -2, 1) == 1);
  vm_pushstring(S, "x");
  CHECK(vm_setiuservalue(S, -2, 2) == 0);
  vm_close(S);
}

static void test_uservalues(void) {
  vm_State *S = vm_newstate();
  int i, ok = 1;
  vm_newuserdatauv(S, 4, 10); /* 1 */
  for (i = 1; i <= 10; i++) {
    CHECK(vm_getiuservalue(S, 1, i) == VM_TNIL); /* initially nil */
    vm_pop(S, 1);
  }
  for (i = 1; i <= 10; i++) {
    vm_newtable(S); /* young values into a (possibly old) userdata */
    vm_pushinteger(S, i * 11);
    vm_rawseti(S, -2, 1);
    if (vm_setiuservalue(S, 1, i) != 1) ok = 0;
  }
  CHECK(ok && vm_gettop(S) == 1);
  vm_gc(S, VM_GCCOLLECT);
  for (i = 1, ok = 1; i <= 10; i++) {
    if (vm_getiuservalue(S, 1, i) != VM_TTABLE) ok = 0;
    if (vm_rawgeti(S, -1, 1) != VM_TNUMBER || vm_tointeger(S, -1) != i * 11) ok = 0;
    vm_pop(S, 2);
  }
  CHECK(ok);
  /* out of range: setting pops the value and returns 0; getting pushes
  ** nil and returns VM_TNONE */
  vm_pushinteger(S, 1);
  CHECK(vm_setiuservalue(S, 1, 0) == 0);
  CHECK(vm_gettop(S) == 1);
  vm_pushinteger(S, 1);
  CHECK(vm_setiuservalue(S, 1, 11) == 0);
  vm_pushinteger(S, 1);
  CHECK(vm_setiuservalue(S, 1, -1) == 0);
  CHECK(vm_gettop(S) == 1);
  CHECK(vm_getiuservalue(S, 1, 0) == VM_TNONE && vm_isnil(S, -1));
  CHECK(vm_getiuservalue(S, 1, 11) == VM_TNONE && vm_isnil(S, -1));
  CHECK(vm_getiuservalue(S, 1, -3) == VM_TNONE && vm_isnil(S, -1));
  CHECK(vm_gettop(S) == 4);
  vm_settop(S, 1);
  /* no user values at all */
  vm_newuserdatauv(S, 4, 0);
  CHECK(vm_getiuservalue(S, -1, 1) == VM_TNONE);
  vm_pop(S, 1);
  vm_pushboolean(S, 1);
  CHECK(vm_setiuservalue(S, -2, 1) == 0);
  vm_settop(S, 1);
  /* other types as user values, and resetting to nil */
  vm_pushstring(S, "s");
  CHECK(vm_setiuservalue(S, 1, 2) == 1);
  CHECK(vm_getiuservalue(S, 1, 2) == VM_TSTRING);
  vm_pop(S, 1);
  vm_pushnil(S);
  CHECK(vm_setiuservalue(S, 1, 2) == 1);
  CHECK(vm_getiuservalue(S, 1, 2) == VM_TNIL);
  vm_close(S);
}

/* ---------------------------------------------------------------------- */

typedef struct Point {
  double x, y;
} Point;

static int finalized = 0;

static int point_new(vm_State *S) {
  Point *p = vm_newuserdatauv(S, sizeof(Point), 0);
  p->x = vm_checknumber(S, 1);
  p->y = vm_checknumber(S, 2);
  vm_setmetatablebyname(S, "Point");
  return 1;
}

static int point_len(vm_State *S) {
  Point *p = vm_checkudata(S, 1, "Point");
  vm_pushnumber(S, p->x * p->x + p->y * p->y);
  return 1;
}

static int point_move(vm_State *S) {
  Point *p = vm_checkudata(S, 1, "Point");
  p->x += vm_checknumber(S, 2);
  p->y += vm_checknumber(S, 3);
  vm_settop(S, 1);
  return 1;
}

static int point_tostring(vm_State *S) {
  Point *p = vm_checkudata(S, 1, "Point");
  vm_pushfstring(S, "Point(%f, %f)", p->x, p->y);
  return 1;
}

static int point_gc(vm_State *S) {
  Point *p = vm_touserdata(S, 1);
  if (p != NULL) finalized++;
  return 0;
}

static int check_other(vm_State *S) {
  vm_checkudata(S, 1, "Other");
  return 0;
}

static void register_point(vm_State *S) {
  static const vm_Reg methods[] = {{"move", point_move}, {"len2", point_len}, {NULL, NULL}};
  CHECK(vm_newmetatable(S, "Point") == 1);
  CHECK(vm_getfield(S, -1, "__name") == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "Point");
  vm_pop(S, 1);
  vm_newlib(S, methods);
  vm_setfield(S, -2, "__index");
  vm_pushcfunction(S, point_tostring);
  vm_setfield(S, -2, "__tostring");
  vm_pushcfunction(S, point_len);
  vm_setfield(S, -2, "__len");
  vm_pushcfunction(S, point_gc);
  vm_setfield(S, -2, "__gc");
  vm_pop(S, 1);
  /* a second call finds the existing table */
  CHECK(vm_newmetatable(S, "Point") == 0);
  CHECK(vm_getfield(S, -1, "__tostring") == VM_TFUNCTION);
  vm_pop(S, 2);
  vm_pushcfunction(S, point_new);
  vm_setglobal(S, "Point");
  vm_pushcfunction(S, check_other);
  vm_setglobal(S, "other");
  CHECK(vm_newmetatable(S, "Other") == 1);
  vm_pop(S, 1);
}

static void test_named_metatables(void) {
  vm_State *S = newstate_libs();
  Point *p;
  register_point(S);
  /* the metatable is in the registry under its name */
  CHECK(vm_getmetatablebyname(S, "Point") == VM_TTABLE);
  CHECK(vm_getfield(S, VM_REGISTRYINDEX, "Point") == VM_TTABLE && vm_rawequal(S, -1, -2));
  vm_settop(S, 0);
  CHECK(vm_getmetatablebyname(S, "Nope") == VM_TNIL);
  vm_settop(S, 0);
  /* from C */
  p = vm_newuserdatauv(S, sizeof(Point), 0);
  p->x = 3;
  p->y = 4;
  CHECK(vm_testudata(S, 1, "Point") == NULL); /* no metatable yet */
  vm_setmetatablebyname(S, "Point");
  CHECK(vm_gettop(S) == 1);
  CHECK(vm_testudata(S, 1, "Point") == p);
  CHECK(vm_testudata(S, -1, "Other") == NULL);
  CHECK(vm_testudata(S, 1, "Nope") == NULL);
  CHECK(vm_gettop(S) == 1); /* testudata leaves the stack alone */
  vm_pushinteger(S, 1);
  CHECK(vm_testudata(S, -1, "Point") == NULL);
  vm_pop(S, 1);
  vm_pushlightuserdata(S, p);
  CHECK(vm_testudata(S, -1, "Point") == NULL);
  vm_pop(S, 1);
  CHECK_STR(vm_tolstringmeta(S, 1, NULL), "Point(3.0, 4.0)");
  vm_pop(S, 1);
  CHECK(vm_lenof(S, 1) == 25);
  vm_setglobal(S, "pc");
  /* from Lua */
  CHECK(vm_dostring(S, "local p = Point(1, 2)\n"
                       "p:move(2, 2)\n"
                       "assert(tostring(p) == 'Point(3.0, 4.0)')\n"
                       "assert(#p == 25 and p:len2() == 25)\n"
                       "assert(tostring(pc) == 'Point(3.0, 4.0)')") == VM_OK);
  /* vm_checkudata's messages */
  vm_settop(S, 0);
  CHECK(vm_dostring(S, "local ok, e = pcall(getmetatable(Point(0, 0)).__index.move, 5)\n"
                       "return e") == VM_OK);
  CHECK_STR(vm_tostring(S, -1), "bad argument #1 to '?' (Point expected, got number)"); /* no name known */
  vm_settop(S, 0);
  CHECK(vm_dostring(S, "local p = Point(0, 0) p.move(io.stdout)") == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"local p = Point(0, 0) p.move(io.stdout)\"]:1: "
                                "bad argument #1 to 'move' (Point expected, got FILE*)");
  vm_settop(S, 0);
  CHECK(vm_dostring(S, "other(Point(0, 0))") == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"other(Point(0, 0))\"]:1: bad argument #1 to 'other' (Other expected, got Point)");
  vm_settop(S, 0);
  vm_pushcfunction(S, check_other);
  vm_newuserdatauv(S, 1, 0); /* no metatable */
  CHECK(vm_pcall(S, 1, 0, 0) == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "bad argument #1 to 'other' (Other expected, got userdata)");
  vm_settop(S, 0);
  CHECK(vm_dostring(S, "local p = Point(0, 0) p:move('x', 1)") == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"local p = Point(0, 0) p:move('x', 1)\"]:1: "
                                "bad argument #1 to 'move' (number expected, got string)");
  vm_settop(S, 0);
  CHECK(vm_dostring(S, "local p = Point(0, 0) p.move({}, 1, 1)") == VM_ERRRUN);
  CHECK_STR(vm_tostring(S, -1), "[string \"local p = Point(0, 0) p.move({}, 1, 1)\"]:1: "
                                "bad argument #1 to 'move' (Point expected, got table)");
  vm_close(S);
}

static void test_finalizers(void) {
  vm_State *S = newstate_libs();
  register_point(S);
  finalized = 0;
  CHECK(vm_dostring(S, "for i = 1, 10 do Point(i, i) end") == VM_OK);
  vm_gc(S, VM_GCCOLLECT);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(finalized == 10);
  /* kept ones are not finalized until the state closes */
  CHECK(vm_dostring(S, "keep = {Point(1, 1), Point(2, 2)}") == VM_OK);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(finalized == 10);
  vm_close(S);
  CHECK(finalized == 12);
}

/* a block size that cannot be represented */
static int c_toobig(vm_State *S) {
  vm_newuserdatauv(S, (size_t)-1 - 4, 0);
  return 0;
}

static void test_size_errors(void) {
  vm_State *S = vm_newstate();
  int st;
  vm_pushcfunction(S, c_toobig);
  st = vm_pcall(S, 0, 0, 0);
  CHECK(st == VM_ERRRUN || st == VM_ERRMEM);
  CHECK_STR(vm_tostring(S, -1), "memory allocation error: block too big");
  vm_settop(S, 0);
  vm_newuserdatauv(S, 16, 0);
  CHECK(vm_gettop(S) == 1); /* fine afterwards */
  vm_close(S);
}

int main(void) {
  test_memory();
  test_uservalues();
  test_named_metatables();
  test_finalizers();
  test_size_errors();
  return check_report("test_api_udata");
}
