-- numbers: comparisons between integers and floats, including large values
local max, min = math.maxinteger, math.mininteger
print(1 == 1.0, 1 < 1.5, 2 > 1.5, -0.0 == 0, 0.0 == -0)
print(max < 2^63, max <= 2^63, max + 0.0 == 2^63, max == 2^63)
print(min == -2^63, min < -2^63, min <= -2^63)
print(2^53 == 2^53 + 1, (1 << 53) == 2^53, (1 << 53) + 1 == 2^53)
print((1 << 53) + 1 < 2^53 + 1.0, (1 << 53) + 1 > 2^53)
print(max > math.huge, min < -math.huge, max < math.huge)
print(1 < 2, 1 <= 1, 2 >= 3, "a" < "b", "a" < "ab", "Z" < "a", "" < "a")
print("10" < "9", "abc" <= "abc", "b" > "abc")
print(3 == "3", 1 ~= 1.0)
local nan = 0/0
print(nan == nan, nan ~= nan, nan < 1, nan > 1, 1 < nan, nan <= nan)
print(max - 1 < max + 0.0, (max - 1) + 0.0 == max + 0.0)
print(2^63 > max, -2^63 >= min, -2^63 > min)
print(9007199254740993 < 9007199254740992.0, 9007199254740993 > 9007199254740992.0)
print(math.ult(1, 2), math.ult(-1, 2), math.ult(2, -1))
