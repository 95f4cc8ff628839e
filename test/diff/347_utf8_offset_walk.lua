-- walking a UTF-8 string forwards and backwards with utf8.offset
local s = "añ€𝄞b"
local pos, out = 1, {}
while pos <= #s do out[#out + 1] = pos; pos = utf8.offset(s, 2, pos) end
print(table.concat(out, " "), pos)
out = {}
pos = #s + 1
while true do
  pos = utf8.offset(s, -1, pos)
  if not pos then break end
  out[#out + 1] = pos
  if pos == 1 then break end
end
print(table.concat(out, " "))
for n = 1, utf8.len(s) do io.write(utf8.codepoint(s, utf8.offset(s, n)), " ") end
print()
