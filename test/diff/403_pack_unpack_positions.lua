-- string.unpack positions: init argument, negative init, returned next position, data too short
local data = string.pack("<i2 i2 i2", 10, 20, 30)
print(string.unpack("<i2", data), string.unpack("<i2", data, 3), string.unpack("<i2", data, -2))
print(string.unpack("<i2 i2 i2", data))
print(pcall(string.unpack, "<i2", data, 6))
print(pcall(string.unpack, "<i2", data, 8))
print(pcall(string.unpack, "<i2", data, 0))
print(pcall(string.unpack, "<i2", data, -10))
print(string.unpack("<i2", data, 7 - 2), string.unpack("", data), string.unpack("", data, 7))
print(pcall(string.unpack, "", data, 8))
local pos = 1
local out = {}
while pos <= #data do
  local v
  v, pos = string.unpack("<i2", data, pos)
  out[#out + 1] = v
end
print(table.concat(out, ","), pos)
local rec = string.pack(">s1 i4 z d", "name", 123456, "zero", 2.5)
print(#rec, string.unpack(">s1 i4 z d", rec))
print(pcall(string.unpack, "<i4", "abc"))
print(pcall(string.unpack, "<i4", "abcd", 1.5))
print(select("#", string.unpack("<i1 i1 i1", "\1\2\3")))
