-- utf8.charpattern over valid and invalid byte sequences
local samples = {"abc", "héllo", "\xff\xfe", "a\x80b", "\xe2\x82", "€€", "\xf0\x9f\x98\x80x"}
for _, s in ipairs(samples) do
  local parts = {}
  for c in s:gmatch(utf8.charpattern) do parts[#parts + 1] = #c end
  print(#s, table.concat(parts, ","), utf8.len(s))
end
print(("x€y"):match(utf8.charpattern, 2) == "€", ("x€y"):find(utf8.charpattern, 3))
