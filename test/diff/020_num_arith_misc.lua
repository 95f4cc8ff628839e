-- numbers: power, unary minus, float division and precedence
print(2^10, 2^-2, (-2)^2, -2^2, 2^0, 0^0, 10^2)
print(1/2, 1/3*3, 3/0, -3/0, 0/1, -0/1, 0.0/-1)
print(-(-(-1)), - - 2, -(2^63), -(-9223372036854775807 - 1))
print(2 + 3 * 4, (2 + 3) * 4, 2 * 3 ^ 2, -3 ^ 2, 2 ^ -1 * 4)
print(1 .. 2 == "12", "a" .. 1 + 2, 2 ^ 3 ^ 2)
print(7 // 2 * 2 + 7 % 2, 7.0 // 2 * 2 + 7.0 % 2)
print(not 1 == 2, not (1 == 2), #"ab" + 1, -#"abc")
print(1 < 2 == true, "x" .. "y" == "xy")
print(1 + 2 .. "", 2 .. 3 + 1)
print(5 & 3 + 1, 5 | 1 << 2, 1 << 2 + 1, 6 ~ 3 & 1, ~0 >> 60)
print(3 .. 4 < "35", 1 and 2 or 3, nil and 1 or 2, false or nil, nil or false)
local a, b, c = 1, nil, false
print(a and b, a or b, b or c, c or b, b and c, c and b)
