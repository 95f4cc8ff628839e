-- self-check: varargs, multiple results, method calls and proper tail calls
local function f(...) return select('#', ...), ... end
assert(f() == 0 and f(nil) == 1 and f(nil, nil) == 2)
assert(select(-1, 1, 2, 3) == 3 and select(2, "a", "b", "c") == "b")
assert(not pcall(select, 0, 1))
local function three() return 1, 2, 3 end
local a, b, c, d = three()
assert(a == 1 and c == 3 and d == nil)
local x, y = (three())
assert(x == 1 and y == nil)
assert(select('#', three(), three()) == 4)
assert(select('#', (three())) == 1)
local t = {three(), three()}
assert(#t == 4)
local p = table.pack(three())
assert(p.n == 3)
assert(math.max(three()) == 3)
assert(select('#', table.unpack({1, nil, 3}, 1, 3)) == 3)
local function loop(n) if n == 0 then return "done" end return loop(n - 1) end
assert(loop(1000000) == "done")
local even, odd
function even(n) if n == 0 then return true end return odd(n - 1) end
function odd(n) if n == 0 then return false end return even(n - 1) end
assert(even(1000000) == true)
local obj = {n = 0}
function obj:add(k) self.n = self.n + k return self end
assert(obj:add(1):add(2):add(3).n == 6)
local cl = setmetatable({}, {__call = function(self, n) if n == 0 then return "c" end return self(n - 1) end})
assert(cl(100000) == "c")
local function va_tail(n, ...) if n == 0 then return ... end return va_tail(n - 1, ...) end
local r1, r2, r3 = va_tail(10000, 1, nil, 3)
assert(r1 == 1 and r2 == nil and r3 == 3)
local function count(...) return select('#', ...) end
local many = {}
for i = 1, 250 do many[i] = i end
assert(count(table.unpack(many)) == 250)
local function args(a, b, ...) return a, b, select('#', ...) end
local q1, q2, q3 = args(1)
assert(q1 == 1 and q2 == nil and q3 == 0)
q1, q2, q3 = args(1, 2, 3, 4)
assert(q3 == 2)
local s = ("x"):rep(3)
assert(s == "xxx")
local function fstr(str) return str .. "!" end
assert(fstr"hi" == "hi!" and fstr[[hi]] == "hi!")
local function ftab(tt) return tt[1] end
assert(ftab{5} == 5)
local function retnone() end
assert(select('#', retnone()) == 0 and select('#', (retnone())) == 1)
local function passthrough(...) return ... end
assert(select('#', passthrough(nil, nil, nil)) == 3)
local co = coroutine.wrap(function(...) return select('#', ...) end)
assert(co(nil, nil) == 2)
print("OK calls")
