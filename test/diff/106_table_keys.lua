-- tables: key normalization (float keys equal to integers), string vs number keys
local t = {}
t[1] = "int"
print(t[1.0], t[1])
t[2.0] = "float two"
print(t[2], math.type(next({[2.0] = true})))
t[2^53] = "big"
print(t[1 << 53], t[2^53])
t["1"] = "string one"
print(t[1], t["1"])
t[-0.0] = "negzero"
print(t[0], t[-0.0], t[0.0])
t[1.5] = "onehalf"
print(t[1.5], t[3 / 2])
local k = {}
for i = 1, 5 do k[i / 1] = i end
print(#k, k[3])
local mi = {}
mi[math.mininteger] = "min"
mi[math.maxinteger] = "max"
print(mi[math.mininteger], mi[math.maxinteger], mi[-2^63], mi[2^63])
local s = {}
s[1], s[1.0], s["1"], s["1.0"] = "a", "b", "c", "d"
local keys = {}
for key, val in pairs(s) do keys[#keys + 1] = type(key) .. ":" .. tostring(key) .. "=" .. val end
table.sort(keys)
print(table.concat(keys, " "))
local inf = {}
inf[math.huge] = "inf"
inf[-math.huge] = "-inf"
print(inf[1 / 0], inf[-1 / 0])
local b = {}
b[true], b[false] = 1, 0
print(b[true], b[false], b[1 == 1])
