-- metatables: __len on tables, # on strings and tables without __len
local t = setmetatable({1, 2, 3}, {__len = function(self) return 42 end})
print(#t, rawlen(t))
local s = setmetatable({}, {__len = function() return "not a number" end})
print(#s)
local m = setmetatable({}, {__len = function(self, other) return rawequal(self, other) end})
print(#m)
print(#"", #"abc", #"\0\0")
print(pcall(function() return #nil end))
print(pcall(function() local n = 5 return #n end))
print(pcall(function() local t = {} return #t.x end))
local list = setmetatable({}, {__len = function(self) local n = 0 for _ in pairs(self) do n = n + 1 end return n end})
list.a, list.b = 1, 2
print(#list)
local a = {}
for i = 1, 10 do a[i] = i end
print(#a)
a[#a] = nil
print(#a)
a[#a + 1] = "x"
print(#a, a[10])
local f = setmetatable({10, 20}, {__len = function() return 5 end, __index = function(t, i) return i end})
local acc = {}
for i = 1, #f do acc[#acc + 1] = f[i] end
print(table.concat(acc, ","))
print(#{n = 1}, #{nil}, #{1, 2, nil}, #{nil, nil, 3} >= 0)
