-- self-check: lexer (numerals, escapes, long strings, comments)
assert(0x10 == 16 and 0xff == 255 and 0XA == 10)
assert(math.type(0x10) == "integer" and math.type(1e2) == "float")
assert(0x1p4 == 16.0 and 0xA.8p0 == 10.5 and 0x.8 == 0.5 and 0x1P-1 == 0.5)
assert(0xffffffffffffffff == -1 and 0x7fffffffffffffff == math.maxinteger)
assert(0x10000000000000000 == 0)
assert(math.type(9223372036854775807) == "integer")
assert(math.type(9223372036854775808) == "float" and 9223372036854775808 == 2^63)
assert(1e2 == 100 and .5 == 0.5 and 5. == 5 and 3e-2 == 0.03)
assert("\a\b\f\n\r\t\v" == "\7\8\12\10\13\9\11")
assert("\x41\x42" == "AB" and "\65\066\0677" == "ABC7")
assert("\z
        abc" == "abc")
assert("a\
b" == "a\nb")
assert("\u{48}\u{49}" == "HI")
assert("\u{7FF}" == "\xDF\xBF" and "\u{FFFF}" == "\xEF\xBF\xBF")
assert("\u{10FFFF}" == "\xF4\x8F\xBF\xBF")
assert(#"\u{7FFFFFFF}" == 6 and ("\u{7FFFFFFF}"):byte(1) == 0xFD)
assert(#"\0\0\0" == 3)
assert([[
x]] == "x")
assert([==[a]]b]=]c]==] == "a]]b]=]c")
assert([[\n]] == "\\n")
local s = [[
line1
line2]]
assert(s == "line1\nline2")
--[[ long comment
spanning ]] assert(true)
--[==[ comment with ]] inside ]==] assert(true)
assert(load("return 0x1p-1074")() > 0)
for _, bad in ipairs({"x = 3x", "x = 0x", "x = '\\q'", "x = '\\300'", "x = 'abc", "x = [[abc",
  "x = '\\u{110000000}'", "x = 1..2", "--[[ unterminated", "x = '\\xG0'"}) do
  local f, e = load(bad)
  assert(f == nil and type(e) == "string", bad)
end
local f, e = load("x = '\\q'", "=t")
assert(e == "t:1: invalid escape sequence near ''\\q'")
f, e = load("x = 3x", "=t")
assert(e == "t:1: malformed number near '3x'")
f, e = load("x = 'abc", "=t")
assert(e == "t:1: unfinished string near <eof>")
assert(load("return 1--[[c]]+--[[d]]2")() == 3)
local name = string.rep("n", 1000)
assert(load("local " .. name .. " = 7 return " .. name)() == 7)
assert(load("return 'a\\z\n\n   b'")() == "ab")
assert(load("return [[\r\nx]]")() == "x")
assert(load("return [[a\r\nb]]")() == "a\nb")
print("OK lexer")
