-- regression: a library function called through pcall inside a coroutine must be
-- named by its global name ('string.rep'), as on the main thread, not '?'
print(pcall(string.rep))
local co = coroutine.wrap(function() print(pcall(string.rep)) end)
co()
coroutine.wrap(function() print(pcall(math.floor, "x")) end)()
coroutine.wrap(function() print(pcall(coroutine.close, nil)) end)()
