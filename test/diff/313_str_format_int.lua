-- string.format integer conversions with flags, widths, precisions
local vals = {0, 1, -1, 42, -42, 255, math.maxinteger, math.mininteger, 3.0, -0.0}
for _, spec in ipairs({"%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%.3d", "%8.3d", "%-+6d|", "%i", "%x", "%X", "%#x", "%#X", "%o", "%#o", "%08x", "%.0d", "%c"}) do
  local row = {}
  for _, v in ipairs(vals) do
    if spec ~= "%c" or (v >= 0 and v < 256) then
      local ok, r = pcall(string.format, spec, v)
      row[#row + 1] = ok and ("[" .. r .. "]") or ("E:" .. r)
    end
  end
  print(spec, table.concat(row, " "))
end
print(string.format("%.0d|%.0x", 0, 0), string.format("%5.0d|", 0))
print(string.format("%d %d", "10", " 0x10 "), string.format("%x", 2^53))
print(pcall(string.format, "%d", 1.5))
print(pcall(string.format, "%d", "1.5"))
print(pcall(string.format, "%d", "x"))
print(pcall(string.format, "%x", 2^63))
print(pcall(string.format, "%d", {}))
print(pcall(string.format, "%d"))
print(pcall(string.format, "%d", nil))
print(string.format("%c%c%c", 76, 117, 97), #string.format("%c", 0))
print(string.format("%5c|%-5c|", 65, 66))
