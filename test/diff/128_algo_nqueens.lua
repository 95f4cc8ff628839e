-- programs: N-queens solution counting with backtracking
local function queens(n)
  local count, first = 0, nil
  local cols, d1, d2, pos = {}, {}, {}, {}
  local function place(r)
    if r > n then
      count = count + 1
      if not first then first = table.concat(pos, " ") end
      return
    end
    for c = 1, n do
      if not cols[c] and not d1[r + c] and not d2[r - c + n] then
        cols[c], d1[r + c], d2[r - c + n] = true, true, true
        pos[r] = c
        place(r + 1)
        cols[c], d1[r + c], d2[r - c + n] = nil, nil, nil
      end
    end
  end
  place(1)
  return count, first
end
for n = 1, 8 do print(n, queens(n)) end
