-- debug.getlocal/setlocal: names and values, varargs (negative indices), parameters of functions
local function f(a, b, ...)
  local c = a + b
  local names = {}
  local i = 1
  while true do
    local n, v = debug.getlocal(1, i)
    if not n then break end
    names[#names + 1] = n .. "=" .. (type(v) == "table" and "table" or tostring(v))
    i = i + 1
  end
  print(table.concat(names, " "))
  print(debug.getlocal(1, -1), debug.getlocal(1, -2), debug.getlocal(1, -3))
  print(debug.setlocal(1, 3, 100), c)
  print(debug.setlocal(1, -1, "vx"), ...)
  print(debug.setlocal(1, 50, 1))
  return c
end
f(1, 2, "va1", "va2")
print(debug.getlocal(f, 1), debug.getlocal(f, 2), debug.getlocal(f, 3))
print(debug.getlocal(print, 1))
print(pcall(debug.getlocal, 50, 1))
print(pcall(debug.getlocal, 1))
print(pcall(debug.getlocal))
local function loops()
  for i = 1, 1 do
    local names = {}
    for j = 1, 10 do local n = debug.getlocal(1, j); if n then names[#names + 1] = n end end
    print(table.concat(names, ","))
  end
end
loops()
local co = coroutine.create(function(x) local y = x * 2; coroutine.yield() end)
coroutine.resume(co, 21)
print(debug.getlocal(co, 1, 1), debug.getlocal(co, 1, 2))
print(debug.setlocal(co, 1, 2, 99), debug.getlocal(co, 1, 2))
