/*
** cli.c — the `tide` command: the standalone Tide interpreter.
**
**   tide [options] [script [args]]
**
** It behaves like the reference `lua5.4` command line program:
**   -e stat   run the string 'stat'
**   -i        enter the interactive loop (REPL) after running 'script'
**   -l mod    require 'mod' and store the result in global 'mod'
**   -l g=mod  require 'mod' and store the result in global 'g'
**   -v        print version information
**   -E        ignore the LUA_INIT_5_4 / LUA_INIT environment variables
**   -W        turn warnings on
**   --        stop handling options
**   -         stop handling options and run standard input as the script
** and options of its own:
**   -jon, -joff  turn the JIT on (hot loops are recorded and compiled to
**             machine code; the default where Tide has a backend, x86-64)
**             or off (the interpreter alone)
**   -jv       a line per trace start, abort (with its reason), end, drop
**   -jdump[=FILE]  the IR and machine code of each trace, to stderr or FILE
**   -jhotloop=N    loop iterations before a loop is recorded
**   -jhotexit=N    exits through one guard before a side trace is recorded
**   -jstats   the JIT's statistics (aborts by reason, rules fired...) at exit
**   (each -j option runs the matching function of the `jit` module,
**   in order with -e and -l; TIDE_JIT=on,hotloop=1 in the environment
**   gives options applied before everything else)
**   --alloc-profile=RATE[:FILE]  sample allocations every RATE bytes and
**             write FILE.collapsed and FILE.speedscope.json at exit (see
**             "Allocation profiler" below; FILE defaults to "tide-alloc")
** Without a script, -e or -v it starts the REPL when standard input is a
** terminal and otherwise runs standard input as a script. The global 'arg'
** holds the script name at index 0, the interpreter name and the options at
** negative indices and the script arguments at 1..n; the script also gets its
** arguments as '...'. The exit status is 0 on success and 1 on any error.
**
** Uncaught errors are printed as "tide: <message>" plus a stack traceback,
** exactly in the reference format. After that Tide adds a source excerpt with
** a caret under the spot when the position is known (syntax errors and
** runtime errors raised at the current line of a Lua function):
**
**     --> test.lua:3:12
**      |
**    3 |   print(t.x + 1)
**      |          ^
**
** The excerpt is shown only when stderr is a terminal: a program that
** captures the output (scripts, editors, tools parsing lua5.4's messages)
** gets exactly lua5.4's text. TIDE_NO_CARET=1 turns it off on a terminal
** too, and also leaves Tide's own options out of the usage message, which
** is then exactly the reference's; TIDE_CARET=1 shows it on any stderr
** (the tests of the excerpt). As in lua.c, messages are prefixed with the
** name the program was started by (argv[0]).
**
** The REPL uses libedit (readline()/add_history()) when standard input is a
** terminal; the library is loaded (dlopen) only then, so scripts do not pay
** for mapping it and its dependencies (about 200 KB of resident memory);
** without it the REPL reads plain lines. History is kept in memory and saved in $TIDE_HISTORY, by default
** ~/.tide_history (TIDE_HISTORY= with an empty value disables the file).
** With standard input not a terminal, lines are read with plain stdio; the
** prompt is still printed and each line is echoed after it, the way the
** reference (built with readline) shows piped input.
**
** This file uses only the public API in vm.h. The whole start-up runs inside
** a protected call (pmain) so that no API error escapes unprotected.
*/

#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vm.h"

#define PROGNAME "tide"

#define PROMPT1 "> "
#define PROMPT2 ">> "

/* chunk names of the code Tide loads itself */
#define NAME_CMDLINE "=(command line)"
#define NAME_STDIN "=stdin"

/* The name the program was started by (argv[0], as lua.c); messages are
** prefixed with progname: argv0, or NULL (inside the REPL) for none. */
static const char *argv0 = PROGNAME;
static const char *progname = PROGNAME;

/* Is the source excerpt under error messages enabled? (main) */
static int show_excerpts = 1;

/* Tide's options in the usage message (not with TIDE_NO_CARET=1) */
static int show_tideopts = 1;

/* Is the REPL reading through libedit (standard input is a terminal)? */
static int use_editline = 0;

/* ======================================================================
** Small helpers
** ====================================================================== */

/* Prints "name: msg" (or just msg when name is NULL) on stderr. */
static void message(const char *name, const char *msg) {
  if (name != NULL) fprintf(stderr, "%s: ", name);
  fprintf(stderr, "%s\n", msg);
  fflush(stderr);
}

static char *copy_bytes(const char *s, size_t len) {
  char *p = malloc(len + 1);
  if (p != NULL) {
    memcpy(p, s, len);
    p[len] = '\0';
  }
  return p;
}

static char *copy_string(const char *s) {
  return s == NULL ? NULL : copy_bytes(s, strlen(s));
}

/* Reads everything from f (at most 'limit' bytes when limit > 0) into a
** fresh buffer. Returns NULL on a read error (errno tells) or without
** memory. */
static char *read_stream(FILE *f, size_t *len, size_t limit) {
  char *buf = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    size_t got;
    if (n == cap) {
      char *nb;
      if (limit > 0 && cap >= limit) break;
      cap = cap ? cap * 2 : 8192;
      nb = realloc(buf, cap);
      if (nb == NULL) {
        free(buf);
        errno = ENOMEM;
        return NULL;
      }
      buf = nb;
    }
    got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    int e = errno;
    free(buf);
    errno = e;
    return NULL;
  }
  if (buf == NULL && (buf = malloc(1)) == NULL) return NULL;
  *len = n;
  return buf;
}

/* Reads a whole file (at most 64 MiB) for an excerpt; NULL on failure. */
static char *read_whole_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf;
  if (f == NULL) return NULL;
  buf = read_stream(f, len, (size_t)64 << 20);
  fclose(f);
  return buf;
}

static int env_is_set(const char *name) {
  const char *v = getenv(name);
  return v != NULL && v[0] != '\0' && strcmp(v, "0") != 0;
}

/* ======================================================================
** Source texts of the chunks Tide loads itself
**
** Runtime error positions name a chunk by its source ("@script.lua",
** "=stdin", "=(command line)", ...). For the excerpt we need the text, so
** every chunk Tide loads (script, standard input, -e, LUA_INIT, REPL input)
** is remembered here when it starts running; files loaded by the program
** itself (modules) are read again when needed. Several chunks may share a
** name (two -e options, REPL inputs); see find_text().
** ====================================================================== */

typedef struct Chunk {
  char *name;   /* chunk name as given to the loader, e.g. "=stdin" */
  char *text;
  size_t len;
  int shift;    /* bytes the loader saw before 'text' on line 1 */
} Chunk;

#define MAXCHUNKS 100

static Chunk chunks[MAXCHUNKS];
static int nchunks = 0;

static void forget_chunk(Chunk *c) {
  free(c->name);
  free(c->text);
  c->name = c->text = NULL;
}

static void remember_chunk(const char *name, const char *text, size_t len,
                           int shift) {
  Chunk c;
  c.name = copy_string(name);
  c.text = copy_bytes(text, len);
  c.len = len;
  c.shift = shift;
  if (c.name == NULL || c.text == NULL) {
    forget_chunk(&c);
    return;
  }
  if (nchunks == MAXCHUNKS) { /* drop the oldest */
    forget_chunk(&chunks[0]);
    memmove(chunks, chunks + 1, (MAXCHUNKS - 1) * sizeof(Chunk));
    nchunks--;
  }
  chunks[nchunks++] = c;
}

static void forget_all_chunks(void) {
  while (nchunks > 0) forget_chunk(&chunks[--nchunks]);
}

/* Finds line 'n' (1-based) of text, counting line breaks the way the Lua
** lexer does ("\n", "\r", "\r\n" and "\n\r" each end one line). Returns its
** start and stores its length (without the line break); NULL if absent. */
static const char *find_line(const char *text, size_t len, int n,
                             size_t *linelen) {
  size_t i = 0;
  int cur = 1;
  if (n < 1) return NULL;
  while (cur < n) {
    while (i < len && text[i] != '\n' && text[i] != '\r') i++;
    if (i >= len) return NULL;
    if (i + 1 < len && (text[i + 1] == '\n' || text[i + 1] == '\r') &&
        text[i + 1] != text[i])
      i += 2;
    else
      i += 1;
    cur++;
  }
  {
    size_t j = i;
    while (j < len && text[j] != '\n' && text[j] != '\r') j++;
    *linelen = j - i;
  }
  return text + i;
}

