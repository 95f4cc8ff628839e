/*
** libio.c — Lua 5.4's io library: io.open/popen/tmpfile/close/read/write/
** lines/input/output/flush/type, the standard files, and the methods of
** file handles (close, flush, lines, read, seek, setvbuf, write).
**
** Written against the public API (vm.h) only, and opened by vm_openlibs
** under VM_LIB_IO. A file handle is a full userdata with the metatable
** registered as "FILE*" (so vm_checkudata(S, i, "FILE*") finds it from
** host code too). It holds the C stream and the function that closes it:
** fclose for io.open and io.tmpfile, pclose for io.popen (whose close
** reports the command's exit status), and for the standard files one that
** refuses, so neither a script nor the collector can close them. A handle
** whose close function is NULL is closed.
**
** The default input and output files live in the registry under
** "_IO_input" and "_IO_output" (Lua's keys), so io.read/io.write/io.lines
** find the current ones and C code can replace them.
**
** Failures of the C library are returned, not raised, in Lua's shape:
** nil, message, errno (fileresult). Misuse (a closed file, a bad format)
** raises an error with Lua's messages.
**
** Reading works on the C stream directly (getc/fread under flockfile), so
** it mixes freely with other users of the same FILE*. Results are built in
** a vm_Buffer; it grows only between locked sections, since growing may
** raise a memory error.
*/
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "vm.h"

#define FILEHANDLE "FILE*"
#define IOPREFIX "_IO_"
#define IO_INPUT IOPREFIX "input"
#define IO_OUTPUT IOPREFIX "output"

/* Formats a lines iterator may carry (as upvalues), as in Lua. */
#define MAXLINESARGS 250

/* A numeral read by the "n" format is at most this long; a longer one is
** not a number (Lua's limit, so the same input gives the same result). */
#define MAXNUMERAL 200

/* Bytes read per step by "a", counts and lines. */
#define READCHUNK 4096

/* Buffer size setvbuf uses when none is given. */
#define DEFBUFSIZE 1024

typedef struct Stream {
  FILE *f;
  vm_CFunction closef;            /* NULL: closed (or never opened) */
} Stream;

#define isclosed(p) ((p)->closef == NULL)

/* ======================================================================
** Results in Lua's shape
** ====================================================================== */

/* ======================================================================
** Handles
** ====================================================================== */

static Stream *tostream(vm_State *S) {
  return vm_checkudata(S, 1, FILEHANDLE);
}

/* The open stream of the handle at index 1. */
static FILE *checkfile(vm_State *S) {
  Stream *p = tostream(S);
  if (isclosed(p)) vm_errorf(S, "attempt to use a closed file");
  return p->f;
}

/* Pushes a new handle, closed until the caller stores a stream and its
** close function: if opening fails (or raises), the collector finds
** nothing to close. */
static Stream *newstream(vm_State *S) {
  Stream *p = vm_newuserdatauv(S, sizeof(Stream), 0);
  p->f = NULL;
  p->closef = NULL;
  vm_setmetatablebyname(S, FILEHANDLE);
  return p;
}

static int close_fclose(vm_State *S) {
  Stream *p = tostream(S);
  return vm_fileresult(S, fclose(p->f) == 0, NULL);
}

static int close_pclose(vm_State *S) {
  Stream *p = tostream(S);
  errno = 0;
  return vm_execresult(S, pclose(p->f));
}

/* The standard files stay open: the handle is marked open again. */
static int close_refuse(vm_State *S) {
  Stream *p = tostream(S);
  p->closef = close_refuse;
  vm_pushnil(S);
  vm_pushliteral(S, "cannot close standard file");
  return 2;
}

/* Closes the handle at index 1 (open, checked by the caller) and returns
** what its close function reports. It is marked closed first, so a failing
** close is not retried by __gc. */
static int closestream(vm_State *S) {
  Stream *p = tostream(S);
  vm_CFunction cf = p->closef;
  p->closef = NULL;
  return cf(S);
}

