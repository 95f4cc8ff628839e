-- load: custom _ENV tables, functions sharing an env, env with __index fallback, global writes
local env = setmetatable({}, {__index = _G})
local f = load("x = 10; y = (y or 0) + 1; return print ~= nil, x + y", "chunk", "t", env)
print(f())
print(f())
print(env.x, env.y, rawget(_G, "x"), rawget(_G, "y"))
local sandbox = {}
local g = load("a = 1; b = 2; return a + b", "sb", "t", sandbox)
print(g(), sandbox.a, sandbox.b)
local keys = {}
for k in pairs(sandbox) do keys[#keys + 1] = k end
table.sort(keys)
print(table.concat(keys, ","))
local h = load("return print", "np", "t", {})
print(h())
local ro = setmetatable({}, {__newindex = function(t, k, v) error("cannot set " .. k, 2) end, __index = _G})
print(pcall(load("z = 1", "ro", "t", ro)))
local counter = load("local n = 0; return function() n = n + 1; return n end")()
print(counter(), counter(), counter())
local src = "local a, b = ...; return a * b, select('#', ...)"
print(load(src)(6, 7, 8))
print(load("return _ENV.tag", "e", "t", {tag = "env tag"})())
local e2 = {}
local fun = load("function gfun() return 'defined in env' end", "def", "t", e2)
fun()
print(type(e2.gfun), e2.gfun(), rawget(_G, "gfun"))
