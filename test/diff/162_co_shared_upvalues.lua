-- coroutines: closures and upvalues shared between main code and coroutines
local counter = 0
local function bump() counter = counter + 1 return counter end
local co = coroutine.wrap(function()
  while true do
    bump()
    coroutine.yield(counter)
  end
end)
print(co(), bump(), co(), counter)
local producers = {}
local shared = {}
for i = 1, 3 do
  producers[i] = coroutine.wrap(function()
    for j = 1, 2 do
      shared[#shared + 1] = i * 10 + j
      coroutine.yield()
    end
  end)
end
for round = 1, 2 do for i = 1, 3 do producers[i]() end end
print(table.concat(shared, " "))
local function make_acc()
  local total = 0
  local adder = coroutine.wrap(function(v)
    while true do total = total + v v = coroutine.yield(total) end
  end)
  return adder, function() return total end
end
local add, get = make_acc()
add(5) add(10)
print(add(1), get())
local captured
local c2 = coroutine.create(function()
  local x = "inside"
  captured = function() return x end
  coroutine.yield()
  x = "changed"
end)
coroutine.resume(c2)
print(captured())
coroutine.resume(c2)
print(captured(), coroutine.status(c2))