/* Does line 'n' of the text contain the word "function"? */
static int line_has_function(const char *text, size_t len, int n) {
  size_t ll;
  const char *l = find_line(text, len, n, &ll);
  size_t i;
  if (l == NULL) return 0;
  for (i = 0; i + 8 <= ll; i++)
    if (memcmp(l + i, "function", 8) == 0) return 1;
  return 0;
}

/* The remembered chunk called 'name' that most likely holds the code. The
** main chunk of an error is the one running now: the newest of that name.
** For a function, take the newest chunk whose line 'linedefined' has the
** word "function" and that is long enough (a heuristic: chunk names do not
** tell REPL inputs or -e options apart). */
static const Chunk *find_text(const char *name, int is_main, int linedefined,
                              int lastline) {
  int i;
  for (i = nchunks - 1; i >= 0; i--) {
    const Chunk *c = &chunks[i];
    size_t ll;
    if (strcmp(c->name, name) != 0) continue;
    if (is_main) return c;
    if (linedefined > 0 && line_has_function(c->text, c->len, linedefined) &&
        find_line(c->text, c->len, lastline > 0 ? lastline : linedefined,
                  &ll) != NULL)
      return c;
  }
  return NULL;
}

/* ======================================================================
** Source excerpt with a caret
** ====================================================================== */

/* Where the error being reported happened; filled by the message handler
** (runtime errors) or by note_syntax_error, printed and cleared by report. */
static struct {
  int valid;
  char *source;   /* chunk name / source of the function ("@f", "=x", text) */
  size_t srclen;
  char *label;    /* how to name the chunk in the "-->" line */
  char *text;     /* the source text when known directly (syntax errors) */
  size_t textlen;
  int shift;      /* with 'text': bytes before it on line 1 */
  int line, col;
  int is_main;
  int linedefined, lastline;
} errpos;

static void clear_errpos(void) {
  free(errpos.source);
  free(errpos.label);
  free(errpos.text);
  memset(&errpos, 0, sizeof errpos);
}

/* The name a chunk name shows to people: "@file" -> "file", "=name" ->
** "name"; other sources are code, shown by the given fallback. */
static const char *chunk_label(const char *source, const char *fallback) {
  if (source[0] == '@' || source[0] == '=') return source + 1;
  return fallback;
}

static int count_digits(int n) {
  int d = 1;
  while (n >= 10) {
    n /= 10;
    d++;
  }
  return d;
}

#define MAXSHOWN 100 /* longest part of a line shown around the caret */

/* Writes one source line in the excerpt, returning the byte offset where
** the shown part starts (for the caret line). */
static size_t print_code_line(int width, int num, const char *l, size_t ll,
                              int col, int *cut_front) {
  size_t start = 0, end = ll;
  *cut_front = 0;
  if (ll > MAXSHOWN) {
    if (col > MAXSHOWN / 2) {
      start = (size_t)col - 1 - MAXSHOWN / 2;
      if (start > ll) start = ll > MAXSHOWN ? ll - MAXSHOWN : 0;
    }
    while (start > 0 && start < ll && ((unsigned char)l[start] & 0xC0) == 0x80)
      start++;                        /* do not split a UTF-8 sequence */
    end = start + MAXSHOWN;
    if (end > ll) end = ll;
    while (end < ll && ((unsigned char)l[end] & 0xC0) == 0x80) end++;
  }
  fprintf(stderr, " %*d | %s", width, num, start > 0 ? "..." : "");
  fwrite(l + start, 1, end - start, stderr);
  fprintf(stderr, "%s\n", end < ll ? "..." : "");
  *cut_front = start > 0;
  return start;
}

/* Prints the excerpt for line 'line', column 'col' (1-based, 0 = unknown)
** of the given text, naming it 'label'. */
static void print_excerpt(const char *label, const char *text, size_t len,
                          int line, int col) {
  size_t ll;
  const char *l = find_line(text, len, line, &ll);
  const char *prev = NULL;
  size_t prevlen = 0;
  int width, prevnum = 0, cut;
  size_t start, i;
  if (l == NULL) return;
  width = count_digits(line);
  /* an error on a blank line (typically "near <eof>") shows the line before
     it too, so that there is something to look at */
  for (i = 0; i < ll && (l[i] == ' ' || l[i] == '\t'); i++) {}
  if (i == ll) {
    int n;
    for (n = line - 1; n >= 1 && n >= line - 3; n--) {
      size_t j;
      const char *p = find_line(text, len, n, &prevlen);
      for (j = 0; p != NULL && j < prevlen && (p[j] == ' ' || p[j] == '\t'); j++) {}
      if (p != NULL && j < prevlen) {
        prev = p;
        prevnum = n;
        break;
      }
    }
  }
  if (col > 0)
    fprintf(stderr, "%*s--> %s:%d:%d\n", width + 1, "", label, line, col);
  else
    fprintf(stderr, "%*s--> %s:%d\n", width + 1, "", label, line);
  fprintf(stderr, "%*s |\n", width + 1, "");
  if (prev != NULL) { /* the last non-blank line and the blank ones after it */
    int n;
    for (n = prevnum; n < line; n++) {
      const char *p = find_line(text, len, n, &prevlen);
      if (p != NULL) print_code_line(width, n, p, prevlen, 0, &cut);
    }
  }
  start = print_code_line(width, line, l, ll, col, &cut);
  if (col > 0) {
    size_t upto = (size_t)col - 1;
    fprintf(stderr, "%*s | %s", width + 1, "", cut ? "   " : "");
    /* pad under the text: keep tabs so the caret lines up, one space per
       character (UTF-8 continuation bytes take no room) */
    for (i = start; i < upto && i < ll; i++) {
      unsigned char c = (unsigned char)l[i];
      if (c == '\t')
        fputc('\t', stderr);
      else if ((c & 0xC0) != 0x80)
        fputc(' ', stderr);
    }
    for (; i < upto && i < ll + 1; i++) fputc(' ', stderr);
    fputs("^\n", stderr);
  }
  fflush(stderr);
}

/* Prints the excerpt for the recorded error position, if any, and clears
** it. */
static void show_errpos(void) {
  const char *text = NULL;
  size_t len = 0;
  char *filetext = NULL;
  int col = errpos.col, shift = 0;
  if (!errpos.valid || !show_excerpts || errpos.line <= 0) {
    clear_errpos();
    return;
  }
  if (errpos.text != NULL) {
    text = errpos.text;
    len = errpos.textlen;
    shift = errpos.shift;
  } else if (errpos.source[0] == '@') {
    const Chunk *c = find_text(errpos.source, 1, 0, 0);
    if (c != NULL) { /* the script itself: the text it was loaded from */
      text = c->text;
      len = c->len;
    } else { /* another file (a module): read it now */
      filetext = read_whole_file(errpos.source + 1, &len);
      text = filetext;
    }
  } else if (errpos.source[0] == '=') {
    const Chunk *c = find_text(errpos.source, errpos.is_main,
                               errpos.linedefined, errpos.lastline);
    if (c != NULL) {
      text = c->text;
      len = c->len;
      shift = c->shift;
    }
  } else {
    text = errpos.source; /* a chunk loaded from a string: its own source */
    len = errpos.srclen;
  }
  if (text != NULL && len > 0 && text[0] == '\x1b')
    text = NULL; /* a precompiled chunk has no lines to show */
  if (text != NULL) {
    if (errpos.line == 1 && shift > 0 && col > 0)
      col = col > shift ? col - shift : 0;
    print_excerpt(errpos.label, text, len, errpos.line, col);
  }
  free(filetext);
  clear_errpos();
}

/* Does msg start with "<label>:<line>:"? A long label may appear shortened
** to "...<its end>", as Lua shortens chunk names in messages. */
static int message_at(const char *msg, const char *label, int line) {
  char tail[32];
  const char *p = msg;
  size_t tl, ll = strlen(label);
  snprintf(tail, sizeof tail, ":%d:", line);
  tl = strlen(tail);
  while ((p = strstr(p, tail)) != NULL) {
    size_t pl = (size_t)(p - msg);
    if (pl == ll && memcmp(msg, label, ll) == 0) return 1;
    if (pl > 3 && memcmp(msg, "...", 3) == 0 && pl - 3 <= ll &&
        memcmp(msg + 3, label + ll - (pl - 3), pl - 3) == 0)
      return 1;
    p += tl;
  }
  return 0;
}

