-- jit: functions>=4, traces>=8
-- Function traces: a recursive function's hot entries start a trace at
-- its first instruction. Its recursive calls link back to it with their
-- frames built, returns go back into the callers' traces (RETF), a tail
-- call of itself loops to its start (the frame marked tail-called, as
-- tracebacks show), and exits anywhere in that recursion rebuild the
-- frames the interpreter would have.
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print("fib", fib(24))

local function ack(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ack(m - 1, 1) end
  return ack(m - 1, ack(m, n - 1))
end
local s = 0
for n = 1, 6 do s = s + ack(2, n) + ack(3, n) end
print("ack", s)

-- trees: constructors taking all the results of a call (want -1)
local function bottomup(d)
  if d == 0 then return {} end
  d = d - 1
  return {bottomup(d), bottomup(d)}
end
local function check(t)
  local l, r = t[1], t[2]
  if not l then return 1 end
  return 1 + check(l) + check(r)
end
local c = 0
for d = 4, 12, 2 do c = c + check(bottomup(d)) end
print("trees", c)

-- an exit deep in the recursion: a float among the integers, a string
local function sum(t, i)
  if i > #t then return 0 end
  return t[i] + sum(t, i + 1)
end
local arr = {}
for i = 1, 150 do arr[i] = i end
local tot = 0
for r = 1, 40 do
  if r == 30 then arr[120] = 0.5 end
  tot = tot + sum(arr, 1)
end
print("sum", tot)
arr[77] = "x"
print("err", pcall(sum, arr, 1))

-- tail recursion in a recursive function: a loop, and a traceback from
-- its bottom (the frame tail-called, as the interpreter marks it)
local function count(n, acc, deep)
  if deep > 0 then local a, b = count(n, acc, deep - 1) return a, b end
  if n == 0 then return acc, debug.traceback("bottom", 1) end
  return count(n - 1, acc + n, 0)
end
local acc, tb
local tbs = {}
for r = 1, 3000 do acc, tb = count(20 + r % 7, 0, 2); tbs[tb] = (tbs[tb] or 0) + 1 end
local ntb = 0
for k, v in pairs(tbs) do ntb = ntb + 1 end
print("tail", acc, ntb)
print(tb)
local function countdown(n, deep)
  if deep > 0 then return (countdown(n, deep - 1)) end
  if n == 0 then error("at the bottom") end
  return countdown(n - 1, 0)
end
for r = 1, 20 do print(pcall(countdown, 100 + r, 3)) end

-- recursion in a coroutine, yielding at the bottom and resumed there
local function deep(n) if n == 0 then coroutine.yield("bottom") return 0 end return 1 + deep(n - 1) end
for r = 1, 5 do
  local co = coroutine.create(deep)
  print(coroutine.resume(co, 200 + r))
  print(coroutine.resume(co))
end

-- hanoi with a move counter in an upvalue
local moves = 0
local function hanoi(n, a, b, c2)
  if n == 0 then return end
  hanoi(n - 1, a, c2, b)
  moves = moves + 1
  hanoi(n - 1, c2, b, a)
end
hanoi(14, 1, 2, 3)
print("hanoi", moves)
