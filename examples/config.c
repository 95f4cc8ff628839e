/*
** config.c — a host reading its configuration from a Lua file.
**
**   config FILE...     loads each configuration, prints it or its errors;
**                      exits with 1 if any of them is invalid
**
** The configuration (see examples/config.lua) is plain Lua assigning
** globals. The host:
**  1. creates a state with the safe profile (vm_Options.libs =
**     VM_LIBS_SAFE): a configuration can compute values with string, math
**     and table, but has no io, no os.execute, no loadfile;
**  2. loads the file as text only (mode "t": no precompiled chunks) and
**     gives it its own global environment, so its settings do not mix
**     with the standard library and each assignment's line is recorded
**     (a __newindex metamethod; the environment is the chunk's first
**     upvalue, _ENV);
**  3. reads the settings into a C struct with defaults for what is left
**     out, checking types and values and reporting mistakes with the line
**     of the assignment, "FILE:LINE: listen.port: integer expected, got
**     string" (for a setting written over several lines, Lua reports the
**     line where the statement ends); misspelled settings are reported too.
**
** Values are read with raw accesses (vm_rawget), so no code from the
** configuration (a metamethod) runs while the host reads it.
**
**   cc -std=c99 config.c -ltide -lmimalloc -lm -ldl
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vm.h"

/* ---------------------------------------------------------------- the result */
#define MAXROUTES 8

typedef struct Route {
  char path[64];
  char handler[32];
  int cache;
} Route;

typedef struct Config {
  char name[64];
  char host[64];
  vm_Integer port;
  vm_Integer workers;
  vm_Number timeout;
  int log_level;       /* index into levels[] */
  char log_file[128];
  int nroutes;
  Route routes[MAXROUTES];
} Config;

static const char *const levels[] = {"debug", "info", "warn", "error", NULL};
/* the top-level settings; anything else is reported as unknown */
static const char *const known[] = {"name", "listen", "workers", "timeout",
                                    "log", "routes", NULL};

static void set_defaults(Config *c) {
  memset(c, 0, sizeof *c);
  strcpy(c->name, "app");
  strcpy(c->host, "0.0.0.0");
  c->port = 80;
  c->workers = 1;
  c->timeout = 30.0;
  c->log_level = 2;    /* "warn" */
  strcpy(c->log_file, "stderr");
}

/* ---------------------------------------------------------------- reading */
/* Where a value is read from, for error messages. */
typedef struct Reader {
  vm_State *S;
  const char *file;
  int lines;           /* stack index of the table setting -> line */
  int line;            /* line of the current top-level setting */
  char path[64];       /* "listen.", "routes[2].", or "" at the top */
  int errors;
  Config *config;      /* the result */
} Reader;

static void report(Reader *R, const char *key, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%d: %s%s: ", R->file, R->line, R->path, key);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  R->errors++;
}

/* The type of value v as a message shows it: "number (2.5)", "string". */
static void report_type(Reader *R, const char *key, const char *expected, int v) {
  vm_State *S = R->S;
  if (vm_type(S, v) == VM_TNUMBER) {
    vm_pushvalue(S, v);               /* (vm_tostring converts in place) */
    report(R, key, "%s expected, got number (%s)", expected, vm_tostring(S, -1));
    vm_pop(S, 1);
  } else {
    report(R, key, "%s expected, got %s", expected, vm_typename(S, vm_type(S, v)));
  }
}

/* Pushes t[key], raw. Returns 1 if it is present, 0 (having popped it) if
** it is nil: the caller keeps the default. */
static int get(Reader *R, int t, const char *key) {
  t = vm_absindex(R->S, t);            /* -1 would name the key pushed next */
  vm_pushstring(R->S, key);
  if (vm_rawget(R->S, t) == VM_TNIL) {
    vm_pop(R->S, 1);
    return 0;
  }
  return 1;
}

