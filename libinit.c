/*
** libinit.c — vm_openlibs: opens the standard libraries a host selects
** with VM_LIB_* bits. Each lands in package.loaded (vm_requiref) and as a
** global; the base library is the global table itself ("_G").
*/
#include "vm.h"

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

void vm_openlibs(vm_State *S, unsigned which) {
  for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
    if (which & libs[i].bit) {
      vm_requiref(S, libs[i].name, libs[i].open, 1);
      vm_pop(S, 1);
    }
  }
}
