-- coroutines: yielding inside metamethods (__index, __add, __lt, __concat, __eq, __call)
local mt = {
  __index = function(t, k) return coroutine.yield("index " .. k) end,
  __newindex = function(t, k, v) coroutine.yield("newindex " .. k) rawset(t, k, v) end,
  __add = function(a, b) return coroutine.yield("add") end,
  __lt = function(a, b) return coroutine.yield("lt") end,
  __le = function(a, b) return coroutine.yield("le") end,
  __concat = function(a, b) return coroutine.yield("concat") end,
  __eq = function(a, b) return coroutine.yield("eq") end,
  __call = function(self, x) return coroutine.yield("call " .. x) end,
  __len = function() return coroutine.yield("len") end,
  __unm = function() return coroutine.yield("unm") end,
}
local a, b = setmetatable({}, mt), setmetatable({}, mt)
local co = coroutine.wrap(function()
  local r = {}
  r[#r + 1] = a.foo
  a.bar = 5
  r[#r + 1] = rawget(a, "bar")
  r[#r + 1] = a + 1
  r[#r + 1] = tostring(a < b)
  r[#r + 1] = tostring(a <= b)
  r[#r + 1] = a .. "x"
  r[#r + 1] = tostring(a == b)
  r[#r + 1] = a(7)
  r[#r + 1] = #a
  r[#r + 1] = -a
  if a < b then r[#r + 1] = "if-lt" end
  return "result", table.concat(r, ",")
end)
print(co())
print(co("FOO"))
print(co())
print(co(40))
print(co(true))
print(co(false))
print(co("CAT"))
print(co(1))
print(co("called"))
print(co(3))
print(co("neg"))
print(co(true))
