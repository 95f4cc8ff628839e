-- debug.sethook with line hooks: lines of a small function, gethook results
local lines = {}
local function target(n)
  local s = 0
  for i = 1, n do
    s = s + i
  end
  return s
end
debug.sethook(function(ev, line) lines[#lines + 1] = line end, "l")
target(3)
debug.sethook()
print(table.concat(lines, " "))
print(debug.gethook())
local counts = 0
debug.sethook(function(ev) counts = counts + 1 end, "", 100)
local x = 0
for i = 1, 1000 do x = x + i end
debug.sethook()
print(counts > 0, x)
local f, mask, cnt = nil, nil, nil
local function hk() end
debug.sethook(hk, "crl", 5)
f, mask, cnt = debug.gethook()
debug.sethook()
print(f == hk, mask, cnt)
print(pcall(debug.sethook, 5, "l"))
print(debug.gethook())
