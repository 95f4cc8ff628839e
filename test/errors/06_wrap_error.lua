-- uncaught: runtime error inside a coroutine.wrap body propagates with extra position
local gen = coroutine.wrap(function()
  coroutine.yield(1)
  local t = nil
  return t.field
end)
print(gen())
print(gen())
