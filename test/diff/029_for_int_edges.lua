-- for: integer loops near maxinteger/mininteger must not overflow
local max, min = math.maxinteger, math.mininteger
local c = 0
for i = max - 2, max do c = c + 1 io.write(i, " ") end print(c)
c = 0
for i = min + 2, min, -1 do c = c + 1 io.write(i, " ") end print(c)
c = 0
for i = max - 10, max, 7 do c = c + 1 io.write(i, " ") end print(c)
c = 0
for i = min, min + 10, 100 do c = c + 1 end print(c)
c = 0
for i = 1, max, max // 2 do c = c + 1 io.write(i, " ") end print(c)
c = 0
for i = max, max - 1 do c = c + 1 end print(c)
c = 0
for i = min, max, max do c = c + 1 io.write(i, " ") end print(c)
c = 0
for i = max, min, min do c = c + 1 io.write(i, " ") end print(c)
c = 0
for i = 0, 3.9 do c = c + 1 end print(c)
c = 0
for i = 0, -0.5, -1 do c = c + 1 end print(c)
c = 0
for i = 1, 2^63 do c = c + 1 if c > 2 then break end end print(c)
c = 0
for i = max - 1, 2^63 do c = c + 1 end print(c)
c = 0
for i = min + 1, -2^63, -1 do c = c + 1 end print(c)
c = 0
for i = 3, 1e300, 1 << 62 do c = c + 1 io.write(i, " ") end print(c)
