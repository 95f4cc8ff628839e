-- base: tonumber with strings, whitespace, prefixes and bases 2..36
local cases = {"10", " 10 ", "0x10", "0X1F", "-0x10", "1e2", "1E-2", ".5", "5.", "0x.8", "0x1p4",
  "  -7  ", "+3", "++3", "", " ", "abc", "10a", "1 0", "0x", "inf", "nan", "1e", "\t12\n",
  "9223372036854775807", "9223372036854775808", "-9223372036854775808", "0xffffffffffffffff",
  "1e500", "-1e500", "0x1P-2", "00012", "1.5e+3", "- 1", "1..2", "0b101", "١"}
for i, s in ipairs(cases) do
  local v = tonumber(s)
  print(i, string.format("%q", s), v, math.type(v))
end
print(tonumber(42), tonumber(4.5), tonumber(nil), tonumber(true), tonumber({}))
print(tonumber("10", 16), tonumber("ff", 16), tonumber("FF", 16), tonumber("zz", 36), tonumber("ZZ", 36))
print(tonumber("101", 2), tonumber("777", 8), tonumber("12", 3), tonumber("19", 9), tonumber("  11  ", 2))
print(tonumber("2", 2), tonumber("8", 8), tonumber("1.5", 10), tonumber("-ff", 16), tonumber("+ff", 16))
print(tonumber("0x10", 16), tonumber("", 10), tonumber(" ", 10), tonumber("10", 10), tonumber("-", 10))
print(tonumber("7fffffffffffffff", 16), tonumber("8000000000000000", 16), tonumber("ffffffffffffffffff", 16))
print(tonumber("1" .. string.rep("0", 30), 36))
print(pcall(tonumber, "10", 1))
print(pcall(tonumber, "10", 37))
print(pcall(tonumber, 10, 10))
print(pcall(tonumber, "10", "16"))
print(tonumber("10", 16.0))
print(pcall(tonumber, "10", 16.5))
print(tonumber("1e1", 10), tonumber("0x", 16), tonumber("1\0", 10), tonumber("1\0"))
