-- programs: matrix multiplication, transpose and determinant (integers and floats)
local function matmul(a, b)
  local n, m, p = #a, #b, #b[1]
  local c = {}
  for i = 1, n do
    c[i] = {}
    for j = 1, p do
      local s = 0
      for k = 1, m do s = s + a[i][k] * b[k][j] end
      c[i][j] = s
    end
  end
  return c
end
local function show(m)
  local rows = {}
  for i = 1, #m do rows[i] = table.concat(m[i], " ") end
  return table.concat(rows, " / ")
end
local A = {{1, 2}, {3, 4}}
local B = {{5, 6}, {7, 8}}
print(show(matmul(A, B)))
local I = {{1, 0}, {0, 1}}
print(show(matmul(A, I)))
local F = {{0.5, 1.5}, {2.0, -1}}
print(show(matmul(F, A)))
local function transpose(m)
  local t = {}
  for i = 1, #m[1] do t[i] = {} for j = 1, #m do t[i][j] = m[j][i] end end
  return t
end
print(show(transpose({{1, 2, 3}, {4, 5, 6}})))
local function det(m)
  local n = #m
  if n == 1 then return m[1][1] end
  if n == 2 then return m[1][1] * m[2][2] - m[1][2] * m[2][1] end
  local d = 0
  for c = 1, n do
    local sub = {}
    for i = 2, n do
      local row = {}
      for j = 1, n do if j ~= c then row[#row + 1] = m[i][j] end end
      sub[#sub + 1] = row
    end
    d = d + ((c % 2 == 1) and 1 or -1) * m[1][c] * det(sub)
  end
  return d
end
print(det({{2, 0, 1}, {1, 3, 2}, {1, 1, 1}}), det({{1, 2, 3, 4}, {5, 6, 7, 8}, {2, 6, 4, 8}, {3, 1, 1, 2}}))
local P = {{1, 1}, {1, 0}}
local R = {{1, 0}, {0, 1}}
for i = 1, 90 do R = matmul(R, P) end
print(R[1][2])
