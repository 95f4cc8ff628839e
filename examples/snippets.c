/*
** snippets.c — a test harness in C: evaluate Lua snippets with vm_eval and
** check their results, the pattern for a host's own embedding tests.
**
** vm_eval(S, code) runs `code` as an expression list ("return <code>"),
** falling back to a statement list, and returns the number of results it
** left on the stack — or, on an error, a negative status (-VM_ERRRUN,
** -VM_ERRSYNTAX, ...) with the error message on the top of the stack.
** All snippets share one state, so earlier ones can define what later
** ones use.
**
** Each case gives the expected results rendered as text: values separated
** by ", ", strings quoted ("'abc'"), floats as Lua prints them ("0.5",
** "2.0"), and "error: MESSAGE" for a snippet that raises.
**
**   cc -std=c99 snippets.c -ltide -lmimalloc -lm -ldl && ./a.out
*/
#include <stdio.h>
#include <string.h>

#include "vm.h"

typedef struct Case {
  const char *code;
  const char *expected;
} Case;

static const Case cases[] = {
  /* numbers: integers and floats are distinct subtypes */
  {"1 + 2", "3"},
  {"7 // 2, 7 / 2, 2^10", "3, 3.5, 1024.0"},
  {"math.maxinteger + 1 == math.mininteger", "true"},
  /* strings */
  {"('abc'):upper() .. '!'", "'ABC!'"},
  {"string.format('%5.2f|%-3d|%x', 3.14159, 7, 255)", "' 3.14|7  |ff'"},
  /* multiple results, nil included */
  {"table.unpack({1, nil, 'x'}, 1, 3)", "1, nil, 'x'"},
  {"select('#', nil, nil)", "2"},
  /* statements: no results; the definitions stay in the state */
  {"function fib(n) if n < 2 then return n end return fib(n-1) + fib(n-2) end",
   ""},
  {"fib(20)", "6765"},
  {"local t = {} for i = 1, 5 do t[#t+1] = i * i end return table.concat(t, ' ')",
   "'1 4 9 16 25'"},
  /* errors: runtime errors carry the chunk name "(eval)" and the line */
  {"error('boom')", "error: (eval):1: boom"},
  {"error({code = 42})", "error: (a table)"},
  {"nil + 1", "error: (eval):1: attempt to perform arithmetic on a nil value"},
  {"undefined_function()",
   "error: (eval):1: attempt to call a nil value (global 'undefined_function')"},
  /* syntax errors (status VM_ERRSYNTAX); when the code is neither an
  ** expression list nor a statement list, the statement list's error shows */
  {"x = = 1", "error: (eval):1: unexpected symbol near '='"},
  /* pcall inside a snippet catches the error; the snippet itself succeeds */
  {"pcall(error, 'caught')", "false, 'caught'"},
};

/* Appends the value at stack index idx to buf, rendered as described above.
** A value that is neither nil, a boolean, a number nor a string is shown as
** its type name in parentheses (a table's identity is not deterministic). */
static void render(vm_State *S, int idx, char *buf, size_t size) {
  size_t used = strlen(buf);
  char *out = buf + used;
  size_t room = size - used;
  switch (vm_type(S, idx)) {
    case VM_TNIL:
      snprintf(out, room, "nil");
      break;
    case VM_TBOOLEAN:
      snprintf(out, room, "%s", vm_toboolean(S, idx) ? "true" : "false");
      break;
    case VM_TNUMBER:
      /* vm_tostring converts a number in place: convert a copy instead */
      vm_pushvalue(S, idx);
      snprintf(out, room, "%s", vm_tostring(S, -1));
      vm_pop(S, 1);
      break;
    case VM_TSTRING:
      snprintf(out, room, "'%s'", vm_tostring(S, idx));
      break;
    default:
      snprintf(out, room, "(a %s)", vm_typename(S, vm_type(S, idx)));
      break;
  }
}

/* Runs one case; returns 1 if it passed. */
static int run_case(vm_State *S, const Case *c) {
  char got[512] = "";
  int base = vm_gettop(S);
  int n = vm_eval(S, c->code);
  int i;
  if (n < 0) {                      /* an error: the message is on the top */
    if (vm_type(S, -1) == VM_TSTRING) {
      snprintf(got, sizeof got, "error: %s", vm_tostring(S, -1));
    } else {                        /* error() can raise any value */
      strcpy(got, "error: ");
      render(S, -1, got, sizeof got);
    }
  } else {
    for (i = 1; i <= n; i++) {
      if (i > 1) strncat(got, ", ", sizeof got - strlen(got) - 1);
      render(S, base + i, got, sizeof got);
    }
  }
  vm_settop(S, base);               /* drop the results (or the message) */
  if (strcmp(got, c->expected) == 0) {
    printf("PASS  %s\n", c->code);
    return 1;
  }
  printf("FAIL  %s\n      expected: %s\n      got:      %s\n", c->code, c->expected, got);
  return 0;
}

int main(void) {
  size_t ncases = sizeof cases / sizeof cases[0];
  size_t i, passed = 0;
  int n;
  vm_State *S = vm_newstate();
  if (S == NULL) {
    fprintf(stderr, "cannot create a state\n");
    return 1;
  }
  vm_openlibs(S, VM_LIB_ALL);

  for (i = 0; i < ncases; i++) passed += (size_t)run_case(S, &cases[i]);

  /* Checking values directly in C instead of through their text: */
  n = vm_eval(S, "fib(10), 'ten'");
  if (n == 2 && vm_isinteger(S, -2) && vm_tointeger(S, -2) == 55 &&
      vm_type(S, -1) == VM_TSTRING && strcmp(vm_tostring(S, -1), "ten") == 0) {
    printf("PASS  (checked in C) fib(10), 'ten'\n");
    passed++;
  } else {
    printf("FAIL  (checked in C) fib(10), 'ten'\n");
  }
  vm_settop(S, 0);
  /* ... and the status of a failed snippet: */
  n = vm_eval(S, "local x = ");
  if (n == -VM_ERRSYNTAX) {
    printf("PASS  (checked in C) a syntax error returns -VM_ERRSYNTAX\n");
    passed++;
  } else {
    printf("FAIL  (checked in C) a syntax error returns -VM_ERRSYNTAX (got %d)\n", n);
  }
  vm_settop(S, 0);
  ncases += 2;

  printf("%zu passed, %zu failed\n", passed, ncases - passed);
  vm_close(S);
  return passed == ncases ? 0 : 1;
}
