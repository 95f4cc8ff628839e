-- lexer: long strings with levels and the leading-newline rule
local a = [[
first line
second]]
print(a, #a)
local b = [[no newline]]
print(b)
local c = [==[
contains ]] and ]=] inside]==]
print(c)
local d = [=[

two leading newlines, one dropped]=]
print(#d, string.byte(d, 1))
local e = [[\n is not an escape \t]]
print(e, #e)
local f = [[]]
print(#f)
local g = [[
]]
print(#g)
local h = [===[a]=]b]==]c]===]
print(h)
print([[x
y
z]])
print(#[[

]])
