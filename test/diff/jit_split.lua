-- jit: traces>=13, side>=8, aborts<=0
-- more values live at once than there are registers: a value spilled
-- for a later one keeps its register until then (its definition stores it
-- to its spill slot too), the code after and every exit read the slot.
-- Exits before and after that point, in the loop's first round and its
-- body, and side traces that take such values over.
local function ints(n)
  local out = 0
  for i = 1, n do
    local a, b, c, d = i * 3, i + 7, i * i, i - 11
    local e, f, g, h = a + b, c - d, a * 2 + d, b * c
    local p, q, r, s = e + f, g - h, e * 3, f + g
    if i % 5 == 0 then out = out + a end         -- an exit early on
    local t, u, v = p * q, r + s, p - s
    local w, x, y = t + u, u - v, t * 2
    if i % 7 == 0 then out = out - b + c end     -- and later
    out = out + (a + b + c + d) % 1000 + (e + f + g + h) % 997
    out = out + (p + q + r + s) % 991 + (t + u + v) % 983 + (w + x + y) % 977
    if i % 11 == 0 then out = out ~ (e - h) end  -- after everything
  end
  return out
end
print(ints(400))

local function floats(n)
  local out = 0.0
  for i = 1, n do
    local x = i * 0.5
    local a, b, c, d, e = x + 1, x * 2, x - 3, x / 4, x * x
    local f, g, h, j, k = a * b, c + d, e - a, b / (c + 100), d * e
    local l, m, o, p, q = f + g, h - j, k * 0.5, f - k, g * h
    local r, s, t, u = l * m, o + p, q - l, m * o
    if i % 6 == 0 then out = out + a - b end
    out = out + (r + s + t + u) * 1e-6 + (a + b + c + d + e) * 1e-3
    out = out + (f + g + h + j + k) * 1e-4 + (l + m + o + p + q) * 1e-5
    if i % 9 == 0 then out = out - e * 1e-3 end
  end
  return out
end
print(string.format("%.10g", floats(400)))

-- array stores with the array spilled and the value spilled or a 64-bit
-- constant: the store addresses the slot itself (its address has no code
-- of its own), and loading the value must not take the register that
-- holds the array
local function stores(n)
  local t1, t2, t3 = {}, {}, {}
  for i = 1, n + 1 do t1[i], t2[i], t3[i] = 0, 0, 0 end
  local a, b, c, d, e, f, g, h, p, q = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  for i = 1, n do
    a, b, c, d = a + i, b * 3 % 1000003, c + a, d ~ b
    e, f, g, h = e + c, f + d, g - a, h + 7
    p, q = p + e, q - f
    t1[i] = a + b + c
    t2[i] = d - e + f
    t3[i] = g + h + p + q
    t1[i + 1] = 0x10000000001
  end
  local s = 0
  for i = 1, n do s = s + t1[i] % 997 + t2[i] % 991 + t3[i] % 983 end
  return s, a + b + c + d + e + f + g + h + p + q
end
print(stores(300))
