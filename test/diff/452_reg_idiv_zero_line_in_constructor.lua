-- regression: lua5.4 does not save the pc before an integer division/modulo by zero,
-- so the error reports the line of the last instruction that saved it (here the
-- function's first line); a table constructor with a size hint (NEWTABLE +
-- resize) must not save it either
local z = 0
print(pcall(function()
  local t = {"a", z // z}
end))
print(pcall(function()
  local t = {"a", "b", z % z}
end))
print(pcall(function()
  local t = {f = z // z}
end))
print(pcall(function()
  local t = {1, 2, 3}
  return z // z
end))
print(pcall(function()
  local x = 1
  return x // z
end))
