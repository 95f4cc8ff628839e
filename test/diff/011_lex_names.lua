-- lexer: identifiers, keywords as string keys, and reserved words in load
local _ = 1
local _x1, X_, __ = 2, 3, 4
print(_, _x1, X_, __)
local t = {["end"] = 1, ["while"] = 2, ["goto"] = 3, ["nil"] = 4}
print(t["end"], t["while"], t["goto"], t["nil"])
local kws = {"and", "break", "do", "else", "elseif", "end", "false", "for",
  "function", "goto", "if", "in", "local", "nil", "not", "or", "repeat",
  "return", "then", "true", "until", "while"}
for _, k in ipairs(kws) do
  local f, err = load("local " .. k .. " = 1", "=kw")
  print(k, f, err)
end
for _, n in ipairs({"And", "END", "_ENV", "self", "Goto", "nil_"}) do
  local f, err = load("local " .. n .. " = 1 return " .. n, "=nm")
  print(n, f ~= nil, err)
end
