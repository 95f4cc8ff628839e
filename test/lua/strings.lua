-- self-check: string library basics
local s = "Hello World"
assert(#s == 11 and s:len() == 11)
assert(s:sub(1, 5) == "Hello" and s:sub(-5) == "World" and s:sub(0) == s and s:sub(20) == "")
assert(s:sub(-100, 2) == "He" and s:sub(5, 4) == "" and s:sub(3, -3) == "llo Wor")
assert(s:upper() == "HELLO WORLD" and s:lower() == "hello world")
assert(("ab"):rep(3) == "ababab" and ("ab"):rep(3, ",") == "ab,ab,ab" and ("x"):rep(0) == "")
assert(("x"):rep(-1) == "" and ("ab"):rep(1, ",") == "ab")
assert(("abc"):reverse() == "cba" and (""):reverse() == "")
assert(s:byte(1) == 72 and s:byte(-1) == 100 and select('#', s:byte(1, -1)) == 11)
assert(select('#', s:byte(100)) == 0)
assert(string.char(72, 105) == "Hi" and string.char() == "")
assert(not pcall(string.char, 256) and not pcall(string.char, -1))
local all = {}
for i = 0, 255 do all[#all + 1] = string.char(i) end
local bytes = table.concat(all)
assert(#bytes == 256)
for i = 0, 255 do assert(bytes:byte(i + 1) == i) end
assert("a" < "b" and "a" < "aa" and "" < "a" and "Z" < "a" and not ("b" < "a"))
assert("a\0b" < "a\0c" and "a\0" > "a")
assert("abc" .. "def" == "abcdef" and 1 .. 2 == "12" and 1.5 .. "" == "1.5")
assert(("x"):rep(3, "") == "xxx")
assert(tostring(12) == "12" and tostring(-0.0) == "-0.0")
assert(#string.rep("a", 1000, "bb") == 1000 + 999 * 2)
local t = {}
for i = 1, 100 do t[i] = i end
assert(#table.concat(t, ",") == 291)
assert(table.concat({1, 2, 3}, ", ", 2, 3) == "2, 3")
assert(table.concat({}, "x") == "")
assert(not pcall(table.concat, {1, {}, 3}))
assert(("%d"):format(3) == "3")
assert(string.len("\0\0") == 2)
assert(("test"):find("es", 1, true) == 2)
assert(("a.b"):find(".", 1, true) == 2)
assert(string.format("%q", "a\nb") == '"a\\\nb"')
print("OK strings")
