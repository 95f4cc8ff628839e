-- string.pack string formats s[n], z, c[n] with errors and many arguments
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
for _, n in ipairs({1, 2, 3, 4, 8}) do
  local p = string.pack("<s" .. n, "abc")
  print(n, #p, hex(p), string.unpack("<s" .. n, p))
end
print(pcall(string.pack, "s0", "x"))
print(pcall(string.pack, "s17", "x"))
print(pcall(string.pack, "z", 5))
print(hex(string.pack("z", 5)), hex(string.pack("s1", 12.5)))
print(pcall(string.pack, "s", {}))
print(pcall(string.unpack, "s2", "\5\0abc"))
print(pcall(string.unpack, "s8", "\255\255\255\255\255\255\255\127"))
print(string.unpack("zB", "hi\0\7"))
print(string.unpack("c3c3", "abcdef"))
print(pcall(string.unpack, "c3", "ab"))
local fmt = string.rep("b", 20)
local args = {}
for i = 1, 20 do args[i] = i end
local packed = string.pack(fmt, table.unpack(args))
print(#packed, select("#", string.unpack(fmt, packed)))
print(pcall(string.pack, fmt, 1, 2, 3))
print(string.pack("<I2 s1 z x", 258, "ab", "cd"):byte(1, -1))
