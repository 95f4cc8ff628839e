-- string.byte / string.char: ranges, negative indices, many results, errors
local s = "Hello\0\255\128"
print(s:byte())
print(s:byte(1, -1))
print(s:byte(-3, -1))
print(s:byte(0), s:byte(100), select("#", s:byte(100)))
print(select("#", s:byte(3, 2)), select("#", s:byte(-100, 2)))
print(s:byte(-100, 2))
print(s:byte(2.0), pcall(s.byte, s, 2.5))
print(string.byte(""), select("#", string.byte("")))
print(string.byte(123, 2), string.byte(1e100 // 1e90))
print(string.char(), #string.char(), string.char(72, 105, 0, 255):byte(1, -1))
print(string.char(65.0, "66", " 67 "))
print(pcall(string.char, 256))
print(pcall(string.char, -1))
print(pcall(string.char, 65, 66, 300))
print(pcall(string.char, "a"))
print(pcall(string.char, 65.5))
print(pcall(string.char, nil))
print(pcall(string.char, 65, {}))
print(pcall(string.byte, s, "x"))
print(pcall(string.byte))
print(pcall(string.byte, s, 1, {}))
local all = {}
for i = 0, 255 do all[#all + 1] = i end
local t = string.char(table.unpack(all))
print(#t, t:byte(1), t:byte(-1), t:byte(129))
local b = {t:byte(1, -1)}
local ok = true
for i = 1, 256 do if b[i] ~= i - 1 then ok = false end end
print(ok, #b)
print(pcall(string.byte, string.rep("x", 100), 1, math.maxinteger))
