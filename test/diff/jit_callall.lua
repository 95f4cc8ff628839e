-- jit: traces>=3, side>=1, aborts<=15
-- Calls the trace makes (CALLL) whose results all go to the next
-- instruction ({f()}, g(f()), select('#', f())): their count is guarded
-- after the call, an exit there keeps the top the call left, and a side
-- trace from it guards its own count. Counts that change, nils, errors
-- caught by pcall, and an integer modulo by zero right after (its
-- message names the line of the call, as lua5.4's does).

local function spread(x)
  if x % 4 == 0 then return x, x + 1, x + 2 end
  if x % 4 == 1 then return nil, x end
  if x % 4 == 2 then error("two " .. x) end
  return x
end

local total, count, errs = 0, 0, 0
for i = 1, 3000 do
  local t = {pcall(spread, i)}
  count = count + #t + select('#', pcall(spread, i + 1))
  if t[1] then
    for k = 2, #t do total = total + (t[k] or 0) end
  else
    errs = errs + 1
  end
  total = total + math.max(string.byte("lua5.4", 1, i % 6 + 1))
end
print(total, count, errs)

local function mod(n, d)
  local r = {string.byte("xyz", 1, n % 3 + 1)}
  return #r + n % d
end
local s = 0
for i = 1, 500 do s = s + mod(i, 7) end
print(s, pcall(mod, 5, 0))