/* After a load failed with a syntax error: record where, with the chunk's
** text (NULL for a file, read again when shown). */
static void note_syntax_error(vm_State *S, const char *chunkname,
                              const char *text, size_t len, int shift) {
  int line = 0, col = 0;
  const char *msg = vm_tostring(S, -1);
  const char *label = chunk_label(chunkname, chunkname);
  clear_errpos();
  if (!show_excerpts || msg == NULL) return;
  vm_syntaxerrorpos(S, &line, &col);
  /* the position must belong to this error, not to an older one */
  if (line <= 0 || !message_at(msg, label, line)) return;
  errpos.source = copy_string(chunkname);
  errpos.srclen = strlen(chunkname);
  errpos.label = copy_string(label);
  if (text != NULL) {
    errpos.text = copy_bytes(text, len);
    errpos.textlen = len;
    if (errpos.text == NULL) return;
  }
  if (errpos.source == NULL || errpos.label == NULL) return;
  errpos.shift = shift;
  errpos.line = line;
  errpos.col = col < 0 ? 0 : col;
  errpos.is_main = 1;
  errpos.valid = 1;
}

/* In the message handler (the stack is still there): find the first Lua
** function on the stack and, when the message names its current line,
** record that position. */
static void note_runtime_error(vm_State *S, const char *msg) {
  vm_Debug ar;
  int level;
  char prefix[VM_IDSIZE + 32];
  clear_errpos();
  if (!show_excerpts) return;
  for (level = 0; level < 64 && vm_getstack(S, level, &ar); level++) {
    if (!vm_getinfo(S, "Sl", &ar)) continue;
    if (ar.currentline <= 0) continue;
    snprintf(prefix, sizeof prefix, "%s:%d:", ar.short_src, ar.currentline);
    if (strncmp(msg, prefix, strlen(prefix)) != 0) return;
    if (ar.source == NULL) return;
    errpos.source = copy_bytes(ar.source, ar.srclen);
    errpos.srclen = ar.srclen;
    errpos.label = copy_string(chunk_label(ar.source, ar.short_src));
    if (errpos.source == NULL || errpos.label == NULL) return;
    errpos.line = ar.currentline;
    errpos.col = ar.currentcol < 0 ? 0 : ar.currentcol;
    errpos.is_main = ar.what != NULL && strcmp(ar.what, "main") == 0;
    errpos.linedefined = ar.linedefined;
    errpos.lastline = ar.lastlinedefined;
    errpos.valid = 1;
    return;
  }
}

/* ======================================================================
** Running code
** ====================================================================== */

/* Message handler for every chunk Tide runs: turns the error object into a
** message with a stack traceback, and notes the error's position. */
static int msghandler(vm_State *S) {
  const char *msg = vm_tostring(S, 1);
  if (msg == NULL) { /* not a string (nor a number) */
    if (vm_callmeta(S, 1, "__tostring") && vm_type(S, -1) == VM_TSTRING)
      return 1; /* its own text, and no traceback */
    msg = vm_pushfstring(S, "(error object is a %s value)",
                         vm_typename(S, vm_type(S, 1)));
  } else {
    note_runtime_error(S, msg);
  }
  vm_traceback(S, S, msg, 1);
  return 1;
}

/* If status is an error, prints the message on top of the stack (and the
** source excerpt) and pops it. Returns status. */
static int report(vm_State *S, int status) {
  if (status != VM_OK) {
    int top = vm_gettop(S);
    const char *msg = vm_tostring(S, -1);
    if (msg == NULL)
      msg = vm_pushfstring(S, "(error object is a %s value)",
                           vm_typename(S, vm_type(S, -1)));
    message(progname, msg);
    vm_settop(S, top - 1); /* pop the message */
    show_errpos();
  } else {
    clear_errpos();
  }
  return status;
}

/* Ctrl-C while Lua code runs: like lua5.4, the first one makes the running
** code raise "interrupted!" at its next check (vm_interrupt is safe in a
** signal handler); the handler resets itself (SA_RESETHAND), so a second
** Ctrl-C, for code that never reaches a check, ends tide. */
static vm_State *volatile interruptible;

static void on_sigint(int sig) {
  (void)sig;
  if (interruptible != NULL) vm_interrupt(interruptible);
}

/* Calls the function under 'narg' arguments on the stack with the message
** handler, catching Ctrl-C during the call. */
static int docall(vm_State *S, int narg, int nres) {
  int status;
  int base = vm_gettop(S) - narg; /* function index */
  struct sigaction sa, old;
  clear_errpos();
  vm_pushcfunction(S, msghandler);
  vm_insert(S, base);
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  interruptible = S;
  sigaction(SIGINT, &sa, &old);
  status = vm_pcall(S, narg, nres, base);
  sigaction(SIGINT, &old, NULL);
  interruptible = NULL;
  vm_remove(S, base);
  return status;
}

/* Loads 'len' bytes of code named 'name', remembering the text for error
** excerpts; runs it with no arguments. */
static int dochunk(vm_State *S, const char *code, size_t len,
                   const char *name) {
  int status = vm_loadbufferx(S, code, len, name, NULL);
  if (status == VM_ERRSYNTAX) note_syntax_error(S, name, code, len, 0);
  if (status == VM_OK) {
    remember_chunk(name, code, len, 0);
    status = docall(S, 0, 0);
  }
  return report(S, status);
}

static int dostring(vm_State *S, const char *code, const char *name) {
  return dochunk(S, code, strlen(code), name);
}

/* Loads a script from file 'fname', or from standard input when fname is
** NULL, the way Lua loads files: a UTF-8 byte order mark and a first line
** starting with '#' are skipped (its line break stays, so that line numbers
** are right). The chunk is named "@fname" or "=stdin". The text is kept for
** error excerpts. If the file cannot be opened or read, pushes "cannot
** open/read NAME: reason" and returns VM_ERRFILE.
** (Tide does this itself rather than calling vm_loadfilex, which treats the
** name "-" as standard input, while `tide -- -` must run a file named "-".) */
static int load_source(vm_State *S, const char *fname) {
  FILE *f = stdin;
  const char *shown = fname != NULL ? fname : "stdin";
  char *buf, *name;
  size_t len = 0, off = 0;
  int status;
  if (fname != NULL) {
    errno = 0;
    f = fopen(fname, "rb");
    if (f == NULL) {
      vm_pushfstring(S, "cannot open %s: %s", fname, strerror(errno));
      return VM_ERRFILE;
    }
  }
  errno = 0;
  buf = read_stream(f, &len, 0);
  if (buf == NULL) {
    int e = errno;
    if (f != stdin) fclose(f);
    vm_pushfstring(S, "cannot read %s: %s", shown, strerror(e));
    return VM_ERRFILE;
  }
  if (f != stdin) fclose(f);
  name = malloc(strlen(shown) + 2);
  if (name == NULL) {
    free(buf);
    vm_pushliteral(S, "not enough memory");
    return VM_ERRMEM;
  }
  name[0] = fname != NULL ? '@' : '=';
  strcpy(name + 1, shown);
  if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) off = 3;
  if (off < len && buf[off] == '#') {
    while (off < len && buf[off] != '\n') off++;
    /* a precompiled chunk right after the comment line: no line break */
    if (off + 1 < len && buf[off + 1] == '\x1b') off++;
  }
  status = vm_loadbufferx(S, buf + off, len - off, name, NULL);
  if (status == VM_ERRSYNTAX)
    note_syntax_error(S, name, buf, len, 0);
  else if (status == VM_OK && !(off < len && buf[off] == '\x1b'))
    remember_chunk(name, buf, len, 0);
  free(name);
  free(buf);
  return status;
}

static int dofile(vm_State *S, const char *fname) {
  int status = load_source(S, fname);
  if (status == VM_OK) status = docall(S, 0, 0);
  return report(S, status);
}

/* ======================================================================
** Allocation profiler: --alloc-profile=RATE[:FILE]
**
** The state's allocation sampler calls prof_hook after every RATE bytes of
** objects allocated. The hook runs inside the allocator, so it may only
** walk the stack (vm_getstack, vm_getinfo "Sln") and must not allocate
** through the VM: it records into plain malloc'd structures. Frames are
** interned by their text, stacks as sequences of frame ids (root first,
** at most PROF_MAXDEPTH frames below the allocation), and the samples are
** kept in order, consecutive samples of the same stack merged into one
** run. When the state has closed (or at exit(), for os.exit) the profile
** is written as FILE.collapsed (collapsed stacks for flamegraph.pl,
** inferno, speedscope) and FILE.speedscope.json (speedscope's "sampled"
** format, samples in allocation order).
**
** Weights are bytes: a sample stands for RATE bytes, or for the size of
** the sampled object when that is larger (an object of at least RATE
** bytes always takes exactly one sample, whatever its size), so the
** totals estimate the bytes allocated. The leaf frame of every stack
** names the type of the sampled object, e.g. "[alloc table]".
** ====================================================================== */

