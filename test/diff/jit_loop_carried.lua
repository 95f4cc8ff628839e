-- jit: traces>=8, side>=1, aborts<=0
-- Loop-carried values in compiled loops: the new value of a variable may
-- take over the register of the old one (no move at the back-edge) only
-- when nothing after it reads the old value. Each loop below reads the old
-- value in some other way after the new one is computed, or computes the
-- new one from the old as the second operand, and exits in the middle.

local function report(name, ...) print(name, ...) end

-- new from old as the second operand, commutative and not
do
  local x, y, z, w = 1, 3, 0.5, 2.0
  for i = 1, 300 do
    x = i + x
    y = i - y
    z = 1.5 * z % 1e6
    w = 1.0 - w
  end
  report("second operand", x, y, z, w)
end

-- the old value kept in another variable, read after the new one exists
do
  local x, old, acc = 0, 0, 0
  for i = 1, 300 do
    old = x
    x = x + i
    acc = acc + old * 2 - x
  end
  report("old kept", x, old, acc)
end

-- an exit (a guard failing late) after the new value is computed, while
-- the old one is still in a variable the interpreter needs
do
  local x, prev, hits = 1, 0, 0
  for i = 1, 500 do
    prev = x
    x = x * 3 % 1000003
    if i % 97 == 0 then hits = hits + prev - x end
  end
  report("late exit", x, prev, hits)
end

-- values swapped around every iteration (a cycle of moves)
do
  local a, b, c = 1, 2, 3
  for i = 1, 301 do
    a, b, c = b, c, a + i
  end
  report("rotate", a, b, c)
  local f, g = 0.25, 4.5
  for _ = 1, 301 do f, g = g, f end
  report("swap", f, g)
end

-- negation and bitwise not of the old value
do
  local n, m, k = 5, 7, 0
  for i = 1, 300 do
    n = -n
    m = ~m
    k = k ~ i
  end
  report("unary", n, m, k)
end

-- while loops whose condition reads the old value after the update
do
  local x, steps = 27, 0
  while x ~= 1 do
    local was = x
    if x % 2 == 0 then x = x // 2 else x = 3 * x + 1 end
    steps = steps + 1
    if was < x and steps > 1000 then break end
  end
  report("collatz", x, steps)
end
