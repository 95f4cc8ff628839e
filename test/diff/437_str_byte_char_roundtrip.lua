-- string.byte/char round trips in chunks, with negative ranges and reverse
local s = ""
for i = 0, 255, 3 do s = s .. string.char(i) end
local bytes = {s:byte(1, -1)}
print(#s, #bytes, string.char(table.unpack(bytes)) == s)
local chunks = {}
for i = 1, #s, 10 do chunks[#chunks + 1] = string.char(s:byte(i, i + 9)) end
print(#chunks, table.concat(chunks) == s)
print(s:byte(-1), s:byte(-#s), select("#", s:byte(-5, -1)), s:byte(86, 90))
print(string.char(s:byte(1, 5)):byte(1, -1))
print(string.reverse(s):byte(1), string.reverse(s):byte(-1))
