-- malformed patterns: every error message of the matcher
local pats = {"%", "[a", "[", "[^", "[a-", "(", "(()", ")", "a)", "%1", "(a)%2", "(a%1)",
  "%b", "%ba", "%f", "%fa", "%f[a", "[%", "[a%", "%g%", "((((((((((((((((((((((((((((((((((x))))))))))))))))))))))))))))))))))"}
for _, p in ipairs(pats) do
  print(string.format("%-10s", p:sub(1, 10)), pcall(string.find, "abc(x)", p))
end
print(pcall(string.match, "x", "(()"))
print(pcall(string.gmatch("abc", "[a"), nil))
print(pcall(string.gsub, "abc", "(", "x"))
print(pcall(string.gsub, "abc", "%", "x"))
print(pcall(string.find, "abc", "[]"))
print(pcall(string.find, "abc", "[^]"))
print(pcall(string.find, "]", "[]]"))
print(pcall(string.match, "a", "%0"))
print(pcall(string.match, "aa", "(a)%0"))
print(pcall(string.find, "abc", "%z"))
print(pcall(string.match, string.rep("a", 40), string.rep("(a)", 40)))
print(pcall(string.find, "a)", "%a)"))
print(pcall(string.find, "a)", "a))"))
print(pcall(string.gsub, "abc", "(b", "%1"))
print(pcall(string.gsub, "abc", "(b", "<%0>"))
print(pcall(string.gmatch("abc", "(b"), nil))
print(pcall(string.match, "abc", "(b"))
