/*
** asm.c — the backend layer shared by every architecture (asm.h): code
** memory, freeing a trace's code, the -jdump listing of machine code,
** parallel moves.
*/
#include "asm.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

size_t asm_pageround(size_t n) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  return (n + page - 1) & ~(page - 1);
}

uint8_t *asm_mcode_map(size_t size) {
  void *mem = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return mem == MAP_FAILED ? NULL : (uint8_t *)mem;
}

int asm_mcode_seal(uint8_t *mem, size_t size) {
  /* (a no-op where instruction and data caches are coherent, as on x86) */
  __builtin___clear_cache((char *)mem, (char *)mem + size);
  if (mprotect(mem, size, PROT_READ | PROT_EXEC) == 0) return 1;
  munmap(mem, size);
  return 0;
}

void asm_mcode_unmap(uint8_t *mem, size_t size) { munmap(mem, size); }

void asm_freecode(JitTrace *T) {
  if (T->mcode != NULL) asm_mcode_unmap(T->mcode, T->mcsize);
  T->mcode = NULL;
  T->fn = NULL;
  free(T->exitto);
  T->exitto = NULL;
  T->entryto = NULL;
}

/* A hex listing, 16 bytes a line, offsets from the trace's start */
void asm_dump(const JitTrace *T, FILE *out) {
  size_t i;
  for (i = 0; i < T->mclen; i++) {
    if (i % 16 == 0) fprintf(out, "%s%04zx ", i ? "\n" : "", i);
    fprintf(out, " %02x", T->mcode[i]);
  }
  if (T->mclen) fputc('\n', out);
}

void asm_parallelmoves(void *as, AsmMove *mv, int n, AsmMoveFn move, int tmp, int ftmp) {
  int i, j;
  while (n > 0) {
    for (i = 0; i < n; i++) {
      for (j = 0; j < n; j++)
        if (j != i && mv[j].from == mv[i].to) break;
      if (j == n) break;
    }
    if (i == n) { /* every destination is still needed: a cycle */
      int t = mv[0].fp ? ftmp : tmp;
      move(as, t, mv[0].to, REF_NONE, mv[0].fp);
      for (j = 1; j < n; j++)
        if (mv[j].from == mv[0].to) mv[j].from = t;
      i = 0;
    }
    move(as, mv[i].to, mv[i].from, mv[i].k, mv[i].fp);
    mv[i] = mv[--n];
  }
}
