-- Error messages of string.pack, unpack and packsize: format errors,
-- argument errors, with and without a position prefix.
local function try(f, ...)
  print(pcall(f, ...))
end
local pack, unpack, packsize = string.pack, string.unpack, string.packsize

for _, f in ipairs{"y", "i17", "i0", "I17", "s0", "s17", "!17", "!0", "c",
                   "c-1", "i99999999999", "c99999999999", "\1", "%", "b\255",
                   "!3 i4", "!6 b i8", "X", "Xz", "Xc2", "X ", "XX", "i3 X"} do
  try(pack, f, 1)
  try(packsize, f)
  try(unpack, f, ("\0"):rep(20))
end

try(pack, "i1", 128); try(pack, "i1", -129); try(pack, "I1", 256); try(pack, "I1", -1)
try(pack, "i2", 32768); try(pack, "I2", 65536); try(pack, "i4", 2^31); try(pack, "I4", 2^32)
try(pack, "i7", 1 << 55); try(pack, "I7", 1 << 56); try(pack, "i8", math.mininteger)
try(pack, "i", 1.5); try(pack, "i", "1.5"); try(pack, "i", "x"); try(pack, "i", true)
try(pack, "i"); try(pack, "bbb", 1); try(pack, "bsb", 1); try(pack, "c2000 b", "x")
try(pack, "z", "a\0"); try(pack, "c1", "ab"); try(pack, "s1", ("a"):rep(300))
try(pack, "s2", ("a"):rep(65536)); try(pack, "s2", ("a"):rep(65535):sub(1, 10))
try(pack); try(pack, nil); try(pack, {}); try(pack, 12)
try(packsize); try(packsize, "s"); try(packsize, "z"); try(packsize, "bbs1")
try(packsize, "c2147483639"); try(packsize, "c2147483639 b"); try(packsize, "c2147483640")
try(packsize, "c1000000000 c1000000000 c147483647"); try(packsize, "c1000000000 c1000000000 c147483648")
try(packsize, "!c2147483639 i2")
try(unpack, "i9", "\0\0\0\0\0\0\0\0\1"); try(unpack, "<i9", ("\255"):rep(8) .. "\0")
try(unpack, "<I9", ("\255"):rep(9)); try(unpack, "<i12", ("\255"):rep(12))
try(unpack, "<i12", ("\0"):rep(7) .. "\128" .. ("\255"):rep(4))
try(unpack, "z", "abc"); try(unpack, "i4", "abc"); try(unpack, "b", "", 1)

-- called directly, the messages carry the caller's position
print(pcall(function() return pack("i17", 1) end))
print(pcall(function() return pack("i1", 1000) end))
print(pcall(function() return unpack("i9", ("\1"):rep(9)) end))
print(pcall(function() return ("i1"):pack(1000) end))
print(pcall(function() return ("y"):packsize() end))
