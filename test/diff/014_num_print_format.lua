-- numbers: tostring of integers and floats (%.14g, .0 suffix, inf, -0.0)
local vals = {1.0, -0.0, 0.0, 1e15, 1e16, 1e100, 2^53, 2^63, -2^63, 2^64,
  math.huge, -math.huge, 1/3, -1/3, 100.0, 1e14, 123456.789, 0.1, 1e-5,
  1e-4, 12345678901234567, 3.0e0, 255 / 5, 7 / 7, math.pi, -math.pi,
  2^-1022, 5e-324, 1.7976931348623157e308, 99999999999999.9, 999999999999999.9}
for i, v in ipairs(vals) do
  print(i, v, tostring(v), math.type(v))
end
print(1e15 + 0.5, 1e14 + 0.5)
print(-0.0 == 0.0, 1/-0.0, 1/0.0)
print(math.maxinteger, math.mininteger)
print(math.maxinteger + 0.0, math.mininteger + 0.0)
print(3 | 0, 3.0 // 1, 3 / 1)
print(string.format("%.14g", 0.1), string.format("%.17g", 0.1))
