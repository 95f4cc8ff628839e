/*
** eventloop.c — a host event loop driving Lua callbacks and tasks.
**
** The script (examples/eventloop.lua, or argv[1]) registers work with
** functions the host provides, then returns; the loop runs until nothing
** is left:
**
**   after(ms, fn) / every(ms, fn)  a one-shot or repeating timer -> id
**   cancel(id)                     stop a timer
**   spawn(fn, ...)                 a task: fn runs as a coroutine, resumed
**                                  by the loop with vm_resume
**   sleep(ms)                      (in a task) suspend for ms; a plain
**                                  coroutine.yield() waits one tick
**   now()                          the loop's clock in ms
**
** What it shows:
**  - keeping Lua functions in C: vm_ref stores a function in the registry
**    and returns an integer the C side keeps; vm_rawgeti pushes it back;
**    vm_unref releases it;
**  - C functions sharing host data through an upvalue (vm_setfuncs with a
**    light userdata as upvalue 1);
**  - calling callbacks with vm_pcall and a message handler that adds a
**    traceback (vm_traceback): an erroring callback is reported and the
**    loop goes on;
**  - coroutines driven from C: vm_newthread, vm_resume, and a C function
**    yielding (sleep);
**
** The clock is simulated (TICK ms per iteration, no real waiting), so the
** output is the same on every run.
**
**   cc -std=c99 eventloop.c -ltide -lmimalloc -lm -ldl
*/
#include <stdio.h>

#include "vm.h"

#define TICK 10        /* ms of simulated time per loop iteration */
#define MAXTIMERS 32
#define MAXTASKS 16
#define MAXTICKS 1000  /* a safety stop */

typedef struct Timer {
  int id;
  int fn;              /* registry reference to the callback; VM_NOREF: gone */
  long due;            /* when it fires next (ms) */
  long every;          /* its period, or 0 for a one-shot timer */
} Timer;

typedef struct Task {
  int id;
  vm_State *co;        /* the coroutine */
  int ref;             /* registry reference keeping it alive */
  long wake;           /* when to resume it */
  int nargs;           /* arguments for its first resume */
} Task;

typedef struct Loop {
  long now;
  int next_id;
  int ntimers, ntasks;
  Timer timers[MAXTIMERS];
  Task tasks[MAXTASKS];
} Loop;

/* The Loop, from upvalue 1 of the functions below. */
static Loop *getloop(vm_State *S) {
  return vm_touserdata(S, vm_upvalueindex(1));
}

/* ---------------------------------------------------------------- Lua API */
static int addtimer(vm_State *S, long every) {
  Loop *L = getloop(S);
  vm_Integer ms = vm_checkinteger(S, 1);
  Timer *t;
  vm_checktype(S, 2, VM_TFUNCTION);
  vm_argcheck(S, ms >= 0, 1, "negative delay");
  if (L->ntimers == MAXTIMERS) return vm_errorf(S, "too many timers");
  t = &L->timers[L->ntimers++];
  t->id = L->next_id++;
  t->due = L->now + (long)ms;
  t->every = every ? (long)ms : 0;
  vm_settop(S, 2);
  t->fn = vm_ref(S, VM_REGISTRYINDEX);    /* pops the function */
  vm_pushinteger(S, t->id);
  return 1;
}

static int l_after(vm_State *S) { return addtimer(S, 0); }

static int l_every(vm_State *S) {
  vm_argcheck(S, vm_checkinteger(S, 1) > 0, 1, "period must be positive");
  return addtimer(S, 1);
}

/* Releases a timer's callback; the slot is reclaimed after the tick. */
static void droptimer(vm_State *S, Timer *t) {
  vm_unref(S, VM_REGISTRYINDEX, t->fn);
  t->fn = VM_NOREF;
}

static int l_cancel(vm_State *S) {
  Loop *L = getloop(S);
  vm_Integer id = vm_checkinteger(S, 1);
  int i;
  for (i = 0; i < L->ntimers; i++) {
    if (L->timers[i].id == id && L->timers[i].fn != VM_NOREF) {
      droptimer(S, &L->timers[i]);
      vm_pushboolean(S, 1);
      return 1;
    }
  }
  vm_pushboolean(S, 0);                   /* no such timer (any more) */
  return 1;
}

static int l_spawn(vm_State *S) {
  Loop *L = getloop(S);
  int nargs = vm_gettop(S) - 1;
  Task *t;
  vm_checktype(S, 1, VM_TFUNCTION);
  if (L->ntasks == MAXTASKS) return vm_errorf(S, "too many tasks");
  t = &L->tasks[L->ntasks++];
  t->id = L->next_id++;
  t->co = vm_newthread(S);                /* pushes the thread */
  t->ref = vm_ref(S, VM_REGISTRYINDEX);   /* a thread, too, needs an anchor */
  t->wake = L->now;                       /* first run at the next tick */
  t->nargs = nargs;
  vm_xmove(S, t->co, nargs + 1);          /* the function and its arguments */
  vm_pushinteger(S, t->id);
  return 1;
}

/* sleep(ms): yields ms to the loop (see run_tasks). Only a task can call
** it: the main chunk and timer callbacks are not coroutines. */
static int l_sleep(vm_State *S) {
  vm_checkinteger(S, 1);
  if (!vm_isyieldable(S)) return vm_errorf(S, "sleep: not called from a task");
  vm_settop(S, 1);
  return vm_yield(S, 1);
}

