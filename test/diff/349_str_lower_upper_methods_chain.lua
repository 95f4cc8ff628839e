-- long chains of string methods over generated text
local text = {}
for i = 1, 20 do text[i] = string.format("Item%02d=%s", i, string.rep(string.char(64 + i), i % 4 + 1)) end
local s = table.concat(text, ";")
print(#s, s:sub(1, 40))
print(s:lower():gsub("item", "I"):sub(1, 30))
print((s:gsub("(%a+)(%d+)=(%a+)", "%3-%2"):upper():sub(1, 40)))
print(select(2, s:gsub(";", ";")), s:find("Item10"), s:match("Item(1%d)=(%a+)"))
print(s:reverse():sub(1, 20), #s:rep(3, "|"))
local words = {}
for k, v in s:gmatch("(%w+)=(%a+)") do if #v > 3 then words[#words + 1] = k end end
print(table.concat(words, ","))
