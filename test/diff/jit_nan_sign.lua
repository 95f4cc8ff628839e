-- jit: traces>=1
-- A NaN's sign survives the optimizer: Lua prints "-nan" and "nan", so
-- the float rewrites that would move a negation onto a NaN operand or off
-- it (-x + 0.0 as 0.0 - x, x * -1 as -x, -(x * k) as x * -k, |x * x| as
-- x * x...) are not made (found by progfuzz, seed 12172).
local nan = math.sqrt(-1) -- (x86-64: the default NaN, its sign set)
local pos = -nan
local out = {}
for i = 1, 60 do
  local a = math.sqrt(math.abs(math.mininteger))
  local vals = {
    -(a) + 0.0, 0.0 - a, pos * -1, -(pos * 3), pos * -3, -pos / -2.0,
    math.abs(nan * nan), (-pos) * (-pos), nan - (-pos), -0.0 - pos, pos - 1.5,
  }
  for k = 1, #vals do vals[k] = string.format("%.17g", vals[k]) end
  out[i] = table.concat(vals, " ")
end
print(out[1])
print(out[60])
