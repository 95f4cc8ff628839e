-- <const>: constant locals, folding and compile-time assignment errors
local a <const> = 10
local b <const> = "str"
local c <const> = a * 2 + 1
local d <const>, e = 1, 2
print(a, b, c, d, e)
e = 5
print(e)
local f = function() return a + c end
print(f())
print(load("local x <const> = 1; x = 2", "=c1"))
print(load("local x <const> = 1; local function f() x = 3 end", "=c2"))
print(load("local x <close>, y <close> = nil, nil", "=c3"))
print(load("local x <foo> = 1", "=c4"))
print(load("local x <const> = 1; for x = 1, 2 do x = 3 end return x", "=c5") ~= nil)
print(load("local t <const> = {}; t.x = 1; return t.x", "=c6")())
print(load("local x <const> = nil; return x", "=c7")())
local big <const> = math.maxinteger
print(big + 1 == math.mininteger)
local s <const> = "a" .. "b"
print(s)
local fl <const> = 2^53
print(fl, math.type(fl))
print(load("local x <const> = 1 return function() x = 2 end", "=c8"))
print(load("local x <const> <const> = 1", "=c9"))
print(load("local x <CONST> = 1", "=c10"))
