-- jit: traces>=3, aborts<=2
-- Tail calls from vararg functions inlined into traces: the frame goes
-- back down to where it was called (TAILCALL's C) before the callee's
-- function and arguments move there; the callee is marked tail-called.
local function sum3(a, b, c) return a + (b or 0) + (c or 0) end
local function apply(f, ...) return f(...) end
local function partial(f, x) return function(...) return f(x, ...) end end
local add10 = partial(sum3, 10)
local s = 0
for i = 1, 400 do s = s + apply(sum3, i, i % 7) + add10(i) + add10(i, 1) end
print("sum", s)
local function info(...)
  local d = debug.getinfo(1, "t")
  return select("#", ...) + (d.istailcall and 1000 or 0)
end
local function fwd(...) return info(...) end
local t = 0
for i = 1, 300 do t = t + fwd(i, i, i) end
print("tail", t)
local function boom(x) if x == 250 then error("boom at " .. x) end return x end
local function via(...) return boom(...) end
local ok, err = pcall(function()
  local u = 0
  for i = 1, 300 do u = u + via(i) end
  return u
end)
print(ok, err)
