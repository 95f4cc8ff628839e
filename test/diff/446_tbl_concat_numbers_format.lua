-- table.concat converts numbers like tostring (integers vs floats, %.14g)
print(table.concat({1, 1.0, -0.0, 0.1, 1/3, 1e15, 1e16, 2^63, math.mininteger, 100.5}, " "))
print(table.concat({1e100, -1e-100, 123456789012345678}, ","))
print(table.concat({"a", 1, "b", 2.5}, ""), table.concat({3, 4}, 5), table.concat({3, 4}, 5.5))
local inf = 1/0
print(table.concat({inf, -inf}, "|"))
