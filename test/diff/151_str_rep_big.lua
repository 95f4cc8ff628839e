-- strings: large strings via rep and concat, substring checks on big strings
local s = string.rep("abc", 100000)
print(#s, s:sub(1, 6), s:sub(-6), s:sub(150000, 150005))
local t = {}
for i = 1, 1000 do t[i] = string.rep(string.char(65 + i % 26), i % 7) end
local j = table.concat(t)
print(#j, j:sub(1, 20))
local sep = string.rep("xy", 1000, "--")
print(#sep, sep:sub(1, 10), sep:sub(-10))
local acc = ""
for i = 1, 500 do acc = acc .. i % 10 end
print(#acc, acc:sub(1, 15), acc:sub(-5))
local b = string.rep("\0", 1000)
print(#b, b:byte(500), b == string.rep("\0", 1000))
print(string.rep("a", 3) < string.rep("a", 4), string.rep("b", 2) > string.rep("a", 100))
print(#string.rep("abcdefghij", 100000), #(string.rep("x", 1000000) .. "y"))