#define PROF_MAXDEPTH 64     /* Lua/C frames kept per sample (innermost) */
#define PROF_FRAMELEN 256    /* longest frame text */
#define PROF_DEFAULT_FILE "tide-alloc"

typedef struct ProfFrame {
  char *text;   /* "name (file:line)", "[C] name", "[alloc table]", ... */
  char *file;   /* short source of a Lua frame, else NULL */
  int line;     /* its current line */
} ProfFrame;

typedef struct ProfStack {
  uint32_t *frames;   /* frame ids, root first */
  int depth;
  uint32_t hash;
  uint64_t weight;    /* bytes charged to this stack */
} ProfStack;

typedef struct ProfRun {  /* consecutive samples of one stack */
  uint32_t stack;
  uint64_t weight;
} ProfRun;

static struct {
  int on;             /* --alloc-profile given */
  int started;        /* sampling was started (prof_start) */
  int active;         /* the hook records */
  int written;        /* the files have been written (or attempted) */
  size_t rate;
  const char *base;   /* output file name without extension (in argv) */
  char *script;       /* what ran, for the profile's name */
  ProfFrame *frames;
  size_t nframes, capframes;
  uint32_t *framehash;  /* open addressing: frame id + 1, 0 = empty */
  size_t framehashcap;
  ProfStack *stacks;
  size_t nstacks, capstacks;
  uint32_t *stackhash;  /* stack id + 1, 0 = empty */
  size_t stackhashcap;
  ProfRun *runs;
  size_t nruns, capruns;
  size_t nsamples;      /* samples recorded */
  size_t dropped;       /* samples lost because malloc failed */
  uint64_t total;       /* sum of the weights */
} prof;

/* Parses "RATE[:FILE]": RATE is a positive number of bytes with an
** optional suffix k/K (KiB) or m/M (MiB); FILE must not be empty. */
static int prof_parse(const char *spec, size_t *rate, const char **base) {
  const char *p = spec;
  size_t v = 0, mult = 1;
  if (*p < '0' || *p > '9') return 0;
  for (; *p >= '0' && *p <= '9'; p++) {
    size_t d = (size_t)(*p - '0');
    if (v > (SIZE_MAX - d) / 10) return 0; /* overflow */
    v = v * 10 + d;
  }
  if (*p == 'k' || *p == 'K') {
    mult = (size_t)1 << 10;
    p++;
  } else if (*p == 'm' || *p == 'M') {
    mult = (size_t)1 << 20;
    p++;
  }
  if (v == 0 || v > SIZE_MAX / mult) return 0;
  if (*p == ':') {
    if (p[1] == '\0') return 0;
    *base = p + 1;
  } else if (*p == '\0') {
    *base = PROF_DEFAULT_FILE;
  } else {
    return 0;
  }
  *rate = v * mult;
  return 1;
}

static uint32_t hash_bytes(uint32_t h, const void *p, size_t n) {
  const unsigned char *s = p;
  size_t i;
  for (i = 0; i < n; i++) { /* FNV-1a */
    h ^= s[i];
    h *= 16777619u;
  }
  return h;
}

#define HASH_SEED 2166136261u

/* Grows an array of 'size'-byte elements to hold at least n + 1. */
static int grow(void **items, size_t *cap, size_t n, size_t size) {
  if (n < *cap) return 1;
  {
    size_t nc = *cap ? *cap * 2 : 64;
    void *ni = realloc(*items, nc * size);
    if (ni == NULL) return 0;
    *items = ni;
    *cap = nc;
    return 1;
  }
}

/* Rebuilds a hash index (of ids + 1) with capacity ncap for n entries. */
static int rehash(uint32_t **index, size_t *cap, size_t ncap, size_t n,
                  uint32_t (*hashof)(size_t)) {
  uint32_t *ni = calloc(ncap, sizeof(uint32_t));
  size_t i;
  if (ni == NULL) return 0;
  for (i = 0; i < n; i++) {
    size_t j = hashof(i) & (ncap - 1);
    while (ni[j] != 0) j = (j + 1) & (ncap - 1);
    ni[j] = (uint32_t)(i + 1);
  }
  free(*index);
  *index = ni;
  *cap = ncap;
  return 1;
}

static uint32_t frame_hash(size_t i) {
  const char *t = prof.frames[i].text;
  return hash_bytes(HASH_SEED, t, strlen(t));
}

static uint32_t stack_hash(size_t i) { return prof.stacks[i].hash; }

/* The id of the frame with this text (file/line: its source position, for
** the JSON), adding it if new; -1 without memory. */
static long prof_intern_frame(const char *text, const char *file, int line) {
  uint32_t h = hash_bytes(HASH_SEED, text, strlen(text));
  size_t j;
  ProfFrame *f;
  if (prof.nframes + 1 > prof.framehashcap / 2 &&
      !rehash(&prof.framehash, &prof.framehashcap,
              prof.framehashcap ? prof.framehashcap * 2 : 256, prof.nframes,
              frame_hash))
    return -1;
  j = h & (prof.framehashcap - 1);
  while (prof.framehash[j] != 0) {
    uint32_t id = prof.framehash[j] - 1;
    if (strcmp(prof.frames[id].text, text) == 0) return (long)id;
    j = (j + 1) & (prof.framehashcap - 1);
  }
  if (prof.nframes >= UINT32_MAX - 1 ||
      !grow((void **)&prof.frames, &prof.capframes, prof.nframes,
            sizeof(ProfFrame)))
    return -1;
  f = &prof.frames[prof.nframes];
  f->text = copy_string(text);
  f->file = file != NULL ? copy_string(file) : NULL;
  f->line = line;
  if (f->text == NULL || (file != NULL && f->file == NULL)) {
    free(f->text);
    free(f->file);
    return -1;
  }
  prof.framehash[j] = (uint32_t)++prof.nframes;
  return (long)(prof.nframes - 1);
}

/* The id of the stack with these frames (root first); -1 without memory. */
static long prof_intern_stack(const uint32_t *frames, int depth) {
  uint32_t h = hash_bytes(HASH_SEED, frames, (size_t)depth * sizeof(uint32_t));
  size_t j;
  ProfStack *s;
  if (prof.nstacks + 1 > prof.stackhashcap / 2 &&
      !rehash(&prof.stackhash, &prof.stackhashcap,
              prof.stackhashcap ? prof.stackhashcap * 2 : 256, prof.nstacks,
              stack_hash))
    return -1;
  j = h & (prof.stackhashcap - 1);
  while (prof.stackhash[j] != 0) {
    const ProfStack *o = &prof.stacks[prof.stackhash[j] - 1];
    if (o->hash == h && o->depth == depth &&
        memcmp(o->frames, frames, (size_t)depth * sizeof(uint32_t)) == 0)
      return (long)(prof.stackhash[j] - 1);
    j = (j + 1) & (prof.stackhashcap - 1);
  }
  if (prof.nstacks >= UINT32_MAX - 1 ||
      !grow((void **)&prof.stacks, &prof.capstacks, prof.nstacks,
            sizeof(ProfStack)))
    return -1;
  s = &prof.stacks[prof.nstacks];
  s->frames = malloc((size_t)depth * sizeof(uint32_t));
  if (s->frames == NULL) return -1;
  memcpy(s->frames, frames, (size_t)depth * sizeof(uint32_t));
  s->depth = depth;
  s->hash = h;
  s->weight = 0;
  prof.stackhash[j] = (uint32_t)++prof.nstacks;
  return (long)(prof.nstacks - 1);
}

/* Frame texts go into ';'-separated lines: no ';' and no control
** characters in them. */
static void prof_clean(char *s) {
  for (; *s != '\0'; s++) {
    if (*s == ';') *s = ',';
    else if ((unsigned char)*s < 0x20 || *s == 0x7f) *s = ' ';
  }
}

