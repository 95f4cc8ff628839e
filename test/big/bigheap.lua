-- A heap of several GiB of live objects (not part of `make test`: run
-- `make test-bigheap`, which needs about 4 GiB of RAM and a minute).
-- Checks that it works at all (no 32-bit sizes or offsets), that minor
-- collections cost what the young data costs, not what the heap holds,
-- and reports the numbers.
local tide = require "tide"
local N = tonumber(arg[1]) or 30e6
local function churn(n)
  local m0 = tide.gcmetrics()
  local t0 = os.clock()
  for i = 1, n do local x = {i} end
  local m1 = tide.gcmetrics()
  local pauses = m1.pauses - m0.pauses
  return (m1.pause_total_ns - m0.pause_total_ns) / pauses / 1e6, os.clock() - t0
end
local small_pause = churn(1e7)
local t0 = os.clock()
local big = {}
for i = 1, N do big[i] = {i} end
local strs = {}
for i = 1, N // 10 do strs[i] = "s" .. i end
local m = tide.gcmetrics()
print(string.format("built %d tables and %d strings in %.1f s: %.2f GiB old", N, N // 10,
  os.clock() - t0, m.old_bytes / 2^30))
assert(m.old_bytes > 2 * 2^30, "several GiB")
local big_pause = churn(1e7)
print(string.format("mean minor pause: %.3f ms with a small heap, %.3f ms with the big one",
  small_pause, big_pause))
assert(big_pause < small_pause * 3 + 0.5, "minor pauses do not grow with the heap")
local t1 = os.clock()
collectgarbage()
print(string.format("full collection of the big heap: %.2f s", os.clock() - t1))
for i = 1, N, 9973 do assert(big[i][1] == i) end
for i = 1, N // 10, 997 do assert(strs[i] == "s" .. i) end
big, strs = nil, nil
collectgarbage()
m = tide.gcmetrics()
print(string.format("after dropping it: %.3f GiB old", m.old_bytes / 2^30))
assert(m.old_bytes < 2^28)
print("OK")
