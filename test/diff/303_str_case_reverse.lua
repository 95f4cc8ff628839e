-- string.upper/lower/reverse on all byte values and with coercions
local all = {}
for i = 0, 255 do all[#all + 1] = string.char(i) end
local s = table.concat(all)
local up, lo = s:upper(), s:lower()
local changedU, changedL = {}, {}
for i = 1, 256 do
  if up:byte(i) ~= i - 1 then changedU[#changedU + 1] = i - 1 end
  if lo:byte(i) ~= i - 1 then changedL[#changedL + 1] = i - 1 end
end
print(#changedU, changedU[1], changedU[#changedU])
print(#changedL, changedL[1], changedL[#changedL])
print(("MiXeD 123 çà"):upper(), ("MiXeD 123"):lower())
print(string.upper(12.5), string.lower(1e100), string.reverse(123))
print(s:reverse():byte(1), s:reverse():byte(256), #s:reverse())
print(("abc\0def"):reverse() == "fed\0cba", (""):reverse() == "")
print(pcall(string.upper))
print(pcall(string.lower, nil))
print(pcall(string.reverse, {}))
print(pcall(string.upper, true))
print(("x"):rep(3):upper():reverse():lower())
print(string.reverse("ab"):upper(), ("A"):lower():upper())
