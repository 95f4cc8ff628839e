-- tables: length operator on sequences that grow, shrink and are built in various ways
local t = {}
for i = 1, 100 do t[i] = i end
print(#t)
for i = 100, 51, -1 do t[i] = nil end
print(#t)
t[#t + 1] = "x"
print(#t, t[51])
local s = {}
s[1] = 1 s[2] = 2 s[3] = 3
print(#s)
local r = {n = 3}
print(#r)
local grow = {}
for i = 1, 10 do grow[#grow + 1] = i * i end
print(#grow, grow[10])
while #grow > 0 do grow[#grow] = nil end
print(#grow)
local str = {"a", "b", "c"}
table.insert(str, "d")
table.insert(str, 1, "z")
print(#str, table.concat(str))
table.remove(str)
table.remove(str, 1)
print(#str, table.concat(str))
local built = {table.unpack({1, 2, 3, 4, 5})}
print(#built)
local packed = table.pack(1, 2, 3)
print(#packed, packed.n)
local hash = {}
for i = 1, 20 do hash["k" .. i] = i end
print(#hash)
local seq = {}
for i = 1, 300 do seq[i] = true end
for i = 1, 300 do seq[i] = nil end
print(#seq, next(seq))
