-- tostring/tonumber round trips and %.17g for many floats and integers
local vals = {0, 1, -1, 0.5, -0.5, 1/3, 2/3, 1e-10, 1e10, 1e15, 1e16, 123456.789, 2^53, 2^53 + 1, 2^63, -2^63, math.pi, math.exp(1), 1e-300, 1e300, 5e-324, 1.7976931348623157e308}
for _, v in ipairs(vals) do
  local s = tostring(v)
  local g = string.format("%.17g", v)
  print(s, g, tonumber(s) == v, tonumber(g) == v, math.type(tonumber(s)))
end
for _, s in ipairs({"0x7fffffffffffffff", "0x8000000000000000", "0xffffffffffffffff", "-0x1", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e1", "0x1e1", "0x1p1"}) do
  local v = tonumber(s)
  print(s, math.type(v), v)
end