/* The frame for the function at this level of the stack, named the way
** Lua's traceback names functions. */
static long prof_level_frame(vm_State *S, vm_Debug *ar) {
  char text[PROF_FRAMELEN];
  const char *name;
  if (!vm_getinfo(S, "Sln", ar)) return prof_intern_frame("?", NULL, 0);
  name = (ar->namewhat != NULL && ar->namewhat[0] != '\0') ? ar->name : NULL;
  if (ar->what != NULL && ar->what[0] == 'C') {
    snprintf(text, sizeof text, "[C] %s", name != NULL ? name : "?");
    prof_clean(text);
    return prof_intern_frame(text, NULL, 0);
  }
  if (name != NULL)
    snprintf(text, sizeof text, "%s (%s:%d)", name, ar->short_src,
             ar->currentline);
  else if (ar->what != NULL && ar->what[0] == 'm')
    snprintf(text, sizeof text, "main chunk (%s:%d)", ar->short_src,
             ar->currentline);
  else
    snprintf(text, sizeof text, "function <%s:%d> (%s:%d)", ar->short_src,
             ar->linedefined, ar->short_src, ar->currentline);
  prof_clean(text);
  return prof_intern_frame(text, ar->short_src, ar->currentline);
}

static const char *prof_typename(int type) {
  switch (type) {
  case VM_TSTRING: return "[alloc string]";
  case VM_TTABLE: return "[alloc table]";
  case VM_TFUNCTION: return "[alloc function]";
  case VM_TUSERDATA: return "[alloc userdata]";
  case VM_TTHREAD: return "[alloc thread]";
  case VM_TNONE: return "[alloc internal]"; /* prototypes and upvalues */
  default: return "[alloc other]";
  }
}

/* The sampler's hook: only vm_getstack/vm_getinfo and plain malloc. */
static void prof_hook(vm_State *S, void *ud, size_t bytes, int type) {
  uint32_t ids[PROF_MAXDEPTH + 2];
  int n = 0, level, depth, i;
  long id, st;
  vm_Debug ar;
  uint64_t weight = bytes > prof.rate ? bytes : prof.rate;
  (void)ud;
  if (!prof.active) return;
  /* innermost first into ids[], reversed below */
  if ((id = prof_intern_frame(prof_typename(type), NULL, 0)) < 0) goto fail;
  ids[n++] = (uint32_t)id;
  for (level = 0; level < PROF_MAXDEPTH && vm_getstack(S, level, &ar); level++) {
    if ((id = prof_level_frame(S, &ar)) < 0) goto fail;
    ids[n++] = (uint32_t)id;
  }
  if (level == PROF_MAXDEPTH && vm_getstack(S, level, &ar)) {
    if ((id = prof_intern_frame("(more frames)", NULL, 0)) < 0) goto fail;
    ids[n++] = (uint32_t)id;
  }
  depth = n;
  for (i = 0; i < depth / 2; i++) {
    uint32_t t = ids[i];
    ids[i] = ids[depth - 1 - i];
    ids[depth - 1 - i] = t;
  }
  if ((st = prof_intern_stack(ids, depth)) < 0) goto fail;
  if (prof.nruns > 0 && prof.runs[prof.nruns - 1].stack == (uint32_t)st) {
    prof.runs[prof.nruns - 1].weight += weight;
  } else {
    if (!grow((void **)&prof.runs, &prof.capruns, prof.nruns, sizeof(ProfRun)))
      goto fail;
    prof.runs[prof.nruns].stack = (uint32_t)st;
    prof.runs[prof.nruns].weight = weight;
    prof.nruns++;
  }
  prof.stacks[st].weight += weight;
  prof.total += weight;
  prof.nsamples++;
  return;
fail:
  prof.dropped++;
}

/* Writes s as a JSON string: quotes, escapes, and bytes that are not
** valid UTF-8 replaced by U+FFFD. */
static void json_string(FILE *f, const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  fputc('"', f);
  while (*p != '\0') {
    unsigned char c = *p;
    if (c == '"' || c == '\\') {
      fputc('\\', f);
      fputc(c, f);
      p++;
    } else if (c < 0x20 || c == 0x7f) {
      fprintf(f, "\\u%04x", c);
      p++;
    } else if (c < 0x80) {
      fputc(c, f);
      p++;
    } else { /* a UTF-8 sequence: copy it if well formed */
      int len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
      unsigned cp = len == 4 ? c & 0x07u : len == 3 ? c & 0x0fu : c & 0x1fu;
      int k, good = len > 0 && c <= 0xf4;
      for (k = 1; good && k < len; k++) {
        if ((p[k] & 0xc0) != 0x80) good = 0;
        else cp = (cp << 6) | (p[k] & 0x3fu);
      }
      if (good && ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
                   (len == 4 && (cp < 0x10000 || cp > 0x10ffff))))
        good = 0;
      if (good) {
        fwrite(p, 1, (size_t)len, f);
        p += len;
      } else {
        fputs("\\ufffd", f);
        p++;
      }
    }
  }
  fputc('"', f);
}

/* Heaviest stacks first (then in order of appearance). */
static int cmp_stack_weight(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  uint64_t wx = prof.stacks[x].weight, wy = prof.stacks[y].weight;
  if (wx != wy) return wx > wy ? -1 : 1;
  return x < y ? -1 : x > y;
}

static FILE *prof_open(const char *suffix, char **name) {
  FILE *f;
  *name = malloc(strlen(prof.base) + strlen(suffix) + 1);
  if (*name == NULL) {
    fprintf(stderr, "%s: cannot write %s%s: not enough memory\n", argv0,
            prof.base, suffix);
    return NULL;
  }
  strcpy(*name, prof.base);
  strcat(*name, suffix);
  f = fopen(*name, "w");
  if (f == NULL)
    fprintf(stderr, "%s: cannot write %s: %s\n", argv0, *name,
            strerror(errno));
  return f;
}

static int prof_close(FILE *f, const char *name) {
  int bad = ferror(f);
  if (fclose(f) != 0) bad = 1;
  if (bad) fprintf(stderr, "%s: cannot write %s\n", argv0, name);
  return !bad;
}

/* One line per distinct stack, heaviest first (unsorted without memory). */
static void write_collapsed(FILE *f) {
  uint32_t *order = malloc((prof.nstacks + 1) * sizeof(uint32_t));
  size_t i;
  int k;
  if (order != NULL) {
    for (i = 0; i < prof.nstacks; i++) order[i] = (uint32_t)i;
    qsort(order, prof.nstacks, sizeof(uint32_t), cmp_stack_weight);
  }
  for (i = 0; i < prof.nstacks; i++) {
    const ProfStack *s = &prof.stacks[order != NULL ? order[i] : i];
    for (k = 0; k < s->depth; k++) {
      if (k > 0) fputc(';', f);
      fputs(prof.frames[s->frames[k]].text, f);
    }
    fprintf(f, " %llu\n", (unsigned long long)s->weight);
  }
  free(order);
}

static void write_speedscope(FILE *f) {
  size_t i;
  int k;
  char name[PROF_FRAMELEN];
  fputs("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n"
        "\"exporter\":", f);
  json_string(f, PROGNAME " (" VM_VERSION ")");
  snprintf(name, sizeof name, "%s: allocations (1 sample per %zu bytes)",
           prof.script != NULL ? prof.script : PROGNAME, prof.rate);
  fputs(",\n\"name\":", f);
  json_string(f, name);
  fputs(",\n\"activeProfileIndex\":0,\n\"shared\":{\"frames\":[", f);
  for (i = 0; i < prof.nframes; i++) {
    const ProfFrame *fr = &prof.frames[i];
    fputs(i > 0 ? ",\n" : "\n", f);
    fputs("{\"name\":", f);
    json_string(f, fr->text);
    if (fr->file != NULL) {
      fputs(",\"file\":", f);
      json_string(f, fr->file);
      fprintf(f, ",\"line\":%d", fr->line);
    }
    fputc('}', f);
  }
  fputs("]},\n\"profiles\":[{\"type\":\"sampled\",\"name\":", f);
  json_string(f, name);
  fprintf(f, ",\"unit\":\"bytes\",\"startValue\":0,\"endValue\":%llu,\n"
             "\"samples\":[",
          (unsigned long long)prof.total);
  for (i = 0; i < prof.nruns; i++) {
    const ProfStack *s = &prof.stacks[prof.runs[i].stack];
    fputs(i > 0 ? ",\n[" : "\n[", f);
    for (k = 0; k < s->depth; k++)
      fprintf(f, k > 0 ? ",%u" : "%u", (unsigned)s->frames[k]);
    fputc(']', f);
  }
  fputs("],\n\"weights\":[", f);
  for (i = 0; i < prof.nruns; i++)
    fprintf(f, i > 0 ? ",%llu" : "%llu", (unsigned long long)prof.runs[i].weight);
  fputs("]}]}\n", f);
}

