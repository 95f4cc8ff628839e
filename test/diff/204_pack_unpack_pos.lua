-- string.unpack's initial position: positive, zero, negative, out of range;
-- the returned next position.
local data = "abcdefgh"
local inits = {1, 2, 8, 9, 10, 0, -1, -2, -8, -9, -100, math.maxinteger,
               math.mininteger, 3.0, "4", nil}
for i = 1, #inits + 1 do
  local init = inits[i]
  for _, f in ipairs{"", "b", "c2", "i2", "z", "c8"} do
    print(tostring(init), f, pcall(string.unpack, f, data, init))
  end
end
print(pcall(string.unpack, "b", data, 1.5))
print(pcall(string.unpack, "b", data, "x"))
print(pcall(string.unpack, "b", data, {}))
print(pcall(string.unpack, "", "", 1))
print(pcall(string.unpack, "", "", 2))
print(pcall(string.unpack, "", "", -1))
print(pcall(string.unpack, "b"))
print(pcall(string.unpack))
print(pcall(string.unpack, "b", 65))

-- stepping through data with the returned position
local packed = string.pack("s1s1s1", "one", "two", "three")
local pos, t = 1, {}
while pos <= #packed do
  local s
  s, pos = string.unpack("s1", packed, pos)
  t[#t + 1] = s .. "@" .. pos
end
print(table.concat(t, " "))

-- many results
print(select("#", string.unpack(("b"):rep(500), ("\1"):rep(500))))
print(pcall(string.unpack, ("b"):rep(1000000), ("x"):rep(1000000)))
print(select("#", string.unpack(("x"):rep(100000), ("x"):rep(100000))))
