-- float keys normalised to integers in tables and library functions
local t = {}
t[1.0] = "a"; t[2] = "b"; t[3.0] = "c"
print(#t, t[1], t[2.0], t[3], math.type(next(t)))
print(table.concat(t, ","), table.unpack(t))
table.insert(t, 2.0, "X")
print(table.concat(t, ","))
print(table.remove(t, 1.0), table.concat(t, ","))
print(rawget(t, 1.0), rawget(t, 1), t[2^53] == nil)
t[2^53] = "big"
print(t[2^53], t[math.tointeger(2^53)])
local keys = {}
for k in pairs({[1.5] = 1, [2.0] = 2, [-0.0] = 3}) do keys[#keys + 1] = math.type(k) .. ":" .. tostring(k) end
table.sort(keys)
print(table.concat(keys, " "))
print(select(2, pcall(function() local x = {}; x[0/0] = 1 end)))
print(({[0] = "zero"})[-0.0], ({[-0.0] = "nz"})[0])
