-- programs: arbitrary precision factorial and powers using digit arrays
local BASE = 10000000
local function mul(a, m)
  local carry = 0
  for i = 1, #a do
    local v = a[i] * m + carry
    a[i] = v % BASE
    carry = v // BASE
  end
  while carry > 0 do a[#a + 1] = carry % BASE carry = carry // BASE end
  return a
end
local function tostr(a)
  local parts = {tostring(a[#a])}
  for i = #a - 1, 1, -1 do parts[#parts + 1] = string.format("%07d", a[i]) end
  return table.concat(parts)
end
local f = {1}
for i = 2, 100 do mul(f, i) end
local s = tostr(f)
print(#s, s:sub(1, 30), s:sub(-30))
local p = {1}
for i = 1, 200 do mul(p, 2) end
print(tostr(p))
local digsum = 0
for i = 1, #s do digsum = digsum + s:byte(i) - 48 end
print(digsum)
local function add(a, b)
  local r, carry = {}, 0
  for i = 1, math.max(#a, #b) do
    local v = (a[i] or 0) + (b[i] or 0) + carry
    r[i] = v % BASE
    carry = v // BASE
  end
  if carry > 0 then r[#r + 1] = carry end
  return r
end
local x, y = {0}, {1}
for i = 1, 300 do x, y = y, add(x, y) end
print(tostr(x))
