-- numbers: integer wraparound and mixed int/float arithmetic results
local max, min = math.maxinteger, math.mininteger
print(max + 1, max + 1 == min, min - 1 == max)
print(max * 2, min * -1, -min, min * min)
print(max + 1.0, max + 0.0 == 2^63)
print(2^63, math.tointeger(2^63), math.tointeger(2^62))
print(max // 1, max / 1, max * 1.0)
print(1 + 2, 1 + 2.0, 1.0 + 2, 3 - 3.0, 2 * 3, 2 * 3.0, 6 / 2, 7 / 2)
print(2^2, 2^0.5 == math.sqrt(2), (-8)^(1/3) ~= (-8)^(1/3))
print(10 // 3, 10.0 // 3, 10 % 3.0, -(-3), -(3.0))
print(0x7fffffff * 0x7fffffff, 0xffffffff * 0xffffffff)
print(1 << 63, (1 << 63) - 1, (1 << 62) * 2)
local x = 0
for i = 1, 100 do x = x + max end
print(x)
print(math.abs(min), math.abs(-0.0), math.abs(-5), math.abs(-5.5))
print(math.max(1, 2.5, -3), math.min(1, 2.5, -3), math.max(3), math.min(2, 2.0), math.max(2.0, 2))
print(math.type(math.max(1, 2)), math.type(math.max(1.0, 2)))
