-- jit: traces>=8, side>=5, side<=40, aborts<=8
-- VARARG in the frame a trace runs in (a loop inside a vararg function):
-- the extra arguments' count is guarded (NVARG), each read from below the
-- frame's base; select over them, {...}, ... into fixed registers and
-- into a call, counts that change between calls, nils among them. Side
-- traces return from the vararg frame into the caller (the frame goes
-- back down by the count). A side trace starting at select's call takes
-- the arguments up to the top, past the frame's registers: they were
-- lost (not in its snapshots) and select summed stale slots. select(i, ...)
-- reads the i-th extra argument wherever i is: no side trace per position.

local function sum(...)
  local s = 0
  for i = 1, select('#', ...) do
    local v = select(i, ...)
    if v then s = s + v end
  end
  return s
end

local function firsts(...)
  local n, acc = 0, 0
  for r = 1, 40 do
    local a, b, c = ...
    local t = {...}
    n = n + #t + select('#', ...)
    acc = acc + (a or 0) * 3 + (b or 0) * 2 + (c or 0) + math.max(1, ...)
  end
  return n, acc
end

local args = {}
for i = 1, 24 do args[i] = i * 2 end
local total, n1, a1 = 0, 0, 0
for r = 1, 200 do
  args[r % 24 + 1] = r
  total = total + sum(table.unpack(args, 1, 12 + r % 12))
  local n, acc = firsts(r, r % 5, 7, r % 3 + 1)
  n1, a1 = n1 + n, a1 + acc
end
print(total, n1, a1)
print(sum(1, nil, 3), sum(), firsts(5), firsts())
