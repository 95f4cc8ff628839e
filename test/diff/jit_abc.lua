-- jit: traces>=102, side>=71, aborts<=24
-- Array bounds checks hoisted out of numeric for loops (jit.c abcguards):
-- the loop's first and last index are checked once where the body starts,
-- and the body's own checks of t[i + k] go. Every loop here also runs
-- where the hoisted check fails (the range leaves the array part), where
-- the array part changes size between runs, and with side traces going
-- on into the body; a read past the array part's end would print garbage.

-- t[i + K] for a literal K (a variable offset is not hoisted)
local sums = {}
for _, k in ipairs({0, 1, -1, -2, 100}) do
  sums[k] = load(([[
    return function(t, from, to, step)
      local s = 0
      for i = from, to, step do
        local v = t[i + K]
        if v then s = s + v else s = s - 1 end
      end
      return s
    end]]):gsub("K", "(" .. k .. ")"))()
end
local function sum(t, from, to, step, k) return sums[k](t, from, to, step) end

local function filled(n)
  local t = {}
  for i = 1, n do t[i] = i * 3 end
  return t
end

local big, small = filled(200), filled(20)
for round = 1, 30 do
  -- in range, and then past the end of the array part (nil reads)
  io.write(sum(big, 1, 200, 1, 0), " ", sum(big, 1, 199, 1, 1), " ",
           sum(big, 2, 200, 1, -1), " ", sum(big, 200, 1, -1, 0), " ",
           sum(big, 1, 200, 7, 0), " ", sum(big, 200, 3, -3, -2), " ")
  io.write(sum(small, 1, 200, 1, 0), " ", sum(small, 1, 40, 1, 1), " ",
           sum(small, 40, 1, -1, 0), " ", sum(big, 0, 205, 1, 0), " ",
           sum(big, 1, 200, 1, 100), "\n")
end

-- the same loop over tables whose array part shrinks and grows between runs
local function scan(t, n)
  local c = 0
  for i = 1, n do
    if t[i] == nil then c = c + 1000 else c = c + t[i] end
  end
  return c
end
for round = 1, 40 do
  local t = filled(round % 2 == 0 and 64 or 8)
  io.write(scan(t, 64), " ")
end
print()

-- the loop writes the table: appends grow the array part in the loop, so
-- its size is not invariant there
local function grow(n)
  local t = {1}
  for i = 1, n do
    t[i + 1] = t[i] + i
  end
  return #t, t[#t]
end
for round = 1, 20 do io.write(grow(round * 13), " ") end
print()

-- a store to an existing key: the size stays, the check goes
local function double(t, n)
  for i = 1, n do t[i] = t[i] * 2 end
  return t[1] + t[n]
end
for round = 1, 20 do
  local t = filled(50)
  io.write(double(t, 50), " ", double(filled(30), 30), " ")
end
print()

-- side traces from the loop body going on into it (the branch changes
-- with the data), and exits in the peeled iteration
local function branchy(t, n)
  local a, b = 0, 0
  for i = 1, n do
    if t[i] % 3 == 0 then a = a + t[i] else b = b + t[i + 1] end
  end
  return a, b
end
local t2 = filled(300)
for round = 1, 30 do
  io.write(branchy(t2, 299 - round), " ", branchy(small, 19), " ")
end
print()

-- the loop variable assigned in the body; large and huge offsets
local function shifted(t, n)
  local s = 0
  for i = 1, n do
    i = i + 3
    s = s + (t[i] or -1)
  end
  return s
end
local function far(t, n)
  local s = 0
  for i = 1, n do s = s + (t[i + (1 << 40)] or 1) + (t[i + math.mininteger + 3] or 2) end
  return s
end
for round = 1, 20 do
  io.write(shifted(big, 197 + round % 5), " ", far(big, 50), " ")
end
print()

-- extreme ranges: the index near the integer limits (wrapping sums)
local function edges(t)
  local s = 0
  for i = math.maxinteger - 5, math.maxinteger do s = s + (t[i - math.maxinteger + 10] or 0) end
  for i = math.mininteger, math.mininteger + 5 do s = s + (t[i] or 1) end
  for i = math.mininteger, math.maxinteger - 1, math.maxinteger do s = s + (t[i + 3] or 5) end
  return s
end
for round = 1, 20 do io.write(edges(big), " ") end
print()

