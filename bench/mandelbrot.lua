-- size: default 1150, quick 100
-- mandelbrot.lua — float loops: the Mandelbrot set on an N x N grid of
-- [-1.5, 0.5] x [-1, 1], at most 50 iterations per point, escape when
-- |z| > 2. Points are packed 8 to a byte as in a PBM bitmap (rows padded
-- to whole bytes); the bytes are checksummed instead of printed.
local N = tonumber(arg and arg[1]) or 1150
local ITER = 50

local function row_bytes(y, n, out)
  local ci = 2.0 * y / n - 1.0
  local nbytes, byte, bits = 0, 0, 0
  for x = 0, n - 1 do
    local cr = 2.0 * x / n - 1.5
    local zr, zi, zr2, zi2 = 0.0, 0.0, 0.0, 0.0
    local inside = 1
    for _ = 1, ITER do
      zi = 2.0 * zr * zi + ci
      zr = zr2 - zi2 + cr
      zr2 = zr * zr
      zi2 = zi * zi
      if zr2 + zi2 > 4.0 then
        inside = 0
        break
      end
    end
    byte = byte * 2 + inside
    bits = bits + 1
    if bits == 8 then
      nbytes = nbytes + 1
      out[nbytes] = byte
      byte, bits = 0, 0
    end
  end
  if bits > 0 then
    -- shift the last partial byte to the high bits
    while bits < 8 do
      byte = byte * 2
      bits = bits + 1
    end
    nbytes = nbytes + 1
    out[nbytes] = byte
  end
  return nbytes
end

local checksum, ones = 0, 0
local row = {}
for y = 0, N - 1 do
  local nbytes = row_bytes(y, N, row)
  for i = 1, nbytes do
    local b = row[i]
    checksum = (checksum * 31 + b) % 2147483647
    -- count the set bits (points inside the set)
    while b > 0 do
      ones = ones + b % 2
      b = math.floor(b / 2)
    end
  end
end
print(string.format("P4 %d x %d", N, N))
print(string.format("points in set %d", ones))
print(string.format("checksum %d", checksum))
