-- string.gmatch: captures, anchors, empty matches, init argument, position captures
local function all(s, p, init)
  local out = {}
  for a, b in string.gmatch(s, p, init) do out[#out + 1] = tostring(a) .. (b and ("/" .. tostring(b)) or "") end
  return #out .. ":" .. table.concat(out, ",")
end
print(all("one two  three", "%a+"))
print(all("k1=v1, k2=v2", "(%w+)=(%w+)"))
print(all("abc", ""))
print(all("abc", "x*"))
print(all("aXbXc", "[^X]*"))
print(all("hello", "()l"))
print(all("hello", "^h"))
print(all("hello", "^l"))
print(all("a,b,,c,", "([^,]*)"))
print(all("one two three", "%a+", 5))
print(all("one two three", "%a+", -5))
print(all("one two three", "%a+", 100))
print(all("abc", ".", 0))
print(all("abc", "()", 2))
print(all("", ".*"))
print(all("12 3.5 -7 0x10", "%-?%d+%.?%d*"))
local it = string.gmatch("a1b2", "%a(%d)")
print(it(), it(), it(), it())
print(pcall(string.gmatch))
print(pcall(string.gmatch, "x"))
print(pcall(string.gmatch, "x", "x", "y"))
print(pcall(string.gmatch, {}, "x"))
print(all(12321, "2"))
local words = {}
for w in ("The quick brown fox"):gmatch("%u%l*") do words[#words + 1] = w end
print(table.concat(words, "+"))
for k, v in ("a=1;b=2;c=3"):gmatch("(%w)=(%d)") do io.write(k, v * 2, " ") end
print()
