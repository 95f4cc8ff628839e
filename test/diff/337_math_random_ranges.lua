-- math.random over special ranges with fixed seeds: full integer range, single values, floats
math.randomseed(1234)
local out = {}
for i = 1, 10 do out[i] = math.random(-3, 3) end
print(table.concat(out, " "))
math.randomseed(99, 1)
out = {}
for i = 1, 5 do out[i] = math.random(math.maxinteger) end
print(table.concat(out, " "))
out = {}
for i = 1, 5 do out[i] = math.random(math.mininteger, -1) end
print(table.concat(out, " "))
out = {}
for i = 1, 5 do out[i] = string.format("%a", math.random()) end
print(table.concat(out, " "))
math.randomseed(0, 0)
out = {}
for i = 1, 6 do out[i] = math.random(2^53) end
print(table.concat(out, " "))
print(math.random(5, 5), math.random(math.maxinteger, math.maxinteger), math.random(math.mininteger, math.mininteger))
math.randomseed(3)
local a = {math.random(10), math.random(10), math.random(10)}
math.randomseed(3.0)
local b = {math.random(10), math.random(10), math.random(10)}
print(table.concat(a, ","), table.concat(b, ","))
math.randomseed(-7, -8)
print(math.random(1, 1000000), math.random(1000000), string.format("%.17g", math.random()))
math.randomseed(math.mininteger, math.maxinteger)
print(math.random(0), math.random(1, 2))
