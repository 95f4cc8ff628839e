-- rawequal, rawlen, rawget, rawset bypass metamethods; argument errors
local mt = {__eq = function() return true end, __len = function() return 99 end,
  __index = function() return "meta" end, __newindex = function() error("no writes") end}
local a, b = setmetatable({}, mt), setmetatable({}, mt)
print(a == b, rawequal(a, b), rawequal(a, a), rawequal(1, 1.0), rawequal("x", "x"), rawequal(nil, nil), rawequal(0, -0.0))
print(#a, rawlen(a), rawlen({1, 2, 3}), rawlen("abcd"), rawlen(""))
print(a.x, rawget(a, "x"), rawget({10}, 1), rawget({10}, 1.0), rawget({}, nil))
print(pcall(function() a.y = 1 end))
print(rawset(a, "y", 5) == a, rawget(a, "y"), a.y)
print(pcall(rawset, a, nil, 1))
print(pcall(rawset, a, 0/0, 1))
print(pcall(rawset, a, "z"))
print(pcall(rawset, {}, 1))
print(pcall(rawlen, 5))
print(pcall(rawlen))
print(pcall(rawget, "str", 1))
print(pcall(rawget, {}))
print(pcall(rawset, "str", 1, 2))
print(pcall(rawequal, 1))
print(pcall(rawequal))
local t = {}
rawset(t, 1.0, "one"); rawset(t, 2^53, "big")
print(t[1], math.type(next(t)), t[2^53])
print(rawget(setmetatable({}, {__index = {x = 1}}), "x"))
