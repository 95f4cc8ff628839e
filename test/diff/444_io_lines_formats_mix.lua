-- io.lines with mixed formats: numbers then rest of line, counts, "L" keeping newlines
local name = os.tmpname()
local f = assert(io.open(name, "w"))
f:write("1 2 rest one\n", "3 4 rest two\n", "5 6\n")
f:close()
for a, b, rest in io.lines(name, "n", "n", "l") do print(a, b, rest) end
for l in io.lines(name, "L") do io.write((l:gsub("\n", "$"))) end
print()
for c in io.lines(name, 5) do io.write("[", (c:gsub("\n", "$")), "]") end
print()
local ok, err = pcall(function() for x in io.lines(name, "n") do io.write(x, ";") end end)
print(ok, err)
os.remove(name)
