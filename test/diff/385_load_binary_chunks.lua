-- binary chunks: string.dump round trips, truncated/garbage binary input, mode checks
print(load("\27Lua"))
print(load("\27"))
print(load("\27Lua\84\0garbage"))
local ok, dump = pcall(string.dump, function(a, b) return a * b + 1 end)
if ok then
  local f = load(dump, "dumped", "b")
  print(f(6, 7))
  print(load(dump, "dumped", "t"))
  print(#dump > 10, dump:sub(1, 4) == "\27Lua")
  local g = load(string.dump(function() return "stripped" end, true))
  print(g())
else
  print("no string.dump", dump)
end
print(pcall(string.dump, print))
print(pcall(string.dump))
