-- functions: function statement forms (a.b.c, a.b:c, local function), parameters, self
local a = {b = {c = {}}}
function a.b.c.f(x) return "f" .. x end
function a.b.c:m(x) return self == a.b.c, x end
print(a.b.c.f(1), a.b.c:m(2))
local obj = {}
function obj.new(v) local o = {v = v} function o:get() return self.v end return o end
print(obj.new(5):get())
local function params(a, b, c) return a, b, c end
print(params(1), params(1, 2, 3, 4))
local function defaults(a, b) b = b or a * 2 return a + b end
print(defaults(1), defaults(1, 1))
function globalfn() return "global" end
print(globalfn(), type(_G.globalfn))
local t = {}
t.x = function(self) return self end
print(t:x() == t, t.x(1))
local function outer()
  local function inner() return "inner" end
  return inner()
end
print(outer())
local anon = (function(...) return select('#', ...) end)(nil, nil)
print(anon)
local f = function(...) local a, b = ... return a, b end
print(f(1), f())
local s = {}
function s.a() return 1 end
function s.b() return s.a() + 1 end
print(s.b())
print(type(print), type(function() end), type(obj.new))
local mt = {__index = function(t, k) return function(self, ...) return k .. select('#', ...) end end}
local dyn = setmetatable({}, mt)
print(dyn:foo(1, 2), dyn.bar(nil))
