/*
** libmath.c — Lua 5.4's math library, plus the 5.3 compatibility functions
** Debian's lua5.4 keeps (cosh, sinh, tanh, pow, frexp, ldexp, log10).
**
** random/randomseed use xoshiro256** seeded exactly as Lua 5.4 does, so a
** given seed yields the same sequence as the reference interpreter. The
** generator state is a userdata shared as upvalue 1 by both functions.
*/
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <time.h>

#include "vm.h"

#define PI 3.141592653589793238462643383279502884

/* Float to integer when the value is integral and in range. */
static int float2int(vm_Number d, vm_Integer *n) {
  /* -2^63 is exact; 2^63 is the first float out of range */
  if (d >= -9223372036854775808.0 && d < 9223372036854775808.0 && d == floor(d)) {
    *n = (vm_Integer)d;
    return 1;
  }
  return 0;
}

static void pushnumint(vm_State *S, vm_Number d) {
  vm_Integer n;
  if (float2int(d, &n)) vm_pushinteger(S, n);
  else vm_pushnumber(S, d);
}

static int m_abs(vm_State *S) {
  if (vm_isinteger(S, 1)) {
    vm_Integer n = vm_tointeger(S, 1);
    if (n < 0) n = (vm_Integer)(0u - (vm_Unsigned)n);  /* mininteger stays */
    vm_pushinteger(S, n);
  } else
    vm_pushnumber(S, fabs(vm_checknumber(S, 1)));
  return 1;
}

/* The plain one-argument float functions, by table. */
#define UNARY(name, f) \
  static int m_##name(vm_State *S) { \
    vm_pushnumber(S, f(vm_checknumber(S, 1))); \
    return 1; \
  }
UNARY(sin, sin)
UNARY(cos, cos)
UNARY(tan, tan)
UNARY(asin, asin)
UNARY(acos, acos)
UNARY(sqrt, sqrt)
UNARY(exp, exp)
UNARY(cosh, cosh)
UNARY(sinh, sinh)
UNARY(tanh, tanh)
UNARY(log10, log10)

static int m_atan(vm_State *S) {
  vm_Number y = vm_checknumber(S, 1);
  vm_Number x = vm_optnumber(S, 2, 1);
  vm_pushnumber(S, atan2(y, x));
  return 1;
}

static int m_tointeger(vm_State *S) {
  int ok;
  vm_Integer n = vm_tointegerx(S, 1, &ok);  /* 5.4.4 accepts numerals too */
  if (ok)
    vm_pushinteger(S, n);
  else {
    vm_checkany(S, 1);
    vm_pushnil(S);
  }
  return 1;
}

static int m_floor(vm_State *S) {
  if (vm_isinteger(S, 1))
    vm_settop(S, 1);              /* already its own floor */
  else
    pushnumint(S, floor(vm_checknumber(S, 1)));
  return 1;
}

static int m_ceil(vm_State *S) {
  if (vm_isinteger(S, 1))
    vm_settop(S, 1);
  else
    pushnumint(S, ceil(vm_checknumber(S, 1)));
  return 1;
}

static int m_fmod(vm_State *S) {
  if (vm_isinteger(S, 1) && vm_isinteger(S, 2)) {
    vm_Integer d = vm_tointeger(S, 2);
    if ((vm_Unsigned)d + 1u <= 1u) {  /* d is 0 or -1 */
      vm_argcheck(S, d != 0, 2, "zero");
      vm_pushinteger(S, 0);       /* x % -1 == 0; avoids mininteger % -1 */
    } else
      vm_pushinteger(S, vm_tointeger(S, 1) % d);  /* C's %: truncates, like fmod */
  } else
    vm_pushnumber(S, fmod(vm_checknumber(S, 1), vm_checknumber(S, 2)));
  return 1;
}

static int m_modf(vm_State *S) {
  if (vm_isinteger(S, 1)) {
    vm_settop(S, 1);
    vm_pushnumber(S, 0);
  } else {
    vm_Number n = vm_checknumber(S, 1);
    vm_Number ip = n < 0 ? ceil(n) : floor(n);   /* toward zero */
    pushnumint(S, ip);
    vm_pushnumber(S, n == ip ? 0.0 : n - ip);     /* inf - inf would be nan */
  }
  return 2;
}

