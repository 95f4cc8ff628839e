-- coroutines: many live coroutines, round-robin scheduling, deep stacks inside coroutines
local tasks = {}
local out = {}
for id = 1, 5 do
  tasks[#tasks + 1] = coroutine.create(function()
    for step = 1, id do
      out[#out + 1] = id .. ":" .. step
      coroutine.yield()
    end
  end)
end
while #tasks > 0 do
  for i = #tasks, 1, -1 do
    local co = tasks[i]
    coroutine.resume(co)
    if coroutine.status(co) == "dead" then table.remove(tasks, i) end
  end
end
print(table.concat(out, " "))
local function deep(n) if n == 0 then coroutine.yield("bottom") return 0 end return 1 + deep(n - 1) end
local co = coroutine.create(deep)
print(coroutine.resume(co, 5000))
print(coroutine.resume(co))
local cos = {}
for i = 1, 1000 do cos[i] = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return a + b end) end
local total = 0
for i = 1, 1000 do total = total + cos[i](i) end
for i = 1, 1000 do total = total + cos[i](1) end
print(total)
local chain = coroutine.wrap(function(x)
  while true do x = coroutine.yield(x * 2) end
end)
local v = 1
for i = 1, 20 do v = chain(v) end
print(v)
