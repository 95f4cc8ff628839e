-- lexer: long strings and comments containing code, loaded and executed
local code = [==[
local t = {}
t[ [[key]] ] = [[value with ]] .. "]]" .. [=[ and ]] inside]=]
--[[ a comment
spanning lines ]] t.x = 1
--[=[ ]] still comment ]=] t.y = 2
return t[ [[key]] ], t.x, t.y
]==]
print(load(code, "=long")())
local nested = "return [[" .. string.rep("a", 5) .. "]], [=[]]]=], [==[]=]]==]"
print(load(nested)())
print(#[[
]], #[[

]], #[==[
x]==])
local with_cr = load("return [[\r\nline]]")()
print(#with_cr, with_cr)
local s = [[
	tab indented
  space indented]]
print(s)
