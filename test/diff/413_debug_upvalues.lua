-- debug.getupvalue/setupvalue, upvalueid and upvaluejoin behaviour
local a, b = 10, 20
local function f() return a + b end
local function g() return b end
print(debug.getupvalue(f, 1), debug.getupvalue(f, 2), debug.getupvalue(f, 3))
print(debug.setupvalue(f, 1, 5), f(), a)
print(debug.setupvalue(f, 3, 5))
print(debug.getupvalue(string.gmatch("x", "x"), 1) ~= nil)
print(debug.upvalueid(f, 2) == debug.upvalueid(g, 1), debug.upvalueid(f, 1) == debug.upvalueid(g, 1))
print(pcall(debug.upvalueid, f, 3))
print(pcall(debug.upvalueid, f, 0))
debug.upvaluejoin(f, 1, g, 1)
print(f(), debug.upvalueid(f, 1) == debug.upvalueid(g, 1))
b = 7
print(f(), g())
print(pcall(debug.upvaluejoin, f, 5, g, 1))
print(pcall(debug.upvaluejoin, print, 1, g, 1))
print(pcall(debug.upvaluejoin, f, 1, g, 2))
print(pcall(debug.getupvalue, 5, 1))
print(pcall(debug.setupvalue, f, 1))
local function counter() local n = 0; return function() n = n + 1; return n end end
local c1, c2 = counter(), counter()
c1(); c1()
print(c1(), c2(), debug.getupvalue(c1, 1), debug.getupvalue(c2, 1))
debug.upvaluejoin(c2, 1, c1, 1)
print(c2(), c1())
local envf = load("return x_global")
print(debug.getupvalue(envf, 1) , type(select(2, debug.getupvalue(envf, 1))))
debug.setupvalue(envf, 1, {x_global = "from custom env"})
print(envf())
