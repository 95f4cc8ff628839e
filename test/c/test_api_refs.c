/*
** test_api_refs.c — references and the registry: vm_ref/vm_unref (in the
** registry and in plain tables, VM_REFNIL for nil, VM_NOREF, reuse of
** freed refs, many refs, refs across collections), the predefined
** registry keys VM_RIDX_MAINTHREAD/VM_RIDX_GLOBALS, light-userdata
** registry keys with vm_rawsetp/vm_rawgetp, the registry as seen from Lua
** (debug.getregistry), and vm_getextraspace.
** Prints "test_api_refs: all checks passed" or the failed checks; the exit
** status is non-zero on failure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"
#include "check.h"

static void test_registry_refs(void) {
  vm_State *S = vm_newstate();
  int r1, r2, r3, r4, rn;
  vm_openlibs(S, VM_LIB_ALL);
  vm_pushstring(S, "first");
  r1 = vm_ref(S, VM_REGISTRYINDEX);
  CHECK(vm_gettop(S) == 0); /* popped */
  CHECK(r1 > VM_RIDX_GLOBALS); /* never a predefined key */
  vm_newtable(S);
  r2 = vm_ref(S, VM_REGISTRYINDEX);
  vm_pushinteger(S, 3);
  r3 = vm_ref(S, VM_REGISTRYINDEX);
  CHECK(r1 != r2 && r2 != r3 && r1 != r3);
  CHECK(vm_rawgeti(S, VM_REGISTRYINDEX, r1) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "first");
  CHECK(vm_rawgeti(S, VM_REGISTRYINDEX, r2) == VM_TTABLE);
  CHECK(vm_rawgeti(S, VM_REGISTRYINDEX, r3) == VM_TNUMBER && vm_tointeger(S, -1) == 3);
  vm_settop(S, 0);
  /* nil gives VM_REFNIL, popped, and reading it gives nil */
  vm_pushnil(S);
  rn = vm_ref(S, VM_REGISTRYINDEX);
  CHECK(rn == VM_REFNIL && vm_gettop(S) == 0);
  CHECK(vm_rawgeti(S, VM_REGISTRYINDEX, VM_REFNIL) == VM_TNIL);
  vm_pop(S, 1);
  /* freeing: the freed ref is reused next (last freed first) */
  vm_unref(S, VM_REGISTRYINDEX, r2);
  vm_unref(S, VM_REGISTRYINDEX, r1);
  vm_pushstring(S, "reuse a");
  r4 = vm_ref(S, VM_REGISTRYINDEX);
  CHECK(r4 == r1);
  vm_pushstring(S, "reuse b");
  CHECK(vm_ref(S, VM_REGISTRYINDEX) == r2);
  vm_pushstring(S, "fresh");
  CHECK(vm_ref(S, VM_REGISTRYINDEX) > r3);
  CHECK(vm_rawgeti(S, VM_REGISTRYINDEX, r4) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "reuse a");
  vm_pop(S, 1);
  /* the predefined keys are untouched */
  CHECK(vm_rawgeti(S, VM_REGISTRYINDEX, VM_RIDX_MAINTHREAD) == VM_TTHREAD && vm_tothread(S, -1) == S);
  CHECK(vm_rawgeti(S, VM_REGISTRYINDEX, VM_RIDX_GLOBALS) == VM_TTABLE);
  vm_pushglobaltable(S);
  CHECK(vm_rawequal(S, -1, -2));
  vm_settop(S, 0);
  /* unref of VM_REFNIL and VM_NOREF does nothing */
  vm_unref(S, VM_REGISTRYINDEX, VM_REFNIL);
  vm_unref(S, VM_REGISTRYINDEX, VM_NOREF);
  vm_pushstring(S, "after noop unrefs");
  CHECK(vm_ref(S, VM_REGISTRYINDEX) > r3); /* no bogus free slot */
  /* referenced values survive collections; young objects too */
  vm_newtable(S);
  vm_pushstring(S, "kept");
  vm_setfield(S, -2, "v");
  r4 = vm_ref(S, VM_REGISTRYINDEX);
  vm_gc(S, VM_GCCOLLECT);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_rawgeti(S, VM_REGISTRYINDEX, r4) == VM_TTABLE);
  CHECK(vm_getfield(S, -1, "v") == VM_TSTRING);
  vm_settop(S, 0);
  /* the registry from Lua */
  CHECK(vm_eval(S, "debug.getregistry()") == 1);
  vm_pushvalue(S, VM_REGISTRYINDEX);
  CHECK(vm_rawequal(S, -1, -2));
  vm_close(S);
}

