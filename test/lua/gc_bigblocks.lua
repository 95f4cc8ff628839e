-- self-check: blocks of 256 KiB and more (big arrays, hash parts, strings,
-- buffers, stacks) live in mappings of their own, one freed mapping kept
-- for reuse: grown, shrunk, freed and reused in every order, their
-- contents stay intact
local function fill(n, tag)
  local t = {}
  for i = 1, n do t[i] = i * 3 + tag end
  return t
end
local function check(t, n, tag)
  assert(#t == n, "length " .. #t .. " ~= " .. n)
  for i = 1, n, 97 do assert(t[i] == i * 3 + tag, i) end
  assert(t[n] == n * 3 + tag)
end

-- arrays that grow through the threshold (mremap), then die and come back
for round = 1, 4 do
  local n = 20000 * round
  local t = fill(n, round)
  check(t, n, round)
  t = nil
  collectgarbage()
end
-- two big arrays alive at once, one freed (cached), a smaller one reuses it
local a, b = fill(70000, 1), fill(50000, 2)
a = nil; collectgarbage()
local c = fill(30000, 3)
check(b, 50000, 2); check(c, 30000, 3)
-- shrinking a big array by rehash (numbers moved out of the array part)
for i = 1, 49000 do b[i] = nil end
b.x = 1 -- a rehash
collectgarbage()
for i = 49001, 50000 do assert(b[i] == i * 3 + 2) end

-- a big hash part
local h = {}
for i = 1, 40000 do h["k" .. i] = i end
for i = 1, 40000, 101 do assert(h["k" .. i] == i) end

-- big strings and buffers
local s = string.rep("ab", 300000)
assert(#s == 600000 and s:sub(-3) == "bab")
local parts = {}
for i = 1, 50000 do parts[i] = tostring(i) end
local joined = table.concat(parts, ",")
assert(joined:sub(1, 10) == "1,2,3,4,5," and joined:sub(-5) == "50000")
local fmt = string.format("%s|%s", s, joined)
assert(#fmt == #s + 1 + #joined)

-- a coroutine whose stack grows past the threshold, then dies
local function deep(n) if n == 0 then coroutine.yield(#s) return 0 end return 1 + deep(n - 1) end
local co = coroutine.wrap(function() return deep(30000) end)
assert(co() == 600000)
assert(co() == 30000)
co = nil
collectgarbage()
-- and a new big array after it (reusing a mapping that must be intact)
check(fill(40000, 9), 40000, 9)
-- the main thread's stack too
local function deep2(n) if n == 0 then return 0 end return 1 + deep2(n - 1) end
assert(deep2(30000) == 30000)
collectgarbage()
check(fill(40000, 10), 40000, 10)
-- a dropped big array gives its memory back to the system (the mapping
-- kept for reuse is only one about the size of the rest of the heap)
local statm = io.open("/proc/self/statm")
if statm then
  statm:close()
  local function rss_mb()
    local f = io.open("/proc/self/statm")
    local _, resident = f:read("n", "n")
    f:close()
    return resident * 4096 / 2^20
  end
  local huge = {}
  for i = 1, 4 * 2^20 do huge[i] = i end -- a 64 MiB array part
  local with = rss_mb()
  huge = nil
  collectgarbage(); collectgarbage()
  local without = rss_mb()
  assert(with - without > 48, string.format("RSS %.1f MB with the array, %.1f MB after", with, without))
end
print("OK gc_bigblocks")
