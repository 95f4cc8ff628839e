/*
** libtide.c — the `tide` module: what Tide offers Lua code beyond Lua's
** standard libraries. `require "tide"` finds it in package.preload (put
** there by vm_openlibs with the package library), so it adds no global
** and leaves lua5.4-compatible programs unaffected.
**
**   tide.gcmetrics()  the collector's metrics (vm_gcmetrics) as a table:
**     bytes_allocated, young_bytes, old_bytes, minor_collections,
**     major_collections, promoted_bytes, remembered, pauses,
**     pause_total_ns, pause_max_ns, and pause_histogram, an array whose
**     i-th entry counts pauses of [2^(i-1), 2^i) microseconds.
**
** Written against the public API (vm.h) only.
*/
#include "vm.h"

static void setint(vm_State *S, const char *name, uint64_t v) {
  vm_pushinteger(S, (vm_Integer)v);
  vm_setfield(S, -2, name);
}

static int t_gcmetrics(vm_State *S) {
  vm_GCMetrics m;
  int i;
  vm_gcmetrics(S, &m);
  vm_createtable(S, 0, 11);
  setint(S, "bytes_allocated", m.bytes_allocated);
  setint(S, "young_bytes", m.young_bytes);
  setint(S, "old_bytes", m.old_bytes);
  setint(S, "minor_collections", m.minor_collections);
  setint(S, "major_collections", m.major_collections);
  setint(S, "promoted_bytes", m.promoted_bytes);
  setint(S, "remembered", m.remembered);
  setint(S, "pauses", m.pauses);
  setint(S, "pause_total_ns", m.pause_total_ns);
  setint(S, "pause_max_ns", m.pause_max_ns);
  vm_createtable(S, VM_GCPAUSE_BUCKETS, 0);
  for (i = 0; i < VM_GCPAUSE_BUCKETS; i++) {
    vm_pushinteger(S, (vm_Integer)m.pause_hist[i]);
    vm_rawseti(S, -2, i + 1);
  }
  vm_setfield(S, -2, "pause_histogram");
  return 1;
}

static const vm_Reg tidelib[] = {
  {"gcmetrics", t_gcmetrics},
  {NULL, NULL},
};

int vm_open_tide(vm_State *S) {
  vm_newlib(S, tidelib);
  return 1;
}
