-- userdata.lua — uses the "ring" type that examples/userdata.c defines in C
-- (a fixed-capacity ring buffer of integers). Run by that host program.

local r = ring.new(3)
r:push(10)
r:push(20)
r:push(30)
print("a full ring:", r, "length", #r, "capacity", r:capacity())
print("pushing 40 drops", r:push(40))
print("items by index:", r[1], r[2], r[3], r[4])
print("pop:", r:pop(), "->", r)

-- __add makes a new ring; __eq compares the items
local a, b = ring.new(2), ring.new(5)
a:push(1) a:push(2)
b:push(1) b:push(2)
print("a + b =", a + b)
print("a == b:", a == b, "  a == a + b:", a == a + b)
b:push(3)
print("after b:push(3), a == b:", a == b)

-- Arguments are checked in C with vm_checkudata / vm_checkinteger
print(pcall(function() r:push("many") end))
print(pcall(function() r.push(42, 1) end))  -- a number where a ring belongs
print(pcall(function() ring.new(0) end))
print(pcall(function() return r + 1 end))   -- __add's second operand

-- __close: the ring is emptied when the block ends, even by an error
do
  local tmp <close> = ring.new(4)
  tmp:push(7) tmp:push(8)
  print("in the block:", tmp)
end
print(pcall(function()
  local tmp <close> = ring.new(2)
  tmp:push(1)
  error("oops")
end))

-- __gc: unreachable rings are finalized by a full collection ...
r, a, b = nil, nil, nil
collectgarbage()
print("collected")

-- ... and the ones still alive when the state closes, at vm_close
keep = ring.new(1)
print("keeping", keep)
