-- size: default 50, quick 1
-- N-queens: count every solution of boards 4..10 by recursive backtracking
-- over column and diagonal occupancy arrays (boolean tables, integer
-- indexing, deep recursion with early cut-offs), repeated N times.
local N = tonumber(arg and arg[1]) or 50

local function count_solutions(n)
  local cols, diag1, diag2 = {}, {}, {}
  for i = 1, 2 * n do
    cols[i], diag1[i], diag2[i] = false, false, false
  end
  local placed = {}
  local count, checksum = 0, 0

  local function place(row)
    if row > n then
      count = count + 1
      -- fold the solution into a checksum: column of each row, weighted
      local h = 0
      for r = 1, n do h = (h * 31 + placed[r]) % 1000003 end
      checksum = (checksum + h) % 1000000007
      return
    end
    for c = 1, n do
      local d1, d2 = row + c, row - c + n
      if not cols[c] and not diag1[d1] and not diag2[d2] then
        cols[c], diag1[d1], diag2[d2] = true, true, true
        placed[row] = c
        place(row + 1)
        cols[c], diag1[d1], diag2[d2] = false, false, false
      end
    end
  end

  place(1)
  return count, checksum
end

local total, checksum = 0, 0
local counts = {}
for rep = 1, N do
  for n = 4, 10 do
    local c, h = count_solutions(n)
    counts[n] = c
    total = total + c
    checksum = (checksum * 7 + h + rep) % 1000000007
  end
end

for n = 4, 10 do
  print(string.format("%2d queens: %d solutions", n, counts[n]))
end
print(string.format("total solutions over %d rounds: %d", N, total))
print(string.format("checksum %d", checksum))
