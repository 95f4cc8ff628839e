-- metatables: rawget/rawset/rawequal/rawlen bypass every metamethod
local log = {}
local mt = {
  __index = function(t, k) log[#log + 1] = "index:" .. tostring(k) return "mm" end,
  __newindex = function(t, k, v) log[#log + 1] = "newindex:" .. tostring(k) end,
  __len = function() log[#log + 1] = "len" return 99 end,
  __eq = function() log[#log + 1] = "eq" return true end,
}
local a = setmetatable({1, 2, 3}, mt)
local b = setmetatable({}, mt)
print(a.x, rawget(a, "x"), a[1], rawget(a, 1))
a.y = 1
rawset(a, "z", 2)
print(rawget(a, "y"), rawget(a, "z"), a.z)
print(#a, rawlen(a), a == b, rawequal(a, b), rawequal(a, a))
print(table.concat(log, " "))
print(pcall(rawget, 1, 1))
print(pcall(rawset, "s", 1, 1))
print(pcall(rawlen, nil))
print(pcall(rawget, {}))
print(rawget({10, 20}, 2.0), rawget({[2.5] = "f"}, 2.5))
local t = {}
print(rawset(t, 1, "v") == t, t[1])
print(pcall(rawset, t, 0/0, 1))
print(pcall(rawequal))
