-- strings: every byte value survives %q formatting and reloading; escapes in output
local all = {}
for i = 0, 255 do all[#all + 1] = string.char(i) end
local s = table.concat(all)
local q = string.format("%q", s)
local back = load("return " .. q)()
print(#s, #q, back == s)
local lens = {}
for i = 0, 40 do lens[#lens + 1] = #string.format("%q", string.char(i)) end
print(table.concat(lens, " "))
print(string.format("%q", "\r\n\t\v\f\a\b"))
print(string.format("%q", "\0\0011\0a"))
for _, src in ipairs({[["\65\066\x43\u{44}"]], [["\z
    x"]], [['\'']], [["a\
b"]]}) do
  local v = load("return " .. src)()
  print(#v, v:byte(1, -1))
end
