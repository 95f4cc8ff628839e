-- passing values through resume/yield, many values, nil holes, yield from nested calls
local co = coroutine.create(function(...)
  print("start", select("#", ...), ...)
  local r = table.pack(coroutine.yield())
  print("got", r.n, r[1], r[2], r[3])
  r = table.pack(coroutine.yield(nil, nil))
  print("got", r.n)
  local function deep(n) if n == 0 then return coroutine.yield("deep") end return deep(n - 1) end
  print("deep returned", deep(50))
  return table.unpack({1, 2, 3}, 1, 5)
end)
print(coroutine.resume(co, 1, nil, 3, nil))
print(coroutine.resume(co, "a", nil, "c"))
print(select("#", coroutine.resume(co)))
print(coroutine.resume(co, "x", "y"))
print(coroutine.status(co))
local many = {}
for i = 1, 200 do many[i] = i end
local c2 = coroutine.create(function(...) return select("#", coroutine.yield(...)) end)
print(select("#", coroutine.resume(c2, table.unpack(many))))
print(coroutine.resume(c2, table.unpack(many)))
local fib = coroutine.wrap(function() local a, b = 0, 1 while true do coroutine.yield(a) a, b = b, a + b end end)
local t = {}
for i = 1, 15 do t[i] = fib() end
print(table.concat(t, " "))
