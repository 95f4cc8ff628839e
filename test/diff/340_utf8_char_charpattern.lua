-- utf8.char, utf8.charpattern, encoding of boundary code points
local function hex(s) return (s:gsub(".", function(c) return string.format("%02X", c:byte()) end)) end
for _, cp in ipairs({0, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF, 0x110000, 0x1FFFFF, 0x200000, 0x3FFFFFF, 0x4000000, 0x7FFFFFFF, 0xD800, 0xDFFF}) do
  print(string.format("U+%X", cp), hex(utf8.char(cp)))
end
print(utf8.char(72, 0x20AC, 0x1F600, 105), utf8.char(), #utf8.char())
print(pcall(utf8.char, -1))
print(pcall(utf8.char, 0x80000000))
print(pcall(utf8.char, 65, "x"))
print(pcall(utf8.char, 1.5))
print(utf8.char("65", 66.0))
print(utf8.charpattern, #utf8.charpattern)
local n = 0
for c in ("héllo €𝄞"):gmatch(utf8.charpattern) do n = n + 1; io.write("[", hex(c), "]") end
print(" ", n)