static int m_ult(vm_State *S) {
  vm_Integer a = vm_checkinteger(S, 1);
  vm_Integer b = vm_checkinteger(S, 2);
  vm_pushboolean(S, (vm_Unsigned)a < (vm_Unsigned)b);
  return 1;
}

static int m_log(vm_State *S) {
  vm_Number x = vm_checknumber(S, 1);
  vm_Number res;
  if (vm_isnoneornil(S, 2))
    res = log(x);
  else {
    vm_Number base = vm_checknumber(S, 2);
    if (base == 2.0) res = log2(x);         /* exact for powers of 2 */
    else if (base == 10.0) res = log10(x);
    else res = log(x) / log(base);
  }
  vm_pushnumber(S, res);
  return 1;
}

static int m_deg(vm_State *S) {
  vm_pushnumber(S, vm_checknumber(S, 1) * (180.0 / PI));
  return 1;
}

static int m_rad(vm_State *S) {
  vm_pushnumber(S, vm_checknumber(S, 1) * (PI / 180.0));
  return 1;
}

/* min/max compare with the language's '<', so any comparable values work
** (5.4 does not insist on numbers). */
static int minmax(vm_State *S, int wantmax) {
  int n = vm_gettop(S);
  int best = 1;
  vm_argcheck(S, n >= 1, 1, "value expected");
  for (int i = 2; i <= n; i++) {
    if (wantmax ? vm_compare(S, best, i, VM_OPLT) : vm_compare(S, i, best, VM_OPLT))
      best = i;
  }
  vm_pushvalue(S, best);
  return 1;
}

static int m_min(vm_State *S) { return minmax(S, 0); }
static int m_max(vm_State *S) { return minmax(S, 1); }

static int m_type(vm_State *S) {
  if (vm_type(S, 1) == VM_TNUMBER)
    vm_pushstring(S, vm_isinteger(S, 1) ? "integer" : "float");
  else {
    vm_checkany(S, 1);
    vm_pushnil(S);
  }
  return 1;
}

static int m_pow(vm_State *S) {
  vm_Number x = vm_checknumber(S, 1);
  vm_Number y = vm_checknumber(S, 2);
  vm_pushnumber(S, pow(x, y));
  return 1;
}

static int m_frexp(vm_State *S) {
  int e;
  vm_pushnumber(S, frexp(vm_checknumber(S, 1), &e));
  vm_pushinteger(S, e);
  return 2;
}

static int m_ldexp(vm_State *S) {
  vm_Number x = vm_checknumber(S, 1);
  int e = (int)vm_checkinteger(S, 2);
  vm_pushnumber(S, ldexp(x, e));
  return 1;
}

/* ======================================================================
** Pseudo-random numbers: xoshiro256**
** ====================================================================== */
typedef struct RanState {
  uint64_t s[4];
} RanState;

static uint64_t rotl(uint64_t x, int n) {
  return (x << n) | (x >> (64 - n));
}

