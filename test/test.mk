# test/test.mk — `make test` (included by the Makefile).
#
# Stages, in order; each stops the run on failure:
#   1. C API tests (test/c/test_*.c) against libtide.a
#   2. self-checking Lua tests (test/lua/*.lua)
#   3. differential tests against lua5.4 (test/diff/*.lua) and uncaught
#      error messages (test/errors/)
#   4. the tide binary's command line (test/cli/run-cli.sh, alloc-profile.sh)
#   5. the public header and an installed copy (test-install), the host
#      examples (test-examples) and the programs in docs/api.md (test-docs)
#   6. stages 1-3 again under GC stress (collect at every safe point)
#   7. the official Lua 5.4.4 test suite (test/official/run.sh: per file
#      and all.lua, JIT off/on/forced and under GC stress; skipped when
#      ../shared/lua-5.4.4-tests or $LUA_TESTS is not there), and hostile
#      input (test/hostile/run.sh: scripts that try to crash or exhaust
#      the VM)
#   8. an ASan+UBSan build running the C tests, the Lua tests, the hostile
#      scripts and the official all.lua
#   9. the parser fuzzer for FUZZ_SECONDS seconds, the binary-chunk fuzzer
#  10. random-program differential fuzzing (test/fuzz/) for PROGFUZZ_SECONDS
#  11. the debug build with API-misuse assertions (test-debug), the
#      amalgamation (test-amalg), the benchmarks at quick sizes (test-bench)
# `make test-quick` runs stages 1-5 only. `make test-bigheap` (a heap of
# several GiB) is not part of `make test`.

FUZZ_SECONDS ?= 12
TEST_C_SRCS  := $(wildcard test/c/test_*.c)
TEST_C_BINS  := $(TEST_C_SRCS:test/c/%.c=$(BUILD)/test/%)
SAN_BUILD    := build-san
SAN_FLAGS    := -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

.PHONY: test test-quick test-c test-lua test-diff test-errors test-cli test-install test-stress test-san test-fuzz
.PHONY: test-official test-hostile

test: test-quick test-stress test-official test-hostile test-san test-fuzz test-progfuzz
	@echo "make test: all stages passed"

test-quick: all check-deps test-c test-lua test-diff test-errors test-cli test-install

$(BUILD)/test/%: test/c/%.c test/c/check.h libtide.a vm.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I. $< -o $@ libtide.a $(LDLIBS)

# A C module for the Lua tests (test/lua/lib_cmodule.lua requires it from
# build/test/?.so); its vm_* references resolve against the host binary.
TEST_CMOD := $(BUILD)/test/mod_hello.so
$(TEST_CMOD): test/c/mod_hello.c vm.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -shared -I. $< -o $@
test-lua test-stress test-san: $(TEST_CMOD)

test-c: $(TEST_C_BINS)
	@echo "== C API tests"
	@for t in $(TEST_C_BINS); do $$t || exit 1; done

test-lua: tide
	@echo "== self-checking Lua tests"
	@bash test/run-lua.sh ./tide

test-diff: tide check-deps
	@echo "== differential tests against lua5.4"
	@DIFF_REFCACHE=$(BUILD)/diff-ref DIFF_JITCHECK=1 bash test/run-diff.sh ./tide

test-errors: tide check-deps
	@echo "== uncaught error messages against lua5.4"
	@bash test/errors/run.sh ./tide

test-cli: tide check-deps
	@echo "== command line"
	@bash test/cli/run-cli.sh ./tide
	@bash test/cli/alloc-profile.sh ./tide

test-stress: all $(TEST_C_BINS)
	@echo "== under GC stress (TIDE_GC_STRESS=1)"
	@for t in $(TEST_C_BINS); do TIDE_GC_STRESS=1 $$t || exit 1; done
	@TIDE_GC_STRESS=1 bash test/run-lua.sh ./tide
	@TIDE_GC_STRESS=1 DIFF_TIMEOUT=60 DIFF_REFCACHE=$(BUILD)/diff-ref bash test/run-diff.sh ./tide

test-official: tide
	@echo "== the official Lua 5.4.4 test suite"
	@bash test/official/run.sh ./tide

