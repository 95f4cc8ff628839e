-- utf8.offset: forward, backward, n = 0, continuation bytes, errors
local s = "aé€𝄞z"
for n = -6, 7 do io.write(tostring(utf8.offset(s, n)), " ") end
print()
for i = 1, #s + 1 do io.write(tostring(utf8.offset(s, 0, i)), " ") end
print()
for i = 1, #s + 1 do
  local ok, r = pcall(utf8.offset, s, 1, i)
  io.write(ok and tostring(r) or "E", " ")
end
print()
print(utf8.offset(s, 2, 2), utf8.offset(s, -1, 4), utf8.offset(s, -1), utf8.offset(s, 1, -1))
print(pcall(utf8.offset, s, 1, 3))
print(pcall(utf8.offset, s, 1, 0))
print(pcall(utf8.offset, s, 1, 20))
print(pcall(utf8.offset, s, 1, -20))
print(pcall(utf8.offset, s))
print(pcall(utf8.offset, s, 1.5))
print(utf8.offset("", 1), utf8.offset("", 0), utf8.offset("", -1), utf8.offset("abc", 5), utf8.offset("abc", 4))
print(utf8.offset("\x80\x80", 0, 2), utf8.offset("a\x80\x80", -1))
