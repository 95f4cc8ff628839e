/*
** fuzz_parser.c — feeds random and mutated bytes to the compiler.
**
** Built normally it is a self-contained fuzzer: it loads seed files given
** on the command line, mutates them (bit flips, byte insertions and
** deletions, splices, truncation, random bytes) and compiles each result
** with vm_loadbuffer for a bounded number of seconds. Each input must give
** VM_OK or VM_ERRSYNTAX/VM_ERRMEM with a string message, and the state must
** still work afterwards. Built with -DTIDE_LIBFUZZER and
** -fsanitize=fuzzer it is a libFuzzer target instead.
**
**   fuzz_parser SECONDS SEED.lua...
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vm.h"

static vm_State *S;
static unsigned long ninputs, nsyntax;

static int check_one(const unsigned char *data, size_t size) {
  int st;
  if (S == NULL) S = vm_newstate();
  st = vm_loadbufferx(S, (const char *)data, size, "=fuzz", "t");
  ninputs++;
  if (st == VM_ERRSYNTAX) nsyntax++;
  if (st != VM_OK && st != VM_ERRSYNTAX && st != VM_ERRMEM) {
    fprintf(stderr, "fuzz_parser: unexpected status %d\n", st);
    abort();
  }
  if (st != VM_OK && vm_type(S, -1) != VM_TSTRING) {
    fprintf(stderr, "fuzz_parser: error message is not a string\n");
    abort();
  }
  vm_settop(S, 0);
  if ((ninputs & 1023) == 0) { /* the state must stay usable */
    if (vm_loadstring(S, "return 1 + 1") != VM_OK) abort();
    vm_settop(S, 0);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) { return check_one(data, size); }

#ifndef TIDE_LIBFUZZER

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static unsigned long long rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static char *readfile(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf;
  long n;
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fseek(f, 0, SEEK_SET);
  buf = malloc((size_t)n + 1);
  *len = fread(buf, 1, (size_t)n, f);
  fclose(f);
  return buf;
}

/* Tokens that make mutations syntactically interesting. */
static const char *const tokens[] = {
    "(", ")", "[", "]", "{", "}", "[[", "]]", "[==[", "--[[", "\"", "'", "\\", "\\u{",
    "\\x", "\\z", "end", "function", "local", "<close>", "<const>", "goto", "::", "for",
    "in", "do", "if", "then", "else", "return", "...", "..", "0x", "1e", "0x1p", ".", "=",
    "==", "~=", "//", ">>", "<<", "~", "#", ",", ";", "\n", "break", "repeat", "until"};

static size_t mutate(unsigned char *buf, size_t len, size_t cap, const unsigned char *other,
                     size_t olen) {
  int rounds = 1 + (int)(rnd() % 8), r;
  for (r = 0; r < rounds; r++) {
    switch (rnd() % 7) {
      case 0: if (len) buf[rnd() % len] ^= (unsigned char)(1u << (rnd() % 8)); break;
      case 1: if (len) buf[rnd() % len] = (unsigned char)rnd(); break;
      case 2: if (len < cap) { size_t p = rnd() % (len + 1); memmove(buf + p + 1, buf + p, len - p); buf[p] = (unsigned char)rnd(); len++; } break;
      case 3: if (len) { size_t p = rnd() % len; memmove(buf + p, buf + p + 1, len - p - 1); len--; } break;
      case 4: if (len) len = rnd() % len; break;
      case 5: {
        const char *t = tokens[rnd() % (sizeof(tokens) / sizeof(tokens[0]))];
        size_t tl = strlen(t), p = rnd() % (len + 1);
        if (len + tl <= cap) { memmove(buf + p + tl, buf + p, len - p); memcpy(buf + p, t, tl); len += tl; }
        break;
      }
      case 6: if (olen) {
        size_t from = rnd() % olen, n = rnd() % (olen - from + 1), p = rnd() % (len + 1);
        if (len + n <= cap) { memmove(buf + p + n, buf + p, len - p); memcpy(buf + p, other + from, n); len += n; }
        break;
      }
    }
  }
  return len;
}

int main(int argc, char **argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 5;
  int nseeds = argc > 2 ? argc - 2 : 0, i;
  char **seeds = malloc(sizeof(char *) * (size_t)(nseeds + 1));
  size_t *lens = malloc(sizeof(size_t) * (size_t)(nseeds + 1));
  size_t cap = 1 << 16;
  unsigned char *buf = malloc(cap);
  clock_t start = clock();
  for (i = 0; i < nseeds; i++) {
    seeds[i] = readfile(argv[i + 2], &lens[i]);
    if (!seeds[i]) { seeds[i] = ""; lens[i] = 0; }
  }
  if (nseeds == 0) { seeds[0] = "local x = 1"; lens[0] = 11; nseeds = 1; }
  rng_state ^= (unsigned long long)time(NULL);
  while ((double)(clock() - start) / CLOCKS_PER_SEC < seconds) {
    int a = (int)(rnd() % (unsigned)nseeds), b = (int)(rnd() % (unsigned)nseeds);
    size_t len = lens[a] < cap ? lens[a] : cap;
    if (rnd() % 16 == 0) { /* pure random bytes now and then */
      size_t j;
      len = rnd() % 256;
      for (j = 0; j < len; j++) buf[j] = (unsigned char)rnd();
    } else {
      memcpy(buf, seeds[a], len);
      len = mutate(buf, len, cap, (const unsigned char *)seeds[b], lens[b]);
    }
    check_one(buf, len);
  }
  printf("fuzz_parser: %lu inputs compiled (%lu syntax errors), no crash\n", ninputs, nsyntax);
  vm_close(S);
  return 0;
}
#endif