static void prof_free(void) {
  size_t i;
  for (i = 0; i < prof.nframes; i++) {
    free(prof.frames[i].text);
    free(prof.frames[i].file);
  }
  for (i = 0; i < prof.nstacks; i++) free(prof.stacks[i].frames);
  free(prof.frames);
  free(prof.framehash);
  free(prof.stacks);
  free(prof.stackhash);
  free(prof.runs);
  free(prof.script);
  prof.frames = NULL;
  prof.framehash = NULL;
  prof.stacks = NULL;
  prof.stackhash = NULL;
  prof.runs = NULL;
  prof.script = NULL;
  prof.nframes = prof.framehashcap = prof.capframes = 0;
  prof.nstacks = prof.stackhashcap = prof.capstacks = 0;
  prof.nruns = prof.capruns = 0;
}

/* Writes both files and the summary line (once); returns 0 on failure. */
static int prof_finish(void) {
  char *cname = NULL, *jname = NULL;
  FILE *f;
  int ok = 1;
  if (!prof.started || prof.written) return 1;
  prof.written = 1;
  prof.active = 0; /* nothing more is recorded */
  f = prof_open(".collapsed", &cname);
  if (f != NULL) {
    write_collapsed(f);
    if (!prof_close(f, cname)) ok = 0;
  } else {
    ok = 0;
  }
  f = prof_open(".speedscope.json", &jname);
  if (f != NULL) {
    write_speedscope(f);
    if (!prof_close(f, jname)) ok = 0;
  } else {
    ok = 0;
  }
  if (ok) {
    fprintf(stderr, "%s: %zu allocation samples (%zu bytes each) written to %s and %s",
            argv0, prof.nsamples, prof.rate, cname, jname);
    if (prof.dropped > 0)
      fprintf(stderr, " (%zu more dropped: out of memory)", prof.dropped);
    fputc('\n', stderr);
    fflush(stderr);
  }
  free(cname);
  free(jname);
  prof_free();
  return ok;
}

/* os.exit ends the process without returning to main: write there. */
static void prof_atexit(void) { prof_finish(); }

/* Starts sampling S (the whole program: LUA_INIT, -e, -l, the script, the
** REPL; not the opening of the standard libraries). */
static void prof_start(vm_State *S, const char *script) {
  if (!prof.on) return;
  prof.script = copy_string(script);
  atexit(prof_atexit);
  prof.started = prof.active = 1;
  vm_setallocsampler(S, prof.rate, prof_hook, NULL);
}

/* ======================================================================
** Command line
** ====================================================================== */

#define HAS_ERROR 1 /* bad option */
#define HAS_I 2     /* -i */
#define HAS_V 4     /* -v */
#define HAS_E 8     /* -e */
#define HAS_BIGE 16 /* -E */

#define OPT_PROFILE "--alloc-profile"

static void print_usage(const char *badoption) {
  fprintf(stderr, "%s: ", argv0);
  if (strncmp(badoption, OPT_PROFILE, sizeof OPT_PROFILE - 1) == 0 &&
      (badoption[sizeof OPT_PROFILE - 1] == '\0' ||
       badoption[sizeof OPT_PROFILE - 1] == '='))
    fprintf(stderr,
            "bad argument in '%s': expected " OPT_PROFILE "=RATE[:FILE] with "
            "RATE a number of bytes > 0, optionally with suffix k or m "
            "(e.g. 512k)\n",
            badoption);
  else if (badoption[1] == 'e' || badoption[1] == 'l')
    fprintf(stderr, "'%s' needs argument\n", badoption);
  else
    fprintf(stderr, "unrecognized option '%s'\n", badoption);
  fprintf(stderr,
          "usage: %s [options] [script [args]]\n"
          "Available options are:\n"
          "  -e stat   execute string 'stat'\n"
          "  -i        enter interactive mode after executing 'script'\n"
          "  -l mod    require library 'mod' into global 'mod'\n"
          "  -l g=mod  require library 'mod' into global 'g'\n"
          "  -v        show version information\n"
          "  -E        ignore environment variables\n"
          "  -W        turn warnings on\n"
          "  --        stop handling options\n"
          "  -         stop handling options and execute stdin\n",
          argv0);
  /* Tide's own options; left out with TIDE_NO_CARET=1, which asks for
     exactly lua5.4's output */
  if (show_tideopts)
    fprintf(stderr,
            "Tide options:\n"
            "  -jon -joff  turn the JIT on (the default on x86-64) or off\n"
            "  -jv       show trace starts, aborts and completions\n"
            "  -jdump[=FILE]  show the IR and machine code of each trace\n"
            "  -jhotloop=N  iterations before a loop is recorded\n"
            "  -jhotexit=N  exits through one guard before a side trace is recorded\n"
            "  -jstats   show the JIT's statistics at exit\n"
            "  " OPT_PROFILE "=RATE[:FILE]\n"
            "            sample allocations every RATE bytes (suffix k or m) and"
            " write\n"
            "            FILE.collapsed and FILE.speedscope.json (default FILE: "
            PROF_DEFAULT_FILE ")\n");
  fflush(stderr);
}

static void print_version(void) {
  fputs(VM_VERSION " (" VM_LUA_VERSION ")  " VM_LUA_AUTHORS "\n", stdout);
  fflush(stdout);
}

/* Scans the options. Sets *script to the index of the script name (argc
** when there is none) or, on a bad option, to the index of the option to
** complain about. Returns a set of HAS_* flags. */
static int jit_option_ok(const char *o);
static int collect_args(int argc, char **argv, int *script) {
  int flags = 0;
  int i;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    *script = i;
    if (a[0] != '-') return flags; /* the script name */
    switch (a[1]) {
    case '-': /* "--": stop handling options */
      if (strncmp(a, OPT_PROFILE "=", sizeof OPT_PROFILE) == 0) {
        if (!prof_parse(a + sizeof OPT_PROFILE, &prof.rate, &prof.base))
          return flags | HAS_ERROR;
        prof.on = 1;
        break;
      }
      if (a[2] != '\0') return flags | HAS_ERROR;
      *script = i + 1;
      return flags;
    case '\0': /* "-": the script is standard input */
      return flags;
    case 'E':
      if (a[2] != '\0') return flags | HAS_ERROR;
      flags |= HAS_BIGE;
      break;
    case 'W':
      if (a[2] != '\0') return flags | HAS_ERROR;
      break;
    case 'i':
      if (a[2] != '\0') return flags | HAS_ERROR;
      flags |= HAS_I | HAS_V; /* -i implies -v */
      break;
    case 'v':
      if (a[2] != '\0') return flags | HAS_ERROR;
      flags |= HAS_V;
      break;
    case 'j':
      if (!jit_option_ok(a + 2)) return flags | HAS_ERROR;
      break;
    case 'e':
    case 'l':
      if (a[1] == 'e') flags |= HAS_E;
      if (a[2] == '\0') { /* the argument is the next word */
        if (i + 1 >= argc || argv[i + 1][0] == '-') return flags | HAS_ERROR;
        i++;
      }
      break;
    default:
      return flags | HAS_ERROR;
    }
  }
  *script = argc;
  return flags;
}

/* Builds the global 'arg': script name at 0, what precedes it at negative
** indices, its arguments at 1..n. Without a script, the interpreter name is
** at 0 and the options follow it. */
static void create_argtable(vm_State *S, int argc, char **argv, int script) {
  int i;
  if (script == argc) script = 0;
  vm_createtable(S, argc - script - 1 > 0 ? argc - script - 1 : 0, script + 1);
  for (i = 0; i < argc; i++) {
    vm_pushstring(S, argv[i]);
    vm_rawseti(S, -2, i - script);
  }
  vm_setglobal(S, "arg");
}

/* "-l mod" or "-l g=mod": global g (or mod) = require(mod). */
static int dolibrary(vm_State *S, const char *spec) {
  const char *eq = strchr(spec, '=');
  int status;
  vm_getglobal(S, "require");
  if (eq == NULL) {
    vm_pushstring(S, spec);
    status = docall(S, 1, 1);
    if (status == VM_OK) vm_setglobal(S, spec);
  } else {
    char *glb = copy_bytes(spec, (size_t)(eq - spec));
    vm_pushstring(S, eq + 1);
    status = docall(S, 1, 1);
    if (status == VM_OK) {
      if (glb != NULL)
        vm_setglobal(S, glb);
      else
        vm_pop(S, 1);
    }
    free(glb);
  }
  return report(S, status);
}

