-- self-check: every metamethod
local log = {}
local function L(s) log[#log + 1] = s end
local mt = {}
local function new(v) return setmetatable({v = v}, mt) end
local function val(x) return type(x) == "table" and x.v or x end
for _, op in ipairs({"add", "sub", "mul", "div", "mod", "pow", "unm", "idiv",
                     "band", "bor", "bxor", "shl", "shr", "bnot", "concat"}) do
  mt["__" .. op] = function(a, b) return op .. ":" .. tostring(val(a)) .. ":" .. tostring(val(b)) end
end
local a, b = new(1), new(2)
assert(a + b == "add:1:2" and a - 1 == "sub:1:1" and 2 * a == "mul:2:1" and a / b == "div:1:2")
assert(a % b == "mod:1:2" and a ^ b == "pow:1:2" and -a == "unm:1:1" and a // b == "idiv:1:2")
assert((a & b) == "band:1:2" and (a | 3) == "bor:1:3" and (3 ~ a) == "bxor:3:1")
assert((a << 1) == "shl:1:1" and (a >> 1) == "shr:1:1" and ~a == "bnot:1:1")
assert(a .. "s" == "concat:1:s" and "s" .. a == "concat:s:1" and 1 .. a == "concat:1:1")
assert((1.5 & a) == "band:1.5:1")
mt.__eq = function(x, y) L("eq") return x.v == y.v end
mt.__lt = function(x, y) L("lt") return val(x) < val(y) end
mt.__le = function(x, y) L("le") return val(x) <= val(y) end
assert(new(1) == new(1) and new(1) ~= new(2))
assert(a == a)
assert(not (a == 1) and a ~= "x")
log = {}
assert(a == a and #log == 0)
assert(a < b and not (b < a) and a <= b and b >= a and a > 0 and 3 > a)
mt.__le = nil
log = {}
assert(a <= b)
assert(log[1] == "lt")
mt.__len = function(x) return 42 end
assert(#a == 42 and rawlen(a) == 0)
mt.__call = function(self, x, y) return "call", self.v, x, y end
local r1, r2, r3, r4 = a(5, 6)
assert(r1 == "call" and r2 == 1 and r3 == 5 and r4 == 6)
local idx = setmetatable({}, {__index = function(t, k) return k .. "!" end})
assert(idx.foo == "foo!" and idx[1] == "1!" and rawget(idx, "foo") == nil)
local base = {x = 1}
local child = setmetatable({}, {__index = setmetatable({}, {__index = base})})
assert(child.x == 1 and child.y == nil)
local store = {}
local prox = setmetatable({}, {__newindex = store})
prox.a = 1
assert(rawget(prox, "a") == nil and store.a == 1)
local nf = setmetatable({}, {__newindex = function(t, k, v) rawset(t, k, v * 2) end})
nf.x = 5
assert(nf.x == 10)
nf.x = 7
assert(nf.x == 7)
local ts = setmetatable({}, {__tostring = function() return "custom" end})
assert(tostring(ts) == "custom")
local named = setmetatable({}, {__name = "Thing"})
assert(tostring(named):sub(1, 7) == "Thing: ")
local prot = setmetatable({}, {__metatable = "no"})
assert(getmetatable(prot) == "no" and not pcall(setmetatable, prot, {}))
local ok, e = pcall(setmetatable, prot, {})
assert(e == "cannot change a protected metatable")
local closed = false
do local c <close> = setmetatable({}, {__close = function() closed = true end}) end
assert(closed)
local pairsmt = setmetatable({}, {__pairs = function(t) return function(_, k) if not k then return 1, "one" end end, t, nil end})
local got = {}
for k, v in pairs(pairsmt) do got[#got + 1] = k .. v end
assert(#got == 1 and got[1] == "1one")
local ip = setmetatable({}, {__index = function(_, i) if i <= 3 then return i end end})
local c = 0
for _, v in ipairs(ip) do c = c + v end
assert(c == 6)
assert(("abc"):upper() == "ABC" and getmetatable("").__index == string)
local eqdiff = setmetatable({}, {__eq = function() return true end})
assert(eqdiff ~= 1 and eqdiff == setmetatable({}, {}))
ok, e = pcall(function() return {} < {} end)
assert(not ok and e:find("attempt to compare two table values", 1, true))
ok, e = pcall(function() local x = setmetatable({}, {__index = 5}) return x.y end)
assert(not ok and e:find("attempt to index a number value", 1, true))
local chain = {}
setmetatable(chain, {__index = chain})
ok, e = pcall(function() return chain.x end)
assert(not ok and e:find("'__index' chain too long; possible loop", 1, true))
local cc = setmetatable({}, {__call = setmetatable({}, {__call = function(s, x, y) return y end})})
assert(cc("arg") == "arg")
print("OK metatables")
