-- signed/unsigned limits for each integer size through pack and unpack
for size = 1, 8 do
  local bits = size * 8
  local smax = size < 8 and (1 << (bits - 1)) - 1 or math.maxinteger
  local smin = size < 8 and -(1 << (bits - 1)) or math.mininteger
  local umax = size < 8 and (1 << bits) - 1 or -1
  local f = "<i" .. size
  local u = "<I" .. size
  print(size, string.unpack(f, string.pack(f, smax)), string.unpack(f, string.pack(f, smin)),
    string.unpack(u, string.pack(u, umax)), pcall(string.pack, f, size < 8 and smax + 1 or 0))
end
