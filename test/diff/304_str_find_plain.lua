-- string.find with plain flag, init positions, special characters
local s = "a.b*c+d?e[f]g%h^i$j(k)l-m"
for _, p in ipairs({".", "*", "+", "?", "[", "]", "%", "^", "$", "(", ")", "-", "a.b", "l-m", "", "zz"}) do
  print(p, s:find(p, 1, true))
end
print(("hello"):find("l", 1, true), ("hello"):find("l", 4, true), ("hello"):find("l", 5, true))
print(("hello"):find("", 0, true), ("hello"):find("", 5, true), ("hello"):find("", 6, true), ("hello"):find("", 7, true))
print(("hello"):find("", -1, true), ("hello"):find("", -100, true), ("hello"):find("o", -1, true))
print(("hello"):find("lo", -2, true), ("hello"):find("lo", -1, true))
print(("aaa"):find("aa", 2, true), ("aaa"):find("aa", 3, true))
print(("x\0y"):find("\0", 1, true), ("x\0y"):find("\0y"))
print(("abc"):find("b", 1, false), ("abc"):find("b", 1, nil), ("a.c"):find(".", 1, 1))
print(("abc"):find("b", 1.0), pcall(string.find, "abc", "b", 1.5))
print(pcall(string.find, "abc"))
print(pcall(string.find, nil, "x"))
print(pcall(string.find, "abc", {}))
print(pcall(string.find, "abc", "b", "x"))
print(string.find(12345, 34), string.find(12345, 3.0, 1, true))
print(("hello"):find("l", math.maxinteger), ("hello"):find("h", math.mininteger))
