-- strings: upper, lower, rep with separator, reverse, len with embedded zeros
print(string.upper("Hello, World! 123"), string.lower("Hello, World! ÀÉ"))
print(("MiXeD"):lower(), ("MiXeD"):upper(), ("a\0b"):upper() == "A\0B")
print(string.rep("ab", 3), string.rep("ab", 3, "|"), string.rep("ab", 1, "|"), string.rep("ab", 0, "|"))
print(string.rep("", 5), string.rep("x", -5), #string.rep("abc", 1000), #string.rep("a", 10, "bb"))
print(string.rep("", 3, ","), string.rep("-", 2, ""))
print(string.reverse("abc"), string.reverse(""), string.reverse("a\0b"):byte(1, -1))
print(string.len("abc"), string.len(""), string.len("a\0b\0"), #"\0")
print(string.rep(5, 2), string.upper(12), string.len(1.5))
print(pcall(string.rep, "x", 1e10))
print(pcall(string.rep, "x", math.maxinteger))
local parts = {}
for i = 1, 5 do parts[i] = string.rep(string.char(96 + i), i) end
print(table.concat(parts, " "))
