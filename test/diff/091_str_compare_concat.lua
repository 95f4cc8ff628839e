-- strings: comparison (byte order, prefixes, embedded zeros) and concatenation
local words = {"b", "a", "B", "ab", "", "abc", "a\0", "a\0b", "z", "Z", "10", "9", "~", " "}
table.sort(words)
local out = {}
for i, w in ipairs(words) do out[i] = string.format("%q", w) end
print(table.concat(out, " "))
print("a" < "b", "a" < "a", "a" <= "a", "abc" < "abd", "ab" < "abc", "" < "\0")
print("\0" < "\1", "a\0" < "a\1", "a\0b" > "a\0a", "\255" > "\127")
print("x" .. "y", "x" .. 1, 1 .. "x", 1.0 .. "", -1 .. "", 2^63 .. "")
local s = ""
for i = 1, 10 do s = s .. i end
print(s, #s)
local t = {}
for i = 1, 100 do t[i] = tostring(i % 10) end
local joined = table.concat(t)
print(#joined, joined:sub(1, 12))
print(table.concat({1, 2, 3}, ", "), table.concat({}, "x"), table.concat({"a"}, "x"))
print(table.concat({1, 2, 3, 4}, "-", 2, 3), table.concat({1, 2}, "-", 3), table.concat({1.5, 2, "s"}))
print(pcall(table.concat, {1, 2}, "-", 1, 3))
print("abc" == "abc", "abc" ~= "abd", ("a"):rep(3) == "aaa")
local long1 = string.rep("x", 100) .. "a"
local long2 = string.rep("x", 100) .. "b"
print(long1 < long2, long1 == long2, long1 == string.rep("x", 100) .. "a")
