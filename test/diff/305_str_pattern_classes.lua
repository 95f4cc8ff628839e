-- pattern character classes: every class, upper-case complements, over all bytes
local all = {}
for i = 0, 255 do all[#all + 1] = string.char(i) end
local s = table.concat(all)
for _, c in ipairs({"a", "c", "d", "g", "l", "p", "s", "u", "w", "x"}) do
  local n1 = select(2, s:gsub("%" .. c, ""))
  local n2 = select(2, s:gsub("%" .. c:upper(), ""))
  local first = s:match("%" .. c)
  print(c, n1, n2, n1 + n2, first and first:byte())
end
print(select(2, s:gsub(".", "")), select(2, s:gsub("%z", "")))
print(select(2, s:gsub("[%a%d]", "")), select(2, s:gsub("[^%a%d]", "")))
print(select(2, s:gsub("[a-f]", "")), select(2, s:gsub("[^a-f]", "")))
print(select(2, s:gsub("[%]]", "")), select(2, s:gsub("[]]", "")), select(2, s:gsub("[^]]", "")))
print(select(2, s:gsub("[-a]", "")), select(2, s:gsub("[a-]", "")), select(2, s:gsub("[%-]", "")))
print(select(2, s:gsub("[^%s%p]", "")))
print(("x%y"):match("%%"), ("a.b"):match("%."), ("[x]"):match("%[(.)%]"))
print(("\t \n\v\f\r"):match("^%s+$") ~= nil, ("abc"):match("%A"), ("ABC"):match("%U"))
print(("hello world"):match("%w+%W%w+"), ("0x1F"):match("%x+$"), ("a1b2"):gsub("%D", "."))
