-- debug.getinfo by level: currentline and names while walking the stack
local function show(level)
  local info = debug.getinfo(level, "nSl")
  if not info then return "nil" end
  return string.format("%s|%s|%s|%d", tostring(info.name), info.namewhat, info.what, info.currentline)
end
local function inner()
  local r = {}
  for l = 1, 5 do r[#r + 1] = show(l + 1) end
  return table.concat(r, "  ")
end
local function outer() return (inner()) end
print(outer())
print(pcall(function() return show(2) end))
local co = coroutine.create(function() coroutine.yield() end)
coroutine.resume(co)
local i = debug.getinfo(co, 1, "Sl")
print(i.currentline, i.what, i.linedefined)
print(debug.getinfo(co, 0, "n").name, debug.getinfo(co, 2))
print(pcall(debug.getinfo, co, -1))
print(pcall(debug.getinfo, co, "x"))
print(table.concat({show(1)}, ","))
