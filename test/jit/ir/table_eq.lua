-- Walking a list to a sentinel: `node ~= stop` compares two tables
-- without metatables, a guard on their metatables and an NE on the
-- pointers (no __eq to run); the sentinel's guard is loop-invariant.
local stop = {v = 0}
local list = stop
for i = 1, 100 do list = {v = i, next = list} end
local n, node = 0, list
while node ~= stop do
  n = n + node.v
  node = node.next
end
print(n)
