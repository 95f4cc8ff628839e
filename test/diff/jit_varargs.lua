-- jit: traces>=5, aborts<=4
-- Vararg functions inlined into compiled loops: the frame VARARGPREP moves
-- up, VARARG with a count and with all, select('#', ...) and select(n, ...),
-- `return ...`, tail calls of library functions, and exits inside such a
-- function (the interpreter goes on with the same varargs).

local function sum3(...)
  local a, b, c = ...
  return (a or 0) + (b or 0) + (c or 0), select('#', ...)
end

local function pass(x, ...)
  return x, ...
end

local function count(...) return select('#', ...) end
local function nth(n, ...) return (select(n, ...)) end
local function rest(n, ...) return select(n, ...) end

local function fixedmore(a, b, c, ...)
  return a, b, c, select('#', ...)
end

local t, u, w, z = 0, 0, 0, 0
for i = 1, 300 do
  local s, n = sum3(i, i + 1)
  t = t + s + n
  local p, q, r = pass(i, i * 2, i * 3)
  u = u + p + q + r
  w = w + count() + count(i) + count(i, nil, nil) + count(nil)
  z = z + nth(2, i, i + 10, i + 20) + nth(3, 1, 2, 3, 4)
end
print(t, u, w, z)

-- fewer arguments than fixed parameters, and more
local acc = {}
for i = 1, 200 do
  local a, b, c, n = fixedmore(i)
  local d, e, f, m = fixedmore(i, i, i, i, i)
  acc[#acc + 1] = tostring(a) .. tostring(b) .. tostring(c) .. n .. d .. e .. f .. m
end
print(acc[1], acc[100], acc[200])

-- select beyond the count, several results from select(n, ...)
local s1, s2 = 0, 0
for i = 1, 200 do
  local a, b, c = rest(2, i, i + 1, i + 2)
  s1 = s1 + a + b + (c or 1000)
  local x = rest(5, i, i)
  if x == nil then s2 = s2 + 1 end
end
print(s1, s2)

-- an exit inside the vararg function (its branch changes), after which
-- the interpreter reads the same varargs
local function pick(k, ...)
  local n = select('#', ...)
  if k > 150 then
    local v = select(k % n + 1, ...)
    return v * 2
  end
  return n
end
local r = 0
for i = 1, 300 do
  -- (a call the interpreter makes with other varargs, in the same place
  -- on the stack, before the exits: they must not see its count)
  r = r + pick(i, 7, 8, 9)
  if i == 140 then r = r + count(1, 2, 3, 4, 5) end
end
print(r)

-- varargs through two levels
local function inner(...) return select('#', ...), ... end
local function outer(...) return inner(...) end
local q = 0
for i = 1, 200 do
  local n, a, b = outer(i, i + 1)
  q = q + n + a + b
end
print(q)

-- an error raised inside an inlined vararg function
local function check(...)
  local v = ...
  if v == 250 then error("bad value " .. v) end
  return v
end
local ok, msg = pcall(function()
  local s = 0
  for i = 1, 300 do s = s + check(i, "x") end
  return s
end)
print(ok, msg)

-- exits at an instruction that takes values up to the top (a call with
-- all the arguments a VARARG or a call left): the exit sets the top again
-- (the select index differs from the recorded one in two of three
-- iterations; with the frame's top, select saw one vararg and gave nil)
local function pick2(k, ...)
  local n = select('#', ...)
  local v = select(k % n + 1, ...)
  return v * 2
end
local function two(a) return a, a + 1, a + 2 end
local function viacall(k) return select(k % 3 + 1, two(k)) end
local r2, r3 = 0, 0
for i = 1, 300 do
  r2 = r2 + pick2(i, 7, 8, 9)
  r3 = r3 + viacall(i)
end
print(r2, r3)
