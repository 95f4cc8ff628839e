-- string.find plain mode against pattern mode for every special character
local specials = "^$*+?.([%-"
for i = 1, #specials do
  local c = specials:sub(i, i)
  local s = "x" .. c .. "y"
  local ok, a, b = pcall(string.find, s, c)
  print(c, s:find(c, 1, true), ok and tostring(a) .. "," .. tostring(b) or a)
end