/* The -j options and the `jit` module function each runs, with what it
** is given: nothing, true ('t'), true and =FILE if there is one ('f'),
** =N, 1 to 65535 ('n'), or "exit" ('x') */
static const struct JitOption {
  const char *name, *fn;
  char arg;
} jitoptions[] = {
  {"on", "on", 0}, {"off", "off", 0}, {"v", "verbose", 't'}, {"dump", "dump", 'f'},
  {"hotloop", "hotloop", 'n'}, {"hotexit", "hotexit", 'n'}, {"stats", "report", 'x'},
};

/* The option o (after "-j") names, if it is well formed; else NULL */
static const struct JitOption *jit_option(const char *o) {
  size_t n = strcspn(o, "="), i;
  const char *v = o[n] == '=' ? o + n + 1 : NULL;
  for (i = 0; i < sizeof(jitoptions) / sizeof(jitoptions[0]); i++) {
    const struct JitOption *j = &jitoptions[i];
    char *end;
    long k;
    if (strlen(j->name) != n || strncmp(o, j->name, n) != 0) continue;
    if (j->arg == 'f') return v == NULL || *v != '\0' ? j : NULL;
    if (j->arg != 'n') return v == NULL ? j : NULL;
    if (v == NULL || *v == '\0') return NULL;
    k = strtol(v, &end, 10);
    return *end == '\0' && k >= 1 && k <= 65535 ? j : NULL;
  }
  return NULL;
}

static int jit_option_ok(const char *o) { return jit_option(o) != NULL; }

/* Runs one -j option: require("jit").<function>(args) */
static int dojit(vm_State *S, const char *o) {
  const struct JitOption *j = jit_option(o);
  const char *v = strchr(o, '=');
  int narg = 0;
  vm_getglobal(S, "require");
  vm_pushstring(S, "jit");
  if (docall(S, 1, 1) != VM_OK) return report(S, VM_ERRRUN);
  vm_getfield(S, -1, j->fn);
  vm_remove(S, -2);
  if (j->arg == 't' || j->arg == 'f') {
    vm_pushboolean(S, 1);
    narg = 1;
    if (v != NULL) {
      vm_pushstring(S, v + 1);
      narg = 2;
    }
  } else if (j->arg == 'n') {
    vm_pushinteger(S, strtol(v + 1, NULL, 10));
    narg = 1;
  } else if (j->arg == 'x') {
    vm_pushliteral(S, "exit");
    narg = 1;
  }
  return report(S, docall(S, narg, 0));
}

/* The JIT is on from the start where this build compiles traces
** (jit.backend). The module is opened from package.preload without
** require, so package.loaded stays as lua5.4 has it. Without a backend,
** recording would only cost time: the JIT stays off unless asked for. */
static void jit_default(vm_State *S) {
  int top = vm_gettop(S);
  if (vm_getfield(S, VM_REGISTRYINDEX, "_PRELOAD") == VM_TTABLE &&
      vm_getfield(S, -1, "jit") == VM_TFUNCTION &&
      vm_pcall(S, 0, 1, 0) == VM_OK && vm_istable(S, -1)) {
    vm_getfield(S, -1, "backend");
    if (vm_toboolean(S, -1)) {
      vm_getfield(S, -2, "on");
      (void)vm_pcall(S, 0, 0, 0);
    }
  }
  vm_settop(S, top);
}

/* TIDE_JIT: -j options without the "-j", separated by commas (for
** example TIDE_JIT=on,hotloop=1), applied before the script runs; the
** tests run whole suites this way without changing `arg`. */
static int jit_fromenv(vm_State *S) {
  const char *e = getenv("TIDE_JIT");
  char opt[64];
  while (e != NULL && *e != '\0') {
    size_t n = strcspn(e, ",");
    if (n > 0 && n < sizeof opt) {
      memcpy(opt, e, n);
      opt[n] = '\0';
      if (!jit_option_ok(opt)) {
        message(progname, "bad option in TIDE_JIT");
        return 0;
      }
      if (dojit(S, opt) != VM_OK) return 0;
    }
    e += n;
    if (*e == ',') e++;
  }
  return 1;
}

/* Runs -e, -l, -j and -W in their order. Returns 0 if one of them failed. */
static int run_args(vm_State *S, char **argv, int n) {
  int i;
  for (i = 1; i < n; i++) {
    const char *a = argv[i];
    int opt = a[1];
    if (opt == 'e' || opt == 'l') {
      const char *extra = a + 2;
      if (*extra == '\0') extra = argv[++i];
      if (opt == 'e') {
        if (dostring(S, extra, NAME_CMDLINE) != VM_OK) return 0;
      } else {
        if (dolibrary(S, extra) != VM_OK) return 0;
      }
    } else if (opt == 'W') {
      vm_warning(S, "@on", 0);
    } else if (opt == 'j') {
      if (dojit(S, a + 2) != VM_OK) return 0;
    }
  }
  return 1;
}

/* LUA_INIT_5_4 or LUA_INIT: code to run, or "@file". */
static int handle_luainit(vm_State *S) {
  const char *name = "=LUA_INIT_5_4";
  const char *init = getenv(name + 1);
  if (init == NULL) {
    name = "=LUA_INIT";
    init = getenv(name + 1);
  }
  if (init == NULL) return VM_OK;
  if (init[0] == '@') return dofile(S, init + 1);
  return dostring(S, init, name);
}

/* Pushes arg[1..n] (n = #arg) as the script's arguments; returns n. */
static int push_script_args(vm_State *S) {
  vm_Integer n, i;
  if (vm_getglobal(S, "arg") != VM_TTABLE)
    vm_errorf(S, "'arg' is not a table");
  n = vm_lenof(S, -1);
  if (n < 0) n = 0;
  vm_checkstackaux(S, (int)(n > 100000000 ? 100000000 : n) + 3,
                   "too many arguments to script");
  for (i = 1; i <= n; i++) vm_rawgeti(S, -(int)i, i);
  vm_remove(S, -(int)i); /* the 'arg' table */
  return (int)n;
}

static int handle_script(vm_State *S, char **argv, int script) {
  const char *fname = argv[script];
  int status;
  if (strcmp(fname, "-") == 0 && strcmp(argv[script - 1], "--") != 0)
    status = load_source(S, NULL);
  else
    status = load_source(S, fname);
  if (status == VM_OK) {
    int n = push_script_args(S);
    status = docall(S, n, VM_MULTRET);
  }
  return report(S, status);
}

/* ======================================================================
** REPL
** ====================================================================== */

static char *history_file = NULL;

/* The part of libedit's readline interface the REPL uses. */
static struct {
  char *(*readline)(const char *prompt);
  int (*add_history)(const char *line);
  void (*using_history)(void);
  void (*stifle_history)(int max);
  int (*read_history)(const char *file);
  int (*write_history)(const char *file);
  const char **readline_name;
} ed;

/* Loads libedit; 0 when it (or one of its functions) is missing. */
static int load_editline(void) {
  static const char *const names[] = {"readline", "add_history", "using_history",
                                      "stifle_history", "read_history",
                                      "write_history", "rl_readline_name"};
  void *syms[sizeof names / sizeof names[0]];
  void *lib = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
  size_t i;
  if (lib == NULL) return 0;
  for (i = 0; i < sizeof names / sizeof names[0]; i++) {
    if ((syms[i] = dlsym(lib, names[i])) == NULL) {
      dlclose(lib);
      return 0;
    }
  }
  /* (object to function pointer: POSIX dlsym guarantees this works) */
  memcpy(&ed.readline, &syms[0], sizeof syms[0]);
  memcpy(&ed.add_history, &syms[1], sizeof syms[1]);
  memcpy(&ed.using_history, &syms[2], sizeof syms[2]);
  memcpy(&ed.stifle_history, &syms[3], sizeof syms[3]);
  memcpy(&ed.read_history, &syms[4], sizeof syms[4]);
  memcpy(&ed.write_history, &syms[5], sizeof syms[5]);
  ed.readline_name = syms[6];
  return 1;
}

static void init_history(void) {
  const char *f = getenv("TIDE_HISTORY");
  *ed.readline_name = "tide"; /* for "tide:" settings in ~/.editrc */
  ed.using_history();
  ed.stifle_history(1000);
  if (f != NULL) {
    if (f[0] != '\0') history_file = copy_string(f);
  } else {
    const char *home = getenv("HOME");
    if (home != NULL && home[0] != '\0') {
      history_file = malloc(strlen(home) + sizeof "/.tide_history");
      if (history_file != NULL) {
        strcpy(history_file, home);
        strcat(history_file, "/.tide_history");
      }
    }
  }
  if (history_file != NULL) ed.read_history(history_file);
}

