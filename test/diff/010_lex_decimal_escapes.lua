-- lexer: decimal and hex escapes followed by digits, and embedded zeros
local s = "\0001\0012\1000"
print(#s, s:byte(1, -1))
local z = "a\0b\0c"
print(#z, z:byte(1, -1))
print(("\x00\x01\x02"):byte(1, -1))
print("\x48\x65\x6C\x6c\x6F")
print("\72\101\108\108\111")
print(#"\z
       ", #"\z")
print("end\z
       ing")
local t = "line1\nline2\
line3"
print(t)
print(z == "a\0b\0c", z < "a\0c", "a\0" > "a")
