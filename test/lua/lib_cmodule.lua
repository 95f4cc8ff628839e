-- lib_cmodule.lua: C modules loaded with dlopen — require through the C and
-- all-in-one searchers, package.loadlib and its failures. Needs
-- build/test/mod_hello.so (test/c/mod_hello.c, built by `make test-lua`)
-- and Tide's module ABI (entry points vm_open_NAME), so it runs under
-- Tide only; run from the repository root, as test/run-lua.sh does.

local function eq(got, want)
  if got ~= want then
    error(string.format("got %q, want %q", tostring(got), tostring(want)), 2)
  end
end

local function has(s, part)
  if not string.find(s, part, 1, true) then
    error(string.format("%q does not contain %q", s, part), 2)
  end
end

local SO = "build/test/mod_hello.so"
do
  local fh = assert(io.open(SO), SO .. " missing: build it with `make test-lua`")
  fh:close()
end
package.cpath = "build/test/?.so"

-- require through the C searcher
do
  local m, file = require("mod_hello")
  eq(type(m), "table")
  eq(file, SO)
  eq(m.name, "mod_hello"); eq(m.file, SO)     -- the loader's two arguments
  eq(m.greet("tide"), "hello, tide")
  eq(m.add(40, 2), 42)
  local c = m.counter()
  eq(c(), 1); eq(c(), 2); eq(c(), 3)
  eq(m.counter()(), 1)
  eq(package.loaded.mod_hello, m)
  eq(require("mod_hello"), m)                 -- cached
  local ok, e = pcall(m.greet)
  assert(not ok)
  eq(e, "bad argument #1 to 'mod_hello.greet' (string expected, got no value)")
end

-- the all-in-one searcher: "mod_hello.sub" from mod_hello.so
do
  local v, file = require("mod_hello.sub")
  eq(v, "sub of mod_hello.sub"); eq(file, SO)
  local ok, e = pcall(require, "mod_hello.nothing")
  assert(not ok)
  has(e, "module 'mod_hello.nothing' not found:")
  has(e, "\n\tno file 'build/test/mod_hello/nothing.so'")
  has(e, "\n\tno module 'mod_hello.nothing' in file '" .. SO .. "'")
end

-- hyphens: the part before the first one names the entry point; failing
-- that, the part after it
do
  local saved = package.cpath
  package.cpath = SO                          -- every name maps to this file
  local m = require("mod_hello-v2")
  eq(m.name, "mod_hello-v2"); eq(m.greet("x"), "hello, x")
  m = require("other-mod_hello")              -- vm_open_other is absent
  eq(m.name, "other-mod_hello")
  local ok, e = pcall(require, "nope-nada")
  assert(not ok)
  has(e, "error loading module 'nope-nada' from file '" .. SO .. "':\n\t")
  has(e, "vm_open_nada")                      -- dlerror() names the last symbol tried
  package.cpath = saved
end

-- a module file the C searcher finds but that has no entry point
do
  local ok, e = pcall(require, "mod_hello_absent_sym")
  assert(not ok)
  has(e, "no file 'build/test/mod_hello_absent_sym.so'")
  local saved = package.cpath
  package.cpath = SO
  ok, e = pcall(require, "zzz")
  assert(not ok)
  has(e, "error loading module 'zzz' from file '" .. SO .. "':\n\t")
  has(e, "undefined symbol: vm_open_zzz")
  package.cpath = saved
end

-- a file that is not a shared object
do
  local junk = os.tmpname()
  local f = assert(io.open(junk, "w"))
  f:write("not an ELF file\n")
  f:close()
  local saved = package.cpath
  package.cpath = junk
  local ok, e = pcall(require, "junkmod")
  assert(not ok)
  has(e, "error loading module 'junkmod' from file '" .. junk .. "':\n\t" .. junk)
  package.cpath = saved
  local r1, r2, r3 = package.loadlib(junk, "vm_open_x")
  eq(r1, nil); eq(type(r2), "string"); eq(r3, "open")
  has(r2, junk)
  os.remove(junk)
end

-- package.loadlib
do
  local add = package.loadlib(SO, "mod_hello_add")
  eq(type(add), "function")
  eq(add(1, 2), 3)
  local open = package.loadlib(SO, "vm_open_mod_hello")
  eq(open("direct").name, "direct")
  local r1, r2, r3 = package.loadlib(SO, "no_such_function")
  eq(r1, nil); eq(r3, "init")
  has(r2, "undefined symbol: no_such_function")
  eq(select("#", package.loadlib(SO, "no_such_function")), 3)
  r1, r2, r3 = package.loadlib("build/test/no_such_lib.so", "f")
  eq(r1, nil); eq(r3, "open")
  has(r2, "build/test/no_such_lib.so")
  eq(package.loadlib(SO, "*"), true)          -- only links it
  eq(package.loadlib(SO, "*anything"), true)
  -- a relative path without '/' goes through the dynamic linker's search
  r1, r2, r3 = package.loadlib("mod_hello_not_in_any_path.so", "f")
  eq(r1, nil); eq(r3, "open")
  local ok, e = pcall(package.loadlib, SO)
  assert(not ok)
  eq(e, "bad argument #2 to 'package.loadlib' (string expected, got no value)")
end

print("OK lib_cmodule")
