/*
** test/c/check.h — what every C test (test/c/test_*.c) shares: CHECK and
** CHECK_STR, which count checks and report a failed one with its file and
** line without stopping the test, and check_report, which ends main.
** Each test prints "NAME: all checks passed" or its failures, and exits
** non-zero on failure; TEST_API_COUNT=1 also prints the number of checks.
** Header-only and static: every test is one translation unit.
*/
#ifndef TIDE_TEST_CHECK_H
#define TIDE_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"

static int failures = 0;
static int checks = 0;

#define CHECK(cond) \
  do { \
    checks++; \
    if (!(cond)) { \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++; \
    } \
  } while (0)

#define CHECK_STR(got, want) \
  do { \
    const char *g_ = (got), *w_ = (want); \
    checks++; \
    if (g_ == NULL || strcmp(g_, w_) != 0) { \
      fprintf(stderr, "%s:%d: got \"%s\", want \"%s\"\n", __FILE__, __LINE__, g_ ? g_ : "(null)", w_); \
      failures++; \
    } \
  } while (0)

/* A state with every standard library open. */
static inline vm_State *newstate_libs(void) {
  vm_State *S = vm_newstate();
  vm_openlibs(S, VM_LIB_ALL);
  return S;
}

/* The end of a test's main: the summary line and the exit status. */
static inline int check_report(const char *name) {
  if (getenv("TEST_API_COUNT")) fprintf(stderr, "%s: %d checks\n", name, checks);
  if (failures) fprintf(stderr, "%s: %d failure(s)\n", name, failures);
  else printf("%s: all checks passed\n", name);
  return failures != 0;
}

#endif
