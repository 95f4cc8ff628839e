-- self-check: incremental major collection, modes, steps, metrics (tide module)
local tide = require "tide"
assert(tide and rawget(_G, "tide") == nil, "tide is a module, not a global")

-- modes switch and report the previous one, as lua5.4 does
assert(collectgarbage("incremental") == "generational") -- the tide binary starts generational
assert(collectgarbage("incremental") == "incremental")
assert(collectgarbage("generational") == "incremental")
assert(collectgarbage("incremental", 150, 200, 12) == "generational")

-- a cycle run in steps ends, and collects what was garbage before it began
local weak = setmetatable({}, {__mode = "v"})
weak[1] = {}
local steps = 0
repeat steps = steps + 1 until collectgarbage("step")
repeat steps = steps + 1 until collectgarbage("step")
assert(weak[1] == nil, "a complete incremental cycle clears dead weak values")
assert(steps > 1)

-- a big old heap stays intact while cycles interleave with the program:
-- stores into marked objects, new objects, moving young ones
local m0 = tide.gcmetrics()
local live = {}
for i = 1, 20000 do live[i] = {i, tostring(i)} end
collectgarbage() -- make them old
local majors = m0.major_collections
for round = 1, 30 do
  for i = 1, 20000, 7 do
    live[i] = {i, tostring(i), round}        -- old table gets a young one
    live[i % 19999 + 2][3] = live[(i * 13) % 20000 + 1] -- old to old, during marking
  end
  for j = 1, 2000 do local junk = {j, {j}} end
  collectgarbage("step", 64)
end
for i = 1, 20000 do
  local t = live[i]
  assert(t[1] == i and t[2] == tostring(i))
  if t[3] ~= nil then assert(type(t[3]) == "number" or t[3][1] ~= nil) end
end
local m = tide.gcmetrics()
assert(m.major_collections > majors, "incremental cycles completed")
assert(m.minor_collections > m0.minor_collections)
assert(m.bytes_allocated > m0.bytes_allocated + 1e6)
assert(m.promoted_bytes >= m0.promoted_bytes)
assert(m.old_bytes > 0 and m.young_bytes >= 0 and m.remembered >= 0)
local n = 0
for i = 1, #m.pause_histogram do n = n + m.pause_histogram[i] end
assert(#m.pause_histogram == 24 and n == m.pauses and m.pauses > 0)
assert(m.pause_max_ns > 0 and m.pause_total_ns >= m.pause_max_ns)

-- finalizers and resurrection across an incremental cycle
local fin = 0
for i = 1, 100 do setmetatable({}, {__gc = function() fin = fin + 1 end}) end
repeat until collectgarbage("step", 1)
repeat until collectgarbage("step", 1)
collectgarbage()
assert(fin == 100, fin)

-- a dead coroutine's open upvalue keeps its value alive
local co = coroutine.create(function()
  local x = {1, 2, 3}
  coroutine.yield(function() return x end)
end)
local _, get = coroutine.resume(co)
co = nil
collectgarbage(); collectgarbage()
for i = 1, 50000 do local junk = {9, 9, 9} end
assert(get()[1] == 1 and get()[3] == 3)
print("OK")
