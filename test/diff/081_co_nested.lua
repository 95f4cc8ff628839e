-- coroutines: coroutines inside coroutines, wrap inside wrap, recursion with yields
local function walk(t)
  if type(t) == "table" then
    for _, v in ipairs(t) do walk(v) end
  else
    coroutine.yield(t)
  end
end
local tree = {1, {2, {3, 4}, 5}, {{{6}}}, 7}
local out = {}
for v in coroutine.wrap(function() walk(tree) end) do out[#out + 1] = v end
print(table.concat(out, " "))
local outer = coroutine.wrap(function()
  local inner = coroutine.wrap(function()
    coroutine.yield("i1")
    coroutine.yield("i2")
  end)
  coroutine.yield("o:" .. inner())
  coroutine.yield("o:" .. inner())
  coroutine.yield("o:end")
end)
print(outer(), outer(), outer())
local depth = 0
local function nest(n)
  if n == 0 then return coroutine.yield("bottom") end
  local co = coroutine.create(nest)
  local ok, v = coroutine.resume(co, n - 1)
  depth = depth + 1
  return v .. "/" .. n
end
print(nest(5), depth)
local function deepyield(n)
  if n == 0 then coroutine.yield("deep") return "back" end
  return (deepyield(n - 1)) .. n
end
local co = coroutine.create(deepyield)
print(coroutine.resume(co, 100 // 10))
print(coroutine.resume(co))
local many = {}
for i = 1, 50 do
  many[i] = coroutine.create(function(x) local y = coroutine.yield(x * 2) return x + y end)
end
local s = 0
for i = 1, 50 do local _, v = coroutine.resume(many[i], i) s = s + v end
for i = 1, 50 do local _, v = coroutine.resume(many[i], 1) s = s + v end
print(s)
local function sorter()
  local t = {3, 1, 2}
  return pcall(table.sort, t, function(a, b) coroutine.yield() return a < b end)
end
print(coroutine.wrap(sorter)())
