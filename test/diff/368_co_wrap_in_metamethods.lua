-- yielding from metamethods, iterators and sort-free library callbacks inside coroutines
local mt = {}
mt.__add = function(a, b) return coroutine.yield("add") end
mt.__concat = function(a, b) return coroutine.yield("concat") end
mt.__eq = function(a, b) return coroutine.yield("eq") end
mt.__lt = function(a, b) return coroutine.yield("lt") end
mt.__len = function(a) return coroutine.yield("len") end
mt.__call = function(self, x) return coroutine.yield("call " .. x) end
mt.__index = function(t, k) return coroutine.yield("index " .. k) end
mt.__newindex = function(t, k, v) coroutine.yield("newindex " .. k) end
local a, b = setmetatable({}, mt), setmetatable({}, mt)
local co = coroutine.wrap(function()
  local r = {}
  r[#r + 1] = a + b
  r[#r + 1] = a .. b
  r[#r + 1] = tostring(a == b)
  r[#r + 1] = tostring(a < b)
  r[#r + 1] = #a
  r[#r + 1] = a(5)
  r[#r + 1] = a.key
  a.other = 1
  return table.concat(r, ",")
end)
local v = co()
while true do
  io.write(v, "; ")
  local resp = v:match("^call") and "C" or v == "eq" and true or v == "lt" and false or v == "len" and 3 or "R"
  v = co(resp)
  if not (type(v) == "string" and (v:match("^%a+") == "add" or v == "concat" or v == "eq" or v == "lt" or v == "len" or v:match("^call") or v:match("^index") or v:match("^newindex"))) then break end
end
print()
print(v)
