-- string.find/match with init beyond the end, anchors with init, captures returned by find
local s = "hello world"
for _, init in ipairs({-20, -11, -5, -1, 0, 1, 5, 11, 12, 13, 100}) do
  print(init, s:find("o", init), s:find("", init), s:match("()", init), s:find("^w", init))
end
print(s:find("(o)(r)"), s:find("(h)()"), s:find("l+"), s:find("%s"))
print(s:match("^(%w+)"), s:match("(%w+)$"), s:match("^(%w+)$"), s:match(".-(o)", 6))
print(("aaa"):find("a-", 2), ("aaa"):match("^(a-)$"), ("x"):find("x", 2), ("x"):find("", 2), ("x"):find("", 3))
print(string.find("abc", "b", nil, nil), string.find("abc", "b", nil, true))
print(("a+b"):find("+", 1, true), ("a+b"):find("a+b"), ("a+b"):find("a%+b"))
