/*
** sandbox.c — running untrusted Lua code under limits.
**
** One state runs a series of untrusted scripts; each misbehaves in its own
** way and is stopped, and the state stays usable for the next one:
**
**  - the safe profile (vm_Options.libs = VM_LIBS_SAFE): no io, no debug,
**    no os.execute/remove/getenv..., no loadfile/dofile, load takes text
**    only, require finds only modules the host put in package.preload;
**  - a memory limit (vm_Options.memory_limit): an allocation past it
**    raises "not enough memory" (status VM_ERRMEM);
**  - an instruction budget: vm_setinterrupt calls budget() every PERIOD
**    checks (loop iterations and calls); returning non-zero stops the
**    script with "interrupted!";
**  - a wall-clock limit: a SIGALRM handler calls vm_interrupt, which is
**    safe in a signal handler or from another thread.
** An interrupt cannot be caught by the script: pcall returns false, but
** every following check raises again until control is back in the host.
**
** Limits that this does not cover: a single long call into a C function
** (string.rep of a huge string, a pathological pattern) is not
** interrupted until it returns, and scripts sharing a state see each
** other's globals (give each its own environment, as examples/config.c
** does, or its own state).
**
**   cc -std=c99 sandbox.c -ltide -lmimalloc -lm -ldl
*/
#define _XOPEN_SOURCE 700 /* sigaction and setitimer in strict C99 mode */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#include "vm.h"

#define MEMORY_LIMIT (8u << 20) /* bytes, besides the 2 MiB young generation */
#define PERIOD 1000             /* checks between calls of budget() */
#define BUDGET 10000000L        /* checks (loop iterations and calls) per script */
#define TIMEOUT_MS 5000         /* wall-clock time per script */

/* ---------------------------------------------------------------- limits */
typedef struct Budget {
  long used, max;               /* in calls of budget(); max 0: no budget */
} Budget;

/* The interrupt callback: it runs inside the VM, so it only counts. */
static int budget(vm_State *S, void *ud) {
  Budget *b = ud;
  (void)S;
  return b->max > 0 && ++b->used > b->max;  /* non-zero: "interrupted!" */
}

/* The state the alarm interrupts, and whether it went off. A signal
** handler may only touch volatile sig_atomic_t objects and call
** async-signal-safe functions — vm_interrupt is one. */
static vm_State *volatile alarm_target;
static volatile sig_atomic_t alarm_fired;

static void on_alarm(int sig) {
  (void)sig;
  alarm_fired = 1;
  if (alarm_target != NULL) vm_interrupt(alarm_target);
}

/* Starts (ms > 0) or stops (ms == 0) the wall-clock timer. */
static void set_alarm(vm_State *S, int ms) {
  struct itimerval it;
  memset(&it, 0, sizeof it);
  it.it_value.tv_sec = ms / 1000;
  it.it_value.tv_usec = (ms % 1000) * 1000;
  if (ms > 0) alarm_fired = 0;         /* (stopping keeps the flag) */
  alarm_target = ms > 0 ? S : NULL;
  setitimer(ITIMER_REAL, &it, NULL);
}

/* ---------------------------------------------------------------- running */
/* Warnings from the scripts (warn(...)) arrive here (vm_Options.warnf),
** one piece per argument; tocont says that more pieces follow. By Lua's
** convention a one-piece message starting with '@' is a control message
** ("@on", "@off"); this host shows every warning and ignores them. */
static void on_warning(void *ud, const char *msg, int tocont) {
  int *inside = ud;                     /* in the middle of a message? */
  if (!*inside && !tocont && msg[0] == '@') return;
  if (!*inside) printf("  warning: ");
  printf("%s%s", msg, tocont ? "" : "\n");
  *inside = tocont;
}

