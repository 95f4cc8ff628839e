-- integer/float division and modulo edge cases through math functions
local function f(x) return math.type(x) == "float" and string.format("%.17g", x) or tostring(x) end
for _, a in ipairs({7, -7, 7.5, -7.5, 0, math.maxinteger, math.mininteger}) do
  local row = {}
  for _, b in ipairs({3, -3, 2.5, -2.5, 1, -1}) do
    row[#row + 1] = f(a // b) .. "/" .. f(a % b)
  end
  print(f(a), table.concat(row, " "))
end
print(pcall(function() return 1 // 0 end))
print(pcall(function() return 1 % 0 end))
print(f(1 // 0.0), f(-1 // 0.0), f(0/0 // 1) == f(0/0), f(1 % 0.0) == f(0/0), f(5.0 % math.huge), f(-5.0 % math.huge))
print(f(math.mininteger // -1), f(math.mininteger % -1))
print(f(3 % -math.huge), f(-3 % math.huge), f(0.0 % 1), f(-0.0 % 1))
print(f(2^53 % 3), f(1e308 % 7), f(-1e308 // 1e-10))
