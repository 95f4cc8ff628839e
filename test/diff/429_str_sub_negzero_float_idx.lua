-- float and string indices converted for string functions; -0.0 as index
local s = "abcdef"
print(s:sub(-0.0), s:sub(2.0, -2.0), s:sub("2", "-2"), s:byte(-0.0), s:byte(1.0, 3.0))
print(pcall(s.sub, s, "2.5"))
print(pcall(s.sub, s, 2^63))
print(pcall(s.byte, s, 0x7fffffffffffffff))
print(s:find("c", 2.0), s:find("c", "3"), pcall(s.find, s, "c", "x"))
print(s:rep(2.0), pcall(s.rep, s, "2.5"))
print(string.char(97.0, "98", "0x63"), utf8.char(97.0, "0x62"))
print(("x"):rep(" 3 "), ("%d"):format("  7  "), ("%x"):format("0x1f"))
print(pcall(string.format, "%d", "0x"), pcall(string.format, "%d", "1e2"))
print(pcall(string.format, "%d", "1e100"))
