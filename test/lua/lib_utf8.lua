-- lib_utf8.lua: the utf8 library. Must pass under lua5.4 too.

local function err(f, ...)
  local ok, e = pcall(f, ...)
  assert(not ok, "expected an error")
  return (string.gsub(e, "^[^:]*:%d+: ", ""))  -- drop the position
end

local function eq(got, want)
  if got ~= want then
    error(string.format("got %q, want %q", tostring(got), tostring(want)), 2)
  end
end

local function list(...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = tostring(t[i]) end
  return table.concat(t, ",")
end

-- charpattern: one character, NUL byte included
eq(utf8.charpattern, "[\0-\x7F\xC2-\xFD][\x80-\xBF]*")
eq(#utf8.charpattern, 14)
do
  local chars = {}
  for c in ("añ€😀"):gmatch(utf8.charpattern) do chars[#chars + 1] = c end
  eq(list(table.unpack(chars)), "a,ñ,€,😀")
end

-- char: every encoding length, up to the 6-byte form
eq(utf8.char(), "")
eq(utf8.char(72, 105), "Hi")
eq(utf8.char(0), "\0")
eq(utf8.char(0x7F, 0x80, 0x7FF, 0x800), "\x7F\xC2\x80\xDF\xBF\xE0\xA0\x80")
eq(utf8.char(0xFFFF, 0x10000, 0x10FFFF), "\xEF\xBF\xBF\xF0\x90\x80\x80\xF4\x8F\xBF\xBF")
eq(utf8.char(0x1FFFFF, 0x200000), "\xF7\xBF\xBF\xBF\xF8\x88\x80\x80\x80")
eq(utf8.char(0x3FFFFFF, 0x4000000), "\xFB\xBF\xBF\xBF\xBF\xFC\x84\x80\x80\x80\x80")
eq(utf8.char(0x7FFFFFFF), "\xFD\xBF\xBF\xBF\xBF\xBF")
eq(utf8.char(0xD800), "\xED\xA0\x80")      -- char does not judge
eq(utf8.char(65.0), "A")
eq(err(utf8.char, 0x80000000), "bad argument #1 to 'utf8.char' (value out of range)")
eq(err(utf8.char, 65, -1), "bad argument #2 to 'utf8.char' (value out of range)")
eq(err(utf8.char, "x"), "bad argument #1 to 'utf8.char' (number expected, got string)")
eq(err(utf8.char, 1.5), "bad argument #1 to 'utf8.char' (number has no integer representation)")

-- codepoint
eq(list(utf8.codepoint("héllo", 1, -1)), "104,233,108,108,111")
eq(list(utf8.codepoint("héllo")), "104")
eq(list(utf8.codepoint("héllo", 2)), "233")
eq(list(utf8.codepoint("héllo", -1)), "111")
eq(list(utf8.codepoint("héllo", 2, 3)), "233")  -- j inside the character
eq(select("#", utf8.codepoint("abc", 4, 3)), 0)
eq(select("#", utf8.codepoint("abc", 3, 2)), 0)
eq(err(utf8.codepoint, "héllo", 3), "invalid UTF-8 code")
eq(err(utf8.codepoint, "abc", 0), "bad argument #2 to 'utf8.codepoint' (out of bounds)")
eq(err(utf8.codepoint, "abc", -10), "bad argument #2 to 'utf8.codepoint' (out of bounds)")
eq(err(utf8.codepoint, "abc", 1, 4), "bad argument #3 to 'utf8.codepoint' (out of bounds)")
eq(err(utf8.codepoint, "abc", 5, 4), "bad argument #3 to 'utf8.codepoint' (out of bounds)")
eq(err(utf8.codepoint, ""), "bad argument #3 to 'utf8.codepoint' (out of bounds)")
eq(err(utf8.codepoint, "\xE4"), "invalid UTF-8 code")              -- truncated
eq(err(utf8.codepoint, "\xC0\x80", 1, 1, true), "invalid UTF-8 code")  -- overlong
eq(err(utf8.codepoint, "\xE0\x80\x80", 1, 1, true), "invalid UTF-8 code")
eq(err(utf8.codepoint, "\xFE"), "invalid UTF-8 code")
eq(err(utf8.codepoint, "\x80"), "invalid UTF-8 code")
-- strict rejects surrogates and values above 10FFFF; lax takes them
eq(err(utf8.codepoint, "\xED\xA0\x80"), "invalid UTF-8 code")
eq(utf8.codepoint("\xED\xA0\x80", 1, 1, true), 0xD800)
eq(err(utf8.codepoint, "\xF4\x90\x80\x80"), "invalid UTF-8 code")
eq(utf8.codepoint("\xF4\x90\x80\x80", 1, 1, true), 0x110000)
eq(utf8.codepoint("\xF4\x8F\xBF\xBF"), 0x10FFFF)
eq(utf8.codepoint("\xFD\xBF\xBF\xBF\xBF\xBF", 1, 1, true), 0x7FFFFFFF)

-- len
eq(utf8.len("héllo"), 5)
eq(utf8.len(""), 0)
eq(utf8.len("héllo", -1), 1)
eq(utf8.len("héllo", 4), 3)
eq(utf8.len("abc", 4), 0)
eq(utf8.len("abc", 2, 1), 0)
eq(utf8.len("abc", 1, -5), 0)
eq(list(utf8.len("héllo", 3)), "nil,3")
eq(list(utf8.len("ab\xFFcd")), "nil,3")
eq(list(utf8.len("\xED\xA0\x80")), "nil,1")
eq(utf8.len("\xED\xA0\x80", 1, -1, true), 1)
eq(list(utf8.len("a\xF4\x90\x80\x80")), "nil,2")
eq(err(utf8.len, "abc", 5), "bad argument #2 to 'utf8.len' (initial position out of bounds)")
eq(err(utf8.len, "abc", 0), "bad argument #2 to 'utf8.len' (initial position out of bounds)")
eq(err(utf8.len, "abc", -5), "bad argument #2 to 'utf8.len' (initial position out of bounds)")
eq(err(utf8.len, "abc", 1, 4), "bad argument #3 to 'utf8.len' (final position out of bounds)")
eq(err(utf8.len, "abc", 1.5), "bad argument #2 to 'utf8.len' (number has no integer representation)")
eq(err(utf8.len), "bad argument #1 to 'utf8.len' (string expected, got no value)")

-- offset
eq(utf8.offset("héllo", 3), 4)
eq(utf8.offset("héllo", -1), 6)
eq(utf8.offset("héllo", 0, 3), 2)      -- start of the character holding byte 3
eq(utf8.offset("héllo", 6), 7)         -- one past the end
eq(utf8.offset("héllo", 7), nil)
eq(utf8.offset("héllo", 10), nil)
eq(utf8.offset("héllo", -10), nil)
eq(utf8.offset("héllo", -2, 4), 1)
eq(utf8.offset("", 1), 1)
eq(utf8.offset("", 0), 1)
eq(utf8.offset("", -1), nil)
eq(utf8.offset("abc", 0, 4), 4)
eq(utf8.offset("abc", 1, 4), 4)
eq(utf8.offset("abc", 2, 4), nil)
eq(err(utf8.offset, "héllo", 1, 3), "initial position is a continuation byte")
eq(err(utf8.offset, "héllo", 1, 8), "bad argument #3 to 'utf8.offset' (position out of bounds)")
eq(err(utf8.offset, "héllo", 1, 0), "bad argument #3 to 'utf8.offset' (position out of bounds)")
eq(err(utf8.offset, "abc"), "bad argument #2 to 'utf8.offset' (number expected, got no value)")

-- codes
local function codes(s, lax)
  local t = {}
  for p, c in utf8.codes(s, lax) do t[#t + 1] = p .. ":" .. c end
  return table.concat(t, " ")
end
eq(codes("héllo"), "1:104 2:233 4:108 5:108 6:111")
eq(codes(""), "")
eq(codes("\u{7FF}\u{FFFF}\u{10FFFF}"), "1:2047 3:65535 6:1114111")
eq(codes("\xED\xA0\x80", true), "1:55296")
eq(codes("\xF8\x88\x80\x80\x80", true), "1:2097152")
eq(err(codes, "ab\xFF"), "invalid UTF-8 code")
eq(err(codes, "\xE4\xB8"), "invalid UTF-8 code")
eq(err(codes, "\xED\xA0\x80"), "invalid UTF-8 code")
eq(err(codes, "\xF4\x90\x80\x80"), "invalid UTF-8 code")
-- stray continuation bytes after a character are skipped, as in 5.4.4
eq(codes("a\x80"), "1:97")
eq(codes("\x80"), "")
eq(err(utf8.codes, 1 == 1), "bad argument #1 to 'utf8.codes' (string expected, got boolean)")
do
  local f, s, i = utf8.codes("abc")
  eq(s, "abc"); eq(i, 0)
  eq(list(f(s, 0)), "1,97")
  eq(list(f(s, 2)), "3,99")
  eq(select("#", f(s, 3)), 0)
  eq(select("#", f(s, -1)), 0)
  eq(list(f("a\x80\x80b", 1)), "4,98")
end

-- round trip over the whole strict range, sampled
for _, c in ipairs{0, 0x41, 0x7F, 0x80, 0x3FF, 0x7FF, 0x800, 0xD7FF, 0xE000,
                   0xFFFD, 0xFFFF, 0x10000, 0x10FFFF} do
  local s = utf8.char(c)
  eq(utf8.codepoint(s), c)
  eq(utf8.len(s), 1)
  eq(s:match("^" .. utf8.charpattern .. "$"), s)
end

print("OK lib_utf8")
