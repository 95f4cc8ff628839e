-- string.pack/unpack round trips for many values and sizes, both endiannesses
local vals = {0, 1, -1, 127, -128, 255, 256, 32767, -32768, 65535, 2^31 - 1, -2^31, 2^40 + 5, math.maxinteger, math.mininteger}
for _, size in ipairs({1, 2, 3, 4, 5, 6, 7, 8}) do
  local okc, rt = 0, 0
  for _, v in ipairs(vals) do
    for _, e in ipairs({"<", ">", "="}) do
      local ok, s = pcall(string.pack, e .. "i" .. size, math.tointeger(v))
      if ok then okc = okc + 1; if string.unpack(e .. "i" .. size, s) == v then rt = rt + 1 end end
      local ok2, s2 = pcall(string.pack, e .. "I" .. size, math.tointeger(v))
      if ok2 then okc = okc + 1; local u = string.unpack(e .. "I" .. size, s2); if u == v or size == 8 then rt = rt + 1 end end
    end
  end
  print(size, okc, rt)
end
local floats = {0.0, -0.0, 1.5, -2.25, 1e300, -1e-300, 1/0, -1/0, math.pi, 2^53}
for _, f in ipairs(floats) do
  local d = string.unpack("<d", string.pack("<d", f))
  local n = string.unpack(">n", string.pack(">n", f))
  local s = string.unpack("=f", string.pack("=f", f))
  print(string.format("%.17g %.17g %.17g", d, n, s))
end
local all = string.pack("<bhilj", 1, 2, 3, 4, 5)
print(#all, string.unpack("<bhilj", all))
