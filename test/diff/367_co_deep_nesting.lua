-- nested coroutines: chains of resumes, yields passing through levels, status of each
local depth = 30
local function make(n)
  return coroutine.create(function(v)
    if n == 0 then return coroutine.yield(v + 1) end
    local inner = make(n - 1)
    local ok, r = coroutine.resume(inner, v + 1)
    local got = coroutine.yield(r)
    local ok2, r2 = coroutine.resume(inner, got)
    return r2
  end)
end
local top = make(depth)
print(coroutine.resume(top, 0))
print(coroutine.resume(top, "final"))
print(coroutine.status(top))
local statuses = {}
local a, b
a = coroutine.create(function() statuses[#statuses + 1] = coroutine.status(a); coroutine.resume(b); statuses[#statuses + 1] = coroutine.status(b) end)
b = coroutine.create(function() statuses[#statuses + 1] = coroutine.status(a) .. "/" .. coroutine.status(b) end)
coroutine.resume(a)
print(table.concat(statuses, " "), coroutine.status(a), coroutine.status(b))
local gens = {}
for i = 1, 5 do gens[i] = coroutine.wrap(function() for j = 1, 3 do coroutine.yield(i * 10 + j) end end) end
local out = {}
for round = 1, 3 do for i = 1, 5 do out[#out + 1] = gens[i]() end end
print(table.concat(out, " "))
