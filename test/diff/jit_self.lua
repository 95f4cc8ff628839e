-- jit: traces>=8, side>=3, aborts<=0
-- Method calls (SELF) in traces: a string's methods through the strings'
-- metatable (s:byte, s:sub, s:len, s:upper), a table's own function
-- field, and the lookups changing mid-loop: string.byte replaced, the
-- strings' __index replaced, then restored.
local s = "the quick brown fox jumps over the lazy dog"
local sum, subs, lens = 0, 0, 0
for i = 1, 3000 do
  local k = i % #s + 1
  sum = sum + s:byte(k)
  if s:sub(k, k) == "o" then subs = subs + 1 end
  lens = lens + s:len()
end
print("string methods", sum, subs, lens, s:upper():sub(1, 9))

local obj = {n = 0}
function obj.add(self, x) self.n = self.n + x end
for i = 1, 2000 do obj:add(i % 7) end
print("table method", obj.n)

local byte = string.byte
local total = 0
for i = 1, 3000 do
  if i == 1500 then string.byte = function(str, j) return 1000 end end
  total = total + s:byte(i % 10 + 1)
end
string.byte = byte
print("replaced byte", total)

local mt = getmetatable("")
local index = mt.__index
local other = {byte = function() return -1 end, sub = index.sub}
local t2 = 0
for i = 1, 3000 do
  if i == 1000 then mt.__index = other end
  if i == 2000 then mt.__index = index end
  t2 = t2 + s:byte(1)
end
mt.__index = index
print("replaced __index", t2)

-- a method of a number: no string metatable applies (an error, caught)
local ok, err = pcall(function()
  local n = 5
  for i = 1, 100 do if i == 90 then return n:byte() end end
end)
print("number", ok, (err:gsub("^.-:%d+: ", "")))
