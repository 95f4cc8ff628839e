-- strings: string.format %q for strings, integers, floats and special values
local f = string.format
print(f("%q", "simple"))
print(f("%q", 'with "quotes" and \\ backslash'))
print(f("%q", "line1\nline2"))
print(f("%q", "tab\there\rcr\0zero\1one\127del"))
print(f("%q", "\0001"), f("%q", "\0a"), f("%q", "\0009"))
print(f("%q", "\200\255"))
print(f("%q", 42), f("%q", -7), f("%q", 0))
print(f("%q", math.mininteger), f("%q", math.maxinteger))
print(f("%q", 1.5), f("%q", 0.1), f("%q", -2.0), f("%q", 1e100))
print(f("%q", 1 / 0), f("%q", -1 / 0), f("%q", 2^63))
print(f("%q", 0.0), f("%q", -0.0))
print(f("%q", true), f("%q", false), f("%q", nil))
print(pcall(f, "%q", {}))
print(pcall(f, "%10q", "x"))
local s = "a\nb\"c\\d\0e"
local back = load("return " .. f("%q", s))()
print(back == s)
local fl = 0.1
print(load("return " .. f("%q", fl))() == fl)
print(load("return " .. f("%q", math.mininteger))() == math.mininteger)
