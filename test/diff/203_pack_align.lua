-- string.pack alignment: '!n', Xop, x, and the alignment errors; packsize
-- agrees with the packed length.
local function hex(s)
  return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end

local fmts = {
  "!b i", "!b h", "!b j", "!b d", "!b f", "!b n", "!b T", "!b l",
  "!1 b j", "!2 b j", "!4 b j", "!8 b j", "!16 b j", "!16 b i16",
  "! b i16", "!4 b i8 b i2 b", "!2 b i3", "!b i5", "!8 b i6",
  "!b Xh", "!b Xi", "!b Xj", "!b Xd", "!4 b Xj", "!b Xi16", "b Xj",
  "!b x Xi4 b", "!b Xs4", "!b Xi1", "!b Xx", "!b Xc1", "!b Xz", "!b X",
  "!b X b", "!b XX", "!b X<", "!b X!", "!4 b s4", "!4 b z i4", "!4 b c3 i4",
  "!3 b i4", "!3 b i2", "!5 b Xi8", "!4 b !2 j", "!b !1 j", "<!4 b >i4",
  "!8 b i7", "!16 b i12", "b x x x i", "!i1 i2 i4 i8",
}

for _, f in ipairs(fmts) do
  local args = {}
  for i = 1, 8 do args[i] = i end
  local nstr = select(2, f:gsub("[sz]", ""))
  local ok, r
  if nstr > 0 then
    ok, r = pcall(string.pack, f, 1, "ab", 3, 4)
  else
    ok, r = pcall(string.pack, f, table.unpack(args))
  end
  local ok2, size = pcall(string.packsize, f)
  print(f, ok, ok and hex(r) or r, ok2, size)
  if ok then
    local t = table.pack(pcall(string.unpack, f, r))
    print("", table.unpack(t, 1, t.n))
  end
end

-- alignment counts from the start of the data, not from init
local data = "\1\0\0\0\2\0\0\0\3\0\0\0"
for init = 1, 9 do
  print(init, pcall(string.unpack, "!4 Xi4 i4", data, init))
  print(init, pcall(string.unpack, "!4 b i4", data, init))
end
