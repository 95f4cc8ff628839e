-- integer wrap-around versus float results in math functions and arithmetic
local maxi, mini = math.maxinteger, math.mininteger
print(maxi + 1 == mini, mini - 1 == maxi, maxi * 2, mini * -1, -mini, mini // -1)
print(math.abs(mini), math.abs(mini + 1), math.abs(maxi))
print(maxi + 1.0, mini - 1.0, string.format("%.17g", maxi + 0.0))
print(math.ult(maxi, mini), math.ult(mini, maxi), mini < maxi)
print(maxi // 1, maxi // 1.0, maxi % 2, mini % 2, mini % -2, maxi % -2)
print(string.format("%d %x %o", mini, mini, maxi))
print(math.tointeger(maxi + 0.0), math.tointeger(mini + 0.0), math.tointeger(2^62))
print(maxi << 1, mini >> 63, 1 << 63, 1 << 64, -1 >> 1, -1 << -1)
print(1e308 * 10, -1e308 * 10, 2^1023 * 2, 2^-1074 / 2)
for _, v in ipairs({maxi, mini, 0, -1}) do io.write(string.format("%d:%s ", v, tostring(v + 0.0))) end
print()
