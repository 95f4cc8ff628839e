-- jit: traces>=3, side>=1
-- A side trace returning from the function its loop runs in (RETF) where
-- the RETURN closes upvalues (its k: every return of a function with a
-- generic for has it): some calls made a closure over a local, or run
-- the loop with a to-be-closed value; those returns must close them (the
-- trace's check fails, the interpreter returns), the others return in
-- the trace.
local t = {}
for i = 1, 30 do t[i] = i end
local gs = {}
local function f(list, mk, r)
  local acc = r
  if mk then gs[#gs + 1] = function() return acc end end
  for _, v in ipairs(list) do acc = acc + v end
  acc = acc + 1
  return acc
end
local sum = 0
for r = 1, 400 do sum = sum + f(t, r % 37 == 0, r) end
local gsum = 0
for _, g in ipairs(gs) do gsum = gsum + g() end
print(sum, #gs, gsum)
-- a return from inside a generic for with a closing value
local closed = 0
local function closer() return setmetatable({}, {__close = function() closed = closed + 1 end}) end
local function first(list, limit, c)
  for _, v in ipairs(list), list, 0, c do
    if v > limit then return v end
  end
  return -1
end
local s2 = 0
for r = 1, 400 do
  s2 = s2 + first(t, r % 25, r % 41 == 0 and closer() or nil)
end
print(s2, closed)
