-- <close>: closing order, closing on normal exit, break, return and goto
local function closer(name)
  return setmetatable({}, {__close = function(_, err) print("close", name, err) end})
end
do
  local a <close> = closer("a")
  local b <close> = closer("b")
  local c <close> = closer("c")
  print("body")
end
print("--break")
for i = 1, 3 do
  local x <close> = closer("loop" .. i)
  if i == 2 then break end
end
print("--return")
local function f()
  local y <close> = closer("f")
  return "ret"
end
print(f())
print("--goto")
do
  local i = 1
  ::again::
  do
    local z <close> = closer("g" .. i)
    i = i + 1
    if i <= 2 then goto again end
  end
end
print("--nil and false allowed")
do
  local n <close> = nil
  local m <close> = false
  print("ok")
end
print("--nested functions")
local function g()
  local a <close> = closer("outer")
  local function h()
    local b <close> = closer("inner")
    return 1, 2, 3
  end
  return h()
end
print(g())
print("--while")
local k = 0
while k < 2 do
  k = k + 1
  local w <close> = closer("w" .. k)
end
