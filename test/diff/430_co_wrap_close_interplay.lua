-- coroutine.close on coroutines created by wrap is impossible; close after errors, status checks
local co = coroutine.create(function(...)
  local args = {...}
  while true do
    local cmd = coroutine.yield(#args)
    if cmd == "stop" then return "stopped" end
    args[#args + 1] = cmd
  end
end)
print(coroutine.resume(co, 1, 2))
print(coroutine.resume(co, "a"))
print(coroutine.resume(co, "b"))
print(coroutine.resume(co, "stop"))
print(coroutine.status(co), coroutine.close(co), coroutine.status(co))
local c2 = coroutine.create(function() coroutine.yield() end)
coroutine.resume(c2)
print(coroutine.close(c2), coroutine.status(c2), coroutine.resume(c2))
local c3 = coroutine.create(function() end)
print(coroutine.close(c3), coroutine.status(c3))
local closed = {}
local c4 = coroutine.create(function()
  local a <close> = setmetatable({}, {__close = function() closed[#closed + 1] = "a" end})
  do
    local b <close> = setmetatable({}, {__close = function() closed[#closed + 1] = "b" end})
    coroutine.yield()
  end
end)
coroutine.resume(c4)
print(coroutine.close(c4), table.concat(closed, ","))