/* Runs one untrusted script with an instruction budget of max_checks
** (0: none) and a wall-clock limit of ms (0: none), and says how it
** ended. Returns its status. */
static int run(vm_State *S, const char *name, const char *code, long max_checks, int ms) {
  char chunkname[64];
  Budget b;
  int status;

  printf("[%s]\n", name);
  fflush(stdout);                       /* (print writes through stdout too) */
  b.used = 0;
  b.max = max_checks / PERIOD;
  vm_setinterrupt(S, budget, &b, PERIOD);
  snprintf(chunkname, sizeof chunkname, "=%s", name);

  /* text only: a binary chunk is verified, but refusing it is simpler */
  status = vm_loadbufferx(S, code, strlen(code), chunkname, "t");
  if (status == VM_OK) {
    if (ms > 0) set_alarm(S, ms);
    status = vm_pcall(S, 0, 0, 0);
    set_alarm(S, 0);                    /* stop the timer */
  }

  if (status == VM_OK) {
    printf("  finished\n");
  } else {
    /* The host knows why a script was interrupted: its own counters. */
    const char *why = status == VM_ERRMEM ? "memory limit"
                    : b.max > 0 && b.used > b.max ? "instruction budget"
                    : alarm_fired ? "wall-clock limit"
                    : "error";
    printf("  stopped (%s): %s\n", why, vm_tostring(S, -1));
    vm_pop(S, 1);
    /* Reclaim at once what the script left behind, so that the next one
    ** starts with the whole allowance. */
    vm_gc(S, VM_GCCOLLECT);
  }
  vm_setinterrupt(S, NULL, NULL, 0);
  printf("  memory in use below the limit: %s\n",
         vm_memoryused(S) < MEMORY_LIMIT ? "yes" : "no");
  return status;
}

/* The untrusted scripts. */
static const char spin[] = "while true do end";

static const char stubborn[] =
  "local tries = 0\n"
  "while true do  -- try to catch the interrupt and carry on\n"
  "  tries = tries + 1\n"
  "  local ok, err = pcall(function() while true do end end)\n"
  "  print('  caught:', ok, err, 'try', tries)\n"
  "end\n";

static const char slow[] =
  "local n = 0\n"
  "while true do n = n + 1 end\n";

static const char hog[] =
  "local t = {}\n"
  "while true do t[#t + 1] = ('x'):rep(1000) .. #t end\n";

static const char escape[] =
  "local function try(what, f, ...)\n"
  "  local ok, err = pcall(f, ...)\n"
  "  print('  ' .. what .. ':', ok and 'allowed!' or err)\n"
  "end\n"
  "try('io.open', function() return io.open('/etc/passwd') end)\n"
  "try('os.execute', function() return os.execute('rm -rf /') end)\n"
  "try('loadfile', function() return loadfile('/etc/passwd') end)\n"
  "try('dofile', function() return dofile('/etc/passwd') end)\n"
  "try('require', function() return require('examples.evil') end)\n"
  "try('package.loadlib', function() return package.loadlib('libc.so.6', 'system') end)\n"
  "try('debug', function() return debug.getregistry() end)\n"
  "try('binary chunk', function() return assert(load(string.dump(try))) end)\n"
  "print('  os.time is there:', type(os.time()))\n"
  "warn('the sandbox ', 'says hello')\n";

static const char good[] =
  "local text = 'the quick brown fox jumps over the lazy dog the end'\n"
  "local count = {}\n"
  "for w in text:gmatch('%a+') do count[w] = (count[w] or 0) + 1 end\n"
  "local words = {}\n"
  "for w, n in pairs(count) do words[#words + 1] = w end\n"
  "table.sort(words, function(a, b)\n"
  "  if count[a] ~= count[b] then return count[a] > count[b] end\n"
  "  return a < b\n"
  "end)\n"
  "print('  most frequent:', words[1], count[words[1]], words[2], count[words[2]])\n";

int main(void) {
  vm_Options opt;
  vm_State *S;
  struct sigaction sa;
  int warning_inside = 0;
  int bad = 0;

  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sa.sa_flags = SA_RESTART;             /* (system calls are not cut short) */
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGALRM, &sa, NULL) != 0) {
    perror("sigaction");
    return 1;
  }

  memset(&opt, 0, sizeof opt);
  opt.libs = VM_LIBS_SAFE;
  opt.memory_limit = MEMORY_LIMIT;
  opt.warnf = on_warning;
  opt.warn_ud = &warning_inside;
  S = vm_newstate_opt(&opt);
  if (S == NULL) {
    fprintf(stderr, "cannot create a state\n");
    return 1;
  }

  /* Each misbehaving script must be stopped; the last two must finish.
  ** Every run has all the limits, except "slow", which gets no budget to
  ** show the clock stopping it. */
  bad += run(S, "spin", spin, BUDGET, TIMEOUT_MS) == VM_OK;
  bad += run(S, "stubborn", stubborn, BUDGET, TIMEOUT_MS) == VM_OK;
  bad += run(S, "slow", slow, 0, 200) == VM_OK;
  bad += run(S, "hog", hog, BUDGET, TIMEOUT_MS) != VM_ERRMEM;
  bad += run(S, "escape", escape, BUDGET, TIMEOUT_MS) != VM_OK;
  bad += run(S, "good", good, BUDGET, TIMEOUT_MS) != VM_OK;

  vm_close(S);
  return bad ? 1 : 0;
}
