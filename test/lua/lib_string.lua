-- lib_string.lua: the string library (no pack/unpack/dump), its patterns,
-- string.format and the string metatable. Must pass under lua5.4 too.

local function err(f, ...)
  local ok, e = pcall(f, ...)
  assert(not ok, "expected an error")
  return e
end

local function eq(got, want)
  if got ~= want then
    error(string.format("got %q, want %q", tostring(got), tostring(want)), 2)
  end
end

-- basics
eq(("hello"):len(), 5); eq(#"\0\0", 2)
eq(("hello"):sub(2), "ello"); eq(("hello"):sub(-3, -2), "ll")
eq(("hello"):sub(0), "hello"); eq(("x"):sub(3, 2), ""); eq(("hello"):sub(2, 100), "ello")
eq(("hello"):sub(-100, 1), "h"); eq(("hello"):sub(math.mininteger, math.maxinteger), "hello")
eq(("aBc"):upper(), "ABC"); eq(("AbC"):lower(), "abc"); eq(("abc"):reverse(), "cba")
eq(("ab"):rep(3, ","), "ab,ab,ab"); eq(("x"):rep(0), ""); eq(("x"):rep(-1), ""); eq(("x"):rep(1, "s"), "x")
eq(#("abc"):rep(1000), 3000)
eq(err(string.rep, "x", 2^31), "resulting string too large")
eq(err(string.rep, "x", 2^31 - 1, "y"), "resulting string too large")
do
  local a, b, c = ("ABC"):byte(1, -1)
  assert(a == 65 and b == 66 and c == 67)
  assert(select("#", (""):byte()) == 0)
  assert(select("#", ("abc"):byte(3, 2)) == 0)
  eq(("hello"):byte(-1), 111)
end
eq(string.char(72, 105), "Hi"); eq(string.char(), "")
eq(err(string.char, 256), "bad argument #1 to 'string.char' (value out of range)")
eq(err(string.char, 65, -1), "bad argument #2 to 'string.char' (value out of range)")
eq(err(string.rep), "bad argument #1 to 'string.rep' (string expected, got no value)")
eq(err(string.sub, "x"), "bad argument #2 to 'string.sub' (number expected, got no value)")
eq(err(string.rep, "x", 1.5), "bad argument #2 to 'string.rep' (number has no integer representation)")
eq(err(string.len, print):gsub("0x%x+", ""), "bad argument #1 to 'string.len' (string expected, got function)")
assert(err(function() ("x"):rep({}) end):find("bad argument #1 to 'rep' %(number expected, got table%)"))
do
  local s = setmetatable({}, {__index = string})
  assert(err(function() return s:rep(2) end):find("calling 'rep' on bad self %(string expected, got table%)"))
end

-- find / match
assert(("abc"):find("b") == 2)
do
  local i, j = ("a.b"):find(".", 1, true); assert(i == 2 and j == 2)
  i, j = ("abc"):find("", 4); assert(i == 4 and j == 3)
  assert(("abc"):find("", 5) == nil)
  i, j = ("abc"):find("b", -10); assert(i == 2 and j == 2)
  i, j = ("a\0b"):find("%z"); assert(i == 2 and j == 2)
  i, j = ("a+b"):find("+", 1, true); assert(i == 2)
  local a, b, c = ("key = val"):find("(%w+)%s*=%s*(%w+)")
  assert(a == 1 and b == 9 and c == "key")
end
eq(("  hello  "):match("^%s*(.-)%s*$"), "hello")
eq(("THE (quick) fox"):match("%((%a+)%)"), "quick")
eq(("x=1,y=2"):match("()y"), 5)
eq(("f(a(b)c)d"):match("%b()"), "(a(b)c)")
eq(("aaab"):match("a-b"), "aaab"); eq(("aaa"):match("a-b"), nil)
eq(("b"):match("a?b"), "b"); eq(("[]]"):match("[]]"), "]")
eq(("a-b"):match("[a-]+"), "a-"); eq(("^x"):match("[%^x]+"), "^x"); eq(("hello"):match("[^l]+"), "he")
eq(("abcabc"):match("(abc)%1"), "abc"); eq((" x"):match("^%s*()"), 2)
eq(("THE END"):match("%u+$"), "END"); eq(("a$"):match("a$"), nil); eq(("a$b"):match("a$b"), "a$b")
do
  local y, m, d = ("2024-01-15"):match("(%d+)-(%d+)-(%d+)")
  assert(y == "2024" and m == "01" and d == "15")
end
eq(err(string.find, "a", "%"), "malformed pattern (ends with '%')")
eq(err(string.find, "a", "[a"), "malformed pattern (missing ']')")
eq(err(string.find, "a", "%b"), "malformed pattern (missing arguments to '%b')")
eq(err(string.find, "a", "%f"), "missing '[' after '%f' in pattern")
eq(err(string.find, "a", "("), "unfinished capture")
eq(err(string.match, "a", "a)"), "invalid pattern capture")
eq(err(string.find, "a", "%1"), "invalid capture index %1")
eq(err(string.find, "a", "(a)%2"), "invalid capture index %2")
eq(err(string.find, ("a"):rep(300), ("a?"):rep(300) .. ("a"):rep(300)), "pattern too complex")
eq(err(string.match, "x", ("()"):rep(33)), "too many captures")
eq(select("#", string.match("x", ("()"):rep(32))), 32)

-- gmatch
do
  local r = {}
  for k, v in ("k=v, x=y"):gmatch("(%w+)=(%w+)") do r[#r + 1] = k .. v end
  eq(table.concat(r, ";"), "kv;xy")
  r = {}
  for e in ("abc"):gmatch("") do r[#r + 1] = "[" .. e .. "]" end
  eq(table.concat(r), "[][][][]")
  r = {}
  for a in ("abcabc"):gmatch("a", 2) do r[#r + 1] = a end
  eq(#r, 1)
  r = {}
  for w in ("one two  three"):gmatch("%a*") do r[#r + 1] = w end
  eq(table.concat(r, "|"), "one|two||three")
end

-- gsub
do
  local s, n = ("abc"):gsub("", "-"); eq(s, "-a-b-c-"); eq(n, 4)
  s, n = ("hello world"):gsub("%w+", "%0 %0", 1); eq(s, "hello hello world"); eq(n, 1)
  eq((("hello world"):gsub("(o)", "[%1]")), "hell[o] w[o]rld")
  eq((("abc"):gsub("%w", "%%")), "%%%")
  eq((("abc"):gsub(".", {a = 1, b = false})), "1bc")
  eq((("abc def"):gsub("%f[%w]%w+", string.upper)), "ABC DEF")
  eq((("one two three"):gsub("(%w+) (%w+)", "%2 %1")), "two one three")
  eq((("abc"):gsub("b*", "-")), "-a-c-")
  eq((("a b c"):gsub(" ", "", 1.0)), "ab c")
  eq((("abc"):gsub("b", 1)), "a1c")
  eq((("x"):gsub("()", "%1")), "1x2")
  s, n = ("abc"):gsub("x", "y"); eq(s, "abc"); eq(n, 0)
  s, n = ("abc"):gsub(".", function() end); eq(s, "abc"); eq(n, 3)
  eq((("^a^"):gsub("^%^", "")), "a^")
end
eq(err(string.gsub, "abc", "b", {b = {}}), "invalid replacement value (a table)")
eq(err(string.gsub, "abc", "b", function() return true end), "invalid replacement value (a boolean)")
eq(err(string.gsub, "abc", "b", "%2"), "invalid capture index %2")
eq(err(string.gsub, "abc", "b", "%x"), "invalid use of '%' in replacement string")
eq(err(string.gsub, "abc", "b", "x%"), "invalid use of '%' in replacement string")
eq(err(string.gsub, "abc", "b"), "bad argument #3 to 'string.gsub' (string/function/table expected, got no value)")
eq(err(string.gsub, "abc", "b", "", 1.5), "bad argument #4 to 'string.gsub' (number has no integer representation)")
do -- an error in the middle of a long result leaves the state usable
  for _ = 1, 50 do
    local ok = pcall(string.gsub, ("x"):rep(5000), "x", function(c) if math.random() < 0.001 then error("stop") end return "yy" end)
    assert(ok ~= nil)
  end
end

-- format
eq(string.format("%5s|%-5s|%.2s", "a", "b", "cde"), "    a|b    |cd")
eq(string.format("%c%c", 65, 66), "AB")
eq(string.format("%d %s", "10", 1.0), "10 1.0")
eq(string.format("%i", 3.0), "3")
eq(string.format("%a %A", 1.0, 0.5), "0x1p+0 0X1P-1")
eq(string.format("%5.2f|%e|%g|%G|%E", 3.14159, 1234.5, 1e20, 1e-20, 5), " 3.14|1.234500e+03|1e+20|1E-20|5.000000E+00")
eq(string.format("%x %X %o %u %i", 255, 255, 8, 3, -4), "ff FF 10 3 -4")
eq(string.format("%-5d|%05d|%+d|% d", 3, 3, 3, 3), "3    |00003|+3| 3")
eq(string.format("%#x|%-5c|", 255, 65), "0xff|A    |")
eq(string.format("%.14g", 2^53), "9.007199254741e+15")
eq(string.format("%5.1s|", "abc"), "    a|")
eq(string.format("%s %s %s %%", nil, true, 12), "nil true 12 %")
eq(string.format("%.3s", setmetatable({}, {__tostring = function() return "tostr" end})), "tos")
eq(#string.format("%99.99f", 1e308), 409)
eq(#string.format("%5s", ("x"):rep(200)), 200)
eq(string.format("%s", "a\0b"), "a\0b")
eq(string.format("%p", 1), "(null)")
eq(string.format("%q", "a\0b\n\r\0011\127\200\""), '"a\\0b\\\n\\13\\0011\\127\200\\""')
eq(string.format("%q", 1/0), "1e9999"); eq(string.format("%q", -1/0), "-1e9999")
eq(string.format("%q", 0/0), "(0/0)"); eq(string.format("%q", math.mininteger), "0x8000000000000000")
eq(string.format("%q", 0.1), "0x1.999999999999ap-4"); eq(string.format("%q", 255), "255")
eq(string.format("%q", 2^63), "0x1p+63")
eq(err(string.format, "%q", {}), "bad argument #2 to 'string.format' (value has no literal form)")
eq(err(string.format, "%10q", 1), "specifier '%q' cannot have modifiers")
eq(err(string.format, "%d", "x"), "bad argument #2 to 'string.format' (number expected, got string)")
eq(err(string.format, "%d", 1.5), "bad argument #2 to 'string.format' (number has no integer representation)")
eq(err(string.format, "%d"), "bad argument #2 to 'string.format' (no value)")
eq(err(string.format, "%10s", "a\0b"), "bad argument #2 to 'string.format' (string contains zeros)")
eq(err(string.format, "%10.123d", 1), "invalid conversion specification: '%10.123d'")
eq(err(string.format, "%123d", 1), "invalid conversion specification: '%123d'")
eq(err(string.format, "%#d", 1), "invalid conversion specification: '%#d'")
eq(err(string.format, "%.3c", 65), "invalid conversion specification: '%.3c'")
eq(err(string.format, "%05s", "a"), "invalid conversion specification: '%05s'")
eq(err(string.format, "%+x", 1), "invalid conversion specification: '%+x'")
eq(err(string.format, "%y", 1), "invalid conversion '%y' to 'format'")
eq(err(string.format, "%", 1), "invalid conversion '%' to 'format'")
eq(err(string.format, "%5", 1), "invalid conversion '%5' to 'format'")
eq(err(string.format, "%--------------------5d", 1), "invalid format (too long)")
eq(string.format("%-------------------5d|", 1), "1    |")
eq(err(string.format, "%s", setmetatable({}, {__tostring = function() return {} end})), "'__tostring' must return a string")

-- arithmetic on strings (string metamethods)
eq("10" + 1, 11); eq(math.type("10" + 1), "integer"); eq("10" * "2", 20); eq(-"2", -2)
eq("3" // "2", 1); eq("2" ^ "2", 4.0); eq("7" % "4", 3); eq("1" / "2", 0.5); eq(" 0x10 " - 1, 15)
assert(err(function() return "abc" + 1 end):find("attempt to add a 'string' with a 'number'"))
assert(err(function() return {} + "abc" end):find("attempt to add a 'table' with a 'string'"))
assert(err(function() return "abc" + {} end):find("attempt to add a 'string' with a 'table'"))
assert(err(function() return -"abc" end):find("attempt to unm a 'string' with a 'string'"))
assert(err(function() return "x" // 1 end):find("attempt to idiv a 'string' with a 'number'"))
do -- the other operand's metamethod is tried when the string is not a number
  local v = setmetatable({}, {__add = function(a, b) return "mt" end})
  eq("abc" + v, "mt"); eq(v + "abc", "mt")
end
eq(getmetatable("").__index, string)

print("OK lib_string")