/* Opens name for io.input/io.output/io.lines, raising on failure. */
static void openorfail(vm_State *S, const char *name, const char *mode) {
  Stream *p = newstream(S);
  p->f = fopen(name, mode);
  if (p->f == NULL)
    vm_errorf(S, "cannot open file '%s' (%s)", name, strerror(errno));
  p->closef = close_fclose;
}

/* The default file under regkey, pushed; raises if it has been closed,
** or replaced by something else (debug.getregistry() is writable). */
static FILE *getiofile(vm_State *S, const char *regkey) {
  Stream *p;
  vm_getfield(S, VM_REGISTRYINDEX, regkey);
  p = vm_testudata(S, -1, FILEHANDLE);
  if (p == NULL)
    vm_errorf(S, "default %s file is not a file", regkey + strlen(IOPREFIX));
  if (isclosed(p))
    vm_errorf(S, "default %s file is closed", regkey + strlen(IOPREFIX));
  return p->f;
}

/* ======================================================================
** Reading
** ====================================================================== */

/* State of the "n" format: the numeral read so far and the character
** after it (read but not yet taken). */
typedef struct Numeral {
  FILE *f;
  int c;                          /* lookahead */
  int n;                          /* bytes in buf */
  char buf[MAXNUMERAL + 1];
} Numeral;

/* Takes the lookahead into the numeral and reads the next character.
** Past MAXNUMERAL bytes it refuses and spoils the numeral, so the read
** fails, having consumed what it read. */
static int num_take(Numeral *r) {
  if (r->n >= MAXNUMERAL) {
    r->buf[0] = '\0';
    return 0;
  }
  r->buf[r->n++] = (char)r->c;
  r->c = getc_unlocked(r->f);
  return 1;
}

/* Takes the lookahead if it is one of the two characters in `set`. */
static int num_accept(Numeral *r, const char set[2]) {
  return (r->c == set[0] || r->c == set[1]) && num_take(r);
}

/* Takes a run of (hex) digits; returns how many. */
static int num_digits(Numeral *r, int hex) {
  int count = 0;
  while ((hex ? isxdigit(r->c) : isdigit(r->c)) && num_take(r)) count++;
  return count;
}

/* The "n" format: reads the longest prefix that looks like a numeral
** (optional sign, "0x", digits, a decimal point, digits, an exponent with
** optional sign and digits), then converts it as the lexer would. The
** characters read stay consumed even when the result is not a number,
** as in Lua; only the one after the numeral is pushed back. */
static int read_number(vm_State *S, FILE *f) {
  Numeral r;
  int count = 0, hex = 0;
  /* the locale's decimal point, and '.', which the conversion accepts too */
  const char point[2] = {localeconv()->decimal_point[0], '.'};
  r.f = f;
  r.n = 0;
  flockfile(f);
  do r.c = getc_unlocked(f); while (isspace(r.c));
  num_accept(&r, "-+");
  if (num_accept(&r, "00")) {
    if (num_accept(&r, "xX"))
      hex = 1;
    else
      count = 1;                  /* the 0 was a digit */
  }
  count += num_digits(&r, hex);
  if (num_accept(&r, point)) count += num_digits(&r, hex);
  if (count > 0 && num_accept(&r, hex ? "pP" : "eE")) {
    num_accept(&r, "-+");
    num_digits(&r, 0);            /* exponents are decimal */
  }
  ungetc(r.c, f);
  funlockfile(f);
  r.buf[r.n] = '\0';
  if (vm_stringtonumber(S, r.buf) != 0) return 1;
  vm_pushnil(S);
  return 0;
}

