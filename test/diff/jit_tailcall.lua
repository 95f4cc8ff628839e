-- jit: traces>=6, aborts<=4
-- Tail calls of Lua functions inside compiled loops (return g(...) in a
-- function the loop calls): the callee takes its caller's frame, as in
-- the interpreter, so exits inside it rebuild the same frames (a tail
-- call, for debug.getinfo and tracebacks), errors name the same lines,
-- and the results go where the first call wanted them.

local function g(x, y) return x * 2 + (y or 0) end
local function f(x) return g(x, 1) end
local s = 0
for i = 1, 500 do s = s + f(i) end
print("simple", s)

-- several results, and results wanted by a call that takes them all
local function pair(x) return x, -x end
local function viapair(x) return pair(x + 1) end
local function sum2(a, b) return a + b + 1 end
local t = 0
for i = 1, 400 do
  local a, b = viapair(i)
  t = t + a * 3 + b + sum2(viapair(i))
end
print("results", t)

-- arguments up to the top (a call's results passed on), fewer arguments
-- than parameters, a chain of tail calls
local function three(x) return x, x + 1, x + 2 end
local function add3(a, b, c, d) return a + b + c + (d or 100) end
local function chain2(x) return add3(three(x)) end
local function chain1(x) return chain2(x) end
t = 0
for i = 1, 400 do t = t + chain1(i) end
print("chain", t)

-- exits inside the tail-called function; there it sees itself as a tail
-- call, and a traceback shows the tail call
local seen, trace = 0, nil
local function inner(i)
  if i % 97 == 0 then
    local info = debug.getinfo(1, "t")
    if info.istailcall then seen = seen + 1 end
    if i == 291 then trace = debug.traceback("tb", 1) end
  end
  return i % 7
end
local function outer(i) return inner(i) end
t = 0
for i = 1, 400 do t = t + outer(i) end
print("exits", t, seen)
print((trace:gsub("\n%s*%[C%]: in %?", "")))

-- an error raised in the tail-called function: the message's position,
-- at level 1 and at level 2 (the caller of the first call: the loop)
local function failing(i, bad)
  if i == bad and bad == 333 then error("at level 1") end
  if i == bad then error("at level 2", 2) end
  return 1
end
local function forward(i, bad) return failing(i, bad) end
for _, bad in ipairs({333, 366}) do
  local ok, err = pcall(function()
    local n = 0
    for i = 1, 400 do n = n + forward(i, bad) end
    return n
  end)
  print("error", ok, err)
end

-- a tail call to a function of another shape on some iterations (its
-- guard exits), and a method tail call
local function sq(x) return x * x end
local function cube(x) return x * x * x end
local function pick(i) if i % 50 == 0 then return cube(i) end return sq(i) end
local Obj = {}
Obj.__index = Obj
function Obj:get(k) return self.v + k end
function Obj:via(k) return self:get(k) end
local o = setmetatable({v = 5}, Obj)
t = 0
for i = 1, 400 do t = t + pick(i) + o:via(i) end
print("shapes", t)
