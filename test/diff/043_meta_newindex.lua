-- metatables: __newindex with functions, tables, chains, and rawset bypass
local log = {}
local t = setmetatable({}, {__newindex = function(t, k, v) log[#log + 1] = k .. "=" .. tostring(v) rawset(t, k, v * 2) end})
t.a = 1
t.a = 5
t.b = 2
print(t.a, t.b, table.concat(log, " "))
local store = {}
local proxy = setmetatable({}, {__newindex = store, __index = store})
proxy.x = 10
print(rawget(proxy, "x"), store.x, proxy.x)
local inner = {}
local lvl2 = setmetatable({}, {__newindex = inner})
local lvl1 = setmetatable({}, {__newindex = lvl2})
lvl1.q = "deep"
print(rawget(lvl1, "q"), rawget(lvl2, "q"), inner.q)
local ro = setmetatable({}, {__newindex = function(t, k) error("readonly " .. k, 2) end})
print(pcall(function() ro.field = 1 end))
rawset(ro, "field", 2)
print(ro.field)
local existing = setmetatable({k = 1}, {__newindex = function() print("not called") end})
existing.k = 2
print(existing.k)
existing.k = nil
existing.k = 3
print(rawget(existing, "k"))
local arr = setmetatable({}, {__newindex = function(t, k, v) rawset(t, k, v) end})
for i = 1, 5 do arr[i] = i end
print(#arr, arr[5])
print(pcall(rawset, {}, nil, 1))
print(pcall(function() local tt = {} tt[nil] = 1 end))
print(pcall(function() local tt = {} tt[0/0] = 1 end))
local ok = pcall(function() local tt = {} tt[1.5] = "f" tt[2.0] = "i" print(tt[1.5], tt[2], math.type(next(tt, 1.5) or 0)) end)
print(ok)