/* Lines: up to '\n' or the end of the file; the newline is kept for "L".
** Fails only at the end of the file with nothing read. */
static int read_line(vm_State *S, FILE *f, int keepnl) {
  vm_Buffer B;
  int c = EOF, ok;
  vm_buffinit(S, &B);
  do {
    /* room first: growing may raise, which must not happen under the lock.
    ** Fill the room the buffer has (a short line then allocates nothing
    ** but its string); when it is full, double it. */
    size_t room = B.size - B.n > 0 ? B.size - B.n : B.size;
    char *p = vm_prepbuffsize(&B, room);
    size_t i = 0;
    flockfile(f);
    while (i < room && (c = getc_unlocked(f)) != EOF && c != '\n')
      p[i++] = (char)c;
    funlockfile(f);
    vm_addsize(&B, i);
  } while (c != EOF && c != '\n');
  if (keepnl && c == '\n') vm_addchar(&B, '\n');
  ok = c == '\n' || B.n > 0;
  vm_pushresult(&B);
  return ok;
}

static int read_line_chop(vm_State *S, FILE *f) { return read_line(S, f, 0); }
static int read_line_keep(vm_State *S, FILE *f) { return read_line(S, f, 1); }

/* "a": the rest of the file; "" at its end, never a failure. */
static int read_all(vm_State *S, FILE *f) {
  vm_Buffer B;
  size_t got;
  vm_buffinit(S, &B);
  do {
    got = fread(vm_prepbuffsize(&B, READCHUNK), 1, READCHUNK, f);
    vm_addsize(&B, got);
  } while (got == READCHUNK);
  vm_pushresult(&B);
  return 1;
}

/* A count: up to n bytes, failing when there are none. Read in steps, so
** a large count on a short file costs only what the file holds. */
static int read_chars(vm_State *S, FILE *f, size_t n) {
  vm_Buffer B;
  size_t total = 0;
  vm_buffinit(S, &B);
  while (n > 0) {
    size_t want = n < READCHUNK ? n : READCHUNK;
    size_t got = fread(vm_prepbuffsize(&B, want), 1, want, f);
    vm_addsize(&B, got);
    total += got;
    n -= got;
    if (got < want) break;        /* end of file or error */
  }
  vm_pushresult(&B);
  return total > 0;
}

/* Count 0: "" if the file has more to read, else a failure. */
static int read_probe(vm_State *S, FILE *f) {
  int c = getc(f);
  ungetc(c, f);
  vm_pushliteral(S, "");
  return c != EOF;
}

/* The string formats, by the letter after an optional '*'. */
static const struct {
  char letter;
  int (*read)(vm_State *S, FILE *f);
} formats[] = {
  {'n', read_number},
  {'l', read_line_chop},
  {'L', read_line_keep},
  {'a', read_all},
};

/* Reads with the nargs formats at first, first+1, ... (none: a line).
** Each pushes one result; the first that fails pushes nil and ends the
** read. A stream error turns the whole call into nil, message, errno. */
static int g_read(vm_State *S, FILE *f, int first, int nargs) {
  int ok = 1, n;
  clearerr(f);
  if (nargs == 0) {
    ok = read_line(S, f, 0);
    n = first + 1;
  } else {
    vm_checkstackaux(S, nargs + VM_MINSTACK, "too many arguments");
    for (n = first; nargs-- > 0 && ok; n++) {
      if (vm_type(S, n) == VM_TNUMBER) {
        vm_Integer count = vm_checkinteger(S, n);
        if (count < 0) {
          /* Lua takes it as a size_t, too large to allocate */
          vm_pushliteral(S, "not enough memory");
          return vm_error(S);
        }
        ok = count == 0 ? read_probe(S, f) : read_chars(S, f, (size_t)count);
      } else {
        const char *fmt = vm_checkstring(S, n);
        size_t i = 0, nf = sizeof(formats) / sizeof(formats[0]);
        if (*fmt == '*') fmt++;   /* Lua 5.3's "*l" style */
        while (i < nf && formats[i].letter != *fmt) i++;
        if (i == nf) return vm_argerror(S, n, "invalid format");
        ok = formats[i].read(S, f);
      }
    }
  }
  if (ferror(f)) return vm_fileresult(S, 0, NULL);
  if (!ok) {                      /* the failing one becomes nil */
    vm_pop(S, 1);
    vm_pushnil(S);
  }
  return n - first;
}

