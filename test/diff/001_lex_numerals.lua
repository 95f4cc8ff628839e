-- lexer: decimal, hex, float, exponent numerals and their types
local vals = {
  0, 1, 42, 007, 1.5, .5, 5., 3e2, 3E2, 3e-2, 3e+2, 1.25e1,
  0x10, 0XfF, 0xA, 0x0, 0x7fffffffffffffff,
  0x1p4, 0xA.8p0, 0x.8p1, 0x1P-1, 0x1.8p1, 0xA.8, 0x.1, 0x1p+2,
  1e0, 0e0, 0.0, 123456789012,
}
for i, v in ipairs(vals) do
  print(i, v, math.type(v))
end
