-- size: default 48, quick 1
-- ackermann.lua — deep non-tail recursion: Ackermann's function, ack(3, n)
-- for n = 1..7 computed N times (ack(3, 7) nests about 1000 calls deep).
local N = tonumber(arg and arg[1]) or 48

local function ack(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ack(m - 1, 1) end
  return ack(m - 1, ack(m, n - 1))
end

local checksum, last = 0, 0
for round = 1, N do
  for n = 1, 7 do
    local v = ack(3, n)
    if v ~= 2 ^ (n + 3) - 3 then error("bad ack(3, " .. n .. ") = " .. v) end
    checksum = (checksum * 7 + v) % 1000003
    last = v
  end
  checksum = (checksum + ack(2, round)) % 1000003
end
print(string.format("ack(3, 7) = %d", last))
print(string.format("ack(2, %d) = %d", N, ack(2, N)))
print(string.format("checksum %d", checksum))
