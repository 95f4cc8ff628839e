-- self-check: garbage collector basics under allocation pressure
assert(collectgarbage("collect") == 0)
local before = collectgarbage("count")
assert(type(before) == "number" and before > 0)
local keep = {}
for i = 1, 200000 do
  local t = {i, tostring(i), {i}}
  if i % 1000 == 0 then keep[#keep + 1] = t end
end
assert(#keep == 200)
for i = 1, #keep do assert(keep[i][1] == i * 1000 and keep[i][2] == tostring(i * 1000)) end
local s = ""
for i = 1, 2000 do s = s .. "x" end
assert(#s == 2000)
local strs = {}
for i = 1, 200000 do strs[i % 100 + 1] = "str" .. i end
assert(strs[1] == "str200000")
collectgarbage("collect")
collectgarbage("step")
collectgarbage("step", 100)
for i = 1, 50000 do local c = function() return i end assert(c() == i) end
for i = 1, 2000 do local co = coroutine.wrap(function() coroutine.yield(i) end) assert(co() == i) end
collectgarbage("collect")
local after = collectgarbage("count")
assert(after < before + 10000)
local ring = {}
for i = 1, 1000 do
  local a, b = {}, {}
  a.other, b.other = b, a
  ring[i % 10] = a
end
collectgarbage()
assert(ring[0].other.other == ring[0])
local mt = {__index = function(t, k) return k end}
for i = 1, 10000 do local o = setmetatable({}, mt) assert(o[i] == i) end
collectgarbage("incremental")
collectgarbage("generational")
collectgarbage("incremental")
print("OK gc")
