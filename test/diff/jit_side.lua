-- jit: traces>=25, side>=16, aborts<=4
-- Side traces (a hot exit records from where it leaves and links back to
-- a loop's trace) and traces that end at another loop's trace (an outer
-- loop reaching its inner loop). Identical output under lua5.4 and tide
-- with the JIT off, on and forced.

local N = 3000

-- an inner loop: its trace, the outer loop's linking to it, the exit at
-- its end going on into the outer body
local s = 0
for i = 1, N do
  for j = 1, i % 7 do s = s + j end
  s = s + 1
end
print("nested", s)

-- inner loops over arrays, a float accumulator and a branch after them
local t = {}
for i = 1, 50 do t[i] = i end
local u = 0
for k = 1, 400 do
  for i = 1, #t do u = u + t[i] end
  if k % 3 == 0 then u = u - 1 else u = u + 0.5 end
end
print("inner over array", u)

-- branches taken both ways: each way gets its own trace
local c = 0
local hist = {}
for i = 1, 60 do hist[i] = 0 end
for i = 1, 60 do
  if i % 2 == 0 then c = c + 1 else c = c + 2 end
  if i % 3 == 0 then c = c * 2 % 1000 end
  hist[i] = c
end
print("branches", c, table.concat(hist, " "))

-- a value written in the loop that the loop never reads again: the exits
-- must still restore it
local last, acc = 0, 0
for i = 1, N do
  last = i * 3 + 1
  if i % 5 == 0 then acc = acc + 1 end
end
print("written, not read", last, acc)

-- the inner loop's trace and the outer one's, with an empty inner loop
-- now and then, and a triangle
local tri = 0
for i = 0, 200 do
  for j = 1, i do tri = tri + (j & 3) end
end
print("triangle", tri)

-- loops skipped entirely, counted down, and with variable bounds
local z = 0
for i = 1, N do
  for j = 5, i % 4 do z = z + j end
  for j = i % 3, 2 do z = z - j end
end
print("skipped and partial", z)

-- type changes seen by side traces: integer to float and back
local f = 0
for i = 1, N do
  if i % 100 == 0 then f = f + 0.25 else f = f + 1 end
  if i % 1000 == 0 then f = math.floor(f) end
end
print("types", f, math.type(f))

-- two rows filled in one loop with an integer % (a call in the trace)
-- each: the call's result register must not be restored over
local n = 5
local ma, mb = {}, {}
for i = 1, n do
  ma[i], mb[i] = {}, {}
  for j = 1, n do ma[i][j] = (i * 7 + j * 3) % 11 - 5; mb[i][j] = (i * 5 + j) % 13 - 6 end
end
for i = 1, n do print(table.concat(ma[i], " "), table.concat(mb[i], " ")) end

-- the outer loop ends right after the inner one: the last exit resumes at
-- the instruction after the inner loop's back-edge, where the interpreter
-- was when the traces started
local cm = {}
for i = 1, n do cm[i] = {} for j = 1, n do cm[i][j] = i * 10 + j + 0.5 end end
for rep = 1, 30 do
  local sum = 0
  for i = 1, n do for j = 1, n do sum = sum + cm[i][j] * (i + j) end end
  if rep % 10 == 0 then print("sum", sum) end
end

-- a `while` inside a `while`: the inner loop's exit is compiled as a jump
-- back to the outer loop's condition, so that jump is a back-edge too; a
-- trace starting after it reaches the inner condition again, which then
-- falls through into the inner loop's body: not a loop (it was closed as
-- one, and skipped the inner bodies). The inner body calls a vararg
-- function, so it has no trace of its own.
local budget = 1000
local visits = 0
local function visit(...) visits = visits + select("#", ...) end
local function nested()
  local i = 0
  while i < 40 do
    i = i + 1
    budget = budget - 1
    local j = 0
    while j < 3 do
      j = j + 1
      budget = budget - 1
      visit(i, j)
    end
  end
end
nested()
print("while in while", budget, visits)