static void get_string(Reader *R, int t, const char *key, char *out, size_t size) {
  vm_State *S = R->S;
  const char *s;
  size_t len;
  if (!get(R, t, key)) return;
  if (vm_type(S, -1) != VM_TSTRING) {  /* (vm_isstring accepts numbers too) */
    report_type(R, key, "string", -1);
  } else {
    s = vm_tolstring(S, -1, &len);     /* Lua strings may hold zero bytes */
    if (len >= size || strlen(s) != len)
      report(R, key, "string too long or with a zero byte");
    else
      memcpy(out, s, len + 1);
  }
  vm_pop(S, 1);
}

static void get_integer(Reader *R, int t, const char *key, vm_Integer *out,
                        vm_Integer lo, vm_Integer hi) {
  vm_State *S = R->S;
  int isint = 0;
  vm_Integer n = 0;
  if (!get(R, t, key)) return;
  /* a float with an integral value (8080.0) is accepted; a string is not */
  if (vm_type(S, -1) == VM_TNUMBER) n = vm_tointegerx(S, -1, &isint);
  if (!isint)
    report_type(R, key, "integer", -1);
  else if (n < lo || n > hi)
    report(R, key, "%lld is out of range %lld..%lld", (long long)n,
           (long long)lo, (long long)hi);
  else
    *out = n;
  vm_pop(S, 1);
}

static void get_number(Reader *R, int t, const char *key, vm_Number *out) {
  if (!get(R, t, key)) return;
  if (vm_type(R->S, -1) == VM_TNUMBER)
    *out = vm_tonumber(R->S, -1);
  else
    report_type(R, key, "number", -1);
  vm_pop(R->S, 1);
}

static void get_boolean(Reader *R, int t, const char *key, int *out) {
  if (!get(R, t, key)) return;
  if (vm_type(R->S, -1) == VM_TBOOLEAN)
    *out = vm_toboolean(R->S, -1);
  else
    report_type(R, key, "boolean", -1);
  vm_pop(R->S, 1);
}

/* A string that must be one of opts[]; *out gets its index. */
static void get_option(Reader *R, int t, const char *key, const char *const opts[],
                       int *out) {
  vm_State *S = R->S;
  int i;
  if (!get(R, t, key)) return;
  if (vm_type(S, -1) != VM_TSTRING) {
    report_type(R, key, "string", -1);
  } else {
    char list[128] = "";
    for (i = 0; opts[i] != NULL && strcmp(vm_tostring(S, -1), opts[i]) != 0; i++) {
    }
    if (opts[i] != NULL) {
      *out = i;
    } else {
      for (i = 0; opts[i] != NULL; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 i > 0 ? ", " : "", opts[i]);
      report(R, key, "\"%s\" is not one of %s", vm_tostring(S, -1), list);
    }
  }
  vm_pop(S, 1);
}

/* Pushes the table t[key] and returns 1; returns 0 (pushing nothing) if
** it is absent or, after reporting it, not a table. */
static int get_table(Reader *R, int t, const char *key) {
  if (!get(R, t, key)) return 0;
  if (vm_type(R->S, -1) == VM_TTABLE) return 1;
  report_type(R, key, "table", -1);
  vm_pop(R->S, 1);
  return 0;
}

/* Sets R->line to the line where the top-level setting `key` was assigned. */
static void at(Reader *R, const char *key) {
  vm_getfield(R->S, R->lines, key);  /* lines has no metatable: no code runs */
  R->line = (int)vm_tointeger(R->S, -1);
  vm_pop(R->S, 1);
  R->path[0] = '\0';
}

