-- string.len and string.sub: negative, zero, huge and float indices, errors
local s = "abcdefghij"
print(string.len(""), string.len(s), #"\0\0\0", ("x"):len())
local idx = {0, 1, 2, -1, -2, -10, -11, -100, 10, 11, 100, math.maxinteger, math.mininteger}
for _, i in ipairs(idx) do
  local row = {}
  for _, j in ipairs(idx) do row[#row + 1] = "[" .. s:sub(i, j) .. "]" end
  print(i, table.concat(row, ""))
end
print(s:sub(3), s:sub(-3), s:sub(0), s:sub(math.mininteger))
print(s:sub(2.0, 4.0), s:sub("2", "4"), s:sub(" 3 ", "0x5"))
print(pcall(string.sub, s, 2.5))
print(pcall(string.sub, s, 1, 2.5))
print(pcall(string.sub, s, "x"))
print(pcall(string.sub, s, {}))
print(pcall(string.sub, s))
print(pcall(string.sub))
print(pcall(string.sub, nil, 1))
print(pcall(string.len))
print(pcall(string.len, 42), string.len(12.5), string.len(-0.0))
print(pcall(string.len, {}))
print(string.sub(12345, 2, 3), string.sub(1.5, 1, 2), string.sub(-0.0, 1))
print(pcall(string.sub, s, 1, 2^63))
print(pcall(string.sub, s, -2^63))
print(("\0a\0b"):sub(2, 3) == "a\0", #("\0a\0b"):sub(-2))
