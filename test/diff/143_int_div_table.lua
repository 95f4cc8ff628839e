-- arithmetic: table of // and % for all small integer and float operand combinations
for a = -4, 4 do
  local row = {}
  for b = -3, 3 do
    if b ~= 0 then
      row[#row + 1] = string.format("%d//%d=%d %d%%%d=%d", a, b, a // b, a, b, a % b)
    end
  end
  print(table.concat(row, "  "))
end
for _, a in ipairs({-4.5, -0.5, 0.0, -0.0, 0.5, 4.5}) do
  local row = {}
  for _, b in ipairs({-2, -0.5, 0.5, 2}) do
    row[#row + 1] = tostring(a // b) .. "," .. tostring(a % b)
  end
  print(a, table.concat(row, " "))
end
print(math.maxinteger // 2, math.maxinteger % 2, math.mininteger // 2, math.mininteger % 3)
print(math.mininteger // math.mininteger, math.mininteger % math.mininteger, math.maxinteger // math.mininteger)
print(5 // math.huge, -5 // math.huge, 5 % -math.huge, -5 % math.huge)
