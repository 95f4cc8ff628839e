-- <close>: 4th value of generic for is closed at loop end, break and error
local function closer(name)
  return setmetatable({}, {__close = function(_, err) print("closing", name, err) end})
end
local function iter(n, name)
  local i = 0
  return function() i = i + 1 if i <= n then return i end end, nil, nil, closer(name)
end
for i in iter(2, "full") do print("it", i) end
for i in iter(5, "brk") do
  if i == 2 then break end
  print("it", i)
end
local function f()
  for i in iter(5, "ret") do
    if i == 3 then return "returned " .. i end
  end
end
print(f())
print(pcall(function()
  for i in iter(5, "err") do
    if i == 2 then error("loop error", 0) end
  end
end))
for i in iter(0, "empty") do print("never") end
print(pcall(function()
  for i in function() return nil end, nil, nil, 42 do end
end))
for i in iter(1, "gotoout") do
  goto out
end
::out::
print("end")
