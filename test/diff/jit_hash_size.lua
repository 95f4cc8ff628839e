-- jit: traces>=8, side>=3, aborts<=0
-- constant keys of tables whose hash parts differ in size: one guard per
-- table that the hash part is still as big as when the trace was
-- recorded (the key's node must be inside it), then each key's node
local big = {}
for i = 1, 64 do big["k" .. i] = i end
big.x, big.y = 5, 6
local small = {x = 7, y = 8}
local s = 0
for i = 1, 1000 do
  local t = (i % 100 < 50) and big or small
  s = s + t.x * t.y
end
print(s)

-- the table grows while the loop reads and writes its fields: inserting
-- keys may move every node (the trace loads the node array again after
-- each insertion)
local grow = {a = 1, b = 2}
local total = 0
for i = 1, 400 do
  grow.a = grow.a + grow.b
  if i % 40 == 0 then grow["n" .. i] = i end
  total = total + grow.a % 1000 + grow.b
end
print(total, grow.a)

-- and shrinks: a rehash after keys are removed may make it smaller
local shrink = {}
for i = 1, 200 do shrink["s" .. i] = i end
shrink.v = 1
local acc = 0
for i = 1, 400 do
  acc = acc + shrink.v
  if i == 100 then
    for j = 1, 200 do shrink["s" .. j] = nil end
    for j = 1, 20 do shrink["t" .. j] = j end -- inserting rehashes
  end
  shrink.v = shrink.v + 1
end
print(acc, shrink.v)
