-- for: float loop accumulation, counts with inexact steps, and loop variable types
local c = 0
for x = 0, 1, 0.1 do c = c + 1 end
print(c)
c = 0
for x = 1, 0, -0.1 do c = c + 1 end
print(c)
local vals = {}
for x = 0.5, 3 do vals[#vals + 1] = x end
print(table.concat(vals, " "))
vals = {}
for x = 1, 2, 0.25 do vals[#vals + 1] = string.format("%.2f", x) end
print(table.concat(vals, " "))
for i = 1, 3, 1.5 do io.write(math.type(i), " ") end print()
for i = 1.0, 3 do io.write(math.type(i), " ") end print()
for i = 1, 3.0 do io.write(math.type(i), " ") end print()
c = 0
for x = 1e15, 1e15 + 2 do c = c + 1 end
print(c)
c = 0
for x = 2^52, 2^52 + 2 do c = c + 1 end
print(c)
c = 0
for x = -1.5, 1.5 do c = c + 1 io.write(x, " ") end print(c)
vals = {}
for x = 3, 1, -0.5 do vals[#vals + 1] = tostring(x) end
print(table.concat(vals, " "))
c = 0
for i = 0.1, 0.3, 0.1 do c = c + 1 end
print(c)
for i = math.huge, math.huge do print("inf loop once?", i) break end
c = 0
for i = 1, 0.5 do c = c + 1 end
print(c)
