-- jit: traces>=30, side>=21, aborts<=0
-- Side traces that end at their loop trace's start and go on into its
-- loop body (past the peeled iteration), taking the loop-carried values
-- from the frame and the loop's invariants from where the loop keeps
-- them; and side traces that must not (they change what the loop takes
-- as invariant, or a carried value's type).

-- skip paths: most iterations leave the recorded path and come back
local function skips(n)
  local t = {}
  for i = 1, 64 do t[i] = (i % 3 == 0) end
  local hits, misses, fsum = 0, 0, 0.0
  for i = 1, n do
    local k = i % 64 + 1
    if t[k] then hits = hits + 1 else misses = misses + k end
    fsum = fsum + k * 0.5
  end
  return hits, misses, fsum
end
print("skips", skips(10000))

-- many carried values (some spilled), integer and float
local function many(n)
  local a, b, c, d, e, f, g, h, i1, i2, i3 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
  local x, y = 0.25, 1.5
  for i = 1, n do
    if i % 4 == 0 then
      b = b - 3; y = y + 0.5
    else
      b = b + a; y = y * 0.5 + x
    end
    c = c + b % 7; d = d ~ c; e = e + d % 5; f = f + e; g = g ~ f
    h = h + g % 3; i1 = i1 + h; i2 = i2 ~ i1; i3 = i3 + i2 % 11
  end
  return a, b, c, d, e, f, g, h, i1, i2, i3, x, y
end
print("many", many(5000))

-- the side trace changes a slot the loop reads as invariant (the bound
-- of a comparison): it must start the loop over, not go on in its body
local function invariant(n)
  local limit, count = 10, 0
  for i = 1, n do
    if i % 100 == 0 then limit = limit + 1 end
    if i % 50 < limit then count = count + 1 end
  end
  return limit, count
end
print("invariant", invariant(20000))

-- an upvalue the loop reads, changed by a side trace's call
local up = 3
local function bump() up = up + 1 end
local function upvalues(n)
  local s = 0
  for i = 1, n do
    if i % 97 == 0 then bump() end
    s = s + up
  end
  return s
end
print("upvalues", upvalues(20000))

-- a carried value whose type the side trace changes
local function types(n)
  local v, s = 0, 0
  for i = 1, n do
    if i % 500 == 0 then v = v + 0.5 else v = v + 1 end
    s = s + v
  end
  return v, s
end
print("types", types(20000))

-- a table the loop reads, replaced by a side trace
local function tables(n)
  local t, s = {1, 2, 3, 4}, 0
  for i = 1, n do
    if i % 1000 == 0 then t = {i, i + 1, i + 2, i + 3} end
    s = s + t[i % 4 + 1]
  end
  return s
end
print("tables", tables(20000))

-- a flag the loop reads as invariant, flipped now and then by another
-- path: side traces from the peeled iteration's exits must check it again
local function flags(n)
  local flag, acc = false, 0
  for i = 1, n do
    if i % 7 == 0 then flag = not flag; acc = acc + 1
    elseif flag and i % 5 == 0 then acc = acc + 100
    end
  end
  return flag, acc
end
print("flags", flags(20000))

-- side traces of side traces going on into the loop body (queens' shape:
-- three tests, each failing path skips to the next iteration)
local function tests(n)
  local a, b, c = {}, {}, {}
  for i = 1, 32 do a[i] = i % 2 == 0; b[i] = i % 3 == 0; c[i] = i % 5 == 0 end
  local count, skipped = 0, 0
  for r = 1, n do
    for k = 1, 32 do
      if not a[k] and not b[k] and not c[(k + r) % 32 + 1] then
        count = count + 1
      else
        skipped = skipped + 1
      end
    end
  end
  return count, skipped
end
print("tests", tests(300))

-- side traces that store into table values and upvalues on their way
-- into the loop body: what the loop read from there as invariant is read
-- again (a stale one would sum the old value)
local function stores(n)
  local t, u = {5, 0, 7}, 3
  local function bump() u = u + 1 end
  local s = 0
  for i = 1, n do
    local k = t[1] + t[3] * 2
    if i % 4 == 0 then t[1] = t[1] + 1 elseif i % 7 == 0 then t[3] = i; u = u + 2 end
    s = s + k + u
  end
  bump()
  return s, t[1], t[3], u
end
for round = 1, 5 do print("stores", stores(3000 + round)) end