test-hostile: tide
	@echo "== hostile input"
	@bash test/hostile/run.sh ./tide

# vm.h must compile as pedantic C99 and C++11, and an installed Tide must
# be usable by a host program built outside the tree: with the flags the
# README gives, and with pkg-config's (shared, and static: Libs.private).
# libtide.so exports vm_* only, under its soname libtide.so.MAJOR.
INST := $(BUILD)/inst
test-install: all check-deps
	@echo "== public header and installation"
	@$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -x c vm.h
	@if command -v g++ >/dev/null; then g++ -std=c++11 -pedantic -Wall -Werror -fsyntax-only -x c++ vm.h; fi
	@rm -rf $(INST) && $(MAKE) --no-print-directory install PREFIX=$(CURDIR)/$(INST) >/dev/null
	@nm -D --defined-only $(INST)/lib/libtide.so | \
	  awk '$$3 !~ /^vm_/ { print "libtide.so exports " $$3 " (not vm_*)"; bad = 1 } END { exit bad }'
	@test "$$(readlink $(INST)/lib/$(SONAME))" = $(SOFILE) && test "$$(readlink $(INST)/lib/libtide.so)" = $(SOFILE)
	@readelf -d $(INST)/lib/$(SOFILE) | grep -q 'SONAME.*\[$(SONAME)\]'
	@$(CC) -I$(INST)/include examples/host.c -L$(INST)/lib -ltide $(LDLIBS) -o $(INST)/host
	@LD_LIBRARY_PATH=$(INST)/lib $(INST)/host | grep -q "^2 results: 42-xxx 3.14" && echo "installed library works"
	@export PKG_CONFIG_PATH=$(INST)/lib/pkgconfig; \
	  $(CC) examples/host.c $$(pkg-config --cflags --libs tide) -o $(INST)/host-pc && \
	  $(CC) examples/host.c $$(pkg-config --cflags --libs --static tide | sed 's/-ltide /-l:libtide.a /') -o $(INST)/host-static
	@readelf -d $(INST)/host-pc | grep -q 'NEEDED.*\[$(SONAME)\]'
	@if readelf -d $(INST)/host-static | grep -q 'NEEDED.*libtide'; then echo "host-static needs libtide.so"; exit 1; fi
	@LD_LIBRARY_PATH=$(INST)/lib $(INST)/host-pc | grep -q "^2 results: 42-xxx 3.14"
	@$(INST)/host-static | grep -q "^2 results: 42-xxx 3.14" && echo "pkg-config tide works (shared and --static)"

# A separate build tree with sanitizers; it reuses nothing from the normal one.
test-san:
	@echo "== ASan + UBSan"
	@$(MAKE) -j2 --no-print-directory BUILD=$(SAN_BUILD) OPT="$(SAN_FLAGS)" \
	  LDLIBS="$(LDLIBS) -fsanitize=address,undefined" \
	  $(SAN_BUILD)/tide-san $(TEST_C_SRCS:test/c/%.c=$(SAN_BUILD)/ctest/%)
	@for t in $(TEST_C_SRCS:test/c/%.c=$(SAN_BUILD)/ctest/%); do \
	  ASAN_OPTIONS=detect_leaks=0 $$t || exit 1; done
	@ASAN_OPTIONS=detect_leaks=0 bash test/run-lua.sh $(SAN_BUILD)/tide-san
	@echo "== ASan + UBSan, JIT forced"
	@ASAN_OPTIONS=detect_leaks=0 TIDE_JIT=on,hotloop=1,hotexit=1 bash test/run-lua.sh $(SAN_BUILD)/tide-san
	@echo "== ASan + UBSan: hostile input (no address-space limits), the official all.lua"
	@HOSTILE_NO_ULIMIT=1 ASAN_OPTIONS=detect_leaks=0 bash test/hostile/run.sh $(SAN_BUILD)/tide-san
	@ASAN_OPTIONS=detect_leaks=0 bash test/official/run.sh --all-only $(SAN_BUILD)/tide-san

# test/c/asan_alloc.c puts mimalloc's entry points on malloc, so ASan sees
# every object (the sanitizer builds only)
$(SAN_BUILD)/tide-san: $(SAN_BUILD)/cli.o $(OBJS) test/c/asan_alloc.c
	$(CC) $(CFLAGS) -rdynamic -o $@ $^ $(LDLIBS)

