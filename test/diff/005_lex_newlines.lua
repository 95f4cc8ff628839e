-- lexer: CR LF and CRLF newline handling inside long strings and line counting
local s = [[a
b
cd]]
print(#s)
for i = 1, #s do io.write(string.byte(s, i), " ") end
print()
local ok, e = pcall(error, "x")
print(ok, e)
local f = function() local t = nil
 return t.x end
print(pcall(f))
print(pcall(function()

local y; return y + 1 end))
