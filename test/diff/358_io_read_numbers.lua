-- io read("n"): hex, exponents, signs, leading whitespace, invalid prefixes, long numerals
local name = os.tmpname()
local f = assert(io.open(name, "w"))
f:write("  42  -17 +3 0x1F 0X1p4 1e3 1.5e-2 .25 5. -0x10 inf 12abc 0x 1e+ --5 ", string.rep("9", 250), " 7")
f:close()
f = assert(io.open(name))
local out = {}
for i = 1, 20 do
  local v = f:read("n")
  if v == nil then out[#out + 1] = "nil"; local skip = f:read(1); out[#out + 1] = "skip(" .. tostring(skip) .. ")"
  else out[#out + 1] = math.type(v) .. ":" .. (math.type(v) == "float" and string.format("%.17g", v) or tostring(v)) end
end
print(table.concat(out, " "))
f:close()
f = assert(io.open(name, "w")); f:write("1\n2\n\n3"); f:close()
f = assert(io.open(name))
print(f:read("n", "n", "n", "n"))
f:close()
f = assert(io.open(name, "w")); f:write(""); f:close()
f = assert(io.open(name))
print(f:read("n"), f:read("l"), f:read("a"), f:read(0), f:read(1))
f:close()
os.remove(name)
