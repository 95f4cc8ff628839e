-- coroutines: wrap, generators, errors propagating through wrap
local gen = coroutine.wrap(function()
  for i = 1, 3 do coroutine.yield(i) end
  return "end"
end)
print(gen(), gen(), gen(), gen())
print(pcall(gen))
local function range(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end)
end
local s = 0
for i in range(100) do s = s + i end
print(s)
local bad = coroutine.wrap(function() error("wrapped error") end)
print(pcall(bad))
local bad2 = coroutine.wrap(function() error({code = 5}) end)
local ok, e = pcall(bad2)
print(ok, type(e), e.code)
local bad3 = coroutine.wrap(function() local x = nil; return x.y end)
print(pcall(bad3))
local echo = coroutine.wrap(function(...)
  local args = {...}
  while true do
    args = {coroutine.yield(table.unpack(args))}
  end
end)
print(echo(1, 2))
print(echo())
print(echo(nil, "x"))
local function permgen(a, n)
  n = n or #a
  if n <= 1 then coroutine.yield(a) else
    for i = 1, n do
      a[n], a[i] = a[i], a[n]
      permgen(a, n - 1)
      a[n], a[i] = a[i], a[n]
    end
  end
end
for p in coroutine.wrap(function() permgen({1, 2, 3}) end) do print(table.concat(p, " ")) end
local bad4 = coroutine.wrap(function() error("lvl2", 2) end)
print(pcall(bad4))