static uint64_t nextrand(uint64_t *s) {
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/* A float in [0, 1) from the top 53 bits. */
static vm_Number tofloat(uint64_t x) {
  return (vm_Number)(x >> 11) * 0x1.0p-53;
}

/* A value in [0, n], uniform: mask down to the smallest 2^b - 1 covering
** n and retry when past n. */
static vm_Unsigned project(vm_Unsigned ran, vm_Unsigned n, RanState *g) {
  if ((n & (n + 1)) == 0) return ran & n;   /* n + 1 is a power of 2 */
  vm_Unsigned lim = n;
  for (int sh = 1; sh < 64; sh <<= 1) lim |= lim >> sh;
  while ((ran &= lim) > n) ran = nextrand(g->s);
  return ran;
}

static int m_random(vm_State *S) {
  RanState *g = vm_touserdata(S, vm_upvalueindex(1));
  uint64_t rv = nextrand(g->s);
  vm_Integer low, up;
  switch (vm_gettop(S)) {
    case 0:
      vm_pushnumber(S, tofloat(rv));
      return 1;
    case 1:
      low = 1;
      up = vm_checkinteger(S, 1);
      if (up == 0) {              /* random(0): all 64 bits */
        vm_pushinteger(S, (vm_Integer)rv);
        return 1;
      }
      break;
    case 2:
      low = vm_checkinteger(S, 1);
      up = vm_checkinteger(S, 2);
      break;
    default:
      return vm_errorf(S, "wrong number of arguments");
  }
  vm_argcheck(S, low <= up, 1, "interval is empty");
  vm_Unsigned p = project(rv, (vm_Unsigned)up - (vm_Unsigned)low, g);
  vm_pushinteger(S, (vm_Integer)(p + (vm_Unsigned)low));
  return 1;
}

/* Pushes the two seed parts, which randomseed returns. */
static void setseed(vm_State *S, uint64_t *s, vm_Unsigned n1, vm_Unsigned n2) {
  s[0] = n1;
  s[1] = 0xff;                    /* never an all-zero state */
  s[2] = n2;
  s[3] = 0;
  for (int i = 0; i < 16; i++) nextrand(s);  /* spread the seed */
  vm_pushinteger(S, (vm_Integer)n1);
  vm_pushinteger(S, (vm_Integer)n2);
}

static void randseed(vm_State *S, RanState *g) {
  vm_Unsigned seed1 = (vm_Unsigned)time(NULL);
  vm_Unsigned seed2 = (vm_Unsigned)(uintptr_t)S;
  setseed(S, g->s, seed1, seed2);
}

static int m_randomseed(vm_State *S) {
  RanState *g = vm_touserdata(S, vm_upvalueindex(1));
  if (vm_isnone(S, 1))
    randseed(S, g);
  else {
    vm_Integer n1 = vm_checkinteger(S, 1);
    vm_Integer n2 = vm_optinteger(S, 2, 0);
    setseed(S, g->s, (vm_Unsigned)n1, (vm_Unsigned)n2);
  }
  return 2;
}

static const vm_Reg rand_funcs[] = {
  {"random", m_random},
  {"randomseed", m_randomseed},
  {NULL, NULL}
};

const vm_Reg mathlib_funcs[] = {
  {"abs", m_abs},
  {"ceil", m_ceil},
  {"floor", m_floor},
  {"fmod", m_fmod},
  {"modf", m_modf},
  {"sqrt", m_sqrt},
  {"exp", m_exp},
  {"log", m_log},
  {"sin", m_sin},
  {"cos", m_cos},
  {"tan", m_tan},
  {"asin", m_asin},
  {"acos", m_acos},
  {"atan", m_atan},
  {"deg", m_deg},
  {"rad", m_rad},
  {"tointeger", m_tointeger},
  {"type", m_type},
  {"ult", m_ult},
  {"max", m_max},
  {"min", m_min},
  {"atan2", m_atan},               /* 5.3 compatibility, like Debian's lua5.4 */
  {"cosh", m_cosh},
  {"sinh", m_sinh},
  {"tanh", m_tanh},
  {"pow", m_pow},
  {"frexp", m_frexp},
  {"ldexp", m_ldexp},
  {"log10", m_log10},
  {"random", NULL},               /* placeholders, set below */
  {"randomseed", NULL},
  {"pi", NULL},
  {"huge", NULL},
  {"maxinteger", NULL},
  {"mininteger", NULL},
  {NULL, NULL}
};

int vm_open_math(vm_State *S) {
  vm_newlib(S, mathlib_funcs);
  vm_pushnumber(S, PI);
  vm_setfield(S, -2, "pi");
  vm_pushnumber(S, (vm_Number)HUGE_VAL);
  vm_setfield(S, -2, "huge");
  vm_pushinteger(S, INT64_MAX);
  vm_setfield(S, -2, "maxinteger");
  vm_pushinteger(S, INT64_MIN);
  vm_setfield(S, -2, "mininteger");
  RanState *g = vm_newuserdatauv(S, sizeof(RanState), 0);
  randseed(S, g);
  vm_pop(S, 2);                   /* the seeds */
  vm_setfuncs(S, rand_funcs, 1);
  return 1;
}
