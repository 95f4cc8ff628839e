-- size: default 60, quick 1
-- loop_arith.lua — a numeric loop with integer and float arithmetic.
-- Arg: iterations in millions (default 30).
local n = (tonumber(arg and arg[1]) or 30) * 1000000
local acc, f = 0, 0.0
for i = 1, n do
  acc = (acc + i * 7) % 1000003
  f = f + (i & 15) * 0.5
end
print(acc, f)