/* Reads the settings table at index `values` into R->config. */
static void read_config(Reader *R, int values) {
  vm_State *S = R->S;
  Config *c = R->config;
  vm_Integer n;
  int i;

  at(R, "name");
  get_string(R, values, "name", c->name, sizeof c->name);
  at(R, "listen");
  if (get_table(R, values, "listen")) {
    strcpy(R->path, "listen.");
    get_string(R, -1, "host", c->host, sizeof c->host);
    get_integer(R, -1, "port", &c->port, 1, 65535);
    vm_pop(S, 1);
  }
  at(R, "workers");
  get_integer(R, values, "workers", &c->workers, 1, 64);
  at(R, "timeout");
  get_number(R, values, "timeout", &c->timeout);
  at(R, "log");
  if (get_table(R, values, "log")) {
    strcpy(R->path, "log.");
    get_option(R, -1, "level", levels, &c->log_level);
    get_string(R, -1, "file", c->log_file, sizeof c->log_file);
    vm_pop(S, 1);
  }
  at(R, "routes");
  if (get_table(R, values, "routes")) {
    int routes = vm_gettop(S);
    n = (vm_Integer)vm_rawlen(S, routes);
    if (n > MAXROUTES) {
      report(R, "routes", "more than %d routes", MAXROUTES);
      n = MAXROUTES;
    }
    for (i = 1; i <= n; i++) {
      Route *r = &c->routes[c->nroutes];
      snprintf(R->path, sizeof R->path, "routes[%d]", i);
      vm_rawgeti(S, routes, i);
      if (vm_type(S, -1) != VM_TTABLE) {
        report_type(R, "", "table", -1);
      } else {
        strcat(R->path, ".");
        get_string(R, -1, "path", r->path, sizeof r->path);
        get_string(R, -1, "handler", r->handler, sizeof r->handler);
        get_boolean(R, -1, "cache", &r->cache);
        if (r->path[0] == '\0') report(R, "path", "missing");
        c->nroutes++;
      }
      vm_pop(S, 1);
    }
    vm_pop(S, 1);
  }
}

/* Reports the settings the host does not know (misspellings), in the
** order they were assigned: `order` is the array of assigned names. */
static void check_unknown(Reader *R, int order) {
  vm_State *S = R->S;
  vm_Integer i, n = (vm_Integer)vm_rawlen(S, order);
  for (i = 1; i <= n; i++) {
    const char *key;
    int k;
    vm_rawgeti(S, order, i);
    key = vm_tostring(S, -1);
    for (k = 0; known[k] != NULL && strcmp(known[k], key) != 0; k++) {
    }
    if (known[k] == NULL) {
      at(R, key);
      report(R, key, "unknown setting");
    }
    vm_pop(S, 1);
  }
}

/* ---------------------------------------------------------------- running */
/* __newindex of the configuration's environment: stores the value in the
** settings table (upvalue 1) and records the line of the assignment in
** lines (upvalue 2), and the name in assignment order in order (upvalue 3).
** The environment itself stays empty, so every assignment comes here. */
static int env_newindex(vm_State *S) {
  vm_Debug ar;
  int line = 0;
  if (vm_getstack(S, 1, &ar) && vm_getinfo(S, "l", &ar)) line = ar.currentline;
  if (vm_type(S, 2) == VM_TSTRING) {
    vm_pushvalue(S, 2);
    if (vm_rawget(S, vm_upvalueindex(2)) == VM_TNIL) {  /* first assignment */
      vm_pushvalue(S, 2);
      vm_rawseti(S, vm_upvalueindex(3), (vm_Integer)vm_rawlen(S, vm_upvalueindex(3)) + 1);
    }
    vm_pop(S, 1);
    vm_pushvalue(S, 2);
    vm_pushinteger(S, line);
    vm_rawset(S, vm_upvalueindex(2));
  }
  vm_settop(S, 3);
  vm_rawset(S, vm_upvalueindex(1));     /* settings[key] = value */
  return 0;
}

