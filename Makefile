# Tide — build, test, install.
#
#   make            libtide.a, libtide.so and the tide binary
#   make run        build and run a demo script
#   make test       every test (see test/README.md)
#   make install PREFIX=/usr/local
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
        meta.c opcodes.c parse.c str.c table.c undump.c vm.c \
        libbase.c libcoro.c libinit.c libio.c libmath.c libos.c libpackage.c libstring.c \
        libstrpack.c libtable.c libutf8.c libdebug.c

OBJS     := $(CORE:%.c=$(BUILD)/%.o)
PIC_OBJS := $(CORE:%.c=$(BUILD)/pic/%.o)
HEADERS  := vm.h internal.h opcodes.h compiler.h libstrpack.h

.PHONY: all run test clean install deps check-deps debug
all: libtide.a libtide.so tide

# ---------------------------------------------------------------- deps
# Debian packages the build and the tests need.
BUILD_PKGS := libmimalloc-dev libxxhash-dev libedit-dev
TEST_PKGS  := lua5.4
DEPS_STAMP := $(BUILD)/.deps-ok

$(DEPS_STAMP):
	@sh tools/check-deps.sh build $(BUILD_PKGS)
	@mkdir -p $(BUILD) && touch $@

check-deps:
	@sh tools/check-deps.sh test $(TEST_PKGS)

# ---------------------------------------------------------------- build
$(BUILD)/%.o: %.c $(HEADERS) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/pic/%.o: %.c $(HEADERS) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c $< -o $@

libtide.a: $(OBJS)
	rm -f $@
	ar rcs $@ $^

libtide.so: $(PIC_OBJS)
	$(CC) -shared -o $@ $^ $(LDLIBS)

tide: $(BUILD)/cli.o libtide.a
	$(CC) $(CFLAGS) -rdynamic -o $@ $(BUILD)/cli.o libtide.a $(LDLIBS) -ledit

# `make debug`: a build with API-misuse assertions (-DTIDE_ASSERT) in
# build-debug/ (libtide.a and tide there), for hosts developing against Tide.
DEBUG_BUILD := build-debug
debug:
	@$(MAKE) --no-print-directory BUILD=$(DEBUG_BUILD) OPT="-O0 -DTIDE_ASSERT" \
	  $(DEBUG_BUILD)/libtide.a $(DEBUG_BUILD)/tide

$(DEBUG_BUILD)/libtide.a: $(OBJS)
	rm -f $@
	ar rcs $@ $^

$(DEBUG_BUILD)/tide: $(BUILD)/cli.o $(DEBUG_BUILD)/libtide.a
	$(CC) $(CFLAGS) -rdynamic -o $@ $^ $(LDLIBS) -ledit

run: tide
	./tide examples/hello.lua

# ---------------------------------------------------------------- test
include test/test.mk

# ---------------------------------------------------------------- install
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 755 tide $(DESTDIR)$(PREFIX)/bin/tide
	install -m 644 libtide.a $(DESTDIR)$(PREFIX)/lib/libtide.a
	install -m 755 libtide.so $(DESTDIR)$(PREFIX)/lib/libtide.so
	install -m 644 vm.h $(DESTDIR)$(PREFIX)/include/vm.h

clean:
	rm -rf $(BUILD) build-san build-debug libtide.a libtide.so tide
