-- math.random with fixed seeds: xoshiro256** outputs must match exactly
math.randomseed(42)
local r = {}
for i = 1, 8 do r[i] = math.random(1, 100) end
print(table.concat(r, " "))
math.randomseed(42)
local r2 = {}
for i = 1, 8 do r2[i] = math.random(1, 100) end
print(table.concat(r, " ") == table.concat(r2, " "))
math.randomseed(0)
for i = 1, 5 do io.write(string.format("%.17g ", math.random())) end
print()
math.randomseed(123)
for i = 1, 5 do io.write(math.random(0), " ") end
print()
math.randomseed(7)
for i = 1, 6 do io.write(math.random(6), " ") end
print()
math.randomseed(7, 99)
for i = 1, 4 do io.write(string.format("%a ", math.random())) end
print()
math.randomseed(-1)
for i = 1, 4 do io.write(math.random(math.mininteger, math.maxinteger), " ") end
print()
math.randomseed(2^53)
print(math.random(3, 3), math.random(-10, -5), math.random(1000000))
math.randomseed(1.0)
local a = math.random(100)
math.randomseed(1)
print(a == math.random(100))
print(pcall(math.random, 2, 1))
print(pcall(math.random, 0))
print(pcall(math.random, 1, 2, 3))
print(pcall(math.random, 1.5))
print(pcall(math.random, "x"))
print(pcall(math.randomseed, 1.5))
print(pcall(math.randomseed, "x"))
math.randomseed(5)
local counts = {0, 0, 0}
for i = 1, 300 do local v = math.random(3); counts[v] = counts[v] + 1 end
print(counts[1], counts[2], counts[3])