static void save_history(void) {
  if (history_file != NULL) {
    ed.write_history(history_file);
    free(history_file);
    history_file = NULL;
  }
}

static void remember_line(const char *line) {
  if (use_editline && line[0] != '\0') ed.add_history(line);
}

/* The prompt: _PROMPT / _PROMPT2 when set (through tostring), else the
** defaults. Leaves it on the stack. */
static const char *get_prompt(vm_State *S, int firstline) {
  if (vm_getglobal(S, firstline ? "_PROMPT" : "_PROMPT2") == VM_TNIL) {
    vm_pop(S, 1);
    return vm_pushstring(S, firstline ? PROMPT1 : PROMPT2);
  } else {
    const char *p = vm_tolstringmeta(S, -1, NULL);
    vm_remove(S, -2);
    return p;
  }
}

/* Reads a line with the prompt; returns a malloc'ed string without the line
** break, or NULL at end of input. */
static char *read_line(const char *prompt, size_t *len) {
  char *line = NULL;
  if (use_editline) {
    line = ed.readline(prompt);
    if (line != NULL)
      *len = strlen(line);
    else { /* Ctrl-D: end the prompt's line */
      fputc('\n', stdout);
      fflush(stdout);
    }
    return line;
  } else {
    size_t cap = 0;
    ssize_t n;
    fputs(prompt, stdout);
    fflush(stdout);
    n = getline(&line, &cap, stdin);
    if (n < 0) {
      free(line);
      return NULL;
    }
    /* echo the line after the prompt, as the reference does */
    fwrite(line, 1, (size_t)n, stdout);
    if (n == 0 || line[n - 1] != '\n') fputc('\n', stdout);
    fflush(stdout);
    if (n > 0 && line[n - 1] == '\n') line[--n] = '\0';
    *len = (size_t)n;
    return line;
  }
}

/* Reads a line and pushes it; a first line "=expr" becomes "return expr".
** Returns 0 at end of input (nothing pushed). */
static int push_line(vm_State *S, int firstline) {
  size_t len = 0;
  const char *prompt = get_prompt(S, firstline);
  char *line = read_line(prompt, &len);
  vm_pop(S, 1); /* the prompt */
  if (line == NULL) return 0;
  if (firstline && len > 0 && line[0] == '=') {
    vm_pushliteral(S, "return ");
    vm_pushlstring(S, line + 1, len - 1);
    vm_concat(S, 2);
  } else {
    vm_pushlstring(S, line, len);
  }
  free(line);
  return 1;
}

/* Is this load error an incomplete statement (message ends in "<eof>")? */
static int incomplete(vm_State *S, int status) {
  if (status == VM_ERRSYNTAX) {
    size_t len;
    const char *msg = vm_tolstring(S, -1, &len);
    if (msg != NULL && len >= 5 && strcmp(msg + len - 5, "<eof>") == 0)
      return 1;
  }
  return 0;
}

/* Reads and compiles one input (maybe several lines). Leaves the function
** or an error message on the stack and returns the load status, or -1 at
** end of input. */
static int load_line(vm_State *S) {
  size_t len;
  const char *line;
  int status;
  vm_settop(S, 0);
  if (!push_line(S, 1)) return -1;
  line = vm_tolstring(S, 1, &len);
  /* first try it as an expression whose values are printed */
  vm_pushliteral(S, "return ");
  vm_pushvalue(S, 1);
  vm_concat(S, 2);
  {
    size_t rlen;
    const char *ret = vm_tolstring(S, 2, &rlen);
    status = vm_loadbufferx(S, ret, rlen, NAME_STDIN, NULL);
  }
  if (status == VM_OK) {
    remember_line(line);
    remember_chunk(NAME_STDIN, line, len, 7);
    vm_remove(S, 1);
    vm_remove(S, 1);
    return VM_OK;
  }
  vm_settop(S, 1);
  /* then as statements, reading more lines while they are incomplete */
  for (;;) {
    const char *buf = vm_tolstring(S, 1, &len);
    status = vm_loadbufferx(S, buf, len, NAME_STDIN, NULL);
    if (!incomplete(S, status)) break;
    if (!push_line(S, 0)) break; /* end of input: report the error */
    vm_remove(S, -2);            /* the error message */
    vm_pushliteral(S, "\n");
    vm_insert(S, -2);
    vm_concat(S, 3);
  }
  {
    const char *buf = vm_tolstring(S, 1, &len);
    remember_line(buf);
    if (status == VM_OK)
      remember_chunk(NAME_STDIN, buf, len, 0);
    else if (status == VM_ERRSYNTAX)
      note_syntax_error(S, NAME_STDIN, buf, len, 0);
  }
  vm_remove(S, 1);
  return status;
}

/* Prints the values on the stack with the global 'print'. */
static void print_results(vm_State *S) {
  int n = vm_gettop(S);
  if (n > 0) {
    vm_checkstackaux(S, VM_MINSTACK, "too many results to print");
    vm_getglobal(S, "print");
    vm_insert(S, 1);
    if (vm_pcall(S, n, 0, 0) != VM_OK) {
      const char *err = vm_tostring(S, -1);
      if (err == NULL)
        err = vm_pushfstring(S, "(error object is a %s value)",
                             vm_typename(S, vm_type(S, -1)));
      message(progname,
              vm_pushfstring(S, "error calling 'print' (%s)", err));
    }
  }
}

static void do_repl(vm_State *S) {
  int status;
  const char *oldname = progname;
  progname = NULL; /* REPL errors carry no program name */
  use_editline = isatty(STDIN_FILENO) && load_editline();
  if (use_editline) init_history();
  while ((status = load_line(S)) != -1) {
    if (status == VM_OK) status = docall(S, 0, VM_MULTRET);
    if (status == VM_OK)
      print_results(S);
    else
      report(S, status);
  }
  vm_settop(S, 0);
  fputc('\n', stdout);
  fflush(stdout);
  if (use_editline) save_history();
  progname = oldname;
}

/* ======================================================================
** Main
** ====================================================================== */

static int pmain(vm_State *S) {
  int argc = (int)vm_tointeger(S, 1);
  char **argv = (char **)vm_touserdata(S, 2);
  int script;
  int flags = collect_args(argc, argv, &script);
  if (flags & HAS_ERROR) {
    print_usage(argv[script]);
    return 0;
  }
  if (flags & HAS_V) print_version();
  if (flags & HAS_BIGE) { /* tell the libraries to ignore the environment */
    vm_pushboolean(S, 1);
    vm_setfield(S, VM_REGISTRYINDEX, "LUA_NOENV");
  }
  vm_openlibs(S, VM_LIB_ALL);
  vm_gc(S, VM_GCGEN, 0, 0); /* as lua5.4's standalone: generational mode */
  create_argtable(S, argc, argv, script);
  prof_start(S, script < argc ? argv[script] : NULL);
  jit_default(S); /* (LUA_INIT may turn it off) */
  if (!(flags & HAS_BIGE) && handle_luainit(S) != VM_OK) return 0;
  if (!jit_fromenv(S)) return 0;
  if (!run_args(S, argv, script)) return 0;
  if (script < argc && handle_script(S, argv, script) != VM_OK) return 0;
  if (flags & HAS_I) {
    do_repl(S);
  } else if (script == argc && !(flags & (HAS_E | HAS_V))) {
    if (isatty(STDIN_FILENO)) {
      print_version();
      do_repl(S);
    } else {
      int status = load_source(S, NULL);
      if (status == VM_OK) status = docall(S, 0, 0);
      if (report(S, status) != VM_OK) return 0;
    }
  }
  vm_pushboolean(S, 1);
  return 1;
}

int main(int argc, char **argv) {
  int status, ok;
  vm_State *S;
  if (argv[0] != NULL && argv[0][0] != '\0') progname = argv0 = argv[0];
  show_tideopts = !env_is_set("TIDE_NO_CARET");
  show_excerpts = show_tideopts && (isatty(STDERR_FILENO) || env_is_set("TIDE_CARET"));
  S = vm_newstate();
  if (S == NULL) {
    message(argv0, "cannot create state: not enough memory");
    return EXIT_FAILURE;
  }
  vm_pushcfunction(S, pmain);
  vm_pushinteger(S, argc);
  vm_pushlightuserdata(S, argv);
  status = vm_pcall(S, 2, 1, 0);
  ok = status == VM_OK && vm_toboolean(S, -1);
  report(S, status);
  vm_close(S);
  if (!prof_finish()) ok = 0;
  forget_all_chunks();
  clear_errpos();
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