static int io_read(vm_State *S) {
  FILE *f = getiofile(S, IO_INPUT);
  vm_pop(S, 1);                   /* the registry keeps the handle */
  return g_read(S, f, 1, vm_gettop(S));
}

static int f_read(vm_State *S) {
  FILE *f = checkfile(S);
  return g_read(S, f, 2, vm_gettop(S) - 1);
}

/* The iterator of lines(): upvalues are the handle, the number of
** formats, whether to close the file at its end, and the formats. */
static int lines_step(vm_State *S) {
  Stream *p = vm_touserdata(S, vm_upvalueindex(1));
  int n = (int)vm_tointeger(S, vm_upvalueindex(2));
  if (isclosed(p)) return vm_errorf(S, "file is already closed");
  vm_settop(S, 1);
  vm_checkstackaux(S, n, "too many arguments");
  for (int i = 1; i <= n; i++) vm_pushvalue(S, vm_upvalueindex(3 + i));
  n = g_read(S, p->f, 2, n);      /* formats are arguments #2.. in messages */
  if (vm_toboolean(S, -n)) return n;
  /* nothing read: the end of the file, or an error with its message */
  if (n > 1) return vm_errorf(S, "%s", vm_tostring(S, -n + 1));
  if (vm_toboolean(S, vm_upvalueindex(3))) {
    vm_settop(S, 0);
    vm_pushvalue(S, vm_upvalueindex(1));
    closestream(S);
  }
  return 0;
}

/* Replaces the arguments after the handle at 1 by the lines iterator. */
static void pushlines(vm_State *S, int toclose) {
  int n = vm_gettop(S) - 1;
  vm_argcheck(S, n <= MAXLINESARGS, MAXLINESARGS + 2, "too many arguments");
  vm_pushvalue(S, 1);
  vm_pushinteger(S, n);
  vm_pushboolean(S, toclose);
  vm_rotate(S, 2, 3);             /* handle, n, toclose before the formats */
  vm_pushcclosure(S, lines_step, 3 + n);
}

static int f_lines(vm_State *S) {
  checkfile(S);
  pushlines(S, 0);
  return 1;
}

/* io.lines([name, ...]): with a name, the file is opened here and closed
** when the loop ends (also by a break or an error: it is returned as the
** loop's to-be-closed value); without one, reads the default input. */
static int io_lines(vm_State *S) {
  int toclose;
  if (vm_isnone(S, 1)) vm_pushnil(S);
  if (vm_isnil(S, 1)) {
    vm_getfield(S, VM_REGISTRYINDEX, IO_INPUT);
    vm_replace(S, 1);
    checkfile(S);
    toclose = 0;
  } else {
    openorfail(S, vm_checkstring(S, 1), "r");
    vm_replace(S, 1);
    toclose = 1;
  }
  pushlines(S, toclose);
  if (!toclose) return 1;
  vm_pushnil(S);
  vm_pushnil(S);
  vm_pushvalue(S, 1);
  return 4;
}

/* ======================================================================
** Writing
** ====================================================================== */

/* Writes the arguments from index `arg` up to the handle pushed on top,
** which is the result. Numbers are written as Lua's %d / %.14g (so 1.0 is
** "1", unlike tostring). */
static int g_write(vm_State *S, FILE *f, int arg) {
  int last = vm_gettop(S) - 1;
  int ok = 1;
  for (; arg <= last; arg++) {
    if (vm_type(S, arg) == VM_TNUMBER) {
      int len = vm_isinteger(S, arg)
                    ? fprintf(f, "%" PRId64, (int64_t)vm_tointeger(S, arg))
                    : fprintf(f, "%.14g", (double)vm_tonumber(S, arg));
      ok = ok && len > 0;
    } else {
      size_t l;
      const char *s = vm_checklstring(S, arg, &l);
      ok = ok && fwrite(s, 1, l, f) == l;
    }
  }
  return ok ? 1 : vm_fileresult(S, 0, NULL);
}

