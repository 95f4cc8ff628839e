/*
** libcoro.c — Lua 5.4's coroutine library: create, resume, yield, status,
** wrap, running, isyieldable, close.
**
** A coroutine is a thread (vm_newthread) holding its body function until
** the first resume; values cross between threads with vm_xmove.
*/
#include "vm.h"

/* Coroutine states, as coroutine.status names them. */
enum { CO_RUNNING, CO_DEAD, CO_SUSPENDED, CO_NORMAL };
static const char *const statname[] = {"running", "dead", "suspended", "normal"};

static vm_State *getco(vm_State *S) {
  vm_State *co = vm_tothread(S, 1);
  vm_argexpected(S, co != NULL, 1, "thread");
  return co;
}

static int costatus(vm_State *S, vm_State *co) {
  if (S == co) return CO_RUNNING;
  switch (vm_status(co)) {
    case VM_YIELD:
      return CO_SUSPENDED;
    case VM_OK: {
      vm_Debug ar;
      if (vm_getstack(co, 0, &ar)) return CO_NORMAL;  /* active, resumed another */
      return vm_gettop(co) == 0 ? CO_DEAD : CO_SUSPENDED;  /* not started yet */
    }
    default:
      return CO_DEAD;             /* finished with an error */
  }
}

/* Resumes co with narg values from S's top. Returns the number of results
** (moved to S) or -1 with an error message on S's top. */
static int auxresume(vm_State *S, vm_State *co, int narg) {
  int nres;
  int st = costatus(S, co);
  if (st != CO_SUSPENDED) {
    vm_pop(S, narg);
    vm_pushstring(S, st == CO_DEAD ? "cannot resume dead coroutine"
                                   : "cannot resume non-suspended coroutine");
    return -1;
  }
  if (!vm_checkstack(co, narg)) {
    vm_pushliteral(S, "too many arguments to resume");
    return -1;
  }
  vm_xmove(S, co, narg);
  int status = vm_resume(co, S, narg, &nres);
  if (status == VM_OK || status == VM_YIELD) {
    if (!vm_checkstack(S, nres + 1)) {
      vm_pop(co, nres);
      vm_pushliteral(S, "too many results to resume");
      return -1;
    }
    vm_xmove(co, S, nres);
    return nres;
  }
  vm_xmove(co, S, 1);             /* the error object */
  return -1;
}

static int co_create(vm_State *S) {
  vm_checktype(S, 1, VM_TFUNCTION);
  vm_State *co = vm_newthread(S);
  vm_pushvalue(S, 1);
  vm_xmove(S, co, 1);
  return 1;
}

static int co_resume(vm_State *S) {
  vm_State *co = getco(S);
  int r = auxresume(S, co, vm_gettop(S) - 1);
  if (r < 0) {
    vm_pushboolean(S, 0);
    vm_insert(S, -2);
    return 2;
  }
  vm_pushboolean(S, 1);
  vm_insert(S, -(r + 1));
  return r + 1;
}

static int wrapaux(vm_State *S) {
  vm_State *co = vm_tothread(S, vm_upvalueindex(1));
  int r = auxresume(S, co, vm_gettop(S));
  if (r >= 0) return r;
  int st = vm_status(co);
  if (st != VM_OK && st != VM_YIELD) {  /* died: run its pending closes */
    st = vm_closethread(co, S);
    vm_xmove(co, S, 1);
  }
  /* like any error raised here, a string gets the caller's position */
  if (st != VM_ERRMEM && vm_type(S, -1) == VM_TSTRING) {
    vm_where(S, 1);
    vm_insert(S, -2);
    vm_concat(S, 2);
  }
  return vm_error(S);
}

static int co_wrap(vm_State *S) {
  co_create(S);
  vm_pushcclosure(S, wrapaux, 1);
  return 1;
}

static int co_yield(vm_State *S) {
  return vm_yield(S, vm_gettop(S));
}

static int co_status(vm_State *S) {
  vm_State *co = getco(S);
  vm_pushstring(S, statname[costatus(S, co)]);
  return 1;
}

static int co_running(vm_State *S) {
  int ismain = vm_pushthread(S);
  vm_pushboolean(S, ismain);
  return 2;
}

static int co_isyieldable(vm_State *S) {
  vm_State *co = vm_isnone(S, 1) ? S : getco(S);
  vm_pushboolean(S, vm_isyieldable(co));
  return 1;
}

static int co_close(vm_State *S) {
  vm_State *co = getco(S);
  int st = costatus(S, co);
  if (st != CO_DEAD && st != CO_SUSPENDED)
    return vm_errorf(S, "cannot close a %s coroutine", statname[st]);
  if (vm_closethread(co, S) == VM_OK) {
    vm_pushboolean(S, 1);
    return 1;
  }
  vm_pushboolean(S, 0);
  vm_xmove(co, S, 1);             /* the error object */
  return 2;
}

static const vm_Reg co_funcs[] = {
  {"create", co_create},
  {"resume", co_resume},
  {"running", co_running},
  {"status", co_status},
  {"wrap", co_wrap},
  {"yield", co_yield},
  {"isyieldable", co_isyieldable},
  {"close", co_close},
  {NULL, NULL}
};

int vm_open_coroutine(vm_State *S) {
  vm_newlib(S, co_funcs);
  return 1;
}
