-- string.pack family through the string metatable, spaces in formats,
-- endianness switches mid-format, and packing into larger structures.
local function hex(s)
  return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end

print(hex(("<i2"):pack(258)), ("<i2"):unpack("\2\1"), ("i4 i8"):packsize())
print(hex(string.pack("  < i2  > i2  = i2 ", 1, 2, 3)))
print(hex(string.pack("<I2>I2<I2>I2", 0x0102, 0x0102, 0x0102, 0x0102)))
print(string.unpack("<I2>I2", "\1\2\1\2"))
print(hex(string.pack("b\0b", 1, 2)))        -- the format ends at a zero byte

-- a record layout: header, count, entries
local entries = {{1, "alpha", 1.5}, {2, "beta", -2.25}, {300, "gamma", 1e10}}
local parts = {string.pack("<c4 I2", "RECS", #entries)}
for _, e in ipairs(entries) do
  parts[#parts + 1] = string.pack("<I2 s1 d", e[1], e[2], e[3])
end
local blob = table.concat(parts)
print(#blob, hex(blob))
local magic, n, pos = string.unpack("<c4 I2", blob)
print(magic, n, pos)
for _ = 1, n do
  local id, name, val
  id, name, val, pos = string.unpack("<I2 s1 d", blob, pos)
  print(id, name, val, pos)
end

-- big results: the buffer grows well past its inline part
local big = string.pack("s4 z c1000 j", ("q"):rep(10000), ("w"):rep(5000), "e", -1)
print(#big, hex(big:sub(1, 8)), hex(big:sub(-8)))
local a, b, c, d, e = string.unpack("s4 z c1000 j", big)
print(#a, #b, #c, d, e)

-- errors raised midway leave no trace on later calls
for _ = 1, 100 do
  assert(not pcall(string.pack, "c500 c500 i1", "a", "b", 1000))
end
print(hex(string.pack("b", 42)))
