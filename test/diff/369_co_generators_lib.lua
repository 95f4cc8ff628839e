-- generator pipelines mixing string library calls and coroutine.wrap
local function words(s) return coroutine.wrap(function() for w in s:gmatch("%a+") do coroutine.yield(w) end end) end
local function map(f, it) return coroutine.wrap(function() for v in it do coroutine.yield(f(v)) end end) end
local function take(n, it) return coroutine.wrap(function() for v in it do if n <= 0 then return end n = n - 1 coroutine.yield(v) end end) end
local out = {}
for w in take(5, map(string.upper, words("the quick brown fox jumps over the lazy dog"))) do out[#out + 1] = w end
print(table.concat(out, " "))
local function chars(s) return coroutine.wrap(function() for i = 1, #s do coroutine.yield(s:sub(i, i), i) end end) end
local counts = {}
for c in chars("mississippi") do counts[c] = (counts[c] or 0) + 1 end
local keys = {}
for k in pairs(counts) do keys[#keys + 1] = k end
table.sort(keys)
for _, k in ipairs(keys) do io.write(k, "=", counts[k], " ") end
print()
local function zip(a, b) return coroutine.wrap(function() while true do local x, y = a(), b() if x == nil or y == nil then return end coroutine.yield(x, y) end end) end
for x, y in zip(chars("abc"), chars("xyz")) do io.write(x, y, " ") end
print()
