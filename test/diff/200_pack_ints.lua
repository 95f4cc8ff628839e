-- string.pack/unpack of integers: every integer option, sizes 1..16, both
-- endiannesses, values around each size's limits; results as hex.
local function hex(s)
  return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end

local function try(fmt, ...)
  local ok, r = pcall(string.pack, fmt, ...)
  if ok then
    local back = table.pack(pcall(string.unpack, fmt, r))
    print(fmt, hex(r), table.unpack(back, 1, back.n))
  else
    print(fmt, "error", r)
  end
end

for _, opt in ipairs{"b", "B", "h", "H", "i", "I", "l", "L", "j", "J", "T"} do
  for _, e in ipairs{"<", ">", "="} do
    for _, v in ipairs{0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, -32768,
                       65535, 65536, 0x7fffffff, -0x80000000, 0xffffffff,
                       math.maxinteger, math.mininteger} do
      try(e .. opt, v)
    end
  end
end

for size = 1, 16 do
  for _, e in ipairs{"<", ">"} do
    local lim = size < 8 and (1 << (size * 8 - 1)) or math.maxinteger
    for _, v in ipairs{0, 1, -1, lim - 1, -lim, 0x0102030405060708, math.mininteger} do
      try(e .. "i" .. size, v)
      try(e .. "I" .. size, v)
    end
    if size < 8 then
      try(e .. "i" .. size, lim)
      try(e .. "i" .. size, -lim - 1)
      try(e .. "I" .. size, 2 * lim)
      try(e .. "I" .. size, 2 * lim - 1)
    end
  end
end

-- several items in one format
try("<bhij", 1, 2, 3, 4)
try(">BHIJ", 1, 2, 3, 4)
try("<i3>i3=i3", 0x010203, 0x010203, 0x010203)
try("i2 I2 i2", -2, 65534, 3.0)
try("j", "12"); try("j", " 0x10 "); try("j", 3.0)