-- exits in the peeled iteration (the first element's parity) whose side
-- traces go on into the loop body: the range is checked again there. The
-- arrays are of one size, so a read past one's end would find the next's
-- numbers where lua5.4 sees nil.
local function parity(t, n)
  local e, o = 0, 0
  for i = 1, n do
    if (t[i] or 1) % 2 == 0 then e = e + (t[i] or 0) else o = o + 1 end
  end
  return e, o
end
local blocks = {}
for b = 1, 64 do
  local t = {}
  for i = 1, 32 do t[i] = 2 * i + b * 1000 end
  blocks[b] = t
end
local evens, odds = filled(200), filled(200)
for i = 1, 200 do evens[i], odds[i] = 2 * i, 2 * i end
odds[1] = 1
for round = 1, 30 do io.write(parity(evens, 200), " ", parity(odds, 200), " ") end
print()
for round = 1, 64 do
  local t = blocks[round]
  t[1] = 3
  io.write(parity(t, 64), " ")
end
print()

-- offsets from outside the loop (row + c, row - c + n, k - i): hoisted
-- when they stay in the body, with a guard that they are below 2^31 in
-- size; the rows vary between entries, some ranges leave the array
local function diag(t, row, n)
  local s = 0
  for c = 1, n do
    local a, b = t[row + c], t[row - c + n]
    s = s + (a or -1) * 3 + (b or -7)
  end
  return s
end
local function down(t, k, from, to)
  local s = 0
  for i = from, to do s = s + (t[k - i] or 1000) end
  return s
end
for round = 1, 40 do
  local row = round % 9 * 20 - 30
  io.write(diag(big, row, 16), " ", diag(small, row, 16), " ",
           down(big, round * 5, 1, 20), " ", down(small, 30, round % 7, 25), " ")
end
print()

-- an offset that changes in the body (a local, and an upvalue a called
-- function writes): the body checks every index itself
local function drift(t, n)
  local off, s = 0, 0
  for i = 1, n do
    s = s + (t[i + off] or 500)
    if i % 8 == 0 then off = off + 37 end
  end
  return s
end
local function stride(t, n)
  local off, s = 0, 0
  for i = 1, n do
    s = s + (t[i + off] or 500)
    off = off + 3
  end
  return s
end
local shift = 0
local function bump() shift = shift + 41 end
local function creep(t, n)
  local s = 0
  for i = 1, n do
    s = s + (t[i + shift] or 700)
    shift = shift + 2
  end
  return s
end
local function drift_up(t, n)
  local s = 0
  for i = 1, n do
    s = s + (t[i + shift] or 900)
    if i % 6 == 0 then bump() end
  end
  return s
end
for round = 1, 30 do
  shift = round % 3
  io.write(drift(big, 60), " ", drift(small, 30), " ", drift_up(big, 40), " ",
           stride(big, 90), " ", stride(small, 12), " ")
  shift = round % 5
  io.write(creep(big, 80), " ", creep(small, 9), " ")
end
print()

-- offsets too big for the hoisted check (|r| >= 2^31) and loops near the
-- ends of the integers: not hoisted, or the guard fails, same results
local far = 1 << 40
local function offset(t, from, to, r)
  local s = 0
  for i = from, to do s = s + (t[i + r] or 2) end
  return s
end
for round = 1, 30 do
  io.write(offset(big, -far + 1, -far + 50, far), " ",
           offset(big, math.maxinteger - 40, math.maxinteger - 1, math.mininteger + 3 + round), " ",
           offset(big, math.mininteger, math.mininteger + 30, math.maxinteger), " ",
           offset(big, 1, 60, round * 3), "\n")
end

-- recorded with small offsets, then run over every integer with an offset
-- that makes both ends of the range pass while the indexes between wrap
-- around past the array: the guard on the offset's size stops that
local function until_nil(t, from, to, r)
  local s, n = 0, 0
  for i = from, to do
    local v = t[i + r]
    if v == nil then break end
    s, n = s + v, n + 1
  end
  return s, n
end
local full = filled(256) -- (no nil in its array part: the read past its end)
for round = 1, 30 do io.write(until_nil(big, 1, 150, round), " ", until_nil(full, 1, 150, round), " ") end
print()
print(until_nil(full, math.mininteger, math.maxinteger, math.mininteger + 2))
print(until_nil(small, math.mininteger, math.maxinteger, math.mininteger + 2))
