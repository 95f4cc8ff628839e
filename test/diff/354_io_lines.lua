-- io.lines and file:lines with formats, keeping newlines, errors after close
local name = os.tmpname()
local f = assert(io.open(name, "w"))
f:write("alpha\n", "beta\n", "\n", "10 20\n", "gamma")
f:close()
for l in io.lines(name) do io.write("[", l, "]") end
print()
for l in io.lines(name, "L") do io.write("[", (l:gsub("\n", "\\n")), "]") end
print()
for a, b in io.lines(name, 1, 2) do io.write("<", a, "|", b, ">") end
print()
f = io.open(name)
for l in f:lines() do io.write(#l, " ") end
print(io.type(f))
f:close()
f = io.open(name)
f:read("l"); f:read("l"); f:read("l")
for a, b in f:lines("n", "n") do print(a, b) break end
f:close()
print((select(2, pcall(io.lines, name .. ".does.not.exist")):gsub("'.*'", "PATH")))
print(select("#", pcall(io.lines, name)), select(3, pcall(io.lines, name)), io.type(select(4, pcall(io.lines, name))))
local okx, itx = pcall(io.lines, name, "x"); print(okx, type(itx), pcall(itx))
f = io.open(name)
local it = f:lines()
f:close()
print(pcall(it))
local count = 0
for l in io.lines(name, "a") do count = count + 1; if count > 3 then break end end
print(count)
local n = 0
for c in io.lines(name, 1) do n = n + 1 end
print(n)
os.remove(name)
