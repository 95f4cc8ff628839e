-- loops: repeat-until sees body locals, while, break in nested loops
local i = 0
repeat
  local j = i * 2
  i = i + 1
until j >= 6
print(i)
local n = 0
while n < 5 do n = n + 1 end
print(n)
local out = {}
for a = 1, 3 do
  for b = 1, 3 do
    if b > a then break end
    out[#out + 1] = a .. b
  end
end
print(table.concat(out, " "))
local c = 0
while true do
  c = c + 1
  if c == 10 then break end
end
print(c)
local r = 0
repeat
  r = r + 1
  if r == 3 then break end
until false
print(r)
local x = 10
repeat local x = x - 1 until x < 100
print(x)
local fs = {}
local m = 0
repeat
  m = m + 1
  local v = m
  fs[m] = function() return v end
until v >= 3
print(fs[1](), fs[2](), fs[3]())
local w = 0
while w < 3 do
  w = w + 1
  local y = w
  if y == 2 then goto cont end
  io.write(y, " ")
  ::cont::
end
print()
for q = 1, 3 do
  repeat
    if q == 2 then break end
    io.write("q", q, " ")
  until true
end
print()
