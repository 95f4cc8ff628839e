-- float/integer conversions: floor/ceil of huge values, tointeger, string forms
local function f(x) return math.type(x) == "float" and string.format("%.17g", x) or tostring(x) end
for _, v in ipairs({2^53, 2^53 + 1, 2^62, 2^63, -2^63, 1e18, -1e18, 9.2e18, -9.3e18, 0.5, -0.5, 1.5, 2.5}) do
  print(f(v), f(math.floor(v)), f(math.ceil(v)), tostring(math.tointeger(v)), math.type(math.floor(v)))
end
print(math.maxinteger + 0.0 == 2^63, math.maxinteger + 0.0, math.mininteger + 0.0, math.maxinteger // 1 | 0)
print(math.maxinteger < 2^63, math.maxinteger <= 2^63, math.mininteger == -2^63, math.mininteger < -2^63)
print(1 == 1.0, math.maxinteger == math.maxinteger + 0.0, 2^53 == 2^53 + 1, (2^53 | 0) + 1 == 2^53 + 1)
print(3 | 0, pcall(function() return 3.5 | 0 end))
print(pcall(function() return 2^63 | 0 end))
print(pcall(function() return "3.0" | 0 end), pcall(function() return "3.5" | 0 end))
print(tostring(1e15), tostring(1e16), tostring(-1e15), tostring(123456789012345.0), tostring(0.1 + 0.2))
print(tostring(3.0), tostring(-0.0), tostring(1e100), tostring(2^-1074), tostring(1/3))
print(string.format("%.17g %.17g", 2^-1074, 1.7976931348623157e308), 1.7976931348623157e308 * 10)
