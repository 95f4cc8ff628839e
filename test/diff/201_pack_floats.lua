-- string.pack/unpack of f, d and n: special values, rounding to float,
-- endianness; numbers from integers and numeric strings.
local function hex(s)
  return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end

local values = {0.0, -0.0, 1.0, -1.5, 0.1, 1/3, 2^-1074, 2^-149, 2^-126,
                3.4028234663852886e38, 3.5e38, 1e300, -1e300, 2^53 + 1,
                math.pi, math.huge, -math.huge, 7, -3, "2.5", " 0x10 "}

for _, opt in ipairs{"f", "d", "n"} do
  for _, e in ipairs{"<", ">", "="} do
    for _, v in ipairs(values) do
      local s = string.pack(e .. opt, v)
      local back, nxt = string.unpack(e .. opt, s)
      print(e .. opt, tostring(v), hex(s), string.format("%.17g", back), math.type(back), nxt)
    end
  end
end

-- NaN: the sign and payload bits are the host's; print only that it is NaN
for _, opt in ipairs{"f", "d"} do
  local x = string.unpack(opt, string.pack(opt, 0/0))
  print(opt, "nan", x ~= x)
end

-- raw bit patterns read back
for _, h in ipairs{"0000803f", "000080bf", "0000807f", "000080ff", "01000000",
                   "ffff7f7f", "00008000"} do
  local s = h:gsub("%x%x", function(x) return string.char(tonumber(x, 16)) end)
  print(h, string.format("%.17g", (string.unpack("<f", s))))
end
for _, h in ipairs{"000000000000f03f", "0000000000000080", "0100000000000000",
                   "ffffffffffffef7f", "000000000000f07f"} do
  local s = h:gsub("%x%x", function(x) return string.char(tonumber(x, 16)) end)
  print(h, string.format("%.17g", (string.unpack("<d", s))))
end

print(pcall(string.pack, "d", "x"))
print(pcall(string.pack, "f", {}))
print(pcall(string.pack, "n"))
