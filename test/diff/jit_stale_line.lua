-- jit: traces>=2, side>=1
-- Integer % and // by zero report the line of the last instruction that
-- saved the frame's pc (a call, say), as lua5.4 does, not their own: the
-- pc an exit from a trace resumes at is not that line. Each function runs
-- hot in a trace first, then the divisor becomes 0 after an exit.

local function pick(x) return x end

-- the error after a call in the same frame: the call's line
local function term(a, b, op)
  local v = a
  local r = pick(b)
  if op == "*" then v = v * r
  elseif op == "/" then v = v / r
  else v = v % r end
  return v
end

local s = 0
for i = 1, 300 do s = s + term(i, 7, i % 3 == 0 and "*" or "%") end
print(s)
print(pcall(term, 7, 0, "%"))

-- in a loop: the divisor turns 0 after many iterations in the trace
local function scan(t)
  local acc = 0
  for i = 1, #t do
    local d = pick(t[i])
    if d > 100 then acc = acc + 1 end
    acc = acc + 1000 // d
  end
  return acc
end
local t = {}
for i = 1, 400 do t[i] = i end
print(scan(t))
t[350] = 0
print(pcall(scan, t))

-- a side trace from inside an inlined call
local function step(v, k)
  if k % 2 == 0 then
    return v + k
  end
  return v % (k - 9)
end
local function run(n)
  local v = 1
  for k = 1, n do v = step(v, k) end
  return v
end
print(run(8))
for _ = 1, 50 do run(8) end
print(pcall(run, 9))