# (a directory of its own: $(BUILD)/test/% would also match inside the
# sanitizer sub-make and rebuild the root libtide.a from sanitized objects)
$(SAN_BUILD)/ctest/%: test/c/%.c test/c/check.h test/c/asan_alloc.c $(OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I. $< test/c/asan_alloc.c -o $@ $(OBJS) $(LDLIBS)

test-fuzz:
	@$(MAKE) -j2 --no-print-directory BUILD=$(SAN_BUILD) OPT="$(SAN_FLAGS)" \
	  LDLIBS="$(LDLIBS) -fsanitize=address,undefined" $(SAN_BUILD)/ctest/fuzz_parser
	@echo "== parser fuzzing for $(FUZZ_SECONDS) s (ASan + UBSan)"
	@ASAN_OPTIONS=detect_leaks=0 $(SAN_BUILD)/ctest/fuzz_parser $(FUZZ_SECONDS) test/diff/*.lua test/lua/*.lua

# Random-program differential fuzzing: test/fuzz/genprog.lua writes random
# deterministic programs, test/fuzz/run.sh runs each under lua5.4 and tide and
# saves any mismatch to test/fuzz/failures/SEED.lua. `make test` runs it for
# PROGFUZZ_SECONDS from a fixed first seed (reproducible), with the JIT off
# and again with it forced (which found a loop closed on the wrong branch);
# `make fuzz` runs
# it from a clock-derived seed and then the parser fuzzer, 300 s each
# (override with FUZZ_SECONDS=N on the command line or in the environment).
PROGFUZZ_SECONDS ?= 10
PROGFUZZ_SEED    ?= 1
LONG_FUZZ_SECONDS = $(if $(filter command line environment,$(origin FUZZ_SECONDS)),$(FUZZ_SECONDS),300)
.PHONY: test-progfuzz fuzz

test-progfuzz: tide check-deps
	@echo "== random-program differential fuzzing for $(PROGFUZZ_SECONDS) s"
	@bash test/fuzz/run.sh ./tide $(PROGFUZZ_SECONDS) $(PROGFUZZ_SEED)
	@echo "== the same with the JIT forced (every loop and exit hot at once) for $(PROGFUZZ_SECONDS) s"
	@TIDE_JIT=on,hotloop=1,hotexit=1 bash test/fuzz/run.sh ./tide $(PROGFUZZ_SECONDS) $(PROGFUZZ_SEED)

fuzz: tide check-deps
	@echo "== random-program differential fuzzing for $(LONG_FUZZ_SECONDS) s"
	@bash test/fuzz/run.sh ./tide $(LONG_FUZZ_SECONDS)
	@$(MAKE) --no-print-directory test-fuzz FUZZ_SECONDS=$(LONG_FUZZ_SECONDS)

# ---------------------------------------------------------------- binary chunks
# The undump fuzzer (test/c/fuzz_undump.c) for UNDUMP_FUZZ_SECONDS seconds
# under ASan + UBSan: damaged string.dump output of the test/diff programs
# must be rejected cleanly, and whatever the verifier accepts must run
# (under an instruction budget) without corrupting the VM. Part of `make test`.
UNDUMP_FUZZ_SECONDS ?= 8
.PHONY: test-fuzz-undump
test: test-fuzz-undump

test-fuzz-undump:
	@$(MAKE) -j2 --no-print-directory BUILD=$(SAN_BUILD) OPT="$(SAN_FLAGS)" \
	  LDLIBS="$(LDLIBS) -fsanitize=address,undefined" $(SAN_BUILD)/ctest/fuzz_undump
	@echo "== binary chunk fuzzing for $(UNDUMP_FUZZ_SECONDS) s (ASan + UBSan)"
	@ASAN_OPTIONS=detect_leaks=0 $(SAN_BUILD)/ctest/fuzz_undump $(UNDUMP_FUZZ_SECONDS) test/diff/*.lua

# The debug build (make debug): API-misuse assertions on. Every C test and
# the Lua suite must pass there (no false alarms), and each misuse case in
# test/c/misuse.c must stop with "tide: API misuse".
MISUSE_CASES := badindex zeroindex overpush notatable fewargs settop metatable uservalue
.PHONY: test-debug
# (joins `test:` once every C test respects the acceptable-index rule)
test: test-debug
test-debug: debug
	@echo "== debug build with API assertions"
	@mkdir -p build-debug/ctest
	@for src in $(TEST_C_SRCS) test/c/misuse.c; do \
	  b=build-debug/ctest/$$(basename $$src .c); \
	  $(CC) -std=gnu11 -O0 -g -DTIDE_ASSERT -I. $$src -o $$b build-debug/libtide.a $(LDLIBS) || exit 1; \
	done
	@for src in $(TEST_C_SRCS); do build-debug/ctest/$$(basename $$src .c) || exit 1; done
	@bash test/run-lua.sh build-debug/tide
	@# big blocks when mmap fails (the mimalloc fallback)
	@TIDE_TEST_NOMMAP=1 build-debug/tide test/lua/gc_bigblocks.lua | grep -q "^OK" || \
	  { echo "gc_bigblocks with mmap failing: FAIL"; exit 1; }
	@for c in $(MISUSE_CASES); do \
	  if build-debug/ctest/misuse $$c 2>build-debug/misuse.err; then \
	    echo "misuse '$$c' not caught"; exit 1; fi; \
	  grep -q "tide: API misuse" build-debug/misuse.err || { echo "misuse '$$c': no message"; cat build-debug/misuse.err; exit 1; }; \
	done
	@echo "$(words $(MISUSE_CASES)) API misuse cases caught"

# ---------------------------------------------------------------- examples
# The host examples (examples/*.c): each builds as strict C99 against vm.h
# and libtide.a (cmodule.c as a C module that ./tide loads with require),
# runs, and must print exactly examples/expected/NAME.out (examples/run.sh).
EXAMPLES      := config userdata eventloop sandbox snippets
EXAMPLE_FLAGS := -std=c99 -O2 -g -Wall -Wextra -Werror -I.
.PHONY: test-examples
test-quick: test-examples

$(BUILD)/examples/%: examples/%.c libtide.a vm.h
	@mkdir -p $(dir $@)
	$(CC) $(EXAMPLE_FLAGS) $< -o $@ libtide.a $(LDLIBS)

$(BUILD)/examples/cmodule.so: examples/cmodule.c vm.h
	@mkdir -p $(dir $@)
	$(CC) $(EXAMPLE_FLAGS) -shared -fPIC $< -o $@

test-examples: $(EXAMPLES:%=$(BUILD)/examples/%) $(BUILD)/examples/cmodule.so tide
	@echo "== host examples"
	@bash examples/run.sh $(BUILD)/examples ./tide

# ---------------------------------------------------------------- amalgamation
# `make amalg` (tools/amalg.sh) must give one C file that builds the library
# with one compiler command and no warning: compile it, link examples/host.c
# against the object, run it. Then the self-checking Lua tests run on a tide
# built from it, in case a rename changed what some name refers to.
.PHONY: test-amalg
test: test-amalg

test-amalg: $(AMALG) $(TEST_CMOD) | $(DEPS_STAMP)
	@echo "== amalgamation ($(AMALG))"
	$(CC) $(CFLAGS) -Werror -c $(AMALG) -o $(AMALG_DIR)/tide.o
	$(CC) $(CFLAGS) -I$(AMALG_DIR) examples/host.c $(AMALG_DIR)/tide.o $(LDLIBS) -o $(AMALG_DIR)/host
	@$(AMALG_DIR)/host | grep -q "^2 results: 42-xxx 3.14" && echo "amalgamated library works"
	$(CC) $(CFLAGS) -rdynamic -I$(AMALG_DIR) cli.c $(AMALG_DIR)/tide.o $(LDLIBS) -o $(AMALG_DIR)/tide
	@bash test/run-lua.sh $(AMALG_DIR)/tide

# ---------------------------------------------------------------- doc examples
.PHONY: test-docs
test-quick: test-docs
test-docs: libtide.a
	@echo "== examples in docs/api.md"
	@bash test/doc-examples.sh

# ---------------------------------------------------------------- JIT encoder
# The x86-64 instruction encoder (x64enc.c; not in the library yet, so
# compiled into the test): every form, over many operand combinations,
# must give the bytes GNU as gives for the same instruction text
# (test/jit/test_x64enc.c runs as and objcopy from binutils). Checked on
# x86-64 hosts only.
.PHONY: test-x64enc
test-quick: test-x64enc

$(BUILD)/test/jit/test_x64enc: test/jit/test_x64enc.c x64enc.c x64enc.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DTIDE_ASSERT -I. test/jit/test_x64enc.c x64enc.c -o $@

test-x64enc: $(BUILD)/test/jit/test_x64enc check-deps
	@echo "== x86-64 encoder against GNU as"
	@if [ "$$(uname -m)" != x86_64 ]; then echo "x64enc: not checked (x86-64 hosts only)"; \
	else $(BUILD)/test/jit/test_x64enc; fi

# ---------------------------------------------------------------- peephole rules
# The optimizer's rules (opt.rules, compiled by tools/rulegen.c):
#   - opt_rules.h is exactly what rulegen makes of opt.rules;
#   - z3 proves every rule exact and able to fire, and checks a few facts of
#     ir.h (the proofs stay in $(RULES_GEN)/smt and are redone only for
#     rules whose query changed: about 20 s from scratch);
#   - each wrong rule of test/jit/bad.rules is rejected with z3's
#     counterexample (one whose checks never hold, as unable to fire), and
#     test/jit/bad_syntax.rules gives exactly the errors of
#     test/jit/bad_syntax.expected;
#   - test/jit/test_opt.c checks constant folding against Lua 5.4's
#     results, CSE and guards, and fires every rule on instances of its
#     pattern ($(RULES_GEN)/opt_examples.h, from rulegen --examples);
#   - test/jit/fuzz_trace.c builds random traces, optimizes them, and has
#     z3 prove each equivalent to its unoptimized self (same values, same
#     exits), with the opcodes' meanings the proofs use (rulegen --sems):
#     200 traces by default (15 s: two z3 processes, one per core),
#     FUZZ_TRACES="N SEED" for more or others.
RULES_GEN := $(BUILD)/gen
.PHONY: test-rules
test-quick: test-rules

$(RULES_GEN)/opt_examples.h: opt.rules $(RULEGEN)
	@mkdir -p $(dir $@)
	$(RULEGEN) --examples $@ opt.rules

$(RULES_GEN)/opt_sems.h: opt.rules $(RULEGEN)
	@mkdir -p $(dir $@)
	$(RULEGEN) --sems $@ opt.rules

$(BUILD)/test/jit/fuzz_trace: test/jit/fuzz_trace.c libtide.a opt.h ir.h opt_rules.h $(RULES_GEN)/opt_sems.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I. -I$(RULES_GEN) test/jit/fuzz_trace.c libtide.a -o $@ $(LDLIBS)

$(BUILD)/test/jit/test_opt: test/jit/test_opt.c libtide.a opt.h ir.h opt_rules.h $(RULES_GEN)/opt_examples.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I. -I$(RULES_GEN) test/jit/test_opt.c libtide.a -o $@ $(LDLIBS)

test-rules: $(RULEGEN) $(BUILD)/test/jit/test_opt $(BUILD)/test/jit/fuzz_trace check-deps
	@echo "== peephole rules: z3 proofs, wrong rules rejected, folding, CSE, every rule fires"
	@$(RULEGEN) --check opt_rules.h opt.rules
	@$(RULEGEN) --smt $(RULES_GEN)/smt --jobs 2 opt.rules
	@$(RULEGEN) --smt $(RULES_GEN)/smt-bad --jobs 2 --expect-fail test/jit/bad.rules 2>$(RULES_GEN)/bad.out || \
	  { cat $(RULES_GEN)/bad.out; exit 1; }
	@wrong=$$(grep -c 'is wrong (as expected)' $(RULES_GEN)/bad.out); \
	  models=$$(grep -c 'counterexample (z3 get-model)' $(RULES_GEN)/bad.out); \
	  if [ "$$wrong" -lt 10 ] || [ "$$wrong" != "$$models" ] || \
	     ! grep -A4 'rule fadd_zero is wrong' $(RULES_GEN)/bad.out | grep -q '^    x  *= -0.0 '; then \
	    cat $(RULES_GEN)/bad.out; echo "bad.rules: a wrong rule without its counterexample"; exit 1; fi; \
	  echo "bad.rules: $$wrong wrong rules refuted with a counterexample"
	@if $(RULEGEN) -o /dev/null test/jit/bad_syntax.rules 2>$(RULES_GEN)/syntax.out; then \
	  echo "bad_syntax.rules: accepted"; exit 1; fi
	@diff -u test/jit/bad_syntax.expected $(RULES_GEN)/syntax.out && echo "bad_syntax.rules: errors as expected"
	@$(BUILD)/test/jit/test_opt
	@$(BUILD)/test/jit/fuzz_trace $(FUZZ_TRACES)

# ---------------------------------------------------------------- benchmarks
# The benchmark runner (make bench, bench/run.lua) at the quick sizes, one
# run each, so it keeps working: every benchmark must run under tide and
# print what lua5.4 prints. It never fails on speed. Its results go to
# $(BUILD)/bench/test, leaving those of a full `make bench` alone.
.PHONY: test-bench
test: test-bench
test-bench: tide check-deps
	@echo "== benchmarks at their quick sizes (make bench QUICK=1)"
	@$(MAKE) --no-print-directory bench QUICK=1 BENCH= SIZE= RUNS= CALLGRIND= BENCH_OUT=$(BUILD)/bench/test >/dev/null

# The interpreter's dispatch stays replicated: each instruction handler
# ends in its own indirect jump (interp.c turns GCC's cross-jumping off
# for interp_execute; merged into one jump, float loops ran 20-40% slower).
# Checked on the object code, where objdump can read it (GNU toolchains).
.PHONY: test-dispatch
test: test-dispatch
test-dispatch: $(BUILD)/interp.o
	@n=$$(objdump -d $(BUILD)/interp.o 2>/dev/null | grep -c 'jmp  *\*') ; \
	if [ "$$(uname -m)" != x86_64 ] || $(CC) -dM -E -x c /dev/null | grep -q __clang__ || \
	   ! command -v objdump >/dev/null; then \
	  echo "dispatch: not checked (x86-64 GCC and objdump only)"; \
	elif [ "$$n" -ge 40 ]; then echo "dispatch: $$n indirect jumps in interp.o"; \
	else echo "dispatch: only $$n indirect jumps in interp.o (handlers share one dispatch)"; exit 1; fi

# ---------------------------------------------------------------- big heap
# Not part of `make test` (about 4 GiB of RAM, a minute): a heap of
# several GiB of live objects works, and minor pauses do not grow with it.
.PHONY: test-bigheap
test-bigheap: tide
	@echo "== a heap of several GiB"
	@./tide test/big/bigheap.lua

# ---------------------------------------------------------------- JIT
# IR expectation tests, and the Lua and differential suites run twice more
# (the other stages run tide as it starts, with the JIT on on x86-64):
# with the JIT off (the interpreter alone) and with it forced (every loop
# hot after one iteration, every exit starts a side trace the first time it
# is taken), through TIDE_JIT so that the scripts' `arg` is what lua5.4
# gives them.
.PHONY: test-jit
test-quick: test-jit
test-jit: tide check-deps
	@echo "== JIT: IR expectations (test/jit/ir)"
	@bash test/jit/run-ir.sh ./tide
	@echo "== JIT off (TIDE_JIT=off)"
	@TIDE_JIT=off bash test/run-lua.sh ./tide
	@TIDE_JIT=off DIFF_REFCACHE=$(BUILD)/diff-ref bash test/run-diff.sh ./tide
	@echo "== JIT forced (TIDE_JIT=on,hotloop=1,hotexit=1)"
	@TIDE_JIT=on,hotloop=1,hotexit=1 bash test/run-lua.sh ./tide
	@TIDE_JIT=on,hotloop=1,hotexit=1 DIFF_REFCACHE=$(BUILD)/diff-ref bash test/run-diff.sh ./tide
