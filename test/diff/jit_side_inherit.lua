-- jit: traces>=19, side>=16, aborts<=0
-- Side traces take the values their parent's exit left in registers and
-- spill slots (PVAL): many live values (more than the registers, so some
-- are spilled), floats and integers, booleans and constants in the exit's
-- snapshot, and side traces of side traces.
local function run(n)
  local a, b, c, d, e, f, g, h = 1, 2, 3, 4, 5, 6, 7, 8
  local i1, i2, i3, i4 = 9, 10, 11, 12
  local x, y, z = 0.5, 1.25, -2.0
  local flag, k = true, 1000
  local acc = 0
  for i = 1, n do
    a = a + i; b = b ~ a; c = c + b % 7; d = d - c
    e = e + d % 5; f = f ~ e; g = g + f % 3; h = h + g
    i1 = i1 + h % 11; i2 = i2 ~ i1; i3 = i3 + i2 % 13; i4 = i4 - i3
    x = x * 1.0001 + i; y = y - x / 1024; z = z + y * 0.5
    if i % 7 == 0 then
      -- an exit that becomes a side trace reading everything
      acc = acc + a + b + c + d + e + f + g + h + i1 + i2 + i3 + i4 + k
      acc = acc + math.floor(x + y + z)
      flag = not flag
      if i % 3 == 0 then
        -- and a side trace of that side trace
        acc = acc - (flag and 1 or 2) - a % 17
      end
    elseif flag and i % 5 == 0 then
      acc = acc + (a ~ i4) % 1000 + math.floor(z)
    end
  end
  return acc, a, b, c, d, e, f, g, h, i1, i2, i3, i4, x, y, z, flag
end
for _, n in ipairs({10, 100, 1000, 5000}) do
  print(run(n))
end

-- side traces read the slots the loop only reads (a bound, a table) from
-- where the loop keeps them; a local the loop writes through a closure's
-- upvalue, or itself, is not among them
local function invariants(n)
  local t, lim, s, step = {}, 7, 0, 2
  for i = 1, 50 do t[i] = i end
  local function bump() lim = lim + 1 end
  for i = 1, n do
    if i % 3 == 0 then s = s + t[i % 50 + 1] * lim + step else s = s - lim end
    if i % 11 == 0 then bump() end
    if i % 17 == 0 then step = step + 1 end
  end
  return s, lim, step
end
for _ = 1, 3 do print("invariants", invariants(3000)) end
