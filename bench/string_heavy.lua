-- size: default 110, quick 1
-- string_heavy.lua — concatenation, table.concat, string.format, sub/byte.
-- Arg: size factor (default 20).
local scale = tonumber(arg and arg[1]) or 20
local total = 0
for round = 1, scale do
  local parts = {}
  for i = 1, 20000 do parts[#parts + 1] = string.format("%d:%s;", i, ("x"):rep(i % 7)) end
  local s = table.concat(parts)
  local acc = ""
  for i = 1, 2000 do acc = acc .. (i % 10) end
  local bytes = 0
  for i = 1, #s, 97 do bytes = bytes + s:byte(i) + #s:sub(i, i + 3) end
  total = (total + #s + #acc + bytes + #string.upper(s:sub(1, 1000))) % 1000000007
end
print(total)
