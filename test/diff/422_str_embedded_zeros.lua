-- strings with embedded zeros through the string library
local s = "a\0b\0c"
print(#s, s:len(), s:byte(1, -1))
print(s:upper() == "A\0B\0C", s:reverse() == "c\0b\0a", s:rep(2, "\0"):len())
print(s:find("\0"), s:find("\0", 3), s:find("b\0c"), s:find("%z"), s:match("(%Z+)"))
print(s:sub(2, 4) == "\0b\0", s:gsub("\0", "."), select(2, s:gsub("%z", "")))
print(("%q"):format(s))
print(s < "a\0c", s == "a\0b\0c", s < "a")
local parts = {}
for p in s:gmatch("[^%z]+") do parts[#parts + 1] = p end
print(table.concat(parts, "|"))
print(table.concat({"x", "\0", "y"}) == "x\0y", tostring("\0"):len(), ("\0"):byte())
print(pcall(string.format, "%s|", s))
print(string.format("%q", "\0" .. "1"))
