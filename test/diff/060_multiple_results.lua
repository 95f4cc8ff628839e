-- calls: adjusting multiple results in every expression context
local function f() return 1, 2, 3 end
local function none() end
print(f())
print(f(), f())
print((f()))
print(f(), 10)
print(({f()})[3], #{f()}, #{f(), f()}, #{f(), 10})
print(#{f(), nil}, select('#', f(), nil))
local t = {f(), f(), x = f()}
print(t[1], t[2], t[3], t[4], t.x)
local a, b, c, d = f()
print(a, b, c, d)
local p, q = none(), 5
print(p, q)
print(none())
print((none()))
print(select('#', none()), select('#', (none())))
print(f() + 10, -f(), #tostring(f()))
local s = "x" .. f()
print(s)
print(math.max(f()), math.max(f(), 0))
local function ret() return f() end
local function retp() return (f()) end
local function ret2() return f(), f() end
print(ret())
print(retp())
print(ret2())
local u = {none(), none()}
print(#u, u[1])
local function va(...) return {..., n = select('#', ...)} end
local vv = va(1, 2, 3)
print(#vv, vv.n)
print(string.format("%d %d %d", f()))
if f() then print("truthy first") end
local r = f() and f()
print(r)
print(f() == 1)
