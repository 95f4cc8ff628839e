-- debug.getinfo fields S, l, n, u, t for Lua functions, main chunk and C functions
local function f(a, b, ...)
  local info = debug.getinfo(1, "Slnut")
  return info
end
local i = f()
print(i.source, i.short_src, i.what, i.linedefined, i.lastlinedefined, i.currentline)
print(i.name, i.namewhat, i.nups, i.nparams, i.isvararg, i.istailcall)
local function g(x) return debug.getinfo(1, "nt") end
local function tail() return g() end
local it = tail()
print(it.name, it.namewhat, it.istailcall)
local m = debug.getinfo(1, "Sl")
print(m.what, m.linedefined, m.lastlinedefined, m.currentline, m.short_src)
local c = debug.getinfo(print, "Su")
print(c.what, c.source, c.short_src, c.linedefined, c.lastlinedefined, c.nups, c.nparams, c.isvararg)
local h = debug.getinfo(f, "Su")
print(h.what, h.linedefined, h.lastlinedefined, h.nparams, h.isvararg, h.nups, h.currentline)
local up1, up2 = 1, 2
local function uses() return up1 + up2 end
print(debug.getinfo(uses, "u").nups, debug.getinfo(function() end, "u").nups)
print(debug.getinfo(100), pcall(debug.getinfo, 1, ">"))
print(pcall(debug.getinfo, 1, "q"))
print(pcall(debug.getinfo, {}))
print(pcall(debug.getinfo))
local t = debug.getinfo(1, "")
local keys = {}
for k in pairs(t) do keys[#keys + 1] = k end
print(#keys)
local L = load("return debug.getinfo(1, 'S')", "=custom")()
print(L.source, L.short_src, L.what)
local L2 = load("return debug.getinfo(1, 'S')", "some code")()
print(L2.source, L2.short_src)
local obj = {}
function obj.method() return debug.getinfo(1, "n") end
function obj:meth2() return debug.getinfo(1, "n") end
local r1, r2 = obj.method(), obj:meth2()
print(r1.name, r1.namewhat, r2.name, r2.namewhat)
glob = function() return debug.getinfo(1, "n") end
local r3 = glob()
print(r3.name, r3.namewhat)
local act = debug.getinfo(1, "f").func
print(type(act), debug.getinfo(f, "f").func == f)
