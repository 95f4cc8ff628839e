-- tonumber: strings in all forms, bases 2..36, invalid inputs, errors
local inputs = {"10", " 10 ", "0x10", "0X1f", "1e2", "1E-2", ".5", "5.", "0x.8", "0x1p4", "0x1P-1", "  -7  ", "- 7", "+5", "1e", "e1", "0x", "", " ", "inf", "nan", "1 2", "10\0", "0b101", "1_000", "١", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "0xffffffffffffffff", "0x7fffffffffffffff1", "1e400", "-1e400", "0x1.8", "00012", "\t12\n"}
for _, s in ipairs(inputs) do
  local v = tonumber(s)
  io.write(string.format("%q", s), "=", v == nil and "nil" or (math.type(v) .. ":" .. (math.type(v) == "float" and string.format("%.17g", v) or tostring(v))), " ")
end
print()
for _, c in ipairs({{"ff", 16}, {"FF", 16}, {"zz", 36}, {"Zz", 36}, {"777", 8}, {"102", 2}, {"11", 2}, {"  11  ", 2}, {"-11", 2}, {"1.5", 10}, {"", 10}, {"8", 8}, {"7fffffffffffffff", 16}, {"8000000000000000", 16}, {"ffffffffffffffffff", 16}, {"10", 36}, {"z", 35}, {"0x10", 16}, {"- 1", 10}, {"-z", 36}}) do
  io.write(c[1], "/", c[2], "=", tostring(tonumber(c[1], c[2])), " ")
end
print()
print(pcall(tonumber, 10, 16))
print(pcall(tonumber, "10", 1))
print(pcall(tonumber, "10", 37))
print(pcall(tonumber, "10", "x"))
print(pcall(tonumber, "10", 10.5))
print(pcall(tonumber))
print(tonumber(nil), tonumber(true), tonumber({}), tonumber(print) == nil, tonumber(5), tonumber(5.5), tonumber(-0.0))
print(pcall(tonumber, nil, 10))
print(tonumber("10", 10.0), tonumber("z", "36"), tonumber("1e1", 16))
