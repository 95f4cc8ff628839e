-- error messages of string.pack/unpack/packsize for invalid formats and arguments
local fmts = {"y", "i0", "i17", "!0", "!5", "c", "c-1", "Xq", "X", "s0", "<>!", "=x", " "}
for _, f in ipairs(fmts) do
  print(string.format("%-6s", "[" .. f .. "]"), select(2, pcall(string.pack, f, 1)), select(2, pcall(string.packsize, f)))
end
print(pcall(string.unpack, "i4", "\1\2\3\4", 5))
print(pcall(string.unpack, "i4", "\1\2\3\4", -5))
print(pcall(string.unpack, "z", "\1\2\3\4"))
