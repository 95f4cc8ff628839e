-- string.rep with separators: size checks including separator length
print(pcall(string.rep, "a", 2^62, "b"))
print(pcall(string.rep, "", 2^62, "b"))
print(pcall(string.rep, "abc", math.maxinteger // 3))
print(pcall(string.rep, "x", 3, string.rep("y", 3)))
print(#string.rep("ab", 1000, "cd"), #string.rep("", 1000, "cd"), #string.rep("ab", 1000, ""))
print(string.rep("-", 1, "sep"), string.rep("-", 2, "sep"), string.rep("", 3, ""))
print(pcall(string.rep, "ab", -1 , "x"), string.rep("ab", math.mininteger, "x") == "")
