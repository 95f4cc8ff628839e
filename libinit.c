/*
** libinit.c — vm_openlibs: opens the standard libraries a host selects
** with VM_LIB_* bits. Each lands in package.loaded (vm_requiref) and as a
** global; the base library is the global table itself ("_G"). With
** VM_LIB_SAFEPROFILE it builds the safe profile for untrusted scripts.
*/
#include "vm.h"
#include "jit.h" /* jit_openlib: the JIT has no public C API yet */

static const struct {
  unsigned bit;
  const char *name;
  vm_CFunction open;
} libs[] = {
  {VM_LIB_BASE, "_G", vm_open_base},
  {VM_LIB_PACKAGE, "package", vm_open_package},
  {VM_LIB_COROUTINE, "coroutine", vm_open_coroutine},
  {VM_LIB_TABLE, "table", vm_open_table},
  {VM_LIB_STRING, "string", vm_open_string},
  {VM_LIB_MATH, "math", vm_open_math},
  {VM_LIB_IO, "io", vm_open_io},
  {VM_LIB_OS, "os", vm_open_os},
  {VM_LIB_UTF8, "utf8", vm_open_utf8},
  {VM_LIB_DEBUG, "debug", vm_open_debug},
};

/* The safe profile (VM_LIB_SAFEPROFILE) keeps untrusted scripts away from
** the file system, other processes and the debug library: io and debug
** are never opened, and these entries are removed from what is opened. */
static const char *const unsafe_base[] = {"loadfile", "dofile", NULL};
static const char *const unsafe_os[] = {"execute", "remove", "rename", "exit",
                                        "tmpname", "getenv", "setlocale", NULL};
static const char *const unsafe_package[] = {"loadlib", "searchpath", NULL};

static void removefields(vm_State *S, const char *lib, const char *const names[]) {
  if (vm_getglobal(S, lib) == VM_TTABLE) {
    for (int i = 0; names[i] != NULL; i++) {
      vm_pushnil(S);
      vm_setfield(S, -2, names[i]);
    }
  }
  vm_pop(S, 1);
}

static void applysafeprofile(vm_State *S) {
  vm_pushboolean(S, 1); /* load (libbase.c) refuses binary chunks */
  vm_setfield(S, VM_REGISTRYINDEX, "_SAFEPROFILE");
  removefields(S, "_G", unsafe_base);
  removefields(S, "os", unsafe_os);
  removefields(S, "package", unsafe_package);
  /* require: package.preload only (no file or C module searchers) */
  if (vm_getglobal(S, "package") == VM_TTABLE &&
      vm_getfield(S, -1, "searchers") == VM_TTABLE) {
    vm_Integer n = vm_lenof(S, -1);
    for (; n > 1; n--) {
      vm_pushnil(S);
      vm_seti(S, -2, n);
    }
    vm_pop(S, 1);
  }
  vm_pop(S, 1);
}

void vm_openlibs(vm_State *S, unsigned which) {
  if (which & VM_LIB_SAFEPROFILE) which &= ~(unsigned)(VM_LIB_IO | VM_LIB_DEBUG);
  for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
    if (which & libs[i].bit) {
      vm_requiref(S, libs[i].name, libs[i].open, 1);
      vm_pop(S, 1);
    }
  }
  if (which & VM_LIB_PACKAGE) { /* Tide's own module, for `require "tide"` */
    if (vm_getfield(S, VM_REGISTRYINDEX, "_PRELOAD") == VM_TTABLE) {
      vm_pushcfunction(S, vm_open_tide);
      vm_setfield(S, -2, "tide");
      vm_pushcfunction(S, jit_openlib);
      vm_setfield(S, -2, "jit");
    }
    vm_pop(S, 1);
  }
  if (which & VM_LIB_SAFEPROFILE) applysafeprofile(S);
}