static void test_table_refs(void) {
  vm_State *S = vm_newstate();
  enum { N = 1000 };
  static int refs[N];
  int i, ok = 1, t;
  vm_newtable(S);
  t = vm_gettop(S);
  for (i = 0; i < N; i++) {
    vm_pushinteger(S, i * 7);
    refs[i] = vm_ref(S, t); /* an absolute index */
    if (refs[i] <= 0) ok = 0;
  }
  CHECK(ok && vm_gettop(S) == t);
  for (i = 0, ok = 1; i < N; i++) {
    if (vm_rawgeti(S, t, refs[i]) != VM_TNUMBER || vm_tointeger(S, -1) != i * 7) ok = 0;
    vm_pop(S, 1);
  }
  CHECK(ok);
  /* all distinct */
  for (i = 1, ok = 1; i < N; i++)
    if (refs[i] == refs[i - 1]) ok = 0;
  CHECK(ok);
  /* free the even ones, take them again: exactly those come back */
  for (i = 0; i < N; i += 2) vm_unref(S, t, refs[i]);
  {
    int reused = 0;
    for (i = 0; i < N / 2; i++) {
      int r, j;
      vm_pushstring(S, "again");
      r = vm_ref(S, -2); /* a relative index */
      for (j = 0; j < N; j += 2)
        if (refs[j] == r) {
          reused++;
          break;
        }
    }
    CHECK(reused == N / 2);
  }
  /* odd ones kept their values */
  CHECK(vm_rawgeti(S, t, refs[1]) == VM_TNUMBER && vm_tointeger(S, -1) == 7);
  vm_pop(S, 1);
  /* one more: a new slot */
  vm_pushboolean(S, 1);
  i = vm_ref(S, t);
  CHECK(i > 0 && vm_rawgeti(S, t, i) == VM_TBOOLEAN);
  vm_close(S);
}

static void test_lightuserdata_keys(void) {
  vm_State *S = vm_newstate();
  static char key1, key2;
  int local;
  vm_pushstring(S, "value one");
  vm_rawsetp(S, VM_REGISTRYINDEX, &key1);
  vm_newtable(S);
  vm_rawsetp(S, VM_REGISTRYINDEX, &key2);
  CHECK(vm_gettop(S) == 0);
  CHECK(vm_rawgetp(S, VM_REGISTRYINDEX, &key1) == VM_TSTRING);
  CHECK_STR(vm_tostring(S, -1), "value one");
  CHECK(vm_rawgetp(S, VM_REGISTRYINDEX, &key2) == VM_TTABLE);
  CHECK(vm_rawgetp(S, VM_REGISTRYINDEX, &local) == VM_TNIL);
  CHECK(vm_rawgetp(S, VM_REGISTRYINDEX, NULL) == VM_TNIL);
  vm_settop(S, 0);
  /* the same key as a pushed light userdata */
  vm_pushlightuserdata(S, &key1);
  CHECK(vm_rawget(S, VM_REGISTRYINDEX) == VM_TSTRING);
  vm_pop(S, 1);
  vm_pushlightuserdata(S, &key1);
  CHECK(vm_gettable(S, VM_REGISTRYINDEX) == VM_TSTRING);
  vm_pop(S, 1);
  /* overwrite, remove */
  vm_pushinteger(S, 2);
  vm_rawsetp(S, VM_REGISTRYINDEX, &key1);
  CHECK(vm_rawgetp(S, VM_REGISTRYINDEX, &key1) == VM_TNUMBER && vm_tointeger(S, -1) == 2);
  vm_pop(S, 1);
  vm_pushnil(S);
  vm_rawsetp(S, VM_REGISTRYINDEX, &key1);
  CHECK(vm_rawgetp(S, VM_REGISTRYINDEX, &key1) == VM_TNIL);
  vm_pop(S, 1);
  /* a NULL pointer is a valid key too */
  vm_pushstring(S, "null key");
  vm_rawsetp(S, VM_REGISTRYINDEX, NULL);
  CHECK(vm_rawgetp(S, VM_REGISTRYINDEX, NULL) == VM_TSTRING);
  vm_pop(S, 1);
  /* in an ordinary table, with a relative index, across a collection */
  vm_newtable(S);
  vm_newtable(S);
  vm_rawsetp(S, -2, &key2);
  vm_gc(S, VM_GCCOLLECT);
  CHECK(vm_rawgetp(S, -1, &key2) == VM_TTABLE);
  CHECK(vm_rawgetp(S, -2, &key1) == VM_TNIL);
  vm_close(S);
}

static void test_extraspace(void) {
  vm_State *S = vm_newstate();
  vm_State *T;
  void *p = vm_getextraspace(S);
  CHECK(p != NULL);
  CHECK(VM_EXTRASPACE >= sizeof(void *));
  *(void **)p = (void *)&checks;
  CHECK(*(void **)vm_getextraspace(S) == (void *)&checks); /* stable */
  T = vm_newthread(S);
  CHECK(vm_getextraspace(T) != p);
  CHECK(*(void **)vm_getextraspace(T) == (void *)&checks); /* a copy of the main thread's */
  *(void **)vm_getextraspace(T) = NULL;
  CHECK(*(void **)vm_getextraspace(S) == (void *)&checks); /* independent */
  vm_gc(S, VM_GCCOLLECT);
  CHECK(*(void **)vm_getextraspace(T) == NULL);
  vm_close(S);
}

int main(void) {
  test_registry_refs();
  test_table_refs();
  test_lightuserdata_keys();
  test_extraspace();
  return check_report("test_api_refs");
}
