-- strings: string.byte ranges and string.char
print(string.byte("ABC"), string.byte("ABC", 2), string.byte("ABC", -1))
print(string.byte("ABC", 1, 3))
print(string.byte("ABC", 0, 10))
print(string.byte("ABC", 3, 1))
print(select('#', string.byte("")), select('#', string.byte("abc", 4)))
print(string.byte("\255\0\128", 1, -1))
print(string.char(), string.char(72, 105), #string.char(0, 0, 0))
print(string.char(0x41, 66.0, "67"))
local all = {}
for i = 0, 255 do all[#all + 1] = string.char(i) end
local s = table.concat(all)
print(#s, s:byte(1), s:byte(256), s:byte(128))
local sum = 0
for i = 1, #s do sum = sum + s:byte(i) end
print(sum)
print(pcall(string.char, 256))
print(pcall(string.char, "x"))
print(("hello"):byte(-3, -2))