static int io_write(vm_State *S) {
  return g_write(S, getiofile(S, IO_OUTPUT), 1);
}

static int f_write(vm_State *S) {
  FILE *f = checkfile(S);
  vm_pushvalue(S, 1);
  return g_write(S, f, 2);
}

/* ======================================================================
** Other methods
** ====================================================================== */

static int f_close(vm_State *S) {
  checkfile(S);
  return closestream(S);
}

static int f_seek(vm_State *S) {
  static const int modes[] = {SEEK_SET, SEEK_CUR, SEEK_END};
  static const char *const names[] = {"set", "cur", "end", NULL};
  FILE *f = checkfile(S);
  int whence = vm_checkoption(S, 2, "cur", names);
  vm_Integer off = vm_optinteger(S, 3, 0);
  vm_argcheck(S, (vm_Integer)(off_t)off == off, 3, "not an integer in proper range");
  if (fseeko(f, (off_t)off, modes[whence]) != 0) return vm_fileresult(S, 0, NULL);
  vm_pushinteger(S, (vm_Integer)ftello(f));
  return 1;
}

static int f_setvbuf(vm_State *S) {
  static const int modes[] = {_IONBF, _IOFBF, _IOLBF};
  static const char *const names[] = {"no", "full", "line", NULL};
  FILE *f = checkfile(S);
  int mode = vm_checkoption(S, 2, NULL, names);
  vm_Integer size = vm_optinteger(S, 3, DEFBUFSIZE);
  return vm_fileresult(S, setvbuf(f, NULL, modes[mode], (size_t)size) == 0, NULL);
}

static int f_flush(vm_State *S) {
  return vm_fileresult(S, fflush(checkfile(S)) == 0, NULL);
}

/* __gc and __close: closes a file still open (the standard files refuse).
** Tide's collector does not run finalizers yet; __close already works. */
static int f_gc(vm_State *S) {
  Stream *p = tostream(S);
  if (!isclosed(p) && p->f != NULL) closestream(S);
  return 0;
}

static int f_tostring(vm_State *S) {
  Stream *p = tostream(S);
  if (isclosed(p))
    vm_pushliteral(S, "file (closed)");
  else
    vm_pushfstring(S, "file (%p)", (void *)p->f);
  return 1;
}

/* ======================================================================
** io functions
** ====================================================================== */

/* A mode for fopen: r, w or a, an optional '+', then only 'b's. Checked
** because fopen's behaviour on other strings is undefined. */
static int validmode(const char *m) {
  if (*m == '\0' || strchr("rwa", *m++) == NULL) return 0;
  if (*m == '+') m++;
  return strspn(m, "b") == strlen(m);
}

static int io_open(vm_State *S) {
  const char *name = vm_checkstring(S, 1);
  const char *mode = vm_optstring(S, 2, "r");
  Stream *p;
  vm_argcheck(S, validmode(mode), 2, "invalid mode");
  p = newstream(S);
  p->f = fopen(name, mode);
  if (p->f == NULL) return vm_fileresult(S, 0, name);
  p->closef = close_fclose;
  return 1;
}

static int io_popen(vm_State *S) {
  const char *cmd = vm_checkstring(S, 1);
  const char *mode = vm_optstring(S, 2, "r");
  Stream *p;
  vm_argcheck(S, (mode[0] == 'r' || mode[0] == 'w') && mode[1] == '\0', 2,
              "invalid mode");
  p = newstream(S);
  fflush(NULL);                   /* the child must not repeat our output */
  p->f = popen(cmd, mode);
  if (p->f == NULL) return vm_fileresult(S, 0, cmd);
  p->closef = close_pclose;
  return 1;
}

