-- utf8.codes iteration, invalid bytes raising errors, lax mode
for p, c in utf8.codes("aé€𝄞") do io.write(p, ":", c, " ") end
print()
for p, c in utf8.codes("") do io.write("never") end
print(pcall(function() for p, c in utf8.codes("ab\xffcd") do io.write(p, " ") end end))
print(pcall(function() for p, c in utf8.codes("a\x80") do io.write(p, " ") end end))
print(pcall(function() for p, c in utf8.codes("\xe2\x82") do io.write(p, " ") end end))
print(pcall(function() for p, c in utf8.codes("\xed\xa0\x80") do io.write(c, " ") end end))
print(pcall(function() for p, c in utf8.codes("\xed\xa0\x80", true) do io.write(c, " ") end end))
print(pcall(function() for p, c in utf8.codes("\xf8\x88\x80\x80\x80", true) do io.write(c, " ") end end))
print(pcall(utf8.codes))
print(pcall(utf8.codes, {}))
local f, s, i = utf8.codes("xy")
print(type(f), s, i, f(s, i))
print(f(s, 1), f(s, 2))
local t = {}
for _, c in utf8.codes("Hello, 世界") do t[#t + 1] = c end
print(#t, table.concat(t, ","), utf8.char(table.unpack(t)))
