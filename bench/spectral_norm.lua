-- size: default 700, quick 100
-- spectral_norm.lua — float arithmetic in nested loops over arrays and
-- small function calls: the spectral norm of the infinite matrix
-- A(i, j) = 1 / ((i + j) * (i + j + 1) / 2 + i + 1), estimated with
-- 10 steps of the power method on its N x N corner.
local N = tonumber(arg and arg[1]) or 700

local function A(i, j)
  local ij = i + j
  return 1.0 / (ij * (ij + 1) * 0.5 + i + 1)
end

-- out = A * v   (indices are 0-based in the formula, 1-based in arrays)
local function mul_Av(n, v, out)
  for i = 1, n do
    local sum = 0.0
    for j = 1, n do sum = sum + A(i - 1, j - 1) * v[j] end
    out[i] = sum
  end
end

-- out = transpose(A) * v
local function mul_Atv(n, v, out)
  for i = 1, n do
    local sum = 0.0
    for j = 1, n do sum = sum + A(j - 1, i - 1) * v[j] end
    out[i] = sum
  end
end

-- out = transpose(A) * A * v
local function mul_AtAv(n, v, out, tmp)
  mul_Av(n, v, tmp)
  mul_Atv(n, tmp, out)
end

local u, v, tmp = {}, {}, {}
for i = 1, N do u[i] = 1.0 end
for _ = 1, 10 do
  mul_AtAv(N, u, v, tmp)
  mul_AtAv(N, v, u, tmp)
end

local vBv, vv = 0.0, 0.0
for i = 1, N do
  vBv = vBv + u[i] * v[i]
  vv = vv + v[i] * v[i]
end
print(string.format("n = %d", N))
print(string.format("%0.9f", math.sqrt(vBv / vv)))
