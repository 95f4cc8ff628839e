-- jit: traces>=1, aborts<=1
-- Integer floor division and modulo by constants in compiled loops (inline
-- idiv with the sign fix-ups): every sign combination, the extremes.
local xs = {0, 1, -1, 2, -2, 5, -5, 6, -6, 7, -7, 100, -100, math.maxinteger, math.mininteger, math.maxinteger - 1, math.mininteger + 1, 1000003, -1000003, 2000007}
local n = #xs
local r = {}
for j = 1, 8 do r[j] = {} end
for i = 1, 40 * n do
  local x = xs[i % n + 1]
  local r1, r2, r3, r4, r5, r6, r7, r8 = r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]
  r1[i], r2[i] = x % 3, x // 3
  r3[i], r4[i] = x % -3, x // -3
  r5[i], r6[i] = x % 1000003, x // 1000003
  r7[i], r8[i] = x % -7, x // -7
end
for i = 1, 40 * n, 7 do
  print(xs[i % n + 1], r[1][i], r[2][i], r[3][i], r[4][i], r[5][i], r[6][i], r[7][i], r[8][i])
end
