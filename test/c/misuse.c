/*
** misuse.c — API misuse that Lua leaves undefined must stop a debug build
** (make debug, -DTIDE_ASSERT) with "tide: API misuse: ..." instead of
** corrupting memory. Run as `misuse CASE`; test.mk checks each case aborts
** with the message. (Not a test_*.c file: it is meant to crash.)
*/
#include <stdio.h>
#include <string.h>

#include "vm.h"

static int c_overpush(vm_State *S) {
  int i;
  for (i = 0; i < 10000; i++) vm_pushinteger(S, i); /* no vm_checkstack */
  return 0;
}

int main(int argc, char **argv) {
  vm_State *S = vm_newstate();
  const char *c = argc > 1 ? argv[1] : "";
  if (strcmp(c, "badindex") == 0) {
    vm_pushinteger(S, 1);
    vm_pushvalue(S, -5);
  } else if (strcmp(c, "zeroindex") == 0) {
    vm_type(S, 0);
  } else if (strcmp(c, "overpush") == 0) {
    vm_pushcfunction(S, c_overpush);
    vm_call(S, 0, 0);
  } else if (strcmp(c, "notatable") == 0) {
    vm_pushinteger(S, 1);
    vm_rawgeti(S, -1, 1);
  } else if (strcmp(c, "fewargs") == 0) {
    vm_call(S, 3, 0);
  } else if (strcmp(c, "settop") == 0) {
    vm_settop(S, -5);
  } else if (strcmp(c, "metatable") == 0) {
    vm_newtable(S);
    vm_pushinteger(S, 3);
    vm_setmetatable(S, -2);
  } else if (strcmp(c, "uservalue") == 0) {
    vm_pushinteger(S, 3);
    vm_getiuservalue(S, -1, 1);
  } else {
    fprintf(stderr, "unknown case '%s'\n", c);
    return 2;
  }
  printf("misuse '%s' was not caught\n", c);
  vm_close(S);
  return 0;
}