static int io_tmpfile(vm_State *S) {
  Stream *p = newstream(S);
  p->f = tmpfile();
  if (p->f == NULL) return vm_fileresult(S, 0, NULL);
  p->closef = close_fclose;
  return 1;
}

/* io.close([file]): the default output without an argument. */
static int io_close(vm_State *S) {
  if (vm_isnone(S, 1)) vm_getfield(S, VM_REGISTRYINDEX, IO_OUTPUT);
  return f_close(S);
}

static int io_flush(vm_State *S) {
  return vm_fileresult(S, fflush(getiofile(S, IO_OUTPUT)) == 0, NULL);
}

/* io.input/io.output: with a file name (a number counts as one, being
** convertible) opens it; with a handle, makes it the default; returns the
** current default either way. */
static int setiofile(vm_State *S, const char *regkey, const char *mode) {
  if (!vm_isnoneornil(S, 1)) {
    const char *name = vm_tostring(S, 1);
    if (name != NULL)
      openorfail(S, name, mode);
    else {
      checkfile(S);
      vm_pushvalue(S, 1);
    }
    vm_setfield(S, VM_REGISTRYINDEX, regkey);
  }
  vm_getfield(S, VM_REGISTRYINDEX, regkey);
  return 1;
}

static int io_input(vm_State *S) { return setiofile(S, IO_INPUT, "r"); }
static int io_output(vm_State *S) { return setiofile(S, IO_OUTPUT, "w"); }

static int io_type(vm_State *S) {
  Stream *p;
  vm_checkany(S, 1);
  p = vm_testudata(S, 1, FILEHANDLE);
  if (p == NULL)
    vm_pushnil(S);
  else
    vm_pushstring(S, isclosed(p) ? "closed file" : "file");
  return 1;
}

/* ======================================================================
** Registration
** ====================================================================== */

/* Not static: traces call some of these (jit.h JIT_CCALLS) */
const vm_Reg iolib_funcs[] = {
  {"close", io_close},
  {"flush", io_flush},
  {"input", io_input},
  {"lines", io_lines},
  {"open", io_open},
  {"output", io_output},
  {"popen", io_popen},
  {"read", io_read},
  {"tmpfile", io_tmpfile},
  {"type", io_type},
  {"write", io_write},
  {NULL, NULL}
};

static const vm_Reg file_methods[] = {
  {"close", f_close},
  {"flush", f_flush},
  {"lines", f_lines},
  {"read", f_read},
  {"seek", f_seek},
  {"setvbuf", f_setvbuf},
  {"write", f_write},
  {NULL, NULL}
};

static const vm_Reg file_meta[] = {
  {"__index", NULL},              /* the methods table, set below */
  {"__gc", f_gc},
  {"__close", f_gc},
  {"__tostring", f_tostring},
  {NULL, NULL}
};

/* The standard files, with their registry keys when they are defaults. */
static const struct {
  const char *name;
  const char *regkey;
} stdfiles[] = {
  {"stdin", IO_INPUT},
  {"stdout", IO_OUTPUT},
  {"stderr", NULL},
};

int vm_open_io(vm_State *S) {
  FILE *const streams[] = {stdin, stdout, stderr};
  vm_newlib(S, iolib_funcs);
  vm_newmetatable(S, FILEHANDLE);
  vm_setfuncs(S, file_meta, 0);
  vm_newlib(S, file_methods);
  vm_setfield(S, -2, "__index");
  vm_pop(S, 1);                   /* the metatable */
  for (size_t i = 0; i < sizeof(stdfiles) / sizeof(stdfiles[0]); i++) {
    Stream *p = newstream(S);
    p->f = streams[i];
    p->closef = close_refuse;
    if (stdfiles[i].regkey != NULL) {
      vm_pushvalue(S, -1);
      vm_setfield(S, VM_REGISTRYINDEX, stdfiles[i].regkey);
    }
    vm_setfield(S, -2, stdfiles[i].name);
  }
  return 1;
}
