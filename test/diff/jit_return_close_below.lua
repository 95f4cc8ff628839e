-- jit: traces>=12, side>=9, aborts<=0
-- A side trace returning from its own frame (below it: into the caller)
-- where the function's locals are captured by closures: the return
-- closes them (UCLO) before it goes on in the caller, and the closures
-- kept see the last values afterwards.

local keep = {}
local function make(n)
  local count, last = 0, nil
  local function bump(i) count = count + 1 last = i end
  for i = 1, n do
    if i % 3 == 0 then bump(i) end
  end
  keep[#keep % 10 + 1] = function() return count * 100 + (last or 0) end
  return count
end

local s = 0
for r = 1, 600 do s = s + make(r % 20 + 5) end
local t = 0
for i = 1, #keep do t = t + keep[i]() end
print(s, t)

-- a generic for in the function (RETURN with k on every return) and a
-- closure over the loop's own variable
local fns = {}
local function collect(list)
  local sum = 0
  for i, v in ipairs(list) do
    sum = sum + v
    if v % 5 == 0 then fns[#fns % 7 + 1] = function() return i * v end end
  end
  return sum
end
local lists, total = {}, 0
for i = 1, 12 do
  local l = {}
  for j = 1, i + 3 do l[j] = i * j end
  lists[i] = l
end
for r = 1, 500 do total = total + collect(lists[r % 12 + 1]) end
local u = 0
for i = 1, #fns do u = u + fns[i]() end
print(total, u)
