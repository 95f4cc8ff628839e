-- size: default 195, quick 30
-- Dense float matrices stored as arrays of rows: multiply (the classic
-- triple loop, with the inner loop over a transposed copy so both operands
-- are walked along rows), transpose, a chain of products C = C*B
-- renormalized each round, and the symmetric A*At. N is the matrix
-- dimension.
local N = tonumber(arg and arg[1]) or 195
local ROUNDS = 6

local function new_matrix(n, m, f)
  local a = {}
  for i = 1, n do
    local row = {}
    for j = 1, m do row[j] = f(i, j) end
    a[i] = row
  end
  return a
end

local function transpose(a)
  local n, m = #a, #a[1]
  local t = {}
  for j = 1, m do
    local row = {}
    for i = 1, n do row[i] = a[i][j] end
    t[j] = row
  end
  return t
end

local function multiply(a, b)
  local n, m, p = #a, #b, #b[1]
  local bt = transpose(b)
  local c = {}
  for i = 1, n do
    local arow, crow = a[i], {}
    for j = 1, p do
      local bcol = bt[j]
      local sum = 0.0
      for k = 1, m do sum = sum + arow[k] * bcol[k] end
      crow[j] = sum
    end
    c[i] = crow
  end
  return c
end

-- scale so the largest absolute entry is 1, keeping values bounded
local function normalize(a)
  local biggest = 0.0
  for i = 1, #a do
    local row = a[i]
    for j = 1, #row do
      local v = math.abs(row[j])
      if v > biggest then biggest = v end
    end
  end
  for i = 1, #a do
    local row = a[i]
    for j = 1, #row do row[j] = row[j] / biggest end
  end
  return a
end

local function trace(a)
  local s = 0.0
  for i = 1, #a do s = s + a[i][i] end
  return s
end

local function total(a)
  local s = 0.0
  for i = 1, #a do
    local row = a[i]
    for j = 1, #row do s = s + row[j] end
  end
  return s
end

local seed = 12345
local function rand()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647 - 0.5
end

local a = new_matrix(N, N, function() return rand() end)
local b = new_matrix(N, N, function(i, j) return (i - j) / N + rand() * 0.1 end)

local c = a
local checks = {}
for round = 1, ROUNDS do
  c = normalize(multiply(c, b))
  if round % 2 == 0 then c = transpose(c) end
  checks[round] = trace(c)
end

local aat = multiply(a, transpose(a)) -- symmetric
local asym = 0.0
for i = 1, N do
  for j = i + 1, N do asym = math.max(asym, math.abs(aat[i][j] - aat[j][i])) end
end

print(string.format("%dx%d, %d rounds", N, N, ROUNDS))
for round = 1, ROUNDS do
  print(string.format("round %d trace %.6f", round, checks[round]))
end
print(string.format("A*At trace %.6f, asymmetry %.3e", trace(aat), asym))
print(string.format("checksum %.6f", total(c) + trace(aat)))
