-- integers to strings (tostring, concatenation, table.concat, io.write):
-- the edges of the range, powers of ten and their neighbours, signs
local vals = {0, 1, -1, 9, 10, 11, -9, -10, -11, 99, 100, 101,
  math.maxinteger, math.mininteger, math.maxinteger - 1, math.mininteger + 1,
  2^31 // 1, -(2^31 // 1), 2^32 // 1, 2^53 // 1, -(2^53 // 1)}
local p = 1
for _ = 1, 18 do
  vals[#vals + 1] = p; vals[#vals + 1] = p - 1; vals[#vals + 1] = -p; vals[#vals + 1] = 1 - p
  p = p * 10
end
for _, v in ipairs(vals) do
  print(tostring(v), v .. "", "<" .. v .. ">", #tostring(v), string.format("%d", v))
end
print(table.concat(vals, ","))
io.write(math.mininteger, " ", math.maxinteger, " ", -0, " ", 0x7fffffff, "\n")
