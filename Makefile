# Tide — build, test, install.
#
#   make            libtide.a, libtide.so and the tide binary
#   make run        build and run a demo script
#   make test       every test (see test/README.md)
#   make bench      the benchmarks against lua5.4 and luajit (bench/README.md)
#   make install PREFIX=/usr/local   (tide, vm.h, libtide.a, libtide.so*, tide.pc)
#   make amalg      the library as one C file, $(BUILD)/amalg/tide.c
#   make clean
#
# On a fresh Debian machine the first build installs what is missing when
# run as root, or stops with the exact apt-get command to run.

CC      ?= cc
OPT     ?= -O2
CFLAGS  ?=
CFLAGS  += -std=gnu11 $(OPT) -Wall -Wextra -g
LDLIBS  := -lmimalloc -lm -ldl
PREFIX  ?= /usr/local
BUILD   ?= build

CORE := api.c auxlib.c bcdump.c code.c debug.c dump.c func.c gc.c interp.c lex.c \
        asm.c asm_x64.c bclive.c ir.c jit.c record.c snap.c loop.c meta.c x64enc.c opcodes.c opt.c parse.c str.c table.c undump.c vm.c \
        libbase.c libcoro.c libinit.c libio.c libmath.c libos.c libpackage.c libstring.c \
        libstrpack.c libtable.c libutf8.c libdebug.c libtide.c libjit.c

OBJS     := $(CORE:%.c=$(BUILD)/%.o)
PIC_OBJS := $(CORE:%.c=$(BUILD)/pic/%.o)
HEADERS  := $(wildcard *.h)

# Each object depends on the headers it includes: the compiler writes
# them into a .d file next to it (-MMD), with an empty rule per header
# (-MP) so that a header removed later does not break the build.
DEPFLAGS := -MMD -MP

# Library version: major.minor from vm.h (which has no patch level). The
# shared library is the file libtide.so.MAJOR.MINOR.0 with the soname
# libtide.so.MAJOR (what executables record), and libtide.so is the name
# -ltide finds at link time; the two are symlinks to the file. (In the
# sed patterns "." stands for "#", which older makes take as a comment.)
VERSION_MAJOR := $(shell sed -n 's/^.define VM_VERSION_MAJOR *\([0-9]*\).*/\1/p' vm.h)
VERSION_MINOR := $(shell sed -n 's/^.define VM_VERSION_MINOR *\([0-9]*\).*/\1/p' vm.h)
VERSION       := $(VERSION_MAJOR).$(VERSION_MINOR).0
SONAME        := libtide.so.$(VERSION_MAJOR)
SOFILE        := libtide.so.$(VERSION)

# Library objects hide every symbol but those vm.h declares (it wraps its
# declarations in `#pragma GCC visibility push(default)`): libtide.so
# exports only vm_*, and the tide binary, linked with -rdynamic so that C
# modules resolve vm_* against it, exports just those as well.
VISIBILITY := -fvisibility=hidden

.PHONY: all run test clean install deps check-deps debug amalg
all: libtide.a libtide.so $(SONAME) tide

# ---------------------------------------------------------------- deps
# Debian packages the build and the tests need.
BUILD_PKGS := libmimalloc-dev libxxhash-dev libedit2
TEST_PKGS  := lua5.4 pkgconf time binutils z3
DEPS_STAMP := $(BUILD)/.deps-ok

$(DEPS_STAMP):
	@sh tools/check-deps.sh build $(BUILD_PKGS)
	@mkdir -p $(BUILD) && touch $@

check-deps:
	@sh tools/check-deps.sh test $(TEST_PKGS)

# ---------------------------------------------------------------- build
$(BUILD)/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) $(VISIBILITY) -c $< -o $@

$(BUILD)/pic/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) $(VISIBILITY) -fPIC -c $< -o $@

