-- lib_package.lua: package and require, using preload and files that exist
-- in the repository (run from the repository root, as test/run-lua.sh
-- does). Must pass under lua5.4 too.

local function err(f, ...)
  local ok, e = pcall(f, ...)
  assert(not ok, "expected an error")
  return e
end

local function eq(got, want)
  if got ~= want then
    error(string.format("got %q, want %q", tostring(got), tostring(want)), 2)
  end
end

eq(package.config, "/\n;\n?\n!\n-\n")
eq(type(package.path), "string"); eq(type(package.cpath), "string")
eq(package.loaded.string, string); eq(package.loaded._G, _G); eq(package.loaded.package, package)
eq(#package.searchers, 4)

-- searchpath
eq(package.searchpath("test.lua.lib_package", "./?.lua"), "./test/lua/lib_package.lua")
eq(package.searchpath("lib_package", "nothere/?.x;test/lua/?.lua"), "test/lua/lib_package.lua")
do
  local f, m = package.searchpath("a.b", "./?.x;/nonexistent/?.y")
  eq(f, nil); eq(m, "no file './a/b.x'\n\tno file '/nonexistent/a/b.y'")
  f, m = package.searchpath("a.b", "./?.x", "", "/")
  eq(m, "no file './a.b.x'")
  f, m = package.searchpath("a_b", "./?.x", "_", "+")
  eq(m, "no file './a+b.x'")
end

-- preload, loader arguments, two results
do
  local args
  package.preload.pm = function(...) args = {...}; return "PM" end
  local v, data = require("pm")
  eq(v, "PM"); eq(data, ":preload:"); eq(args[1], "pm"); eq(args[2], ":preload:")
  eq(package.loaded.pm, "PM")
  eq(select("#", require("pm")), 1)       -- already loaded: one result
  package.preload.none = function() end
  eq(require("none"), true); eq(package.loaded.none, true)
  package.preload.self = function(name) package.loaded[name] = "set" end
  eq(require("self"), "set")
  package.preload.boom = function() error("boom", 0) end
  eq(err(require, "boom"), "boom")
  eq(package.loaded.boom, nil)
end

-- Lua files along package.path
do
  local saved = package.path
  package.path = "test/lua/?.lua"
  package.loaded.lib_package_mod = nil
  local ok, e = pcall(require, "no_such_module_x")
  assert(not ok)
  eq(e:match("^[^\n]*"), "module 'no_such_module_x' not found:")
  assert(e:find("\n\tno field package.preload['no_such_module_x']", 1, true))
  assert(e:find("\n\tno file 'test/lua/no_such_module_x.lua'", 1, true))
  package.path = {}
  assert(err(require, "zz"):find("'package.path' must be a string", 1, true))
  package.path = saved
  local searchers = package.searchers
  package.searchers = nil
  assert(err(require, "zz"):find("'package.searchers' must be a table", 1, true))
  package.searchers = searchers
  eq(err(require), "bad argument #1 to 'require' (string expected, got no value)")
end

-- a custom searcher
do
  table.insert(package.searchers, 2, function(name)
    if name == "virtual" then return function(n, extra) return {n, extra} end, "xtra" end
    return "\n\tnot virtual"
  end)
  local m, d = require("virtual")
  eq(m[1], "virtual"); eq(m[2], "xtra"); eq(d, "xtra")
  assert(err(require, "nothing_here"):find("\n\tnot virtual", 1, true))
  table.remove(package.searchers, 2)
end

print("OK lib_package")
