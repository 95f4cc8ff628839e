-- lexer: short and long comments in various positions
local x = 1 -- comment
--[[ long
comment ]] local y = 2
--[==[ another
]] still comment
]==] local z = 3
print(x, y, z) --[[ inline ]] print("after")
---[[ this is a short comment trick
print("visible")
--]]
--[=[
print("invisible")
--]=]
local t = { 1, --[[ two ]] 3 }
print(#t, t[2])
-- comment at end without newline
print(1 --[[c]] + --[[d]] 2)
--
print("done")
--[[]]print("adjacent")
