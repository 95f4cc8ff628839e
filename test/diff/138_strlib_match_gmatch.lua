-- string library: string.match and string.gmatch with captures, anchors and classes
print(string.match("hello 123 world", "%d+"))
print(string.match("key=val", "(%w+)=(%w+)"))
print(string.match("no digits", "%d+"))
print(string.match("  spaced  ", "^%s*(.-)%s*$") .. "|")
print(string.match("2024-01-15", "^(%d%d%d%d)-(%d%d)-(%d%d)$"))
print(string.match("abc", "()"), string.match("abc", "()", 3), string.match("abc", ".-()c"))
print(string.match("hello", ".", -1), string.match("hello", "^h"), string.match("hello", "^e"))
print(string.match("[[nested]]", "%[(%b[])%]"))
print(string.match("aXb", "%u"), string.match("a1b", "%l%d%l"), string.match("a\tb", "%c"))
print(string.match("x.y", "%p"), string.match("0xFF", "%x+", 3), string.match("hello", "(h)(e)(l)(l)(o)"))
local words = {}
for w in string.gmatch("one two  three\tfour", "%a+") do words[#words + 1] = w end
print(#words, table.concat(words, ","))
local kv = {}
for k, v in string.gmatch("a=1, b=2, c=3", "(%w+)=(%w+)") do kv[#kv + 1] = k .. ":" .. v end
print(table.concat(kv, " "))
local n = 0
for _ in string.gmatch("aaaa", "") do n = n + 1 end
print(n)
local pos = {}
for p in string.gmatch("abcabc", "()b") do pos[#pos + 1] = p end
print(table.concat(pos, ","))
local digits = {}
for d in ("a1b22c333"):gmatch("%d+") do digits[#digits + 1] = d end
print(table.concat(digits, "|"))
print(pcall(string.match, "x", "("))
print(pcall(string.match, "x", "%"))
print(pcall(string.match, "x", "[a"))
print(pcall(string.match, "x", "(()"))
print(pcall(string.match, "x", "%1"))
print(string.match("abab", "(ab)%1"), string.match("hello", "(l)%1"))
