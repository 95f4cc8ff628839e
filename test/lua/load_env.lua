-- self-check: load, chunk names, environments
local f = load("return 1 + 2")
assert(f() == 3)
assert(load("return ...")(1, 2) == 1)
local env = {x = 5}
local g = load("x = x * 2 return x", "=chunk", "t", env)
assert(g() == 10 and env.x == 10 and x == nil)
local bad, err = load("x = = 1", "=name")
assert(bad == nil and err == "name:1: unexpected symbol near '='")
bad, err = load("x = = 1", "@file.lua")
assert(err == "file.lua:1: unexpected symbol near '='")
bad, err = load("x = = 1")
assert(err == '[string "x = = 1"]:1: unexpected symbol near \'=\'')
bad, err = load("return 1", "=m", "b")
assert(bad == nil and err:find("attempt to load a text chunk", 1, true))
local parts = {"return ", "4", "2"}
local i = 0
local r = load(function() i = i + 1 return parts[i] end)
assert(r() == 42)
local pieces = {}
local src = "local a = 1 local b = 2 return a + b"
for n = 1, #src do pieces[n] = src:sub(n, n) end
i = 0
assert(load(function() i = i + 1 return pieces[i] end)() == 3)
assert(load("return _ENV")() == _G)
do
  local assert = assert
  local _ENV = {y = 7}
  assert(y == 7)
end
local function sandbox(_ENV) return a + b end
assert(sandbox({a = 1, b = 2}) == 3)
local fenv = load("return function() return v end", "=f", "t", {v = "captured"})()
assert(fenv() == "captured")
local okl, e = pcall(load("error('x')", "=errchunk"))
assert(not okl and e == "errchunk:1: x")
local okm, em = pcall(load("local t = nil; return t.x", "=idx"))
assert(em == "idx:1: attempt to index a nil value (local 't')")
local code = {}
for n = 1, 200 do code[n] = "local v" .. n .. " = " .. n end
code[#code + 1] = "return v200"
assert(load(table.concat(code, "\n"))() == 200)
local code2 = {}
for n = 1, 201 do code2[n] = "local v" .. n .. " = " .. n end
local fl, el = load(table.concat(code2, "\n"), "=many")
assert(fl == nil and el:find("too many local variables", 1, true))
assert(load("") ~= nil and select('#', load("")()) == 0)
local okc, ec = pcall(load, string.rep("(", 1000) .. "1" .. string.rep(")", 1000))
assert(okc)
local ok2 = pcall(load("return " .. string.rep("(", 100) .. "1" .. string.rep(")", 100)))
assert(ok2)
print("OK load_env")
