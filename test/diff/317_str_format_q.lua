-- string.format %q for strings, integers, floats, special values, errors
print(string.format("%q", "plain"))
print(string.format("%q", "quote\" backslash\\ newline\n cr\r tab\t zero\0 one\1 del\127 hi\200"))
print(string.format("%q", "\0001\0012"))
print(string.format("%q", "\r\n"))
print(string.format("%q", 0), string.format("%q", -1), string.format("%q", math.maxinteger))
print(string.format("%q", math.mininteger))
print(string.format("%q", 1.0), string.format("%q", -0.0), string.format("%q", 0.1))
print(string.format("%q", 1/0), string.format("%q", -1/0), string.format("%q", 0/0))
print(string.format("%q", 2^63), string.format("%q", 1e-300), string.format("%q", 123.456))
print(string.format("%q", nil), string.format("%q", true), string.format("%q", false))
print(pcall(string.format, "%q", {}))
print(pcall(string.format, "%q", print))
print(pcall(string.format, "%q"))
local all = {}
for i = 0, 255 do all[#all + 1] = string.char(i) end
local s = table.concat(all)
local q = string.format("%q", s)
print(#q, load("return " .. q)() == s)
for _, v in ipairs({0.5, -2.75, 1e300, 3.0, math.pi}) do
  local r = string.format("%q", v)
  print(r, load("return " .. r)() == v)
end
print(string.format("%q", "\226\130\172"), string.format("%q", "a\nb"))
