-- metatables: __call with extra args, nested __call, and in various call forms
local callable = setmetatable({name = "c"}, {__call = function(self, a, b) return self.name, a, b end})
print(callable(1, 2))
print(callable())
print(pcall(callable, "p"))
local inner = setmetatable({tag = "I"}, {__call = function(self, ...) local a = ... return "inner", self.tag, select('#', ...), a.tag, select(2, ...) end})
local outer = setmetatable({tag = "O"}, {__call = inner})
print(outer("x", "y"))
local obj = {m = callable}
print(obj.m(3), (select(3, obj:m())))
local function tail() return callable("tail") end
print(tail())
print(select('#', callable()))
local t = {}
for i = 1, 3 do t[i] = setmetatable({i = i}, {__call = function(s, x) return s.i * x end}) end
print(t[1](10), t[2](10), t[3](10))
print(pcall(function() local nc = setmetatable({}, {}) return nc() end))
print(pcall(function() local nc = setmetatable({}, {__call = 1}) return nc() end))
local co = coroutine.wrap(function(...) return callable(...) end)
print(co("co"))
print(pcall(coroutine.wrap, callable))
print(string.format("%s", tostring(callable ~= nil)))
local fact = setmetatable({}, {__call = function(self, n) if n <= 1 then return 1 end return n * self(n - 1) end})
print(fact(10))
