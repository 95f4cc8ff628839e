-- calls: method call syntax, self, string call sugar and table call sugar
local obj = {name = "obj", n = 0}
function obj:inc(k) self.n = self.n + (k or 1) return self end
function obj.static(x) return x * 2 end
obj:inc():inc(5):inc()
print(obj.n, obj.static(21))
local Account = {}
Account.__index = Account
function Account.new(b) return setmetatable({balance = b}, Account) end
function Account:deposit(v) self.balance = self.balance + v end
function Account:get() return self.balance end
local acc = Account.new(100)
acc:deposit(50)
print(acc:get(), Account.get(acc))
local function f(s) return "<" .. tostring(s) .. ">" end
print(f"str", f[[long]], f{} ~= nil)
local function tk(t) return t[1], t.x end
print(tk{1, x = 2})
print(("abc"):upper(), ("%d"):format(5), #("x"):rep(3))
local s = "hello"
print(s:len(), s:sub(2, 3), s:byte(-1))
local a = {b = {c = {d = function(self, v) return v + 1 end}}}
print(a.b.c:d(1), a.b.c.d(nil, 2))
local mt = {__index = function(t, k) return function(self, ...) return k, select('#', ...) end end}
local dyn = setmetatable({}, mt)
print(dyn:anything(1, 2, 3))
print(pcall(function() local o = {} return o:missing() end))
