-- strings: string.sub with negative, zero and out-of-range indices
local s = "abcdefgh"
local idx = {0, 1, 2, -1, -2, -8, -9, -100, 8, 9, 100, math.maxinteger, math.mininteger}
for _, i in ipairs(idx) do
  local row = {}
  for _, j in ipairs(idx) do row[#row + 1] = "[" .. s:sub(i, j) .. "]" end
  print(i, table.concat(row))
end
print(s:sub(3), s:sub(-3), s:sub(0), s:sub(100))
print(("").sub("", 1, 1), #(""):sub(-1))
print(string.sub(12345, 2, 3), math.type(string.sub(1.5, 1)))
print(s:sub(2.0, 3.0))
print(pcall(string.sub, s, 1.5))
print(pcall(string.sub, s, "2", "3"))
