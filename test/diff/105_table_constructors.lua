-- tables: constructors with positional, keyed, computed keys and trailing calls
local function three() return "a", "b", "c" end
local t = {1, 2, 3, x = "x", ["y z"] = "yz", [10] = 10, [1 + 1] = "overwritten?"}
print(t[1], t[2], t[3], t.x, t["y z"], t[10], #t)
local u = {[1] = "one", "positional"}
print(u[1])
local v = {three(), three()}
print(#v, v[1], v[2], v[4])
local w = {three(), (three())}
print(#w, w[1], w[2])
local x = {three(), n = 5}
print(#x, x.n)
local nested = {{1, 2}, {3, {4, 5}}, k = {l = {m = "deep"}}}
print(nested[2][2][2], nested.k.l.m, #nested)
local empty = {}
print(#empty, next(empty))
local holes = {nil, nil, 3}
print(holes[3], holes[1])
local neg = {[-1] = "neg", [0] = "zero", [1.5] = "float", [true] = "bool"}
print(neg[-1], neg[0], neg[1.5], neg[true])
local sep = {1; 2; 3,}
print(#sep)
local big = {}
for i = 1, 1000 do big[i] = i end
local copy = {table.unpack(big)}
print(#copy, copy[1000])
local dup = {x = 1, x = 2}
print(dup.x)
local fnkeys = {[print] = "print", [string] = "string"}
print(fnkeys[print], fnkeys[string])
local expr = {1 + 1, "a" .. "b", not nil, #"xyz", -3 // 2}
print(expr[1], expr[2], expr[3], expr[4], expr[5])
