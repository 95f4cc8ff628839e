-- wrong-type arguments to every string function through pcall
local fns = {"byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "rep", "reverse", "sub", "upper"}
for _, name in ipairs(fns) do
  local f = string[name]
  print(name, select(2, pcall(f)))
  print(name, select(2, pcall(f, {})))
  print(name, select(2, pcall(f, "s", {})))
  print(name, select(2, pcall(f, "s", "1", {})))
end
