-- string.packsize of native formats and composite records, pack/unpack of records in a loop
print(string.packsize("b"), string.packsize("h"), string.packsize("i"), string.packsize("l"), string.packsize("f"), string.packsize("d"))
local fmt = "<i4 d s1 B"
local recs = {}
for i = 1, 5 do recs[i] = string.pack(fmt, i * 1000, i / 4, ("n"):rep(i), i * 40) end
local blob = table.concat(recs)
print(#blob)
local pos = 1
while pos <= #blob do
  local a, b, c, d
  a, b, c, d, pos = string.unpack(fmt, blob, pos)
  print(a, b, c, d, pos)
end