/* Loads, runs and reads one configuration. Everything that may raise an
** error runs in here, called through vm_pcall: the file's syntax and
** runtime errors, and the host's own (out of memory) as well. Arguments:
** the file name and the Reader (a light userdata), whose Config it fills
** and whose `errors` counts the mistakes found. */
static int run_config(vm_State *S) {
  const char *file = vm_tostring(S, 1);
  Reader *R = vm_touserdata(S, 2);
  vm_settop(S, 2);
  vm_newtable(S);                        /* 3: settings */
  vm_newtable(S);                        /* 4: lines */
  vm_newtable(S);                        /* 5: order */
  /* reading a global the file did not set finds the standard library:
  ** setmetatable(settings, {__index = _G}) */
  vm_createtable(S, 0, 1);
  vm_pushglobaltable(S);
  vm_setfield(S, -2, "__index");
  vm_setmetatable(S, 3);
  if (vm_loadfilex(S, file, "t") != VM_OK)  /* 6: the chunk */
    return vm_error(S);                  /* (the message says where) */
  /* its environment: setmetatable({}, {__index = settings,
  **                                   __newindex = env_newindex}) */
  vm_newtable(S);
  vm_createtable(S, 0, 2);
  vm_pushvalue(S, 3);
  vm_setfield(S, -2, "__index");
  vm_pushvalue(S, 3);
  vm_pushvalue(S, 4);
  vm_pushvalue(S, 5);
  vm_pushcclosure(S, env_newindex, 3);
  vm_setfield(S, -2, "__newindex");
  vm_setmetatable(S, -2);
  if (vm_setupvalue(S, 6, 1) == NULL)    /* the chunk's _ENV := env */
    return vm_errorf(S, "%s: the chunk has no _ENV", file);
  vm_call(S, 0, 0);                      /* run it: the settings fill in */

  R->S = S;
  R->lines = 4;
  read_config(R, 3);
  check_unknown(R, 5);
  return 0;
}

static void print_config(const Config *c) {
  int i;
  printf("name     %s\n", c->name);
  printf("listen   %s:%lld\n", c->host, (long long)c->port);
  printf("workers  %lld\n", (long long)c->workers);
  printf("timeout  %g s\n", c->timeout);
  printf("log      %s to %s\n", levels[c->log_level], c->log_file);
  for (i = 0; i < c->nroutes; i++)
    printf("route    %-8s -> %s%s\n", c->routes[i].path, c->routes[i].handler,
           c->routes[i].cache ? " (cached)" : "");
}

/* Loads one configuration file into c; returns 1 if it is valid. */
static int load_config(const char *file, Config *c) {
  vm_Options opt;
  vm_State *S;
  Reader R;

  memset(&opt, 0, sizeof opt);
  opt.libs = VM_LIBS_SAFE;      /* the standard libraries, minus anything unsafe */
  opt.memory_limit = 16u << 20; /* and a configuration has no business using more */
  S = vm_newstate_opt(&opt);
  if (S == NULL) {
    fprintf(stderr, "%s: cannot create a Lua state\n", file);
    return 0;
  }
  memset(&R, 0, sizeof R);
  R.file = file;
  R.config = c;
  set_defaults(c);
  vm_pushcfunction(S, run_config);
  vm_pushstring(S, file);
  vm_pushlightuserdata(S, &R);
  if (vm_pcall(S, 2, 0, 0) != VM_OK) {
    /* a syntax or runtime error: "FILE:LINE: message" */
    fprintf(stderr, "%s\n", vm_tostring(S, -1));
    R.errors++;
  }
  vm_close(S);
  return R.errors == 0;
}

int main(int argc, char **argv) {
  int i, status = 0;
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE...\n", argv[0]);
    return 2;
  }
  for (i = 1; i < argc; i++) {
    Config c;
    printf("== %s\n", argv[i]);
    fflush(stdout);             /* errors go to stderr: keep the order */
    if (load_config(argv[i], &c)) {
      print_config(&c);
    } else {
      fprintf(stderr, "%s: invalid configuration\n", argv[i]);
      status = 1;
    }
  }
  return status;
}
