-- jit: traces>=2, aborts<=0
-- string.sub in traces (IR SNEW): positions from the start, from the end,
-- past the end, out of range on either side, empty results (made as
-- calls), results short and long (interned or not: used as keys and
-- compared), float positions and numbers as the string (made as calls).

local s = "the quick brown fox jumps over the lazy dog, again and again and again"
local counts, total, cmp = {}, 0, 0
for i = 1, 3000 do
  local k = i % 9
  local a = s:sub(k + 1, k + 3)                 -- short, from the start
  local b = s:sub(-(k + 2))                      -- from the end
  local c = s:sub(k - 4, k + 50)                 -- i < 1 some of the time: from the end or clamped
  local d = s:sub(k + 60, 1000)                  -- j past the end; empty when i is too
  local e = string.sub(s, -100, k - 80)          -- both from far out: often empty
  local f = s:sub(k + 1.0, k + 2)                -- a float position
  local g = string.sub(12345 + k, 2, 3)          -- a number as the string
  counts[a] = (counts[a] or 0) + 1
  total = total + #b + #c + #d + #e + #f + #g
  if c == s:sub(1, #c) then cmp = cmp + 1 end   -- long strings compared by contents
end
local keys = {}
for key, n in pairs(counts) do keys[#keys + 1] = key .. ":" .. n end
table.sort(keys)
print(total, cmp, table.concat(keys, ","))

-- a string that grows past the short length inside the loop
local grow, lens = "", 0
for i = 1, 120 do
  grow = grow .. string.char(65 + i % 26)
  local h = grow:sub(2)
  lens = lens + #h
  if i % 40 == 0 then print(i, h:sub(-5), #h) end
end
print(lens)

-- errors raised inside: bad arguments are the library's
print(pcall(function() local r for i = 1, 300 do r = s:sub(i, i + 1) end return s:sub({}) end))
print(pcall(function() for i = 1, 300 do local r = s:sub(i % 5 + 1, "x") end end))
