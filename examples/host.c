/*
** host.c — the smallest embedding of Tide: create a state, open the
** standard libraries, evaluate an expression, read its results.
**   cc host.c -ltide -lmimalloc -lm
*/
#include <stdio.h>

#include <vm.h>

int main(void) {
  vm_State *S = vm_newstate();
  int n;
  if (S == NULL) return 1;
  vm_openlibs(S, VM_LIB_ALL);
  n = vm_eval(S, "string.format('%d-%s', 6 * 7, ('x'):rep(3)), math.pi");
  if (n < 0) {
    fprintf(stderr, "error: %s\n", vm_tostring(S, -1));
    vm_close(S);
    return 1;
  }
  printf("%d results: %s %s\n", n, vm_tostring(S, 1), vm_tostring(S, 2));
  vm_close(S);
  return 0;
}
