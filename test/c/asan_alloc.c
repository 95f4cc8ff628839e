/*
** asan_alloc.c — the mimalloc entry points Tide uses, defined on top of
** malloc, for the sanitizer builds (tide-san, the C tests and fuzzers under
** ASan).
**
** ASan does not see inside mimalloc's heaps, where Tide's objects, table
** parts and stacks live: an overflow there would only show as a later,
** distant crash. Linked into a program, these definitions win over the
** shared library's, so ASan checks every object access, and a block freed
** by the wrong allocator (mi_free on a mapped big block, or the reverse)
** is reported at once.
*/
#include <stdlib.h>

void *mi_malloc(size_t size);
void *mi_zalloc(size_t size);
void *mi_realloc(void *p, size_t size);
void mi_free(void *p);
void *mi_malloc_aligned(size_t size, size_t alignment);

void *mi_malloc(size_t size) { return malloc(size); }
void *mi_zalloc(size_t size) { return calloc(1, size); }
void *mi_realloc(void *p, size_t size) { return realloc(p, size); }
void mi_free(void *p) { free(p); }
void *mi_malloc_aligned(size_t size, size_t alignment) {
  return aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}
