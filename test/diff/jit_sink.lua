-- jit: traces>=8, side>=4, aborts<=0
-- values a loop computes only for its exits (sunk: no code in the loop,
-- each exit computes them from their operands, and a side trace computes
-- them again): d1, d2 and e below are read only when the rare branch is
-- taken, which first exits to the interpreter, then runs a side trace
local function queens_like(n, k)
  local s, hits = 0, 0
  for c = 1, n do
    local d1, d2 = c + k, c - k + n -- a chain: (c - k) + n
    local e = d1 - 7                -- a sunk value's operand sunk too
    if c % 13 == 0 then
      hits = hits + 1
      s = s + d1 * 3 + d2 - e
    end
  end
  return s, hits
end
print(queens_like(400, 5))
print(queens_like(400, -1000))

-- the same with integers that wrap around: exits write what the
-- interpreter would (wrapping addition)
local function wrapping(n)
  local s = 0
  for i = 1, n do
    local big = math.maxinteger - 3 + i
    local small = math.mininteger + 2 - i
    if i % 50 == 0 then s = s + big % 1000 + small % 997 end
  end
  return s
end
print(wrapping(300))

-- many values live at once: the operands of sunk values get spilled, and
-- exits read them from their spill slots
local function crowded(n)
  local a, b, c, d, e, f, g, h, p, q = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  local out = 0
  for i = 1, n do
    a, b, c, d = a + i, b + 2 * i, c + 3, d - i
    e, f, g, h = e + a, f + b, g + c, h + d
    p, q = p + e - f, q + g - h
    local x1, x2, x3 = a + b, c - d, e + f + g -- only the exits read these
    if i % 11 == 0 then out = out + x1 - x2 + x3 + p + q end
  end
  return out, a + b + c + d + e + f + g + h + p + q
end
print(crowded(500))

-- a debug hook set inside a hot loop: the trace leaves at its back-edge,
-- and the hook reads every named local of the loop's function, which
-- exits must have written (only dead temporaries may be left unwritten:
-- `scratch` is never read, but it is a local variable, and in scope)
local seen = {}
local function looking()
  local acc, last, scratch = 0, 0, 0
  for i = 1, 300 do
    scratch = i * 5
    local a, b = i * 3, i - 1
    if i % 10 == 0 then acc = acc + a else acc = acc - b end
    last = a + b
    if i == 250 then
      debug.sethook(function()
        local vars = {}
        for k = 1, 50 do
          local name, value = debug.getlocal(2, k)
          if name == nil then break end
          if name:sub(1, 1) ~= "(" then vars[#vars + 1] = name .. "=" .. tostring(value) end
        end
        seen[#seen + 1] = table.concat(vars, " ")
        if #seen == 3 then debug.sethook() end
      end, "", 1)
    end
  end
  return acc, last
end
print(looking())
debug.sethook()
for _, line in ipairs(seen) do print(line) end