static int l_now(vm_State *S) {
  vm_pushinteger(S, getloop(S)->now);
  return 1;
}

static const vm_Reg loop_funcs[] = {
  {"after", l_after}, {"every", l_every}, {"cancel", l_cancel},
  {"spawn", l_spawn}, {"sleep", l_sleep}, {"now", l_now},
  {NULL, NULL}
};

/* ---------------------------------------------------------------- the loop */
/* Message handler for vm_pcall: the message plus a traceback. */
static int msghandler(vm_State *S) {
  const char *msg = vm_tostring(S, 1);
  if (msg == NULL)                        /* error(non-string value) */
    msg = vm_pushfstring(S, "(error object is a %s value)", vm_typename(S, vm_type(S, 1)));
  vm_traceback(S, S, msg, 1);             /* 1: start at the erroring function */
  return 1;
}

static void fire_timers(vm_State *S, Loop *L) {
  int i, n = L->ntimers;                  /* timers added now fire later */
  for (i = 0; i < n; i++) {
    Timer *t = &L->timers[i];
    if (t->fn == VM_NOREF || t->due > L->now) continue;
    vm_pushcfunction(S, msghandler);
    vm_rawgeti(S, VM_REGISTRYINDEX, t->fn);   /* the callback */
    vm_pushinteger(S, t->id);                 /* its argument: the timer id */
    /* the callback may add or cancel timers: t stays valid (the array
    ** is not compacted before the tick ends) */
    if (vm_pcall(S, 1, 0, -3) != VM_OK) {
      printf("[loop] timer %d failed: %s\n", t->id, vm_tostring(S, -1));
      vm_pop(S, 1);
    }
    vm_pop(S, 1);                             /* the message handler */
    if (t->fn == VM_NOREF) continue;          /* it cancelled itself */
    if (t->every)
      t->due += t->every;
    else
      droptimer(S, t);
  }
  /* compact: drop the finished timers, keeping the order */
  for (i = n = 0; i < L->ntimers; i++)
    if (L->timers[i].fn != VM_NOREF) L->timers[n++] = L->timers[i];
  L->ntimers = n;
}

static void run_tasks(vm_State *S, Loop *L) {
  int i, n = L->ntasks;
  for (i = 0; i < n; i++) {
    Task *t = &L->tasks[i];
    int nres, status;
    if (t->co == NULL || t->wake > L->now) continue;
    /* (a task spawning tasks appends to L->tasks: t stays valid) */
    status = vm_resume(t->co, S, t->nargs, &nres);
    t->nargs = 0;
    if (status == VM_YIELD) {
      /* sleep(ms) yields ms; coroutine.yield() yields nothing: next tick */
      vm_Integer ms = (nres > 0 && vm_isinteger(t->co, -1)) ? vm_tointeger(t->co, -1) : 0;
      t->wake = L->now + (ms > TICK ? (long)ms : TICK);
      vm_pop(t->co, nres);
      continue;
    }
    if (status == VM_OK) {
      printf("[loop] task %d finished\n", t->id);
    } else {
      /* the message is on the coroutine's stack, which is still there to
      ** walk: the traceback starts at level 0, where the error was raised */
      const char *msg = vm_tostring(t->co, -1);
      vm_traceback(S, t->co, msg ? msg : "(error object is not a string)", 0);
      printf("[loop] task %d failed: %s\n", t->id, vm_tostring(S, -1));
      vm_pop(S, 1);
    }
    /* reset the thread (its status is the one just reported): closes
    ** pending to-be-closed variables, if the task was left by an error */
    vm_closethread(t->co, S);
    vm_unref(S, VM_REGISTRYINDEX, t->ref);/* the thread may now be collected */
    t->co = NULL;
  }
  for (i = n = 0; i < L->ntasks; i++)
    if (L->tasks[i].co != NULL) L->tasks[n++] = L->tasks[i];
  L->ntasks = n;
}

/* Opens the libraries and the loop's functions (as globals sharing the
** Loop as upvalue 1). Runs in protected mode. */
static int setup(vm_State *S) {
  Loop *L = vm_touserdata(S, 1);
  vm_openlibs(S, VM_LIB_ALL);
  vm_pushglobaltable(S);
  vm_pushlightuserdata(S, L);
  vm_setfuncs(S, loop_funcs, 1);
  return 0;
}

int main(int argc, char **argv) {
  const char *script = argc > 1 ? argv[1] : "examples/eventloop.lua";
  static Loop loop;                       /* zeroed */
  vm_State *S = vm_newstate();
  int ticks;
  if (S == NULL) {
    fprintf(stderr, "cannot create a state\n");
    return 1;
  }
  loop.next_id = 1;
  vm_pushcfunction(S, setup);
  vm_pushlightuserdata(S, &loop);
  if (vm_pcall(S, 1, 0, 0) != VM_OK || vm_dofile(S, script) != VM_OK) {
    fprintf(stderr, "error: %s\n", vm_tostring(S, -1));
    vm_close(S);
    return 1;
  }
  for (ticks = 0; (loop.ntimers > 0 || loop.ntasks > 0) && ticks < MAXTICKS; ticks++) {
    loop.now += TICK;
    fire_timers(S, &loop);
    run_tasks(S, &loop);
  }
  printf("[loop] idle at t=%ld after %d ticks\n", loop.now, ticks);
  /* anything left after MAXTICKS is released by vm_close */
  vm_close(S);
  return 0;
}
