#!/bin/bash
# bench/gc_sampling.sh — what allocation sampling costs (the GC issue's
# targets), in instruction counts (valgrind --tool=callgrind):
#   1. sampling off vs a build without the sampling code (-DTIDE_NO_SAMPLER):
#      the allocation fast path is the same instructions, so within 0.5%;
#   2. sampling at 512 KiB (tide --alloc-profile=512k) vs off: under 5%.
# on the allocation-heavy benchmarks. Usage: bench/gc_sampling.sh (run
# from the repository root; `make bench-sampling` does).
set -eu
command -v valgrind >/dev/null || { echo "bench/gc_sampling.sh needs valgrind: apt-get install -y valgrind" >&2; exit 1; }
OUT=build/bench-sampling
mkdir -p "$OUT"
# both variants built the same way, with and without the sampling code
srcs=$(make -s --no-print-directory --eval 'print-core: ; @echo $(CORE)' print-core)
for v in sampler nosampler; do
  def=; [ $v = nosampler ] && def=-DTIDE_NO_SAMPLER
  # shellcheck disable=SC2086
  cc -std=gnu11 -O2 -fvisibility=hidden $def -w -o "$OUT/tide-$v" $srcs cli.c -lmimalloc -lm -ldl -ledit
done
TIDE=$OUT/tide-sampler
count() { # prints the instruction count of one run (fixed hash seed: repeatable)
  TIDE_HASH_SEED=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
printf '| benchmark | no sampler code | sampling off | off/none | 512 KiB | 512k/off |\n'
printf '|---|---|---|---|---|---|\n'
for b in "binary_trees.lua 12" "table_churn.lua 2" "table_heavy.lua 1" "string_heavy.lua 1"; do
  # shellcheck disable=SC2086
  none=$(count "$OUT/tide-nosampler" bench/$b)
  # shellcheck disable=SC2086
  off=$(count "$TIDE" bench/$b)
  # shellcheck disable=SC2086
  on=$(count "$TIDE" --alloc-profile=512k:"$OUT/prof" bench/$b)
  awk -v b="$b" -v n="$none" -v f="$off" -v o="$on" 'BEGIN {
    printf "| %s | %.1f M | %.1f M | %+.2f%% | %.1f M | %+.2f%% |\n", b, n / 1e6, f / 1e6,
      (f / n - 1) * 100, o / 1e6, (o / f - 1) * 100 }'
done
