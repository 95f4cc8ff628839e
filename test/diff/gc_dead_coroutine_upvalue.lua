local co = coroutine.create(function()
  local x = {1, 2, 3, name = "kept"}
  coroutine.yield(function() return x end)
end)
local _, f = coroutine.resume(co)
co = nil
collectgarbage(); collectgarbage()
local junk = {}
for i = 1, 100000 do junk[i] = {9, 9, 9, name = "junk"} end
local x = f()
print(x[1], x[2], x[3], x.name)