-include $(wildcard $(BUILD)/*.d $(BUILD)/pic/*.d)

libtide.a: $(OBJS)
	rm -f $@
	ar rcs $@ $^

$(SOFILE): $(PIC_OBJS)
	$(CC) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(LDLIBS)

$(SONAME) libtide.so: $(SOFILE)
	ln -sf $(SOFILE) $@

tide: $(BUILD)/cli.o libtide.a
	$(CC) $(CFLAGS) -rdynamic -o $@ $(BUILD)/cli.o libtide.a $(LDLIBS)

# The optimizer's peephole rules: tools/rulegen.c (a host tool) compiles
# opt.rules into opt_rules.h, which opt.c includes. opt_rules.h is kept in
# the repository, so every build (debug, sanitizers, the amalgamation)
# finds it next to opt.c; it is written anew when the rules or the
# generator change, and test-rules checks that it is current.
RULEGEN     := $(BUILD)/tools/rulegen
HOST_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -g
$(RULEGEN): tools/rulegen.c ir.h
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -I. tools/rulegen.c -o $@

# (the generator is built by the recipe, not named as a prerequisite: a
# sub-make with its own BUILD would build its own copy, newer than
# opt_rules.h, and rewrite opt_rules.h under the other builds)
opt_rules.h: opt.rules tools/rulegen.c ir.h
	@mkdir -p $(dir $(RULEGEN))
	$(CC) $(HOST_CFLAGS) -I. tools/rulegen.c -o $(RULEGEN)
	$(RULEGEN) -o $@.tmp opt.rules && mv $@.tmp $@

# `make debug`: a build with API-misuse assertions (-DTIDE_ASSERT) in
# build-debug/ (libtide.a and tide there), for hosts developing against Tide.
DEBUG_BUILD := build-debug
debug:
	@$(MAKE) -j2 --no-print-directory BUILD=$(DEBUG_BUILD) OPT="-O0 -DTIDE_ASSERT" \
	  $(DEBUG_BUILD)/libtide.a $(DEBUG_BUILD)/tide

$(DEBUG_BUILD)/libtide.a: $(OBJS)
	rm -f $@
	ar rcs $@ $^

$(DEBUG_BUILD)/tide: $(BUILD)/cli.o $(DEBUG_BUILD)/libtide.a
	$(CC) $(CFLAGS) -rdynamic -o $@ $^ $(LDLIBS)

run: tide
	./tide examples/hello.lua

# ---------------------------------------------------------------- benchmarks
# `make bench`: bench/run.lua (run by lua5.4) times every benchmark under
# tide, lua5.4 and luajit, checks their outputs against lua5.4's, prints a
# Markdown table and writes it with a JSON file to $(BENCH_OUT). Options:
#   BENCH=name[,name]  only these (bench/NAME.lua)   SIZE=n  their size
#   QUICK=1            the quick sizes, 1 run each   RUNS=n  runs (default 5)
#   CALLGRIND=1        instruction counts (valgrind) instead of wall time
BENCH_OUT ?= $(BUILD)/bench
bench_on   = $(filter-out 0 no,$(1))
.PHONY: bench
bench: tide check-deps
	@lua5.4 bench/run.lua --out=$(BENCH_OUT) $(if $(BENCH),--bench='$(BENCH)') \
	  $(if $(SIZE),--size='$(SIZE)') $(if $(RUNS),--runs='$(RUNS)') \
	  $(if $(call bench_on,$(QUICK)),--quick) $(if $(call bench_on,$(CALLGRIND)),--callgrind)

# What allocation sampling costs, in instruction counts (bench/gc_sampling.sh).
.PHONY: bench-sampling
bench-sampling: | $(DEPS_STAMP)
	bash bench/gc_sampling.sh

# ---------------------------------------------------------------- amalgamation
# `make amalg`: $(BUILD)/amalg/tide.c, the library (not cli.c) as one C
# file that builds with `cc -c tide.c`, with a copy of vm.h next to it.
# tools/amalg.sh pastes the sources one after the other (their names are
# unique across the library; it checks that they are).
AMALG_DIR := $(BUILD)/amalg
AMALG     := $(AMALG_DIR)/tide.c
amalg: $(AMALG)

$(AMALG): tools/amalg.sh $(CORE) $(HEADERS)
	sh tools/amalg.sh $(AMALG_DIR) $(CORE)

# ---------------------------------------------------------------- test
include test/test.mk

# ---------------------------------------------------------------- install
# The soname and development symlinks are made here, so no ldconfig run is
# needed to create them. (Installing into a directory the dynamic loader
# only knows through its cache, like /usr/local/lib, still wants `ldconfig`
# before programs can load libtide.so.$(VERSION_MAJOR) from there.)
install: all $(BUILD)/tide.pc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 tide $(DESTDIR)$(PREFIX)/bin/tide
	install -m 644 libtide.a $(DESTDIR)$(PREFIX)/lib/libtide.a
	install -m 755 $(SOFILE) $(DESTDIR)$(PREFIX)/lib/$(SOFILE)
	ln -sf $(SOFILE) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SOFILE) $(DESTDIR)$(PREFIX)/lib/libtide.so
	install -m 644 vm.h $(DESTDIR)$(PREFIX)/include/vm.h
	install -m 644 $(BUILD)/tide.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/tide.pc

# tide.pc names the PREFIX being installed to, so it is written anew on
# every install (a different PREFIX leaves no timestamp to compare with).
.PHONY: $(BUILD)/tide.pc
$(BUILD)/tide.pc: tools/tide.pc.in
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' tools/tide.pc.in > $@

clean:
	rm -rf $(BUILD) build-san build-debug libtide.a libtide.so libtide.so.* tide
